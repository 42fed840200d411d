"""The levels a person chooses a bot by: ``easy``, ``normal`` and ``hard`` (docs/bots.md, "Levels").

* ``easy``: the heuristic bot (rules of thumb, microseconds a decision);
* ``normal``: plain pimc (:class:`~preferans.core.ai.pimc.PimcBot`, its sampler with the soft filter of the
  calls) at a small budget, :data:`NORMAL`;
* ``hard``: :class:`HardBot`, pimc at the full budget with **inference**: the layouts are weighted by how
  likely the others' calls were with the hands they hold (:func:`likelihood`), counted exactly when the
  unseen cards allow few layouts (:func:`enumerate_layouts`), the talon's discard is chosen among all
  discards by the solver (:meth:`HardBot.discard`), and every call before the play (auction, declaration,
  defence, kontra, take-over) by the settlement it leads to (:mod:`preferans.core.ai.calls`).

:func:`hints` gives the hard bot's view of a decision for ``preferans play --hints``, and :func:`played_out`
the values of the calls it leaves to plain pimc.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from preferans.core.ai import all_pass, no_trick
from preferans.core.ai.bots import HeuristicBot, best_strain
from preferans.core.ai.calls import ALL_CALLS, PHASE_BITS, choose_call
from preferans.core.ai.pimc import (
    Budget,
    Knowledge,
    Layout,
    PimcBot,
    PimcOptions,
    draw_limit,
    implausibility,
    obs_is_all_pass,
    observe,
    parse_options,
    sample_layouts,
    solve_value,
    weighed_by_count,
)
from preferans.core.ai.solver import compiled_search
from preferans.core.engine.game import Game, Phase
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import CARD_INDEX, CARD_NAMES, cards_of
from preferans.core.model.contracts import ContractSpec

__all__ = ["EXACT_LIMIT", "HARD", "NORMAL", "HardBot", "Hint", "Measure", "enumerate_layouts", "hints", "likelihood",
           "make_level", "played_out"]

NORMAL = PimcOptions(samples=8, nodes=1_000_000)
"""The ``normal`` level: plain pimc with 8 layouts and a quarter of the compiled solver's node budget."""

HARD = PimcOptions(samples=24)
"""The ``hard`` level's budget: pimc's defaults (24 layouts, the backend's node budget: about a second of
one core at most), with the inference of :class:`HardBot`."""

BETA = 3.0
"""The soft likelihood of a hand's calls: ``exp(-BETA * implausibility)``, the implausibility in tricks of
the heuristic bot's hand evaluation (:func:`~preferans.core.ai.pimc.implausibility`). A layout a trick out
of line with the calls counts a twentieth of a plausible one, two tricks out a four-hundredth. With 1.5 (a
trick out: a fifth) the smoke arena of docs/bots.md lost clearly to plain pimc, whose filter keeps only the
most plausible of 20 deals: the many layouts a trick out outweighed the few plausible ones."""


EXACT_LIMIT = 66
"""At most this many layouts of the unseen cards (a misère catch or an open lone whister leaves C(12,2) = 66
or fewer) and every one is solved, weighted by its likelihood, instead of a sample."""

DISCARD_SAMPLES = 8
"""Layouts of the other two hands over which every discard is valued."""


def likelihood(obs: Knowledge, layout: Layout) -> float:
    """How likely the hidden hands' calls were with the cards of ``layout``, up to a constant: a soft model of
    the heuristic bot's own bidding and whisting policy (1 when the calls fit the hands)."""
    return math.exp(-BETA * implausibility(obs, layout, by_rank=True))


