"""The OpenSpiel games (preferans.env.openspiel): OpenSpiel's own random-simulation test on every registered
game, the deal as 32 chance nodes, the returns, the legal ids against the engine, the kontra chain's cap,
serialization and resampling a player's information state."""

from __future__ import annotations

import dataclasses
import random
import warnings
from collections import Counter
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from preferans.core import Game  # noqa: E402 - after the skip: without OpenSpiel there is nothing to test
from preferans.core.ai.pimc import observe  # noqa: E402
from preferans.core.model.cards import CARD_INDEX, SUIT_MASK, cards_of  # noqa: E402
from preferans.core.rules.config import playable_variants  # noqa: E402
from preferans.env.actions import ActionSpace  # noqa: E402
from preferans.env.openspiel import (  # noqa: E402
    GAMES,
    PreferansState,
    _draw_layout,
    game_name,
    register_games,
)
from preferans.env.table import variant_of  # noqa: E402

VARIANTS = playable_variants()


def load(variant: str, **params: int) -> Any:
    return pyspiel.load_game(game_name(variant), params)


def dealt(game: Any, pack: list[int]) -> PreferansState:
    """A state with the chance nodes drawn as ``pack`` (the cards in dealing order)."""
    state = game.new_initial_state()
    for card in pack:
        assert state.is_chance_node()
        state.apply_action(card)
    return state


def random_pack(seed: int) -> list[int]:
    pack = list(range(32))
    random.Random(seed).shuffle(pack)
    return pack


def play(state: PreferansState, rng: random.Random, steps: int = 1000) -> PreferansState:
    """Up to ``steps`` random legal actions (chance nodes drawn at random too)."""
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# ---------------------------------------------------------------------------------------------- registry


def test_every_playable_variant_is_registered_once() -> None:
    names = set(pyspiel.registered_names())
    assert GAMES == [game_name(v) for v in VARIANTS]
    assert game_name("austrian-unlimited") == "python_preferans_austrian_unlimited"
    assert set(GAMES) <= names
    assert register_games() == GAMES  # again: nothing new, no error


def test_game_types() -> None:
    types = {t.short_name: t for t in pyspiel.registered_games()}
    Utility = pyspiel.GameType.Utility
    # the Russian and Balkan families settle between the players; the Austrian ones pay into a pot
    expected = {"sochi": Utility.ZERO_SUM, "classic": Utility.ZERO_SUM, "balkan": Utility.ZERO_SUM,
                "austrian": Utility.GENERAL_SUM, "styrian": Utility.GENERAL_SUM, "nachgehen": Utility.GENERAL_SUM}
    for variant, utility in expected.items():
        kind = types[game_name(variant)]
        assert kind.utility == utility
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    # Sochi is played by two, three or four; the Balkan game by three or four
    sochi, balkan = types[game_name("sochi")], types[game_name("balkan")]
    assert (sochi.min_num_players, sochi.max_num_players) == (2, 4)
    assert (balkan.min_num_players, balkan.max_num_players) == (3, 4)
    assert sochi.parameter_specification == {"players": 3, "dealer": 0, "max_chain": 4}


def test_game_info() -> None:
    game = load("sochi")
    sochi = variant_of("sochi")
    assert game.num_players() == 3
    assert game.num_distinct_actions() == len(ActionSpace.of(sochi))
    assert game.max_chance_outcomes() == 32
    # 30 cards of play, two of each of Sochi's 39 call ids (71 ids less the 32 cards), four a seat and the
    # chain's cap (4, though Sochi has no endless family): 30 + 78 + 12 + 4
    assert len(ActionSpace.of(sochi)) == 71 and game.max_game_length() == 124
    assert game.min_utility() < 0 < game.max_utility()
    with pytest.raises(ValueError, match="dealer"):
        load("sochi", dealer=3)


# ---------------------------------------------------------------------------------------------- OpenSpiel's own test


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim(variant: str) -> None:
    # clones at every step, serializes and loads again, checks the returns against the bounds, the length
    # against max_game_length, the legal actions' order and mask
    pyspiel.random_sim_test(load(variant), num_sims=2, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "players", "dealer"), [("sochi", 2, 1), ("leningrad", 4, 3), ("balkan", 4, 0),
                                                            ("austrian", 4, 2)])
