# variant: leningrad
# area: score
# breaks: a set declarer gets no consolation whists from the defenders
"""The consolation entries dropped."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_score_deal(result: DealResult, match: MatchView,
                    rules: RussianRules) -> Generator[None, list[Entry] | None, list[Entry] | None]:
    entries = yield
    if entries is None:
        return None
    return [e for e in entries if not e.note.startswith("consolation")]
