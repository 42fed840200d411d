"""Bots: players that let a whole pulka run without a human.

A bot answers ``choose(game, seat)`` with one of ``game.legal_actions()``. It may only use what that
seat knows at a real table, and reads every card it knows from the seat's observation
(``game.seen_cards(seat)``, the card part of ``game.observation(seat)`` as masks): its own hand, the
hands it may see, its own discard. From the game it takes
only what is public: the rules, the contract, the calls and the cards played so far (``game.deal.play``).
It never looks at other hidden hands.

* :class:`RandomBot` picks uniformly among the legal actions with its own ``random.Random``.
* :class:`HeuristicBot` plays like a careful beginner: it counts sure tricks to bid, whists by the
  rule of thumb, draws trumps, wins cheaply and ducks in misère and raspasovka. It is deterministic.
  Smarter bots (search, learning) come later and plug into the same protocol.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

from preferans.core.engine.game import Game, Phase
from preferans.core.engine.play import TrickPlay
from preferans.core.engine.player import Bot
from preferans.core.model.cards import CARD_NAMES, FULL_PACK, NO_TRUMP, SUIT_MASK, above, cards_of
from preferans.core.model.contracts import ContractSpec, ContractTable
from preferans.core.rules.config import Variant

ACE, KING, QUEEN = 7, 6, 5
"""Rank indices (7 8 9 10 J Q K A are 0..7)."""

TALON_BONUS = 2.0
"""Tricks the bidder counts on beyond his sure tricks: the two talon cards and the long-suit and
ruffing tricks the count leaves out. Tuned so that the heuristic bots pass into raspasovka about as often as
the hard bot does on the same deals (docs/bots.md, "How often the bots bid"): at 1.5 they passed a hand the
hard bot plays in twice as many deals. The hard bot's inference reads the others' calls with the same count."""

RAISE_MARGIN = 1.0
"""Spare tricks the declarer wants before he declares more than he bid."""

_CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}

CORE_DEFEND = "defend"
"""The core's own defence call (``core/rules/defaults.py``), for a variant whose presets name none."""


# ---------------------------------------------------------------- random


class RandomBot:
    """Uniform over the legal actions. Its generator is its own; the global RNG is never touched."""

    name = "random"
    stateful = True
    """Its choices depend on what it chose before (the generator's state), see :func:`resync`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game, seat: int) -> str:
        return self.rng.choice(game.legal_actions())


# ---------------------------------------------------------------- hand evaluation


_RANKS_OF_BYTE = tuple(tuple(r for r in range(7, -1, -1) if m >> r & 1) for m in range(256))


def ranks(hand: int, suit: int) -> tuple[int, ...]:
    """Ranks (0 = seven ... 7 = ace) of ``hand`` in ``suit``, highest first."""
    return _RANKS_OF_BYTE[(hand >> (8 * suit)) & 0xFF]


def side_tricks(r: tuple[int, ...]) -> float:
    """Sure tricks of a plain suit in a trump contract: the ace, a king behind it or guarded, AKQ."""
    n = len(r)
    t = 0.0
    if ACE in r:
        t += 1
    if KING in r:
        t += 1 if ACE in r else (0.5 if n >= 2 else 0)
    if QUEEN in r and ACE in r and KING in r:
        t += 0.5  # the third round may be ruffed
    return t


def trump_tricks(r: tuple[int, ...]) -> float:
    """Tricks of the trump suit: top honours plus every trump beyond the third."""
    n = len(r)
    t = 0.0
    if ACE in r:
        t += 1
    if KING in r:
        t += 1 if (ACE in r or n >= 3) else (0.5 if n >= 2 else 0)
    if QUEEN in r:
        t += 1 if (ACE in r and KING in r) else (0.5 if n >= 3 else 0)
    t += max(0, n - 3)
    return min(float(n), t)


def notrump_tricks(r: tuple[int, ...]) -> float | None:
    """Tricks of one suit in no-trump, or ``None`` when the suit is not stopped (no NT then)."""
    n = len(r)
    if not (ACE in r or (KING in r and n >= 2) or (QUEEN in r and n >= 3)):
        return None
    top = 0
    while top < n and r[top] == ACE - top:
        top += 1  # the solid run from the ace: A, AK, AKQ ...
    if top >= 3:
        return float(max(top, n))  # AKQ draws the rest: every card of a long suit wins
    if top == 2:
        return 2.0 + max(0, n - 4)
    return float(top) if top else 0.5


_SIDE_OF_BYTE = tuple(side_tricks(r) for r in _RANKS_OF_BYTE)
_TRUMP_OF_BYTE = tuple(trump_tricks(r) for r in _RANKS_OF_BYTE)
_NOTRUMP_OF_BYTE = tuple(notrump_tricks(r) for r in _RANKS_OF_BYTE)
# the estimates are asked for every hidden hand of every layout the bots draw: one look-up per suit


def estimate(hand: int, trump: int) -> float:
    """Tricks the hand expects to take as declarer with ``trump`` (``NO_TRUMP`` for no-trump): per suit,
    :func:`notrump_tricks` (an unstopped suit: no tricks at all), :func:`trump_tricks` or :func:`side_tricks`."""
    total = 0.0
    for s in range(4):
        suit = (hand >> (8 * s)) & 0xFF
        if trump == NO_TRUMP:
            t = _NOTRUMP_OF_BYTE[suit]
            if t is None:
                return 0.0
            total += t
        elif s == trump:
            total += _TRUMP_OF_BYTE[suit]
        else:
            total += _SIDE_OF_BYTE[suit]
    return total


def _defence_tricks(r: tuple[int, ...], trump: bool) -> float:
    """A defender's tricks in one suit, of trumps (``trump``) or a plain suit."""
    n = len(r)
    if trump:
        return (ACE in r) + (1 if KING in r and n >= 2 else 0) + (0.5 if QUEEN in r and n >= 3 else 0) + (
            0.5 if n >= 4 else 0)
    return (ACE in r) + (0.5 if KING in r and n >= 2 else 0) + (0.5 if KING in r and ACE in r else 0)


