"""Perft for card play: exact counts of legal actions and of play sequences from fixed dealt positions.

Chess engines prove their move generators by counting the positions reachable in 1, 2, 3 ... moves
("perft") and comparing with numbers everybody agrees on. Here a *position* is a pack dealt in a known
order plus the calls that lead to the first card of play, and optionally a ``prefix`` of cards played from
there; ``perft(d)`` is the number of distinct sequences of ``d`` cards of play after the prefix (a sequence
that ends the deal early, by an early-stop rule, is not extended). ``perft(1)`` is the number of legal cards
at the start of the count.

The positions are a family's data: each preset level of a variant's chain may ship them in its conformance
kit, ``<package>/conformance/perft.toml`` (:data:`DATA`), so every variant finds the positions of every
family in its chain, and a third-party family ships its own. Nothing here names a family.

The golden numbers come from :func:`reference_counts`, an enumeration that knows only the position's rule
facts written in the data file (who leads, the trump, which hands play, the talon cards that lead and
whether they can win, the early stop) and plays tricks with plain lists through ``reference.py``; it never
touches the engine's bit masks or the variant's hooks. :func:`engine_counts` counts the same through
``Game.legal_actions`` and ``Game.apply``. ``tests/testing/test_perft.py`` keeps the three equal (golden = reference
= engine for the variant the position was written for); the conformance check
:func:`check_play_perft_matches_family` holds every variant of the family to the golden numbers and to what
each seat sees before and after the first card, unless its rules differ from those the position depends on.
A position whose rules the variant has but whose calls it cannot make fails: the variant does not play the
family's game.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from types import ModuleType
from typing import Any

from preferans.core.engine.game import Game, Phase
from preferans.core.model.cards import CARD_INDEX, CARD_NAMES
from preferans.core.model.errors import IllegalActionError
from preferans.core.rules.config import Variant, load_variant, playable_variants
from preferans.core.testing.messages import (
    check_message,  # absolute: one note book, whatever name pytest imports this module by
)

from . import reference

KIT = "conformance"
"""The folder of a family's package that holds its conformance kit."""
DATA = "perft.toml"
"""The positions' file in the kit: ``<package>/conformance/perft.toml``."""
DEALER = 0
"""Every position is the first deal of a game whose first dealer is seat 0."""


@dataclass(frozen=True)
class Position:
    """One dealt position of a kit's ``perft.toml``: how to reach it and the rule facts of its play."""

    name: str
    family: str
    variant: str
    source: str
    """Where it was read: ``<preset>/conformance/perft.toml``."""
    pack: tuple[str, ...]
    actions: tuple[str, ...]
    leader: int
    hands: tuple[int, ...]
    """The hands that play, in clockwise order (the dealer is seat 0, first hand seat 1)."""
    trump: str | None
    counts: tuple[int, ...]
    players: int = 3
    """With four players the dealer (seat 0) sits out and seats 1, 2, 3 get the cards."""
    prefix: tuple[str, ...] = ()
    """Cards played from the first card of play on, before the count starts."""
    tricks: tuple[int, ...] = ()
    """For each seat, the tricks it has won, summed over the ``perft(depth)`` sequences and those that ended
    the deal sooner (the leaves of the enumeration): what tells a wrong trick winner apart."""
    must_beat: bool = False
    must_trump: bool = True
    declarer: int | None = None
    talon_to: int | None = None
    discard: tuple[str, ...] = ()
    exchanges: tuple[tuple[int, tuple[str, ...], tuple[str, ...]], ...] = ()
    """After the talon: ``(seat, cards it picks up, cards it lays away)``, in order (a take-over of the
    discard, say)."""
    talon_leads: int = 0
    talon_wins: bool = False
    """A talon card that leads a trick can win it, for the dealer (four players); else it only names the suit."""
    stop_declarer_at: int | None = None
    stop_defence_at: int | None = None
    assumes: Mapping[str, Any] = field(default_factory=dict)
    """Rules values the position depends on, written out (a variant that sets them otherwise skips it)."""
    depends: tuple[str, ...] = ()
    """Rules keys or sections whose values the position takes from its own variant (``variant``, with
    ``players``): a variant that sets them otherwise skips it; one that sets them so must reach it."""
    visible_before: tuple[tuple[int, ...], ...] = ()
    """For each seat, the hands it sees at the first card of play, before it is played."""
    visible: tuple[tuple[int, ...], ...] = ()
    """For each seat, the hands it sees once the first card is played."""
    talon_before: tuple[bool, ...] = ()
    """For each seat, whether it sees a talon card before the first card of play."""
    why: Mapping[str, str] = field(default_factory=dict)
    """The rule IDs of the facts: ``leader``, ``visible_before``, ``visible``, ``talon``."""

    @property
    def seats(self) -> int:
        """The places at the table: the players, and never fewer than the three hands dealt."""
        return max(self.players, 3)

    @property
    def dealt(self) -> tuple[int, ...]:
        """The seats that get cards, in dealing order: first hand, then clockwise; with four players the
        dealer sits out."""
        return tuple((DEALER + i) % self.players for i in range(1, 4))


