"""The page in the players' language, in a real browser (the fixtures of conftest.py beside it, the helpers of
tests/helpers/browser.py): a Sochi table switched to Russian from the page's menu, a Serbian table made in
Serbian and switched to its Cyrillic script, and a lobby switched to Serbian whose table is made in Serbian;
every switch without a reload (a marker set on the window survives it, and the page was navigated to once).

The expected labels are the catalogues' hand-written translations, copied here from the .po files (not the
output of the code under test): variants/russian/locale/ru (pass пас, misere мизер), core/locale/ru (the
suits ♠ ♣ ♦ ♥, no trumps БК, the court cards В Д К Т), variants/balkan/locale/sr and sr@cyrillic (pass
dalje / даље, igra / игра) and core/locale/<lang>/LC_MESSAGES/preferans-page.po (the page's own words).
"""

from __future__ import annotations

import json
import urllib.request

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page  # noqa: E402

from helpers.browser import STEP_MS, buttons, post, sit, wait_label  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RU_SUITS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "NT": "БК"}
SOCHI_FIRST_CALLS = (["pass"] + [f"{level}{suit}" for level in (6, 7, 8) for suit in RU_SUITS] + ["misere"]
                     + [f"{level}{suit}" for level in (9, 10) for suit in RU_SUITS])
"""The first hand's calls in Sochi, in the order of its auction: pass, six spades up to eight no trumps,
misere (between the eights and the nines), nine spades up to ten no trumps; the suits spades, clubs,
diamonds, hearts, no trumps from lowest to highest."""
SOCHI_RU = (["пас"] + [f"{level}{RU_SUITS[suit]}" for level in (6, 7, 8) for suit in RU_SUITS] + ["мизер"]
            + [f"{level}{RU_SUITS[suit]}" for level in (9, 10) for suit in RU_SUITS])
RU_RANKS = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
RU_SUIT_NAMES = {"S": "пик", "C": "треф", "D": "бубен", "H": "червей"}


def mark(page: Page) -> None:
    page.evaluate("() => { window.prefMarker = 'the same page'; }")


def not_reloaded(page: Page) -> bool:
    kept: bool = page.evaluate("() => window.prefMarker === 'the same page' && "
                               "performance.getEntriesByType('navigation').length === 1")
    return kept


def test_a_sochi_table_switches_to_russian_without_a_reload(browser: Browser, base: str) -> None:
    # first dealer seat 2: seat 0 is the first hand and speaks first, with every opening call open to it
    made = post(f"{base}/api/tables", {"variant": "sochi", "seed": 5, "first_dealer": 2})
    page = browser.new_page()
    sit(page, base + made["invite"], 0)
    page.wait_for_selector("#status[data-mine='1']", timeout=STEP_MS)
    assert buttons(page) == [(a, a) for a in SOCHI_FIRST_CALLS]  # English, the default: the keys as they are
    assert page.inner_text("#status .turn") == "your turn"
    mark(page)
    page.select_option("#lang", "ru")
    wait_label(page, "pass", "пас")
    assert buttons(page) == list(zip(SOCHI_FIRST_CALLS, SOCHI_RU, strict=True))  # the actions sent stay English
    assert not_reloaded(page)
    assert page.inner_text("#status .turn") == "ваш ход"
    assert page.inner_text("#auction-box summary") == "Торговля и контракт"
    assert page.evaluate("() => document.documentElement.lang") == "ru"
    assert page.evaluate("() => localStorage.getItem('pref-lang')") == "ru"  # the choice is kept
    for card in page.query_selector_all("#hand .card"):  # the court cards as Russian players write them
        name = card.get_attribute("data-card") or ""
        rank = name[:-1]
        assert card.inner_text().splitlines()[0] == RU_RANKS.get(rank, rank)
        # as a screen reader says it: preferans-page.po's "{rank} of spades" -> "{rank} пик", ...
        assert card.get_attribute("aria-label") == f"{RU_RANKS.get(rank, rank)} {RU_SUIT_NAMES[name[-1]]}"
    # the button labelled пас sends the key "pass"
    page.click("#actions button.act[data-action='pass']")
    page.wait_for_function("window.prefTable.state.calls.length === 1", timeout=STEP_MS)
    assert page.evaluate("() => window.prefTable.state.calls") == [[0, "pass"]]
    assert "Anna пас" in page.inner_text("#auction")
    page.close()