_DEFENCE_OF_BYTE = (tuple(_defence_tricks(r, False) for r in _RANKS_OF_BYTE),
                    tuple(_defence_tricks(r, True) for r in _RANKS_OF_BYTE))


def defence_estimate(hand: int, trump: int) -> float:
    """Tricks a defender expects against a declarer who plays ``trump``."""
    total = 0.0
    for s in range(4):
        total += _DEFENCE_OF_BYTE[s == trump][(hand >> (8 * s)) & 0xFF]
    return total


def no_trick_risk(hand: int) -> int:
    """How many cards break the 7-9-J-K ladder: the i-th lowest card of a suit may rank at most 2*i.

    A suit like 7, 9, J, K can always duck (each card has a lower partner below every card the others
    may lead); a hand with risk 0 is a misère hand.
    """
    risk = 0
    for s in range(4):
        for i, rank in enumerate(reversed(ranks(hand, s))):
            if rank > 2 * i:
                risk += 1
    return risk


def best_contract(hand: int, rows: Iterable[ContractSpec], bonus: float) -> ContractSpec | None:
    """The highest trick contract the hand expects to make (``bonus`` added tricks), or ``None``."""
    cache: dict[int, float] = {}
    best: ContractSpec | None = None
    for spec in rows:
        if spec.goal != "tricks" or not spec.biddable:
            continue
        if spec.trump not in cache:
            cache[spec.trump] = estimate(hand, spec.trump)
        if cache[spec.trump] + bonus >= spec.level and (best is None or spec.rank > best.rank):
            best = spec
    return best


def no_trick_bid(table: ContractTable, legal: Iterable[str]) -> str | None:
    """The legal auction call, if any, that bids to take no trick as the first bid of the auction (the
    Russian binding misère): the only no-trick contract the heuristic bot calls. A Balkan betl or an
    Austrian Bettel is named otherwise (a number, or not as a first bid), and the bot does not call it."""
    for call in legal:
        spec = table.get(call)
        if spec is not None and spec.goal == "none" and spec.biddable and spec.first_bid_only:
            return call
    return None


def best_strain(hand: int) -> int:
    """The trump (or ``NO_TRUMP``) under which the hand takes the most tricks; the longer suit on a tie."""
    strains = [0, 1, 2, 3, NO_TRUMP]
    return max(strains, key=lambda t: (estimate(hand, t), (hand & SUIT_MASK[t]).bit_count() if t >= 0 else 0))


