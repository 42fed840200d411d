# variant: sochi
# area: score
# breaks: a set declarer's undertricks counted double in his mountain
"""The family's scoring called with the undertrick rate one higher."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.russian import scoring
from preferans.variants.russian.rules import RussianRules


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: RussianRules) -> list[Entry]:
    declarer = rules.declarer.model_copy(update={"undertrick_rate": rules.declarer.undertrick_rate + 1})
    return scoring.score_deal(result, match, rules.model_copy(update={"declarer": declarer}))