def test_a_serbian_table_in_serbian_then_in_cyrillic(browser: Browser, base: str) -> None:
    made = post(f"{base}/api/tables", {"variant": "serbian", "seed": 5, "first_dealer": 2,
                                       "settings": {"lang": "sr"}})
    page = browser.new_page()  # a new browser context: no language chosen, so the page speaks the table's
    sit(page, base + made["invite"], 0)
    page.wait_for_selector("#status[data-mine='1']", timeout=STEP_MS)
    wait_label(page, "pass", "dalje")
    # the first hand may pass, bid two, or call igra (a game without the talon)
    assert buttons(page) == [("pass", "dalje"), ("2", "2"), ("igra", "igra")]
    assert page.inner_text("#status .turn") == "ti si na potezu"
    assert page.evaluate("() => localStorage.getItem('pref-lang')") is None  # followed, not chosen
    mark(page)
    page.select_option("#lang", "sr-Cyrl")
    wait_label(page, "pass", "даље")
    assert buttons(page) == [("pass", "даље"), ("2", "2"), ("igra", "игра")]
    assert page.inner_text("#status .turn") == "ти си на потезу"
    assert not_reloaded(page)
    page.close()


def test_the_lobby_speaks_serbian_and_makes_a_serbian_table(browser: Browser, base: str) -> None:
    page = browser.new_page()
    page.goto(base + "/")
    page.wait_for_selector("#seat-setup .row")
    assert page.inner_text("#lobby h1") == "New table"
    mark(page)
    page.select_option("#lang", "sr")
    page.wait_for_function("document.querySelector('#lobby h1').textContent === 'Novi sto'", timeout=STEP_MS)
    assert not_reloaded(page)
    assert page.inner_text("#create button[type=submit]") == "Napravi sto"
    assert page.inner_text("#seat-setup .row span") == "Mesto 1"
    assert page.inner_text("#seat-setup select option[value='']") == "čovek"
    assert page.get_attribute("#seat-setup input[name='name-0']", "aria-label") == "mesto 1: ime"
    assert page.input_value("#table-lang") == "sr"  # the table's language follows the page's
    page.select_option("#variant", "balkan")
    page.fill("#bot-delay", "0")
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{base}/api/tables/{table_id}") as r:  # noqa: S310 - the test's own server
        info = json.loads(r.read())
    assert info["settings"]["lang"] == "sr"
    assert info["seats"][0]["held"] and info["seats"][0]["name"] == "Anna"  # seated at once
    page.wait_for_selector("#status[data-phase]")
    assert page.evaluate("() => document.documentElement.lang") == "sr"  # the choice was kept
    page.close()


def test_the_lobby_names_the_variants_in_the_pages_language(browser: Browser, base: str) -> None:
    # the names a person reads: the presets' titles (variants/*/preset.toml: Sochi, Leningrad, "Austrian
    # Preference, limited pot") and their Russian, the entries of context "variant" of variants/russian/locale/ru
    # and variants/austrian/locale/ru (Сочи, Ленинградка, "Австрийский преферанс, ограниченный банк"); the
    # keys (sochi, leningrad) stay the values sent
    made = post(f"{base}/api/tables", {"variant": "leningrad", "bots": [None, "heuristic", "heuristic"]})
    page = browser.new_page()
    page.goto(base + "/")
    page.wait_for_selector("#seat-setup .row")
    assert page.inner_text("#variant option[value='sochi']") == "Sochi"
    assert page.inner_text("#variant option[value='austrian-limited']") == "Austrian Preference, limited pot"
    row = f"#tables-list li[data-table='{made['id']}'] .table-head strong"
    page.wait_for_selector(row, timeout=STEP_MS)
    assert page.inner_text(row) == "Leningrad"
    mark(page)
    page.select_option("#lang", "ru")
    page.wait_for_function("() => document.querySelector(\"#variant option[value='sochi']\").textContent === 'Сочи'",
                           timeout=STEP_MS)
    assert page.inner_text("#variant option[value='austrian-limited']") == "Австрийский преферанс, ограниченный банк"
    page.wait_for_function("s => document.querySelector(s).textContent === 'Ленинградка'", arg=row, timeout=STEP_MS)
    assert page.input_value("#variant") == "sochi"  # the key is what a new table is asked for with
    assert not_reloaded(page)
    # the seating of the table names it too: "<id> (Ленинградка)"
    page.goto(base + made["invite"])
    page.wait_for_selector("#seating-id")
    page.wait_for_function("t => document.querySelector('#seating-id').textContent === t",
                           arg=f"{made['id']} (Ленинградка)", timeout=STEP_MS)
    page.close()


