# variant: rostov
# area: match_end
# breaks: a match that never ends: the closed pool ignored
"""The match is never over."""

from __future__ import annotations

from typing import Any

from preferans.core.plugin import MatchView, hookimpl


@hookimpl(tryfirst=True)
def pref_match_over(match: MatchView, rules: Any) -> bool:
    return False
