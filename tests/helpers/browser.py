"""The browser tests' helpers (tests/server/browser/; their fixtures are in its conftest.py): a table made
over HTTP, a page seated, and a deal played by clicking as a player would."""

from __future__ import annotations

import json
import shutil
import urllib.request
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
"""The distribution's Chromium, found on the PATH (Playwright cannot download browsers here)."""

STEP_MS = 15_000


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req) as r:  # noqa: S310 - the test's own server on 127.0.0.1
        data: dict[str, Any] = json.loads(r.read())
        return data


def sit(page: Page, url: str, seat: int) -> None:
    page.goto(url)
    page.click(f"button.sit[data-seat='{seat}']")
    page.wait_for_selector("#status[data-phase]")


def table_state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate("() => ({n: window.prefTable.n, seat: window.prefTable.seat, "
                                          "state: window.prefTable.state})")
    return state


def click_once(page: Page) -> None:
    """One action by clicking, as a player would: a legal card, or a call button (a whist when offered, the
    first button else); then wait until the page shows the table moved on."""
    before = page.get_attribute("#status", "data-n")
    discard = page.locator("#actions button.act[data-action='discard']")
    if discard.count():  # the page asks for the two cards: two clicked in the hand, then the button
        for card in page.locator("#hand button.card").all()[:2]:
            card.click()
        discard.click()
        page.wait_for_function("document.querySelector('#status').dataset.phase !== 'discard'", timeout=STEP_MS)
        return
    cards = page.locator("#hand button.card.legal, #open-hands button.card.legal")
    if cards.count():
        cards.first.click()
    else:
        whist = page.locator("#actions button.act[data-action='whist']")
        (whist if whist.count() else page.locator("#actions button.act").first).click()
    page.wait_for_function(f"document.querySelector('#status').dataset.n !== '{before}'", timeout=STEP_MS)


def mine(pages: list[Page]) -> Page | None:
    for page in pages:
        if page.get_attribute("#status", "data-mine") == "1":
            return page
    return None


def play_deal(pages: list[Page], on_step: Any = None) -> None:
    """Click until the first deal is scored (the status shows deal 2, or the match is over)."""
    for _ in range(200):
        if all(p.get_attribute("#status", "data-deal") != "0" for p in pages):
            return
        page = mine(pages)
        if page is None:  # a bot or another page is acting: wait for the next update
            pages[0].wait_for_timeout(50)
            continue
        if on_step is not None and on_step(page):
            continue
        click_once(page)
    raise AssertionError("the deal did not end in 200 steps")


def buttons(page: Page) -> list[tuple[str, str]]:
    """Each call button as (the action it sends, the label it shows)."""
    got: list[list[str]] = page.eval_on_selector_all(
        "#actions button.act", "bs => bs.map(b => [b.dataset.action, b.querySelector('.label').textContent])")
    return [(a, shown) for a, shown in got]


def wait_label(page: Page, action: str, shown: str) -> None:
    page.wait_for_function(
        "([a, s]) => { const b = document.querySelector(`#actions button.act[data-action='${a}'] .label`); "
        "return b !== null && b.textContent === s; }", arg=[action, shown], timeout=STEP_MS)
