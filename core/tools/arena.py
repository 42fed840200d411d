"""The arena: bots compared in duplicate format, ``preferans arena``.

Every deal (the same 32 cards, the same dealer) is played once for each cyclic rotation of the bots over
the seats: in rotation ``r`` the bot at position ``e`` of ``--bots`` sits in seat ``(e + r) % n``. With
``n`` players that is ``n`` plays per deal and every bot holds every seat's cards once, so the luck of
the deal cancels. Cyclic rotations, not all ``n!`` permutations: they already put each bot in each seat
once, at half the cost for three players (a search bot is slow), and for the usual line-up of one
bot against two copies of another the other three permutations only swap the identical copies.

Each play is scored on its own, as a match of that single deal: the deal is posted on the sheet of a new
match and the variant's settlement (``pref_settle``, exact Fractions) gives each seat's value, which sums
to 0 over the seats (in a pot variant the money left in the pot belongs to no seat). A bot's sample for
deal ``i`` is the mean of its values over the rotations; its score is the mean of the samples per 100
deals, with a 95% confidence interval ``mean +- 1.96 * sd / sqrt(N)`` over the N deals (``sd`` the sample
standard deviation, divisor ``N - 1``).

Deal ``i`` is shuffled from ``derive_seed(S, i)`` (see :mod:`.parallel`), its dealer is seat ``i % n``,
and every bot is made with ``make_bot(name, deal seed, seat)``: nothing depends on ``--jobs``, the
scheduler or the order in which deals finish.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from preferans.core.ai.registry import make_bot
from preferans.core.engine.game import Game
from preferans.core.engine.match import Match
from preferans.core.formats.report import exact_json
from preferans.core.model.errors import bad_input
from preferans.core.rules.config import (
    DEFAULT_VARIANT,
    PluginItem,
    Variant,
    config_from_dict,
    load_variant,
    parse_variant_id,
)
from preferans.core.rules.local import LocalPlugin
from preferans.core.tools.parallel import derive_seed, iter_units

BLOCK = 5
"""Deals per work unit. The results do not depend on it (every deal is seeded on its own); it only
trades the overhead of a unit (loading the variant, about 10 ms) against spreading the work evenly."""

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


# ---------------------------------------------------------------- command-line values


def load_variant_id(text: str, plugins: Sequence[PluginItem] = ()) -> Variant:
    """``sochi`` or ``NAME(key=value, ...)``: a variant with ``[rules]`` overrides written as TOML values,
    dotted keys for nested tables (``leningrad(players=4, whist.style='gentleman')``), the form the
    conformance suite's variant IDs use; ``plugins`` as for ``load_variant``."""
    name, overrides = parse_variant_id(text)
    return load_variant(name or DEFAULT_VARIANT, overrides or None, plugins, source=f"--variant {text.strip()}")


def split_bots(text: str) -> list[str]:
    """The comma list of ``--bots``, each entry as :func:`make_bot` takes it, options included
    (``pimc:samples=40``); a comma inside parentheses or brackets does not split."""
    names, depth, current = [], 0, ""
    for ch in text:
        depth += (ch in "([") - (ch in ")]")
        if ch == "," and depth == 0:
            names.append(current.strip())
            current = ""
        else:
            current += ch
    names.append(current.strip())
    return names


def parse_bots(text: str, players: int) -> list[str]:
    """One bot name per seat, each checked against the registry; :class:`BadInput` naming ``--bots``."""
    names = split_bots(text)
    if len(names) != players or not all(names):
        raise bad_input("{option}: expected {players} bot names separated by commas (one per seat of the variant's "
                        "{players} players), got {text}", option="--bots", players=players, text=repr(text))
    for seat, name in enumerate(names):
        make_bot(name, 0, seat, where="--bots")  # an unknown name is a one-line error
    return names


# ---------------------------------------------------------------- playing


def seating(entries: int, rotation: int) -> list[int]:
    """``seat -> entry`` in a rotation: entry ``e`` sits in seat ``(e + rotation) % n``."""
    return [(seat - rotation) % entries for seat in range(entries)]


@dataclass(frozen=True)
class Block:
    """A work unit: deals ``start .. stop - 1`` of a run (picklable: the variant travels as its config)."""

    config: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    start: int
    stop: int
    local: tuple[LocalPlugin, ...] = ()
    """The variant's local plugins (``--plugin``), which its config names but a worker cannot load from it."""


@dataclass(frozen=True)
class DealPlays:
    """The plays of one deal: ``values[r][e]`` is entry ``e``'s settlement in rotation ``r``."""

    index: int
    values: tuple[tuple[Fraction, ...], ...]

    def totals(self) -> tuple[Fraction, ...]:
        """Each entry's total over the rotations (its duplicate score for the deal)."""
        return tuple(sum((row[e] for row in self.values), Fraction(0)) for e in range(len(self.values[0])))


def play_deal(variant: Variant, bots: Sequence[str], seed: int, index: int) -> DealPlays:
    """Deal ``index`` of the run with seed ``seed``, played once per rotation of ``bots``."""
    n = len(bots)
    deal_seed = derive_seed(seed, index)
    fresh = Game(variant, deal_seed, index % n)  # the cards and the dealer of every rotation
    values = []
    for rotation in range(n):
        at = seating(n, rotation)
        players = [make_bot(bots[at[seat]], deal_seed, seat) for seat in range(n)]
        game = fresh.clone()
        while not game.results:
            seat = game.current_player
            game.apply(players[seat].choose(game, seat))
        # a match of this single deal: the fresh sheet (with any ante written before the deal) plus it
        match = fresh.match.copy()
        match.post(game.results[0])
        exact = match.settlement().exact
        by_entry = [Fraction(0)] * n
        for seat in range(n):
            by_entry[at[seat]] = Fraction(exact[seat])
        values.append(tuple(by_entry))
    return DealPlays(index, tuple(values))


