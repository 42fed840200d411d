# variant: balkan(max_deals=4)
# area: match_end
# breaks: a game agreed for a number of deals stops one deal early
"""The game over one deal before ``max_deals``."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import MatchView, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_match_over(match: MatchView, rules: BalkanRules) -> Generator[None, bool, bool]:
    over = yield
    limit = rules.max_deals
    return over or (limit is not None and len(match.history) >= limit - 1)
