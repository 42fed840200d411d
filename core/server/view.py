"""What the page needs beyond the engine's observation (``Game.observation``, ``Game.events_for``, which
decide who may see what): the variant's suit order, for sorting a hand."""

from __future__ import annotations

from preferans.core.engine.game import Game
from preferans.core.model.cards import NO_TRUMP, SUITS


def suit_order(game: Game) -> list[str]:
    """The variant's suits from lowest to highest, as its suit contracts rank in the auction (Russian
    spades, clubs, diamonds, hearts; Balkan spades, diamonds, hearts, clubs): the order a hand is sorted in."""
    seen: list[str] = []
    rows = sorted((row for row in game.contracts if row.trump != NO_TRUMP and 0 <= row.trump < 4),
                  key=lambda row: (row.level, row.rank))
    for row in rows:
        suit = SUITS[row.trump]
        if suit not in seen:
            seen.append(suit)
    return seen + [s for s in SUITS if s not in seen]
