# variant: serbian
# area: score
# breaks: the refe limit ignored: every all-pass deal draws another refe for everybody
"""The family's scoring called with no limit on the refe deals."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.balkan import scoring
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: BalkanRules) -> list[Entry]:
    return scoring.score_deal(result, match, rules.model_copy(update={"refe_limit": 1000}))
