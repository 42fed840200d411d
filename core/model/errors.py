"""Exceptions. Every user-facing error renders as one line that names the place and what is allowed."""

from __future__ import annotations

from collections.abc import Sequence


class PreferansError(Exception):
    """Base class of the errors this package raises on purpose."""


class BadInput(PreferansError):
    """Input from outside (a file, a command line, a move) that the rules do not allow.

    The CLI prints ``str(error)`` on one line and exits with code 2.
    """


class ConfigError(BadInput):
    """A config or preset that does not validate: ``file: key: message``."""

    def __init__(self, source: str, key: str, message: str) -> None:
        # one line whatever the parts hold (a TOML parser's message, a value with a newline in it)
        message = " ".join(message.split())
        self.source, self.key, self.message = source, key, message
        where = f"{source}: {key}: " if key else f"{source}: "
        super().__init__(where + message)


class RecordError(BadInput):
    """A scorecard or saved game that cannot be read or replayed."""


class IllegalActionError(BadInput):
    """An action that is not legal now. The game state is unchanged."""

    def __init__(self, action: object, phase: str, legal: Sequence[str]) -> None:
        self.action, self.phase, self.legal = action, phase, tuple(legal)
        shown = ", ".join(legal[:40]) + (" ..." if len(legal) > 40 else "")
        super().__init__(f"illegal action {action!r} in phase {phase}; allowed: {shown}")


class NoRuleError(PreferansError):
    """No plugin answered a hook that must be answered: the variant is incomplete."""

    def __init__(self, hook: str, detail: str = "") -> None:
        super().__init__(f"no plugin implements {hook}" + (f": {detail}" if detail else ""))


def nearest(word: str, choices: Sequence[str]) -> str:
    """``"; did you mean 'x'?"`` for the closest choice, or an empty string."""
    import difflib

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.5)
    return f"; did you mean {close[0]!r}?" if close else ""