def enumerate_layouts(obs: Knowledge, limit: int = EXACT_LIMIT) -> list[Layout] | None:
    """Every layout of the unseen cards consistent with ``obs`` (hand sizes, known voids and higher cards, a
    seen talon in the declarer's hand or discard), or ``None`` when there are more than ``limit``. Raspasovka
    talon cards still to be turned have an order that matters: ``None`` too (the sampler deals with them)."""
    play = obs.play
    if play is not None and play.rules.talon_leads and len(play.talon_cards) < play.rules.talon_leads:
        return None
    hidden = obs.hidden
    unseen = obs.unseen()
    caps = [obs.counts[h] for h in hidden]
    caps.append(unseen.bit_count() - sum(caps))
    if caps[-1] < 0:  # pragma: no cover - the counts always add up
        return None
    # a quick bound: the multinomial count without the constraints is an upper bound; when it is small the
    # search is small too, and when it is large the constraints rarely bring it under the limit
    free = math.factorial(unseen.bit_count())
    for c in caps:
        free //= math.factorial(c)
    cards = list(cards_of(unseen))
    allowed = []
    for card in cards:
        bit = 1 << card
        if obs.talon & bit:
            mask = 1 << (len(caps) - 1)
            if obs.declarer in hidden:
                mask |= 1 << hidden.index(obs.declarer)
        else:
            mask = (1 << len(caps)) - 1
            for i, h in enumerate(hidden):
                if obs.forbidden[h] & bit:
                    mask &= ~(1 << i)
        allowed.append(mask)
    if free > 50 * limit:
        return None
    out: list[Layout] = []
    slots = [0] * len(caps)
    room = caps.copy()

    def place(i: int) -> bool:
        if i == len(cards):
            hands = [obs.known.get(h, 0) for h in range(obs.n_hands)]
            for k, h in enumerate(hidden):
                hands[h] = slots[k]
            out.append(Layout(tuple(hands), slots[-1], tuple(cards_of(slots[-1]))))
            return len(out) <= limit
        for s in range(len(caps)):
            if allowed[i] >> s & 1 and room[s]:
                room[s] -= 1
                slots[s] |= 1 << cards[i]
                go_on = place(i + 1)
                slots[s] &= ~(1 << cards[i])
                room[s] += 1
                if not go_on:
                    return False
        return True

    return out if place(0) else None


