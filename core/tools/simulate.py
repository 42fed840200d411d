"""Many deals bot against bot: the tally behind ``preferans simulate``, in blocks that run here, in
worker processes or on a Dask cluster with the same result."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from preferans.core.ai.registry import make_bot
from preferans.core.engine.game import Game
from preferans.core.model.views import DealResult
from preferans.core.rules.config import Variant, config_from_dict
from preferans.core.rules.local import LocalPlugin
from preferans.core.tools.parallel import derive_seed, iter_units

NOT_PLAYED = "not played"
"""The distribution's key of a deal whose cards were not played (thrown in, or a contract nobody defended)."""
ALL_PASS = "all pass"
"""The distribution's key of an all-pass deal played under no contract (the variant's contract names it)."""


@dataclass
class Tally:
    """Counts over simulated deals."""

    deals: int = 0
    distribution: Counter[str] = field(default_factory=Counter)
    declared: Counter[str] = field(default_factory=Counter)
    played: int = 0
    made: int = 0

    def add(self, r: DealResult) -> None:
        self.deals += 1
        if r.kind != "contract" or r.contract is None or r.declarer is None:
            # a played all-pass deal by the contract it was played under (the Russian raspasovka)
            played = r.played and r.kind == "all_pass"
            self.distribution[(r.contract.name if r.contract is not None else ALL_PASS) if played else NOT_PLAYED] += 1
            return
        self.declared[r.contract.name] += 1
        if not r.played:
            self.distribution[NOT_PLAYED] += 1  # both defenders passed (or half-whisted): no cards
            return
        self.distribution[r.contract.name] += 1
        self.played += 1
        taken, spec = r.tricks[r.declarer], r.contract
        if spec.goal == "none":
            self.made += taken == 0
        elif spec.goal == "all":
            self.made += taken == 10
        else:
            self.made += taken >= spec.target

    def merge(self, other: Tally) -> None:
        self.deals += other.deals
        self.distribution.update(other.distribution)
        self.declared.update(other.declared)
        self.played += other.played
        self.made += other.made


SIMULATE_BLOCK = 250
"""Deals per work unit of ``simulate`` (fixed, whatever ``--jobs``: the results depend on it)."""


@dataclass(frozen=True)
class SimulateBlock:
    """Block ``index`` of a run: ``deals`` deals (picklable: the variant travels as its config)."""

    config: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    index: int
    deals: int
    local: tuple[LocalPlugin, ...] = ()
    """The variant's local plugins (``--plugin``), which its config names but a worker cannot load from it."""


def simulate_block(block: SimulateBlock, variant: Variant | None = None,
                   progress: Callable[[int], object] | None = None) -> tuple[Tally, int, int]:
    """Play the block's deals; its match k has seed ``derive_seed(S, index, k)`` and a new match starts
    when one ends (the last is stopped when the block is full). Returns the tally, the matches started
    and the matches finished."""
    variant = variant if variant is not None else config_from_dict(block.config, "simulate", block.local)
    tally = Tally()
    matches = finished = 0
    while tally.deals < block.deals:
        game = Game(variant, derive_seed(block.seed, block.index, matches))
        players = [make_bot(b, game.seed, s) for s, b in enumerate(block.bots)]
        matches += 1
        results = game.results
        while not game.is_terminal and tally.deals < block.deals:
            before = len(results)
            seat = game.current_player
            game.apply(players[seat].choose(game, seat))
            if len(results) > before:
                tally.add(results[-1])
                if progress is not None:
                    progress(1)
        finished += game.is_terminal
    return tally, matches, finished


def simulate(variant: Variant, deals: int, seed: int, bots: list[str],
             progress: Callable[[int], object] | None = None, *, jobs: int = 1,
             scheduler: str | None = None) -> tuple[Tally, int, int]:
    """Play ``deals`` deals in blocks of :data:`SIMULATE_BLOCK` (see :func:`simulate_block`), here, in
    ``jobs`` processes or on a Dask scheduler; the blocks are combined in order, so any ``jobs`` gives the
    same result. Returns the tally, the matches started and the matches finished."""
    config = variant.config_dict()
    # a generator, taken block by block, and the tally merged as they come: nothing grows with the deals
    units = (SimulateBlock(config, tuple(bots), seed, c, min(SIMULATE_BLOCK, deals - a), variant.local_plugins)
             for c, a in enumerate(range(0, deals, SIMULATE_BLOCK)))
    parts: Iterator[tuple[Tally, int, int]]
    if jobs == 1 and scheduler is None:  # in this process: the progress bar moves deal by deal
        parts = (simulate_block(u, variant, progress) for u in units)
    else:
        done = None if progress is None else (lambda part: progress(part[0].deals))
        parts = iter_units(simulate_block, units, jobs=jobs, scheduler=scheduler, done=done)
    tally = Tally()
    matches = finished = 0
    for part, started, closed in parts:
        tally.merge(part)
        matches += started
        finished += closed
    return tally, matches, finished
