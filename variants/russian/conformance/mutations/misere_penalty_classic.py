# variant: classic
# area: score
# breaks: a failed misère costs one more a trick than the rules say (10 -> 11)
"""Classic's scoring called with the misère penalty per trick one higher."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants import classic
from preferans.variants.classic.rules import ClassicRules


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: ClassicRules) -> list[Entry]:
    misere = rules.misere.model_copy(update={"penalty_per_trick": rules.misere.penalty_per_trick + 1})
    return classic.pref_score_deal(result, match, rules.model_copy(update={"misere": misere}))
