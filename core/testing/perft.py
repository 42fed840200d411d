"""Perft for card play: exact counts of legal actions and of play sequences from fixed dealt positions.

Chess engines prove their move generators by counting the positions reachable in 1, 2, 3 ... moves
("perft") and comparing with numbers everybody agrees on. Here a *position* is a pack dealt in a known
order plus the calls that lead to the first card of play (``perft.toml``, beside this module); ``perft(d)``
is the number of distinct sequences of ``d`` cards of play from there (a sequence that ends the deal early,
by an early-stop rule, is not extended). ``perft(1)`` is the number of legal first cards.

The golden numbers come from :func:`reference_counts`, an enumeration that knows only the position's rule
facts written in the data file (who leads, the trump, which hands play, the talon cards that lead, the
early stop) and plays tricks with plain lists through ``reference.py``; it never touches the engine's bit
masks or the variant's hooks. :func:`engine_counts` counts the same through ``Game.legal_actions`` and
``Game.apply``. ``tests/test_perft.py`` keeps the three equal (golden = reference = engine for the variant
the position was written for); the conformance check :func:`check_play_perft_matches_family` holds every
variant of the family to the golden numbers, unless its rules differ from those the position assumes.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from preferans.core.engine.game import Game, Phase
from preferans.core.model.cards import CARD_INDEX
from preferans.core.model.errors import IllegalActionError
from preferans.core.rules.config import Variant
from preferans.core.testing.messages import (
    check_message,  # absolute: one note book, whatever name pytest imports this module by
)

from . import reference

DATA = "perft.toml"


@dataclass(frozen=True)
class Position:
    """One dealt position of ``perft.toml``: how to reach it and the rule facts of its play."""

    name: str
    family: str
    variant: str
    pack: tuple[str, ...]
    actions: tuple[str, ...]
    leader: int
    hands: tuple[int, ...]
    """The hands that play, in clockwise order (seats 0, 1, 2 clockwise, the dealer is seat 0)."""
    trump: str | None
    counts: tuple[int, ...]
    tricks: tuple[int, ...] = ()
    """Seats 0, 1, 2: the tricks each has won, summed over the ``perft(depth)`` sequences and those that
    ended the deal sooner (the leaves of the enumeration): what tells a wrong trick winner apart."""
    must_beat: bool = False
    must_trump: bool = True
    declarer: int | None = None
    talon_to: int | None = None
    discard: tuple[str, ...] = ()
    talon_leads: int = 0
    stop_declarer_at: int | None = None
    stop_defence_at: int | None = None
    assumes: Mapping[str, Any] = field(default_factory=dict)
    visible: tuple[tuple[int, ...], ...] = ()
    """For each seat, the hands it sees once the first card is played (``Game.visible_hands``)."""


def load_positions() -> list[Position]:
    """The positions of ``perft.toml``."""
    raw = tomllib.loads(resources.files(__package__).joinpath(DATA).read_text(encoding="utf-8"))
    out = []
    for name, p in raw["position"].items():
        out.append(Position(
            name=name, family=p["family"], variant=p["variant"], pack=tuple(p["pack"].split()),
            actions=tuple(p["actions"]), leader=p["leader"], hands=tuple(p["hands"]),
            trump=p.get("trump"), counts=tuple(p["counts"]), tricks=tuple(p.get("tricks", ())),
            must_beat=p.get("must_beat", False),
            must_trump=p.get("must_trump", True), declarer=p.get("declarer"), talon_to=p.get("talon_to"),
            discard=tuple(p.get("discard", ())), talon_leads=p.get("talon_leads", 0),
            stop_declarer_at=p.get("stop_declarer_at"), stop_defence_at=p.get("stop_defence_at"),
            assumes=p.get("assumes", {}), visible=tuple(tuple(v) for v in p.get("visible", ())),
        ))
    return out


# ---------------------------------------------------------------- the independent reference


def _winner(trick: Sequence[tuple[int | None, str]], trump: str | None) -> int | None:
    """Who takes a trick of ``(seat, card)`` (seat ``None``: a talon card that only names the suit): the
    highest trump, else the highest card of the suit led. ``None`` when no player's card can win."""
    led = trick[0][1][-1]
    best: tuple[int, int | None] | None = None
    for seat, card in trick:
        if seat is None:
            continue
        suit, rank = card[-1], reference.RANK_ORDER.index(card[:-1])
        power = 100 + rank if trump is not None and suit == trump else rank if suit == led else -1
        if power >= 0 and (best is None or power > best[0]):
            best = (power, seat)
    return None if best is None else best[1]


