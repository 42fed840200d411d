"""The templates of errors whose class builds its own message (catalogue domain ``preferans-errors``,
docs/i18n.md): kept apart from ``errors.py``, whose messages are the core's domain ``preferans``."""

from __future__ import annotations


def mark_error(template: str) -> str:
    """An error's template, marked for the extraction of the ``preferans-errors`` catalogues."""
    return template


ILLEGAL_ACTION = mark_error("illegal action {action} in phase {phase}; allowed: {legal}")
"""An action refused by the rules (:class:`~preferans.core.model.errors.IllegalActionError`): the action as
typed, the phase and the legal actions as their English keys, which is how they are typed."""
