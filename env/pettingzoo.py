"""Every variant as a PettingZoo AEC environment: one agent a seat, turn by turn.

::

    from preferans.env.pettingzoo import aec_env

    env = aec_env("sochi")                  # or "leningrad(players=4)", episode="match", reward="match"
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            action = None                   # a finished agent is stepped with None, as PettingZoo wants
        else:
            action = env.action_space(agent).sample(obs["action_mask"])   # a policy's choice, by id
        env.step(action)

The agents are ``"seat_0"`` .. ``"seat_{n-1}"``, the seats of the table (two, three or four players); the
engine says whose turn it is. With four players the dealer sits a deal out and never acts in it.

* Each agent observes a dict: ``"observation"``, the seat's vector (:class:`~preferans.env.Encoder`: what the
  rules let that seat see, and the public settlement), and ``"action_mask"``, 1 at the ids of its legal
  actions when it is the agent to act, all zeros otherwise.
* An action is an id of :class:`~preferans.env.ActionSpace` (``Discrete``): the 32 cards, then the calls.
  An id that is not legal raises :class:`~preferans.core.IllegalActionError` and changes nothing; PettingZoo's
  ``TerminateIllegalWrapper`` turns that into a penalty if a learner wants one.
* Rewards come after the step that ends a deal: each seat's change of the settlement, in the variant's unit
  (``reward="deal"``), or the final settlement when the match ends (``reward="match"``). An episode is one
  deal (``episode="deal"``) or a whole match (``episode="match"``); at its end every agent is terminated
  (nothing is ever truncated).
* ``reset(seed=s)`` plays the game of seed ``s`` (the same seed, the same game); ``reset()`` draws the seed
  from the environment's own generator, itself seeded by the last ``reset(seed=...)``.
* ``render()`` is the text of what the seat to act sees (``render_mode="ansi"`` returns it, ``"human"``
  prints it).

The game is turn-based: one seat acts at a time, so PettingZoo's parallel API (``aec_to_parallel``, which
needs every agent to act at once) does not apply, and the metadata says ``is_parallelizable: False``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding

# PettingZoo ships no py.typed: its classes are Any to mypy (the env's own methods are typed)
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]

from preferans.core import Variant
from preferans.core.rules.config import DEFAULT_VARIANT
from preferans.env.encoding import render
from preferans.env.table import Episode, Reward, Table

Obs = dict[str, npt.NDArray[Any]]
"""One agent's observation: ``{"observation": float32 vector, "action_mask": int8 vector}``."""

class PreferansAEC(AECEnv):  # type: ignore[misc]  # AECEnv is Any to mypy (PettingZoo ships no types)
    """A variant's game as a PettingZoo AEC environment (see the module's docstring)."""

    metadata: dict[str, Any] = {"name": "preferans_v0", "render_modes": ["ansi", "human"],
                                "is_parallelizable": False}

    def __init__(self, variant: Variant | str = DEFAULT_VARIANT, *, plugins: Sequence[Any] = (),
                 episode: Episode = "deal", reward: Reward = "deal", render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: {render_mode!r} is not None, 'ansi' or 'human'")
        self.render_mode = render_mode
        self.table = Table(variant, plugins=plugins, episode=episode, reward=reward)
        self.encoder = self.table.encoder
        self.possible_agents: list[str] = [f"seat_{i}" for i in range(self.table.players)]
        self.agent_name_mapping: dict[str, int] = {a: i for i, a in enumerate(self.possible_agents)}
        low, high = self.encoder.bounds()
        n = len(self.table.space)
        self.observation_spaces: dict[str, spaces.Dict] = {a: spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
        }) for a in self.possible_agents}
        self.action_spaces: dict[str, spaces.Discrete] = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.np_random, self.np_random_seed = seeding.np_random(None)
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]

    def observation_space(self, agent: str) -> gymnasium.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode: the game of ``seed``, or of a seed drawn from the environment's generator.
        ``options`` are not used."""
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self.np_random.integers(2**31))
        self.table.reset(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.table.current_player]

    def observe(self, agent: str) -> Obs:
        table = self.table
        seat = self.agent_name_mapping[agent]
        vector = table.vector(seat)
        if seat == table.current_player:
            mask = table.space.mask(table.legal(), table.game.phase.value)
        else:
            mask = np.zeros(len(table.space), dtype=np.int8)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | np.integer[Any] | None) -> None:
        """The selected agent's action (an id); ``None`` for an agent that is done (PettingZoo's dead step).
        An id that is not legal raises :class:`~preferans.core.IllegalActionError` and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: step(None) is only for an agent that is done")
        self.table.step(int(action))
        self._cumulative_rewards[agent] = 0.0
        for a, r in zip(self.possible_agents, self.table.rewards, strict=True):
            self.rewards[a] = r
        if self.table.done:
            for a in self.agents:
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.table.current_player]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """What the seat to act sees, as text (the agent selected once the episode is over)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi' or 'human'")
            return None
        seat = self.table.current_player
        if seat < 0:
            seat = self.agent_name_mapping[self.agent_selection]
        text = render(self.table.observation(seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def aec_env(variant: Variant | str = DEFAULT_VARIANT, *, plugins: Sequence[Any] = (), episode: Episode = "deal",
            reward: Reward = "deal", render_mode: str | None = None) -> PreferansAEC:
    """The AEC environment of ``variant`` (an id as everywhere else: ``"sochi"``, ``"leningrad(players=4)"``)
    with extra ``plugins``; ``episode``, ``reward``: see :class:`~preferans.env.Table`."""
    return PreferansAEC(variant, plugins=plugins, episode=episode, reward=reward, render_mode=render_mode)


raw_env = aec_env
"""PettingZoo's name for the environment without wrappers: :func:`aec_env`."""


def env(variant: Variant | str = DEFAULT_VARIANT, *, plugins: Sequence[Any] = (), episode: Episode = "deal",
        reward: Reward = "deal", render_mode: str | None = None) -> Any:
    """:func:`aec_env` in PettingZoo's ``OrderEnforcingWrapper``, as PettingZoo's own ``env()`` functions give
    it (an error for a step, an observation or a render before ``reset()``)."""
    return OrderEnforcingWrapper(aec_env(variant, plugins=plugins, episode=episode, reward=reward,
                                         render_mode=render_mode))