class HardBot(PimcBot):
    """The ``hard`` level: pimc with inference from the calls, exact layouts when few, the solver's discard
    and the calls valued by their settlement (:func:`~preferans.core.ai.calls.choose_call`). Stateless like
    pimc."""

    name = "hard"

    def weighted_layouts(self, obs: Knowledge, merge: bool) -> list[tuple[Layout, Any]]:
        """Exactly every layout when there are at most :data:`EXACT_LIMIT`, weighted by :func:`likelihood`
        (normalised to a mean of 1, likeliest first); otherwise ``samples`` draws, in proportion to their
        likelihood, from a pool of ``tries`` (20) times as many layouts of the constrained uniform sampler
        (sampling-importance-resampling; a layout drawn twice is one entry of weight 2)."""
        exact = enumerate_layouts(obs)
        if exact:
            weights = [likelihood(obs, layout) for layout in exact]
            total = sum(weights)
            scale = len(exact) / total if total > 0 else 1.0
            pairs = sorted(zip(exact, (w * scale for w in weights), strict=True), key=lambda p: -p[1])
            return [(layout, w) for layout, w in pairs]
        rng = self.rng_for(obs)
        n = self.options.samples
        # the pool is as large as the deals plain pimc tries for its soft filter (``tries`` per layout)
        # (at most the node budget's worth of layouts: draw_limit)
        pool = sample_layouts(obs, rng, min(n * max(1, self.options.tries), draw_limit(self.options.nodes)), 1)
        weights = [likelihood(obs, layout) for layout in pool]
        drawn = rng.choices(pool, weights, k=n) if sum(weights) > 0 else pool[:n]
        return weighed_by_count(drawn, merge)

    def choose(self, game: Game, seat: int) -> str:
        legal = game.legal_actions()
        if game.phase is Phase.DISCARD and len(legal) > 1:
            self.last_samples = 0
            choice = self.discard(game, seat, legal) or no_trick.no_trick_discard(self, game, seat, legal, discards)
            if choice is not None:
                return choice
        bit = PHASE_BITS.get(game.phase, 0)
        if bit and len(legal) > 1 and not self.calls_for(game) & bit:
            # a phase whose calls the variant leaves to pimc: plain pimc's, on uniform layouts. The inference
            # models the others by the heuristic's policy, and in the Balkan family it misled the follow and
            # pass of the defence (docs/bots.md, "The calls by family")
            plain = PimcBot(self.options)
            choice = plain.choose(game, seat)
            self.last_samples = plain.last_samples
            return choice
        if bit and len(legal) > 1:
            self.last_samples = 0
            found = choose_call(game, seat, legal, self._layouts, self.call_options(game), self.heuristic)
            if found is not None:
                # too few layouts within the budget: the heuristic's call, and no sample counts
                self.last_samples = 0 if found[1].too_few else found[1].layouts
                return found[0]
        if game.phase is Phase.PLAY and len(legal) > 1 and obs_is_all_pass(game):
            self.last_samples = 0
            card = all_pass.choose_card(self, game, seat)  # max-n, not pimc's paranoid misère
            if card is not None:
                return card
        return super().choose(game, seat)

    def calls_for(self, game: Game) -> int:
        """The calls this bot values by playing them out in ``game``: its ``calls`` option, else none with
        the pure-Python solver, else the variant's ``[bots] hard_calls`` (a family's measured default,
        docs/bots.md), else all of them."""
        if self.options.calls is not None:
            return self.options.calls
        if compiled_search() is None:
            # one play-out solved in pure Python costs most of a second, and the budget of that solver
            # (50 000 nodes) holds too few layouts to value a call: its calls are plain pimc's
            # (docs/bots.md, "Speed")
            return 0
        preset = game.variant.bot_defaults.hard_calls
        return ALL_CALLS if preset is None else preset

    def call_options(self, game: Game) -> PimcOptions:
        """The options of the calls' play-outs in ``game``: ``seen_defence`` from the bot's options, else the
        variant's ``[bots] hard_seen_defence``, else 0 (the heuristic's defence calls)."""
        if self.options.seen_defence is not None:
            return self.options
        return replace(self.options, seen_defence=game.variant.bot_defaults.hard_seen_defence or 0.0)

    def _layouts(self, obs: Knowledge, n: int) -> list[tuple[Layout, Any]]:
        """Up to ``n`` weighted layouts (:meth:`weighted_layouts`), for the calls (core/ai/calls.py)."""
        return HardBot(replace(self.options, samples=min(n, self.options.samples))).weighted_layouts(obs, True)

    # ------------------------------------------------------------ the discard

    def discard(self, game: Game, seat: int, legal: list[str]) -> str | None:
        """The first card of the best of all discards (the cards still to drop, every choice of them, the
        equivalent ones once), by the mean over sampled layouts of the other hands of the declarer's
        double-dummy tricks plus ``make_bonus`` when he makes the bid's level, in the better of two strains
        he could then declare (the bid's, and the one the heuristic counts best for the hand); ``None``
        (the heuristic's discard) for a misère or a bid that is not for tricks."""
        bid = game.contracts[game.deal.bid] if game.deal.bid else None
        if bid is None or bid.goal != "tricks":
            return None
        obs = observe(game, seat)
        hand = obs.known.get(seat, 0)
        drop = game.deal.to_discard
        options = discards(hand, [CARD_INDEX[a] for a in legal], drop)
        if len(options) < 2:
            return None
        # the lowest contract of each strain at the bid's level that outranks the bid (what he may declare)
        declarable: dict[int, ContractSpec] = {}
        for spec in sorted(game.contracts, key=lambda row: row.rank):
            if (spec.goal == "tricks" and spec.biddable and spec.level == bid.level and spec.rank >= bid.rank
                    and spec.trump not in declarable):
                declarable[spec.trump] = spec
        strains = [t for t in dict.fromkeys((bid.trump, best_strain(hand))) if t in declarable] or [bid.trump]
        rules = [game.play_rules_for(declarable.get(t, bid), seat) for t in strains]
        opts = self.options
        budget = Budget(opts.nodes, opts.time)
        small = replace(opts, samples=min(opts.samples, DISCARD_SAMPLES))
        layouts = HardBot(small).weighted_layouts(obs, merge=True)
        sums = [[0.0] * len(strains) for _ in options]
        solved = 0
        for layout, weight in layouts:
            if not budget.allows():
                break
            spent = 0
            row = [[0.0] * len(strains) for _ in options]
            for i, cards in enumerate(options):
                if spent >= budget.nodes:
                    break  # out of nodes within a layout (many discards, a slow solver): the layout is dropped
                hands = list(layout.hands)
                hands[seat] = hand & ~cards
                for j, r in enumerate(rules):
                    value, nodes = solve_value(TrickPlay.start(r, hands, (), obs.n_hands), seat, True)
                    spent += nodes
                    row[i][j] = weight * (value + (opts.make_bonus if value >= bid.level else 0))
            else:
                for i in range(len(options)):
                    for j in range(len(strains)):
                        sums[i][j] += row[i][j]
                solved += 1
            budget.charge(spent)
        if solved < min(opts.min_samples, len(layouts)):
            return None
        self.last_samples = solved
        totals = [max(row) for row in sums]  # he declares the strain that does best with that discard
        heuristic = CARD_INDEX[self.heuristic.choose(game, seat)]
        best = max(totals)
        tied = [options[i] for i, t in enumerate(totals) if t == best]
        pick = next((m for m in tied if m >> heuristic & 1), tied[0])
        first = heuristic if pick >> heuristic & 1 else min(cards_of(pick), key=lambda c: (c & 7, c))
        return CARD_NAMES[first]


