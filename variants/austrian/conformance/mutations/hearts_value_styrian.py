# variant: styrian
# area: pot
# breaks: a Styrian hearts game played for 40, not 50
"""The family's scoring called with the Styrian value of hearts 40."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.austrian import scoring
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: AustrianRules) -> list[Entry] | None:
    pot = rules.pot.model_copy(update={"values": {**(rules.pot.values or {}), "hearts": 40}})
    return scoring.score_deal(result, match, rules.model_copy(update={"pot": pot}))
