"""Environment steps per second: the PettingZoo AEC environment, the Gymnasium one and the vectorised runner.

Run by hand (``python bench/bench_env.py``) or as a CI smoke run (``--smoke``); the figures go to
docs/performance.md ("Environments") with the command and the machine. A step is one action of one seat,
chosen uniformly among the legal ids (from the mask, as a learner would), with the observation vector of the
next seat built. Each figure is the best of ``--repeat`` runs. OpenSpiel's game has its own benchmark,
bench/bench_openspiel.py; the engine's deals against a bare loop are bench/bench_engine.py.
"""

from __future__ import annotations

import argparse
import json
import platform
import time

import numpy as np

from preferans.env.gymnasium import PreferansEnv
from preferans.env.pettingzoo import aec_env
from preferans.env.vector import VectorTables


def aec_steps(variant: str, steps: int, seed: int) -> float:
    """Steps per second of the AEC environment, one-deal episodes, every seat random."""
    env = aec_env(variant)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        agent = env.agent_selection
        obs = env.observe(agent)
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                env.reset(seed=int(rng.integers(1 << 31)))
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done += 1
    return done / (time.perf_counter() - start)


def gym_steps(variant: str, steps: int, seed: int, opponents: str) -> float:
    """The learner's steps per second of the Gymnasium environment (the bots' actions between them included)."""
    env = PreferansEnv(variant, opponents=opponents)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    start = time.perf_counter()
    for _ in range(steps):
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated or truncated:
            obs, _ = env.reset(seed=int(rng.integers(1 << 31)))
    return steps / (time.perf_counter() - start)


def vector_steps(variant: str, steps: int, seed: int, n: int) -> float:
    """Game steps per second of :class:`VectorTables` with ``n`` games (``steps`` in all)."""
    tables = VectorTables(variant, n, seed=seed)
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    for _ in range(max(1, steps // n)):
        _, mask, _ = tables.observe()
        # a uniform legal id per game: the first legal id after a random offset, without a Python loop
        noise = rng.random(mask.shape) * mask
        tables.step(noise.argmax(axis=1))
    return max(1, steps // n) * n / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="sochi")
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--vector", type=int, default=64, help="games stepped together by VectorTables")
    ap.add_argument("--opponents", default="random", help="the bots of the Gymnasium environment")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--smoke", action="store_true", help="tiny run for CI: checks the benchmark works")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.smoke:
        args.steps, args.repeat, args.vector = 300, 1, 8
    runs = range(args.repeat)
    result = {
        "variant": args.variant,
        "python": platform.python_version(),
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "aec_steps_per_s": round(max(aec_steps(args.variant, args.steps, args.seed + i) for i in runs)),
        "gym_steps_per_s": round(max(gym_steps(args.variant, args.steps // 4, args.seed + i, args.opponents)
                                     for i in runs)),
        "vector_steps_per_s": round(max(vector_steps(args.variant, args.steps, args.seed + i, args.vector)
                                        for i in runs)),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:20} {value}")


if __name__ == "__main__":
    main()