def _flags(raw: Any) -> tuple[bool, ...]:
    return tuple(bool(v) for v in raw)


def _position(name: str, p: Mapping[str, Any], family: str, source: str, depends: Sequence[str]) -> Position:
    try:
        pos = Position(
            name=name, family=p.get("family", family), variant=p["variant"], source=source,
            pack=tuple(p["pack"].split()), actions=tuple(p["actions"]), leader=p["leader"], hands=tuple(p["hands"]),
            trump=p.get("trump"), counts=tuple(p["counts"]), players=p.get("players", 3),
            prefix=tuple(p.get("prefix", ())), tricks=tuple(p.get("tricks", ())),
            must_beat=p.get("must_beat", False), must_trump=p.get("must_trump", True),
            declarer=p.get("declarer"), talon_to=p.get("talon_to"), discard=tuple(p.get("discard", ())),
            exchanges=tuple((e["seat"], tuple(e["gets"]), tuple(e["lays"])) for e in p.get("exchanges", ())),
            talon_leads=p.get("talon_leads", 0), talon_wins=p.get("talon_wins", False),
            stop_declarer_at=p.get("stop_declarer_at"), stop_defence_at=p.get("stop_defence_at"),
            assumes=dict(p.get("assumes", {})),
            depends=tuple(dict.fromkeys([*depends, *p.get("depends", ())])),
            visible_before=tuple(tuple(v) for v in p.get("visible_before", ())),
            visible=tuple(tuple(v) for v in p.get("visible", ())),
            talon_before=_flags(p.get("talon_before", ())), why=dict(p.get("why", {})),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"{source}: perft position {name}: missing or malformed key {exc}") from None
    problems = []
    if sorted(pos.pack) != sorted(CARD_NAMES) or len(pos.pack) != 32:
        problems.append("pack is not the 32 cards once each")
    for key in ("visible_before", "visible", "talon_before"):
        seen = getattr(pos, key)
        if seen and len(seen) != pos.players:
            problems.append(f"{key} has {len(seen)} entries, one per seat of {pos.players} wanted")
    if pos.tricks and len(pos.tricks) != pos.seats:
        problems.append(f"tricks has {len(pos.tricks)} entries, one per seat of {pos.seats} wanted")
    if problems:
        raise ValueError(f"{source}: perft position {name}: " + "; ".join(problems))
    return pos


def read_positions(text: str, family: str, source: str) -> list[Position]:
    """The positions of one ``perft.toml``: its ``[position.NAME]`` tables; a top-level ``depends`` list is
    added to each position's own."""
    raw = tomllib.loads(text)
    depends = tuple(raw.get("depends", ()))
    return [_position(name, p, family, source, depends) for name, p in raw.get("position", {}).items()]


