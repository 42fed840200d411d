"""One game as an environment sees it: episodes of one deal or a whole match, actions by id, rewards by deal.

Every environment of :mod:`preferans.env` (PettingZoo, Gymnasium, OpenSpiel, the vectorised runner) drives a
:class:`Table`; the engine alone changes the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from preferans.core import Game, Observation, Variant, load_variant
from preferans.core.rules.config import DEFAULT_VARIANT, parse_variant_id
from preferans.env.actions import ActionSpace
from preferans.env.encoding import Encoder

Episode = Literal["deal", "match"]
"""``"deal"``: an episode is one deal (a new game each time, its dealer drawn from the seed); ``"match"``: a
whole match (a pulka, a Balkan game), the dealer passing on as the rules say."""

Reward = Literal["deal", "match"]
"""``"deal"``: after each deal, each seat's change of the settlement in the variant's unit (whists, points,
stakes); ``"match"``: nothing until the match ends, then each seat's final settlement."""


def variant_of(variant: Variant | str = DEFAULT_VARIANT, plugins: Sequence[Any] = ()) -> Variant:
    """A :class:`Variant` from an id as everywhere else (``"sochi"``, ``"leningrad(players=4)"``, an installed
    package's name), with extra plugins (entry-point names, ``.py`` paths or modules) on top."""
    if isinstance(variant, Variant):
        if not plugins:
            return variant
        return load_variant(variant.name, variant.overrides or None, [*variant.plugin_names, *plugins])
    name, overrides = parse_variant_id(variant, "variant")
    return load_variant(name or DEFAULT_VARIANT, overrides or None, list(plugins), source=f"variant {variant}")


class Table:
    """A variant's game for an environment.

    ``reset(seed)`` starts an episode; ``step(action_id)`` applies the current seat's action; after each
    step :attr:`rewards` holds what each seat got from it (all zeros but at the end of a deal) and
    :attr:`done` whether the episode is over. The same seed gives the same game."""

    def __init__(self, variant: Variant | str = DEFAULT_VARIANT, *, plugins: Sequence[Any] = (),
                 episode: Episode = "deal", reward: Reward = "deal") -> None:
        if episode not in ("deal", "match"):
            raise ValueError(f"episode: {episode!r} is not 'deal' or 'match'")
        if reward not in ("deal", "match"):
            raise ValueError(f"reward: {reward!r} is not 'deal' or 'match'")
        self.variant = variant_of(variant, plugins)
        self.space = ActionSpace.of(self.variant)
        self.encoder = Encoder(self.variant, self.space)
        self.players: int = self.variant.rules.players
        self.episode: Episode = episode
        self.reward: Reward = reward
        # the variant's plugin manager, shared by every game of the table: building one is most of the cost of
        # a new game (Game's ``manager``), which a runner resetting thousands of deals would pay each time
        self._manager = self.variant.new_manager()
        self.game = Game(self.variant, seed=0, manager=self._manager)
        self.rewards: list[float] = [0.0] * self.players
        self.done = False
        self._scored = 0
        self._before: tuple[Fraction, ...] = (Fraction(0),) * self.players
        self._settled: tuple[Game | None, int, tuple[Fraction, ...]] = (None, -1, ())

    def reset(self, seed: int = 0) -> None:
        first_dealer = random.Random(seed).randrange(self.players) if self.episode == "deal" else 0
        self.game = Game(self.variant, seed=seed, first_dealer=first_dealer, manager=self._manager)
        self.rewards = [0.0] * self.players
        self.done = False
        self._scored = 0
        self._before = self.settlement()

    @property
    def current_player(self) -> int:
        """The seat to act, or -1 when the episode is over."""
        return -1 if self.done else self.game.current_player

    def legal(self) -> list[str]:
        return [] if self.done else self.game.legal_actions()

    def legal_ids(self) -> list[int]:
        return self.space.ids(self.legal(), self.game.phase.value)

    def step(self, action_id: int) -> None:
        """Apply id ``action_id`` for the current seat (:class:`~preferans.core.IllegalActionError` naming the
        legal ids if it is not legal: nothing changes)."""
        game = self.game
        if self.done:
            raise ValueError("the episode is over: call reset()")
        game.apply(self.space.action(int(action_id), game.legal_actions(), game.phase.value))
        self.rewards = [0.0] * self.players
        scored = len(game.results)
        if scored == self._scored and not game.is_terminal:
            return
        self._scored = scored
        over = game.is_terminal or self.episode == "deal"
        if self.reward == "deal" or over:
            now = self.settlement()
            start = self._before if self.reward == "deal" else (Fraction(0),) * self.players
            self.rewards = [float(a - b) for a, b in zip(now, start, strict=True)]
            self._before = now
        self.done = over

    def settlement(self) -> tuple[Fraction, ...]:
        """Each seat's settlement if the match stopped after the deals scored so far (public: it is read from
        the sheet), computed again only when a deal has been scored, the one time the sheet changes. What is
        already written for the next deal (a pot game's ante) belongs to that deal, so it is left out: a deal's
        reward is its own ante and its own result (``Match.posted``)."""
        game, at, value = self._settled
        scored = len(self.game.results)
        if game is not self.game or at != scored:
            value = tuple(self.game.match.posted().settlement().exact)
            self._settled = (self.game, scored, value)
        return value

    def vector(self, seat: int) -> npt.NDArray[np.float32]:
        """The observation tensor of ``seat`` (:class:`~preferans.env.encoding.Encoder`)."""
        return self.encoder.encode(self.observation(seat), self.settlement())

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now (the engine's per-seat observation).

        Once a one-deal episode is over the engine has already dealt the next deal; the episode's last
        observation shows the sheet and the result of its deal (``last_result``), not the next deal's cards or
        calls, which belong to no episode."""
        obs = self.game.observation(seat)
        if self.done and self.episode == "deal":
            return replace(obs, phase="over", over=True, to_act=-1, legal=[], hands={}, talon=None, talon_count=0,
                           talon_taken=False, discard=None, discard_count=0, calls=[], bid=None,
                           declaration_calls=[], defence_calls=[], declarer=None, contract=None, defending=[],
                           to_play=None, trick=[], tricks=[], tricks_won={})
        return obs
