"""Engine benchmarks: full random-bot deals per second and play-phase random rollouts per second.

Run by hand (``python bench/bench_engine.py``) or as a CI smoke run (``--smoke``). Figures go to
docs/performance.md with the command and the machine. Each figure is the best of ``--repeat`` runs, because
the best run is the one least disturbed by whatever else the machine was doing.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time

from preferans.core import Game, Variant, load_variant
from preferans.core.engine.game import Phase
from preferans.core.engine.play import TrickPlay


def random_deals(variant: Variant, deals: int, seed: int) -> None:
    """Play ``deals`` deals with uniformly random legal actions through the public API (``legal_actions()``
    and ``apply()``), matches restarted as they end, scoring included: what a random bot does, without the
    bot object around it. The loop keeps its own work small (bound methods, the results list read once per
    match) so the figure is the engine's."""
    rng = random.Random(seed)
    rand = rng.random
    game = Game(variant, seed=seed)
    done = 0
    while True:
        results = game.results  # the match's own list, appended to as deals are scored
        legal_actions, apply = game.legal_actions, game.apply
        left = deals - done
        while len(results) < left and not game.is_terminal:
            legal = legal_actions()
            apply(legal[int(rand() * len(legal))])
        done += len(results)
        if done >= deals:
            return
        game = Game(variant, seed=rng.getrandbits(32))


def full_deals(variant_name: str, deals: int, seed: int) -> float:
    """Deals per second of :func:`random_deals`."""
    variant = load_variant(variant_name)
    start = time.perf_counter()
    random_deals(variant, deals, seed)
    return deals / (time.perf_counter() - start)


def play_starts(variant_name: str, count: int, seed: int) -> list[TrickPlay]:
    """``count`` positions at the first card of a deal's play phase, reached by random bidding."""
    variant = load_variant(variant_name)
    rng = random.Random(seed)
    starts: list[TrickPlay] = []
    while len(starts) < count:
        game = Game(variant, seed=rng.getrandbits(32))
        while game.phase is not Phase.PLAY and not game.is_terminal:
            legal = game.legal_actions()
            game.apply(legal[int(rng.random() * len(legal))])
        if game.deal.play is not None:
            starts.append(game.deal.play)
    return starts


def rollouts(starts: list[TrickPlay], seconds: float, seed: int) -> float:
    """Rollouts per second: copy a start position and play random legal cards to the end of the deal."""
    rng = random.Random(seed)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for position in starts:
            position.copy().random_playout(rng)
        n += len(starts)
    return n / (time.perf_counter() - start)


def profile(variant_name: str, deals: int, seed: int, top: int) -> None:
    """Where the time of :func:`random_deals` goes: the ``top`` functions by their own time (cProfile adds
    its own cost to every call, so read the shares, not the absolute times)."""
    import cProfile
    import pstats

    variant = load_variant(variant_name)
    profiler = cProfile.Profile()
    profiler.runcall(random_deals, variant, deals, seed)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--variant", default="sochi")
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one rollout run")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--smoke", action="store_true", help="tiny run for CI: checks the benchmark works")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", type=int, nargs="?", const=30, metavar="TOP",
                    help="instead of the figures: cProfile of --deals random deals, the TOP functions by own time")
    args = ap.parse_args()
    if args.profile:
        profile(args.variant, args.deals, args.seed, args.profile)
        return
    if args.smoke:
        args.deals, args.seconds, args.repeat = 100, 0.2, 1
    deal_runs = [full_deals(args.variant, args.deals, args.seed + i) for i in range(args.repeat)]
    starts = play_starts(args.variant, 200, args.seed)
    roll_runs = [rollouts(starts, args.seconds, args.seed + i) for i in range(args.repeat)]
    result = {
        "variant": args.variant,
        "python": platform.python_version(),
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "deals_per_s_best": round(max(deal_runs)),
        "deals_per_s_runs": [round(x) for x in deal_runs],
        "rollouts_per_s_best": round(max(roll_runs)),
        "rollouts_per_s_runs": [round(x) for x in roll_runs],
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:22} {value}")


if __name__ == "__main__":
    main()
