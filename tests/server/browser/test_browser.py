"""The page in a real browser: Playwright driving the distribution's Chromium (found on the PATH; Playwright
cannot download browsers here). Three pages join one Sochi table and play a whole deal by clicking; the
sheet updates; a page whose socket is closed mid-trick reconnects and goes on; a Balkan table (made through
the lobby form) and an Illustrated table are each played for one deal against bots."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page  # noqa: E402

from helpers.browser import STEP_MS, play_deal, post, sit, table_state  # noqa: E402
from helpers.live_server import running  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_three_pages_play_a_sochi_deal_by_clicking_and_one_reconnects(browser: Browser, base: str) -> None:
    made = post(f"{base}/api/tables", {"variant": "sochi", "seed": 7, "names": ["Anna", "Boris", "Vera"]})
    url = base + made["invite"]
    pages = [browser.new_page(viewport={"width": 390, "height": 844}) for _ in range(3)]  # a phone's width
    for seat, page in enumerate(pages):
        sit(page, url, seat)
    assert pages[0].locator("#hand button.card, #hand span.card").count() == 10
    dropped: list[int] = []

    def bid_then_drop_mid_trick(page: Page) -> bool:
        state = table_state(page)["state"]
        if state["phase"] == "auction" and not state["calls"]:
            # the first hand bids six spades and the others pass: a contract with its talon, two cards
            # discarded by clicking, the contract named, a whist, then play
            before = page.get_attribute("#status", "data-n")
            page.click("#actions button.act[data-action='6S']")
            page.wait_for_function(f"document.querySelector('#status').dataset.n !== '{before}'", timeout=STEP_MS)
            return True
        if state["phase"] == "discard":
            phases.add("discard")
        if not dropped and state["phase"] == "play" and len(state["trick"]) == 1:
            other = next(p for p in pages if p is not page)
            other.evaluate("() => window.prefTable.ws.close()")
            dropped.append(1)
            # it reconnects by itself with its newest token and gets a snapshot
            other.wait_for_function("window.prefTable.ws.readyState === 1 && "
                                    "document.querySelector('#error').textContent === ''", timeout=STEP_MS)
        return False

    phases: set[str] = set()
    play_deal(pages, bid_then_drop_mid_trick)
    assert dropped, "no trick was seen with one card on the table"
    assert phases == {"discard"}  # the declarer discarded by clicking his cards
    for page in pages:
        page.wait_for_selector("#sheet img[alt='score sheet']")
        assert page.get_attribute("#sheet", "data-deals") == "1"  # the sheet of the first deal scored
        assert "Deal 1" in (page.text_content("#result") or "")
    for page in pages:
        page.close()


def test_a_balkan_table_made_in_the_lobby_plays_a_deal_against_bots(browser: Browser, base: str) -> None:
    page = browser.new_page()
    page.goto(base + "/")
    page.select_option("#variant", "balkan")
    page.wait_for_selector("#rules-fields [data-rule='max_deals']", state="attached")
    page.fill("#bot-delay", "0")
    page.click("#rules-summary")  # the rules, as fields holding the preset's values
    page.fill("[data-rule='refe.factor']", "0")  # below its minimum: said at the field, nothing sent
    page.click("#create button[type=submit]")
    assert page.inner_text("#lobby-error")
    assert page.evaluate("document.querySelector(\"[data-rule='refe.factor']\").validity.valid") is False
    assert page.url == base + "/"
    page.click("#rules-reset")
    page.fill("[data-rule='max_deals']", "40")  # a good override: the match ends after 40 deals
    assert page.evaluate("window.prefRules.changed()") == {"max_deals": 40}
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/*")  # the creator is seated at once (seat 1, a person's)
    page.wait_for_selector("#status[data-phase]")
    table_id = page.url.rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{base}/api/tables/{table_id}") as r:  # noqa: S310
        assert json.loads(r.read())["seats"][0]["held"]
    play_deal([page])
    assert "Deal 1" in (page.text_content("#result") or "")
    page.wait_for_selector("#sheet table, #sheet img")
    page.close()


def test_an_illustrated_table_plays_a_deal_against_bots(browser: Browser, base: str) -> None:
    made = post(f"{base}/api/tables", {"variant": "illustrated", "seed": 3, "bots": [None, "heuristic", "heuristic"],
                                       "settings": {"bot_delay": 0}})
    page = browser.new_page()
    sit(page, base + made["invite"], 0)
    page.wait_for_selector("#status[data-mine='1']", timeout=STEP_MS)
    before = page.get_attribute("#status", "data-n")
    page.keyboard.press("1")  # the keyboard: the first action (or the first playable card)
    page.wait_for_function(f"document.querySelector('#status').dataset.n !== '{before}'", timeout=STEP_MS)
    play_deal([page])
    assert "Deal 1" in (page.text_content("#result") or "")
    page.close()


def test_the_hint_button_and_key_suggest_a_legal_move_and_outline_it(browser: Browser, tmp_path: Path) -> None:
    # the hard bot at the tests' small budget (tests/server/test_server_hints.py): four layouts, no node cap
    with running(tmp_path / "h.sqlite3", hint_options="samples=4:nodes=100000000:min_samples=1") as url:
        made = post(f"{url}/api/tables", {"variant": "sochi", "seed": 7, "bots": [None, "heuristic", "heuristic"],
                                          "settings": {"bot_delay": 0}})
        page = browser.new_page()
        sit(page, url + made["invite"], 0)
        seen: set[str] = set()

        def hint_then_play(page: Page) -> bool:
            state = table_state(page)
            phase = state["state"]["phase"]
            if phase in seen or (phase == "play" and len(state["state"]["legal"]) < 2):
                return False  # in the play, a choice of cards: the hint is then worked out with its figures
            seen.add(phase)
            # the button at a call, the key h in the play
            if phase == "play":
                page.keyboard.press("h")
            else:
                page.click("#hint-button")
            page.wait_for_selector("#hint .hint-move", timeout=STEP_MS)
            assert page.get_attribute("#hint", "data-n") == str(state["n"])
            moves = page.eval_on_selector_all("#hint .hint-move", "ns => ns.map((n) => n.dataset.action)")
            assert moves and set(moves) <= set(state["state"]["legal"])
            best = page.locator(".hinted")  # the best move outlined where it is played
            assert best.count() == 1
            assert moves[0] in (best.get_attribute("data-card"), best.get_attribute("data-action"))
            if phase == "play":  # the tricks expected, as a number
                value = page.text_content("#hint .hint-move .hint-value") or ""
                assert float(value.replace(",", ".")) >= 0
            if phase == "auction":  # the settlement expected, signed, in the variant's unit
                assert "in whists" in (page.text_content("#hint .hint-title") or "")
                value = page.text_content("#hint .hint-move .hint-value") or ""
                assert value == "0.0" or value[0] in "+-\u2212"
            before = page.get_attribute("#status", "data-n")
            best.click()  # play the hint; the table moves on and the hint is gone
            page.wait_for_function(f"document.querySelector('#status').dataset.n !== '{before}'", timeout=STEP_MS)
            assert page.locator("#hint .hint-move").count() == 0 and page.locator(".hinted").count() == 0
            return True

        play_deal([page], hint_then_play)
        assert "play" in seen and len(seen) >= 2
        # in Russian: the button and the keys' line from core/locale/ru/LC_MESSAGES/preferans-page.po
        page.select_option("#lang", "ru")
        page.wait_for_function("document.querySelector('#hint-button').textContent === 'Подсказка'",
                               timeout=STEP_MS)
        assert page.text_content("#hint-keys") == "h — подсказка."
        page.close()