def _kit_file(module: ModuleType) -> Traversable | None:
    if not hasattr(module, "__path__"):  # a single-module plugin has no folder of its own
        return None
    item = resources.files(module) / KIT / DATA
    return item if item.is_file() else None


def positions_of(variant: Variant) -> list[Position]:
    """The positions of every preset level of the variant's chain (``<package>/conformance/perft.toml``),
    the family base's first."""
    out: list[Position] = []
    seen: set[str] = set()
    for level in variant.chain:
        item = _kit_file(level.module)
        if item is None:
            continue
        for p in read_positions(item.read_text(encoding="utf-8"), level.name, f"{level.name}/{KIT}/{DATA}"):
            if p.name in seen:
                raise ValueError(f"{p.source}: perft position {p.name} is named twice in the chain of {variant.name}")
            seen.add(p.name)
            out.append(p)
    return out


def load_positions() -> list[Position]:
    """The positions of every installed variant's chain, each once."""
    out: dict[tuple[str, str], Position] = {}
    for name in playable_variants():
        for p in positions_of(load_variant(name)):
            out.setdefault((p.source, p.name), p)
    return list(out.values())


# ---------------------------------------------------------------- the independent reference


def _winner(trick: Sequence[tuple[int | None, str]], trump: str | None, talon_owner: int | None = None) -> int | None:
    """Who takes a trick of ``(seat, card)`` (seat ``None``: a talon card, which only names the suit, or with
    ``talon_owner`` plays for him): the highest trump, else the highest card of the suit led. ``None`` when
    no player's card can win."""
    led = trick[0][1][-1]
    best: tuple[int, int | None] | None = None
    for seat, card in trick:
        if seat is None:
            if talon_owner is None:
                continue
            seat = talon_owner
        suit, rank = card[-1], reference.RANK_ORDER.index(card[:-1])
        power = 100 + rank if trump is not None and suit == trump else rank if suit == led else -1
        if power >= 0 and (best is None or power > best[0]):
            best = (power, seat)
    return None if best is None else best[1]


def _deal(p: Position) -> tuple[dict[int, list[str]], list[str]]:
    """Hands as lists: ten cards to each seat in dealing order (first hand first), the last two are the talon;
    the declarer who takes the talon adds it and lays ``discard`` away; then each exchange."""
    hands = {seat: list(p.pack[10 * i:10 * i + 10]) for i, seat in enumerate(p.dealt)}
    talon = list(p.pack[30:32])
    if p.talon_to is not None:
        hands[p.talon_to] += talon
        for card in p.discard:
            hands[p.talon_to].remove(card)
    for seat, gets, lays in p.exchanges:
        hands[seat] += gets
        for card in lays:
            hands[seat].remove(card)
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
        s.trick.append((None, s.talon[s.done]))  # the talon card leads and names the suit (talon_leads)
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
    winner = _winner(n.trick, p.trump, DEALER if p.talon_wins else None)
    if winner is not None:
        n.won[winner] = n.won.get(winner, 0) + 1
    # after a talon-led trick the same seat leads again, whoever won it
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


def _reference_start(p: Position) -> _State:
    hands, talon = _deal(p)
    s = _State(hands, talon, p.leader)
    _open(p, s)
    for card in p.prefix:
        if s.over or card not in _moves(p, s):
            raise ValueError(f"{p.source}: perft position {p.name}: the prefix card {card} may not be played "
                             f"there by the position's rules (legal: {', '.join(_moves(p, s)) or 'none'})")
        s = _play(p, s, card)
    return s


def reference_counts(p: Position, depth: int) -> list[int]:
    """``[perft(1), ..., perft(depth)]`` by the list-based reference."""
    return reference_perft(p, depth)[0]


