"""``preferans play --hints``: the hard bot's view of the human's decision, as one line."""

from __future__ import annotations

from preferans.core.engine.game import Game


def hint_line(game: Game, seat: int) -> str:
    """``hint: 10S (expected 9.0 tricks), KC (9.0), KD (9.0)`` in the play (the tricks the side of the hand
    to play ends the deal with; in raspasovka its own, fewer is better); ``hint: pass (the hard bot's
    choice)`` at the other decisions."""
    from preferans.core.ai.levels import hints  # imported when asked for: the solver loads with it

    rows = hints(game, seat)
    if rows and rows[0][1] is not None:
        first, rest = rows[0], rows[1:]
        parts = [f"{first[0]} (expected {first[1]:.1f} tricks)"] + [f"{name} ({v:.1f})" for name, v in rest]
        return "hint: " + ", ".join(parts)
    return f"hint: {rows[0][0]} (the hard bot's choice)"
