"""Exceptions. Every user-facing error renders as one line that names the place and what is allowed."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from preferans.core.model.error_texts import ILLEGAL_ACTION


class PreferansError(Exception):
    """Base class of the errors this package raises on purpose."""


class BadInput(PreferansError):
    """Input from outside (a file, a command line, a move) that the rules do not allow.

    The CLI prints ``str(error)`` on one line and exits with code 2. One made by :func:`bad_input` also
    keeps its message as a catalogue message and the values put in it, so that the CLI can say it in the
    user's language (docs/i18n.md) with the names of files, keys and actions as typed.
    """

    template: str | None = None
    values: dict[str, object] = {}  # noqa: RUF012 (a class default, never mutated: each error sets its own)
    catalogues: tuple[Path, ...] = ()
    """The ``locale`` folders whose catalogues hold ``template`` before the core's: a family's, for an error
    its reader makes (see :func:`in_family`)."""


def bad_input(template: str, _as: type[BadInput] = BadInput, /, **values: object) -> BadInput:
    """A :class:`BadInput` (or the subclass ``_as``, e.g. :class:`RecordError`) whose message is
    ``template.format(**values)``, ``template`` being an English message of the core's catalogues (the
    extraction reads ``bad_input``) and ``values`` what was typed. A value may itself be an error made by
    ``bad_input`` (the detail inside a frame ``{file}: {message}``): it is said in the same language."""
    error = _as(template.format(**values))
    error.template, error.values = template, dict(values)
    return error


class Phrase(str):
    """A part of an error line made from a catalogue message (a place, ``record 3 (line 14)``, or a field,
    ``throws: trick 2``): the English text as a ``str``, which keeps its template and values, so that an
    error made by :func:`bad_input` with it among its values says it in the user's language too."""

    __slots__ = ("template", "values")
    template: str
    values: dict[str, object]

    def __new__(cls, template: str, values: dict[str, object]) -> Phrase:
        made = super().__new__(cls, template.format(**values))
        made.template, made.values = template, values
        return made


def phrase(template: str, **values: object) -> Phrase:
    """A :class:`Phrase` (the extraction reads ``phrase`` as it reads ``bad_input``)."""
    return Phrase(template, dict(values))


def in_family(error: BadInput, locale: Path) -> BadInput:
    """``error`` (made by :func:`bad_input` in a family's module, so its template is in that family's domain)
    said from the catalogues of the family's ``locale`` folder, then the core's."""
    error.catalogues = (locale,)
    return error


def retyped(error: BadInput, kind: type[BadInput]) -> BadInput:
    """``error`` as a ``kind`` (a :class:`RecordError`, say), with the same line and, when it was made by
    :func:`bad_input`, the same template, values and catalogues, so that it is still said in the language."""
    out = kind(str(error))
    out.template, out.values, out.catalogues = error.template, dict(error.values), error.catalogues
    return out


def framed(error: BadInput, frame: str, detail: object, **values: object) -> None:
    """Make ``error`` (already raised with its English line) translatable as ``frame`` (``"{file}: {message}"``)
    when ``detail``, the part after the frame, is an error made by :func:`bad_input`; a plain-text detail (a
    parser's or pydantic's message) leaves ``error`` in English. The frame holds only names and punctuation,
    so no catalogue has it and every language keeps it as written."""
    if isinstance(detail, BadInput) and detail.template is not None:
        error.template, error.values = frame, {**values, "message": detail}


class ConfigError(BadInput):
    """A config or preset that does not validate: ``file: key: message``."""

    def __init__(self, source: str, key: str, message: str | BadInput) -> None:
        # one line whatever the parts hold (a TOML parser's message, a value with a newline in it)
        detail = message
        message = " ".join(str(message).split())
        self.source, self.key, self.message = source, key, message
        where = f"{shown_path(source)}: {shown_path(key)}: " if key else f"{shown_path(source)}: "
        super().__init__(where + message)
        # a message made by bad_input is said in the user's language, in the frame "file: key: message"
        framed(self, "{source}: {key}: {message}" if key else "{source}: {message}", detail,
               source=shown_path(source), key=shown_path(key))


class RecordError(BadInput):
    """A scorecard or saved game that cannot be read or replayed."""


