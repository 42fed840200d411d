# variant: leningrad
# area: score
# breaks: the raspasovka price does not rise in a series: each one in a row priced as the first (2-2-2, not 2-4-6)
"""The family's scoring called with the deals before this one forgotten (so no series)."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.russian import scoring
from preferans.variants.russian.rules import RussianRules


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: RussianRules) -> list[Entry]:
    return scoring.score_deal(result, MatchView(match.n_players, (), match.ledger), rules)
