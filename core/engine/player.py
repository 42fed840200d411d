"""What sits at a seat: the protocol every bot (and a user interface standing in for a person) follows."""

from __future__ import annotations

from typing import Protocol

from preferans.core.engine.game import Game


class Bot(Protocol):
    """Anything that can choose an action for a seat."""

    name: str

    def choose(self, game: Game, seat: int) -> str:
        """One of ``game.legal_actions()`` for ``seat`` (the current player)."""
        ...
