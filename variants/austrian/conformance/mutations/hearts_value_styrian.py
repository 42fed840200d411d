# variant: styrian
# area: pot
# breaks: a Styrian hearts game played for 40, not 50
"""The family's scoring called with the Styrian value of hearts 40."""

from __future__ import annotations

from typing import Any

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.austrian import scoring


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: Any) -> list[Entry] | None:
    pot = rules.pot.model_copy(update={"values": {**rules.pot.values, "hearts": 40}})
    return scoring.score_deal(result, match, rules.model_copy(update={"pot": pot}))
