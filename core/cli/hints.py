"""``preferans play --hints``: the hard bot's view of the human's decision, as one line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from preferans.core.engine.game import Game
from preferans.core.model.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from preferans.core.ai.levels import HardBot


def hint_line(game: Game, seat: int, tr: Translator = ENGLISH, bot: HardBot | None = None, k: int = 3) -> str:
    """The hint of ``seat`` (:func:`~preferans.core.ai.levels.hints`) in ``tr``'s language, the actions
    written as typed (their keys):

    * in the card play of a game, ``hint: 10S (expected 9.0 tricks), KC (9.0), KD (9.0)``: the tricks the
      side of the hand to play ends the deal with;
    * at a call and in raspasovka, ``hint: 6S (expected +4.0 whists), pass (+0.0)``: the seat's expected
      settlement change in the variant's unit (as the settlement names it: whists, points, stakes);
    * otherwise ``hint: 7H (the hard bot's choice)``.

    ``bot`` and ``k`` as :func:`~preferans.core.ai.levels.hints` takes them (the ``hard`` level, 3 moves)."""
    from preferans.core.ai.levels import hints  # imported when asked for: the solver loads with it

    rows = hints(game, seat, k, bot)
    first, rest = rows[0], rows[1:]
    if first.value is None:
        return tr.gettext("hint: {action} (the hard bot's choice)").format(action=first.action)
    if first.measure == "settlement":
        unit = tr.term("unit", game.settlement().unit)
        parts = [tr.gettext("{action} (expected {value} {unit})").format(
            action=first.action, value=f"{first.value:+.1f}", unit=unit)]
        parts += [f"{row.action} ({row.value:+.1f})" for row in rest if row.value is not None]
    else:
        parts = [tr.gettext("{action} (expected {tricks} tricks)").format(action=first.action,
                                                                          tricks=f"{first.value:.1f}")]
        parts += [f"{row.action} ({row.value:.1f})" for row in rest if row.value is not None]
    return tr.gettext("hint: {moves}").format(moves=", ".join(parts))
