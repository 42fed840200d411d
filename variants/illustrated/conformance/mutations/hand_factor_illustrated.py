# variant: illustrated
# area: score
# breaks: an extra contract without the talon paid as with it, not double
"""Illustrated's scoring of the extra contracts called with the hand factor 1."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants import illustrated
from preferans.variants.illustrated import IllustratedVariantRules


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: IllustratedVariantRules) -> list[Entry] | None:
    ill = rules.illustrated.model_copy(update={"hand_factor": 1})
    return illustrated.pref_score_deal(result, match, rules.model_copy(update={"illustrated": ill}))
