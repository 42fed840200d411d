"""The table: how many hands lie on it, which of them no player holds, and who speaks next.

Pure functions of seat numbers, shared by the engine, the scorecard reader and the variants (through
:mod:`preferans.core.plugin`), so the order of speaking is computed in one place.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

HANDS_IN_PLAY = 3
"""The 32 cards are dealt as three hands of ten and a talon of two, whatever the number of players."""


def hand_slots(n_players: int) -> int:
    """Places at the table that can hold a hand: one per player, and never fewer than the three hands dealt
    (with four players one place, the dealer's, gets no cards; with two the third hand has a place of its
    own, after the last player)."""
    return max(n_players, HANDS_IN_PLAY)


def ownerless_hands(n_players: int) -> tuple[int, ...]:
    """The hands no player holds: the places from ``n_players`` up to the three hands dealt (seat 2 with two
    players, none otherwise). Such a hand never speaks; the variant's play rules name who plays it
    (``PlayRules.controllers``), and its tricks are its own entry in ``DealResult.tricks``."""
    return tuple(range(n_players, HANDS_IN_PLAY))


def next_speaker(order: Sequence[int], last: int | None, skip: Container[int]) -> int | None:
    """The first seat of ``order`` after ``last``, going round (``last`` itself comes last), that is not in
    ``skip``; from the start of ``order`` when ``last`` is ``None``; ``None`` when every seat is skipped.

    ``next_speaker((1, 2, 0), 2, {1}) == 0``; ``next_speaker((1, 2, 0), None, set()) == 1``.
    """
    n = len(order)
    start = order.index(last) + 1 if last is not None else 0
    for k in range(n):
        seat = order[(start + k) % n]
        if seat not in skip:
            return seat
    return None
