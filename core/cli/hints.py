"""``preferans play --hints``: the hard bot's view of the human's decision, as one line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from preferans.core.engine.game import Game
from preferans.core.formats.render import action_word
from preferans.core.model.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from preferans.core.ai.levels import HardBot, Hint


def hint_line(game: Game, seat: int, tr: Translator = ENGLISH, bot: HardBot | None = None, k: int = 3) -> str:
    """The hint of ``seat`` (:func:`~preferans.core.ai.levels.hints`) in ``tr``'s language, the actions
    written as the menu shows them (:func:`~preferans.core.formats.render.action_word`: ``10♠``, ``6♥``,
    ``пас``; typed so or as their keys, they are the same choice):

    * in the card play of a game, ``hint: 10♠ (expected 9.0 tricks), K♣ (9.0), K♦ (9.0)``: the tricks the
      side of the hand to play ends the deal with;
    * at a call and in raspasovka, ``hint: 6♠ (expected +4.0 whists), pass (+0.0)``: the seat's expected
      settlement change in the variant's unit (as the settlement names it: whists, points, stakes), the
      hard bot's own call first;
    * at a call the hard bot makes by plain pimc in this variant (its presets' ``[bots] hard_calls``), the
      values of the same valuation all the same (:func:`~preferans.core.ai.levels.played_out`), best
      first, and the bot's own call after them: ``hint (played out): 1 (expected +3.1 points), pass
      (-0.9); the hard bot itself calls pass here (plain pimc)``;
    * otherwise ``hint: 7♥ (the hard bot's choice)`` (the discard; a call whose layouts the budget could
      not value).

    ``bot`` and ``k`` as :func:`~preferans.core.ai.levels.hints` takes them (the ``hard`` level, 3 moves).
    At most two decisions of the hard bot: its own, and at a call it leaves to plain pimc the values."""
    from preferans.core.ai.levels import HARD, HardBot, hints, played_out  # when asked for: the solver loads

    bot = bot or HardBot(replace(HARD, seed=game.seed * 1_000_003 + seat))
    phase = game.phase

    def shown(action: str) -> str:
        return action_word(action, phase, tr)

    rows = hints(game, seat, k, bot)
    first = rows[0]
    if first.value is None:
        valued = played_out(game, seat, k, bot)
        if not valued:
            return tr.gettext("hint: {action} (the hard bot's choice)").format(action=shown(first.action))
        return tr.gettext("hint (played out): {moves}; the hard bot itself calls {call} here (plain pimc)").format(
            moves=_settlement(game, valued, tr, shown), call=shown(first.action))
    if first.measure == "settlement":
        return tr.gettext("hint: {moves}").format(moves=_settlement(game, rows, tr, shown))
    parts = [tr.gettext("{action} (expected {tricks} tricks)").format(action=shown(first.action),
                                                                      tricks=f"{first.value:.1f}")]
    parts += [f"{shown(row.action)} ({row.value:.1f})" for row in rows[1:] if row.value is not None]
    return tr.gettext("hint: {moves}").format(moves=", ".join(parts))


def _settlement(game: Game, rows: list[Hint], tr: Translator, shown: Callable[[str], str]) -> str:
    """``6♠ (expected +4.0 whists), pass (+0.0)``: the first with the variant's unit, the others' values."""
    first = rows[0]
    unit = tr.term("unit", game.settlement().unit)
    parts = [tr.gettext("{action} (expected {value} {unit})").format(
        action=shown(first.action), value=f"{first.value or 0.0:+.1f}", unit=unit)]
    parts += [f"{shown(row.action)} ({row.value:+.1f})" for row in rows[1:] if row.value is not None]
    return ", ".join(parts)