def defend_calls(variant: Variant) -> tuple[str, ...]:
    """The defence calls that mean "I defend" in ``variant``: its presets' ``[bots] defend`` (a family's word),
    else the core's ``defend``."""
    return tuple(variant.bot_defaults.defend or (CORE_DEFEND,))


def half_call(variant: Variant) -> str | None:
    """The defence call that defends for half without playing (``[bots] half_defend``), if the variant has one."""
    return variant.bot_defaults.half_defend


def quota(game: Game, level: int) -> int | None:
    """Tricks the defenders together must take against a contract of ``level``: the table at the dotted
    ``[rules]`` key the presets name in ``[bots] quota``, or ``None`` when they name none (or it has no
    entry for the level)."""
    key = game.variant.bot_defaults.quota
    if key is None:
        return None
    table: object = game.rules
    for part in key.split("."):
        table = getattr(table, part, None)
    if isinstance(table, dict) and level in table:
        return int(table[level])
    return None


def defender_need(game: Game, level: int) -> int:
    """Tricks a defender should hold to defend: his half of the defence's :func:`quota`, rounded up (4 -> 2,
    2 -> 1); without a quota the bots' rule of thumb, 2 against the lowest level of the variant's trick
    contracts and 1 above it."""
    pair = quota(game, level)
    if pair is not None:
        return math.ceil(pair / 2)
    lowest = min((s.level for s in game.contracts if s.goal == "tricks"), default=level)
    return 2 if level <= lowest else 1


def _rank_key(card: int) -> tuple[int, int]:
    return card & 7, card


# ---------------------------------------------------------------- heuristic


class HeuristicBot:
    """Rule-of-thumb play: count sure tricks, whist on half the obligation, win cheaply, duck when
    tricks hurt. Deterministic: the same situation always gets the same answer."""

    name = "heuristic"
    stateful = False
    no_trick_breaks = 0
    """Ladder breaks (:func:`no_trick_risk`) a hand may have for the bot to call misère: 0, only a hand that
    cannot be caught (the arena's misère deal set asks a bolder bidder, :mod:`..tools.deal_sets`)."""

    def choose(self, game: Game, seat: int) -> str:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = game.phase
        if phase is Phase.AUCTION:
            return self.bid(game, seat, legal)
        if phase is Phase.DISCARD:
            return self.discard(game, seat, legal)
        if phase is Phase.DECLARE:
            return self.declare(game, seat, legal)
        if phase is Phase.DEFENCE:
            return self.defend(game, seat, legal)
        if phase is Phase.PLAY:
            return self.play(game, seat, legal)
        return legal[0]  # pragma: no cover - no other phase asks for an action

    # ------------------------------------------------------------ auction, talon, declaration

    def bid(self, game: Game, seat: int, legal: list[str]) -> str:
        hand = own_hand(game, seat)
        table = game.contracts
        nil = no_trick_bid(table, legal)
        if nil is not None and no_trick_risk(hand) <= self.no_trick_breaks:
            return nil
        target = best_contract(hand, table, TALON_BONUS)
        # "pass" when it may (after a Balkan igra the others must name an igra or pass is not offered)
        fallback = "pass" if "pass" in legal else legal[0]
        if target is None:
            return fallback
        # bid one step at a time: the lowest legal call not above what the hand can make
        calls = sorted((table[a] for a in legal if a in table), key=lambda s: s.rank)
        for spec in calls:
            if spec.goal == "tricks" and spec.rank <= target.rank:
                return spec.name
        return fallback

    def discard(self, game: Game, seat: int, legal: list[str]) -> str:
        hand = own_hand(game, seat)
        bid = game.contracts[game.deal.bid] if game.deal.bid else None
        if bid is not None and bid.goal == "none":
            # misère: drop the card whose loss leaves the fewest ladder breaks, the highest on a tie
            options = [_CARD_INDEX[a] for a in legal]
            card = min(options, key=lambda c: (no_trick_risk(hand & ~(1 << c)), -(c & 7), -c))
            return CARD_NAMES[card]
        trump = best_strain(hand)
        return CARD_NAMES[trick_discard(hand, trump)]

    def declare(self, game: Game, seat: int, legal: list[str]) -> str:
        hand = own_hand(game, seat)
        specs = [game.contracts[a] for a in legal if a in game.contracts]
        bid = game.contracts[game.deal.bid] if game.deal.bid else None
        cache: dict[int, float] = {}

        def spare(spec: ContractSpec) -> float:
            if spec.trump not in cache:
                cache[spec.trump] = estimate(hand, spec.trump)
            return cache[spec.trump] - spec.level

        tricks = [s for s in specs if s.goal == "tricks"]
        if not tricks:
            return legal[0]
        bid_level = bid.level if bid is not None else 0
        # the bid's level when the hand makes it; a higher level only with spare tricks to go
        safe = [s for s in tricks if spare(s) >= (RAISE_MARGIN if s.level > bid_level else 0)]
        if safe:
            choice = max(safe, key=lambda s: (s.level, spare(s), -s.rank))
        else:
            choice = max(tricks, key=lambda s: (spare(s), -s.rank))
        return choice.name

    def defend(self, game: Game, seat: int, legal: list[str]) -> str:
        contract = game.deal.contract
        if contract is None:  # pragma: no cover - the engine always has a contract here
            return legal[0]
        tricks = defence_estimate(own_hand(game, seat), contract.trump)
        variant = game.variant
        need = defender_need(game, contract.level)
        for call in defend_calls(variant):
            if call in legal and tricks >= need:
                return call
        half = half_call(variant)
        if half is not None and half in legal and tricks >= max(1, need - 1):
            return half
        return "pass" if "pass" in legal else legal[0]

    # ------------------------------------------------------------ card play

    def play(self, game: Game, seat: int, legal: list[str]) -> str:
        deal = game.deal
        tp = deal.play
        contract = deal.contract
        assert tp is not None and contract is not None
        return CARD_NAMES[_Table(game, seat, tp, contract, [_CARD_INDEX[a] for a in legal]).choose()]


