"""Waiting on a condition with a deadline, never for a fixed time: a loaded machine only makes it take longer."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_until(check: Callable[[], object], timeout: float, step: float = 0.02) -> bool:
    """Whether ``check()`` came true within ``timeout`` seconds (asked every ``step`` seconds, then once more)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(step)
    return bool(check())
