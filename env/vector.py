"""Many games at once: :class:`VectorTables` steps ``n`` tables in this process for self-play (every seat
played by the learner), :func:`make_sync` and :func:`make_async` build Gymnasium vector environments of
:class:`~preferans.env.gymnasium.PreferansEnv`, and :func:`selfplay` runs self-play episodes in blocks here,
in worker processes or on a Dask cluster (as ``preferans simulate`` does) with the same result.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv

from preferans.core import Variant
from preferans.core.rules.config import DEFAULT_VARIANT, config_from_dict
from preferans.core.rules.local import LocalPlugin
from preferans.core.tools.parallel import derive_seed, iter_units
from preferans.env.encoding import Encoder
from preferans.env.gymnasium import PreferansEnv
from preferans.env.table import Episode, Reward, Table, variant_of

__all__ = ["SELFPLAY_BLOCK", "Policy", "RandomPolicy", "SelfplayBlock", "SelfplaySummary", "VectorTables",
           "make_async", "make_sync", "selfplay", "selfplay_block"]

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Any]
"""``policy(observation, action_mask) -> action id``: the vector of the seat to act and its 0/1 mask."""


class VectorTables:
    """``n`` games of one variant stepped together, each seat played by the caller (self-play).

    :meth:`observe` gives, for each game, the vector and the mask of the seat to act and that seat;
    :meth:`step` applies one action id per game and gives every seat's reward and whether the game's episode
    ended. A finished game starts its next episode at once, so every game always has a seat to act.

    The seeds: game ``i``'s ``k``-th episode (``k`` from 0) is ``Table.reset(seed + k * n + i)``, so the
    episodes of one vector never share a seed and the same ``seed`` gives the same games, whatever the actions
    do to their lengths (:attr:`seeds` holds each game's current seed, :attr:`episodes` how many each started).

    The arrays returned are this object's own buffers, filled again by the next call: copy what you keep."""

    def __init__(self, variant: Variant | str = DEFAULT_VARIANT, n: int = 1, *, plugins: Sequence[Any] = (),
                 episode: Episode = "deal", reward: Reward = "deal", seed: int = 0) -> None:
        if n < 1:
            raise ValueError(f"n: at least one game, got {n}")
        self.variant = variant_of(variant, plugins)
        self.tables = [Table(self.variant, episode=episode, reward=reward) for _ in range(n)]
        self.space = self.tables[0].space
        self.encoder = Encoder(self.variant, self.space)
        self.n = n
        self.players = self.tables[0].players
        self.seed = seed
        self.seeds: list[int] = [0] * n
        self.episodes: list[int] = [0] * n
        self._obs = np.zeros((n, self.encoder.size), dtype=np.float32)
        self._mask = np.zeros((n, len(self.space)), dtype=np.int8)
        self._to_act = np.zeros(n, dtype=np.int64)
        self._rewards = np.zeros((n, self.players), dtype=np.float32)
        self._done = np.zeros(n, dtype=bool)
        self._observed = False
        for i in range(n):
            self._next_episode(i)

    def episode_seed(self, i: int, k: int) -> int:
        """The seed of game ``i``'s ``k``-th episode (from 0)."""
        return self.seed + k * self.n + i

    def _next_episode(self, i: int) -> None:
        self.seeds[i] = self.episode_seed(i, self.episodes[i])
        self.episodes[i] += 1
        self.tables[i].reset(self.seeds[i])

    def observe(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """``(obs, mask, to_act)``: float32 ``[n, size]``, the vector of the seat to act in each game; int8
        ``[n, len(space)]``, its legal ids; int64 ``[n]``, that seat."""
        if not self._observed:
            ids, mask, encode = self.space.ids, self._mask, self.encoder.encode
            mask.fill(0)
            for i, table in enumerate(self.tables):
                game = table.game
                seat = game.current_player
                self._to_act[i] = seat
                self._obs[i] = encode(game.observation(seat), table.settlement())
                mask[i, ids(game.legal_actions(), game.phase.value)] = 1
            self._observed = True
        return self._obs, self._mask, self._to_act

    def step(self, actions: npt.ArrayLike) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Apply ``actions[i]`` (an id) for the seat to act in game ``i``; ``(rewards, done)``: float32
        ``[n, players]``, what each seat got, and bool ``[n]``, whether game ``i``'s episode ended (it has
        started the next already). An illegal id raises :class:`~preferans.core.IllegalActionError` before
        any game changes."""
        ids = np.asarray(actions).reshape(-1)
        if ids.shape != (self.n,):
            raise ValueError(f"actions: expected {self.n} ids, got shape {np.shape(actions)}")
        tables, space = self.tables, self.space
        picked = [int(a) for a in ids]
        for table, a in zip(tables, picked, strict=True):  # every id checked first: all or nothing
            game = table.game
            space.action(a, game.legal_actions(), game.phase.value)
        for i, (table, a) in enumerate(zip(tables, picked, strict=True)):
            table.step(a)
            self._rewards[i] = table.rewards
            done = table.done
            self._done[i] = done
            if done:
                self._next_episode(i)
        self._observed = False
        return self._rewards, self._done


# ---------------------------------------------------------------- Gymnasium vector environments


def _env_fns(n: int, kwargs: dict[str, Any]) -> list[Callable[[], PreferansEnv]]:
    if n < 1:
        raise ValueError(f"n: at least one environment, got {n}")
    return [functools.partial(PreferansEnv, **kwargs) for _ in range(n)]  # picklable, for any start method


def make_sync(n: int, *, autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
              **kwargs: Any) -> SyncVectorEnv:
    """``n`` :class:`~preferans.env.gymnasium.PreferansEnv` (made with ``kwargs``) stepped one after the other
    in this process. ``reset(seed=s)`` seeds environment ``i`` with ``s + i``.

    The autoreset mode is ``SAME_STEP`` by default (Gymnasium's is ``NEXT_STEP``): the step that ends an
    episode returns the next episode's first observation, whose mask has a legal id, and puts the last one in
    ``info["final_obs"]`` (``info["final_info"]``). With ``NEXT_STEP`` the step after the end resets and
    ignores its action, and the terminal observation's mask is all zeros."""
    return SyncVectorEnv(_env_fns(n, kwargs), autoreset_mode=autoreset_mode)


def make_async(n: int, *, autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
               context: str | None = None, **kwargs: Any) -> AsyncVectorEnv:
    """:func:`make_sync` with each environment in a process of its own (``context``: the multiprocessing start
    method, Gymnasium's default when ``None``)."""
    return AsyncVectorEnv(_env_fns(n, kwargs), autoreset_mode=autoreset_mode, context=context)


# ---------------------------------------------------------------- self-play in blocks


SELFPLAY_BLOCK = 100
"""Episodes per work unit of :func:`selfplay` (the results depend on it, not on ``jobs``)."""


class RandomPolicy:
    """Uniform over the legal ids, from its own generator (picklable; :meth:`seed` starts it again)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = np.random.default_rng(seed)

    def seed(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def __call__(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[self.rng.integers(len(legal))])


@dataclass(frozen=True)
class SelfplayBlock:
    """Block ``index`` of a :func:`selfplay` run: ``episodes`` episodes (picklable: the variant travels as its
    config, its local plugins beside it)."""

    config: dict[str, Any]
    local: tuple[LocalPlugin, ...]
    episode: Episode
    policy: Policy
    seed: int
    index: int
    episodes: int


@dataclass(frozen=True)
class SelfplaySummary:
    """What a block played: its ``episodes``, the ``steps`` (actions) in them, and each seat's mean reward per
    episode (in the variant's unit)."""

    index: int
    episodes: int
    steps: int
    mean_reward: tuple[float, ...]


def selfplay_block(block: SelfplayBlock, variant: Variant | None = None) -> SelfplaySummary:
    """Play the block's episodes, every seat by a copy of its policy (seeded with
    ``derive_seed(seed, index, "policy")`` when it has a ``seed(int)`` method); episode ``k`` is
    ``Table.reset(derive_seed(seed, index, k))``."""
    variant = variant if variant is not None else config_from_dict(block.config, "selfplay", block.local)
    table = Table(variant, episode=block.episode)
    space = table.space
    policy = copy.deepcopy(block.policy)  # the same start in every block, wherever it runs
    reseed = getattr(policy, "seed", None)
    if callable(reseed):
        reseed(derive_seed(block.seed, block.index, "policy"))
    totals = [0.0] * table.players
    steps = 0
    for k in range(block.episodes):
        table.reset(derive_seed(block.seed, block.index, k))
        while not table.done:
            seat = table.current_player
            obs = table.vector(seat)
            table.step(int(policy(obs, space.mask(table.legal(), table.game.phase.value))))
            steps += 1
            for s, r in enumerate(table.rewards):
                totals[s] += r
    return SelfplaySummary(block.index, block.episodes, steps,
                           tuple(t / block.episodes if block.episodes else 0.0 for t in totals))


def selfplay(variant: Variant | str, episodes: int, policy: Policy | None = None, *, seed: int = 0, jobs: int = 1,
             scheduler: str | None = None, block: int = SELFPLAY_BLOCK, plugins: Sequence[Any] = (),
             episode: Episode = "deal") -> list[SelfplaySummary]:
    """Self-play ``episodes`` episodes in blocks of ``block`` (:func:`selfplay_block`), here (``jobs=1``), in
    ``jobs`` worker processes or on the Dask scheduler at ``scheduler`` (``iter_units``, as ``preferans
    simulate``); one summary per block, in block order, the same whatever runs them. ``policy``: a picklable
    ``policy(obs, mask) -> id`` (a module-level function or an object; not a lambda for ``jobs > 1``),
    :class:`RandomPolicy` by default."""
    if block < 1:
        raise ValueError(f"block: at least one episode, got {block}")
    chosen = variant_of(variant, plugins)
    config, local = chosen.config_dict(), tuple(chosen.local_plugins)
    player: Policy = policy if policy is not None else RandomPolicy()
    units: Iterable[SelfplayBlock] = (
        SelfplayBlock(config, local, episode, player, seed, c, min(block, episodes - a))
        for c, a in enumerate(range(0, episodes, block)))
    parts: Iterator[SelfplaySummary]
    if jobs == 1 and scheduler is None:  # in this process: the variant as it is, not rebuilt per block
        parts = (selfplay_block(u, chosen) for u in units)
    else:
        parts = iter_units(selfplay_block, units, jobs=jobs, scheduler=scheduler)
    return list(parts)
