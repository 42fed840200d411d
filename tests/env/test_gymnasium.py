"""The Gymnasium environment (preferans.env.gymnasium): Gymnasium's own checker, seeds, the learner's rewards
against the engine's settlement, the learner who sits a deal out, opponents and illegal ids."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from preferans.core import BadInput, Game, IllegalActionError
from preferans.env.gymnasium import ENV_ID, PreferansEnv, register_envs
from preferans.env.table import Reward


def first_dealer(seed: int, players: int) -> int:
    """The first dealer of a deal episode: Table.reset draws it as ``random.Random(seed).randrange(players)``."""
    return random.Random(seed).randrange(players)


def play_out(env: PreferansEnv, seed: int, policy_seed: int = 0) -> tuple[list[Any], float, dict[str, Any]]:
    """One episode with uniformly random legal ids: the trajectory (each step's action, reward, end and
    observation), the rewards' sum and the last info; every observation checked against the space."""
    rng = np.random.default_rng(policy_seed)
    obs, info = env.reset(seed=seed)
    assert obs in env.observation_space
    trajectory: list[Any] = [obs["observation"].tobytes()]
    total = 0.0
    while True:
        assert info["legal_ids"] and obs["action_mask"].sum() == len(info["legal_ids"])
        action = int(rng.choice(info["legal_ids"]))
        obs, reward, terminated, truncated, info = env.step(action)
        assert obs in env.observation_space and not truncated
        trajectory.append((action, reward, terminated, obs["observation"].tobytes()))
        total += float(reward)
        if terminated:
            return trajectory, total, info


@pytest.mark.parametrize("variant", ["sochi", "serbian", "illustrated", "leningrad(players=4)"])
def test_gymnasiums_checker_passes(variant: str) -> None:
    # made through the registry so that the checker also makes the environment in each declared render mode;
    # illegal="random": the checker steps with ids drawn from the whole Discrete space, most of them illegal
    env = gymnasium.make(ENV_ID, variant=variant, illegal="random")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # every complaint of the checker is a warning: none may come
        check_env(env.unwrapped)


def test_the_same_seed_plays_the_same_game_against_random_bots() -> None:
    # a whole short match: the random bots' generators come from the game's seed, not from the process
    variant = "sochi(max_deals=3)"
    first = play_out(PreferansEnv(variant, opponents="random", episode="match"), seed=11)
    again = play_out(PreferansEnv(variant, opponents="random", episode="match"), seed=11)
    other = play_out(PreferansEnv(variant, opponents="random", episode="match"), seed=12)
    assert first[0] == again[0] and first[1] == again[1]
    assert first[0] != other[0]


@pytest.mark.parametrize(("variant", "seat"), [("sochi", 0), ("sochi", 2), ("serbian", 1),
                                               ("leningrad(players=4)", 3)])
def test_a_deals_rewards_are_the_learners_settlement_change(variant: str, seat: int) -> None:
    env = PreferansEnv(variant, opponents="random", seat=seat)
    _, total, info = play_out(env, seed=5)
    # the engine again, apart from the environment: the same game replayed from its seed and first dealer
    # with the actions the deal saw, and the settlement after it less the settlement of the fresh game
    seed = info["game_seed"]
    dealer = first_dealer(seed, env.players)
    start = Game(env.variant, seed, dealer).settlement().exact
    after = Game.replay(env.variant, seed, env.table.game.history, dealer).settlement().exact
    change = [a - b for a, b in zip(after, start, strict=True)]
    assert total == pytest.approx(float(change[seat]))
    # the table's rewards of the deal's last step are every seat's reward for the deal
    assert env.table.rewards == pytest.approx([float(c) for c in change])
    if variant == "sochi":  # Sochi's settlement is zero-sum: the other seats got what the learner lost
        assert sum(change) == 0
        assert sum(env.table.rewards) == pytest.approx(0)


def test_a_deal_the_learner_sits_out_is_no_episode() -> None:
    # with four players the dealer sits the deal out: seat 0 never acts in a deal it deals
    sits_out = next(s for s in range(100) if first_dealer(s, 4) == 0)
    plays = next(s for s in range(100) if first_dealer(s, 4) != 0)
    env = PreferansEnv("leningrad(players=4)", opponents="random", seat=0)
    obs, info = env.reset(seed=sits_out)
    assert info["skipped"] >= 1 and info["game_seed"] != sits_out
    assert env.table.observation(0).dealer != 0 and info["legal_ids"]
    assert obs["action_mask"].sum() == len(info["legal_ids"])
    _, info = env.reset(seed=plays)
    assert info["skipped"] == 0 and info["game_seed"] == plays


