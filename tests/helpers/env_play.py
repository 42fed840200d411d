"""Random play for the environment tests (tests/env/): a legal id, bidding low and often passing, as
tests/engine/test_leaks.py plays, so that every kind of deal comes up (all pass, one whister or two, misère,
games played with the hands open or closed) and not only the highest bid that a uniform choice reaches."""

from __future__ import annotations

import random

from preferans.env import Table


def choose_id(table: Table, rng: random.Random) -> int:
    """A random legal id of ``table``'s seat to act."""
    game = table.game
    legal, phase = game.legal_actions(), game.phase.value
    word = rng.choice(legal)
    if phase == "auction" and "pass" in legal:
        if rng.random() < 0.55:
            word = "pass"
        else:  # mostly a call among the lowest (the legal calls come in rank order), now and then any call
            word = rng.choice(legal[:4] if rng.random() < 0.85 else legal)
    return table.space.id_of(word, phase)
