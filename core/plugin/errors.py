"""The errors a plugin raises, and what an error line may quote of its input.

``ConfigError`` for a rules value that cannot be played, ``RecordError`` for a record a family reads, a
``BadInput`` made with ``bad_input(template, **values)`` so that the line is said in the user's language
(``in_family`` for a template in the family's own catalogue; ``framed`` and ``phrase`` for the parts of a line;
docs/i18n.md, "Errors"); ``nearest`` for a "did you mean" hint, ``excerpt`` and ``shown_path`` for a short
quotation of the input, ``check_names`` for the player names a file gives.
"""

from __future__ import annotations

from preferans.core.model.errors import (
    BadInput,
    ConfigError,
    IllegalActionError,
    NoRuleError,
    PreferansError,
    RecordError,
    bad_input,
    check_names,
    excerpt,
    framed,
    in_family,
    nearest,
    phrase,
    shown_path,
)

__all__ = [
    "BadInput", "ConfigError", "IllegalActionError", "NoRuleError", "PreferansError", "RecordError",
    "bad_input", "check_names", "excerpt", "framed", "in_family", "nearest", "phrase", "shown_path",
]
