"""The observation tensor: what one seat may see, as a fixed-length vector of floats.

The vector is made from the engine's per-seat :class:`~preferans.core.Observation` (which holds only what the
rules let the seat see) and the public settlement, and from nothing else, so it never depends on a card the
seat may not see. Seats and hands are counted from the observing seat: block entry 0 is the seat itself, 1
the next in table order, and so on. :attr:`Encoder.blocks` names each block with its offset and length (the
layout table of docs/env.md is made from it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from preferans.core import Observation, Variant
from preferans.core.model.cards import CARD_INDEX
from preferans.core.model.table import hand_slots
from preferans.env.actions import CARDS, ActionSpace

PHASES = ("auction", "discard", "declare", "defence", "play")
AMOUNT_LIMIT = 1e9
"""The bound of the sheet and settlement entries in an observation space (amounts / 100: never reached)."""
COUNT_BLOCKS = frozenset({"hand_counts", "talon_state", "discard_count"})
"""Blocks holding card counts (a count / 10 or / 2), not 0/1 marks."""
AMOUNT_BLOCKS = frozenset({"sheet", "settlement"})
"""Blocks holding amounts of the variant's unit / 100, of either sign."""
SHEET_SCALE = 100
"""Sheet amounts and the settlement are divided by this (a whist, a point, a stake is 0.01)."""


@dataclass(frozen=True)
class Block:
    """One named part of the vector: ``size`` floats from ``start``."""

    name: str
    start: int
    size: int
    meaning: str


