"""The fixed action ids (preferans.env.actions.ActionSpace) against the engine: over random games of every
playable variant, and of the two- and four-player tables, the mask offers exactly the legal actions, each id
decodes to a word the engine takes and back, and an id off the mask is refused with nothing changed. Then
Sochi's ids worked out by hand from its presets and its contract table."""

from __future__ import annotations

import random

import numpy as np
import pytest

from helpers.env_play import choose_id
from preferans.core import IllegalActionError
from preferans.core.rules.config import playable_variants
from preferans.env import ActionSpace, Table

TABLES = [*playable_variants(), "leningrad(players=4)", "sochi(players=4)", "classic(players=2)"]
DEALS = 30


@pytest.mark.slow
@pytest.mark.parametrize("variant", TABLES)
def test_the_mask_is_the_legal_actions_and_each_id_is_the_engines_word(variant: str) -> None:
    table = Table(variant, episode="match")
    space = table.space
    rng = random.Random(variant)
    seed = 0
    table.reset(seed)
    deals = steps = 0
    while deals < DEALS:
        if table.done:  # the match is over: another one
            seed += 1
            table.reset(seed)
        game = table.game
        legal, phase = game.legal_actions(), game.phase.value
        ids = space.ids(legal, phase)
        assert ids == table.legal_ids()
        mask = space.mask(legal, phase)
        assert mask.dtype == np.int8 and mask.shape == (len(space),)
        assert list(np.flatnonzero(mask)) == ids
        # every legal action has an id, and each id decodes to one of them and back
        words = [space.action(i, legal, phase) for i in ids]
        assert sorted(words) == sorted(legal), (phase, legal)
        for i, word in zip(ids, words, strict=True):
            assert space.id_of(word, phase) == i
            trial = game.clone()
            trial.apply(word)  # the engine takes it
        # an id off the mask (or off the ids altogether): refused, the game unchanged
        bad = rng.choice([i for i in range(len(space)) if not mask[i]] + [-1, len(space)])
        saved = game.to_json()
        with pytest.raises(IllegalActionError):
            table.step(bad)
        assert game.to_json() == saved and game.legal_actions() == legal
        scored = len(game.results)
        table.step(choose_id(table, rng))
        deals += len(game.results) - scored
        steps += 1
    assert steps > DEALS * 10


# ---------------------------------------------------------------- Sochi's ids by hand

def test_sochis_ids_by_hand() -> None:
    # The cards in the engine's order, spades, clubs, diamonds, hearts, each 7 .. A: 7S is 0, AH 31.
    # Then the contract table in auction order (variants/russian/__init__.py registers it; rows by rank):
    # raspasovka (rank 0), then levels 6 .. 10 in S C D H NT, misère between 8NT and 9S: 1 + 25 + 1 = 27
    # contracts, ids 32 .. 58. Then the [calls] of variants/russian/preset.toml (variants/sochi/preset.toml
    # adds none): pass whist half return open closed play concede invite agree refuse, 11 words, ids
    # 59 .. 69; then the core's pass (named already) and defend, id 70. 32 + 27 + 11 + 1 = 71 ids.
    space = Table("sochi").space
    assert len(space) == 71
    assert space.id_of("7S", "play") == 0 and space.id_of("AH", "play") == 31 and space.id_of("AH", "discard") == 31
    assert space.names[32] == "raspasovka"
    assert space.id_of("6S", "auction") == 33
    # 7S the contract: after raspasovka and 6S 6C 6D 6H 6NT, id 38, the card 7S's id 0 in play
    assert space.id_of("7S", "auction") == 38 and space.id_of("7S", "declare") == 38
    assert space.id_of("8NT", "auction") == 47 and space.id_of("misere", "auction") == 48
    assert space.id_of("10NT", "auction") == 58
    assert space.id_of("pass", "auction") == 59 and space.id_of("whist", "defence") == 60
    assert space.id_of("refuse", "defence") == 69 and space.id_of("defend", "defence") == 70
    assert space.calls[-12:] == ("pass", "whist", "half", "return", "open", "closed", "play", "concede",
                                 "invite", "agree", "refuse", "defend")


def test_a_card_or_a_contract_by_the_phase() -> None:
    space = Table("sochi").space
    auction = ["pass", "7S", "7C"]
    assert space.ids(auction, "auction") == [38, 39, 59]
    assert space.ids(auction) == [38, 39, 59]  # not every word a card: calls
    assert space.ids(["7S", "AH"], "discard") == [0, 31]
    assert space.ids(["7S", "AH"]) == [0, 31]  # every word a card, no phase: cards
    # the card's id is not the contract in the auction, nor the contract's the card in play
    assert space.action(38, auction, "auction") == "7S"
    with pytest.raises(IllegalActionError):
        space.action(0, auction, "auction")
    with pytest.raises(IllegalActionError):
        space.action(38, ["7S", "8S"], "play")
    assert space.action(0, ["7S", "8S"], "play") == "7S"
    with pytest.raises(KeyError):
        space.id_of("AS", "auction")  # no contract AS


def test_a_family_has_one_id() -> None:
    # Balkan's kontra-5, kontra-6 ... (the calls key "kontra-") are one id, "kontra-*": the member on offer
    space = ActionSpace.of(Table("balkan").variant)
    family = space.names.index("kontra-*")
    assert space.id_of("kontra-5", "defence") == space.id_of("kontra-9", "defence") == family
    assert space.action(family, ["pass", "kontra-6"], "defence") == "kontra-6"
