"""The conformance checks' messages, said in the user's language by ``preferans conformance --lang``.

A check writes its failure (or a test its skip reason) as ``check_message(template, **values)``: the English
line, exactly as pytest shows it, and a note of the catalogue message (domain ``preferans-conformance``,
docs/i18n.md) and the values put in it. Pytest turns an assertion's message into text, so the note is kept
here, by that text: the runner, which runs the suite in this process, finds the template of the message a
report carries (:func:`template_of`) and the command says it in the language. The values (hooks, actions,
seats, amounts, file names) stay as written; a value that is itself such a message is said in the language too.
"""

from __future__ import annotations

from typing import Any

from preferans.core.model.i18n import Translator

_NOTES: dict[str, tuple[str, dict[str, Any]]] = {}
_LIMIT = 10_000
"""At most this many messages are remembered (a suite run fails a few dozen checks at most)."""


def check_message(template: str, **values: Any) -> str:
    """``template.format(**values)``, remembered with its template (the extraction reads ``check_message``)."""
    text = template.format(**values)
    if len(_NOTES) >= _LIMIT:
        _NOTES.clear()
    _NOTES[text] = (template, values)
    return text


def template_of(text: str) -> tuple[str, dict[str, Any]] | None:
    """The template and values of a message made by :func:`check_message`, or ``None`` (a message of another
    program, e.g. a hook's own exception)."""
    return _NOTES.get(text)


def said_in(text: str, tr: Translator) -> str:
    """``text`` in ``tr``'s language when it was made by :func:`check_message`, else as written."""
    note = template_of(text)
    return text if note is None else say(note[0], note[1], tr)


def say(template: str, values: dict[str, Any], tr: Translator, depth: int = 0) -> str:
    """``template`` in ``tr``'s language with ``values``; a value that is itself a message made by
    :func:`check_message` (the failure inside a frame, ``{message} (with house.py, ...)``, or a part such as
    the run a failure comes from) is said in it too, the rest as written."""
    shown = {}
    for key, value in values.items():
        note = template_of(value) if isinstance(value, str) and depth < 4 else None
        shown[key] = value if note is None else say(note[0], note[1], tr, depth + 1)
    return tr.gettext(template).format(**shown)
