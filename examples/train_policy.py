"""Train a small policy against the easy bots, and plot its result rising.

A linear softmax policy over the legal actions (the observation vector times a weight matrix, illegal
actions masked out), trained with REINFORCE: after each deal every decision of the learner is pushed towards
the actions of deals that paid better than the running average, in proportion to how much better. Written
on numpy alone (about 80 lines), so that what the environment asks of an algorithm is plain to read.

    pip install -e '.[train]'
    python examples/train_policy.py --variant sochi --minutes 5 --seed 1 --plot docs/images/train-policy.png

The learner sits at a seat drawn for each deal against two ``easy`` bots (the heuristic bot); its result is
its settlement change over the deal, in the variant's unit (whists in Sochi). Before and after training the
policy plays the same evaluation deals (seeds from 1,000,000 on), and the script prints both means with their
95% intervals; the plot shows the training curve (the mean over each block of deals) and the two evaluations.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from preferans.env.gymnasium import PreferansEnv

Vector = npt.NDArray[np.float64]
EVAL_SEEDS = 1_000_000
"""Evaluation deals are played on seeds from here: no training deal uses them."""


class LinearPolicy:
    """Softmax over the legal actions of ``W @ x + b``."""

    def __init__(self, size: int, actions: int, rng: np.random.Generator) -> None:
        self.w = rng.normal(0, 0.01, (actions, size))
        self.b = np.zeros(actions)
        self.rng = rng
        # Adam's moments, one pair per parameter
        self.m = [np.zeros_like(self.w), np.zeros_like(self.b)]
        self.v = [np.zeros_like(self.w), np.zeros_like(self.b)]
        self.t = 0

    def probabilities(self, x: Vector, mask: npt.NDArray[np.int8]) -> Vector:
        logits = self.w @ x + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        p = np.exp(logits - logits.max())
        return np.asarray(p / p.sum())

    def act(self, x: Vector, mask: npt.NDArray[np.int8], greedy: bool = False) -> int:
        p = self.probabilities(x, mask)
        return int(p.argmax()) if greedy else int(self.rng.choice(len(p), p=p))

    def update(self, steps: list[tuple[Vector, npt.NDArray[np.int8], int]], advantage: float, lr: float) -> None:
        """One REINFORCE step: the gradient of log p(action) for every decision of the deal, times the
        deal's advantage, through Adam."""
        gw, gb = np.zeros_like(self.w), np.zeros_like(self.b)
        for x, mask, a in steps:
            p = self.probabilities(x, mask)
            d = -p
            d[a] += 1.0  # d log p(a) / d logits = onehot(a) - p
            gw += np.outer(d, x)
            gb += d
        self.t += 1
        for i, (param, grad) in enumerate(((self.w, gw * advantage), (self.b, gb * advantage))):
            self.m[i] = 0.9 * self.m[i] + 0.1 * grad
            self.v[i] = 0.999 * self.v[i] + 0.001 * grad * grad
            m_hat = self.m[i] / (1 - 0.9 ** self.t)
            v_hat = self.v[i] / (1 - 0.999 ** self.t)
            param += lr * m_hat / (np.sqrt(v_hat) + 1e-8)  # ascent: a better deal makes its actions likelier


def play_deal(env: PreferansEnv, seed: int, choose: Callable[[Vector, npt.NDArray[np.int8]], int]
              ) -> tuple[float, list[tuple[Vector, npt.NDArray[np.int8], int]]]:
    """One deal: the learner's result and its decisions (observation, mask, action)."""
    obs, _ = env.reset(seed=seed)
    steps: list[tuple[Vector, npt.NDArray[np.int8], int]] = []
    total, done = 0.0, False
    while not done:
        x, mask = obs["observation"].astype(np.float64), obs["action_mask"]
        if mask.any():
            a = choose(x, mask)
            steps.append((x, mask, a))
        else:  # the learner has nothing to do in this deal (never happens with three players)
            a = 0
        obs, reward, terminated, truncated, _ = env.step(a)
        total += float(reward)
        done = terminated or truncated
    return total, steps


def evaluate(env: PreferansEnv, policy: LinearPolicy, deals: int) -> tuple[float, float]:
    """Mean result per deal over the evaluation deals (the policy sampling, as it trains) and the half-width
    of its 95% interval."""
    results = [play_deal(env, EVAL_SEEDS + i, policy.act)[0] for i in range(deals)]
    mean = float(np.mean(results))
    half = 1.96 * float(np.std(results, ddof=1)) / math.sqrt(len(results))
    return mean, half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="sochi")
    ap.add_argument("--opponents", default="easy", help="the bots at the other seats (a level or a bot name)")
    ap.add_argument("--minutes", type=float, default=5.0, help="training time, without the evaluations")
    ap.add_argument("--eval-deals", type=int, default=300)
    ap.add_argument("--lr", type=float, default=0.003)
    ap.add_argument("--block", type=int, default=200, help="deals per point of the training curve")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plot", help="write the curve to this image file (PNG or SVG; needs matplotlib)")
    args = ap.parse_args()

    env = PreferansEnv(args.variant, opponents=args.opponents, seat="random")
    size = env.observation_space["observation"].shape[0]
    policy = LinearPolicy(size, int(env.action_space.n), np.random.default_rng(args.seed))
    before = evaluate(env, policy, args.eval_deals)
    print(f"before: {before[0]:+.2f} per deal (95% CI +-{before[1]:.2f}) over {args.eval_deals} evaluation deals")

    curve: list[tuple[int, float]] = []
    baseline, block, deals = 0.0, [], 0
    start = time.process_time()
    while time.process_time() - start < args.minutes * 60:
        result, steps = play_deal(env, args.seed * 10_000_000 + deals, policy.act)
        deals += 1
        baseline += 0.01 * (result - baseline)  # the running average the advantage is measured against
        if steps:
            policy.update(steps, (result - baseline) / 10, args.lr)
        block.append(result)
        if len(block) == args.block:
            curve.append((deals, float(np.mean(block))))
            print(f"deals {deals:6}: {curve[-1][1]:+.2f} per deal over the last {args.block}")
            block = []
    minutes = (time.process_time() - start) / 60
    after = evaluate(env, policy, args.eval_deals)
    print(f"trained on {deals} deals in {minutes:.1f} minutes of CPU")
    print(f"after:  {after[0]:+.2f} per deal (95% CI +-{after[1]:.2f}) over the same {args.eval_deals} deals")
    if args.plot:
        plot(curve, before, after, deals, args)


def plot(curve: list[tuple[int, float]], before: tuple[float, float], after: tuple[float, float], deals: int,
         args: argparse.Namespace) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    if curve:
        ax.plot([d for d, _ in curve], [r for _, r in curve], label=f"training (mean of each {args.block} deals)")
    ax.errorbar([0, deals], [before[0], after[0]], yerr=[before[1], after[1]], fmt="o", capsize=4,
                label=f"evaluation, {args.eval_deals} fixed deals (95% CI)")
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_yscale("symlog", linthresh=10)  # the first deals lose hundreds, the later ones a few: both readable
    ax.set_xlabel("deals trained")
    ax.set_ylabel(f"result per deal ({args.variant})")
    ax.set_title(f"A linear policy against two {args.opponents} bots, REINFORCE")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.plot)
    print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
