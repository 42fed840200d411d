# variant: sochi
# area: score
# breaks: the whist quota of a six changed (4 -> 3): a whister short of four tricks goes unpunished at three
"""The family's scoring called with the six's whist obligation 3."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.russian import scoring
from preferans.variants.russian.rules import RussianRules


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: RussianRules) -> list[Entry]:
    whist = rules.whist.model_copy(update={"obligation": {**rules.whist.obligation, 6: 3}})
    return scoring.score_deal(result, match, rules.model_copy(update={"whist": whist}))
