"""What a seat may not see, for the tests that read the server's frames (tests/server/test_server_leaks.py,
test_server_hints.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from preferans.core.engine.observation import visible_masks
from preferans.core.engine.state import Deal, Phase
from preferans.core.model.cards import names_of


def hidden(deal: Deal, seat: int | None) -> set[str]:
    """The cards of ``deal`` that ``seat`` (``None``: a spectator) may not see now."""
    seen = visible_masks(deal, seat)
    out = 0
    for hand, mask in enumerate(deal.hands):
        if hand not in seen:
            out |= mask
    played = 0
    if deal.play is not None:
        played = deal.play.played | sum(1 << c for _, c in deal.play.trick)
        for _, cards in deal.play.completed:
            played |= sum(1 << c for _, c in cards)
    talon = sum(1 << c for c in deal.talon_cards)
    if not deal.talon_taken:
        out |= talon & ~played
    # the discarder sees his discard: the seat discarding now, or one that has discarded
    discarders = [*deal.discarded_by, deal.to_act] if deal.phase is Phase.DISCARD else deal.discarded_by
    if deal.discard and (seat is None or seat not in discarders):
        out |= deal.discard
    if deal.talon_taken and deal.talon_public:
        out &= ~talon
    return set(names_of(out & ~played))


def strings(value: Any, skip: set[str]) -> Iterator[str]:
    """Every word of every string in ``value`` (dicts and lists walked), leaving out the keys in ``skip``."""
    if isinstance(value, str):
        yield from value.split()
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                yield from strings(v, skip)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v, skip)
