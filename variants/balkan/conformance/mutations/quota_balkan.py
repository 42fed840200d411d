# variant: balkan
# area: score
# breaks: a follower's own quota changed (2 -> 1): one of two followers with a single trick goes unpunished
"""The family's scoring called with each follower's own quota 1."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.balkan import scoring
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: BalkanRules) -> list[Entry]:
    defence = rules.defence.model_copy(update={"each_quota": 1})
    return scoring.score_deal(result, match, rules.model_copy(update={"defence": defence}))
