"""Trick play on bit masks: the hot path of the engine.

A :class:`TrickPlay` holds the hands of one deal's play phase and the :class:`PlayRules` chosen by the
variant. Legal cards and the trick winner are a handful of integer operations; nothing here calls a hook.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache

from preferans.core.model.cards import NO_TRUMP, SUIT_MASK, above
from preferans.core.model.views import PlayRules

NOBODY = -1
"""Owner of a talon-led trick that no player could follow (three players, GAP-RUS-04)."""
TALON = -2
"""Marks a talon card in a trick when it only names the suit (``PlayRules.talon_contends`` false)."""

_ABOVE = tuple(above(card) for card in range(32))
"""``above(card)`` for every card: a lookup instead of a call on the hot path."""
_PAIRS = tuple(tuple((hand, card) for card in range(32)) for hand in range(4))
"""The ``(hand, card)`` entries of a trick, made once: a card of play creates no object (the tricks are kept
for the whole match, in the event log, and each new one is more work for the garbage collector)."""


@cache
def _seating(hands: tuple[int, ...], n_seats: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hands in play in seat order, and for each of the ``n_seats`` seats the hand in play after it
    (``TrickPlay.order`` and ``next_hand``): worked out once for the few sets of hands a game meets."""
    order = tuple(sorted(hands))
    nxt = [0] * n_seats
    for i, hand in enumerate(order):
        nxt[hand] = order[(i + 1) % len(order)]
    return order, tuple(nxt)


