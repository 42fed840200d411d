"""The browser tests' fixtures: one Chromium per module, driven by Playwright, and a live server per test.

Without the ``chromium`` binary on the PATH (``apt-get install chromium``; Playwright cannot download
browsers here) every test here is skipped, saying so; the CI machine has one, and runs them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers.browser import CHROMIUM


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if CHROMIUM is None:
        pytest.skip("no chromium binary on the PATH (apt-get install chromium); the browser tests need one")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    from helpers.live_server import running

    with running(tmp_path / "t.sqlite3") as url:
        yield url
