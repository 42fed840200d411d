# variant: austrian
# area: pot
# breaks: the dealer does not ante: nothing goes into the pot before the deal
"""The ante entries before a deal dropped."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import Entry, MatchView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_before_deal(match: MatchView, dealer: int,
                     rules: AustrianRules) -> Generator[None, list[list[Entry]], list[list[Entry]]]:
    answers = yield
    return [[e for e in entries if e.note != "ante"] for entries in answers]
