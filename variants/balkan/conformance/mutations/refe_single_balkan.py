# variant: balkan
# area: score
# breaks: a deal on refe does not count double
"""The family's scoring called with the refe factor 1."""

from __future__ import annotations

from typing import Any

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.balkan import scoring


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: Any) -> list[Entry]:
    refe = rules.refe.model_copy(update={"factor": 1})
    return scoring.score_deal(result, match, rules.model_copy(update={"refe": refe}))
