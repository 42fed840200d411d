# variant: rostov
# area: match_end
# breaks: a match that never ends: the closed pool ignored
"""The match is never over."""

from __future__ import annotations

from preferans.core.plugin import MatchView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(tryfirst=True)
def pref_match_over(match: MatchView, rules: RussianRules) -> bool:
    return False
