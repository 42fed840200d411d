# variant: rostov
# area: score
# breaks: money written as floats, not exact amounts (halves and thirds drift)
"""Every sheet entry's amount made a float."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Any

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl


@hookimpl(wrapper=True)
def pref_score_deal(result: DealResult, match: MatchView,
                    rules: Any) -> Generator[None, list[Entry] | None, list[Entry] | None]:
    entries = yield
    if entries is None:
        return None
    return [dataclasses.replace(e, amount=float(e.amount)) for e in entries]  # type: ignore[arg-type]
