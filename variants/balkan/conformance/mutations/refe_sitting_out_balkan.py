# variant: balkan(players=4)
# area: four-players
# breaks: four players: the dealer who sits out gets no refe when everybody passes
"""The refe entries of an all-pass deal dropped for the seat that sat out."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_score_deal(result: DealResult, match: MatchView,
                    rules: BalkanRules) -> Generator[None, list[Entry] | None, list[Entry] | None]:
    entries = yield
    if entries is None or result.declarer is not None:
        return entries
    return [e for e in entries if e.seat in result.active or not e.account.startswith("refe")]
