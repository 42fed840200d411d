"""The PettingZoo AEC environment (preferans.env.pettingzoo): PettingZoo's own API and seed tests for every
playable variant at every number of players its rules accept, and the environment's promises worked by hand
(agents, spaces, the mask of the seat to act, a deal's rewards, a dealer sitting out, render, seeds)."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from preferans.core import IllegalActionError, load_variant
from preferans.core.rules.config import playable_variants
from preferans.env.pettingzoo import PreferansAEC, aec_env, env, raw_env


def tables() -> list[str]:
    """Every playable variant as a variant id, at three players (its preset) and at two and four where its
    rules accept them."""
    out = []
    for name in playable_variants():
        for players in (2, 3, 4):
            try:
                load_variant(name, {"players": players})
            except Exception:  # a number of players the rules do not accept
                continue
            out.append(name if players == 3 else f"{name}(players={players})")
    return out


TABLES = tables()

# PettingZoo's checks warn (UserWarning) about anything doubtful; these two are what every environment with
# a dict observation and an action mask gets (PettingZoo's own card games are listed as exceptions)
API_WARNINGS = pytest.mark.filterwarnings(
    "error::UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
)


def test_the_tables_include_the_two_and_four_player_games() -> None:
    assert {"sochi", "leningrad", "balkan", "austrian", "illustrated"} <= set(TABLES)
    assert {"leningrad(players=4)", "sochi(players=4)", "classic(players=2)"} <= set(TABLES)


@pytest.mark.slow  # about 0.15 s each, 5 s in all
@API_WARNINGS
@pytest.mark.parametrize("variant", TABLES)
def test_pettingzoo_api_and_seed_tests(variant: str) -> None:
    # an episode is one deal (about 40 steps): 60 cycles of every agent play it to its end
    api_test(aec_env(variant), num_cycles=60)
    seed_test(lambda: aec_env(variant), num_cycles=60)
    # a whole match: 40 cycles are a few deals, rewarded as each ends while the episode goes on
    api_test(aec_env(variant, episode="match"), num_cycles=40)


@API_WARNINGS
def test_the_wrapped_env_and_the_match_reward_pass_the_api_test() -> None:
    api_test(env("sochi"), num_cycles=60)
    # rewards only at the end of the match: none in these 40 cycles, and nothing else changes
    api_test(aec_env("balkan", episode="match", reward="match"), num_cycles=40)


def test_agents_spaces_and_metadata() -> None:
    e = aec_env("sochi(players=4)")
    assert e.possible_agents == ["seat_0", "seat_1", "seat_2", "seat_3"]
    assert e.metadata["name"] == "preferans_v0" and e.metadata["is_parallelizable"] is False
    # Sochi's 71 action ids (tests/env/test_actions.py) and its 3-seat vector of 778 floats are worked out in
    # tests/env/test_encoding.py; with four seats the vector differs, the ids do not
    space = e.action_space("seat_2")
    assert space.n == 71
    obs_space = e.observation_space("seat_2")
    assert obs_space["action_mask"].shape == (71,)
    assert obs_space["action_mask"].dtype == np.int8
    assert obs_space["observation"].dtype == np.float32
    assert e.observation_space("seat_2") is obs_space and e.action_space("seat_2") is space
    assert raw_env is aec_env
    assert isinstance(env("sochi"), OrderEnforcingWrapper)
    assert isinstance(env("sochi").unwrapped, PreferansAEC)


def test_only_the_agent_to_act_has_a_mask() -> None:
    e = aec_env("sochi")
    e.reset(seed=3)
    to_act = e.agent_selection
    for agent in e.agents:
        mask = e.observe(agent)["action_mask"]
        if agent == to_act:
            # first hand opens the auction: pass (id 59) and every biddable contract, 6S (33) .. 10NT (58),
            # misère (48) among them; raspasovka (32) is never bid
            assert list(np.flatnonzero(mask)) == list(range(33, 60))
        else:
            assert not mask.any()


def test_an_illegal_id_raises_and_changes_nothing() -> None:
    e = aec_env("sochi")
    e.reset(seed=3)
    agent = e.agent_selection
    before = e.observe(agent)
    saved = e.table.game.to_json()
    for bad in (0, 31, 32, 70, 71, -1):  # two cards, raspasovka and defend in the auction; two ids off the end
        with pytest.raises(IllegalActionError):
            e.step(bad)
    with pytest.raises(ValueError, match="step"):
        e.step(None)  # None is only for an agent that is done
    assert e.agent_selection == agent and e.table.game.to_json() == saved
    after = e.observe(agent)
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])
    assert e._cumulative_rewards == {a: 0.0 for a in e.possible_agents}


def test_a_game_both_defenders_pass_rewards_the_declarer() -> None:
    # Six spades, both defenders pass: the declarer writes the price of a six, 2, in his pool without play
    # (variants/russian/preset.toml: game_price 6 = 2). Sochi settles a pool point as 10 whists
    # (settlement.pool_point = 10) and the three seats' balances sum to zero: the declarer is owed
    # 20 - 20/3 = 40/3 whists, each defender pays 20/3.
    e = aec_env("sochi")
    e.reset(seed=7)
    space = e.table.space

    def act(word: str, phase: str) -> str:
        agent = e.agent_selection
        _, reward, terminated, _, _ = e.last()
        assert reward == 0 and not terminated
        e.step(space.id_of(word, phase))
        return agent

    declarer = act("6S", "auction")
    defenders = [act("pass", "auction"), act("pass", "auction")]
    hand = e.table.observation(e.agent_name_mapping[declarer]).hands[e.agent_name_mapping[declarer]]
    assert len(hand) == 12  # his ten and the talon
    act(hand[0], "discard")
    act(hand[1], "discard")
    act("6S", "declare")
    act("pass", "defence")
    assert not e.terminations[declarer]
    act("pass", "defence")
    assert all(e.terminations.values()) and not any(e.truncations.values())
    assert e.rewards[declarer] == pytest.approx(40 / 3)
    assert [e.rewards[d] for d in defenders] == pytest.approx([-20 / 3, -20 / 3])
    # each agent gets it through last(), then is stepped with None and leaves
    seen = {}
    for agent in e.agent_iter():
        _, reward, terminated, _, _ = e.last()
        assert terminated
        seen[agent] = reward
        e.step(None)
    assert seen == pytest.approx({declarer: 40 / 3, defenders[0]: -20 / 3, defenders[1]: -20 / 3})
    assert e.agents == []


def test_with_four_players_the_dealer_never_acts_in_the_deal() -> None:
    e = aec_env("sochi(players=4)")
    rng = np.random.default_rng(0)
    for seed in range(5):
        e.reset(seed=seed)
        dealer = e.table.observation(0).dealer
        acted = set()
        while not e.table.done:
            agent = e.agent_selection
            acted.add(agent)
            mask = e.observe(agent)["action_mask"]
            e.step(int(rng.choice(np.flatnonzero(mask))))
        assert f"seat_{dealer}" not in acted and len(acted) == 3


def test_the_same_seed_the_same_game() -> None:
    one, two = aec_env("sochi"), aec_env("sochi")
    one.reset(seed=11)
    two.reset(seed=11)
    assert one.table.game.to_json() == two.table.game.to_json()
    # reset() without a seed draws it from the generator the last seed set: both draw the same
    one.reset()
    two.reset()
    assert one.table.game.to_json() == two.table.game.to_json()
    assert one.table.game.seed != 11


def test_render_is_the_text_of_the_seat_to_act(capsys: pytest.CaptureFixture[str]) -> None:
    e = aec_env("sochi", render_mode="ansi")
    e.reset(seed=3)
    seat = e.agent_name_mapping[e.agent_selection]
    text = e.render()
    assert isinstance(text, str)
    hand = " ".join(e.table.observation(seat).hands[seat])
    assert f"hand {seat}: {hand}" in text and f"seat {seat} to act" in text
    human = aec_env("sochi", render_mode="human")
    human.reset(seed=3)
    assert human.render() is None
    assert capsys.readouterr().out.strip() == text
    with pytest.raises(ValueError, match="render_mode"):
        aec_env("sochi", render_mode="rgb_array")