def reference_perft(p: Position, depth: int) -> tuple[list[int], list[int]]:
    """The counts and the tricks won at the leaves (:attr:`Position.tricks`) by the list-based reference,
    after the position's prefix."""
    counts = [0] * depth
    tricks = [0] * p.seats

    def walk(s: _State, d: int) -> None:
        if d == depth or s.over:
            for seat, won in s.won.items():
                tricks[seat] += won
            return
        for card in _moves(p, s):
            counts[d] += 1
            walk(_play(p, s, card), d + 1)

    walk(_reference_start(p), 0)
    return counts, tricks


# ---------------------------------------------------------------- the engine


class Unreachable(AssertionError):
    """The position's calls (or its prefix) cannot be made in this variant, though its rules are the
    position's: the variant does not play the family's game."""


def set_up(variant: Variant, p: Position) -> Game:
    """The game at the position's first card of play; raises :class:`Unreachable`, naming the action and
    what was legal, when a call of the position is not legal or the calls lead elsewhere."""
    game = Game(variant, seed=0, first_dealer=DEALER, deals=[[CARD_INDEX[c] for c in p.pack]])
    for i, action in enumerate(p.actions, 1):
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise Unreachable(check_message(
                "perft position {name} ({source}): call {i} of {n}, {action}, is not legal in {variant} (legal: "
                "{legal}), whose rules are those the position depends on", name=p.name, source=p.source, i=i,
                n=len(p.actions), action=action, variant=variant.name,
                legal=", ".join(exc.legal) or check_message("nothing"))) from None
    if game.results:
        raise Unreachable(check_message(
            "perft position {name} ({source}): after the calls {actions} the deal is at its end, not at its first "
            "card of play", name=p.name, source=p.source, actions=" ".join(p.actions)))
    if game.phase is not Phase.PLAY:
        raise Unreachable(check_message(
            "perft position {name} ({source}): after the calls {actions} the deal is at {phase}, not at its first "
            "card of play", name=p.name, source=p.source, actions=" ".join(p.actions), phase=game.phase.value))
    return game


def play_prefix(game: Game, p: Position) -> Game:
    """A copy of ``game`` (at the first card) after the position's prefix; :class:`Unreachable` names a card
    the variant does not allow."""
    game = game.clone()
    for i, card in enumerate(p.prefix, 1):
        try:
            game.apply(card)
        except IllegalActionError as exc:
            raise Unreachable(check_message(
                "perft position {name} ({source}): card {i} of the prefix, {card}, is not legal in {variant} (legal: "
                "{legal})", name=p.name, source=p.source, i=i, card=card, variant=game.variant.name,
                legal=", ".join(exc.legal) or check_message("nothing"))) from None
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


# ---------------------------------------------------------------- which positions apply


def _get(rules: Any, dotted: str) -> Any:
    value = rules
    for part in dotted.split("."):
        value = value.get(part) if isinstance(value, Mapping) else getattr(value, part, None)
    return value


@functools.lru_cache(maxsize=64)
def own_variant(name: str, players: int) -> Variant:
    """The variant a position was written for, with its number of players."""
    return load_variant(name, {"players": players})


def expected_rules(p: Position) -> dict[str, Any]:
    """The rules values the position's play depends on: ``players``, the ``depends`` keys as its own variant
    sets them, and ``assumes`` over those."""
    own = own_variant(p.variant, p.players).rules
    values: dict[str, Any] = {"players": p.players}
    values.update({key: _get(own, key) for key in p.depends})
    values.update(p.assumes)
    return values


def differing(variant: Variant, p: Position) -> list[str]:
    """The rules values the position depends on that this variant sets otherwise (``key = value``)."""
    return [f"{k} = {_get(variant.rules, k)!r} (the position assumes {v!r})" for k, v in expected_rules(p).items()
            if _get(variant.rules, k) != v]


