"""The lobby and the replay in a real browser (the fixtures of conftest.py beside it, the helpers of
tests/helpers/browser.py): the list of tables updates by itself and seats a player from it at a phone's width,
and the replay of a finished match steps through a deal, trick by trick, with every card shown once the match
is over."""

from __future__ import annotations

import json
import urllib.request

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright")
from playwright.sync_api import Browser  # noqa: E402

from helpers.browser import STEP_MS, post  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_lobby_lists_tables_live_and_sits_a_player_from_the_list(browser: Browser, base: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(base + "/")
    page.wait_for_selector("#tables-empty", state="visible")
    made = post(f"{base}/api/tables", {"variant": "sochi", "bots": [None, None, "heuristic"]})
    row = f"#tables-list li[data-table='{made['id']}']"
    page.wait_for_selector(row, timeout=STEP_MS)  # the list is asked for again every few seconds
    assert page.locator(f"{row} .seat-chip.free").count() == 2
    assert page.get_attribute(f"{row} [data-do='watch']", "href") == f"/t/{made['id']}?watch"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # a phone's width, no side scroll
    page.fill("#lobby-name", "Yuri")
    page.click(f"{row} [data-do='sit']")
    page.wait_for_url(f"**/t/{made['id']}")
    page.wait_for_selector("#status[data-phase]")
    with urllib.request.urlopen(f"{base}/api/tables/{made['id']}") as r:  # noqa: S310
        assert json.loads(r.read())["seats"][0]["name"] == "Yuri"
    page.close()


def test_the_replay_of_a_finished_match_steps_through_a_deal(browser: Browser, base: str) -> None:
    made = post(f"{base}/api/tables", {"variant": "sochi", "seed": 3, "rules": {"pool": 2},
                                       "bots": ["heuristic"] * 3, "settings": {"bot_delay": 0}})
    page = browser.new_page()
    page.goto(base + made["invite"] + "?watch")
    page.wait_for_selector("#status[data-phase='over']", timeout=STEP_MS)
    page.goto(base + "/")  # the finished table is listed with its replay
    page.wait_for_selector(f"#finished-list li[data-table='{made['id']}'] [data-do='replay']", state="attached")
    page.goto(f"{base}/t/{made['id']}/replay?deal=1")
    page.wait_for_selector("#replay-step[data-step='0'][data-deal='1']")
    assert page.locator("#replay-board .card[data-card]").count() == 32  # every hand and the talon: the match is over
    page.click("#replay-next")
    assert page.get_attribute("#replay-step", "data-step") == "1"
    page.click("#replay-prev")
    assert page.get_attribute("#replay-step", "data-step") == "0"
    page.click("#replay-next-trick")  # the play begins
    first = int(page.get_attribute("#replay-step", "data-step") or 0)
    assert first > 1
    page.click("#replay-next-trick")  # the first trick taken: its three cards
    assert int(page.get_attribute("#replay-step", "data-step") or 0) > first
    assert page.locator("#replay-last-trick .card[data-card]").count() == 3
    page.keyboard.press("End")  # the deal's end: its result
    page.wait_for_selector("#replay-result h2")
    assert page.is_disabled("#replay-next")
    page.click("#replay-next-deal")
    page.wait_for_selector("#replay-step[data-step='0'][data-deal='2']")
    assert "deal=2" in page.url
    page.close()
