# variant: leningrad
# area: score
# breaks: a set declarer gets no consolation whists from the defenders
"""The consolation entries dropped."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl


@hookimpl(wrapper=True)
def pref_score_deal(result: DealResult, match: MatchView,
                    rules: Any) -> Generator[None, list[Entry] | None, list[Entry] | None]:
    entries = yield
    if entries is None:
        return None
    return [e for e in entries if not e.note.startswith("consolation")]