class Encoder:
    """The observation tensor of one variant (its size depends on the players, the calls and the accounts)."""

    def __init__(self, variant: Variant, space: ActionSpace | None = None) -> None:
        self.space = space or ActionSpace.of(variant)
        self.players: int = variant.rules.players
        self.hands = hand_slots(self.players)
        self.accounts = variant.accounts
        self.capabilities = tuple(sorted(variant.capabilities))
        self.calls = self.space.calls
        n, h, c = self.players, self.hands, len(self.calls)
        specs = [
            ("phase", len(PHASES), "the phase: " + ", ".join(PHASES)),
            ("hands", h * CARDS, "the cards of each hand the seat sees (its own first), 0 for a hidden hand"),
            ("hand_counts", h, "how many cards each hand holds, / 10"),
            ("talon", CARDS, "the talon cards the seat has seen"),
            ("talon_state", 2, "talon cards still face down / 2; 1 if the talon was taken up"),
            ("discard", CARDS, "the seat's own discard"),
            ("discard_count", 1, "cards lying discarded / 2"),
            ("played", h * CARDS, "the cards each hand has played in this deal"),
            ("trick", h * CARDS, "the card each hand has put on the trick on the table"),
            ("leader", h, "the hand that led the trick on the table"),
            ("tricks_won", h, "tricks each hand has taken in this deal / 10"),
            ("auction", n * c, "each seat's last auction call (one of the call ids from 32, less 32)"),
            ("bid", c, "the bid that won the auction (once it is over)"),
            ("declaration", c, "the last call of the declaration (the game named after the talon)"),
            ("defence", n * c, "each seat's last defence call (whist, pass, follow, kontra ...)"),
            ("contract", c, "the contract being played"),
            ("declarer", n, "the declarer's seat"),
            ("defending", n, "the seats defending"),
            ("dealer", n, "the dealer's seat"),
            ("active", n, "the seats dealt in (with four players the dealer sits out)"),
            ("to_act", n, "the seat to act"),
            ("sheet", len(self.accounts) * n * (n + 1), (
                "each account of the sheet (the presets' accounts: " + (", ".join(self.accounts) or "none")
                + "), for each seat: the amount on no other seat, then on each other seat, / 100")),
            ("settlement", n, "each seat's settlement if the match stopped now, in the variant's unit / 100"),
            ("capabilities", len(self.capabilities), "the variant's capabilities: "
             + (", ".join(self.capabilities) or "none") + " (the same for every deal)"),
        ]
        blocks: list[Block] = []
        start = 0
        for name, size, meaning in specs:
            blocks.append(Block(name, start, size, meaning))
            start += size
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self.size = start
        self._at = {b.name: b.start for b in blocks}
        self._call = {word: i for i, word in enumerate(self.calls)}

    def _call_index(self, word: str) -> int | None:
        """The call's place among the call ids (a family's member: the family's), ``None`` for a word the
        variant does not know."""
        found = self._call.get(word)
        if found is None:
            try:
                found = self.space.id_of(word) - CARDS
            except KeyError:
                return None
        return found if found >= 0 else None

    def encode(self, obs: Observation, settlement: Sequence[Fraction] | None = None) -> npt.NDArray[np.float32]:
        """The vector of ``obs`` (one seat's observation) and the public ``settlement`` so far."""
        seat = obs.seat if obs.seat is not None else 0
        n, h, c = self.players, self.hands, len(self.calls)
        v = np.zeros(self.size, dtype=np.float32)
        at = self._at

        def rel_seat(x: int) -> int:
            return (x - seat) % n

        def rel_hand(x: int) -> int:
            return (x - seat) % h

        if obs.phase in PHASES:
            v[at["phase"] + PHASES.index(obs.phase)] = 1
        for hand, cards in obs.hands.items():
            base = at["hands"] + rel_hand(hand) * CARDS
            for card in cards:
                v[base + CARD_INDEX[card]] = 1
        for hand, count in obs.hand_counts.items():
            v[at["hand_counts"] + rel_hand(hand)] = count / 10
        for card in obs.talon or ():
            v[at["talon"] + CARD_INDEX[card]] = 1
        v[at["talon_state"]] = obs.talon_count / 2
        v[at["talon_state"] + 1] = float(obs.talon_taken)
        for card in obs.discard or ():
            v[at["discard"] + CARD_INDEX[card]] = 1
        v[at["discard_count"]] = obs.discard_count / 2
        for trick in obs.tricks:
            for hand, card in trick["cards"]:
                v[at["played"] + rel_hand(hand) * CARDS + CARD_INDEX[card]] = 1
        for hand, card in obs.trick:
            v[at["played"] + rel_hand(hand) * CARDS + CARD_INDEX[card]] = 1
            v[at["trick"] + rel_hand(hand) * CARDS + CARD_INDEX[card]] = 1
        if obs.trick:
            v[at["leader"] + rel_hand(obs.trick[0][0])] = 1
        for hand, won in obs.tricks_won.items():
            v[at["tricks_won"] + rel_hand(hand)] = won / 10
        self._last_calls(v, at["auction"], obs.calls, rel_seat, c)
        self._one(v, at["bid"], obs.bid)
        if obs.declaration_calls:
            self._one(v, at["declaration"], obs.declaration_calls[-1][1])
        self._last_calls(v, at["defence"], obs.defence_calls, rel_seat, c)
        self._one(v, at["contract"], obs.contract)
        if obs.declarer is not None and obs.declarer < n:
            v[at["declarer"] + rel_seat(obs.declarer)] = 1
        for s in obs.defending:
            v[at["defending"] + rel_seat(s)] = 1
        v[at["dealer"] + rel_seat(obs.dealer)] = 1
        for s in obs.active:
            v[at["active"] + rel_seat(s)] = 1
        if 0 <= obs.to_act < n:
            v[at["to_act"] + rel_seat(obs.to_act)] = 1
        self._sheet(v, obs, rel_seat)
        for s, amount in enumerate(settlement or ()):
            v[at["settlement"] + rel_seat(s)] = float(amount) / SHEET_SCALE
        v[at["capabilities"]:at["capabilities"] + len(self.capabilities)] = 1
        return v

    def _one(self, v: npt.NDArray[np.float32], start: int, word: str | None) -> None:
        i = self._call_index(word) if word else None
        if i is not None:
            v[start + i] = 1

    def _last_calls(self, v: npt.NDArray[np.float32], start: int, calls: Sequence[tuple[int, str]],
                    rel_seat: Callable[[int], int], c: int) -> None:
        last: dict[int, str] = {}
        for s, word in calls:
            last[s] = word
        for s, word in last.items():
            if s < self.players:
                self._one(v, start + rel_seat(s) * c, word)

    def _sheet(self, v: npt.NDArray[np.float32], obs: Observation, rel_seat: Callable[[int], int]) -> None:
        n = self.players
        start = self._at["sheet"]
        for line in obs.totals:
            account, s, other = line.get("account"), line.get("seat"), line.get("other")
            if account not in self.accounts or not isinstance(s, int) or not 0 <= s < n:
                continue
            col = 0 if other is None else 1 + rel_seat(int(other))
            i = ((self.accounts.index(str(account)) * n + rel_seat(s)) * (n + 1)) + col
            # an amount is an int or, for a fraction, "p/q" (the observation's JSON form): Fraction reads both
            v[start + i] += float(Fraction(line.get("amount") or 0)) / SHEET_SCALE

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The lowest and highest value of each entry, for an observation space: 0 .. 1 for the marks and
        shares, 0 .. 16 for the card counts (a count / 10 or / 2 of at most 32 cards), +-:data:`AMOUNT_LIMIT`
        for the sheet and the settlement."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.ones(self.size, dtype=np.float32)
        for block in self.blocks:
            part = slice(block.start, block.start + block.size)
            if block.name in AMOUNT_BLOCKS:
                low[part], high[part] = -AMOUNT_LIMIT, AMOUNT_LIMIT
            elif block.name in COUNT_BLOCKS:
                high[part] = CARDS / 2
        return low, high

    def describe(self) -> list[tuple[str, int, int, str]]:
        """The layout: each block's name, offset, length and meaning."""
        return [(b.name, b.start, b.size, b.meaning) for b in self.blocks]


def render(obs: Observation) -> str:
    """A few lines of text for a person: what the seat sees (its hand, the talon, the calls, the trick)."""
    lines = [f"deal {obs.deal + 1}, {obs.phase}, seat {obs.seat} to see, seat {obs.to_act} to act"]
    for hand, cards in sorted(obs.hands.items()):
        lines.append(f"hand {hand}: {' '.join(cards)}")
    if obs.talon:
        lines.append(f"talon: {' '.join(obs.talon)}")
    if obs.discard:
        lines.append(f"discard: {' '.join(obs.discard)}")
    calls = [*obs.calls, *obs.declaration_calls, *obs.defence_calls]
    if calls:
        lines.append("calls: " + ", ".join(f"{s} {w}" for s, w in calls))
    if obs.contract is not None:
        lines.append(f"contract: {obs.contract} by seat {obs.declarer}, tricks "
                     + ", ".join(f"{h}: {t}" for h, t in sorted(obs.tricks_won.items())))
    if obs.trick:
        lines.append("trick: " + ", ".join(f"{h} {c}" for h, c in obs.trick))
    lines.append("legal: " + " ".join(obs.legal))
    return "\n".join(lines)
