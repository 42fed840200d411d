"""The Balkan auction, restated from the rules (docs/rules/balkan.md GAP-BAL-02, BAL-BID-02/03 and
docs/variants/balkan.md, "Auction"): a second reading of the calls, written apart from the family's hooks.

The ladder: 2 spades, 3 diamonds, 4 hearts, 5 clubs, 6 betl, 7 sans (BAL-VAL-04, GAP-BAL-03). The talon
bidding goes clockwise from first hand, a pass is final, the first bid is 2 and every later one exactly one
above the highest; a seat that speaks earlier than the holder may hold ("mine") the same number. ``igra``
(no talon) is only a seat's first call; the first one ends the talon bidding, the seats that have not spoken
may still say igra, and the igra callers then name their game in the order they called, each later one only
a higher game or pass (BAL-BID-02, pk 8).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

LADDER: dict[str, int] = {"spades": 2, "diamonds": 3, "hearts": 4, "clubs": 5, "betl": 6, "sans": 7}
"""Each contract and its number (BAL-VAL-04; hearts 4 and sans 7 by GAP-BAL-03)."""

LADDER_BY_NUMBER: dict[int, str] = {number: name for name, number in LADDER.items()}

LOWEST = 2
HIGHEST = 7
PASS = "pass"
IGRA = "igra"
IGRA_PREFIX = "igra-"


def number_of(contract: str) -> int:
    """The number of a contract (``hearts`` -> 4, ``igra-hearts`` -> 4)."""
    return LADDER[contract.removeprefix(IGRA_PREFIX)]


def talon_bid(call: str) -> int | None:
    """The number of a talon bid (``"3"`` -> 3), ``None`` for any other call."""
    return int(call) if call.isdigit() and LOWEST <= int(call) <= HIGHEST else None


@dataclass
class Bidding:
    """The auction replayed from its calls: the talon bidding, then (after an igra) the igra stage and the
    naming. ``to_speak`` is ``None`` once the auction is over; ``winner`` is then (seat, bid) or ``None``
    when everybody passed."""

    order: tuple[int, ...]
    spoken: set[int] = field(default_factory=set)
    passed: set[int] = field(default_factory=set)
    level: int | None = None
    holder: int | None = None
    igra_callers: list[int] = field(default_factory=list)
    named: list[tuple[int, str | None]] = field(default_factory=list)
    last: int | None = None

    @property
    def stage(self) -> str:
        """``talon``, ``igra`` (the unspoken seats may still say igra), ``naming`` or ``over``."""
        if self.igra_callers:
            if self._igra_unspoken():
                return "igra"
            return "naming" if len(self.named) < len(self.igra_callers) else "over"
        remaining = [s for s in self.order if s not in self.passed]
        if not remaining or remaining == [self.holder]:
            return "over"  # everybody passed (BAL-BID-03), or one seat holds the highest bid (GAP-BAL-02)
        return "talon"

    def _igra_unspoken(self) -> list[int]:
        # after the first igra, the seats that have made no call yet, clockwise from its caller (BAL-BID-02)
        first = self.order.index(self.igra_callers[0])
        after = [self.order[(first + k) % len(self.order)] for k in range(1, len(self.order))]
        return [s for s in after if s not in self.spoken]

    @property
    def to_speak(self) -> int | None:
        stage = self.stage
        if stage == "igra":
            return self._igra_unspoken()[0]
        if stage == "naming":
            return self.igra_callers[len(self.named)]  # in the order they called igra
        if stage == "over":
            return None
        if self.last is None:
            return self.order[0]  # first hand speaks first (GEN-DECK-05)
        i = self.order.index(self.last)
        for k in range(1, len(self.order) + 1):  # clockwise, skipping who passed (a pass is final)
            seat = self.order[(i + k) % len(self.order)]
            if seat not in self.passed:
                return seat
        return None  # pragma: no cover - the stage would be "over"

    def best_named(self) -> tuple[int, str] | None:
        """The highest igra named so far; an equal one cannot be named, the earlier keeps it."""
        best: tuple[int, str] | None = None
        for seat, name in self.named:
            if name is not None and (best is None or number_of(name) > number_of(best[1])):
                best = (seat, name)
        return best

    @property
    def winner(self) -> tuple[int, str] | None:
        """Who won and with what bid (``"3"`` or ``"igra-hearts"``), ``None`` for an all-pass auction."""
        if self.igra_callers:
            return self.best_named()
        if self.holder is not None and self.level is not None:
            return self.holder, str(self.level)
        return None

    def apply(self, seat: int, call: str) -> None:
        stage = self.stage
        if stage == "naming":
            self.named.append((seat, None if call == PASS else call))
        elif call == IGRA:
            self.igra_callers.append(seat)
        elif call == PASS:
            self.passed.add(seat)
        elif (number := talon_bid(call)) is not None:
            self.level, self.holder = number, seat
        self.spoken.add(seat)
        self.last = seat


def replay(order: Sequence[int], calls: Sequence[tuple[int, str]]) -> Bidding:
    """The auction after ``calls``, the bidders speaking in ``order`` (first hand first)."""
    bidding = Bidding(tuple(order))
    for seat, call in calls:
        bidding.apply(seat, call)
    return bidding


def legal(bidding: Bidding, seat: int) -> tuple[frozenset[str], str, dict[str, str]]:
    """The calls ``seat`` may make now, the governing rule and the rule of single calls."""
    stage = bidding.stage
    if stage == "over" or seat != bidding.to_speak:
        return frozenset(), "GAP-BAL-02", {}
    if stage == "igra":
        # BAL-BID-02: a seat that has not spoken may still say igra, or pass
        return frozenset({PASS, IGRA}), "BAL-BID-02", {}
    if stage == "naming":
        best = bidding.best_named()
        floor = LOWEST - 1 if best is None else number_of(best[1])
        names = {IGRA_PREFIX + name for name, number in LADDER.items() if number > floor}
        # the first caller names any game; a later one only a higher game, or passes ("yours is better")
        return frozenset(names if best is None else {PASS, *names}), "BAL-BID-02", {}
    calls = {PASS}
    because = {PASS: "GAP-BAL-02"}
    if bidding.level is None:
        calls.add(str(LOWEST))  # the first bid is 2
    elif bidding.holder is not None and bidding.order.index(seat) < bidding.order.index(bidding.holder):
        calls.add(str(bidding.level))  # hold ("mine"): the earlier seat may take the same number (pk 7)
    elif bidding.level < HIGHEST:
        calls.add(str(bidding.level + 1))  # a later seat raises by exactly one (no jumps)
    if seat not in bidding.spoken:
        calls.add(IGRA)  # igra only as the seat's first call (BAL-BID-02, pk 8)
    because[IGRA] = "BAL-BID-02"
    return frozenset(calls), "GAP-BAL-02", because
