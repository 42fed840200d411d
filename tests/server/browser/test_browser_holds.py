"""A Balkan hold on the page, in a real browser (the fixtures of conftest.py beside it, the helpers of
tests/helpers/browser.py): three pages at a Serbian table; the first hand bids 2, the second 3, the third passes,
and the first hand's button for 3 says ``moje`` (a hold: it repeats the second hand's 3, which the earlier hand
keeps), as the terminal's menu does. Once called, the hold is ``moje`` in the seat's bubble and in the auction's
line, and the replay of the deal says it too, in the page's language (English ``mine``, then Serbian ``moje``
after a switch).

The words are the Balkan catalogue's hand-written entries (variants/balkan/locale/sr/LC_MESSAGES/
preferans-balkan.po, context ``call``: ``mine`` moje, ``pass`` dalje); a bid that is a number stays the number."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page  # noqa: E402

from helpers.browser import STEP_MS, buttons, post, sit, wait_label  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def call(page: Page, action: str) -> None:
    before = page.get_attribute("#status", "data-n")
    page.click(f"#actions button.act[data-action='{action}']")
    page.wait_for_function(f"document.querySelector('#status').dataset.n !== '{before}'", timeout=STEP_MS)


def test_a_hold_says_moje_on_the_button_the_bubble_the_auction_and_the_replay(browser: Browser, base: str) -> None:
    # seed 5, first dealer seat 2: seat 0 (Anna) is the first hand and speaks first
    made = post(f"{base}/api/tables", {"variant": "serbian", "seed": 5, "first_dealer": 2,
                                       "names": ["Anna", "Boris", "Vera"], "settings": {"lang": "sr"}})
    pages = [browser.new_context().new_page() for _ in range(3)]  # each its own browser: its own token
    for seat, page in enumerate(pages):
        sit(page, base + made["invite"], seat)
    for seat, action in ((0, "2"), (1, "3"), (2, "pass")):
        pages[seat].wait_for_selector("#status[data-mine='1']", timeout=STEP_MS)
        call(pages[seat], action)
    anna = pages[0]
    anna.wait_for_selector("#status[data-mine='1']", timeout=STEP_MS)
    wait_label(anna, "3", "moje")
    assert buttons(anna) == [("pass", "dalje"), ("3", "moje")]  # the button says moje and sends "3"
    call(anna, "3")
    boris = pages[1]
    boris.wait_for_function("window.prefTable.state.calls.length === 4", timeout=STEP_MS)
    assert boris.text_content(".seat[data-hand='0'] .bubble") == "moje"  # Anna's latest call
    assert boris.text_content(".seat[data-hand='1'] .bubble") == "3"  # Boris's own 3 stays a number
    assert "Anna 2, Boris 3, Vera dalje, Anna moje" in (boris.text_content("#auction") or "")
    # the replay of the deal at the hold (step 4: the deal as dealt, then 2, 3, dalje, moje), in English first
    # (no language chosen in this browser), then in Serbian from the page's menu
    replay = anna.context.new_page()
    replay.goto(f"{base}/t/{made['id']}/replay?deal=0&step=4")
    replay.wait_for_selector("#replay-step[data-step='4']")
    assert replay.text_content("#replay-action strong.call") == "mine"
    assert "Anna 2, Boris 3, Vera pass, Anna mine" in (replay.text_content("#replay-calls") or "")
    replay.select_option("#lang", "sr")
    replay.wait_for_function("document.querySelector('#replay-action strong.call').textContent === 'moje'",
                             timeout=STEP_MS)
    assert "Anna 2, Boris 3, Vera dalje, Anna moje" in (replay.text_content("#replay-calls") or "")
    for page in [*pages, replay]:
        page.context.close()