def test_random_sim_other_tables(variant: str, players: int, dealer: int) -> None:
    pyspiel.random_sim_test(load(variant, players=players, dealer=dealer), num_sims=2, serialize=True, verbose=False)


# ---------------------------------------------------------------------------------------------- the deal


def test_the_chance_nodes_are_the_pack() -> None:
    game = load("sochi")
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(c, 1 / 32) for c in range(32)]
    state.apply_action(5)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 31 and 5 not in [c for c, _ in outcomes] and outcomes[0][1] == pytest.approx(1 / 31)
    state = dealt(game, list(range(32)))
    engine = state.deal.game
    # dealer 0: the pack is dealt to seat 1, seat 2, seat 0 (the speaking order), ten cards each, the last two
    # cards are the talon: seat 1 holds ids 0..9 (7S .. AS, 7C, 8C), seat 2 ids 10..19, seat 0 ids 20..29
    assert engine.hand(1) == (1 << 10) - 1
    assert engine.hand(2) == ((1 << 10) - 1) << 10
    assert engine.hand(0) == ((1 << 10) - 1) << 20
    assert engine.deal.talon_cards == (30, 31)
    assert state.current_player() == 1  # the first hand speaks first
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 31) == "deal AH"


def test_four_players_the_dealer_sits_out() -> None:
    game = load("sochi", players=4, dealer=2)
    assert game.num_players() == 4
    state = dealt(game, list(range(32)))
    engine = state.deal.game
    # dealer 2 of four sits out: seats 3, 0, 1 get the three hands in that order
    assert [engine.hand(s) for s in (3, 0, 1, 2)] == [(1 << 10) - 1, ((1 << 10) - 1) << 10,
                                                      ((1 << 10) - 1) << 20, 0]


def test_all_pass_returns_the_stakes_paid() -> None:
    # Austrian: every dealer puts 10 into the pot before he deals (AUT-POT-03); when everybody passes the
    # cards are thrown in, so the deal's returns are the dealer's 10 paid (and not the next dealer's 10,
    # which the engine writes as it deals the next deal)
    for dealer, expected in ((0, [-10.0, 0.0, 0.0]), (1, [0.0, -10.0, 0.0])):
        game = load("austrian", dealer=dealer)
        state = dealt(game, random_pack(1))
        passed = game.spec.space.index["pass"]
        while not state.is_terminal():
            state.apply_action(passed)
        assert state.returns() == expected
        assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions() == []
    # Styrian: each of the three puts 50 into the pot at the start (STY, docs/rules/austrian.md)
    state = dealt(load("styrian"), random_pack(1))
    while not state.is_terminal():
        state.apply_action(state.get_game().spec.space.index["pass"])
    assert state.returns() == [-50.0, -50.0, -50.0]


@pytest.mark.slow
def test_returns_sum_to_zero_where_the_variant_is_zero_sum() -> None:
    rng = random.Random(4)
    for variant in ("sochi", "balkan", "classic"):
        for _ in range(5):
            state = play(load(variant).new_initial_state(), rng)
            assert sum(state.returns()) == pytest.approx(0, abs=1e-9)


@pytest.mark.slow
def test_legal_ids_agree_with_the_engine() -> None:
    rng = random.Random(2)
    for variant in ("sochi", "balkan", "nachgehen"):
        game = load(variant)
        space = game.spec.space
        for seed in range(3):
            state = dealt(game, random_pack(seed))
            while not state.is_terminal():
                engine = state.deal.game
                ids = state.legal_actions()
                assert ids == space.ids(engine.legal_actions(), engine.phase.value)
                mask = state.legal_actions_mask()
                assert [i for i, m in enumerate(mask) if m] == ids
                for other in range(game.num_players()):
                    if other != state.current_player():
                        assert state.legal_actions(other) == []
                state.apply_action(rng.choice(ids))


