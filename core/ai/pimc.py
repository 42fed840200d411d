"""The ``pimc`` bot: perfect-information Monte Carlo over the double-dummy solver.

At a decision the bot takes what its seat may know (:func:`observe`: its own hand and the hands it may see,
the calls, the talon if it was shown or taken by this seat, its own discard, every card played and by whom),
deals the unseen cards at random consistent with that (:func:`sample_layouts`: hand sizes, the voids and
other inferences that the play revealed, and, as a soft filter, what the auction and the defence calls say
about the hands), solves each layout open-handed with :mod:`preferans.core.ai.solver`, and takes the action
with the best mean:

* play: the card with the best mean of the declarer's final tricks (the declarer's side maximises them, the
  defenders minimise them; misère the other way round), counting a made contract ``make_bonus`` tricks more.
  In raspasovka the bot is solved as a "declarer" avoiding tricks against the two others as a coalition
  that pushes tricks on it: a paranoid approximation (at the table each player only avoids his own tricks),
  so there the heuristic's card stands unless the best card saves ``rasp_margin`` tricks;
* defence (whist or pass): whist when the defenders' double-dummy tricks, less ``shortfall`` for each
  trick short of the obligation, beat passing (or half-whisting) on average;
* bidding: the chance of making each trick contract (the talon and the other hands sampled, the two worst
  cards discarded by the heuristic's rule) and the highest contract whose chance clears a threshold.

Everything else (discard, declaration, misère calls, half-whist, open or closed, conceding) and every
decision whose budget runs out before ``min_samples`` layouts were solved goes to
:class:`~preferans.core.ai.bots.HeuristicBot`. The effort is a deterministic budget: ``samples`` layouts and
``nodes`` solver nodes per decision (same seed, same game, same decisions); ``time`` adds an optional wall
clock limit, which makes the bot depend on the machine. See docs/bots.md.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from preferans.core.ai.bots import (
    CORE_DEFEND,
    TALON_BONUS,
    HeuristicBot,
    best_strain,
    defence_estimate,
    defend_calls,
    defender_need,
    estimate,
    half_call,
    no_trick_bid,
    no_trick_risk,
    quota,
    trick_discard,
)
from preferans.core.ai.solver import Solver, compiled_search
from preferans.core.engine.game import Game, Phase
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import CARD_INDEX, CARD_NAMES, FULL_PACK, NO_TRUMP, SUIT_MASK, above, cards_of
from preferans.core.model.contracts import ContractSpec, ContractTable
from preferans.core.model.errors import bad_input
from preferans.core.model.views import PlayRules

__all__ = [
    "CAPS", "DRAW_NODES", "MIN_DRAWS", "Budget", "CardTotals", "Knowledge", "Layout", "PimcBot", "PimcOptions",
    "draw_limit", "observe", "parse_options",
    "layout_slots",
    "sample_layouts",
]


# ---------------------------------------------------------------- options


@dataclass(frozen=True)
class PimcOptions:
    """The bot's budget and thresholds (``pimc:samples=40:nodes=200000`` on the command line)."""

    samples: int = 24
    """Layouts solved per decision at most."""
    nodes: int | None = None
    """Solver nodes per decision; ``None``: :data:`NODES` of the solver backend in use (the compiled search
    counts its nodes faster, so its budget is larger). Deterministic for one backend."""
    time: float | None = None
    """Seconds per decision at most (optional; a time limit makes the choices depend on the machine)."""
    min_samples: int = 3
    """Fewer solved layouts than this and the heuristic bot decides instead."""
    make_bonus: int = 2
    """In play, a layout where the declarer makes his contract counts this many tricks more in his favour:
    the cards are chosen by the mean of this score, then by the mean of tricks (``make_bonus=0``: tricks
    only)."""
    rasp_margin: float = 0.5
    """In raspasovka, keep the heuristic's card unless the best card saves more than this many tricks on
    average (the paranoid model is only a model)."""
    bid_threshold: float = 0.6
    """Bid a contract when the estimated chance of making it is at least this."""
    shortfall: float = 6.0
    """In the whist decision, what a defence trick short of the obligation costs, in defence tricks."""
    defend_margin: float = 1.5
    """Defend (whist) when the mean gain of defending beats passing (or half-whisting) by this many tricks."""
    tries: int = 20
    """Deals tried per layout to find one the auction and defence calls make plausible."""
    seed: int = 0
    """The bot's own seed (the factory derives it from the game's seed and the seat)."""
    calls: int | None = None
    """The ``hard`` level only: which of its calls it values by playing them out (core/ai/calls.py), a sum of
    1 (the auction), 2 (the declaration) and 4 (the defence calls); the others it makes as plain pimc does,
    on uniform layouts (``calls=0``: none, for measuring what the calls are worth). ``None``: what the
    variant's presets say (``[bots] hard_calls``), else all (7). Plain pimc ignores it."""
    seen_defence: float | None = None
    """The ``hard`` level only: in its play-outs of a call, 1 makes each later defence call (follow or pass,
    whist, kontra and its answers) its caller's best on the layout played out, every choice tried; 0 leaves
    them to the heuristic bot. ``None``: what the variant's presets say (``[bots] hard_seen_defence``), else
    0. Plain pimc ignores it."""


