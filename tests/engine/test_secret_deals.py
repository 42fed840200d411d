"""A game shuffled from a secret source (``Game(..., shuffler=random.SystemRandom())``, as the online table
deals): its seed predicts nothing, every pack it dealt is kept (``Game.packs()``), and its save replays it."""

from __future__ import annotations

import random

from preferans.core.engine.game import Game
from preferans.core.rules.config import Variant


def played(variant: Variant, deals: int, game: Game) -> Game:
    """``game`` played on by the first legal action until deal ``deals`` is dealt."""
    while game.deal.number < deals and not game.is_terminal:
        game.apply(game.legal_actions()[0])
    return game


def test_the_seed_does_not_deal_a_secret_game(sochi: Variant) -> None:
    secret = played(sochi, 2, Game(sochi, 7, shuffler=random.SystemRandom()))
    seeded = played(sochi, 2, Game(sochi, 7))
    # three deals each: the chance that a system-shuffled pack equals the seed's is 1 in 32! per deal
    assert len(secret.packs()) == len(seeded.packs()) == 3
    assert all(a != b for a, b in zip(secret.packs(), seeded.packs(), strict=True))
    assert all(sorted(pack) == list(range(32)) for pack in secret.packs())  # each the 32 cards once


def test_a_secret_game_is_saved_with_its_packs_and_replays_from_them(sochi: Variant) -> None:
    game = played(sochi, 2, Game(sochi, 7, shuffler=random.SystemRandom()))
    game.clone().apply(game.legal_actions()[0])  # a copy draws from the same source: no state to copy
    again = Game.from_dict(game.to_dict())
    assert again.packs() == game.packs() and again.history == game.history
    assert again.observation(None).to_dict() == game.observation(None).to_dict()