def _to_a_kontra_chain(max_chain: int) -> tuple[PreferansState, Any]:
    """Balkan: seat 1 bids the two, the others pass, both defenders follow and seat 2 and the declarer say
    kontra, rekontra, subkontra, mortkontra: the engine then offers kontra-5, without end."""
    game = load("balkan", max_chain=max_chain)
    space = game.spec.space
    state = dealt(game, list(range(32)))
    state.apply_action(space.index["2"])
    state.apply_action(space.index["pass"])
    state.apply_action(space.index["pass"])
    while state.deal.game.phase.value in ("discard", "declare"):
        state.apply_action(state.legal_actions()[0])
    for word in ("follow", "follow", "kontra", "rekontra", "subkontra", "mortkontra"):
        state.apply_action(space.index[word])
    assert state.deal.game.legal_actions() == ["no-kontra", "kontra-5"]
    return state, space


def test_the_chain_is_capped() -> None:
    state, space = _to_a_kontra_chain(max_chain=0)
    assert state.legal_actions() == [space.index["no-kontra"]]  # kontra-5 is not offered
    with pytest.raises(pyspiel.SpielError, match="max_chain"):
        state.apply_action(space.index["kontra-*"])
    state, space = _to_a_kontra_chain(max_chain=1)
    assert state.legal_actions() == [space.index["no-kontra"], space.index["kontra-*"]]
    state.apply_action(space.index["kontra-*"])
    assert state.deal.game.legal_actions() == ["no-kontra", "kontra-6"]
    assert state.legal_actions() == [space.index["no-kontra"]]  # one family call had: no more


# ---------------------------------------------------------------------------------------------- copies


def test_clone_is_independent() -> None:
    state = play(dealt(load("sochi"), random_pack(3)), random.Random(0), steps=12)
    text = str(state)
    copy = state.clone()
    assert str(copy) == text and copy.history() == state.history()
    copy.apply_action(copy.legal_actions()[0])
    assert str(state) == text and copy.history() != state.history()


def test_serialization_round_trip() -> None:
    rng = random.Random(6)
    game = load("sochi", players=4, dealer=1)
    for steps in (5, 40, 60, 200):  # dealing, the auction, play, the end
        state = play(game.new_initial_state(), rng, steps)
        again_game, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        assert str(again_game) == str(game) and str(again) == str(state)
        assert again.history() == state.history() and again.is_terminal() == state.is_terminal()
        if not state.is_chance_node() and not state.is_terminal():
            player = state.current_player()
            assert again.information_state_string(player) == state.information_state_string(player)
            assert again.legal_actions() == state.legal_actions()
        assert again.returns() == state.returns()


# ---------------------------------------------------------------------------------------------- what a player sees


def test_observations() -> None:
    game = load("sochi")
    encoder = game.spec.encoder
    state = game.new_initial_state()
    assert len(state.observation_tensor(0)) == encoder.size
    # the information state: the vector, then a row per action (3 seats + 71 ids) up to max_game_length
    assert len(state.information_state_tensor(0)) == encoder.size + 124 * (3 + 71)
    state = dealt(game, list(range(32)))
    assert "hand 1: 7S 8S 9S 10S JS QS KS AS 7C 8C" in state.observation_string(1)
    assert "hand 2" not in state.observation_string(1)
    play(state, random.Random(1))
    assert state.is_terminal()
    over = state.observation_string(0)
    assert ", over," in over and "over: " in over
    assert '"kind":"deal_end"' in state.information_state_string(0)


def test_while_dealt_a_seat_sees_its_own_cards_only() -> None:
    state = dealt(load("sochi"), [0, 8, 16, 24, 1, 9])  # the first six cards go to seat 1's hand
    assert state.information_state_string(1).endswith("own: 7S 8S 7C 8C 7D 7H")
    assert state.information_state_string(2).endswith("own: ")
    hands = sum(state.observation_tensor(1))
    assert hands == 6 and sum(state.observation_tensor(2)) == 0


# ---------------------------------------------------------------------------------------------- resampling


def hidden_hands(state: PreferansState, player: int) -> tuple[int, ...]:
    game = state.deal.game
    seen = game.seen_cards(player).hands
    return tuple(game.hand(h) for h in range(game.n_hands) if h not in seen)


def closed_game(game: Any, pack: list[int], cards: int) -> PreferansState:
    """Sochi: seat 1 bids 6S, the others pass, he discards his two lowest cards and declares 6S, both
    defenders whist (their hands stay closed), then ``cards`` cards of play, each the lowest legal one."""
    space = game.spec.space
    state = dealt(game, pack)
    for word in ("6S", "pass", "pass"):
        state.apply_action(space.index[word])
    for _ in range(3):  # two discards and the declaration
        state.apply_action(state.legal_actions()[0])
    for _ in range(2):
        state.apply_action(space.index["whist"])
    for _ in range(cards):
        state.apply_action(state.legal_actions()[0])
    return state


