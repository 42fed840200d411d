# variant: austrian-limited
# area: pot
# breaks: the limited pot played for all it holds: the cap of ten antes ignored
"""The family's scoring called with the pot method ``unlimited``."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.austrian import scoring
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: AustrianRules) -> list[Entry] | None:
    pot = rules.pot.model_copy(update={"method": "unlimited"})
    return scoring.score_deal(result, match, rules.model_copy(update={"pot": pot}))
