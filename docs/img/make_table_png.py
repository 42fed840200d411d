"""Take docs/img/table.png, the README's screenshot of the table page: a Sochi table (seed 5), Anna in seat 0
clicking her way through two deals against two heuristic bots, caught in the middle of a trick of the third,
at 1280 x 820.

    python docs/img/make_table_png.py        # needs '.[test]' (the web extra, playwright) and chromium
"""

from __future__ import annotations

import json
import shutil
import socket
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

from preferans.core.server.app import create_app

OUT = Path(__file__).with_name("table.png")


def main() -> None:
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("make_table_png: no chromium on the PATH")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    tmp = tempfile.mkdtemp()
    server = uvicorn.Server(uvicorn.Config(create_app(Path(tmp) / "shot.sqlite3"), host="127.0.0.1", port=port,
                                           log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    body = {"variant": "sochi", "seed": 5, "names": ["Anna", "Boris", "Vera"],
            "bots": [None, "heuristic", "heuristic"], "settings": {"bot_delay": 0}}
    req = urllib.request.Request(f"{base}/api/tables", json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req) as r:  # noqa: S310 - our own server
        invite = json.loads(r.read())["invite"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 820})
        page.goto(base + invite)
        page.click("button.sit[data-seat='0']")
        page.wait_for_selector("#status[data-phase]")
        for _ in range(400):
            state = page.evaluate("window.prefTable.state")
            mine = page.get_attribute("#status", "data-mine") == "1"
            if state["deal"] >= 2 and state["phase"] == "play" and len(state["trick"]) >= 2 and mine:
                break
            if not mine:
                page.wait_for_timeout(50)
                continue
            before = page.get_attribute("#status", "data-n")
            discard = page.locator("#actions button.act[data-action='discard']")
            if discard.count():  # two cards picked in the hand, then the button
                for card in page.locator("#hand button.card").all()[:2]:
                    card.click()
                discard.click()
                page.wait_for_function("document.querySelector('#status').dataset.phase !== 'discard'")
                continue
            cards = page.locator("#hand button.card.legal, #open-hands button.card.legal")
            if cards.count():
                cards.last.click()
            else:
                want = [a for a in ("whist", "pass") if page.locator(f"#actions button[data-action='{a}']").count()]
                target = f"#actions button[data-action='{want[0]}']" if want else "#actions button.act"
                page.locator(target).first.click()
            page.wait_for_function(f"document.querySelector('#status').dataset.n !== '{before}'")
        page.wait_for_timeout(6500)  # the last deal's result banner and a kept trick gone: the trick under way
        page.screenshot(path=str(OUT))
        browser.close()
    server.should_exit = True
    print(f"{OUT}: {OUT.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
