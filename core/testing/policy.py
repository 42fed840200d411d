"""The reference policy: a seeded random player whose choices look like a table's, not like a coin's.

A uniformly random player bids to the top (most legal calls are high bids), so its games never reach the
whist, the talon, misère, raspasovka or the extra contracts. This player is biased the way players are:

* **auction**: mostly ``pass`` (a first call passes with probability ``pass_first``, a call after somebody
  bid with ``pass_later``); a bid is usually the cheapest legal one (each dearer row weighs ``step`` times
  the one below it); a row that takes no trick (misère, Bettel, betl), one that takes all (Durchmarsch), a
  hand game and every other call (``mein``, ``igra``, a dark call ...) each have a small weight of their own;
* **declaration**: usually the contract that was bid, dearer rows less and less often (``declare_step``);
  announcements and a variant's own words by their weights;
* **defence**: ``pass`` or one of the calls by weight (whist far more often than half-whist; kontra
  sometimes, every level of the chain a little more often once it started);
* **discard and play**: uniformly random among the legal cards.

It sees only what every variant offers: the phase, the legal actions and the contract table
(:class:`~preferans.core.model.contracts.ContractSpec` kinds, goals, levels and ranks), and the weights the
variant's presets give its calls (``[conformance.weights]``: the family says how often its players whist,
follow or say kontra). A call they do not weigh weighs ``unknown``, so a third-party variant's own words are
tried too; pass your own (``Weights(calls={...})``, over the variant's) for a variant with words of its own.

With ``explore`` (a probability) the player bids or names, that often, the cheapest contract row nobody has
reached yet, and with ``explore_calls`` takes a call nobody has taken yet (both asked of the ``novel``
callback): the conformance suite's walk uses them so that every row and every call is tried in the first
deals, and plays realistically afterwards. ``auction="quiet"`` passes whenever it may (all-pass deals in a
row), ``auction="eager"`` never passes while something else is legal (the top of the table). The player
owns its ``random.Random(seed)`` and never touches the global one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from preferans.core.engine.game import Game, Phase
from preferans.core.model.contracts import ContractSpec, ContractTable


@dataclass(frozen=True)
class Weights:
    """The policy's numbers (see the module docstring); the defaults are the suite's."""

    pass_first: float = 0.55
    """Probability of ``pass`` at a seat's first call while nobody has bid (three passes, a raspasovka: 1 in 6)."""
    pass_later: float = 0.75
    """Probability of ``pass`` once somebody has bid (auctions end low)."""
    step: float = 0.45
    """Each dearer legal bid of the same kind weighs this times the one below it."""
    declare_step: float = 0.2
    """The same for the contract named after the talon: mostly the bid itself."""
    no_tricks: float = 0.06
    """Weight of bidding a row whose goal is no trick (misère, Bettel, betl), against 1 for a plain bid."""
    all_tricks: float = 0.03
    """Weight of bidding a row whose goal is all ten tricks (Durchmarsch)."""
    hand: float = 0.08
    """Weight of bidding a hand game (a row played without the talon)."""
    unknown: float = 0.1
    """Weight of a call the policy does not know (a third-party variant's own word)."""
    calls: Mapping[str, float] = field(default_factory=dict)
    """Weights of calls by name, over those of the variant's presets (``[conformance.weights]``): a key ending in
    ``-`` matches as a prefix; a weight is relative to ``pass`` (weight 1 in the defence) and to the other legal
    actions."""


AUCTION_MODES = ("table", "quiet", "eager")

CALLS_EXPLORED_PER_DEAL = 12
"""At most this many new calls are explored in one deal (a kontra chain of twelve levels)."""

Novel = Callable[[Phase, str], bool]
"""Whether an action (a non-card action in a phase) was never taken: exploration asks it."""


