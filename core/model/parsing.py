"""Decoding and parsing of the files every reader takes (JSON, TOML), with every failure one line.

The bytes are read with the bound of the file's kind (:mod:`preferans.core.model.files`); this turns them
into data and says, in one line naming the file, why it could not: too large, not UTF-8, malformed, nested
too deep, an integer too long."""

from __future__ import annotations

import errno
import json
import tomllib
from collections.abc import Callable
from typing import Any

from preferans.core.model.errors import BadInput, ConfigError, RecordError, bad_input, excerpt, framed, shown_path
from preferans.core.model.files import SAVE_LIMIT, TooLarge, read_bounded, size_text

MAX_DEPTH = 100
"""Arrays and objects nested deeper than this are refused before parsing (no preferans file needs 10)."""


def _fail(error: type[BadInput], source: str, message: str | BadInput) -> BadInput:
    if issubclass(error, ConfigError):
        return ConfigError(shown_path(source), "", message)
    made = error(f"{shown_path(source)}: {message}")
    framed(made, "{source}: {message}", message, source=shown_path(source))  # said in the user's language
    return made


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether brackets nest deeper than ``limit`` (strings are not told apart: a bracket in a string only
    counts against the text, and no real file comes near the limit)."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for c in text:
        if c in "[{":
            depth += 1
            if depth > limit:
                return True
        elif c in "]}":
            depth -= 1
    return False


def decode(data: bytes, source: str, error: type[BadInput] = RecordError) -> str:
    """UTF-8 text (a BOM dropped), or one line saying the file is not UTF-8 text."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _fail(error, source, bad_input("not {utf8} text (byte {byte}); save the file as {utf8}",
                                             utf8="UTF-8", byte=exc.start)) from None


def _loads(text: str, source: str, error: type[BadInput], kind: str, parse: Callable[[str], Any],
           syntax: type[ValueError], what: Callable[[Any], str]) -> Any:
    """``parse(text)``, every failure one line: ``malformed JSON: ...`` naming the file."""
    if too_deep(text):
        raise _fail(error, source, bad_input("malformed {kind}: nested deeper than {limit} levels", kind=kind,
                                             limit=MAX_DEPTH))
    try:
        return parse(text)
    except syntax as exc:
        raise _fail(error, source, bad_input("malformed {kind}: {detail}", kind=kind, detail=what(exc))) from None
    except RecursionError:
        raise _fail(error, source, bad_input("malformed {kind}: nested too deep", kind=kind)) from None
    except DuplicateKey:
        raise
    except ValueError as exc:  # an integer past Python's 4,300 digits
        raise _fail(error, source, bad_input("malformed {kind}: {detail}", kind=kind, detail=_why(exc))) from None


class DuplicateKey(ValueError):
    """A JSON object that gives one key twice (``json.loads`` would keep the last silently)."""

    def __init__(self, key: str) -> None:
        super().__init__(f"the key {key!r} is given twice")
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKey(key)
        out[key] = value
    return out


def strict_json(text: str) -> Any:
    """``json.loads`` as every reader takes JSON: an object giving a key twice is a :class:`DuplicateKey`, text
    nested deeper than :data:`MAX_DEPTH` a ``ValueError`` (never a ``RecursionError``)."""
    if too_deep(text):
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except RecursionError:
        raise ValueError("nested too deep") from None


def loads_json(text: str, source: str, error: type[BadInput] = RecordError) -> Any:
    try:
        return _loads(text, source, error, "JSON", lambda t: json.loads(t, object_pairs_hook=_no_duplicates),
                      json.JSONDecodeError, lambda exc: f"{exc.msg} (line {exc.lineno}, column {exc.colno})")
    except DuplicateKey as exc:
        raise _fail(error, source, bad_input("malformed {kind}: the key {key} is given twice", kind="JSON",
                                             key=excerpt(exc.key))) from None


def loads_toml(text: str, source: str, error: type[BadInput] = ConfigError) -> dict[str, Any]:
    data: dict[str, Any] = _loads(text, source, error, "TOML", tomllib.loads, tomllib.TOMLDecodeError, str)
    return data


def _why(exc: ValueError) -> str:
    return "an integer has more than 4300 digits" if "digits" in str(exc) else "a value cannot be read"


def read_error(source: str, exc: OSError, error: type[BadInput] = RecordError) -> BadInput:
    """The one line for a file that cannot be opened: not found, a directory, a symlink loop, a name too long."""
    if isinstance(exc, FileNotFoundError):
        return _fail(error, source, bad_input("file not found"))
    if isinstance(exc, IsADirectoryError):
        return _fail(error, source, bad_input("cannot read: is a directory, not a file"))
    if exc.errno == errno.ELOOP:
        return _fail(error, source, bad_input("cannot read: too many levels of symbolic links (a loop)"))
    if exc.errno == errno.ENAMETOOLONG:
        return _fail(error, source, bad_input("cannot read: file name too long"))
    if isinstance(exc, TooLarge):
        return _fail(error, source, bad_input("cannot read: larger than {size}, the limit for {kind}",
                                              size=size_text(exc.limit), kind=exc.kind))
    # the system's words, as a value: the frame is said in the language
    return _fail(error, source, bad_input("cannot read: {reason}", reason=exc.strerror or type(exc).__name__))


def read_text(path: Any, source: str | None = None, error: type[BadInput] = RecordError,
              limit: int = SAVE_LIMIT, kind: str = "a record") -> str:
    """A whole file as UTF-8 text, read with the bound of its ``kind`` (:func:`~preferans.core.model.files
    .read_bounded`: at most ``limit`` bytes, never endlessly), every failure one line naming it."""
    src = str(path) if source is None else source
    try:
        data = read_bounded(path, limit, kind)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        if isinstance(exc, OSError):
            raise read_error(src, exc, error) from None
        raise _fail(error, src, bad_input("cannot read: the file name holds a {nul} character", nul="NUL")) from None
    return decode(data, src, error)
