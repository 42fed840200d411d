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
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Protocol

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
from preferans.core.tools.deal_sets import ALL, check_deal_set, find_streams, script
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
    """A work unit: the deals ``deals`` of a run, each ``(index, stream)`` (``stream`` the deal's place in
    the seed stream, see :mod:`.deal_sets`; the index itself in the deal set ``all``). Picklable: the
    variant travels as its config."""

    config: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    deals: tuple[tuple[int, int], ...]
    local: tuple[LocalPlugin, ...] = ()
    """The variant's local plugins (``--plugin``), which its config names but a worker cannot load from it."""
    deal_set: str = ALL


@dataclass(frozen=True)
class DealPlays:
    """The plays of one deal: ``values[r][e]`` is entry ``e``'s settlement in rotation ``r``; ``stream`` is
    the deal's place in the seed stream when it comes from a deal set other than ``all``."""

    index: int
    values: tuple[tuple[Fraction, ...], ...]
    stream: int | None = None

    def totals(self) -> tuple[Fraction, ...]:
        """Each entry's total over the rotations (its duplicate score for the deal)."""
        return tuple(sum((row[e] for row in self.values), Fraction(0)) for e in range(len(self.values[0])))


def play_rotations(variant: Variant, bots: Sequence[str], seed: int, index: int, stream: int | None = None,
                   deal_set: str = ALL) -> Iterator[tuple[list[int], Game, Game]]:
    """The plays of deal ``index`` of the run with seed ``seed``, one per rotation of ``bots``: each as
    ``(seat -> entry, the fresh game, the game played)``. In a deal set other than ``all`` the deal is the
    seed stream's deal ``stream``, and the calls the heuristic auction made on it
    (:func:`.deal_sets.script`) are replayed in every rotation before the bots take over."""
    n = len(bots)
    at_stream = index if stream is None else stream
    deal_seed = derive_seed(seed, at_stream)
    fresh = Game(variant, deal_seed, at_stream % n)  # the cards and the dealer of every rotation
    calls = script(fresh, deal_set)
    for rotation in range(n):
        at = seating(n, rotation)
        players = [make_bot(bots[at[seat]], deal_seed, seat) for seat in range(n)]
        game = fresh.clone()
        replay = list(calls)
        while not game.results:
            seat = game.current_player
            if replay and replay[0].phase is game.phase:
                game.apply(replay.pop(0).action_for(game))
            else:
                game.apply(players[seat].choose(game, seat))
        yield at, fresh, game


def play_deal(variant: Variant, bots: Sequence[str], seed: int, index: int, stream: int | None = None,
              deal_set: str = ALL) -> DealPlays:
    """Deal ``index`` of the run, played once per rotation of ``bots`` (:func:`play_rotations`) and scored."""
    n = len(bots)
    values = []
    for at, fresh, game in play_rotations(variant, bots, seed, index, stream, deal_set):
        # a match of this single deal: the fresh sheet (with any ante written before the deal) plus it
        match = fresh.match.copy()
        match.post(game.results[0])
        exact = match.settlement().exact
        by_entry = [Fraction(0)] * n
        for seat in range(n):
            by_entry[at[seat]] = Fraction(exact[seat])
        values.append(tuple(by_entry))
    return DealPlays(index, tuple(values), stream)


def play_block(block: Block) -> list[DealPlays]:
    """Run one work unit (in this process, a worker process or a Dask worker)."""
    variant = config_from_dict(block.config, "arena", block.local)
    return [play_deal(variant, block.bots, block.seed, i, None if block.deal_set == ALL else s, block.deal_set)
            for i, s in block.deals]


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
    deal_set: str = ALL
    shard: str | None = None
    """``K/M`` when only the deals of one shard were summarized."""
    lead: Line | None = None
    """With two bot names (``hard,pimc,pimc``): the first's lead over the second, per copy, deal by deal
    (its mean per play minus the other's). In a zero-sum variant it is the first's result times
    ``n / (n - copies of the first)``; in a pot variant, whose entries do not sum to zero, it is the measure."""


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
    return ArenaResult(variant, tuple(bots), seed, len(deals), n, tuple(entries), tuple(by_bot), unit,
                       lead=lead_of(bots, totals))


