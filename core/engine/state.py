"""The state of a deal in progress: the phases and the engine's mutable :class:`Deal` (hooks never see it).

Its own module so that the game (``game.py``) and the per-seat views built from it (``observation.py``)
both read it without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from preferans.core.engine.play import TrickPlay
from preferans.core.model.contracts import ContractSpec
from preferans.core.model.views import Defended


class Phase(StrEnum):
    AUCTION = "auction"
    DISCARD = "discard"
    DECLARE = "declare"
    DEFENCE = "defence"
    PLAY = "play"
    OVER = "over"


@dataclass(slots=True)  # slots: the engine reads and writes its fields at every action
class Deal:
    """The mutable state of the deal in progress (the engine's own; hooks never see it)."""

    number: int
    dealer: int
    active: tuple[int, ...]
    hands: list[int]
    talon_cards: tuple[int, ...]
    dealt: tuple[int, ...]
    phase: Phase = Phase.AUCTION
    to_act: int = 0
    calls: list[tuple[int, str]] = field(default_factory=list)
    declarer: int | None = None
    bid: str | None = None
    talon_taken: bool = False
    talon_to: int | None = None
    """The seat that took the talon up (``TakeTalon``), so the views know who saw it."""
    talon_public: bool = False
    """The talon was shown to everybody as it was taken (the bid's row has ``talon_shown``)."""
    discard: int = 0
    to_discard: int = 0
    discarded_by: list[int] = field(default_factory=list)
    declaration_calls: list[tuple[int, str]] = field(default_factory=list)
    contract: ContractSpec | None = None
    defence_calls: list[tuple[int, str]] = field(default_factory=list)
    defended: Defended | None = None
    play: TrickPlay | None = None
    all_pass: bool = False
    controllers: list[int] = field(default_factory=list)
    pack: tuple[int, ...] = ()
    """The 32 cards in the order dealt: ten to each bidder in speaking order, then the talon."""
    held: tuple[int, ...] = ()
    """Every hand when the contract was declared (after the discards), for ``DealResult.held``."""

    @property
    def first_hand(self) -> int:
        return self.active[0]

    @property
    def talon(self) -> int:
        m = 0
        for c in self.talon_cards:
            m |= 1 << c
        return m

    def copy(self) -> Deal:
        play = self.play.copy() if self.play is not None else None
        # during play the trick play and the deal share one list of hands; keep it shared in the copy
        hands = play.hands if play is not None else self.hands.copy()
        return replace(
            self, hands=hands, play=play, calls=self.calls.copy(), discarded_by=self.discarded_by.copy(),
            declaration_calls=self.declaration_calls.copy(), defence_calls=self.defence_calls.copy(),
        )
