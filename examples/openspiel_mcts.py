"""OpenSpiel's own IS-MCTS bot playing Preferans deals against uniformly random players.

Seat 0 is OpenSpiel's information-set Monte Carlo tree search (``open_spiel.python.algorithms.ismcts``, random
rollouts as its evaluator, worlds drawn with the game's ``resample_from_infostate``); the other seats play
uniformly random legal actions. Each game is one deal of ``python_preferans_<variant>``
(:mod:`preferans.env.openspiel`); the dealer turns round the table from deal to deal. The mean return of each
seat over the deals is printed with its 95% interval (the normal approximation, 1.96 standard errors)::

    python examples/openspiel_mcts.py --variant sochi --deals 20 --simulations 30 --seed 1

Needs the ``openspiel`` extra: ``pip install 'preferans[openspiel]'``.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from preferans.env.openspiel import game_name


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (1.96 standard errors; 0 with one value)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="sochi", help="a playable variant (default: sochi)")
    parser.add_argument("--deals", type=int, default=12, help="deals to play (default: 12)")
    parser.add_argument("--simulations", type=int, default=24, help="IS-MCTS simulations a decision (default: 24)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the deals and the players (default: 0)")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    np_rng = np.random.RandomState(args.seed)
    sampler = pyspiel.UniformProbabilitySampler(args.seed, 0.0, 1.0)
    returns: list[list[float]] = []
    start = time.perf_counter()
    decisions = 0
    players = pyspiel.load_game(game_name(args.variant)).num_players()
    for deal in range(args.deals):
        game = pyspiel.load_game(game_name(args.variant), {"dealer": deal % players})
        # the exploration constant in the game's units: a quarter of the span of one deal's returns
        uct_c = (game.max_utility() - game.min_utility()) / 4
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np_rng), uct_c, args.simulations,
                               random_state=np_rng)
        # the worlds drawn from the seed too (the bot's own sampler is seeded afresh from the system each time)
        bot.set_resampler(lambda s, player: s.resample_from_infostate(player, sampler))
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            elif state.current_player() == 0:
                state.apply_action(int(bot.step(state)))
                decisions += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns.append(state.returns())
    seconds = time.perf_counter() - start
    print(f"{game_name(args.variant)}: {args.deals} deals, seat 0 IS-MCTS ({args.simulations} simulations, "
          f"{decisions} decisions), seats 1..{players - 1} random; {seconds:.1f} s")
    for seat in range(players):
        mean, half = mean_interval([r[seat] for r in returns])
        who = "IS-MCTS" if seat == 0 else "random"
        print(f"  seat {seat} ({who:7s}): mean return {mean:9.2f} +- {half:.2f}")


if __name__ == "__main__":
    main()
