# variant: sochi
# area: score
# breaks: a made misère written for half its price (5, not 10) in the pool
"""The family's scoring called with the misère price halved."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.russian import scoring
from preferans.variants.russian.rules import RussianRules


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: RussianRules) -> list[Entry]:
    misere = rules.misere.model_copy(update={"price": rules.misere.price // 2})
    return scoring.score_deal(result, match, rules.model_copy(update={"misere": misere}))