def play_block(block: Block) -> list[DealPlays]:
    """Run one work unit (in this process, a worker process or a Dask worker)."""
    variant = config_from_dict(block.config, "arena", block.local)
    return [play_deal(variant, block.bots, block.seed, i) for i in range(block.start, block.stop)]


# ---------------------------------------------------------------- statistics


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% confidence interval, scaled (per 100 deals); ``sd`` is the sample standard
    deviation of one sample (divisor ``n - 1``), unscaled. With one sample there is no interval."""

    n: int
    mean: float
    sd: float | None
    low: float | None
    high: float | None


def estimate(samples: Sequence[Fraction], scale: int = 100, z: float = Z95) -> Estimate:
    """``scale * mean`` and ``scale * (mean +- z * sd / sqrt(n))``; mean and variance are computed exactly
    and only the square root is a float."""
    n = len(samples)
    if n == 0:
        raise ValueError("no samples")
    mean = sum(samples, Fraction(0)) / n
    if n == 1:
        return Estimate(1, float(scale * mean), None, None, None)
    variance = sum(((x - mean) ** 2 for x in samples), Fraction(0)) / (n - 1)
    sd = math.sqrt(variance)
    half = z * sd / math.sqrt(n)
    return Estimate(n, float(scale * mean), sd, scale * (float(mean) - half), scale * (float(mean) + half))


@dataclass(frozen=True)
class Line:
    """One row of the report: a seat-list entry (``entry`` from 1) or a bot name's aggregate (``entry`` 0)."""

    entry: int
    bot: str
    copies: int
    plays: int
    total: Fraction
    per_100: Estimate


@dataclass(frozen=True)
class ArenaResult:
    variant: str
    bots: tuple[str, ...]
    seed: int
    deals: int
    rotations: int
    entries: tuple[Line, ...]
    by_bot: tuple[Line, ...]
    unit: str = "points"


def summarize(variant: str, bots: Sequence[str], seed: int, deals: Sequence[DealPlays],
              unit: str = "points") -> ArenaResult:
    """The report from the plays of the deals, in deal order."""
    n = len(bots)
    totals = [d.totals() for d in deals]
    entries = []
    for e, name in enumerate(bots):
        samples = [t[e] / n for t in totals]  # the mean over the rotations: one sample per deal
        entries.append(Line(e + 1, name, 1, n * len(deals), sum((t[e] for t in totals), Fraction(0)),
                            estimate(samples)))
    by_bot = []
    for name in dict.fromkeys(bots):  # names in order of first appearance
        seats = [e for e, b in enumerate(bots) if b == name]
        k = len(seats)
        # per copy: the copies' summed totals over (copies * rotations) plays of the deal
        samples = [sum((t[e] for e in seats), Fraction(0)) / (k * n) for t in totals]
        total = sum((line.total for line in entries if line.bot == name), Fraction(0))
        by_bot.append(Line(0, name, k, k * n * len(deals), total, estimate(samples)))
    return ArenaResult(variant, tuple(bots), seed, len(deals), n, tuple(entries), tuple(by_bot), unit)


def arena(variant: Variant, bots: Sequence[str], deals: int, seed: int, *, jobs: int = 1,
          scheduler: str | None = None, progress: Callable[[int], object] | None = None) -> ArenaResult:
    """Play ``deals`` deals in duplicate among ``bots`` (one name per seat) and summarize them.
    ``progress(k)`` is told of every ``k`` deals done."""
    if deals < 1:
        raise bad_input("{option}: must be at least 1, got {deals}", option="--deals", deals=deals)
    config = variant.config_dict()
    # a generator: the blocks are made as the workers take them; only the per-deal plays are kept (the
    # confidence interval needs every deal's sample)
    units = (Block(config, tuple(bots), seed, a, min(a + BLOCK, deals), variant.local_plugins)
             for a in range(0, deals, BLOCK))
    done = None if progress is None else (lambda plays: progress(len(plays)))
    blocks = iter_units(play_block, units, jobs=jobs, scheduler=scheduler, done=done)
    plays = [d for block in blocks for d in block]
    unit = Match(variant).settlement().unit  # the settlement's unit: whists, points, money
    return summarize(variant.name, bots, seed, plays, unit)


# ---------------------------------------------------------------- output


def number_text(x: float | None) -> str:
    return "n/a" if x is None else f"{x:+.1f}"


def line_json(line: Line) -> dict[str, Any]:
    est = line.per_100
    out: dict[str, Any] = {"bot": line.bot}
    if line.entry:
        out["entry"] = line.entry
    else:
        out["copies"] = line.copies
    out.update({
        "plays": line.plays, "total": exact_json(line.total),
        "mean_per_100": round(est.mean, 3),
        "ci95": None if est.low is None or est.high is None else [round(est.low, 3), round(est.high, 3)],
        "sd": None if est.sd is None else round(est.sd, 4),
    })
    return out


def result_json(result: ArenaResult) -> dict[str, Any]:
    return {
        "variant": result.variant, "bots": list(result.bots), "seed": result.seed, "deals": result.deals,
        "rotations": result.rotations, "plays": result.deals * result.rotations, "unit": result.unit,
        "entries": [line_json(x) for x in result.entries],
        "by_bot": [line_json(x) for x in result.by_bot],
    }


TABLE_HEADER = ["entry", "bot", "plays", "total", "per 100 deals", "95% CI"]