def discards(hand: int, legal: list[int], drop: int) -> list[int]:
    """Every set of ``drop`` cards among ``legal`` (as masks), equivalent sets once: two cards of one suit
    of the hand with no card between them outside the hand (every such card is live) are the same card,
    so a set is known by how many it takes from each run of touching cards; the lowest cards of a run
    stand for it."""
    runs: list[list[int]] = []
    for card in sorted(legal):
        prev = runs[-1][-1] if runs else -1
        between = ((1 << card) - 1) & ~((2 << prev) - 1) if prev >= 0 else 0  # cards strictly between
        if runs and prev >> 3 == card >> 3 and not (between & ~hand):
            runs[-1].append(card)
        else:
            runs.append([card])
    out: list[int] = []
    for counts in itertools.product(*[range(len(r) + 1) for r in runs]):
        if sum(counts) != drop:
            continue
        mask = 0
        for run, k in zip(runs, counts, strict=True):
            for c in run[:k]:
                mask |= 1 << c
        out.append(mask)
    return out


# ---------------------------------------------------------------- the registry's factories


def make_level(level: str, game_seed: int, seat: int, options: str = "", where: str = "bots",
               trusted: bool = False) -> Any:
    """The bot of a level (``easy``, ``normal``, ``hard``), seeded like pimc from the game's seed and the
    seat; ``normal`` and ``hard`` take pimc's options (``hard:samples=40``), capped the same way."""
    if level == "easy":
        return HeuristicBot()
    base = NORMAL if level == "normal" else HARD
    values = parse_options(options, where, trusted)
    values.setdefault("seed", game_seed * 1_000_003 + seat)
    chosen = replace(base, **values)
    return PimcBot(chosen) if level == "normal" else HardBot(chosen)


# ---------------------------------------------------------------- hints


Measure = Literal["tricks", "settlement", "choice"]
"""What a hint's figure is: ``tricks`` the tricks the side of the hand to play ends the deal with (the card
play of a game), ``settlement`` the seat's expected settlement change in the variant's unit (a call, a
raspasovka card: more is better), ``choice`` no figure (the hard bot's choice alone)."""


@dataclass(frozen=True)
class Hint:
    """One move of a hint: the ``action`` as typed, its ``value`` (one decimal; ``None`` for a ``choice``)
    and what that value is (``measure``)."""

    action: str
    value: float | None
    measure: Measure


def _tenth(x: float) -> float:
    return round(x, 1) + 0.0  # + 0.0: no -0.0 shown as "-0.0"