def _deal(p: Position) -> tuple[dict[int, list[str]], list[str]]:
    """Hands as lists: ten cards to each of seats 1, 2, 0 (the dealer 0 deals from his left), the last two
    are the talon; the declarer who takes the talon adds it and lays ``discard`` away."""
    hands = {1: list(p.pack[0:10]), 2: list(p.pack[10:20]), 0: list(p.pack[20:30])}
    talon = list(p.pack[30:32])
    if p.talon_to is not None:
        hands[p.talon_to] += talon
        for card in p.discard:
            hands[p.talon_to].remove(card)
    return hands, talon


@dataclass
class _State:
    hands: dict[int, list[str]]
    talon: list[str]
    leader: int
    trick: list[tuple[int | None, str]] = field(default_factory=list)
    to_play: int = 0
    done: int = 0
    won: dict[int, int] = field(default_factory=dict)
    over: bool = False


def _open(p: Position, s: _State) -> None:
    s.trick = []
    if s.done < p.talon_leads:
        s.trick.append((None, s.talon[s.done]))  # the talon card leads and names the suit (RUS-RASP-15)
    s.to_play = s.leader


def _moves(p: Position, s: _State) -> list[str]:
    led = s.trick[0][1][-1] if s.trick else None
    return sorted(reference.legal_cards(s.hands[s.to_play], [c for _, c in s.trick], led, p.trump, p.must_beat,
                                        p.must_trump))


def _play(p: Position, s: _State, card: str) -> _State:
    hands = {k: [c for c in v if c != card] if k == s.to_play else v for k, v in s.hands.items()}
    n = _State(hands, s.talon, s.leader, [*s.trick, (s.to_play, card)], s.to_play, s.done, dict(s.won))
    players = sum(1 for seat, _ in n.trick if seat is not None)
    if players < len(p.hands):
        n.to_play = p.hands[(p.hands.index(s.to_play) + 1) % len(p.hands)]
        return n
    winner = _winner(n.trick, p.trump)
    if winner is not None:
        n.won[winner] = n.won.get(winner, 0) + 1
    # after a talon-led trick the same seat leads again, whoever won it (RUS-RASP-15)
    n.leader = p.leader if n.done < p.talon_leads else winner if winner is not None else p.leader
    n.done += 1
    d = p.declarer
    mine = n.won.get(d, 0) if d is not None else 0
    n.over = n.done == 10 or (d is not None and (
        (p.stop_declarer_at is not None and mine >= p.stop_declarer_at)
        or (p.stop_defence_at is not None and n.done - mine >= p.stop_defence_at)))
    if not n.over:
        _open(p, n)
    return n


def reference_counts(p: Position, depth: int) -> list[int]:
    """``[perft(1), ..., perft(depth)]`` by the list-based reference."""
    return reference_perft(p, depth)[0]


def reference_perft(p: Position, depth: int) -> tuple[list[int], list[int]]:
    """The counts and the tricks won at the leaves (:attr:`Position.tricks`) by the list-based reference."""
    hands, talon = _deal(p)
    start = _State(hands, talon, p.leader)
    _open(p, start)
    counts = [0] * depth
    tricks = [0, 0, 0]

    def walk(s: _State, d: int) -> None:
        if d == depth or s.over:
            for seat, won in s.won.items():
                tricks[seat] += won
            return
        for card in _moves(p, s):
            counts[d] += 1
            walk(_play(p, s, card), d + 1)

    walk(start, 0)
    return counts, tricks


# ---------------------------------------------------------------- the engine


class NotReached(Exception):
    """The position's calls do not lead to its first card of play in this variant."""


def set_up(variant: Variant, p: Position) -> Game:
    """The game at the position's first card of play; raises :class:`NotReached` when the variant's calls
    differ from the family's or lead elsewhere (a house rule that throws an all-pass deal in): the
    position does not apply."""
    game = Game(variant, seed=0, deals=[[CARD_INDEX[c] for c in p.pack]])
    try:
        for action in p.actions:
            game.apply(action)
    except IllegalActionError as exc:
        raise NotReached(f"perft position {p.name}: {exc}") from None
    if game.phase is not Phase.PLAY or game.results:
        raise NotReached(f"perft position {p.name}: after the calls {list(p.actions)} the deal is in phase "
                         f"{game.phase}, not at its first card of play")
    return game


