"""Time per decision of the pimc bot, by phase.

Plays ``--deals`` Sochi deals (seed ``--seed``) with the pimc bot in seat 0 and heuristic bots in seats 1
and 2 (``--bots`` to change them), and times every decision of the pimc seats that has more than one legal
action: wall-clock and process CPU seconds, mean and maximum per phase, and how many of those decisions were
made by sampling (the rest went to the heuristic bot: a phase pimc leaves to it, or a budget too small for
``min_samples`` layouts). Decisions with one legal action cost nothing and are not counted.

    python bench/bench_pimc.py --deals 20 --seed 1
    python bench/bench_pimc.py --deals 20 --bots pimc:samples=40,heuristic,heuristic
    python bench/bench_pimc.py --smoke       # two deals, for CI

Figures go to docs/performance.md and docs/bots.md with the command and the machine.
"""

from __future__ import annotations

import argparse
import json
import platform
import time

from preferans.core import Game, load_variant
from preferans.core.ai.pimc import PimcBot
from preferans.core.ai.registry import make_bot
from preferans.core.ai.solver import compiled_search


def run(deals: int, seed: int, names: list[str]) -> dict[str, dict[str, float]]:
    variant = load_variant("sochi")
    game = Game(variant, seed)
    bots = [make_bot(n, seed, s) for s, n in enumerate(names)]
    times: dict[str, list[tuple[float, float, int]]] = {}
    while not game.is_terminal and len(game.results) < deals:
        seat = game.current_player
        bot = bots[seat]
        if isinstance(bot, PimcBot) and len(game.legal_actions()) > 1:
            phase = game.phase.value
            wall, cpu = time.perf_counter(), time.process_time()
            action = bot.choose(game, seat)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            times.setdefault(phase, []).append((wall, cpu, bot.last_samples))
        else:
            action = bot.choose(game, seat)
        game.apply(action)
    out: dict[str, dict[str, float]] = {}
    for phase, rows in sorted(times.items()):
        out[phase] = {
            "decisions": len(rows),
            "sampled": sum(1 for r in rows if r[2]),
            "mean_samples": sum(r[2] for r in rows if r[2]) / max(1, sum(1 for r in rows if r[2])),
            "wall_mean": sum(r[0] for r in rows) / len(rows),
            "wall_max": max(r[0] for r in rows),
            "cpu_mean": sum(r[1] for r in rows) / len(rows),
            "cpu_max": max(r[1] for r in rows),
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="pimc,heuristic,heuristic", help="one bot per seat, comma-separated")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="two deals, to show that it runs")
    args = parser.parse_args()
    deals = 2 if args.smoke else args.deals
    names = args.bots.split(",")
    result = run(deals, args.seed, names)
    backend = "compiled" if compiled_search() is not None else "python"
    if args.json:
        print(json.dumps({"deals": deals, "seed": args.seed, "bots": names, "solver": backend,
                          "python": platform.python_version(), "phases": result}))
        return
    print(f"{deals} Sochi deals, seed {args.seed}, bots {','.join(names)}, solver {backend}, "
          f"CPython {platform.python_version()}")
    print(f"{'phase':<9}{'decisions':>10}{'sampled':>9}{'layouts':>9}{'wall mean':>11}{'wall max':>10}"
          f"{'cpu mean':>10}{'cpu max':>9}")
    for phase, r in result.items():
        print(f"{phase:<9}{r['decisions']:>10.0f}{r['sampled']:>9.0f}{r['mean_samples']:>9.1f}"
              f"{r['wall_mean']:>11.3f}{r['wall_max']:>10.3f}{r['cpu_mean']:>10.3f}{r['cpu_max']:>9.3f}")


if __name__ == "__main__":
    main()
