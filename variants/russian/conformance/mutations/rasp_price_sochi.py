# variant: sochi
# area: score
# breaks: a raspasovka trick priced one more than the rules say (1-2-3 played as 2-3-4)
"""The family's scoring called with the raspasovka's trick price one higher."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.russian import scoring
from preferans.variants.russian.rules import RussianRules


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: RussianRules) -> list[Entry]:
    rasp = rules.raspasovka.model_copy(update={"trick_price": rules.raspasovka.trick_price + 1})
    return scoring.score_deal(result, match, rules.model_copy(update={"raspasovka": rasp}))
