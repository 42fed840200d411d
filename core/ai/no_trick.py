"""The ``hard`` bot's misère discard: every discard valued by the double-dummy solver (docs/bots.md,
"Misère").

The heuristic bot drops the card that leaves the fewest breaks in the 7-9-J-K ladder (``no_trick_risk``).
Here the declarer, holding twelve cards after taking the talon, values each choice of the cards still to
drop (equivalent cards once, :func:`~preferans.core.ai.levels.discards`) over weighted layouts of the
defenders' hands (the hard bot's inference) by the misère solver's one null-window test "can he keep to no
trick" (about a thousand nodes, against tens of thousands for the number of tricks): the weight of the
layouts where the misère is clean. Ties (most discards are clean in the same layouts) go to the heuristic's
discard.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from preferans.core.ai.pimc import Budget, _nodes, observe
from preferans.core.ai.solver import Solver
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import CARD_INDEX, CARD_NAMES, cards_of

__all__ = ["DISCARD_SAMPLES", "no_trick_discard"]

DISCARD_SAMPLES = 8
"""Layouts of the defenders' hands over which every misère discard is valued."""


def no_trick_discard(bot: Any, game: Any, seat: int, legal: list[str],
                   discards: Callable[[int, list[int], int], list[int]]) -> str | None:
    """The first card of the best misère discard, or ``None`` (the heuristic's) when the bid is not a misère,
    there is one choice, or the budget solved fewer than ``min_samples`` layouts. ``discards(hand, legal,
    drop)`` lists the distinct choices (levels.discards)."""
    bid = game.contracts[game.deal.bid] if game.deal.bid else None
    if bid is None or bid.goal != "none":
        return None
    obs = observe(game, seat)
    hand = obs.known.get(seat, 0)
    options = discards(hand, [CARD_INDEX[a] for a in legal], game.deal.to_discard)
    if len(options) < 2:
        return None
    rules = game.play_rules_for(bid, seat)
    opts = bot.options
    budget = Budget(opts.nodes, opts.time)
    small = replace(opts, samples=min(opts.samples, DISCARD_SAMPLES))
    layouts = type(bot)(small).weighted_layouts(obs, merge=True)
    sums = [0.0] * len(options)
    solved = 0
    for layout, weight in layouts:
        if not budget.allows():
            break
        spent = 0
        row = [0.0] * len(options)
        for i, cards in enumerate(options):
            if spent >= budget.nodes:
                break  # out of nodes within a layout: the layout is dropped
            hands = list(layout.hands)
            hands[seat] = hand & ~cards
            play = TrickPlay.start(rules, hands, (), obs.n_hands)
            solver = Solver(play, seat, maximise=False)
            clean = solver.reaches(play, 0)
            spent += _nodes(solver)
            row[i] = weight if clean else 0.0
        else:
            for i in range(len(options)):
                sums[i] += row[i]
            solved += 1
        budget.charge(spent)
    if solved < min(opts.min_samples, len(layouts)):
        return None
    bot.last_samples = solved
    heuristic = CARD_INDEX[bot.heuristic.choose(game, seat)]
    best = max(sums)
    tied = [options[i] for i, t in enumerate(sums) if t == best]
    pick = next((m for m in tied if m >> heuristic & 1), tied[0])
    first = heuristic if pick >> heuristic & 1 else max(cards_of(pick), key=lambda c: (c & 7, c))
    return CARD_NAMES[first]
