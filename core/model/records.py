"""What a family's game record gives the core's tools: the values of ``pref_read_deal`` (and the core's side of
``pref_read_game``, which answers with the engine's own ``Game``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RecordedDeal:
    """One deal as ``preferans solve`` takes it: three hands (first hand, second hand, dealer) and the talon, as
    card masks, and the variant the record names (``None``: the command's own ``--variant`` or default)."""

    hands: tuple[int, int, int]
    talon: int
    variant: str | None = None
    """The record's variant (a PPN file's ``Variant`` tag, else ``balkan``, PPN's game)."""