def hints(game: Game, seat: int, k: int = 3, bot: HardBot | None = None) -> list[Hint]:
    """The hard bot's view of the decision of ``seat`` now, best first, the first the hard bot's own choice:

    * at a call (auction, declaration, defence, kontra ...) the ``k`` best of the calls it valued, each with
      the mean settlement change for the seat that :func:`~preferans.core.ai.calls.choose_call` computed for
      it (``settlement``);
    * in raspasovka the ``k`` best cards by the max-n search's expected result for the seat
      (:func:`~preferans.core.ai.all_pass.card_values`, ``settlement``);
    * in the card play of a game the ``k`` best cards with the tricks the side of the hand to play expects
      to end the deal with (``tricks``);

    a card of the same suit and worth the same as one shown left out. At any other decision (the discard),
    or when the budget valued too few layouts, the hard bot's choice with no figure (``choice``)."""
    bot = bot or HardBot(replace(HARD, seed=game.seed * 1_000_003 + seat))
    legal = game.legal_actions()
    if len(legal) > 1 and bot.calls_for(game) & PHASE_BITS.get(game.phase, 0):
        found = choose_call(game, seat, legal, bot._layouts, bot.call_options(game), bot.heuristic)
        if found is not None and found[1].too_few:
            return [Hint(found[0], None, "choice")]  # the bot's call (the heuristic's), valued on too few layouts
        if found is not None:
            choice, values = found
            rest = sorted((c for c in values.totals if c != choice), key=lambda c: -values.mean(c))
            return [Hint(c, _tenth(values.mean(c)), "settlement") for c in [choice, *rest][:k]]
    if game.phase is Phase.PLAY and len(legal) > 1 and obs_is_all_pass(game):
        cards = all_pass.card_values(bot, game, seat)
        pick = all_pass.choose_card(bot, game, seat, cards) if cards is not None else None
        if cards is not None and pick is not None:
            first = CARD_INDEX[pick]
            order = [first, *sorted((c for c in cards.totals if c != first), key=lambda c: (-cards.totals[c], c))]
            return _distinct(order, lambda c: cards.totals[c], lambda c: _tenth(cards.mean(c)), "settlement", k)
    if game.phase is Phase.PLAY and len(legal) > 1 and not obs_is_all_pass(game):
        found_cards = bot.card_totals(observe(game, seat))
        play = game.deal.play
        if found_cards is not None and play is not None and found_cards.solved:
            got = found_cards
            declarer = play.rules.declarer
            me = play.to_play
            mine = declarer is None or me == declarer
            total = len(play.completed) + play.hands[me].bit_count()  # the tricks of the deal
            sign = 1 if got.want_high else -1  # the bot's order: the score, then the tricks
            order = sorted(got.tricks, key=lambda c: (-sign * got.score[c], -sign * got.tricks[c], c))

            def tricks(c: int) -> float:
                mean = got.tricks[c] / got.solved
                return round(float(mean if mine else total - mean), 1)

            return _distinct(order, lambda c: (got.score[c], got.tricks[c]), tricks, "tricks", k)
    return [Hint(bot.choose(game, seat), None, "choice")]


def played_out(game: Game, seat: int, k: int = 3, bot: HardBot | None = None) -> list[Hint]:
    """At a call of a phase the hard bot leaves to plain pimc (the variant's ``[bots] hard_calls``: the Austrian
    and Balkan auction and defence, the Russian defence), the ``k`` best calls by the valuation the hard bot
    uses where it plays calls out (:func:`~preferans.core.ai.calls.choose_call` on its weighted layouts: each
    candidate call played out, the mean settlement change of the seat), best first (``settlement``), for a
    hint that shows values where :func:`hints` has only the bot's choice. Empty at any other decision (a
    phase the bot values itself: :func:`hints` shows those values), with the pure-Python solver (a play-out
    costs most of a second there), or when the budget valued too few layouts. It costs one call decision's
    budget of the hard bot, as :func:`hints` does."""
    bot = bot or HardBot(replace(HARD, seed=game.seed * 1_000_003 + seat))
    legal = game.legal_actions()
    bit = PHASE_BITS.get(game.phase, 0)
    if len(legal) < 2 or not bit or bot.calls_for(game) & bit or compiled_search() is None:
        return []
    try:
        found = choose_call(game, seat, legal, bot._layouts, bot.call_options(game), bot.heuristic)
    except RecursionError:
        # a play-out whose seen defence branches without end (a kontra chain with no cap, the Balkan "до
        # бесконечности", every step of it tried): no values, the hint is the bot's choice alone
        return []
    if found is None or found[1].too_few:
        return []
    values = found[1]
    order = sorted(values.totals, key=lambda c: -values.mean(c))  # a tie keeps the order of the legal calls
    return [Hint(c, _tenth(values.mean(c)), "settlement") for c in order[:k]]


def _distinct(order: list[int], worth: Callable[[int], Any], value: Callable[[int], float], measure: Measure,
              k: int) -> list[Hint]:
    """The first ``k`` cards of ``order`` as hints, a card of a suit already shown and of the same ``worth``
    left out (the same choice)."""
    rows: list[Hint] = []
    shown: set[tuple[int, Any]] = set()
    for card in order:
        key = (card >> 3, worth(card))
        if key in shown:
            continue
        shown.add(key)
        rows.append(Hint(CARD_NAMES[card], value(card), measure))
        if len(rows) == k:
            break
    return rows
