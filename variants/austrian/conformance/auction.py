"""The Austrian auction, restated: numbers and hand games, ``mein``, a pass is final.

docs/variants/austrian.md#bidding: forehand (the dealer's left) speaks first; the calls go round in the
bidding order, skipping those who passed (a pass is final); a bid must be higher than the bid held now (any
higher one with ``auction.jumps``, else exactly one step); a seat earlier in the bidding order may hold a
later seat's bid with ``mein`` (``auction.hold``); the auction ends when one seat is left and holds the
highest bid, or when everybody passed (the deal is thrown in, GAP-AUT-03).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from preferans.variants.austrian.rules import AustrianRules

from .contracts import HAND

PASS = "pass"
HOLD = "mein"

BIDDING = "austrian#bidding"
HOLDING = "AUT-BID-02"  # the auction goes round more than once; "mein" is how an earlier seat stays in it


@dataclass(frozen=True)
class Bid:
    """A call of the auction that is a bid: a number with the talon, or a contract without it."""

    name: str
    number: int
    hand: bool
    key: tuple[int, int, int]
    """The order of the bids: higher beats lower. Hand bids above every talon bid (WIKI14, ``above_talon``)
    or just above the talon bid of their number (GAP-ILL-03, ``by_number``)."""


def bid_key(number: int, hand: bool, rules: AustrianRules) -> tuple[int, int, int]:
    if not hand:
        return (0, number, 0)
    if rules.game.hand_rank == "above_talon":
        return (1, number, 0)
    return (0, number, 1)


def ladder(rules: AustrianRules) -> dict[str, Bid]:
    """Every bid of the variant, by name: ``"1"`` .. and, with ``game.hand_games``, ``clubs-hand`` .."""
    out: dict[str, Bid] = {}
    for contract, number in rules.game.numbers.items():
        out[str(number)] = Bid(str(number), int(number), False, bid_key(int(number), False, rules))
        if rules.game.hand_games:
            name = contract + HAND
            out[name] = Bid(name, int(number), True, bid_key(int(number), True, rules))
    return out


def bidding_order(dealer: int, n_players: int) -> tuple[int, ...]:
    """Forehand, middlehand, rearhand: the three seats after the dealer (with four the dealer sits out)."""
    return tuple((dealer + k) % n_players for k in range(1, n_players + 1))[:3]


def holder(calls: Sequence[tuple[int, str]], rules: AustrianRules) -> tuple[int, Bid] | None:
    """Who holds the auction now and with which bid: the last bid, or the seat that said ``mein`` to it."""
    bids = ladder(rules)
    best: tuple[int, Bid] | None = None
    for seat, call in calls:
        if call == HOLD and best is not None:
            best = (seat, best[1])
        elif call in bids:
            best = (seat, bids[call])
    return best


def to_speak(calls: Sequence[tuple[int, str]], order: Sequence[int], rules: AustrianRules) -> int | None:
    """The seat that speaks next, or ``None`` when the auction is over (won, or everybody passed)."""
    passed = {s for s, c in calls if c == PASS}
    live = [s for s in order if s not in passed]
    best = holder(calls, rules)
    if not live or (len(live) == 1 and best is not None and best[0] == live[0]):
        return None
    if not calls:
        return order[0]
    last = order.index(calls[-1][0])
    return next(order[(last + k) % len(order)] for k in range(1, len(order) + 1)
                if order[(last + k) % len(order)] not in passed)


def higher_bids(best: Bid | None, rules: AustrianRules) -> list[Bid]:
    """The bids above ``best``; without ``auction.jumps`` only the next one of each kind (CSWB: one step
    on the numbers, and the next hand game)."""
    above = sorted((b for b in ladder(rules).values() if best is None or b.key > best.key), key=lambda b: b.key)
    if rules.auction.jumps:
        return above
    talon = [b for b in above if not b.hand][:1]
    hand = [b for b in above if b.hand][:1]
    return talon + hand


def legal_calls(calls: Sequence[tuple[int, str]], order: Sequence[int], seat: int,
                rules: AustrianRules) -> tuple[frozenset[str], dict[str, str]]:
    """The calls ``seat`` may make now, with the rule of each; none when it is not his turn."""
    if to_speak(calls, order, rules) != seat:
        return frozenset(), {}
    best = holder(calls, rules)
    because = {PASS: BIDDING}
    if rules.auction.hold and best is not None and best[0] != seat and order.index(seat) < order.index(best[0]):
        because[HOLD] = BIDDING  # an earlier seat holds a later seat's bid (WSUM, WIKI14)
    for bid in higher_bids(None if best is None else best[1], rules):
        # a number is a talon bid (AUT-BID-02); a hand bid ranks above them all, or by number (GAP-ILL-03)
        because[bid.name] = HOLDING if not bid.hand else ("GAP-ILL-03" if rules.game.hand_rank == "by_number"
                                                          else BIDDING)
    return frozenset(because), because
