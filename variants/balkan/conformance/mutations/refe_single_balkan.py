# variant: balkan
# area: score
# breaks: a deal on refe does not count double
"""The family's scoring called with the refe factor 1."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.balkan import scoring
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: BalkanRules) -> list[Entry]:
    refe = rules.refe.model_copy(update={"factor": 1})
    return scoring.score_deal(result, match, rules.model_copy(update={"refe": refe}))
