"""Double-dummy solver benchmark: time per full 10-card deal for trump, no-trump and misère.

The deals are fixed: for each kind ``k`` (0 trump, 1 no-trump, 2 misère) and deal ``i`` the generator is
``random.Random(seed * 1000 + 100 * k + i)`` (``--seed``, default 1). It shuffles the 32 cards and gives
cards 0-9 to seat 0, 10-19 to seat 1 and 20-29 to seat 2; the last two cards (the talon) are ignored, so the
declarer's ten cards stand for his hand after the discard. Then it draws the declarer (any seat) and, for a
trump deal, the trump suit. Seat 0 is the first hand and leads the first trick, whoever declares (Russian
rules); all three hands play (two whisters in a game, both defenders in misère), with the Sochi play rules
(must follow, must trump, no must-beat, no early stop). A trump or no-trump deal is solved as the declarer's
maximum number of tricks, a misère deal as his minimum.

Run by hand (``python bench/bench_solver.py``) or as a CI smoke run (``--smoke``: two deals per kind).
Figures go to docs/performance.md with the command and the machine. Each deal is solved by a fresh solver
(no table carried over), ``--repeat`` times, and its time is the best of those runs (``--clock cpu``: CPU
time of the process instead of elapsed time, for a machine shared with other jobs). The node count of the
pure-Python search is the trick starts it visits plus the cards it searches one by one mid-trick (only at a
root that is itself mid-trick); the compiled search counts its own way.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from preferans.core.ai.solver import Solver, compiled_search
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import NO_TRUMP
from preferans.core.model.errors import BadInput
from preferans.core.model.views import PlayRules

KINDS = ("trump", "notrump", "misere")


def deal(kind: str, seed: int, i: int) -> tuple[TrickPlay, int, bool]:
    """Deal ``i`` of ``kind``: the position at the first card, the declarer, and whether he maximises."""
    k = KINDS.index(kind)
    rng = random.Random(seed * 1000 + 100 * k + i)
    pack = list(range(32))
    rng.shuffle(pack)
    hands = [0, 0, 0]
    for seat in range(3):
        for card in pack[10 * seat:10 * seat + 10]:
            hands[seat] |= 1 << card
    declarer = rng.randrange(3)
    trump = rng.randrange(4) if kind == "trump" else NO_TRUMP
    rules = PlayRules(trump=trump, leader=0, hands=(0, 1, 2), declarer=declarer)
    return TrickPlay.start(rules, hands, (), 3), declarer, kind != "misere"


def solve_one(play: TrickPlay, declarer: int, maximise: bool, backend: str = "python") -> tuple[int, int]:
    """One solve by a fresh solver: (the declarer's tricks, nodes searched). The one place that calls the
    solver, so another backend can be plugged in here."""
    solver = Solver(play, declarer, maximise, backend=backend)
    if solver.fast is not None:  # the compiled search (--backend c/auto) counts its own nodes
        value = solver.value(play)
        return value, solver.fast.nodes
    value = solver.value(play)
    return value, solver.nodes


def run_kind(kind: str, deals: int, seed: int, repeat: int,
             solve: Callable[[TrickPlay, int, bool], tuple[int, int]] = solve_one,
             clock: Callable[[], float] = time.perf_counter) -> dict[str, object]:
    times: list[float] = []
    nodes: list[int] = []
    values: list[int] = []
    for i in range(deals):
        play, declarer, maximise = deal(kind, seed, i)
        best = float("inf")
        for _ in range(repeat):
            start = clock()
            value, n = solve(play, declarer, maximise)
            best = min(best, clock() - start)
        times.append(best)
        nodes.append(n)
        values.append(value)
    return {
        "kind": kind,
        "deals": deals,
        "median_ms": round(1000 * statistics.median(times), 2),
        "mean_ms": round(1000 * statistics.fmean(times), 2),
        "max_ms": round(1000 * max(times), 2),
        "median_nodes": round(statistics.median(nodes)),
        "mean_nodes": round(statistics.fmean(nodes)),
        "max_nodes": max(nodes),
        "values": values,
        "times_ms": [round(1000 * t, 2) for t in times],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=20, help="deals per kind (default 20)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=1, help="solves per deal; the best time counts")
    ap.add_argument("--kinds", default=",".join(KINDS), help="comma-separated subset of " + ",".join(KINDS))
    ap.add_argument("--smoke", action="store_true", help="tiny run for CI: two deals per kind")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--backend", choices=("python", "c", "auto"), default="python",
                    help="solver backend (default python; c: the compiled accelerator, auto: c when built)")
    ap.add_argument("--verbose", action="store_true", help="also print the time and value of every deal")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall: elapsed time (default); cpu: the process's CPU time, steadier on a shared machine")
    args = ap.parse_args()
    if args.smoke:
        args.deals, args.repeat = 2, 1
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    for k in kinds:
        if k not in KINDS:
            ap.error(f"--kinds: unknown kind {k!r} (allowed: {', '.join(KINDS)})")
    try:
        compiled_search(args.backend)
    except BadInput as err:
        ap.error(str(err))
    one = partial(solve_one, backend=args.backend)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    results = [run_kind(kind, args.deals, args.seed, args.repeat, one, clock) for kind in kinds]
    if args.json:
        print(json.dumps({
            "python": platform.python_version(),
            "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
            "seed": args.seed,
            "backend": args.backend,
            "clock": args.clock,
            "kinds": results,
        }))
        return
    print(f"{'kind':8} {'deals':>5} {'median ms':>10} {'mean ms':>9} {'max ms':>9} {'median nodes':>13} "
          f"{'max nodes':>10}")
    for r in results:
        print(f"{r['kind']:8} {r['deals']:>5} {r['median_ms']:>10} {r['mean_ms']:>9} {r['max_ms']:>9} "
              f"{r['median_nodes']:>13} {r['max_nodes']:>10}")
        if args.verbose:
            print("   values", r["values"])
            print("   ms    ", r["times_ms"])


if __name__ == "__main__":
    main()