def engine_counts(game: Game, depth: int) -> list[int]:
    """``[perft(1), ..., perft(depth)]`` through ``Game.legal_actions`` and ``Game.apply``."""
    return engine_perft(game, depth)[0]


class TooMany(Exception):
    """More sequences than the limit at some depth (the enumeration stops there)."""

    def __init__(self, depth: int, limit: int) -> None:
        super().__init__(f"more than {limit} sequences of {depth} cards")
        self.depth, self.limit = depth, limit


def engine_perft(game: Game, depth: int, limit: Sequence[int] = ()) -> tuple[list[int], list[int]]:
    """The counts and the tricks won at the leaves, through ``Game.legal_actions`` and ``Game.apply``.
    With ``limit`` (the golden counts) the walk stops with :class:`TooMany` as soon as a count passes its
    limit: a broken rule that opens the tree up is told at once, not after enumerating all of it."""
    counts = [0] * depth
    tricks = [0] * game.n_hands
    deals = len(game.results)

    def walk(g: Game, d: int) -> None:
        if len(g.results) != deals:  # the deal ended early: its tricks are in its result
            for seat, won in enumerate(g.results[deals].tricks):
                tricks[seat] += won
            return
        if d == depth or g.phase is not Phase.PLAY:
            assert g.deal.play is not None
            for seat, won in enumerate(g.deal.play.tricks_won):
                tricks[seat] += won
            return
        for action in g.legal_actions():
            counts[d] += 1
            if limit and counts[d] > limit[d]:
                raise TooMany(d + 1, limit[d])
            child = g.clone()
            child.apply(action)
            walk(child, d + 1)

    walk(game, 0)
    return counts, tricks


def _get(rules: Any, dotted: str) -> Any:
    value = rules
    for part in dotted.split("."):
        value = getattr(value, part, None)
    return value


def differing(variant: Variant, p: Position) -> list[str]:
    """The rules values the position assumes that this variant sets otherwise (``key = value``)."""
    return [f"{k} = {_get(variant.rules, k)!r} (the position assumes {v!r})" for k, v in p.assumes.items()
            if _get(variant.rules, k) != v]


def applicable(variant: Variant) -> Iterator[tuple[Position, Game]]:
    """The positions of the variant's families that apply to it, each set up in a fresh game: the family
    is in the variant's preset chain, the variant has three players and the rules the position assumes,
    and the position's calls lead to its first card of play."""
    chain = {c.name for c in variant.chain}
    if variant.rules.players != 3:
        return
    for p in load_positions():
        if p.family not in chain or differing(variant, p):
            continue
        try:
            game = set_up(variant, p)
        except NotReached:
            continue  # the variant bids otherwise: the position cannot be reached in it
        yield p, game


def check_play_perft_matches_family(variant: Variant) -> list[str]:
    """Every applicable position (:func:`applicable`) gives the golden counts; and after its first card
    each seat sees the hands the position says. Returns the positions checked."""
    checked = []
    for p, game in applicable(variant):
        assert game.deal.play is not None and game.deal.play.to_play == p.leader, check_message(
            "perft position {name}: hand {hand} leads, the rules say hand {leader}", name=p.name,
            hand=game.deal.play and game.deal.play.to_play, leader=p.leader)
        try:
            got, won = engine_perft(game.clone(), len(p.counts), p.counts)
        except TooMany as over:
            raise AssertionError(check_message("perft position {name}: the engine has {over} of play, the family's "
                                               "rules give {counts}", name=p.name, over=over,
                                               counts=list(p.counts))) from None
        assert got == list(p.counts), check_message(
            "perft position {name}: the engine counts {got} play sequences of 1..{n} cards, the family's rules give "
            "{counts}", name=p.name, got=got, n=len(p.counts), counts=list(p.counts))
        assert not p.tricks or won == list(p.tricks), check_message(
            "perft position {name}: over those sequences seats 0, 1, 2 win {won} tricks, the family's rules give "
            "{tricks} (a trick goes to the wrong seat)", name=p.name, won=won, tricks=list(p.tricks))
        if p.visible:
            game.apply(game.legal_actions()[0])
            for seat, seen in enumerate(p.visible):
                shown = tuple(sorted(game.visible_hands(seat)))
                assert shown == tuple(sorted(seen)), check_message(
                    "perft position {name}: after the first card seat {seat} sees the hands {shown}, the rules show "
                    "it {seen}", name=p.name, seat=seat, shown=list(shown), seen=sorted(seen))
        checked.append(p.name)
    return checked