def test_in_a_match_a_deal_sat_out_comes_with_the_next_reward() -> None:
    # a match starts with seat 0 dealing, and with four players the dealer sits out: the bots play deal 1
    # through before the learner's first decision, in deal 2's auction
    variant = "leningrad(players=4,max_deals=4)"
    env = PreferansEnv(variant, opponents="random", episode="match", seat=0)
    obs, info = env.reset(seed=3)
    game = env.table.game
    assert len(game.results) == 1 and info["skipped"] == 0
    sat_out = float(game.settlement().exact[0] - Game(env.variant, 3).settlement().exact[0])
    assert sat_out != 0  # the dealer shares in the deal (consolation from a failed contract, whists...)
    # the learner's first call cannot end deal 2 (it speaks after the two others in the auction, and the
    # play still follows), so its reward is deal 1's alone
    _, reward, terminated, _, _ = env.step(info["legal_ids"][0])
    assert reward == pytest.approx(sat_out) and not terminated


@pytest.mark.parametrize("reward", ["deal", "match"])
def test_a_matchs_rewards_sum_to_the_learners_final_settlement(reward: Reward) -> None:
    env = PreferansEnv("leningrad(players=4,max_deals=4)", opponents="random", episode="match",
                       reward=reward, seat=1)
    trajectory, total, _ = play_out(env, seed=8)
    game = env.table.game
    assert game.is_terminal and len(game.results) == 4
    final = game.settlement().exact[1]
    # "deal": the changes deal by deal add up to final - start; "match": the final settlement, at the end
    start = Game(env.variant, 8).settlement().exact[1] if reward == "deal" else 0
    assert total == pytest.approx(float(final - start))
    if reward == "match":
        assert all(step[1] == 0 for step in trajectory[1:-1])


def test_an_illegal_id_raises_and_changes_nothing() -> None:
    env = PreferansEnv("sochi", opponents="random")
    obs, info = env.reset(seed=7)
    history = list(env.table.game.history)
    # reset stops at the learner's first decision, a call of the auction: id 0 (the card 7S) is no call
    with pytest.raises(IllegalActionError):
        env.step(0)
    assert env.table.game.history == history
    obs, *_ = env.step(info["legal_ids"][0])
    assert len(env.table.game.history) > len(history)


def test_illegal_random_plays_a_legal_id_instead() -> None:
    env = PreferansEnv("sochi", opponents="random", illegal="random")
    env.reset(seed=7)
    game = env.table.game
    done, legal = len(game.history), game.legal_actions()
    _, _, _, _, info = env.step(0)  # id 0, the card 7S, in the auction: no call
    assert info["illegal"] is True
    assert game.history[done] in legal  # the learner's action: one of the calls it had
    _, _, _, _, info = env.step(info["legal_ids"][0])
    assert info["illegal"] is False


def test_the_opponents_one_for_all_or_one_per_seat_from_the_learners_left() -> None:
    env = PreferansEnv("sochi", opponents=["random", "heuristic"], seat=1)
    env.reset(seed=0)
    assert {s: b.name for s, b in env.bots.items()} == {2: "random", 0: "heuristic"}
    env = PreferansEnv("leningrad(players=4)", opponents="easy,random,heuristic", seat=2)
    env.reset(seed=0)
    assert {s: b.name for s, b in env.bots.items()} == {3: "heuristic", 0: "random", 1: "heuristic"}
    # the levels by name ("easy" is the heuristic bot; "normal" and "hard" are searched only when they play)
    for level in ("easy", "normal", "hard", "pimc", "pimc:samples=4"):
        PreferansEnv("sochi", opponents=level)


def test_bad_options_are_refused() -> None:
    with pytest.raises(BadInput, match="opponents"):
        PreferansEnv("sochi", opponents="nobody")
    with pytest.raises(ValueError, match="opponents"):
        PreferansEnv("sochi", opponents=["easy", "easy", "easy"])
    with pytest.raises(ValueError, match="seat"):
        PreferansEnv("sochi", seat=3)
    with pytest.raises(ValueError, match="render_mode"):
        PreferansEnv("sochi", render_mode="rgb_array")


def test_a_random_seat_comes_from_the_seed() -> None:
    env = PreferansEnv("sochi", opponents="random", seat="random")
    seats = []
    for seed in range(12):
        _, info = env.reset(seed=seed)
        seats.append(info["seat"])
        assert env.table.current_player == info["seat"]
    assert set(seats) == {0, 1, 2}
    again = PreferansEnv("sochi", opponents="random", seat="random")
    assert [again.reset(seed=seed)[1]["seat"] for seed in range(12)] == seats


def test_registered_with_gymnasium_and_rendered(capsys: pytest.CaptureFixture[str]) -> None:
    register_envs()  # a second time: nothing changes, no warning of an id registered again
    assert list(gymnasium.registry).count(ENV_ID) == 1
    env = gymnasium.make(ENV_ID, variant="serbian", render_mode="ansi")
    _, info = env.reset(seed=2)
    assert isinstance(env.unwrapped, PreferansEnv) and env.unwrapped.variant.name == "serbian"
    text = env.render()
    assert isinstance(text, str) and f"seat {info['seat']} to see" in text
    human = PreferansEnv("sochi", render_mode="human")
    human.reset(seed=2)
    assert human.render() is None and "to see" in capsys.readouterr().out
