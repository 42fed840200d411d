"""Time of ``preferans solve``'s DD table (3 declarers x every contract kind, best of the 66 discards each).

The deals are fixed: deal ``i`` shuffles the 32 cards with ``random.Random(seed * 1000 + i)`` (``--seed``,
default 1) and gives cards 0-9 to the first hand, 10-19 to the second, 20-29 to the dealer and the last two
to the talon. Each table is computed by :func:`preferans.core.tools.solve.solve_contract`, exactly as the
command does (Sochi: columns S C D H NT misère), with the solver backend of ``PREFERANS_SOLVER`` (``auto``:
the compiled one when it is built; ``python``). CPU time (``time.process_time``) per table is reported, so
other load on the machine does not count.

    python bench/bench_dd_table.py --deals 10
    PREFERANS_SOLVER=python python bench/bench_dd_table.py --deals 3
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

from preferans.core.rules.config import load_variant
from preferans.core.tools.solve import DealInput, Table, column_label, solve_contract


def deal(seed: int, i: int) -> DealInput:
    rng = random.Random(seed * 1000 + i)
    pack = list(range(32))
    rng.shuffle(pack)
    hands = tuple(sum(1 << c for c in pack[10 * k:10 * k + 10]) for k in range(3))
    return DealInput((hands[0], hands[1], hands[2]), sum(1 << c for c in pack[30:]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    table = Table(load_variant("sochi"))
    columns = table.columns()
    seconds: list[float] = []
    per_kind: dict[str, list[float]] = {column_label(s): [] for s in columns}
    for i in range(args.deals):
        d = deal(args.seed, i)
        start = time.process_time()
        for declarer in range(3):
            for spec in columns:
                t = time.process_time()
                solve_contract(table, d, spec, declarer)
                per_kind[column_label(spec)].append(time.process_time() - t)
        seconds.append(time.process_time() - start)
    result = {
        "backend": os.environ.get("PREFERANS_SOLVER", "auto"), "deals": args.deals, "seed": args.seed,
        "table_median_s": round(statistics.median(seconds), 2), "table_max_s": round(max(seconds), 2),
        "cell_median_s": {k: round(statistics.median(v), 3) for k, v in per_kind.items()},
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"backend {result['backend']}: {args.deals} tables, median {result['table_median_s']} s, "
              f"max {result['table_max_s']} s CPU")
        print("median per cell (s): " + ", ".join(f"{k} {v}" for k, v in result["cell_median_s"].items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
