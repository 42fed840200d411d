"""What one seat may know: the frozen per-seat view of a game (:class:`Observation`) and the entries of the
game's event log (:class:`Event`), both JSON-serialisable with stable English keys.

Built by the engine (``core/engine/observation.py``, ``Game.observation(seat)``, ``Game.events_for``); this
module only holds the values and their JSON form, so a user interface, a server or a bot can read them
without the engine. Cards are names (``"10H"``), seats and hands are numbers (with two players hand 2 is
the dummy's), a trick's talon card has the hand ``-2`` (it only names the suit) or ``-1`` (nobody's, a talon
card that can win). ``seat`` ``None`` is the spectator, who sees only what lies face up.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any

from preferans.core.model.cards import CARD_INDEX
from preferans.core.model.views import Amount, Entry

PUBLIC = None
"""``Event.visible_to`` of an event that every seat and spectator may see."""


def amount_json(x: Amount) -> int | str:
    """An amount as JSON: an integer, or ``"p/q"`` for a fraction (never a float)."""
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return int(x)


def entry_dict(e: Entry) -> dict[str, Any]:
    """One sheet line as JSON: ``account``, ``seat``, ``amount``, and ``other`` / ``note`` when set."""
    out: dict[str, Any] = {"account": e.account, "seat": e.seat, "amount": amount_json(e.amount)}
    if e.other is not None:
        out["other"] = e.other
    if e.note:
        out["note"] = e.note
    return out


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the game's event log: an action a seat took, or something the engine did.

    ``number`` counts from 0 over the whole match; ``deal`` is the deal's number; ``seat`` who acted
    (``None`` for the engine's own events); ``kind`` is ``"call"`` (auction), ``"discard"``, ``"declare"``,
    ``"defence"``, ``"card"`` for actions, and for the engine ``"deal_start"``, ``"hand_dealt"`` (a seat's
    ten cards, to that seat), ``"talon_taken"`` (the talon taken up: to the taker), ``"talon_shown"`` (taken
    up and shown to all, as the contract's row says),
    ``"pick_up"`` (discards taken up again), ``"hand_given"`` (a hand another seat plays, to him),
    ``"hand_opened"`` (a hand laid face up), ``"talon_card"`` (a talon card turned to lead a trick),
    ``"trick"`` (a trick closed: ``data`` has its cards and winner) and ``"deal_end"`` (``data``: the
    result and the sheet lines). ``action`` is the action or the cards (names joined by spaces); ``hand``
    the hand concerned, where it is not ``seat``'s own; ``visible_to`` the seats that may see the whole
    event (``None``: everybody); the others see it with ``action`` and ``data`` blanked.
    """

    number: int
    deal: int
    seat: int | None
    kind: str
    action: str | None
    visible_to: tuple[int, ...] | None = PUBLIC
    hand: int | None = None
    data: dict[str, Any] | None = None

    def seen_by(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_dict(self, seat: int | None = None, *, redact: bool = True) -> dict[str, Any]:
        """The event as JSON for ``seat`` (``None``: a spectator): blanked where that seat may not see it.
        ``redact=False`` gives the whole event (for the full record)."""
        whole = not redact or self.seen_by(seat)
        out: dict[str, Any] = {"number": self.number, "deal": self.deal, "seat": self.seat, "kind": self.kind,
                               "action": self.action if whole else None}
        if self.hand is not None:
            out["hand"] = self.hand
        if self.data is not None and whole:
            out["data"] = self.data
        if self.visible_to is not None:
            out["private"] = True
        return out


@dataclass(frozen=True, slots=True)
class SeenCards:
    """The cards one seat may see now, as masks: the card part of its :class:`Observation`, from the same
    rule, for a bot that reads them at every decision. ``hands`` maps each hand the seat sees to its cards;
    ``talon`` is the talon cards it sees (0: none), ``discard`` its own discard (0: none)."""

    hands: dict[int, int]
    talon: int
    discard: int


@dataclass(frozen=True)
class Observation:
    """Everything one seat (or a spectator, ``seat`` ``None``) may see of the game now, and nothing else.

    ``hands`` are the hands this seat sees (its own, those it plays for, those lying open), each sorted by
    card; ``hand_counts`` how many cards every hand holds (public). ``talon`` is the talon when this seat
    may see it (it took it up, the contract shows it to all, or its cards were turned to lead tricks:
    those turned so far), else ``None``; ``talon_count`` the talon cards still face down; ``talon_taken``
    whether it was taken up (public). ``discard`` is
    this seat's own discard (``None`` for the others); ``discard_count`` how many cards lie discarded.
    ``trick`` is the trick on the table as ``[hand, card]`` pairs in the order played, ``tricks`` the
    finished tricks of this deal (``{"cards": ..., "winner": hand}``), ``last_trick`` and ``last_result``
    the closing trick and the result of the deal before this one (kept while the next deal is played).
    ``totals`` and ``sheet`` are the score sheet: running totals and each scored deal's lines.
    ``event_count`` is the number the next event will get.
    """

    seat: int | None
    phase: str
    deal: int
    dealer: int
    active: list[int]
    n_players: int
    n_hands: int
    to_act: int
    legal: list[str]
    hands: dict[int, list[str]]
    hand_counts: dict[int, int]
    talon: list[str] | None
    talon_count: int
    talon_taken: bool
    discard: list[str] | None
    discard_count: int
    calls: list[tuple[int, str]]
    bid: str | None
    declaration_calls: list[tuple[int, str]]
    defence_calls: list[tuple[int, str]]
    declarer: int | None
    contract: str | None
    defending: list[int]
    to_play: int | None
    trick: list[tuple[int, str]]
    tricks: list[dict[str, Any]]
    tricks_won: dict[int, int]
    may_record_layout: bool
    last_trick: dict[str, Any] | None
    last_result: dict[str, Any] | None
    totals: list[dict[str, Any]]
    sheet: list[list[dict[str, Any]]]
    event_count: int
    over: bool = False
    settlement: list[int] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    """Room for what a later version adds, so old readers keep working."""

    @classmethod
    def build(cls, values: dict[str, Any]) -> Observation:
        """An observation from every field's value: what the engine calls, at every decision of a bot, so
        it fills the fields at once instead of through the frozen ``__init__``, one field at a time."""
        obj = object.__new__(cls)
        obj.__dict__.update(values)
        return obj

    def hand_mask(self, hand: int) -> int:
        """The cards of a hand this seat sees, as a mask (0 for a hand it does not see)."""
        m = 0
        for name in self.hands.get(hand, ()):
            m |= 1 << CARD_INDEX[name]
        return m

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: lists and string keys only (hand numbers as strings in ``hands``, ``hand_counts``,
        ``tricks_won``)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, dict) and f.name in _HAND_KEYED:
                value = {str(k): (list(v) if isinstance(v, list) else v) for k, v in value.items()}
            elif f.name in _PAIRS:
                value = [[a, b] for a, b in value]
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Observation:
        """The inverse of :meth:`to_dict` (for a client or a test)."""
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name in _HAND_KEYED and isinstance(value, dict):
                value = {int(k): v for k, v in value.items()}
            elif f.name in _PAIRS:
                value = [(a, b) for a, b in value]
            kwargs[f.name] = value
        return cls(**kwargs)


_HAND_KEYED = frozenset({"hands", "hand_counts", "tricks_won"})
_PAIRS = frozenset({"calls", "declaration_calls", "defence_calls", "trick"})