NODES = {"python": 50_000, "compiled": 4_000_000}
"""Default solver nodes per decision by backend, for decisions within about a second of one core of the
reference machine (2 vCPU AMD EPYC VM, CPython 3.11.7: about 170 thousand nodes/s in Python, 8 million
compiled; bench/bench_pimc.py measures the decisions)."""


DRAW_NODES = 400
"""A layout dealt for a decision (and measured against the calls: :func:`implausibility`) is charged as this
many solver nodes, about what it costs next to the compiled solver's nodes (20 microseconds): the layouts one
draw of a decision deals are at most its node budget over this (:func:`draw_limit`), so that ``samples`` and
``tries``, each within its cap, cannot multiply into a decision of half a minute (a million layouts)."""

MIN_DRAWS = 2_000
"""The layouts a draw may deal whatever the node budget (the defaults deal 480: 24 samples, 20 tries)."""


def draw_limit(nodes: int | None) -> int:
    """The layouts one draw of a decision may deal with the node budget ``nodes`` (``None``: the backend's):
    ``nodes / DRAW_NODES``, at least :data:`MIN_DRAWS`."""
    budget = default_nodes() if nodes is None else nodes
    return max(MIN_DRAWS, budget // DRAW_NODES)


def default_nodes() -> int:
    """The node budget of the solver backend :mod:`~preferans.core.ai.solver` will use."""
    return NODES["compiled" if compiled_search() is not None else "python"]


_OPTION_TYPES: dict[str, Callable[[str], Any]] = {
    "samples": int, "nodes": int, "time": float, "min_samples": int, "make_bonus": int, "rasp_margin": float,
    "bid_threshold": float,
    "shortfall": float, "defend_margin": float, "tries": int, "seed": int, "calls": int,
    "seen_defence": float,
}


OPTION_ALIASES = {"whist_margin": "defend_margin"}
"""Former option names still accepted, each for the option it became (docs/bots.md, "Options and budget")."""


FRACTIONS = frozenset({"seen_defence"})
"""The options that are a share, from 0 to 1, trusted or not."""


CAPS: dict[str, int | float] = {
    "samples": 1000, "nodes": 20_000_000, "time": 10.0, "min_samples": 1000, "tries": 1000,
}
"""The largest value of each option that sets the bot's effort (docs/bots.md, "Options and budget"): a bot
name from the command line, a save file or a PPN record is untrusted, and ``samples=100000000`` would make a
decision last for ever. 20 million nodes is five times the compiled solver's default (a few seconds of one
core); ``make_bot(..., trusted=True)`` lifts the caps for a program that means it."""


def parse_options(text: str, where: str = "bots", trusted: bool = False) -> dict[str, Any]:
    """``samples=40:time=0.5`` -> ``{"samples": 40, "time": 0.5}``; bad input is :class:`BadInput`. Unless
    ``trusted``, a value above its cap in :data:`CAPS` is bad input too."""
    out: dict[str, Any] = {}
    for item in text.split(":"):
        if not item.strip():
            continue
        key, sep, value = item.partition("=")
        key = key.strip().lower().replace("-", "_")
        key = OPTION_ALIASES.get(key, key)
        if not sep or key not in _OPTION_TYPES:
            raise bad_input("{where}: {bot} option {item}: expected {form} with {key} one of {allowed}", where=where,
                            bot="pimc", item=repr(item), form="KEY=VALUE", key="KEY", allowed=", ".join(_OPTION_TYPES))
        try:
            parsed = _OPTION_TYPES[key](value.strip())
        except ValueError:
            raise bad_input("{where}: {bot} option {key}: {value} is not a number", where=where, bot="pimc", key=key,
                            value=repr(value)) from None
        if parsed != parsed:  # nan compares false with everything, so it would slip through the bounds
            raise bad_input("{where}: {bot} option {key}: {value} is not a number", where=where, bot="pimc", key=key,
                            value=repr(value))
        if parsed < 0 or (key in ("samples", "nodes", "min_samples") and parsed < 1):
            raise bad_input("{where}: {bot} option {key}: {value} must be positive", where=where, bot="pimc", key=key,
                            value=repr(value))
        if key in FRACTIONS and parsed > 1:
            raise bad_input("{where}: {bot} option {key}: {value} must be from 0 to 1", where=where, bot="pimc",
                            key=key, value=value.strip())
        cap = CAPS.get(key)
        if not trusted and cap is not None and parsed > cap:
            shown = f"{cap:g}" if isinstance(cap, float) else str(cap)
            raise bad_input("{where}: {bot} option {key}: {value} is above the cap of {cap} ({doc})",
                            where=where, bot="pimc", key=key, value=value.strip(), cap=shown,
                            doc="docs/bots.md, Options and budget")
        out[key] = parsed
    return out


# ---------------------------------------------------------------- what the seat knows


@dataclass(frozen=True)
class Knowledge:
    """Everything one seat may know at a decision, and nothing else (built from its observation).

    ``known`` maps the hands the seat sees (its own, those it plays, the open ones) to their cards;
    ``counts`` is how many cards each hand holds (public at the table). ``talon`` is the talon if this seat
    saw it (taken by it, or shown); ``discard`` its own discard. ``gone`` is every card played, the talon
    cards turned to lead tricks (raspasovka) included. ``forbidden[h]`` are the cards hand ``h`` cannot
    hold, from what the play revealed (a void in the suit led, in trumps when it neither followed nor
    trumped, no higher card when it had to beat). ``play`` is the trick play with the hidden hands emptied
    and the unturned talon cards left out (``None`` before play).
    """

    seat: int
    phase: Phase
    deal_number: int
    actions_seen: int
    n_hands: int
    active: tuple[int, ...]
    first_hand: int
    calls: tuple[tuple[int, str], ...]
    declarer: int | None
    contract: ContractSpec | None
    defence_calls: tuple[tuple[int, str], ...]
    known: dict[int, int]
    counts: tuple[int, ...]
    talon: int
    talon_taken: bool
    discard: int
    gone: int
    forbidden: tuple[int, ...]
    play: TrickPlay | None
    contracts: ContractTable
    """The variant's contract rows (public: the rules)."""
    defend: tuple[str, ...] = (CORE_DEFEND,)
    """The defence calls that mean "I defend" in the variant (the rules: :func:`..bots.defend_calls`)."""
    need: int = 0
    """Tricks a defender should hold against the contract (:func:`..bots.defender_need`; 0 before one)."""

    @property
    def hidden(self) -> tuple[int, ...]:
        """The hands with cards that this seat cannot see."""
        return tuple(h for h in range(self.n_hands) if h not in self.known and self.counts[h])

    def unseen(self) -> int:
        """Cards whose place this seat does not know exactly (hidden hands, talon or discard)."""
        seen = self.gone | self.discard
        for mask in self.known.values():
            seen |= mask
        # a talon seen as it was taken is in the declarer's hand or his discard: still unplaced
        return FULL_PACK & ~seen


def observe(game: Game, seat: int) -> Knowledge:
    """The :class:`Knowledge` of ``seat`` now, from its observation (``game.observation(seat)``, the engine's
    one rule for what a seat sees): what a player in that chair knows, and nothing more. The game itself
    gives only public structure: the rules of play, the order of the hands and the cards on the table."""
    seen = game.observation(seat)
    known = {h: seen.hand_mask(h) for h in seen.hands}
    talon = _mask(seen.talon) if seen.talon_taken and seen.talon is not None else 0
    counts = tuple(seen.hand_counts[h] for h in range(game.n_hands))
    tp = game.deal.play
    gone = 0
    for trick in seen.tricks:
        gone |= _mask(c for _, c in trick["cards"])
    gone |= _mask(c for _, c in seen.trick)
    forbidden = [0] * game.n_hands
    public: TrickPlay | None = None
    if tp is not None:
        for trick_cards in [t for _, t in tp.completed] + [tuple(tp.trick)]:
            _infer(tp.rules, trick_cards, tp.order, forbidden)  # the cards played: public
        public = tp.copy()
        for h in range(game.n_hands):
            public.hands[h] = known.get(h, 0)
        # the talon cards turned to lead tricks so far (raspasovka); the others stay unknown
        public.talon_cards = tuple(CARD_INDEX[c] for c in seen.talon) if tp.talon_cards and seen.talon else ()
    return Knowledge(
        seat=seat, phase=Phase(seen.phase), deal_number=seen.deal, actions_seen=len(game.history),
        n_hands=game.n_hands, active=tuple(seen.active), first_hand=seen.active[0], calls=tuple(seen.calls),
        declarer=seen.declarer, contract=game.contracts[seen.contract] if seen.contract else None,
        defence_calls=tuple(seen.defence_calls), known=known, counts=counts, talon=talon,
        talon_taken=seen.talon_taken, discard=_mask(seen.discard or ()), gone=gone,
        forbidden=tuple(forbidden), play=public, contracts=game.contracts, defend=defend_calls(game.variant),
        need=defender_need(game, game.contracts[seen.contract].level) if seen.contract else 0,
    )


def _mask(names: Iterable[str]) -> int:
    m = 0
    for name in names:
        m |= 1 << CARD_INDEX[name]
    return m


def _infer(rules: PlayRules, trick: Sequence[tuple[int, int]], order: Sequence[int], forbidden: list[int]) -> None:
    """What the cards of one trick say about the hands that played them (added to ``forbidden``)."""
    trump = rules.trump
    led = -1
    best, best_trump = -1, False
    overtrump = rules.must_beat if rules.must_overtrump is None else rules.must_overtrump
    for h, card in trick:
        suit = card >> 3
        if led < 0:
            led, best, best_trump = suit, card, suit == trump
            continue
        if h in order:  # a hand's card (a talon card only leads)
            if suit != led and rules.must_follow:
                forbidden[h] |= SUIT_MASK[led]
                if trump != NO_TRUMP and rules.must_trump and suit != trump:
                    forbidden[h] |= SUIT_MASK[trump]
                elif (trump != NO_TRUMP and rules.must_trump and suit == trump and overtrump and best_trump
                      and card < best):
                    forbidden[h] |= above(best)  # had to over-trump and could not
            elif (suit == led and rules.must_beat and (not best_trump or best >> 3 == led) and card < best):
                forbidden[h] |= above(best)  # had to head the trick and could not
        if suit == trump and trump != NO_TRUMP:
            if not best_trump or card > best:
                best, best_trump = card, True
        elif suit == led and not best_trump and card > best:
            best = card


# ---------------------------------------------------------------- sampling


@dataclass(frozen=True)
class Layout:
    """One deal of the unseen cards: every hand's cards, and those lying out (talon or discard)."""

    hands: tuple[int, ...]
    rest: int
    rest_order: tuple[int, ...] = ()
    """The cards lying out in a random order (the unturned talon cards lead raspasovka tricks in it)."""


def layout_slots(obs: Knowledge) -> tuple[list[int], list[tuple[int, int]]]:
    """Where the unseen cards may go: the slots' sizes (each hidden hand's count, in the order of
    ``obs.hidden``, then the cards lying out: talon, discard) and each unseen card with the mask of the slots
    it may go to (none it is known not to hold; a seen talon card to the declarer's hand or out)."""
    hidden = obs.hidden
    unseen = obs.unseen()
    caps = [obs.counts[h] for h in hidden]
    caps.append(unseen.bit_count() - sum(caps))  # the last slot: cards lying out (talon, discard)
    if caps[-1] < 0:  # pragma: no cover - the counts always add up
        raise ValueError("more cards in hidden hands than unseen cards")
    rest_slot = len(caps) - 1
    every = (1 << len(caps)) - 1
    eligible: list[tuple[int, int]] = []  # (card, mask of the slots it may go to)
    for card in cards_of(unseen):
        bit = 1 << card
        if obs.talon & bit:
            # a seen talon card that is not in a visible hand: the declarer holds it or discarded it
            allowed = 1 << rest_slot
            if obs.declarer in hidden:
                allowed |= 1 << hidden.index(obs.declarer)
        else:
            allowed = every
            for i, h in enumerate(hidden):
                if obs.forbidden[h] & bit:
                    allowed &= ~(1 << i)
        eligible.append((card, allowed))
    return caps, eligible


def sample_layouts(obs: Knowledge, rng: random.Random, n: int, tries: int = 1,
                   limit: int | None = None) -> list[Layout]:
    """``n`` layouts of the unseen cards, each consistent with ``obs``: every unseen card exactly once, each
    hidden hand with its number of cards and none it is known not to hold, a talon seen in the declarer's
    hand or discard. With ``tries > 1`` each layout is the first of ``tries`` deals that the auction and
    defence calls make plausible (:func:`implausibility`), or the least implausible one. ``limit`` bounds
    the deals made in all (:func:`draw_limit`): fewer tries per layout, and at most ``limit`` layouts."""
    if limit is not None:
        n = min(n, limit)
        tries = max(1, min(tries, limit // max(1, n)))
    hidden = obs.hidden
    caps, eligible = layout_slots(obs)
    # the most constrained cards first, so that the random choices are made where there is room
    eligible.sort(key=lambda e: (e[1].bit_count(), e[0]))
    out: list[Layout] = []
    for _ in range(n):
        best: Layout | None = None
        best_bad = -1.0
        for _ in range(max(1, tries)):
            layout = _deal(obs, rng, eligible, caps, hidden)
            bad = implausibility(obs, layout) if tries > 1 else 0
            if best is None or bad < best_bad:
                best, best_bad = layout, bad
            if bad == 0:
                break
        assert best is not None
        out.append(best)
    return out


def _deal(obs: Knowledge, rng: random.Random, eligible: list[tuple[int, int]], caps: list[int],
          hidden: tuple[int, ...]) -> Layout:
    """Give each unseen card a slot: among those it may go to and that leave the rest placeable (Hall's
    condition on every set of slots), with chances in proportion to the room left (uniform when nothing
    constrains the cards)."""
    room = caps.copy()
    n_slots = len(room)
    # pending[m]: cards still to place whose allowed slots are exactly m
    pending = [0] * (1 << n_slots)
    for _, allowed in eligible:
        pending[allowed] += 1
    slots = [0] * n_slots
    order = list(eligible)
    # shuffle within each group of equally constrained cards
    rng.shuffle(order)
    order.sort(key=lambda e: e[1].bit_count())
    every = (1 << n_slots) - 1
    # cards still to place that some slot refuses; once none is left, every slot with room keeps the rest
    # placeable (they fit anywhere and the room left is exactly their number), and Hall's test is skipped
    constrained = sum(1 for _, allowed in order if allowed != every)
    for card, allowed in order[:constrained]:  # they come first (fewer slots allowed)
        pending[allowed] -= 1
        choices = [s for s in range(n_slots) if allowed >> s & 1 and room[s] > 0]
        if card != order[constrained - 1][0]:  # after the last of them no test is needed
            choices = [s for s in choices if _placeable_after(pending, room, s)]
        if not choices:  # pragma: no cover - Hall's condition held before, so some slot works
            raise ValueError("no consistent layout")
        s = choices[0] if len(choices) == 1 else _pick(rng, choices, [room[s] for s in choices])
        room[s] -= 1
        slots[s] |= 1 << card
    for card, _ in order[constrained:]:
        s = _pick_room(rng, room)
        room[s] -= 1
        slots[s] |= 1 << card
    hands = [obs.known.get(h, 0) for h in range(obs.n_hands)]
    for i, h in enumerate(hidden):
        hands[h] = slots[i]
    rest = slots[-1]
    rest_order = list(cards_of(rest))
    rng.shuffle(rest_order)
    return Layout(tuple(hands), rest, tuple(rest_order))


def _pick(rng: random.Random, choices: list[int], weights: list[int]) -> int:
    """``rng.choices(choices, weights)[0]`` spelled out, the same draw from the same random number (Python's
    own steps: the cumulative weights, ``random() * total``, the first above it), without its set-up."""
    x = rng.random() * (sum(weights) + 0.0)
    i, acc, last = 0, weights[0], len(weights) - 1
    while i < last and acc <= x:
        i += 1
        acc += weights[i]
    return choices[i]


def _pick_room(rng: random.Random, room: list[int]) -> int:
    """A slot for a card that may go anywhere, with chances in proportion to the room left: the draw of
    :func:`_pick` over the slots with room (none drawn when only one has room)."""
    free = [s for s in range(len(room)) if room[s] > 0]
    return free[0] if len(free) == 1 else _pick(rng, free, [room[s] for s in free])


def _placeable_after(pending: list[int], room: list[int], s: int) -> bool:
    """:func:`_placeable` with one card more in slot ``s``."""
    room[s] -= 1
    ok = _placeable(pending, room)
    room[s] += 1
    return ok


def _placeable(pending: list[int], room: list[int]) -> bool:
    """Hall's condition: for every set of slots T, the cards that may only go into T fit into T.

    Called for every card and slot of every layout drawn (the sampler's inner loop), so it visits only the
    kinds of card still pending (usually one to three of the eight) and stops at the first set that fails."""
    held = [(m, c) for m, c in enumerate(pending) if c and m]
    for t in range(1, len(pending)):
        need = 0
        for m, c in held:
            if m & ~t == 0:
                need += c
        if need:
            cap, s, bits = 0, 0, t
            while bits:
                if bits & 1:
                    cap += room[s]
                bits >>= 1
                s += 1
            if need > cap:
                return False
    return True


def implausibility(obs: Knowledge, layout: Layout, by_rank: bool = False) -> float:
    """How far the layout is from what the hidden hands' calls say, in tricks of the heuristic bot's own hand
    evaluation (0: plausible; a soft filter, the others need not bid like it). Counted: a declarer whose
    hand (after the talon) falls more than a trick short of his contract, a bid beyond the bidder's dealt
    strength plus the talon, a pass with a hand good for seven, a misère with high cards, a whist without
    the defender's share and a pass with much more.

    A bid is measured in its own strain (pimc's filter), or with ``by_rank`` (the hard bot's inference) as
    the heuristic bot bids: one step at a time up to the best contract its hand can make, so a bid says the
    hand can make *some* contract that ranks at least as high, in whatever strain (a Sochi 6S is the first
    step of a hand that may be good for 6H; a Balkan 2 or an Austrian 1 names no trump at all)."""
    bad = 0.0
    played: dict[int, int] = {}
    if obs.play is not None:
        for trick in [t for _, t in obs.play.completed] + [tuple(obs.play.trick)]:
            for h, c in trick:
                played[h] = played.get(h, 0) | 1 << c
    contract = obs.contract
    for h in obs.hidden:
        hand = layout.hands[h] | played.get(h, 0)  # the cards it held when it spoke (near enough)
        calls = [c for s, c in obs.calls if s == h]
        specs = [obs.contracts[c] for c in calls if c in obs.contracts]
        bids = [spec for spec in specs if spec.goal == "tricks" and spec.level]
        if h == obs.declarer and obs.talon_taken and contract is not None and contract.goal == "tricks":
            # he declared it holding these cards (the talon in, the discard out)
            bad += max(0.0, contract.level - 1 - estimate(hand, contract.trump))
        elif bids and by_rank:
            top = max(bids, key=lambda spec: spec.rank)
            bad += min((max(0.0, level - 0.5 - TALON_BONUS - estimate(hand, trump))
                        for trump, level in _lowest_at_or_above(obs, top).items()), default=0.0)
        elif bids:
            top = max(bids, key=lambda spec: spec.level)
            bad += max(0.0, top.level - 0.5 - TALON_BONUS - estimate(hand, top.trump))
        elif calls and all(c == "pass" for c in calls) and h != obs.declarer:
            bad += max(0.0, estimate(hand, best_strain(hand)) + TALON_BONUS - 6.5)
        if any(spec.goal == "none" for spec in specs):
            bad += max(0, no_trick_risk(hand) - 1)
        if contract is not None and contract.goal == "tricks" and obs.declarer is not None:
            need = obs.need
            for speaker, call in obs.defence_calls:
                if speaker != h:
                    continue
                mine = defence_estimate(hand, contract.trump)
                if call in obs.defend:
                    bad += max(0.0, need - 1 - mine)
                elif call == "pass":
                    bad += max(0.0, mine - need - 1)
    return bad


def _lowest_at_or_above(obs: Knowledge, bid: ContractSpec) -> dict[int, int]:
    """``{trump: tricks}``: for each strain, the fewest tricks of a trick contract ranking at least ``bid``."""
    out: dict[int, int] = {}
    for spec in obs.contracts:
        if spec.goal == "tricks" and spec.level and spec.rank >= bid.rank:
            out[spec.trump] = min(out.get(spec.trump, spec.level), spec.level)
    return out


# ---------------------------------------------------------------- the solver under a budget


class Budget:
    """Solver nodes (and optionally seconds) left for one decision.

    A solve is never interrupted (the solver, pure Python or compiled, has no hook for that); instead the
    bot starts another layout only while :meth:`allows` says the next one, costed like the dearest so far,
    still fits. The node counts are the solver's own, so the same backend makes the same choices."""

    def __init__(self, nodes: int | None, seconds: float | None) -> None:
        self.nodes = default_nodes() if nodes is None else nodes
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.dearest = 0

    def charge(self, nodes: int) -> None:
        self.nodes -= nodes
        self.dearest = max(self.dearest, nodes)

    def allows(self) -> bool:
        if self.nodes - self.dearest <= 0:
            return False
        return self.deadline is None or time.perf_counter() < self.deadline


def _nodes(solver: Solver) -> int:
    """Nodes a solver searched, its compiled search's included (when the backend has one)."""
    fast = getattr(solver, "fast", None)
    return int(getattr(solver, "nodes", 0)) + int(getattr(fast, "nodes", 0) if fast is not None else 0)


def solve_cards(play: TrickPlay, declarer: int, maximise: bool) -> tuple[dict[int, int], int]:
    """The declarer's final tricks after each legal card (as :func:`~preferans.core.ai.solver.card_values`),
    one solver and its table shared by the cards, and equivalent cards (no live card between them in the
    suit) solved once; with the nodes searched."""
    solver = Solver(play, declarer, maximise)
    live = 0
    for h in play.hands:
        live |= h
    for _, c in play.trick:  # a card on the table separates two cards as much as one in a hand
        live |= 1 << c
    hand = play.hands[play.to_play]
    out: dict[int, int] = {}
    for card in sorted(cards_of(play.legal_mask()), reverse=True):
        up = live & above(card)
        twin = (up & -up).bit_length() - 1 if up and (up & -up) & hand else -1
        if twin in out:
            out[card] = out[twin]
            continue
        child = play.copy()
        child.play(card)
        out[card] = solver.value(child)
    return out, _nodes(solver)


def solve_value(play: TrickPlay, declarer: int, maximise: bool) -> tuple[int, int]:
    """The declarer's final tricks from ``play`` under best play, with the nodes searched."""
    solver = Solver(play, declarer, maximise)
    value = solver.value(play)
    return value, _nodes(solver)


# ---------------------------------------------------------------- the bot


class PimcBot:
    """Perfect-information Monte Carlo (see the module docstring). Stateless: each decision draws from a
    generator seeded by the bot's seed and the public position (deal number and actions so far)."""

    name = "pimc"
    stateful = False

    def __init__(self, options: PimcOptions | None = None) -> None:
        self.options = options or PimcOptions()
        self.heuristic = HeuristicBot()
        self.last_samples = 0
        """Layouts solved for the last decision (0: the heuristic decided), for benchmarks and tests."""

    def rng_for(self, obs: Knowledge) -> random.Random:
        # the seed mixes only public facts, so the same seat in the same position draws the same layouts
        return random.Random(((self.options.seed * 1_000_003 + obs.seat) * 10_007 + obs.deal_number) * 100_003
                             + obs.actions_seen)

    def choose(self, game: Game, seat: int) -> str:
        legal = game.legal_actions()
        self.last_samples = 0
        if len(legal) == 1:
            return legal[0]
        phase = game.phase
        choice: str | None = None
        if phase is Phase.PLAY:
            choice = self.play(game, seat, legal)
        elif phase is Phase.DEFENCE:
            choice = self.defend(game, seat, legal)
        elif phase is Phase.AUCTION:
            choice = self.bid(game, seat, legal)
        return choice if choice is not None else self.heuristic.choose(game, seat)

    # ------------------------------------------------------------ play

    def play(self, game: Game, seat: int, legal: list[str]) -> str | None:
        found = self.card_totals(observe(game, seat))
        if found is None:
            return None
        pick = CARD_INDEX[self.heuristic.choose(game, seat)]
        if obs_is_all_pass(game) and pick in found.tricks:
            # the paranoid model is only a model: keep the heuristic's card unless it costs more than
            # ``rasp_margin`` tricks on average
            best = min(found.tricks.values())
            if found.tricks[pick] - best <= self.options.rasp_margin * found.solved:
                return CARD_NAMES[pick]
        # the card with the best mean of the contract's score (made or not, then tricks); on a tie, the best
        # mean of tricks; on a tie again, the heuristic's table sense
        tied = list(found.tricks)
        for totals in (found.score, found.tricks):
            best = max(totals[c] for c in tied) if found.want_high else min(totals[c] for c in tied)
            tied = [c for c in tied if totals[c] == best]
        if len(tied) == 1:
            return CARD_NAMES[tied[0]]
        return CARD_NAMES[pick if pick in tied else min(tied, key=lambda c: (c & 7, c))]

    def card_totals(self, obs: Knowledge) -> CardTotals | None:
        """The legal cards of the hand to play valued over the sampled layouts (:class:`CardTotals`);
        ``None`` when the budget solved fewer than ``min_samples`` layouts."""
        play = obs.play
        if play is None or obs.contract is None:  # pragma: no cover - play always has both
            return None
        me = play.to_play
        declarer = play.rules.declarer
        if declarer is None:  # raspasovka: the bot avoids tricks against the others as one side
            declarer, maximise = me, False
        else:
            maximise = obs.contract.goal != "none"
        # the side of the hand to play wants the declarer's tricks high or low
        want_high = (me == declarer) == maximise
        opts = self.options
        budget = Budget(opts.nodes, opts.time)
        seen = self.weighted_layouts(obs, merge=True)
        # the score of a layout: the declarer's tricks, plus ``make_bonus`` when the contract is made
        # (misère: when he took no trick); raspasovka has no contract to make
        bonus = opts.make_bonus if play.rules.declarer is not None else 0
        goal = obs.contract.target if maximise else 1
        totals = CardTotals({}, {}, 0, want_high)
        layouts = 0
        for layout, weight in seen:
            if not budget.allows():
                break
            values, nodes = solve_cards(_position(play, layout), declarer, maximise)
            budget.charge(nodes)
            for card, v in values.items():
                made = v >= goal if maximise else v < goal
                totals.tricks[card] = totals.tricks.get(card, 0) + weight * v
                score = v + (bonus if made else 0) if maximise else v - (bonus if made else 0)
                totals.score[card] = totals.score.get(card, 0) + weight * score
            totals.solved += weight
            layouts += 1
        # too few solved, unless every layout was (a weight is a count of draws, about 1 with inference)
        if not layouts or (totals.solved < min(opts.min_samples, opts.samples) and layouts < len(seen)):
            return None
        self.last_samples = round(totals.solved)
        return totals

    def weighted_layouts(self, obs: Knowledge, merge: bool) -> list[tuple[Layout, Any]]:
        """The layouts to solve with their weights, in the order to solve them. Plain pimc: ``samples``
        layouts from :func:`sample_layouts`, each of weight 1 (``merge``: the same layout drawn again is one
        entry counted twice, solved once). The ``hard`` level overrides this with its inference."""
        opts = self.options
        drawn = sample_layouts(obs, self.rng_for(obs), opts.samples, opts.tries, draw_limit(opts.nodes))
        return weighed_by_count(drawn, merge)

    # ------------------------------------------------------------ defence

    def defend(self, game: Game, seat: int, legal: list[str]) -> str | None:
        """Whist or pass by the defenders' double-dummy tricks over the layouts, a trick short of the obligation
        weighing ``shortfall`` tricks; other calls (and half-whist instead of a pass) go to the heuristic."""
        defend = defend_calls(game.variant)
        call = next((c for c in defend if c in legal), None)
        obs = observe(game, seat)
        contract, declarer = obs.contract, obs.declarer
        if call is None or "pass" not in legal or contract is None or declarer is None:
            return None
        if contract.goal != "tricks":
            return None
        rules = game.play_rules_for(contract, declarer)  # the variant's own rules, early stops included
        values = self._deal_values(obs, lambda layout: [(TrickPlay.start(rules, list(layout.hands), (),
                                                                         obs.n_hands), True)], declarer)
        if values is None:
            return None
        need = _obligation(game, contract.level)
        # a whist earns the defence's tricks, and a trick short of the obligation costs ``shortfall`` of them
        # (the whister's responsibility: Sochi writes the price per missing trick in the mountain, worth
        # about 6.7 whists of the price each); passing earns nothing, half-whisting half the obligation
        gain = sum(w * (10 - v[0] - self.options.shortfall * max(0, need - (10 - v[0])))
                   for w, v in values) / sum(w for w, _ in values)
        half = half_call(game.variant)
        floor = need / 2 if half is not None and half in legal else 0.0
        if gain >= floor + self.options.defend_margin:
            return call
        heuristic = self.heuristic.choose(game, seat)
        return heuristic if heuristic not in defend else "pass"

    # ------------------------------------------------------------ auction

    def bid(self, game: Game, seat: int, legal: list[str]) -> str | None:
        """The lowest legal call up to the highest trick contract whose estimated chance of making is at
        least ``bid_threshold``; misère as the heuristic calls it."""
        heuristic = self.heuristic.choose(game, seat)
        if heuristic == no_trick_bid(game.contracts, legal):
            return heuristic
        table = game.contracts
        calls = sorted((table[a] for a in legal if a in table and table[a].goal == "tricks"), key=lambda s: s.rank)
        if not calls:
            return None
        obs = observe(game, seat)
        hand = obs.known[seat]
        order = sorted([0, 1, 2, 3, NO_TRUMP], key=lambda t: -estimate(hand, t))
        strains = order[:2]
        # the variant's play rules of the lowest biddable contract of each strain (trump, must-beat, stops)
        lowest = {t: min((s for s in table if s.goal == "tricks" and s.biddable and s.trump == t),
                         key=lambda s: s.rank, default=None) for t in strains}
        strains = [t for t in strains if lowest[t] is not None]
        if not strains:
            return None
        rules = {t: game.play_rules_for(spec, seat) for t, spec in lowest.items() if spec is not None}

        def positions(layout: Layout) -> list[tuple[TrickPlay, bool]]:
            out = []
            for t in strains:
                full = hand | layout.rest  # the talon taken
                for _ in range(full.bit_count() - 10):
                    full &= ~(1 << trick_discard(full, t))
                hands = list(layout.hands)
                hands[seat] = full
                out.append((TrickPlay.start(rules[t], hands, (), obs.n_hands), True))
            return out

        values = self._deal_values(obs, positions, seat)
        if values is None:
            return None
        target: ContractSpec | None = None
        for spec in table:
            if spec.goal != "tricks" or not spec.biddable or spec.trump not in strains:
                continue
            i = strains.index(spec.trump)
            made = sum(w for w, v in values if v[i] >= spec.level) / sum(w for w, _ in values)
            if made >= self.options.bid_threshold and (target is None or spec.rank > target.rank):
                target = spec
        if target is None:
            return "pass" if "pass" in legal else None
        for spec in calls:  # one step at a time, as the heuristic bids
            if spec.rank <= target.rank:
                return spec.name
        return "pass" if "pass" in legal else None

    def _deal_values(self, obs: Knowledge, positions: Callable[[Layout], list[tuple[TrickPlay, bool]]],
                     declarer: int) -> list[tuple[Any, list[int]]] | None:
        """For each sampled layout, its weight and the declarer's double-dummy tricks in each of its
        ``positions`` (whole deals); ``None`` when the budget solved fewer than ``min_samples`` layouts."""
        opts = self.options
        budget = Budget(opts.nodes, opts.time)
        out: list[tuple[Any, list[int]]] = []
        layouts = self.weighted_layouts(obs, merge=False)
        for layout, weight in layouts:
            if not budget.allows():
                break
            row = []
            spent = 0
            for p, maximise in positions(layout):
                value, nodes = solve_value(p, declarer, maximise)
                row.append(value)
                spent += nodes
            budget.charge(spent)
            out.append((weight, row))
        # too few solved, unless every one of fewer layouts than ``samples`` was (the hard level's exact ones)
        if len(out) < opts.min_samples and (len(out) < len(layouts) or len(layouts) >= opts.samples):
            return None
        self.last_samples = len(out)
        return out


def weighed_by_count(drawn: list[Layout], merge: bool) -> list[tuple[Layout, Any]]:
    """Drawn layouts as (layout, weight) pairs: each of weight 1, or with ``merge`` each distinct layout once,
    weighing the times it was drawn (solved once)."""
    if not merge:
        return [(layout, 1) for layout in drawn]
    seen: dict[Layout, int] = {}
    for layout in drawn:
        seen[layout] = seen.get(layout, 0) + 1
    return list(seen.items())


@dataclass
class CardTotals:
    """Sums over the solved layouts, per legal card: the declarer's final tricks (``tricks``; divided by
    ``solved``, the mean tricks) and the score of the layout (``score``: the tricks, moved by ``make_bonus``
    toward the declarer when he makes his contract). ``want_high``: the hand to play is on the side that
    wants them high (the declarer in a game, the defenders in misère)."""

    tricks: dict[int, Any]
    score: dict[int, Any]
    solved: Any
    """The sum of the weights of the layouts solved (plain pimc: their number, an int; the ``hard`` level
    weighs them by its inference, a float)."""
    want_high: bool


def _position(public: TrickPlay, layout: Layout) -> TrickPlay:
    """The public trick play with the layout's hands and talon filled in."""
    p = public.copy()
    for h, cards in enumerate(layout.hands):
        p.hands[h] = cards
    if p.rules.talon_leads and len(p.talon_cards) < p.rules.talon_leads:
        p.talon_cards = p.talon_cards + layout.rest_order
    return p


def obs_is_all_pass(game: Game) -> bool:
    """Whether the deal is played with no declarer (raspasovka: everybody avoids tricks)."""
    play = game.deal.play
    return play is not None and play.rules.declarer is None


def _obligation(game: Game, level: int) -> int:
    """Tricks the defending pair must take (the variant's quota, :func:`..bots.quota`; else twice a
    defender's rule of thumb)."""
    pair = quota(game, level)
    return pair if pair is not None else 2 * defender_need(game, level)


def make_pimc(game_seed: int, seat: int, options: str = "", where: str = "bots", trusted: bool = False) -> PimcBot:
    """The registry's factory: a pimc bot seeded from the game's seed and the seat, with ``options`` (capped
    by :data:`CAPS` unless ``trusted``)."""
    values = parse_options(options, where, trusted)
    values.setdefault("seed", game_seed * 1_000_003 + seat)
    return PimcBot(PimcOptions(**values))

