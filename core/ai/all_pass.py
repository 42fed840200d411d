"""Raspasovka for the ``hard`` bot: a three-sided (max-n) search over open layouts (docs/bots.md, "Raspasovka").

In raspasovka (everybody passed; each player avoids tricks) there are not two sides. The double-dummy
solver (:mod:`~preferans.core.ai.solver`) can only treat it as a misère of one player against a coalition
of the two others pushing tricks on him, the *paranoid* model pimc uses. Here each player instead plays for
his own result, **max-n** (Luckhardt and Irani 1986): a position's value is a vector, one utility per seat,
and the hand to play picks the card whose vector is best for the seat that plays it (its controller:
a dummy's hand is played by its player).

The utility is what the variant charges: :func:`deal_costs` asks the variant's own settlement, for every
way the tricks may fall, what each seat wins or pays in this deal on the current score sheet (the sheet is
public), so the price of the streak, the amnesty, the pool written for a deal without a trick (Sochi:
a zero-trick deal is worth four tricks) and Rostov's whists are all counted. Because the cost is not linear
in the tricks, a position is the remaining hands, the hand on lead, the trick on the table **and the tricks
won so far**; its value does not depend on how it was reached, so a transposition table at trick starts
holds it.

Full depth from :data:`FULL_TRICKS` tricks to go; earlier the search looks :data:`DEPTH` tricks ahead and
values the position there by :func:`estimate` (each hand's share of the tricks left in proportion to its
cards' exposure); the pure-Python search, slower, looks less far (:data:`PYTHON_DEPTH`). The horizon is a
function of the position only, never of a clock or node count, so for the same horizon the pure-Python
search here and the compiled one (``maxn`` in core/ai/_dds.c) give the same values and the same node
counts (tests/ai/test_raspasovka_search.py).

Ties go to the first card in the move order (cards low to high, each run of equivalent cards once, by its
highest card): the same rule in both searches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

from preferans.core.ai.pimc import Budget, _position, observe
from preferans.core.ai.solver import compiled_search, distinct_cards
from preferans.core.engine.play import NOBODY, TrickPlay
from preferans.core.model.cards import CARD_INDEX, CARD_NAMES, NO_TRUMP, SUIT_MASK
from preferans.core.model.views import DealResult

__all__ = ["DEPTH", "FULL_TRICKS", "NODES", "PYTHON_DEPTH", "CardValues", "Costs", "Problem", "card_values",
           "choose_card", "deal_costs", "estimate", "horizon_for", "maxn_values", "problem_of"]

FULL_TRICKS = 6
"""With at most this many tricks to go the search is exact (to the end of the deal)."""

DEPTH = 3
"""Earlier, the search looks this many tricks ahead and estimates the rest (:func:`estimate`)."""

PYTHON_DEPTH = (5, 1)
"""The pure-Python search's full depth and depth (tricks to go, tricks ahead): about a tenth of the nodes."""

NODES = {"python": 200_000, "compiled": 4_000_000}
"""Max-n nodes per decision by backend: layouts are searched while the next one, costed like the dearest so
far, fits (pimc's :class:`~preferans.core.ai.pimc.Budget`; deterministic). About half a second of one core
at most with either (8 million nodes a second compiled, 0.3 million in Python, on the reference machine)."""

RADIX = 11
"""Tricks of one seat, 0..10: the table of costs is indexed by the holders' tricks in this radix."""

_ABOVE = tuple(SUIT_MASK[c >> 3] & ~((2 << c) - 1) for c in range(32))
_BELOW = tuple(SUIT_MASK[c >> 3] & ((1 << c) - 1) for c in range(32))


@dataclass(frozen=True)
class Costs:
    """Each seat's result of the deal for every way the tricks may fall, as integers (the settlement's
    Fractions times a common denominator, so that comparisons are exact): ``table[i * n_seats + s]`` is
    seat ``s``'s result (higher is better) when the holders' tricks, read in radix 11 with the first holder
    the most significant digit, make ``i``. ``holders`` are the places whose tricks are scored."""

    holders: tuple[int, ...]
    n_seats: int
    table: tuple[int, ...]
    scale: int
    """The common denominator: ``table`` divided by it is the settlement (whists)."""

    def index(self, tricks: Sequence[int]) -> int:
        i = 0
        for h in self.holders:
            i = i * RADIX + tricks[h]
        return i

    def of(self, tricks: Sequence[int], seat: int) -> Fraction:
        """Seat's result in the settlement's unit when the deal ends with ``tricks`` (one entry per place)."""
        return Fraction(self.table[self.index(tricks) * self.n_seats + seat], self.scale)


