"""Play N random deals of Sochi: the workload for counting instructions with callgrind.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/deals_for_callgrind.py 350
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/deals_for_callgrind.py 50

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/deals_for_callgrind.py 6 rollouts
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/deals_for_callgrind.py 1 rollouts

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/deals_for_callgrind.py 1200 bare
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/deals_for_callgrind.py 200 bare

The difference of the two "I refs" totals divided by 300 (rollouts: by 1000; bare deals, the benchmark's
yardstick: by 1000) is the cost of one deal (one rollout, one bare deal) in instructions, a figure that does
not depend on what else the machine is doing (docs/performance.md); run with PYTHONHASHSEED=0, since hash
randomisation moves it by a few percent. The loops are :func:`bench_engine.random_deals`, the rollouts of
:func:`bench_engine.rollouts` and :func:`bench_engine.bare_deals`, exactly as the benchmark runs them.
"""

from __future__ import annotations

import random
import sys

from bench_engine import bare_deals, play_starts, random_deals  # the benchmark's loops (bench/ is on sys.path)

from preferans.core import load_variant

if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 350
    if sys.argv[2:] == ["rollouts"]:
        # N rounds of the benchmark's rollouts from 200 starts: (total(6) - total(1)) / 1000 per rollout
        starts = play_starts("sochi", 200, 1)
        rng = random.Random(1)
        for _ in range(n):
            for position in starts:
                position.copy().random_playout(rng)
    elif sys.argv[2:] == ["bare"]:
        bare_deals(n, 1)
    else:
        random_deals(load_variant("sochi"), n, 1)
