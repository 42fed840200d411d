"""The Balkan contracts and calls: the ladder, and the auction and defence read from their calls.

Pure functions of the calls made so far (docs/variants/balkan.md, "Actions"); the hooks in ``__init__`` and
the scoring in ``scoring.py`` both read the calls through them, so the engine, a scorecard and the score
sheet agree on what a sequence of calls means.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from preferans.core.plugin.cards import NO_TRUMP, next_speaker
from preferans.variants.balkan.rules import BalkanRules

PASS = "pass"
IGRA = "igra"
FOLLOW = "follow"
INVITE = "invite"
NO_KONTRA = "no-kontra"
KONTRA_NAMES = ("kontra", "rekontra", "subkontra", "mortkontra")
"""Levels 1..4 of the chain; level n > 4 is ``kontra-n``."""

LADDER: tuple[tuple[str, int, int, str], ...] = (
    # name, number (the bid), trump (0 spades 1 clubs 2 diamonds 3 hearts), kind
    ("spades", 2, 0, "suit"),
    ("diamonds", 3, 2, "suit"),
    ("hearts", 4, 3, "suit"),
    ("clubs", 5, 1, "suit"),
    ("betl", 6, NO_TRUMP, "betl"),
    ("sans", 7, NO_TRUMP, "sans"),
)
"""BAL-VAL-04: 2 spades < 3 diamonds < 4 hearts < 5 clubs < 6 betl < 7 sans (GAP-BAL-03 for 4 and 7)."""

NUMBER = {name: number for name, number, _, _ in LADDER}
BY_NUMBER = {number: name for name, number, _, _ in LADDER}
LOWEST, HIGHEST = LADDER[0][1], LADDER[-1][1]
IGRA_PREFIX = "igra-"


def igra_name(contract: str) -> str:
    return IGRA_PREFIX + contract


def base_name(contract: str) -> str:
    """``igra-hearts`` -> ``hearts``; a talon contract is its own base."""
    return contract[len(IGRA_PREFIX):] if contract.startswith(IGRA_PREFIX) else contract


def is_igra(contract: str) -> bool:
    return contract.startswith(IGRA_PREFIX)


def bid_number(call: str) -> int | None:
    """The number of a talon bid (``"3"`` -> 3), ``None`` for any other call."""
    if call.isdigit() and LOWEST <= int(call) <= HIGHEST:
        return int(call)
    return None


def kontra_call(level: int) -> str:
    return KONTRA_NAMES[level - 1] if level <= len(KONTRA_NAMES) else f"kontra-{level}"


def kontra_level(call: str) -> int | None:
    """``"rekontra"`` -> 2, ``"kontra-6"`` -> 6; ``None`` for any other call."""
    if call in KONTRA_NAMES:
        return KONTRA_NAMES.index(call) + 1
    if call.startswith("kontra-") and call[7:].isdigit() and int(call[7:]) > len(KONTRA_NAMES):
        return int(call[7:])
    return None


# ---------------------------------------------------------------- auction


@dataclass(frozen=True)
class Auction:
    """The auction read from its calls.

    ``stage`` is ``talon`` (bids 2..7 and holds), ``igra`` (seats that have not called may still call igra),
    ``naming`` (the igra callers name their game) or ``over``. ``holder`` holds ``level`` (the highest talon
    bid); ``igra_callers`` called igra in this order; ``named`` are their namings so far (``None`` = "yours is
    better"); ``to_speak`` is who speaks next (``None`` when the auction is over).
    """

    stage: str
    to_speak: int | None
    level: int | None = None
    holder: int | None = None
    igra_callers: tuple[int, ...] = ()
    named: tuple[tuple[int, str | None], ...] = ()

    def best_named(self) -> tuple[int, str] | None:
        best: tuple[int, str] | None = None
        for seat, name in self.named:
            if name is not None and (best is None or NUMBER[base_name(name)] > NUMBER[base_name(best[1])]):
                best = (seat, name)
        return best


def read_auction(bidders: Sequence[int], calls: Sequence[tuple[int, str]]) -> Auction:
    """Replay ``calls`` (seat, call) made by ``bidders`` (in speaking order, first hand first)."""
    spoke: set[int] = set()
    passed: set[int] = set()
    level: int | None = None
    holder: int | None = None
    igra: list[int] = []
    named: list[tuple[int, str | None]] = []
    for seat, call in calls:
        if igra and len(named) < len(igra) and all(s in spoke for s in bidders):
            named.append((seat, None if call == PASS else call))
        elif call == IGRA:
            igra.append(seat)
        elif call == PASS:
            passed.add(seat)
        else:
            number = bid_number(call)
            if number is not None:
                level, holder = number, seat
        spoke.add(seat)
    order = list(bidders)
    if igra:
        unspoken = [s for s in _clockwise_after(order, igra[0]) if s not in spoke]
        if unspoken:
            return Auction("igra", unspoken[0], level, holder, tuple(igra), tuple(named))
        if len(named) < len(igra):
            return Auction("naming", igra[len(named)], level, holder, tuple(igra), tuple(named))
        return Auction("over", None, level, holder, tuple(igra), tuple(named))
    remaining = [s for s in order if s not in passed]
    if not remaining or (len(remaining) == 1 and holder == remaining[0] and all(s in spoke for s in order)):
        return Auction("over", None, level, holder)
    speaker = next_speaker(order, calls[-1][0] if calls else None, passed)
    if speaker is None:  # pragma: no cover - remaining was non-empty
        return Auction("over", None, level, holder)
    return Auction("talon", speaker, level, holder)


def _clockwise_after(order: list[int], seat: int) -> list[int]:
    i = order.index(seat)
    return [order[(i + k) % len(order)] for k in range(1, len(order))]


def auction_legal(bidders: Sequence[int], calls: Sequence[tuple[int, str]], seat: int) -> list[str]:
    """The calls ``seat`` may make now (docs/variants/balkan.md, "Actions")."""
    state = read_auction(bidders, calls)
    first_call = all(s != seat for s, _ in calls)
    if state.stage == "igra":
        return [PASS, IGRA]
    if state.stage == "naming":
        best = state.best_named()
        floor = NUMBER[base_name(best[1])] if best is not None else LOWEST - 1
        names = [igra_name(name) for name, number, _, _ in LADDER if number > floor]
        return names if best is None else [PASS, *names]
    legal = [PASS]
    if state.level is None:
        legal.append(str(LOWEST))
    elif state.holder is not None and list(bidders).index(seat) < list(bidders).index(state.holder):
        legal.append(str(state.level))  # hold: "mine" at the same number, for the earlier seat
    elif state.level < HIGHEST:
        legal.append(str(state.level + 1))
    if first_call:
        legal.append(IGRA)
    return legal


# ---------------------------------------------------------------- defence


@dataclass(frozen=True)
class Defence:
    """The defence read from its calls.

    ``followers`` said follow (both, automatically, in an all-follow betl); ``inviter`` invited the passer
    ``invited`` (or brought him in with a kontra); ``kontra_by`` started the first chain, which reached
    ``kontra_level`` (0: no kontra); ``kontras`` are all the chains, (kontra-giver, level) in the order they
    were said (two with ``kontra.chains = "each"`` when both followers said kontra). ``players`` are the
    defenders who play. ``to_speak`` is who calls next and ``options`` what he may call (``None`` when the
    defence is settled).
    """

    followers: tuple[int, ...]
    inviter: int | None
    invited: int | None
    kontra_by: int | None
    kontra_level: int
    players: tuple[int, ...]
    to_speak: int | None
    options: tuple[str, ...] = ()
    kontras: tuple[tuple[int, int], ...] = ()

    def level_of(self, seat: int) -> int:
        """The level of ``seat``'s own chain, 0 if he said no kontra."""
        return next((level for k, level in self.kontras if k == seat), 0)

    @property
    def top_level(self) -> int:
        """The highest level of any chain: the declarer's own multiplier (BAL-KON-06, GAP-BAL-09 [D])."""
        return max((level for _, level in self.kontras), default=0)


def read_defence(declarer: int, defenders: Sequence[int], calls: Sequence[tuple[int, str]],
                 auto_follow: bool, may_invite: bool, max_level: int | None, each: bool = False) -> Defence:
    """Replay the defence calls (follow round, kontra round, chains). ``auto_follow``: every defender follows
    without a call (betl); ``may_invite``: a lone follower may invite; ``max_level``: the chain's cap;
    ``each``: every follower may say kontra and has a chain of his own, which the declarer answers in turn
    (GAP-BAL-09), else the first kontra ends the kontra round (one chain)."""
    rest = list(calls)
    followers: list[int] = list(defenders) if auto_follow else []
    if not auto_follow:
        for seat in defenders:
            if not rest:
                return _asking(followers, seat, (PASS, FOLLOW))
            if rest.pop(0)[1] == FOLLOW:
                followers.append(seat)
    passers = [s for s in defenders if s not in followers]
    lone = len(followers) == 1 and len(passers) == 1
    givers: list[int] = []
    inviter: int | None = None
    for seat in followers:
        if not rest:
            return _asking(followers, seat, (NO_KONTRA, kontra_call(1)) + ((INVITE,) if lone and may_invite else ()))
        call = rest.pop(0)[1]
        if call == INVITE:
            inviter = seat
            break
        if kontra_level(call) == 1:
            givers.append(seat)
            if not each:
                break
    if givers and lone:
        inviter = givers[0]  # a lone follower's kontra brings the passer in (BAL-DEF-07)
    chains: list[tuple[int, int]] = []
    for kontra_by in givers:  # each chain in turn: the declarer answers, the kontra-giver answers him ...
        level, turn = 1, declarer
        while max_level is None or level < max_level:
            if not rest:
                return _asking(followers, turn, (NO_KONTRA, kontra_call(level + 1)), kontra_by, level,
                               (*chains, (kontra_by, level)))
            if kontra_level(rest.pop(0)[1]) != level + 1:
                break
            level += 1
            turn = kontra_by if turn == declarer else declarer
        chains.append((kontra_by, level))
    invited = passers[0] if inviter is not None and passers else None
    players = tuple(s for s in defenders if s in followers or s == invited)
    first = chains[0] if chains else (None, 0)
    return Defence(tuple(followers), inviter, invited, first[0], first[1], players, None, (), tuple(chains))


def _asking(followers: list[int], seat: int, options: tuple[str, ...], kontra_by: int | None = None,
            level: int = 0, chains: tuple[tuple[int, int], ...] = ()) -> Defence:
    """A defence still in progress: ``seat`` must choose one of ``options`` (in a chain, ``kontra_by``'s,
    at ``level``)."""
    return Defence(tuple(followers), None, None, kontra_by, level, (), seat, options, chains)


def two_needs_kontra(contract: str, declarer_refe: int, rules: BalkanRules) -> bool:
    """BAL-KON-08: the two (spades with the talon) is played only under kontra, unless the declarer holds
    an unplayed refe (``two.unless_refe``)."""
    return (contract == "spades" and bool(rules.two.needs_kontra)
            and not (rules.two.unless_refe and declarer_refe > 0))


def read_deal_defence(declarer: int, defenders: Sequence[int], contract: Any, calls: Sequence[tuple[int, str]],
                      declarer_refe: int, rules: BalkanRules) -> Defence:
    """The defence of one deal under ``rules`` (the betl all-follow, the invitation, the chain's cap)."""
    auto = contract.kind == "betl" and bool(rules.betl.all_follow)
    invite = bool(rules.defence.invitation) and not two_needs_kontra(contract.name, declarer_refe, rules)
    return read_defence(declarer, defenders, calls, auto, invite, rules.kontra.max_level,
                        rules.kontra.chains == "each")


def defenders_of(declarer: int, active: Sequence[int], n_seats: int) -> tuple[int, ...]:
    """The defenders in speaking order: clockwise from the declarer's left (BAL-KON-03)."""
    return tuple(s for s in ((declarer + k) % n_seats for k in range(1, n_seats)) if s in active)
