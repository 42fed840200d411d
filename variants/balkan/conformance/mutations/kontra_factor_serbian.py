# variant: serbian
# area: kontra
# breaks: kontra triples the game instead of doubling it
"""The family's scoring called with the kontra factor 3."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.balkan import scoring
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: BalkanRules) -> list[Entry]:
    kontra = rules.kontra.model_copy(update={"factor": 3})
    return scoring.score_deal(result, match, rules.model_copy(update={"kontra": kontra}))
