# variant: serbian
# area: kontra
# breaks: kontra triples the game instead of doubling it
"""The family's scoring called with the kontra factor 3."""

from __future__ import annotations

from typing import Any

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.balkan import scoring


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: Any) -> list[Entry]:
    kontra = rules.kontra.model_copy(update={"factor": 3})
    return scoring.score_deal(result, match, rules.model_copy(update={"kontra": kontra}))
