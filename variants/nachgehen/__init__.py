"""Nachgehen ("following on", По стопам), a form of Illustrated Preference (NACH-01..05).

When the auction is won on a number and somebody else bid too, the winner takes the talon and discards two
but names nothing: he says "I lie" (``lie``, Ich liege). A player who took part in the bidding may then take
up those discards, discard two of his own and name a contract of at least Bettel (``take``, then the
contract); the others who bid, the winner included, may take up the latest discards in turn and name a
higher one. The last contract named is played, by the one who named it; the last discards are out of play.
If nobody takes over, the winner names his contract as usual. All of it is the declaration protocol of the
engine (``TakeTalon``, ``Discard``, ``PickUp``, ``Next``, ``Declared``); the rest is Illustrated Preference.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Annotated, Any

from pydantic import Field, field_validator

from preferans.core.plugin import (
    DeclarationStep,
    DeclarationView,
    Declared,
    Discard,
    Next,
    PickUp,
    RulesSection,
    TakeTalon,
    bad,
    hookimpl,
)
from preferans.variants.austrian import announcements, finish, is_bid_row, namable, number_of
from preferans.variants.austrian.rules import EXTRA_CONTRACTS, SUIT_CONTRACTS
from preferans.variants.illustrated import IllustratedVariantRules

LIE = "lie"
TAKE = "take"
PASS = "pass"


Number = Annotated[int, Field(ge=1)]
"""A number of the auction (clubs 1 .. offener-durchmarsch 8)."""


class NachgehenRules(RulesSection):
    """When Nachgehen applies and what a take-over must name (NACH-01, NACH-03)."""

    on_bids: list[Number] = Field(
        title="the winning numbers that open Nachgehen",
        description="the winning numbers that open Nachgehen: the suit numbers, i.e. won "
                               "'on numbers' (NACH-01, GAP-NACH-01)")
    minimum: str = Field(
        title="the lowest contract a take-over may name",
        description="the lowest contract a take-over may name (NACH-03: bettel)")

    @field_validator("on_bids")
    @classmethod
    def _ascending(cls, numbers: list[int]) -> list[int]:
        if any(b <= a for a, b in pairwise(numbers)):
            raise bad("numbers must be ascending, each once")
        return numbers

    @field_validator("minimum")
    @classmethod
    def _known(cls, name: str) -> str:
        known = (*SUIT_CONTRACTS, *EXTRA_CONTRACTS)
        if name not in known:
            raise bad(f"unknown contract {name!r} (allowed: {', '.join(known)})")
        return name


class NachgehenVariantRules(IllustratedVariantRules):
    """The ``[rules]`` of Nachgehen: Illustrated Preference's and its own section (``pref_rules_sections`` answers
    its :meth:`sections`); its hooks take ``rules`` typed as this class."""

    nachgehen: NachgehenRules = Field(title="Nachgehen: taking over the winner's talon")


@hookimpl
def pref_rules_sections() -> dict[str, Any]:
    return NachgehenVariantRules.sections()


def bidders(view: DeclarationView) -> list[int]:
    """Seats that took part in the bidding: they made a call other than pass (NACH-01, NACH-03)."""
    out: list[int] = []
    for seat, call in view.auction:
        if call != PASS and seat not in out:
            out.append(seat)
    return out


def applies(view: DeclarationView, rules: NachgehenVariantRules) -> bool:
    """Won on a number (a talon bid of ``on_bids``) and at least one other player bid (NACH-01)."""
    bid = view.bid
    if not is_bid_row(bid) or int(bid.name) not in rules.nachgehen.on_bids:
        return False
    return any(s != view.declarer for s in bidders(view))


def candidates(view: DeclarationView, after: int) -> list[int]:
    """The other bidders, in seat order from ``after``'s left (GAP-NACH-02)."""
    n = view.match.n_players
    order = [(after + k) % n for k in range(1, n)]
    others = set(bidders(view)) - {after}
    return [s for s in order if s in others]


def last_named(view: DeclarationView) -> tuple[int, str] | None:
    return next(((s, c) for s, c in reversed(view.calls) if c in view.contracts), None)


def trailing_passes(view: DeclarationView) -> int:
    count = 0
    for _, call in reversed(view.calls):
        if call != PASS:
            break
        count += 1
    return count


def take_over_contracts(view: DeclarationView, rules: NachgehenVariantRules) -> list[str]:
    """What a take-over may name: at least the minimum (NACH-03), above the last contract named (NACH-04),
    with the talon only (GAP-NACH-04)."""
    lowest = number_of(view.contracts[rules.nachgehen.minimum], rules)
    current = last_named(view)
    floor = view.contracts[current[1]].rank if current is not None else None
    return [name for name in namable(view, rules, lowest) if floor is None or view.contracts[name].rank > floor]


def _state(view: DeclarationView) -> tuple[int, int | None]:
    """(number of take-overs, the seat that must act on the last ``take``, or ``None``)."""
    takes = sum(1 for _, c in view.calls if c == TAKE)
    last_seat, last = view.calls[-1]
    return takes, last_seat if last == TAKE else None


@hookimpl
def pref_declaration_step(view: DeclarationView, rules: NachgehenVariantRules) -> DeclarationStep | None:
    if not applies(view, rules):
        return None  # the usual declaration (the family base)
    winner = view.declarer
    if not view.talon_taken:
        return TakeTalon(winner)
    if not view.discarded_by:
        return Discard(winner, 2)
    if not view.calls:
        return Next(winner)  # he says only "I lie" (NACH-02)
    takes, taker = _state(view)
    if taker is not None:
        if len(view.discarded_by) < 1 + takes:
            # take up the latest discards, then discard two of one's own (NACH-03, NACH-04)
            return PickUp(taker) if view.discard else Discard(taker, 2)
        return Next(taker)  # ... and name a contract
    named = last_named(view)
    passes = trailing_passes(view)
    if named is None:
        others = candidates(view, winner)
        if passes < len(others):
            return Next(others[passes])
        return Next(winner)  # nobody took over: the winner names his contract as usual [I]
    seat, contract = named
    if not takes:
        return finish(view, rules, seat, contract)  # the winner's own contract, announcements and all
    others = candidates(view, seat) if take_over_contracts(view, rules) else []
    if passes < len(others):
        return Next(others[passes])  # overcall with a higher contract, or pass (NACH-04, NACH-05)
    return Declared(seat, contract)  # the last contract named is played (NACH-05)


@hookimpl
def pref_declaration_legal(view: DeclarationView, rules: NachgehenVariantRules) -> list[str] | None:
    if not applies(view, rules):
        return None
    winner = view.declarer
    if not view.calls:
        return [LIE]
    _, taker = _state(view)
    if taker is not None:
        return take_over_contracts(view, rules)
    named = last_named(view)
    if named is None:
        if view.to_act == winner:
            return namable(view, rules, number_of(view.bid, rules))
        return [PASS, TAKE]
    seat, contract = named
    if not any(c == TAKE for _, c in view.calls):
        return announcements(view, rules, seat, contract)
    return [PASS, TAKE]
