"""The compiled solver (core/ai/_dds.c) against the pure-Python one on the same fixed deals.

The deals are those of ``bench/bench_solver.py`` (the same ``deal(kind, seed, i)``: 20 per kind by default,
seat 0 leads, Sochi play rules). Each deal is solved from its first card by a fresh ``Solver`` with
``backend="python"`` and with ``backend="c"``, ``--repeat`` times each, and the best time counts. Times are
CPU time of this process (``time.process_time``), so other jobs on a shared machine inflate them less than
wall-clock time would. The two values of every deal must agree: a difference is reported and the exit code
is 1.

    python bench/bench_solver_accel.py --repeat 3
    python bench/bench_solver_accel.py --smoke      # two deals per kind
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_solver import KINDS, deal  # noqa: E402

from preferans.core.ai.solver import Solver, compiled_search  # noqa: E402
from preferans.core.engine.play import TrickPlay  # noqa: E402
from preferans.core.model.errors import BadInput  # noqa: E402


def timed(play: TrickPlay, declarer: int, maximise: bool, backend: str, repeat: int) -> tuple[int, float]:
    """(the value, the best CPU time of ``repeat`` solves by fresh solvers)."""
    best = float("inf")
    value = -1
    for _ in range(repeat):
        start = time.process_time()
        value = Solver(play, declarer, maximise, backend=backend).value(play)
        best = min(best, time.process_time() - start)
    return value, best


def summary(times: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(1000 * statistics.median(times), 2),
        "mean_ms": round(1000 * statistics.fmean(times), 2),
        "max_ms": round(1000 * max(times), 2),
    }


def run_kind(kind: str, deals: int, seed: int, repeat: int) -> dict[str, object]:
    py: list[float] = []
    c: list[float] = []
    mismatches: list[int] = []
    for i in range(deals):
        play, declarer, maximise = deal(kind, seed, i)
        v_py, t_py = timed(play, declarer, maximise, "python", repeat)
        v_c, t_c = timed(play, declarer, maximise, "c", repeat)
        py.append(t_py)
        c.append(t_c)
        if v_py != v_c:
            mismatches.append(i)
    return {
        "kind": kind,
        "deals": deals,
        "python": summary(py),
        "c": summary(c),
        "speedup_of_medians": round(statistics.median(py) / max(statistics.median(c), 1e-9), 1),
        "mismatches": mismatches,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=20, help="deals per kind (default 20)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="solves per deal and backend; the best time counts")
    ap.add_argument("--kinds", default=",".join(KINDS), help="comma-separated subset of " + ",".join(KINDS))
    ap.add_argument("--smoke", action="store_true", help="tiny run: two deals per kind, one solve each")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.smoke:
        args.deals, args.repeat = 2, 1
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    for k in kinds:
        if k not in KINDS:
            ap.error(f"--kinds: unknown kind {k!r} (allowed: {', '.join(KINDS)})")
    try:
        compiled_search("c")
    except BadInput as err:
        ap.error(str(err))
    results = [run_kind(kind, args.deals, args.seed, args.repeat) for kind in kinds]
    if args.json:
        print(json.dumps({"python": platform.python_version(), "seed": args.seed, "repeat": args.repeat,
                          "kinds": results}))
    else:
        print("CPU ms per deal, best of", args.repeat)
        print(f"{'kind':8} {'deals':>5} {'py median':>10} {'py mean':>8} {'py max':>8} {'c median':>9} {'c mean':>7} "
              f"{'c max':>7} {'speed-up':>9}")
        for r in results:
            p, c = r["python"], r["c"]
            assert isinstance(p, dict) and isinstance(c, dict)
            print(f"{r['kind']:8} {r['deals']:>5} {p['median_ms']:>10} {p['mean_ms']:>8} {p['max_ms']:>8} "
                  f"{c['median_ms']:>9} {c['mean_ms']:>7} {c['max_ms']:>7} {r['speedup_of_medians']:>8}x")
    bad = [(r["kind"], r["mismatches"]) for r in results if r["mismatches"]]
    if bad:
        print(f"values differ between the backends: {bad}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
