# variant: austrian(players=4)
# area: four-players
# breaks: four players: the dealer who sits out does not ante, though the dealer antes whether he plays or not
"""The ante dropped when the dealer is not among the three who play."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import Entry, MatchView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_before_deal(match: MatchView, dealer: int,
                     rules: AustrianRules) -> Generator[None, list[list[Entry]], list[list[Entry]]]:
    answers = yield
    if match.n_players < 4:
        return answers
    return [[e for e in entries if e.note != "ante"] for entries in answers]
