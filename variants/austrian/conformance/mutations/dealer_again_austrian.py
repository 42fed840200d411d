# variant: austrian
# area: dealer
# breaks: after a deal thrown in, the same dealer deals again (and antes again), where the deal passes on
"""The dealer of an all-pass deal deals the next one too."""

from __future__ import annotations

from preferans.core.plugin import DealResult, MatchView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(tryfirst=True)
def pref_next_dealer(match: MatchView, result: DealResult, rules: AustrianRules) -> int | None:
    return result.dealer if result.kind == "all_pass" else None