def lead_of(bots: Sequence[str], totals: Sequence[tuple[Fraction, ...]]) -> Line | None:
    """The first bot name's lead over the second, per copy and play, one sample per deal (``None`` unless
    there are exactly two names)."""
    names = list(dict.fromkeys(bots))
    if len(names) != 2 or not totals:
        return None
    n = len(bots)
    seats = [[e for e, b in enumerate(bots) if b == name] for name in names]

    def per_copy(t: tuple[Fraction, ...], which: int) -> Fraction:
        return sum((t[e] for e in seats[which]), Fraction(0)) / (len(seats[which]) * n)

    samples = [per_copy(t, 0) - per_copy(t, 1) for t in totals]
    return Line(0, f"{names[0]} - {names[1]}", 0, n * len(totals), sum(samples, Fraction(0)) * n,
                estimate(samples))


@dataclass(frozen=True)
class Shard:
    """``--shard K/M``: the deals of a run whose index is ``K`` modulo ``M`` (``0/1``: all of them), so that
    ``M`` sessions or machines share one run, each with its own record."""

    part: int = 0
    parts: int = 1

    def has(self, index: int) -> bool:
        return index % self.parts == self.part

    def __str__(self) -> str:
        return f"{self.part}/{self.parts}"


def parse_shard(text: str) -> Shard:
    """``K/M`` with ``0 <= K < M``; :class:`BadInput` naming ``--shard``."""
    k, slash, m = text.strip().partition("/")
    if slash and k.isdigit() and m.isdigit() and int(k) < int(m):
        return Shard(int(k), int(m))
    raise bad_input("{option}: expected {form} with {rule} (e.g. {first} and {second} for two machines), got {got}",
                    option="--shard", form="K/M", rule="0 <= K < M", first="0/2", second="1/2", got=repr(text))


class Recorder(Protocol):
    """Where the arena keeps the deals it finished (``--record``, :mod:`.arena_record`)."""

    def recorded(self) -> Mapping[int, DealPlays]:
        """The deals already finished, by index (they are not played again)."""
        ...

    def write(self, plays: Sequence[DealPlays]) -> None:
        """Keep ``plays`` (called as each work unit finishes, in any order)."""
        ...


def arena(variant: Variant, bots: Sequence[str], deals: int, seed: int, *, jobs: int = 1,
          scheduler: str | None = None, progress: Callable[[int], object] | None = None,
          deal_set: str = ALL, shard: Shard = Shard(), record: Recorder | None = None,
          search_progress: Callable[[int], object] | None = None) -> ArenaResult:
    """Play deals ``0 .. deals - 1`` of ``deal_set`` (those of ``shard``) in duplicate among ``bots`` (one
    name per seat) and summarize them. With a ``record`` the deals it has are taken from it, not played, and
    each new one is given to it. ``progress(k)`` is told of every ``k`` deals done (those of the record
    first), ``search_progress(k)`` of the deals of the set found (:func:`.deal_sets.find_streams`)."""
    if deals < 1:
        raise bad_input("{option}: must be at least 1, got {deals}", option="--deals", deals=deals)
    check_deal_set(variant, deal_set)
    wanted = [i for i in range(deals) if shard.has(i)]
    done = {i: d for i, d in (record.recorded() if record is not None else {}).items() if shard.has(i)}
    todo = [i for i in wanted if i not in done]
    for told in (progress, search_progress):
        if told is not None and len(wanted) > len(todo):
            told(len(wanted) - len(todo))  # the deals of the record
    known = {i: d.stream for i, d in done.items() if d.stream is not None}
    streams = find_streams(variant, seed, deal_set, todo, known, jobs=jobs, scheduler=scheduler,
                           progress=search_progress)
    pairs = [(i, streams[i]) for i in todo]
    config = variant.config_dict()
    # a generator: the blocks are made as the workers take them; only the per-deal plays are kept (the
    # confidence interval needs every deal's sample)
    units = (Block(config, tuple(bots), seed, tuple(pairs[a:a + BLOCK]), variant.local_plugins, deal_set)
             for a in range(0, len(pairs), BLOCK))

    def finished(plays: list[DealPlays]) -> None:
        if record is not None:
            record.write(plays)
        if progress is not None:
            progress(len(plays))

    for block in iter_units(play_block, units, jobs=jobs, scheduler=scheduler, done=finished):
        done.update((d.index, d) for d in block)
    unit = Match(variant).settlement().unit  # the settlement's unit: whists, points, money
    result = summarize(variant.name, bots, seed, [done[i] for i in wanted], unit)
    return replace(result, deal_set=deal_set, shard=None if shard.parts == 1 else str(shard))


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
        "deal_set": result.deal_set, **({"shard": result.shard} if result.shard else {}),
        "entries": [line_json(x) for x in result.entries],
        "by_bot": [line_json(x) for x in result.by_bot],
        "lead": None if result.lead is None else line_json(result.lead),
    }


TABLE_HEADER = ["entry", "bot", "plays", "total", "per 100 deals", "95% CI"]


