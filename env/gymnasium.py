"""Every variant as a Gymnasium environment: one learning seat, the other seats played by the engine's bots.

::

    import gymnasium
    import preferans.env.gymnasium  # registers the id (or: make "preferans.env.gymnasium:preferans/Preferans-v0")

    env = gymnasium.make("preferans/Preferans-v0", variant="serbian", opponents="easy")
    obs, info = env.reset(seed=1)
    while True:
        legal = info["legal_ids"]  # or obs["action_mask"]
        obs, reward, terminated, truncated, info = env.step(legal[0])
        if terminated:
            break

The observation is a dict: ``"observation"``, the learner's vector (:class:`~preferans.env.encoding.Encoder`),
and ``"action_mask"``, 1 for each legal id (:class:`~preferans.env.actions.ActionSpace`). The action is an id
of ``Discrete(len(space))``; an id the mask does not allow raises the engine's
:class:`~preferans.core.IllegalActionError` and changes nothing (``illegal="random"`` plays a random legal id
instead, for tools that sample the whole ``Discrete`` space, such as Gymnasium's ``check_env``).

Episodes and rewards (:class:`~preferans.env.table.Table`): ``episode="deal"`` is one deal, ``"match"`` a whole
match; the reward of a step is the learner's change of the settlement over everything that happened from its
action to its next decision (the bots' actions included), so the rewards of an episode sum to the learner's
settlement change over it. Choices the Gymnasium rules leave open:

* **The learner never acts in a deal.** With four players the dealer sits the deal out. ``reset`` always
  returns a decision of the learner (Gymnasium has no episode that ends at ``reset``): with ``episode="deal"``
  a deal the learner sits out is not an episode, and ``reset`` deals the next game (a seed drawn from the
  environment's ``np_random``; ``info["skipped"]`` counts the deals passed over, whose settlement the learner's
  play could not change). With ``episode="match"`` the bots play on; what the learner got meanwhile (a deal
  it sat out, the match's first deal included) comes with the reward of its next step.
* **The terminal observation** is the learner's view once the episode's last deal is scored (the sheet and the
  settlement updated; with ``episode="deal"`` no cards or calls: the next deal, which the engine has already
  dealt, belongs to no episode), with an all-zero mask.
* **Seeds.** ``reset(seed=s)`` plays the game of seed ``s`` (``Table.reset(s)``: the same as
  ``preferans.env.Table``); ``reset()`` without a seed draws the game's seed from ``np_random``.
  ``info["game_seed"]`` is the seed played. Each bot is made anew for each episode from the registry with
  the game's seed and its seat (``make_bot(name, game_seed, seat)``, as ``preferans simulate`` does), so the
  same seed and the same actions give the same episode. ``seat="random"`` draws the learner's seat from
  ``np_random`` at each reset.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, SupportsFloat, TypeAlias

import gymnasium
import numpy as np
from gymnasium import spaces

from preferans.core import Variant
from preferans.core.ai.registry import make_bot
from preferans.core.engine.player import Bot
from preferans.core.rules.config import DEFAULT_VARIANT
from preferans.env.encoding import render
from preferans.env.table import Episode, Reward, Table

__all__ = ["ENV_ID", "PreferansEnv", "register_envs"]

ENV_ID = "preferans/Preferans-v0"
"""The Gymnasium id :func:`register_envs` registers."""

MAX_SKIPS = 1000
"""``reset`` gives up (``RuntimeError``) after this many deals in a row without a decision of the learner."""

Opponents: TypeAlias = str | Sequence[str]
Obs: TypeAlias = dict[str, Any]
"""An observation: ``"observation"`` (float32 vector) and ``"action_mask"`` (int8 0/1 by id)."""


def opponent_names(opponents: Opponents, players: int) -> tuple[str, ...]:
    """One bot name for each other seat, from the learner's left (the seat after it) round the table:
    ``opponents`` is one name for all (``"easy"``), a comma list (``"easy,hard"``) or a sequence of names."""
    names = [n.strip() for n in opponents.split(",")] if isinstance(opponents, str) else [str(n) for n in opponents]
    if len(names) == 1:
        names *= players - 1
    if len(names) != players - 1:
        raise ValueError(f"opponents: expected 1 or {players - 1} bot names, got {len(names)} ({opponents!r})")
    for name in dict.fromkeys(names):
        make_bot(name, 0, 0, where="opponents", trusted=True)  # an unknown name: BadInput naming the choices
    return tuple(names)


class PreferansEnv(gymnasium.Env[Obs, np.int64]):
    """A variant for one learning seat against the registry's bots (see the module's notes).

    ``opponents``: the bots of the other seats, by registry name (``"easy"``, ``"normal"``, ``"hard"``,
    ``"heuristic"``, ``"random"``, ``"pimc"``, ``"pimc:samples=40"`` ...): one for all, or one per other seat
    from the learner's left. ``seat``: the learner's seat, or ``"random"``. ``episode`` and ``reward`` as for
    :class:`~preferans.env.table.Table`. ``render_mode``: ``"ansi"`` (:meth:`render` returns the learner's
    view as text) or ``"human"`` (prints it). ``illegal``: ``"raise"`` (an id the mask does not allow raises
    :class:`~preferans.core.IllegalActionError`, nothing changes) or ``"random"`` (a legal id drawn from
    ``np_random`` is played instead, and ``info["illegal"]`` is true)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, variant: Variant | str = DEFAULT_VARIANT, *, plugins: Sequence[Any] = (),
                 opponents: Opponents = "easy", seat: int | Literal["random"] = 0, episode: Episode = "deal",
                 reward: Reward = "deal", render_mode: str | None = None,
                 illegal: Literal["raise", "random"] = "raise") -> None:
        self.table = Table(variant, plugins=plugins, episode=episode, reward=reward)
        self.variant = self.table.variant
        self.space = self.table.space
        self.players = self.table.players
        self.encoder = self.table.encoder
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise ValueError(f"seat: {seat!r} is not 'random' or a seat from 0 to {self.players - 1}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: {render_mode!r} is not one of {self.metadata['render_modes']}")
        if illegal not in ("raise", "random"):
            raise ValueError(f"illegal: {illegal!r} is not 'raise' or 'random'")
        self.opponents = opponent_names(opponents, self.players)
        self.random_seat = seat == "random"
        self.seat: int = 0 if seat == "random" else seat
        self.render_mode = render_mode
        self.illegal = illegal
        low, high = self.encoder.bounds()
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.space),), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(len(self.space))
        self.game_seed = 0
        self.skipped = 0
        self.bots: dict[int, Bot] = {}
        """The bots of the episode, by seat (made anew at each reset)."""
        self._pending = 0.0

    # ------------------------------------------------------------ the Gymnasium API

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else self._draw_seed()
        for skipped in range(MAX_SKIPS):
            if self.random_seat:
                self.seat = int(self.np_random.integers(self.players))
            self._start(game_seed)
            if not self.table.done:
                self.skipped = skipped
                break
            game_seed = self._draw_seed()  # the learner sat the whole episode out: not an episode
        else:
            raise RuntimeError(f"seat {self.seat} had no decision in {MAX_SKIPS} deals in a row")
        obs, legal_ids = self._observe()
        return obs, self._info(obs, legal_ids)

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        table = self.table
        if table.done:
            raise ValueError("the episode is over: call reset()")
        action_id = int(action)
        illegal = False
        if self.illegal == "random":
            legal = table.legal_ids()
            if action_id not in legal:
                action_id, illegal = legal[int(self.np_random.integers(len(legal)))], True
        table.step(action_id)  # IllegalActionError naming the legal ids, nothing changed
        reward = self._pending + table.rewards[self.seat]
        self._pending = 0.0
        reward += self._advance()
        obs, legal_ids = self._observe()
        info = self._info(obs, legal_ids)
        if self.illegal == "random":
            info["illegal"] = illegal
        return obs, float(reward), table.done, False, info

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: make the environment with render_mode='ansi'")
            return None
        text = render(self.table.observation(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ------------------------------------------------------------ inside

    def _draw_seed(self) -> int:
        return int(self.np_random.integers(2**63 - 1))

    def _start(self, game_seed: int) -> None:
        """A new game of seed ``game_seed`` with new bots, played by them up to the learner's first decision."""
        self.game_seed = game_seed
        self.table.reset(game_seed)
        players, seat = self.players, self.seat
        self.bots = {(seat + 1 + k) % players: make_bot(name, game_seed, (seat + 1 + k) % players, trusted=True)
                      for k, name in enumerate(self.opponents)}
        self._pending = self._advance()

    def _advance(self) -> float:
        """Let the bots act until the learner's turn or the episode's end; the learner's rewards meanwhile."""
        table, seat, bots, space = self.table, self.seat, self.bots, self.space
        got = 0.0
        while not table.done:
            to_act = table.current_player
            if to_act == seat:
                break
            game = table.game
            table.step(space.id_of(bots[to_act].choose(game, to_act), game.phase.value))
            got += table.rewards[seat]
        return got

    def _observe(self) -> tuple[Obs, list[int]]:
        table, game = self.table, self.table.game
        legal = table.legal() if table.current_player == self.seat else []
        ids = self.space.ids(legal, game.phase.value)
        mask = np.zeros(len(self.space), dtype=np.int8)
        mask[ids] = 1
        vector = table.vector(self.seat)
        return {"observation": vector, "action_mask": mask}, ids

    def _info(self, obs: Obs, legal_ids: list[int]) -> dict[str, Any]:
        return {"legal_ids": legal_ids, "action_mask": obs["action_mask"].copy(), "seat": self.seat,
                "game_seed": self.game_seed, "skipped": self.skipped}


def register_envs() -> None:
    """Register :data:`ENV_ID` with Gymnasium (once: a second call does nothing), so that
    ``gymnasium.make("preferans/Preferans-v0", variant=...)`` works. Called when this module is imported."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(ENV_ID, entry_point="preferans.env.gymnasium:PreferansEnv")


register_envs()