def trick_discard(hand: int, trump: int) -> int:
    """The card to discard for a trick contract: the lowest card of the shortest plain suit, keeping
    aces and guarded kings (and every trump)."""
    candidates: list[tuple[int, int, int]] = []
    plain: list[tuple[int, int, int]] = []
    for c in cards_of(hand):
        s, r = c >> 3, c & 7
        if s == trump:
            continue
        n = (hand & SUIT_MASK[s]).bit_count()
        plain.append((n, r, c))
        if r == ACE or (r == KING and n >= 2):
            continue
        candidates.append((n, r, c))
    pool = candidates or plain or [(0, c & 7, c) for c in cards_of(hand)]
    return min(pool)[2]


class _Table:
    """One card-play decision: what the seat knows about the trick, the sides and the unseen cards."""

    def __init__(self, game: Game, seat: int, tp: TrickPlay, contract: ContractSpec,
                 cards: list[int]) -> None:
        self.tp = tp
        self.contract = contract
        self.cards = cards
        self.me = tp.to_play
        self.trump = tp.rules.trump
        self.declarer = tp.rules.declarer
        seen = game.seen_cards(seat)
        visible = seen.hands
        self.hand = visible[self.me]
        # cards that are gone: played by hands, and the talon cards that led tricks (raspasovka)
        gone = tp.played
        for _, c in tp.trick:
            gone |= 1 << c
        for _, trick in tp.completed[: tp.rules.talon_leads]:
            for _, c in trick:
                gone |= 1 << c
        ours = 0
        for h, cards_mask in visible.items():
            if self.same_side(h):
                ours |= cards_mask
        ours |= seen.discard  # the declarer remembers what he discarded
        self.threats = FULL_PACK & ~gone & ~ours
        """Cards an opponent may still hold (known open cards of opponents included)."""
        contenders = [h for h, _ in tp.trick if h in tp.order]
        self.leading = tp.led_suit < 0
        start = tp.order.index(self.me)
        still = len(tp.order) - len(contenders)  # hands yet to play, me included
        self.after_me = [tp.order[(start + k) % len(tp.order)] for k in range(1, still)]

    def same_side(self, hand: int) -> bool:
        if self.declarer is None:  # raspasovka: everybody for himself
            return hand == self.me
        return (hand == self.declarer) == (self.me == self.declarer)

    def beats(self, card: int) -> bool:
        """Would ``card`` take the lead of the trick now?"""
        tp, trump, s = self.tp, self.trump, card >> 3
        if tp.best_card < 0:
            return s == tp.led_suit or (trump != NO_TRUMP and s == trump)
        if tp.best_is_trump:
            return s == trump and card > tp.best_card
        if s == tp.led_suit:
            return card > tp.best_card
        return trump != NO_TRUMP and s == trump

    def master(self, card: int) -> bool:
        """No opponent can hold a higher card of its suit."""
        return not (self.threats & above(card))

    def choose(self) -> int:
        if self.contract.goal == "none":
            if self.declarer is None or self.me == self.declarer:
                return self.duck()
            return self.catch()
        return self.take()

    # contracts for tricks -----------------------------------------------------------------------

    def take(self) -> int:
        cards, tp = self.cards, self.tp
        if self.leading:
            return self.lead()
        partner_wins = tp.best_hand >= 0 and tp.best_hand != self.me and self.same_side(tp.best_hand)
        if partner_wins:
            return self.low()
        winners = [c for c in cards if self.beats(c)]
        if not winners:
            return self.low()
        cheapest = min(winners)  # winners share a suit: the led suit, or trumps when void
        risky = any(not self.same_side(h) for h in self.after_me)
        if not risky or self.master(cheapest) or (cheapest >> 3) == self.trump:
            return cheapest
        return self.low()  # second hand low: a card an opponent can still beat is wasted

    def lead(self) -> int:
        cards, trump, hand = self.cards, self.trump, self.hand
        if self.me == self.declarer and trump != NO_TRUMP:
            mine = hand & SUIT_MASK[trump]
            out = self.threats & SUIT_MASK[trump]
            if mine and out and mine.bit_count() > out.bit_count():
                top = mine.bit_length() - 1
                return top if self.master(top) else (mine & -mine).bit_length() - 1  # draw trumps
        plain = [c for c in cards if c >> 3 != trump]
        masters = [c for c in plain if self.master(c)]
        if masters:
            return max(masters, key=_rank_key)
        if plain:
            longest = max(range(4), key=lambda s: ((hand & SUIT_MASK[s]).bit_count() if s != trump else -1,
                                                   -s))
            in_suit = [c for c in plain if c >> 3 == longest]
            return min(in_suit or plain, key=_rank_key)
        top = max(cards)
        return top if self.master(top) else min(cards)

    def low(self) -> int:
        """Discard low: the lowest plain card, from the shortest suit on a tie; a trump only if forced."""
        hand, trump = self.hand, self.trump
        return min(self.cards,
                   key=lambda c: (c >> 3 == trump, c & 7, (hand & SUIT_MASK[c >> 3]).bit_count(), c))

    # misère and raspasovka ------------------------------------------------------------------------

    def duck(self) -> int:
        """Avoid tricks: the highest card that still loses; forced to win, win high as last hand."""
        cards = self.cards
        if self.leading:
            # lead low, preferring the card with the most opponent cards above it (a sure loser)
            return min(cards, key=lambda c: (c & 7, -(self.threats & above(c)).bit_count(), c))
        losing = [c for c in cards if not self.beats(c)]
        if losing:
            return max(losing, key=_rank_key)
        if not self.after_me:
            return max(cards, key=_rank_key)
        return min(cards, key=_rank_key)

    def catch(self) -> int:
        """Misère defence: make the declarer's card the highest one in the trick."""
        cards, tp = self.cards, self.tp
        if self.leading:
            return min(cards, key=_rank_key)
        if any(h == self.declarer for h, _ in tp.trick):
            if tp.best_hand == self.declarer:
                under = [c for c in cards if not self.beats(c)]
                return max(under, key=_rank_key) if under else min(cards, key=_rank_key)
            return max(cards, key=_rank_key)  # the trick is lost for him anyway: shed a high card
        return min(cards, key=_rank_key)  # he plays after us: give him nothing to duck under


def own_hand(game: Game, seat: int) -> int:
    """The seat's own hand, as its observation shows it (``seen_cards``: the observation's cards)."""
    return game.seen_cards(seat).hands[seat]


def resync(game: Game, bots: list[Bot | None]) -> None:
    """Let stateful bots (the random bot) see again the decisions of ``game``'s history, so a resumed
    game continues exactly as the uninterrupted one would have. ``None`` marks a human seat."""
    if not any(b is not None and getattr(b, "stateful", False) for b in bots):
        return
    replay = Game(game.variant, game.seed, game.first_dealer, deals=game.deals)
    for action in game.history:
        bot = bots[replay.current_player]
        if bot is not None and getattr(bot, "stateful", False):
            bot.choose(replay, replay.current_player)
        replay.apply(action)