def deal_costs(game: Any) -> Costs:
    """The :class:`Costs` of the raspasovka being played in ``game``: the variant's settlement of the score
    sheet with this deal posted, for each split of the tricks among the holders (those that add up to at
    least the tricks only the players can take, at most 10). Only public facts go in: the sheet, the dealer,
    the hands in play, the calls."""
    deal = game.deal
    play = deal.play
    rules = play.rules
    holders = list(play.order)
    if rules.talon_contends and rules.talon_owner is not None and rules.talon_owner not in holders:
        holders.append(rules.talon_owner)
    holders.sort()
    n_seats = play.n_seats
    n_tricks_min = 10 - (rules.talon_leads if not rules.talon_contends else 0)  # talon tricks may go to nobody
    before = game.match.settlement().exact
    raw: dict[int, tuple[Fraction, ...]] = {}

    def splits(k: int, left: int) -> Any:
        if k == len(holders) - 1:
            yield (left,)
            return
        for t in range(left + 1):
            for rest in splits(k + 1, left - t):
                yield (t, *rest)

    for total in range(max(0, n_tricks_min), 11):
        for split in splits(0, total):
            tricks = [0] * len(deal.play.tricks_won)
            for h, t in zip(holders, split, strict=True):
                tricks[h] = t
            result = DealResult(kind="all_pass", dealer=deal.dealer, active=deal.active, tricks=tuple(tricks),
                                contract=deal.contract, bid=deal.bid, played=True, index_in_match=deal.number,
                                auction=tuple(deal.calls))
            match = game.match.copy()
            match.post(result)
            after = match.settlement().exact
            idx = 0
            for t in split:
                idx = idx * RADIX + t
            # a hand no player holds (two players' dummy) wins and pays nothing
            raw[idx] = tuple(Fraction(after[s]) - Fraction(before[s]) if s < len(after) else Fraction(0)
                             for s in range(n_seats))
    scale = 1
    for row in raw.values():
        for x in row:
            scale = lcm(scale, x.denominator)
    size = RADIX ** len(holders)
    table = [0] * (size * n_seats)
    for idx, row in raw.items():
        for s, x in enumerate(row):
            table[idx * n_seats + s] = int(x * scale)
    return Costs(tuple(holders), n_seats, tuple(table), scale)


# ---------------------------------------------------------------- the problem, as both searches read it


@dataclass(frozen=True)
class Problem:
    """One open position of a raspasovka for the max-n search, in plain ints (the compiled search reads the
    same fields). ``chooser[h]``: the seat whose utility hand ``h`` plays for (its controller). The trick on
    the table is ``trick`` (hand, card; :data:`~preferans.core.engine.play.TALON` for a talon card that only
    names the suit); ``best_hand`` is :data:`~preferans.core.engine.play.NOBODY` while no hand heads it."""

    hands: tuple[int, ...]
    order: tuple[int, ...]
    next_hand: tuple[int, ...]
    chooser: tuple[int, ...]
    trump: int
    must_follow: bool
    must_trump: bool
    must_beat: bool
    must_overtrump: bool
    talon_cards: tuple[int, ...]
    talon_leads: int
    talon_contends: bool
    talon_owner: int
    after_talon: int
    """Who leads after a talon-led trick (``rules.after_talon_leader``, else ``rules.leader``)."""
    holders: tuple[int, ...]
    table: tuple[int, ...]
    horizon: int
    """The search stops at the start of this trick (0-based) and estimates the rest; 10: to the end."""
    to_play: int
    trick: tuple[tuple[int, int], ...]
    led: int
    best_card: int
    best_hand: int
    best_trump: bool
    trick_full: int
    done: int
    won: tuple[int, ...]


def horizon_for(done: int, compiled: bool = True) -> int:
    """The trick at whose start the search stops: the end with :data:`FULL_TRICKS` to go, else
    :data:`DEPTH` tricks on (the next trick counts when the root is mid-trick). The pure-Python search,
    some 30 times slower, looks less far (:data:`PYTHON_DEPTH`): its values are the compiled search's for
    the same horizon, its choices those of a shallower search."""
    full, depth = (FULL_TRICKS, DEPTH) if compiled else PYTHON_DEPTH
    if 10 - done <= full:
        return 10
    return min(10, done + 1 + depth)