class ReferencePolicy:
    """A seeded player for any variant: ``choose(game)`` returns one of ``game.legal_actions()``."""

    def __init__(self, seed: int = 0, weights: Weights | None = None, explore: float = 0.0,
                 novel: Novel | None = None, explore_calls: float | None = None, auction: str = "table") -> None:
        self.rng = random.Random(seed)
        self.weights = weights or Weights()
        self.explore = explore
        """How often a contract row never reached is taken when it is legal (the cheapest such row)."""
        self.explore_calls = explore if explore_calls is None else explore_calls
        """How often a call (not a row) never taken is taken when it is legal: 1 takes every new call at
        once, so a chain (kontra, rekontra, ... ``kontra-10``) is walked to its end in one deal."""
        self.novel = novel
        if auction not in AUCTION_MODES:
            raise ValueError(f"auction: expected one of {', '.join(AUCTION_MODES)}, got {auction!r}")
        self.auction = auction
        """``table`` (the weights), ``quiet`` (pass whenever it may: all-pass deals in a row) or ``eager`` (never
        pass while anything else is legal, any other call alike: the top of the table and the rare calls)."""
        self.calls_per_deal = CALLS_EXPLORED_PER_DEAL
        self._deal: object = None
        self._explored = 0
        self._variant: object = None
        self._calls: Mapping[str, float] = self.weights.calls

    def choose(self, game: Game, legal: Sequence[str] | None = None) -> str:
        actions = list(game.legal_actions() if legal is None else legal)
        phase = game.phase
        rng = self.rng
        if phase is Phase.PLAY or phase is Phase.DISCARD or len(actions) == 1:
            return actions[rng.randrange(len(actions))]
        if phase is Phase.AUCTION and self.auction == "quiet" and "pass" in actions:
            return "pass"
        if self.novel is not None and (self.explore or self.explore_calls):
            table = game.contracts
            fresh = [a for a in actions if self.novel(phase, a)]
            calls = [a for a in fresh if a not in table]
            rows = [a for a in fresh if a in table]
            if calls and self.may_explore_calls(game) and rng.random() < self.explore_calls:
                self._explored += 1
                # the last: variants list the default first (pass, no-kontra), and the step away from it is
                # the one that leads on (rekontra after kontra); the default comes up again soon enough
                return calls[-1]
            if rows and rng.random() < self.explore:
                # the cheapest new row: an auction that only steps up (Balkan 2, 3, 4 ...) climbs the table
                return min(rows, key=lambda a: (table[a].rank, a))
        if phase is Phase.AUCTION and self.auction == "eager":
            bids = [a for a in actions if a != "pass"] or actions
            return bids[rng.randrange(len(bids))]
        weights = self.weigh(game, actions)
        return rng.choices(actions, weights)[0]

    def may_explore_calls(self, game: Game) -> bool:
        """Whether this deal may still explore a new call: at most :data:`CALLS_EXPLORED_PER_DEAL` a deal,
        so a chain without end (the Balkan kontra with no ``max_level``) stops there."""
        if game.deal is not self._deal:
            self._deal, self._explored = game.deal, 0
        return self._explored < self.calls_per_deal

    # ---------------------------------------------------------------- weights

    def calls(self, game: Game | None = None) -> Mapping[str, float]:
        """The weights of the calls by name in ``game``: its variant's (``[conformance.weights]`` of its
        presets) and, over them, :attr:`Weights.calls`; without a game only the latter."""
        if game is None:
            return self.weights.calls
        if game.variant is not self._variant:
            self._variant = game.variant
            self._calls = {**game.variant.conformance_defaults.weights, **self.weights.calls}
        return self._calls

    def call_weight(self, call: str, game: Game | None = None) -> float:
        """The weight of ``call`` (:meth:`calls`; a call no key names or begins weighs ``unknown``)."""
        table = self.calls(game)
        if call in table:
            return table[call]
        prefix = next((k for k in table if k.endswith("-") and call.startswith(k)), None)
        return table[prefix] if prefix is not None else self.weights.unknown

    def weigh(self, game: Game, actions: Sequence[str]) -> list[float]:
        """The weight of each of ``actions`` (decision phases: auction, declare, defence)."""
        table = game.contracts
        phase = game.phase
        if phase is Phase.AUCTION:
            return self._auction(game, table, actions)
        if phase is Phase.DECLARE:
            rows = [table[a] for a in actions if a in table]
            ladder = _ladder(rows, self.weights.declare_step)
            return [ladder[a] if a in ladder else 1.0 if a == "pass" else self.call_weight(a, game) for a in actions]
        # the defence (and any other decision): pass against the calls by name
        return [1.0 if a == "pass" else self.call_weight(a, game) for a in actions]

    def _auction(self, game: Game, table: ContractTable, actions: Sequence[str]) -> list[float]:
        w = self.weights
        seat = game.current_player
        calls = game.deal.calls
        first = all(s != seat for s, _ in calls)
        somebody_bid = any(c in table for _, c in calls)
        p_pass = w.pass_first if first and not somebody_bid else w.pass_later
        rows = [table[a] for a in actions if a in table]
        groups: dict[str, list[ContractSpec]] = {}
        for r in rows:
            groups.setdefault(_group(r), []).append(r)
        group_weight = {"plain": 1.0, "none": w.no_tricks, "all": w.all_tricks, "hand": w.hand}
        weights: dict[str, float] = {}
        for name, members in groups.items():
            ladder = _ladder(members, w.step)
            total = sum(ladder.values())
            for a, x in ladder.items():
                weights[a] = group_weight[name] * x / total
        for a in actions:
            if a != "pass" and a not in weights:
                weights[a] = self.call_weight(a, game)
        others = sum(weights.values())
        if "pass" in actions:
            # pass takes p_pass of the whole; the rest is shared by the weights above
            weights["pass"] = others * p_pass / (1 - p_pass) if others else 1.0
        return [weights[a] for a in actions]


def _group(row: ContractSpec) -> str:
    if row.goal == "none":
        return "none"
    if row.goal == "all":
        return "all"
    return "hand" if not row.with_talon else "plain"


TWIN = 0.1
"""Weight of a row beside a biddable row of the same rank (Classic's dark twins ``dark-7S`` of ``7S``)."""


def _ladder(rows: Sequence[ContractSpec], step: float) -> dict[str, float]:
    """Weights ``1, step, step**2 ...`` over the ranks of ``rows`` from the cheapest up; at one rank a row
    that is not biddable beside one that is weighs :data:`TWIN` as much."""
    ranks = sorted({r.rank for r in rows})
    plain = {r.rank for r in rows if r.biddable}
    return {r.name: step ** ranks.index(r.rank) * (TWIN if not r.biddable and r.rank in plain else 1.0)
            for r in rows}


def play(game: Game, policy: ReferencePolicy, deals: int) -> Game:
    """Let ``policy`` play ``deals`` deals of ``game`` (or to its end); returns the game."""
    target = len(game.results) + deals
    while not game.is_terminal and len(game.results) < target:
        game.apply(policy.choose(game))
    return game