@dataclass(slots=True)
class TrickPlay:
    """The state of play: hands as masks, the current trick, tricks won per seat."""

    rules: PlayRules
    hands: list[int]
    talon_cards: tuple[int, ...] = ()
    n_seats: int = 3
    order: tuple[int, ...] = ()
    trick: list[tuple[int, int]] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    tricks_done: int = 0
    to_play: int = 0
    led_suit: int = -1
    best_card: int = -1
    best_hand: int = NOBODY
    best_is_trump: bool = False
    finished: bool = False
    played: int = 0
    completed: list[tuple[int, tuple[tuple[int, int], ...]]] = field(default_factory=list)
    next_hand: tuple[int, ...] = ()
    trick_full: int = 0
    legal: int = field(default=-1, repr=False, compare=False)
    """The legal mask as the game last handed it out (``Game.legal_actions``), so that ``Game.apply`` checks
    the card against it without working it out again; -1 once a card is played."""

    @classmethod
    def start(cls, rules: PlayRules, hands: list[int], talon_cards: tuple[int, ...], n_seats: int) -> TrickPlay:
        # every field set here, not through the dataclass __init__, whose default factories make it twice as
        # slow (play starts once a deal); those of the trick are _open_trick's
        tp = cls.__new__(cls)
        tp.rules, tp.hands, tp.talon_cards, tp.n_seats = rules, list(hands), talon_cards, n_seats
        tp.order, tp.next_hand = _seating(tuple(rules.hands), n_seats)  # tuple(): a key, whatever the hook gave
        tp.tricks_won, tp.completed = [0] * n_seats, []
        tp.tricks_done = tp.played = 0
        tp.finished = False
        tp.legal = -1
        tp._open_trick(rules.leader)
        return tp

    def copy(self) -> TrickPlay:
        return TrickPlay(
            self.rules, self.hands.copy(), self.talon_cards, self.n_seats, self.order, self.trick.copy(),
            self.tricks_won.copy(), self.tricks_done, self.to_play, self.led_suit, self.best_card,
            self.best_hand, self.best_is_trump, self.finished, self.played, self.completed.copy(),
            self.next_hand, self.trick_full,  # not the legal mask: a copy's hands are its owner's to change
        )

    # ------------------------------------------------------------------ trick structure

    def _open_trick(self, leader: int) -> None:
        self.trick = []
        self.led_suit = -1
        self.best_card = -1
        self.best_hand = NOBODY
        self.best_is_trump = False
        self.trick_full = len(self.order)
        done = self.tricks_done
        if done < self.rules.talon_leads and done < len(self.talon_cards):  # self._talon_led()
            self.trick_full += 1  # the talon card lies in the trick too
            card = self.talon_cards[done]
            self.led_suit = card >> 3
            if self.rules.talon_contends:
                owner = self.rules.talon_owner if self.rules.talon_owner is not None else NOBODY
                self.best_card, self.best_hand = card, owner
                self.trick.append((owner, card))
            else:
                self.trick.append((TALON, card))
            first = self.rules.after_talon_leader
            self.to_play = first if first is not None else leader
        else:
            self.to_play = leader

    def _talon_led(self) -> bool:
        return self.tricks_done < self.rules.talon_leads and self.tricks_done < len(self.talon_cards)

    # ------------------------------------------------------------------ legality

    def legal_mask(self) -> int:
        hand = self.hands[self.to_play]
        led = self.led_suit
        if led < 0:
            return hand
        rules = self.rules
        follow = hand & SUIT_MASK[led] if rules.must_follow else 0
        if follow:
            # head the trick in the suit led, unless a trump from another suit already leads it (a trump
            # lead is beaten by a higher trump)
            best = self.best_card
            if rules.must_beat and best >= 0 and (not self.best_is_trump or best >> 3 == led):
                higher = follow & _ABOVE[best]
                if higher:
                    return higher
            return follow
        trump = rules.trump
        if trump != NO_TRUMP and rules.must_trump:
            trumps = hand & SUIT_MASK[trump]
            if trumps:
                overtrump = rules.must_beat if rules.must_overtrump is None else rules.must_overtrump
                if overtrump and self.best_is_trump:
                    higher = trumps & _ABOVE[self.best_card]
                    if higher:
                        return higher
                return trumps
        return hand

    # ------------------------------------------------------------------ playing

    def play(self, card: int) -> None:
        """Play ``card`` from the hand to play. The caller has checked legality."""
        hand = self.to_play
        self.legal = -1
        b = 1 << card
        self.hands[hand] ^= b
        self.played |= b
        trick = self.trick
        trick.append(_PAIRS[hand][card])  # (hand, card)
        suit = card >> 3
        if self.led_suit < 0:
            self.led_suit = suit
            self.best_card, self.best_hand, self.best_is_trump = card, hand, suit == self.rules.trump
        elif suit == self.rules.trump:  # a suit is 0..3, so never NO_TRUMP
            if not self.best_is_trump or card > self.best_card:
                self.best_card, self.best_hand, self.best_is_trump = card, hand, True
        elif suit == self.led_suit and not self.best_is_trump and card > self.best_card:
            self.best_card, self.best_hand = card, hand
        if len(trick) == self.trick_full:
            self._close_trick()
        else:
            self.to_play = self.next_hand[hand]

    def _close_trick(self) -> None:
        winner = self.best_hand
        rules = self.rules
        done = self.tricks_done
        talon_led = done < rules.talon_leads and done < len(self.talon_cards)  # self._talon_led()
        if winner != NOBODY:
            self.tricks_won[winner] += 1
        self.completed.append((winner, tuple(self.trick)))
        self.tricks_done = done = done + 1
        # most play rules never stop early: the call only when they may
        if done >= 10 or (rules.declarer is not None and (rules.stop_declarer_at is not None or
                                                           rules.stop_defence_at is not None) and self._stop_early()):
            self.finished = True
            self.trick = []
            return
        if talon_led:
            # after a talon-led trick the same seat starts again, whoever won (RUS-RASP-15)
            nxt = rules.after_talon_leader if rules.after_talon_leader is not None else rules.leader
        else:
            nxt = winner
        if done < rules.talon_leads and done < len(self.talon_cards):
            self._open_trick(nxt)  # a talon card leads the next trick
        else:  # _open_trick(nxt) without a talon card, written out: it comes at every trick
            self.trick = []
            self.led_suit = self.best_card = -1
            self.best_hand, self.best_is_trump = NOBODY, False
            self.trick_full = len(self.order)
            self.to_play = nxt

    def _stop_early(self) -> bool:
        rules = self.rules
        if rules.declarer is None:
            return False
        mine = self.tricks_won[rules.declarer]
        if rules.stop_declarer_at is not None and mine >= rules.stop_declarer_at:
            return True
        if rules.stop_defence_at is not None and self.tricks_done - mine >= rules.stop_defence_at:
            return True
        return False

    def random_playout(self, rng: random.Random) -> None:
        """Play uniformly random legal cards to the end (the benchmark's rollout).

        The same cards as ``while not finished: play(a random card of legal_mask())``, one ``rng.random()``
        a card, and the same final state, with ``legal_mask``, ``play`` and ``_close_trick`` written out in
        the loop: the rules are read once and the trick in progress lives in local variables, written back
        before any method is called (a talon-led trick, an early stop) and at the end."""
        if self.finished:
            return
        self.legal = -1
        rand = rng.random
        rules = self.rules
        trump = rules.trump
        must_follow, must_beat = rules.must_follow, rules.must_beat
        must_trump = trump != NO_TRUMP and rules.must_trump
        overtrump = must_beat if rules.must_overtrump is None else rules.must_overtrump
        trumps_of = SUIT_MASK[trump] if trump != NO_TRUMP else 0
        talon_tricks = min(rules.talon_leads, len(self.talon_cards))  # tricks led by the talon
        stops = rules.declarer is not None
        seats = len(self.order)
        hands, next_hand, suit_mask, above_, pairs = self.hands, self.next_hand, SUIT_MASK, _ABOVE, _PAIRS
        tricks_won, completed = self.tricks_won, self.completed
        hand, led, trick, full = self.to_play, self.led_suit, self.trick, self.trick_full
        best, best_hand, best_trump, played = self.best_card, self.best_hand, self.best_is_trump, self.played
        while True:
            held = hands[hand]
            # the legal cards, as legal_mask()
            if led < 0:
                legal = held
            else:
                legal = held & suit_mask[led] if must_follow else 0
                if legal:
                    if must_beat and best >= 0 and (not best_trump or best >> 3 == led):
                        higher = legal & above_[best]
                        if higher:
                            legal = higher
                else:
                    legal = held
                    if must_trump:
                        trumps = held & trumps_of
                        if trumps:
                            legal = trumps
                            if overtrump and best_trump:
                                higher = trumps & above_[best]
                                if higher:
                                    legal = higher
            k = int(rand() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            card = (legal & -legal).bit_length() - 1
            # the card played, as play()
            b = 1 << card
            hands[hand] = held ^ b
            played |= b
            trick.append(pairs[hand][card])  # (hand, card)
            suit = card >> 3
            if led < 0:
                led, best, best_hand, best_trump = suit, card, hand, suit == trump
            elif suit == trump:
                if not best_trump or card > best:
                    best, best_hand, best_trump = card, hand, True
            elif suit == led and not best_trump and card > best:
                best, best_hand = card, hand
            if len(trick) < full:
                hand = next_hand[hand]
                continue
            # the trick is complete, as _close_trick()
            done = self.tricks_done
            if best_hand != NOBODY:
                tricks_won[best_hand] += 1
            completed.append((best_hand, tuple(trick)))
            self.tricks_done = done + 1
            if done + 1 >= 10 or (stops and self._stop_early()):
                self.to_play, self.led_suit, self.played, self.trick_full = hand, led, played, full
                self.best_card, self.best_hand, self.best_is_trump = best, best_hand, best_trump
                self.finished = True
                self.trick = []
                return
            if done < talon_tricks:
                # after a talon-led trick the same seat starts again, whoever won (RUS-RASP-15)
                nxt = rules.after_talon_leader if rules.after_talon_leader is not None else rules.leader
            else:
                nxt = best_hand
            if done + 1 < talon_tricks:
                # the next trick is led by the talon: let _open_trick lay its card
                self.played = played
                self._open_trick(nxt)
                hand, led, trick, full = self.to_play, self.led_suit, self.trick, self.trick_full
                best, best_hand, best_trump = self.best_card, self.best_hand, self.best_is_trump
            else:
                # as _open_trick(nxt) without a talon card
                self.trick = trick = []
                hand, led, best, best_hand, best_trump, full = nxt, -1, -1, NOBODY, False, seats

    def cards_in_play(self) -> int:
        """Mask of the cards still in the hands plus those on the table (for conservation checks)."""
        m = 0
        for h in self.hands:
            m |= h
        return m