def problem_of(play: TrickPlay, costs: Costs, horizon: int | None = None, compiled: bool = True) -> Problem:
    """The :class:`Problem` of an open :class:`TrickPlay` (every hand filled in, the talon's order too);
    ``horizon`` ``None``: :func:`horizon_for` the backend (``compiled`` or not)."""
    rules = play.rules
    chooser = list(range(play.n_seats))
    for hand, seat in rules.controllers:
        chooser[hand] = seat
    overtrump = rules.must_beat if rules.must_overtrump is None else rules.must_overtrump
    after = rules.after_talon_leader if rules.after_talon_leader is not None else rules.leader
    return Problem(
        hands=tuple(play.hands), order=play.order, next_hand=play.next_hand, chooser=tuple(chooser),
        trump=rules.trump, must_follow=rules.must_follow, must_trump=rules.must_trump and rules.trump != NO_TRUMP,
        must_beat=rules.must_beat, must_overtrump=overtrump, talon_cards=tuple(play.talon_cards),
        talon_leads=rules.talon_leads, talon_contends=rules.talon_contends,
        talon_owner=rules.talon_owner if rules.talon_owner is not None else NOBODY, after_talon=after,
        holders=costs.holders, table=costs.table,
        horizon=horizon_for(play.tricks_done, compiled) if horizon is None else horizon, to_play=play.to_play,
        trick=tuple(play.trick), led=play.led_suit, best_card=play.best_card, best_hand=play.best_hand,
        best_trump=play.best_is_trump, trick_full=play.trick_full, done=play.tricks_done, won=tuple(play.tricks_won),
    )


