"""Time per decision of each level for people (``easy``, ``normal``, ``hard``), by phase.

For each level, plays ``--deals`` deals of ``--variant`` (Sochi by default; seed ``--seed``) with that level in
seat 0 and heuristic bots in the other seats, and times every decision of seat 0 that has more than one legal
action (process CPU seconds, mean and maximum per phase; the levels' targets are under 20 ms for ``easy`` and
under 1 s for ``hard`` on one core).

    python bench/bench_levels.py --deals 10 --seed 1
    python bench/bench_levels.py --smoke       # one deal per level, for CI

Figures go to docs/performance.md and docs/bots.md with the command and the machine.
"""

from __future__ import annotations

import argparse
import json
import platform
import time

from preferans.core import Game, load_variant
from preferans.core.ai.registry import make_bot
from preferans.core.ai.solver import compiled_search

LEVELS = ("easy", "normal", "hard")


def run(level: str, deals: int, seed: int, variant: str = "sochi") -> dict[str, dict[str, float]]:
    game = Game(load_variant(variant), seed)
    bots = [make_bot(n, seed, s) for s, n in enumerate([level] + ["heuristic"] * (game.n_players - 1))]
    times: dict[str, list[float]] = {}
    while not game.is_terminal and len(game.results) < deals:
        seat = game.current_player
        if seat == 0 and len(game.legal_actions()) > 1:
            phase = game.phase.value
            cpu = time.process_time()
            action = bots[0].choose(game, seat)
            times.setdefault(phase, []).append(time.process_time() - cpu)
        else:
            action = bots[seat].choose(game, seat)
        game.apply(action)
    return {phase: {"decisions": len(rows), "cpu_mean": sum(rows) / len(rows), "cpu_max": max(rows)}
            for phase, rows in sorted(times.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(LEVELS), help="the levels to time, comma-separated")
    parser.add_argument("--variant", default="sochi", help="the variant played (default sochi)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="one deal per level, to show that it runs")
    args = parser.parse_args()
    deals = 1 if args.smoke else args.deals
    levels = args.levels.split(",")
    result = {level: run(level, deals, args.seed, args.variant) for level in levels}
    backend = "compiled" if compiled_search() is not None else "python"
    if args.json:
        print(json.dumps({"variant": args.variant, "deals": deals, "seed": args.seed, "solver": backend,
                          "python": platform.python_version(), "levels": result}))
        return
    print(f"{deals} {args.variant} deals per level, seed {args.seed}, against heuristic bots, solver {backend}, "
          f"CPython {platform.python_version()}")
    print(f"{'level':<8}{'phase':<10}{'decisions':>10}{'cpu mean ms':>13}{'cpu max ms':>12}")
    for level, phases in result.items():
        for phase, r in phases.items():
            print(f"{level:<8}{phase:<10}{r['decisions']:>10.0f}{1000 * r['cpu_mean']:>13.2f}"
                  f"{1000 * r['cpu_max']:>12.2f}")


if __name__ == "__main__":
    main()
