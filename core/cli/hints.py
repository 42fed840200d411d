"""``preferans play --hints``: the hard bot's view of the human's decision, as one line."""

from __future__ import annotations

from preferans.core.engine.game import Game
from preferans.core.model.i18n import ENGLISH, Translator


def hint_line(game: Game, seat: int, tr: Translator = ENGLISH) -> str:
    """``hint: 10S (expected 9.0 tricks), KC (9.0), KD (9.0)`` in the play (the tricks the side of the hand
    to play ends the deal with; in raspasovka its own, fewer is better); ``hint: pass (the hard bot's
    choice)`` at the other decisions; in ``tr``'s language, the actions written as typed (their keys)."""
    from preferans.core.ai.levels import hints  # imported when asked for: the solver loads with it

    rows = hints(game, seat)
    if rows and rows[0][1] is not None:
        first, rest = rows[0], rows[1:]
        parts = [tr.gettext("{action} (expected {tricks} tricks)").format(action=first[0], tricks=f"{first[1]:.1f}")]
        parts += [f"{name} ({v:.1f})" for name, v in rest]
        return tr.gettext("hint: {moves}").format(moves=", ".join(parts))
    return tr.gettext("hint: {action} (the hard bot's choice)").format(action=rows[0][0])