def estimate(hands: Sequence[int], order: Sequence[int], done: int) -> list[int]:
    """The tricks still to come, shared among the hands in play at a trick start where the search stops: in
    proportion to each hand's exposure (for every card, the other hands' cards of its suit below it: a
    high card with low cards out against it takes tricks), by largest remainders (ties to the earlier hand
    in ``order``); evenly when nobody is exposed. Integer arithmetic, the same in the compiled search."""
    rem = 10 - done
    n = len(order)
    weights = []
    for h in order:
        others = 0
        for o in order:
            if o != h:
                others |= hands[o]
        w = 0
        m = hands[h]
        while m:
            low = m & -m
            m ^= low
            w += (others & _BELOW[low.bit_length() - 1]).bit_count()
        weights.append(w)
    total = sum(weights)
    if total == 0:
        weights = [1] * n
        total = n
    share = [rem * w // total for w in weights]
    left = rem - sum(share)
    fracs = [rem * w % total for w in weights]
    for i in sorted(range(n), key=lambda i: (-fracs[i], i))[:left]:
        share[i] += 1
    out = [0] * len(hands)
    for i, h in enumerate(order):
        out[h] = share[i]
    return out


# ---------------------------------------------------------------- the pure-Python search


class _MaxN:
    """The max-n search of one :class:`Problem` (the reference the compiled ``maxn`` follows step by step)."""

    def __init__(self, p: Problem) -> None:
        self.p = p
        self.hands = list(p.hands)
        self.won = list(p.won)
        self.n_seats = len(p.hands)
        self.table: dict[tuple[Any, ...], tuple[int, ...]] = {}
        self.nodes = 0

    def leaf(self) -> tuple[int, ...]:
        p = self.p
        i = 0
        for h in p.holders:
            i = i * RADIX + self.won[h]
        base = i * self.n_seats
        return p.table[base:base + self.n_seats]

    def legal(self, seat: int, led: int, best_card: int, best_trump: bool) -> int:
        p = self.p
        hand = self.hands[seat]
        if led < 0:
            return hand
        follow = hand & SUIT_MASK[led] if p.must_follow else 0
        if follow:
            if p.must_beat and best_card >= 0 and (not best_trump or best_card >> 3 == led):
                higher = follow & _ABOVE[best_card]
                if higher:
                    return higher
            return follow
        if p.must_trump:
            trumps = hand & SUIT_MASK[p.trump]
            if trumps:
                if p.must_overtrump and best_trump:
                    higher = trumps & _ABOVE[best_card]
                    if higher:
                        return higher
                return trumps
        return hand

    def moves(self, seat: int, legal: int, table_cards: int) -> list[int]:
        """The legal cards, low to high, a run of equivalent cards once (by its highest card)."""
        live = table_cards
        for h in self.p.order:
            live |= self.hands[h]
        return distinct_cards(legal, self.hands[seat], live)

    def start(self, leader: int, done: int) -> tuple[int, ...]:
        """The value at the start of trick ``done`` with ``leader`` to lead (a talon card first, if it leads)."""
        p = self.p
        if done >= 10:
            return self.leaf()
        if done >= p.horizon:
            share = estimate(self.hands, p.order, done)
            saved = self.won.copy()
            for h in p.order:
                self.won[h] += share[h]
            v = self.leaf()
            self.won = saved
            return v
        key = (tuple(self.hands[h] for h in p.order), leader, tuple(self.won[h] for h in p.holders), done)
        hit = self.table.get(key)
        if hit is not None:
            return hit
        full = len(p.order)
        if done < p.talon_leads and done < len(p.talon_cards):
            card = p.talon_cards[done]
            full += 1
            if p.talon_contends:
                v = self.node(p.after_talon, card >> 3, card, p.talon_owner, False, 1, full,
                              1 << card, done)
            else:
                v = self.node(p.after_talon, card >> 3, -1, NOBODY, False, 1, full, 1 << card, done)
        else:
            v = self.node(leader, -1, -1, NOBODY, False, 0, full, 0, done)
        self.table[key] = v
        return v

    def node(self, seat: int, led: int, best_card: int, best_hand: int, best_trump: bool, n_in: int, full: int,
             table_cards: int, done: int) -> tuple[int, ...]:
        self.nodes += 1
        p = self.p
        chooser = p.chooser[seat]
        hand = self.hands[seat]
        best: tuple[int, ...] | None = None
        for card in self.moves(seat, self.legal(seat, led, best_card, best_trump), table_cards):
            v = self.after(seat, card, led, best_card, best_hand, best_trump, n_in, full, table_cards, done)
            self.hands[seat] = hand
            if best is None or v[chooser] > best[chooser]:
                best = v
        assert best is not None
        return best

    def after(self, seat: int, card: int, led: int, best_card: int, best_hand: int, best_trump: bool, n_in: int,
              full: int, table_cards: int, done: int) -> tuple[int, ...]:
        """The value after ``seat`` plays ``card`` (the hand is restored by the caller)."""
        p = self.p
        self.hands[seat] ^= 1 << card
        suit = card >> 3
        if led < 0:
            led, best_card, best_hand, best_trump = suit, card, seat, suit == p.trump
        elif suit == p.trump:
            if not best_trump or card > best_card:
                best_card, best_hand, best_trump = card, seat, True
        elif suit == led and not best_trump and card > best_card:
            best_card, best_hand = card, seat
        if n_in + 1 < full:
            return self.node(p.next_hand[seat], led, best_card, best_hand, best_trump, n_in + 1, full,
                             table_cards | 1 << card, done)
        talon_led = done < p.talon_leads and done < len(p.talon_cards)
        if best_hand != NOBODY:
            self.won[best_hand] += 1
        v = self.start(p.after_talon if talon_led else best_hand, done + 1)
        if best_hand != NOBODY:
            self.won[best_hand] -= 1
        return v

    def root(self) -> list[tuple[int, tuple[int, ...]]]:
        """Each move of the hand to play (one card of a run) with its value."""
        p = self.p
        self.nodes += 1
        table_cards = 0
        for _, c in p.trick:
            table_cards |= 1 << c
        seat = p.to_play
        hand = self.hands[seat]
        out = []
        for card in self.moves(seat, self.legal(seat, p.led, p.best_card, p.best_trump), table_cards):
            v = self.after(seat, card, p.led, p.best_card, p.best_hand, p.best_trump, len(p.trick), p.trick_full,
                           table_cards, p.done)
            self.hands[seat] = hand
            out.append((card, v))
        return out


def _python_maxn(p: Problem) -> tuple[list[tuple[int, tuple[int, ...]]], int]:
    search = _MaxN(p)
    return search.root(), search.nodes


def _compiled_maxn() -> Any:
    search = compiled_search()
    if search is None:
        return None
    from preferans.core.ai import _dds  # built: compiled_search found it

    return getattr(_dds, "maxn", None)


def maxn_values(play: TrickPlay, costs: Costs, horizon: int | None = None,
                backend: str | None = None) -> tuple[dict[int, tuple[int, ...]], int]:
    """Every legal card of the hand to play in the open position ``play`` with the value vector after it
    (one result per seat, in :class:`Costs` units; equivalent cards share one search), and the nodes
    searched. ``backend``: ``"python"`` forces the pure-Python search, otherwise the compiled one is used
    when it is built (for the same ``horizon``, the same values and node counts; ``None``: the backend's
    :func:`horizon_for`)."""
    fast = None if backend == "python" else _compiled_maxn()
    p = problem_of(play, costs, horizon, fast is not None)
    found, nodes = fast(p) if fast is not None else _python_maxn(p)
    values = dict(found)
    # a card of a run not searched takes the value of the run's card (the next live card above it)
    live = 0
    for h in play.hands:
        live |= h
    for _, c in play.trick:
        if c >= 0:
            live |= 1 << c
    legal = play.legal_mask()
    out: dict[int, tuple[int, ...]] = {}
    for card in sorted(_cards(legal), reverse=True):
        if card in values:
            out[card] = tuple(values[card])
            continue
        up = live & _ABOVE[card]
        out[card] = out[(up & -up).bit_length() - 1]
    return out, nodes


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out



# ---------------------------------------------------------------- the hard bot's card


@dataclass(frozen=True)
class CardValues:
    """The hard bot's raspasovka values of the legal cards: ``totals[card]`` the sum over the layouts
    searched of weight times the seat's result (in :class:`Costs` units, ``scale`` to a settlement unit),
    ``weight`` the layouts' total weight, ``searched`` how many were searched."""

    totals: dict[int, float]
    weight: float
    searched: int
    scale: int

    def mean(self, card: int) -> float:
        """The seat's expected result of the deal after ``card``, in the settlement's unit (whists)."""
        return self.totals[card] / self.weight / self.scale if self.weight else 0.0


def card_values(bot: Any, game: Any, seat: int) -> CardValues | None:
    """Every legal card valued by the max-n search over the hard bot's weighted layouts (its inference,
    ``bot.weighted_layouts``): the seat's expected result; ``None`` when the budget searched fewer than
    ``min_samples`` layouts."""
    obs = observe(game, seat)
    if obs.play is None:  # pragma: no cover - only called in play
        return None
    costs = deal_costs(game)
    opts = bot.options
    nodes = opts.nodes if opts.nodes is not None else NODES["compiled" if _compiled_maxn() is not None else "python"]
    budget = Budget(nodes, opts.time)
    me = seat
    for hand, player in obs.play.rules.controllers:
        if hand == obs.play.to_play:
            me = player
    totals: dict[int, float] = {}
    layouts = bot.weighted_layouts(obs, merge=True)
    searched = 0
    weight_sum = 0.0
    for layout, weight in layouts:
        if not budget.allows():
            break
        values, spent = maxn_values(_position(obs.play, layout), costs)
        budget.charge(spent)
        for card, vec in values.items():
            totals[card] = totals.get(card, 0.0) + weight * vec[me]
        searched += 1
        weight_sum += float(weight)
    if not searched or (searched < min(opts.min_samples, len(layouts))):
        return None
    return CardValues(totals, weight_sum, searched, costs.scale)


def choose_card(bot: Any, game: Any, seat: int, found: CardValues | None = None) -> str | None:
    """The hard bot's card in raspasovka: the card of :func:`card_values` (``found``, when the caller has
    them) with the best expected result for ``seat`` (ties: the heuristic's card, else the lowest); ``None``
    (the caller's own play) when the budget searched fewer than ``min_samples`` layouts."""
    if found is None:
        found = card_values(bot, game, seat)
    if found is None:
        return None
    totals = found.totals
    bot.last_samples = found.searched
    best = max(totals.values())
    tied = sorted(c for c, t in totals.items() if t == best)
    names = game.legal_actions()
    pick = bot.heuristic.choose(game, seat)
    if pick in names and CARD_INDEX[pick] in tied:
        return str(pick)
    return CARD_NAMES[tied[0]]
