# variant: balkan
# area: dealer
# breaks: the next dealer skips a seat: the deal passes two places on
"""The next dealer is the seat two to the dealer's left."""

from __future__ import annotations

from preferans.core.plugin import DealResult, MatchView, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(tryfirst=True)
def pref_next_dealer(match: MatchView, result: DealResult, rules: BalkanRules) -> int:
    return (result.dealer + 2) % match.n_players
