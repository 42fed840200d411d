"""What one server allows its tables (``preferans serve``'s options, docs/cli.md "serve"): how many tables may
be open, from one address and in all, how long one may stay idle, and how long a match may be.

A table made of bots alone would otherwise play for ever at full speed, and tables could be made without end:
these bound the work and the database one client can cause."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    tables: int = 500
    """Open tables on the server (a match over no longer counts)."""
    tables_per_address: int = 20
    """Open tables made from one client address."""
    idle: float = 86_400.0
    """Seconds an open table with nobody connected and no action is kept; then it is deleted."""
    pool: int = 1000
    """The largest ``pool`` (the match's length in points) of a table's rules."""
    deals: int = 1000
    """The largest ``max_deals`` of a table's rules; a variant without one plays at most this many deals."""


DEFAULT = Limits()
"""The limits of a server started without options."""