SOCHI_RU_DESCRIPTION = "Преферанс, Сочи: жадный ответственный вист, распасы 1-2-3 с амнистией, пуля 20"
"""The ``description`` entry of sochi in variants/russian/locale/ru."""


def test_the_lobby_description_and_a_deal_note_switch_to_russian(browser: Browser, base: str) -> None:
    page = browser.new_page()
    page.goto(base + "/")
    page.wait_for_selector("#seat-setup .row")
    assert page.input_value("#variant") == "sochi"
    english = page.inner_text("#variant-description")
    assert english and english != SOCHI_RU_DESCRIPTION
    mark(page)
    page.select_option("#lang", "ru")
    page.wait_for_function("t => document.querySelector('#variant-description').textContent === t",
                           arg=SOCHI_RU_DESCRIPTION, timeout=STEP_MS)
    assert not_reloaded(page)
    page.close()
    # three heuristic bots, pool 2, seed 3 (as tests/server/test_server_i18n.py): the match ends with deal 3, whose
    # entries note "game made", "whists", "whister short by 2", "overflow", "aid from seat 0", "aid"; watched
    # in English, then switched to Russian (the family's notes, variants/russian/locale/ru)
    made = post(f"{base}/api/tables", {"variant": "sochi", "seed": 3, "rules": {"pool": 2},
                                       "bots": ["heuristic"] * 3, "settings": {"bot_delay": 0}})
    page = browser.new_page()
    page.goto(base + made["invite"] + "?watch")
    page.wait_for_selector("#status[data-phase='over']", timeout=STEP_MS)
    notes = "() => [...document.querySelectorAll('#result tr')].map(r => r.children[3].textContent)"
    assert page.evaluate(notes) == ["game made", "whists", "whister short by 2", "overflow", "aid from seat 0", "aid"]
    mark(page)
    page.select_option("#lang", "ru")
    page.wait_for_function("() => document.documentElement.lang === 'ru' && "
                           "document.querySelector('#result td:nth-child(4)').textContent === 'игра сыграна'",
                           timeout=STEP_MS)
    assert page.evaluate(notes) == ["игра сыграна", "висты", "вистующий недобрал: 2", "перебор", "помощь от места 0",
                                    "помощь"]
    assert not_reloaded(page)
    page.close()


SEED_NOTE_RU = "сдачи по выбранному сиду: создатель стола может знать все карты"
"""The note of a table dealt from a chosen seed, from core/locale/ru/LC_MESSAGES/preferans-page.po («сид», the
word of docs/glossary/ru.md, never the calque «зерно»)."""


def test_a_chosen_seed_is_said_on_the_seating_and_at_the_table(browser: Browser, base: str) -> None:
    # its creator can know every hand, so the others are told, in the browser's language (Russian, chosen)
    made = post(f"{base}/api/tables", {"variant": "sochi", "seed": 5, "settings": {"lang": "ru"}})
    page = browser.new_page()
    page.goto(base + made["invite"])
    page.wait_for_selector("#seating-seed", state="visible", timeout=STEP_MS)
    page.select_option("#lang", "ru")
    page.wait_for_function("t => document.querySelector('#seating-seed').textContent === t", arg=SEED_NOTE_RU,
                           timeout=STEP_MS)
    page.click("button.sit[data-seat='0']")
    page.wait_for_selector("#status[data-phase]")
    page.wait_for_selector("#table-seed", state="visible", timeout=STEP_MS)
    assert page.inner_text("#table-seed") == SEED_NOTE_RU
    # a table dealt from a random seed shows no note
    plain = post(f"{base}/api/tables", {"variant": "sochi", "settings": {"lang": "ru"}})
    other = browser.new_page()
    sit(other, base + plain["invite"], 0)
    assert other.is_hidden("#table-seed") and other.is_hidden("#seating-seed")
