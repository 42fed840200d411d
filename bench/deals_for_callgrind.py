"""Play N random deals of Sochi: the workload for counting instructions with callgrind.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/deals_for_callgrind.py 350
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/deals_for_callgrind.py 50

The difference of the two "I refs" totals divided by 300 is the cost of one deal in instructions, a figure
that does not depend on what else the machine is doing (docs/performance.md).
"""

from __future__ import annotations

import random
import sys

from preferans.core import Game, load_variant


def run(deals: int, seed: int = 1) -> None:
    variant = load_variant("sochi")
    rng = random.Random(seed)
    game = Game(variant, seed=seed)
    done = 0
    while done < deals:
        if game.is_terminal:
            game = Game(variant, seed=rng.getrandbits(32))
        before = len(game.results)
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        done += len(game.results) - before


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 350)
