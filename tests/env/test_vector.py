"""Many games at once (preferans.env.vector): VectorTables for self-play in one process, the Gymnasium vector
environments, and self-play in blocks here, in worker processes or on a Dask cluster."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from preferans.core import IllegalActionError
from preferans.env.vector import RandomPolicy, VectorTables, make_async, make_sync, selfplay


def run(tables: VectorTables, steps: int, policy_seed: int = 1) -> list[tuple[Any, ...]]:
    """``steps`` steps of uniformly random legal ids, each step's arrays copied (they are the object's buffers),
    every shape, type and mask checked on the way."""
    n, size, ids, players = tables.n, tables.encoder.size, len(tables.space), tables.players
    rng = np.random.default_rng(policy_seed)
    out = []
    for _ in range(steps):
        obs, mask, to_act = tables.observe()
        assert obs.shape == (n, size) and obs.dtype == np.float32
        assert mask.shape == (n, ids) and mask.dtype == np.int8 and set(np.unique(mask)) <= {0, 1}
        assert to_act.shape == (n,) and np.issubdtype(to_act.dtype, np.integer)
        assert (mask.sum(axis=1) >= 1).all() and ((to_act >= 0) & (to_act < players)).all()
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        rewards, done = tables.step(actions)
        assert rewards.shape == (n, players) and rewards.dtype == np.float32
        assert done.shape == (n,) and done.dtype == np.bool_
        out.append((obs.copy(), mask.copy(), to_act.copy(), actions, rewards.copy(), done.copy()))
    return out


def test_vector_tables_over_200_steps() -> None:
    tables = VectorTables("sochi", 8, seed=10)
    steps = run(tables, 200)
    finished = 0
    for *_, rewards, done in steps:
        # rewards come only at a deal's end, and Sochi's settlement is zero-sum: each finished game's sum is 0
        assert not rewards[~done].any()
        assert np.allclose(rewards.sum(axis=1), 0, atol=1e-3)
        finished += int(done.sum())
    assert finished >= 8  # a random deal is some 40 actions: 200 steps finish several in each game
    assert sum(tables.episodes) == 8 + finished
    # game i's k-th episode (from 0) has seed 10 + 8k + i
    for i, table in enumerate(tables.tables):
        assert table.game.seed == tables.seeds[i] == 10 + 8 * (tables.episodes[i] - 1) + i


def test_vector_tables_are_deterministic() -> None:
    first = run(VectorTables("sochi", 4, seed=3), 60)
    again = run(VectorTables("sochi", 4, seed=3), 60)
    other = run(VectorTables("sochi", 4, seed=4), 60)
    for a, b in zip(first, again, strict=True):
        assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not np.array_equal(first[0][0], other[0][0])


def test_an_illegal_id_changes_no_game() -> None:
    tables = VectorTables("serbian", 3, seed=0)
    _, mask, _ = tables.observe()
    actions = np.array([np.flatnonzero(row)[0] for row in mask])
    actions[2] = np.flatnonzero(mask[2] == 0)[0]
    histories = [list(t.game.history) for t in tables.tables]
    with pytest.raises(IllegalActionError):
        tables.step(actions)
    assert [t.game.history for t in tables.tables] == histories
    with pytest.raises(ValueError, match="actions"):
        tables.step(actions[:2])


@pytest.mark.slow
@pytest.mark.subprocess
def test_async_vector_env_plays_as_the_sync_one() -> None:
    results = []
    for make in (make_async, make_sync):
        envs = make(2, variant="sochi", opponents="random")
        try:
            rng = np.random.default_rng(4)
            obs, info = envs.reset(seed=4)
            assert obs["observation"].shape[0] == 2 and obs["action_mask"].shape == (2, envs.single_action_space.n)
            rewards, ended = [], False
            for _ in range(40):
                actions = np.array([rng.choice(np.flatnonzero(row)) for row in obs["action_mask"]])
                obs, reward, terminated, truncated, info = envs.step(actions)
                # autoreset SAME_STEP: an env that finished shows its next episode's first decision already
                assert (obs["action_mask"].sum(axis=1) >= 1).all() and not truncated.any()
                if terminated.any():
                    ended = True
                    assert info["_final_obs"][terminated].all()
                rewards.append(reward.copy())
            assert ended
            results.append(np.array(rewards))
        finally:
            envs.close()
    assert np.array_equal(results[0], results[1])


def test_selfplay_in_this_process() -> None:
    # 10 episodes in blocks of 4: blocks of 4, 4 and 2
    summaries = selfplay("sochi", 10, seed=2, block=4)
    assert [(s.index, s.episodes) for s in summaries] == [(0, 4), (1, 4), (2, 2)]
    for s in summaries:
        assert s.steps >= s.episodes and len(s.mean_reward) == 3
        assert sum(s.mean_reward) == pytest.approx(0, abs=1e-9)  # Sochi is zero-sum
    # the policy is copied and seeded afresh in each block: a second run is the same
    assert selfplay("sochi", 10, seed=2, block=4, policy=RandomPolicy(99)) == summaries


@pytest.mark.slow
@pytest.mark.subprocess
def test_selfplay_is_the_same_in_worker_processes() -> None:
    assert selfplay("sochi", 24, seed=5, block=6, jobs=2) == selfplay("sochi", 24, seed=5, block=6)


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A Dask cluster in this process (one worker, two threads), shut down after the tests; the dask extra is
    part of [test], so CI must have it."""
    if os.environ.get("CI"):
        import distributed  # noqa: F401 - fails loudly in CI
    distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


@pytest.mark.slow
def test_selfplay_is_the_same_on_dask(scheduler: str) -> None:
    assert selfplay("sochi", 12, seed=5, block=4, scheduler=scheduler) == selfplay("sochi", 12, seed=5, block=4)