def test_resample_keeps_the_information_state() -> None:
    game = load("sochi")
    sampler = pyspiel.UniformProbabilitySampler(0, 0.0, 1.0)
    state = closed_game(game, random_pack(11), cards=7)  # two tricks and one card of the third
    assert state.deal.game.phase.value == "play"
    # each seat sees only its own hand
    assert [sorted(state.deal.game.seen_cards(p).hands) for p in range(3)] == [[0], [1], [2]]
    for player in range(3):
        want = state.information_state_string(player)
        hidden = set()
        for _ in range(8):
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == want
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.observation_tensor(player) == state.observation_tensor(player)
            assert other.deal.game.hand(player) == state.deal.game.hand(player)
            counts = [other.deal.game.hand(h).bit_count() for h in range(3)]
            assert counts == [state.deal.game.hand(h).bit_count() for h in range(3)]
            hidden.add(hidden_hands(other, player))
        assert len(hidden) > 1  # the cards it cannot see are dealt again


def test_resample_while_dealing() -> None:
    game = load("sochi")
    state = dealt(game, random_pack(2)[:15])
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    others = set()
    for _ in range(5):
        other = state.resample_from_infostate(1, sampler)
        assert other.information_state_string(1) == state.information_state_string(1)
        assert other.cards[:10] == state.cards[:10]  # seat 1's ten, as drawn
        others.add(other.cards[10:])
    assert len(others) > 1


@pytest.mark.slow
def test_resample_every_variant() -> None:
    # every variant, tables of two and four, each seat at random points of a few deals: never the fallback
    # (a warning), and the information state unchanged
    sampler = pyspiel.UniformProbabilitySampler(2, 0.0, 1.0)
    rng = random.Random(5)
    tables = [(v, {}) for v in VARIANTS] + [("sochi", {"players": 2}), ("balkan", {"players": 4})]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for variant, params in tables:
            game = load(variant, **params)
            for _ in range(2):
                state = game.new_initial_state()
                while not state.is_terminal():
                    if not state.is_chance_node() and rng.random() < 0.15:
                        for player in range(game.num_players()):
                            other = state.resample_from_infostate(player, sampler)
                            assert other.information_state_string(player) == state.information_state_string(player)
                    state.apply_action(rng.choice(state.legal_actions()))


def test_layouts_are_drawn_uniformly() -> None:
    # Seat 0 sees its own hand; six cards are unseen: 7S, 8S and 7C, 8C, 7D, 8D. Hand 1 has shown a void in
    # spades; hands 1 and 2 hold two cards each and two lie out (the talon). Layouts: hand 1 takes two of
    # the four non-spades (6 ways), hand 2 two of the other four cards (6 ways), the talon the last two:
    # 36 layouts, each to come 1/36 of the time.
    base = observe(Game(variant_of("sochi"), seed=0), 0)
    unseen = sum(1 << CARD_INDEX[n] for n in ("7S", "8S", "7C", "8C", "7D", "8D"))
    own = sum(1 << CARD_INDEX[n] for n in ("AS", "AC", "AD", "AH"))
    know = dataclasses.replace(base, known={0: own}, counts=(4, 2, 2), gone=((1 << 32) - 1) & ~(unseen | own),
                               forbidden=(0, SUIT_MASK[0], 0), talon=0, discard=0)
    rng = random.Random(9)
    seen: Counter[tuple[int, int]] = Counter()
    draws = 3600
    for _ in range(draws):
        hands, rest = _draw_layout(know, rng)
        assert hands[0] == own and not hands[1] & SUIT_MASK[0] and len(rest) == 2
        assert sorted([*cards_of(hands[1]), *cards_of(hands[2]), *rest]) == sorted(cards_of(unseen))
        seen[hands[1], hands[2]] += 1
    assert len(seen) == 36
    # 100 expected each, a standard deviation of about 10: all within five of them
    assert all(50 <= n <= 150 for n in seen.values())
