# variant: classic
# area: dealer
# breaks: after a raspasovka the deal passes on, where in Classic the same dealer deals again
"""The next dealer is always the seat on the dealer's left."""

from __future__ import annotations

from preferans.core.plugin import DealResult, MatchView, hookimpl
from preferans.variants.classic.rules import ClassicRules


@hookimpl(tryfirst=True)
def pref_next_dealer(match: MatchView, result: DealResult, rules: ClassicRules) -> int:
    return (result.dealer + 1) % match.n_players
