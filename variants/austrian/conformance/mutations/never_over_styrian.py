# variant: styrian
# area: match_end
# breaks: a session that never ends: the empty pot and the number of deals ignored
"""The session is never over."""

from __future__ import annotations

from preferans.core.plugin import MatchView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(tryfirst=True)
def pref_match_over(match: MatchView, rules: AustrianRules) -> bool:
    return False
