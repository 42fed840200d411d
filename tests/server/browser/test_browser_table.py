"""The card table as players meet it, in a real browser (the fixtures of conftest.py beside
it, the helpers of tests/helpers/browser.py):

- three pages play a Sochi deal: each finished trick stays on the table with its winner marked until the next
  lead, and "last trick" shows a trick of this deal (never the previous deal's);
- a claim refused (the play goes on) and a claim accepted (the deal ends as claimed);
- a four-player Leningrad, a Balkan and an Illustrated table each play a deal against bots, at 1280 px and at
  a phone's 390 px, with no sideways scroll;
- axe-core (as the axe-playwright-python package ships it) finds no serious or critical problem on the lobby,
  the table and the replay.

Screenshots are kept as artefacts in ``$PREFERANS_ARTIFACTS`` (default ``build/screenshots``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page  # noqa: E402

from helpers.browser import STEP_MS, click_once, mine, play_deal, post, sit, table_state  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARTIFACTS = Path(os.environ.get("PREFERANS_ARTIFACTS", "build/screenshots"))
PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}
RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def no_side_scroll(page: Page) -> bool:
    fits: bool = page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    return fits


def new_pages(browser: Browser, n: int, viewport: dict[str, int], pause: float = 30) -> list[Page]:
    """``n`` pages, each a browser of its own (its own stored tokens), whose finished tricks stay ``pause``
    seconds (the page's own setting, kept in the browser)."""
    pages = []
    for _ in range(n):
        context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
        context.add_init_script(f"localStorage.setItem('pref-trick-pause', '{pause}')")
        pages.append(context.new_page())
    return pages


def trick_winner(cards: list[tuple[int, str]], trump: str | None) -> int:
    """The hand that takes a trick (the first card led): the highest trump, else the highest of the suit led."""
    def rank(card: str) -> int:
        return RANKS.index(card[:-1])
    trumps = [(h, c) for h, c in cards if trump is not None and c[-1] == trump]
    led = cards[0][1][-1]
    pool = trumps or [(h, c) for h, c in cards if c[-1] == led]
    return max(pool, key=lambda hc: rank(hc[1]))[0]


def trump_of(contract: str | None) -> str | None:
    # a suit game names its trump by its last letter (6S: spades); no trumps and misère have none
    if contract is None or contract.endswith("NT") or not contract[:-1].isdigit():
        return None
    return contract[-1]


def test_a_finished_trick_stays_with_its_winner_and_last_trick_is_of_this_deal(browser: Browser, base: str) -> None:
    made = post(f"{base}/api/tables", {"variant": "sochi", "seed": 7, "names": ["Anna", "Boris", "Vera"]})
    pages = new_pages(browser, 3, WIDE)
    for seat, page in enumerate(pages):
        sit(page, base + made["invite"], seat)
    seen: list[dict[str, Any]] = []

    def watch(page: Page) -> bool:
        state = table_state(page)["state"]
        if state["phase"] == "auction" and not state["calls"]:
            page.click("#actions button.act[data-action='6S']")  # a game is played, not a raspasovka
            page.wait_for_function("document.querySelector('#status').dataset.n !== '0'", timeout=STEP_MS)
            return True
        done = state["tricks"]
        if state["phase"] == "play" and done and not state["trick"] and len(seen) < len(done):
            trick = done[-1]
            for p in pages:  # every page still shows the three cards, the winner marked, before the next lead
                p.wait_for_function(f"document.querySelectorAll('#trick .card').length === {len(trick['cards'])}",
                                    timeout=STEP_MS)
                shown = p.eval_on_selector_all("#trick .card", "cs => cs.map(c => c.dataset.card)")
                assert sorted(shown) == sorted(c for _, c in trick["cards"])
                winner = p.eval_on_selector_all("#trick .winner .card, #trick .card.winner",
                                                "cs => cs.map(c => c.dataset.card)")
                assert winner == [c for h, c in trick["cards"] if h == trick["winner"]]
            if not seen:
                shot(page, "sochi-trick-kept")
            page.click("#last-trick-button")  # the last trick: the one just taken, of this deal
            shown = page.eval_on_selector_all("#last-trick .card", "cs => cs.map(c => c.dataset.card)")
            assert shown == [c for _, c in trick["cards"]]
            page.click("#last-trick-button")
            seen.append(trick)
        return False

    play_deal(pages, watch)
    assert len(seen) >= 1
    # the next deal has no trick yet: "last trick" has nothing of this deal to show (the previous deal's
    # last trick is not offered)
    state = table_state(pages[0])["state"]
    if state["phase"] == "auction":
        assert not state["tricks"] and pages[0].is_disabled("#last-trick-button")
    for page in pages:
        page.close()


def test_a_claim_refused_plays_on_and_a_claim_accepted_ends_the_deal(browser: Browser, base: str) -> None:
    made = post(f"{base}/api/tables", {"variant": "sochi", "seed": 7, "names": ["Anna", "Boris", "Vera"]})
    pages = new_pages(browser, 3, WIDE, pause=0)
    for seat, page in enumerate(pages):
        sit(page, base + made["invite"], seat)
    claims: list[str] = []

    def answer_all(claimer: Page, accept: bool) -> None:
        for p in pages:
            if p is not claimer:
                p.wait_for_selector("#claim-accept", timeout=STEP_MS)
        shot(claimer, "claim-asked")
        for p in pages:
            if p is not claimer:
                p.click("#claim-accept" if accept else "#claim-refuse")
                if not accept:
                    break  # one refusal ends it

    def claim(page: Page) -> bool:
        state = table_state(page)["state"]
        seat = table_state(page)["seat"]
        if state["phase"] == "auction" and not state["calls"]:
            page.click("#actions button.act[data-action='6S']")
            page.wait_for_function("document.querySelector('#status').dataset.n !== '0'", timeout=STEP_MS)
            return True
        if state["phase"] != "play" or state["trick"] or state["to_play"] != seat:
            return False
        left = len(state["hands"][str(seat)])
        if not claims and left <= 8:  # claim the rest; another seat refuses it
            page.wait_for_selector("#claim-bar:not([hidden])", timeout=STEP_MS)
            page.select_option("#claim-tricks", "")
            page.click("#claim-button")
            answer_all(page, accept=False)
            page.wait_for_function("document.querySelector('#claim').textContent.includes('refused')",
                                   timeout=STEP_MS)
            claims.append("refused")
            return False  # the claimer plays on: a card is clicked now
        if claims == ["refused"] and left == 1:
            # the last trick: every card is forced, so the claim that holds is worked out from the three hands
            cards = [(s, table_state(p)["state"]["hands"][str(s)][0]) for p in pages
                     for s in [table_state(p)["seat"]] if str(s) in table_state(p)["state"]["hands"]]
            cards.sort(key=lambda hc: hc[0] != seat)  # the claimer leads
            tricks = 1 if trick_winner(cards, trump_of(state["contract"])) == seat else 0
            page.select_option("#claim-tricks", str(tricks))
            page.click("#claim-button")
            answer_all(page, accept=True)
            for p in pages:  # the deal ended as claimed: the next deal (or the match's end) is shown
                p.wait_for_function("document.querySelector('#status').dataset.deal !== '0'", timeout=STEP_MS)
            result = table_state(pages[0])["state"]["last_result"]
            won_before = state["tricks_won"][str(seat)]
            assert result["tricks"][seat] == won_before + tricks
            claims.append("accepted")
            return True
        return False

    play_deal(pages, claim)
    assert claims == ["refused", "accepted"]
    for page in pages:
        page.close()


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("variant,rules", [("leningrad", {"players": 4}), ("balkan", {}), ("illustrated", {})],
                         ids=["leningrad-4", "balkan", "illustrated"])
def test_a_table_against_bots_plays_a_deal_at_each_width(browser: Browser, base: str, variant: str,
                                                          rules: dict[str, Any], viewport: dict[str, int]) -> None:
    players = rules.get("players", 3)
    made = post(f"{base}/api/tables", {"variant": variant, "seed": 3, "rules": rules,
                                       "bots": [None] + ["heuristic"] * (players - 1), "settings": {"bot_delay": 0}})
    page = new_pages(browser, 1, viewport, pause=0)[0]
    sit(page, base + made["invite"], 0)
    assert no_side_scroll(page)
    shot(page, f"{variant}-{viewport['width']}-start")
    for _ in range(200):
        if page.get_attribute("#status", "data-deal") != "0":
            break
        if mine([page]) is None:
            page.wait_for_timeout(50)
            continue
        click_once(page)
        assert no_side_scroll(page), f"{variant} at {viewport['width']} px scrolls sideways"
    assert page.get_attribute("#status", "data-deal") != "0", "the deal did not end"
    page.wait_for_selector("#result-banner:not([hidden])", timeout=STEP_MS)  # the result in words
    shot(page, f"{variant}-{viewport['width']}-result")
    assert no_side_scroll(page)
    page.close()


def axe_problems(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations of WCAG 2 A and AA on the page as it is now."""
    axe = pytest.importorskip("axe_playwright_python")
    page.add_script_tag(path=str(Path(axe.__file__).with_name("axe.min.js")))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))}))")
    return [v for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280", "390"])
def test_axe_finds_no_serious_problem_on_the_lobby_the_table_and_the_replay(browser: Browser, base: str,
                                                                            viewport: dict[str, int]) -> None:
    page = new_pages(browser, 1, viewport)[0]
    page.goto(base + "/")
    page.wait_for_selector("#seat-setup .row")
    assert axe_problems(page) == []
    made = post(f"{base}/api/tables", {"variant": "sochi", "seed": 7, "bots": [None, "heuristic", "heuristic"],
                                       "settings": {"bot_delay": 0}})
    sit(page, base + made["invite"], 0)
    page.wait_for_selector("#status[data-mine='1']")
    assert axe_problems(page) == []  # the auction: the bidding box
    shot(page, f"axe-table-{viewport['width']}")
    for _ in range(60):  # on to the play (the first card of the deal)
        if table_state(page)["state"]["phase"] == "play":
            break
        if mine([page]) is not None:
            click_once(page)
        else:
            page.wait_for_timeout(50)
    assert axe_problems(page) == []
    page.goto(f"{base}/t/{made['id']}/replay?deal=0")
    page.wait_for_selector("#replay-step[data-step='0']")
    assert axe_problems(page) == []
    page.close()
