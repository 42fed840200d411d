# variant: austrian(max_deals=4)
# area: match_end
# breaks: a session agreed for a number of deals stops one deal early
"""The session over one deal before ``max_deals``."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import MatchView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_match_over(match: MatchView, rules: AustrianRules) -> Generator[None, bool, bool]:
    over = yield
    limit = rules.max_deals
    return over or (limit is not None and len(match.history) >= limit - 1)