def applicable(variant: Variant) -> Iterator[Position]:
    """The positions of the variant's chain whose rules it has (:func:`differing` is empty); each must be
    reachable in it."""
    for p in positions_of(variant):
        if not differing(variant, p):
            yield p


def skipped(variant: Variant) -> dict[str, list[str]]:
    """The positions of the variant's chain it skips, each with the rules values that differ."""
    return {p.name: d for p in positions_of(variant) if (d := differing(variant, p))}


# ---------------------------------------------------------------- the check


def _shown(game: Game, seat: int) -> list[int]:
    """The hands ``seat`` sees now that hold cards (a sitting-out dealer's empty place is no hand)."""
    return sorted(h for h, cards in game.seen_cards(seat).hands.items() if cards)


def _check_visible(game: Game, p: Position, when: str) -> None:
    wanted = p.visible_before if when == "before" else p.visible
    rule = p.why.get("visible_before" if when == "before" else "visible", "?")
    for seat, seen in enumerate(wanted):
        shown = _shown(game, seat)
        if when == "before":
            assert shown == sorted(seen), check_message(
                "perft position {name}: before the first card seat {seat} sees the hands {shown}, the rules ({rule}) "
                "show it {seen}", name=p.name, seat=seat, shown=shown, rule=rule, seen=sorted(seen))
        else:
            assert shown == sorted(seen), check_message(
                "perft position {name}: after the first card seat {seat} sees the hands {shown}, the rules ({rule}) "
                "show it {seen}", name=p.name, seat=seat, shown=shown, rule=rule, seen=sorted(seen))
    if when == "before":
        for seat, sees in enumerate(p.talon_before):
            got = game.seen_cards(seat).talon != 0
            where = {"name": p.name, "seat": seat, "rule": p.why.get("talon", "?")}
            assert got == sees, (
                check_message("perft position {name}: before the first card seat {seat} sees a talon card: True; "
                              "the rules ({rule}) say False", **where) if got else
                check_message("perft position {name}: before the first card seat {seat} sees a talon card: False; "
                              "the rules ({rule}) say True", **where))


def check_position(variant: Variant, p: Position) -> None:
    """One position in ``variant``: reachable, its leader, what each seat sees before and after the first
    card, and the golden counts and tricks after its prefix."""
    game = set_up(variant, p)
    play = game.deal.play
    assert play is not None and play.to_play == p.leader, check_message(
        "perft position {name}: hand {hand} leads, the rules ({rule}) say hand {leader}", name=p.name,
        hand=play and play.to_play, rule=p.why.get("leader", "?"), leader=p.leader)
    _check_visible(game, p, "before")
    start = play_prefix(game, p)
    if p.visible:
        first = game.clone()
        first.apply(p.prefix[0] if p.prefix else first.legal_actions()[0])
        _check_visible(first, p, "after")
    try:
        got, won = engine_perft(start, len(p.counts), p.counts)
    except TooMany as over:
        raise AssertionError(check_message("perft position {name}: the engine has {over} of play, the family's "
                                           "rules give {counts}", name=p.name, over=over,
                                           counts=list(p.counts))) from None
    assert got == list(p.counts), check_message(
        "perft position {name}: the engine counts {got} play sequences of 1..{n} cards, the family's rules give "
        "{counts}", name=p.name, got=got, n=len(p.counts), counts=list(p.counts))
    assert not p.tricks or won == list(p.tricks), check_message(
        "perft position {name}: over those sequences the seats from 0 up win {won} tricks, the family's rules give "
        "{tricks} (a trick goes to the wrong seat)", name=p.name, won=won, tricks=list(p.tricks))


def check_play_perft_matches_family(variant: Variant) -> list[str]:
    """Every position of the variant's chain whose rules it has (:func:`applicable`) is reachable and gives
    the golden counts; each seat sees what the position says before and after the first card. Returns the
    positions checked."""
    checked = []
    for p in applicable(variant):
        check_position(variant, p)
        checked.append(p.name)
    return checked
