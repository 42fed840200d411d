"""OpenSpiel benchmark: game steps per second of ``python_preferans_<variant>`` (preferans.env.openspiel), random
play through ``state.apply_action`` with the 32 chance nodes of the deal included, against the engine's own
random deals (``Game.apply``, the same random choices) in the same run; and ``resample_from_infostate`` calls
per second (what an IS-MCTS search pays for each world it draws).

Run by hand (``python bench/bench_openspiel.py``) or as a CI smoke run (``--smoke``). Each figure is the best of
``--repeat`` interleaved runs, the run least disturbed by whatever else the machine was doing.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time

import pyspiel

from preferans.core import Game
from preferans.env.openspiel import game_name
from preferans.env.table import variant_of


def openspiel_steps(variant: str, deals: int, seed: int) -> tuple[float, float]:
    """Random deals through OpenSpiel's API: (steps per second, deals per second), a step being any
    ``apply_action``, a chance node's too."""
    game = pyspiel.load_game(game_name(variant))
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
            steps += 1
    seconds = time.perf_counter() - start
    return steps / seconds, deals / seconds


def engine_steps(variant: str, deals: int, seed: int) -> tuple[float, float]:
    """The same with the engine alone: a shuffled pack, then ``Game.apply`` of random legal words until the
    deal is scored; its steps are the players' actions only (the deal is one shuffle)."""
    v = variant_of(variant)
    manager = v.new_manager()
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(deals):
        pack = list(range(32))
        rng.shuffle(pack)
        g = Game(v, seed=0, deals=[pack], manager=manager)
        while not g.results:
            legal = g.legal_actions()
            g.apply(legal[int(rng.random() * len(legal))])
            steps += 1
    seconds = time.perf_counter() - start
    return steps / seconds, deals / seconds


def resamples(variant: str, count: int, seed: int) -> float:
    """``resample_from_infostate`` calls per second for the seat to act, at random points of random deals."""
    game = pyspiel.load_game(game_name(variant))
    rng = random.Random(seed)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    done = 0
    seconds = 0.0
    while done < count:
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node() and rng.random() < 0.3 and done < count:
                start = time.perf_counter()
                state.resample_from_infostate(state.current_player(), sampler)
                seconds += time.perf_counter() - start
                done += 1
            state.apply_action(rng.choice(state.legal_actions()))
    return done / seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--variant", default="sochi")
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--resamples", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--smoke", action="store_true", help="tiny run for CI: checks the benchmark works")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.smoke:
        args.deals, args.resamples, args.repeat = 10, 10, 1
    spiel, engine, worlds = [], [], []
    for i in range(args.repeat):  # interleaved, so that the machine's load hits them alike
        spiel.append(openspiel_steps(args.variant, args.deals, args.seed + i))
        engine.append(engine_steps(args.variant, args.deals, args.seed + i))
        worlds.append(resamples(args.variant, args.resamples, args.seed + i))
    best_spiel, best_engine = max(spiel), max(engine)
    result = {
        "variant": args.variant,
        "python": platform.python_version(),
        "pyspiel": getattr(pyspiel, "__version__", "?"),
        "openspiel_steps_per_s": round(best_spiel[0]),
        "openspiel_deals_per_s": round(best_spiel[1], 1),
        "engine_steps_per_s": round(best_engine[0]),
        "engine_deals_per_s": round(best_engine[1], 1),
        "deals_ratio": round(best_spiel[1] / best_engine[1], 3),
        "resamples_per_s": round(max(worlds), 1),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:24} {value}")


if __name__ == "__main__":
    main()
