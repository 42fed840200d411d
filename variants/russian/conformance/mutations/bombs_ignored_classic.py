# variant: classic
# area: score
# breaks: Classic's bombs ignored: the game after a raspasovka with dark passes is not multiplied
"""The Russian family's scoring called instead of Classic's (no bombs, no dark factor)."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.classic.rules import ClassicRules
from preferans.variants.russian import scoring


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: ClassicRules) -> list[Entry]:
    return scoring.score_deal(result, match, rules)