class IllegalActionError(BadInput):
    """An action that is not legal now. The game state is unchanged."""

    def __init__(self, action: object, phase: str, legal: Sequence[str]) -> None:
        self.action, self.phase, self.legal = action, phase, tuple(legal)
        shown = ", ".join(legal[:40]) + (" ..." if len(legal) > 40 else "")
        values: dict[str, object] = {"action": excerpt(action), "phase": phase, "legal": shown}  # the English keys
        super().__init__(ILLEGAL_ACTION.format(**values))
        self.template, self.values = ILLEGAL_ACTION, values


class NoRuleError(PreferansError):
    """No plugin answered a hook that must be answered: the variant is incomplete."""

    def __init__(self, hook: str, detail: str = "") -> None:
        super().__init__(f"no plugin implements {hook}" + (f": {detail}" if detail else ""))


class Suggestion(str):
    """The text of :func:`nearest` (``"; did you mean 'x'?"``), which keeps the choice it names, so that an
    error made by :func:`bad_input` can say it in another language."""

    __slots__ = ("choice",)
    choice: str

    def __new__(cls, choice: str) -> Suggestion:
        made = super().__new__(cls, f"; did you mean {choice!r}?")
        made.choice = choice
        return made


def nearest(word: str, choices: Sequence[str]) -> str:
    """``"; did you mean 'x'?"`` (a :class:`Suggestion`) for the closest choice, or an empty string."""
    import difflib

    if len(word) > 100:  # no choice is that long, and difflib would take its time
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.5)
    return Suggestion(close[0]) if close else ""


EXCERPT = 60
"""At most this many characters of an input value are quoted in an error line (``repr``, clipped)."""
LINE = 5000
"""A backstop: an error line is clipped to this many characters, whatever the parts hold (each quotation
in it is an :func:`excerpt` already; a path a writer names may be long)."""
PATH = 100
"""A file name longer than this is shown as its start and end, ``...`` between."""
NAME_LIMIT = 40
"""A player's name: 1 to this many printable characters (docs/cli.md, "Limits")."""


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """A short, escaped quotation of an input value for an error line: ``repr``, clipped to ``limit``
    characters (a huge integer is described, never converted: that is a ``ValueError`` past 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 180:
        return f"<an integer of about {int(value.bit_length() * 0.30103)} digits>"
    if isinstance(value, str) and len(value) > 4 * limit:
        value = value[:4 * limit]  # repr of the head only: a 10 MB value costs nothing
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        text = f"<a {type(value).__name__} too large to show>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def shown_path(path: object, limit: int = PATH) -> str:
    """A file name for an error line: control characters escaped, a long one shortened in the middle."""
    text = printable(str(path))
    return text if len(text) <= limit else text[:limit // 2 - 2] + "..." + text[-(limit // 2 - 1):]


def printable(text: str) -> str:
    """``text`` with every control character (and other non-printable) written as an escape."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii") for c in text)


def one_line(text: str, limit: int = LINE) -> str:
    """An error message as one printable line of at most ``limit`` characters."""
    text = printable(" ".join(text.split()))
    return text if len(text) <= limit else text[:limit - 3] + "..."


def check_names(names: Sequence[object], where: str, count: int | None = None) -> list[str]:
    """Player names as every reader takes them (``--names``, saves, scorecards, PPN): ``count`` of them (when
    given), each a string of 1 to ``NAME_LIMIT`` printable characters, not blank, no two the same.
    Raises :class:`BadInput` ``where: ...`` naming the first bad one."""
    if count is not None and len(names) != count:
        raise bad_input("{where}: expected {count} player names, got {got}", where=where, count=count, got=len(names))
    seen: set[str] = set()
    for i, name in enumerate(names):
        if not isinstance(name, str):
            raise bad_input("{where}[{i}]: a player's name is text, got {name}", where=where, i=i, name=excerpt(name))
        if not name.strip():
            raise bad_input("{where}[{i}]: a player's name cannot be blank", where=where, i=i)
        if not name.isprintable() or name != name.strip():
            raise bad_input("{where}[{i}]: {name}: a player's name is printable characters without control "
                            "characters or spaces around it", where=where, i=i, name=excerpt(name))
        if len(name) > NAME_LIMIT:
            raise bad_input("{where}[{i}]: {name}: a player's name has at most {limit} characters", where=where, i=i,
                            name=excerpt(name), limit=NAME_LIMIT)
        if name.casefold() in seen:
            raise bad_input("{where}: {name} is listed twice", where=where, name=excerpt(name))
        seen.add(name.casefold())
    return [str(n) for n in names]
