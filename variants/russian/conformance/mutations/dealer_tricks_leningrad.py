# variant: leningrad(players=4)
# area: four-players
# breaks: four players: the tricks the sitting-out dealer's talon cards win in a raspasovka go unwritten
"""The mountain of the seat that sat out dropped from a raspasovka's entries."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_score_deal(result: DealResult, match: MatchView,
                    rules: RussianRules) -> Generator[None, list[Entry] | None, list[Entry] | None]:
    entries = yield
    if entries is None or result.kind != "all_pass" or result.dealer in result.active:
        return entries
    return [e for e in entries if not (e.seat == result.dealer and e.account == "gora")]
