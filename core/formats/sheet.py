"""The sheet of a match as its family draws it, as text or as an SVG picture (``preferans sheet``, docs/sheet.md).

The core loads the match (from a scorecard or a saved game) and asks the variant's ``pref_render_sheet``
hook for the sheet, giving it a frozen :class:`~preferans.core.model.paper.SheetView`, never the live match.
A family draws its own paper sheet there (the Russian family its pulka, ``variants/russian/sheet.py``; the
Balkan family its bula sheet, ``variants/balkan/sheet.py``); the core's answer is the accounts table, and
it draws no picture.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from preferans.core.engine.match import Match
from preferans.core.model import paper
from preferans.core.model.errors import RecordError, bad_input, excerpt, shown_path
from preferans.core.model.i18n import ENGLISH, Translator
from preferans.core.model.paper import Key, SheetText, SheetView
from preferans.core.model.parsing import loads_json
from preferans.core.model.views import Amount


def sheet_view(match: Match, names: Sequence[str], finished: bool, title: str = "",
               tr: Translator = ENGLISH) -> SheetView:
    """The frozen view the sheet hooks get: the match so far, each deal's entries, names and settlement,
    and the translator the family writes its sheet with."""
    return SheetView(match.view(), tuple(tuple(e) for e in match.deal_entries), tuple(names), finished,
                     match.settlement(), title, match.variant.name, tr)


def sheet_text(match: Match, view: SheetView) -> SheetText:
    """The sheet as text (the table, its notes, the running records), as the family draws it."""
    sheet = match.book.render_sheet(view, "text")
    if not isinstance(sheet, SheetText):  # the core's default always draws the text form
        raise TypeError(f"pref_render_sheet(form='text') must return a SheetText, not {type(sheet).__name__}")
    return sheet


def compact_text(match: Match, view: SheetView) -> SheetText | None:
    """The sheet narrowed for a terminal (``pref_render_sheet(form="compact")``: the Balkan family's), or
    ``None`` when the family has no narrower form than its text."""
    sheet = match.book.render_sheet(view, "compact")
    if sheet is not None and not isinstance(sheet, SheetText):
        raise TypeError(f"pref_render_sheet(form='compact') must return a SheetText, not {type(sheet).__name__}")
    return sheet


def drawing(match: Match, names: Sequence[str], finished: bool, title: str = "",
            tr: Translator = ENGLISH) -> str | None:
    """The sheet as an SVG document (its labels in ``tr``'s language), or ``None`` when the variant's family
    draws no picture."""
    drawn = match.book.render_sheet(sheet_view(match, names, finished, title, tr), "svg")
    if drawn is not None and not isinstance(drawn, str):
        raise TypeError(f"pref_render_sheet(form='svg') must return a string, not {type(drawn).__name__}")
    return drawn


def svg(match: Match, names: Sequence[str], finished: bool, title: str = "") -> str:
    """The sheet as an SVG document (UTF-8 text); a family without a picture is a one-line error."""
    drawn = drawing(match, names, finished, title)
    if drawn is None:
        raise bad_input("{variant} has no drawn sheet (its family draws none as a picture)",
                        variant=match.variant.name)
    return drawn


def running_records(match: Match) -> dict[Key, list[Amount]]:
    """Each column's running totals in the order written: one new total per deal that changed it."""
    return paper.running_records(match.deal_entries)


# ---------------------------------------------------------------- loading


@dataclass(frozen=True)
class SheetSource:
    """A match to draw: from a scorecard or a saved game."""

    match: Match
    names: list[str]
    finished: bool


def load(path: str, check_bot: Callable[[str, str], object] | None = None) -> SheetSource:
    """A scorecard (TOML, or JSON) or a game saved by ``preferans play --save`` (or ``Game.to_json``);
    ``check_bot(name, where)`` checks a save's bot names, as every reader of a save does (the bot registry's
    :func:`~preferans.core.ai.registry.check_bot`)."""
    from preferans.core.formats.scorecard import read_text, score_card, score_file
    from preferans.core.model.files import SAVE_LIMIT

    p = Path(path)
    text = read_text(path, SAVE_LIMIT, "a save file or game record")  # it may be either, larger than a card
    if not text.lstrip().startswith("{"):
        card = score_file(path)
        return SheetSource(card.match, card.names, card.finished)
    data: Any = loads_json(text, path, RecordError)
    if isinstance(data, dict) and "format" in data and data["format"] not in ("preferans-save", "preferans-game"):
        raise bad_input("{path}: {key}: {format} is not a format this command reads ({formats}, or a scorecard "
                        "without the key)", RecordError, path=shown_path(path), key="format",
                        format=excerpt(data["format"]), formats="preferans-save, preferans-game")
    if isinstance(data, dict) and data.get("format") == "preferans-save":
        from preferans.core.formats.saves import load_session

        session = load_session(p, check_bot)
        return SheetSource(session.game.match, session.names, session.game.is_terminal)
    if isinstance(data, dict) and data.get("format") == "preferans-game":
        from preferans.core.engine.game import Game
        from preferans.core.formats.saves import DEFAULT_NAMES

        game = Game.from_dict(data, source=path)
        return SheetSource(game.match, list(DEFAULT_NAMES[:game.n_players]), game.is_terminal)
    if not isinstance(data, dict):
        raise bad_input("{path}: expected a scorecard or a saved game (an object)", RecordError, path=path)
    card = score_card(data, path)
    return SheetSource(card.match, card.names, card.finished)
