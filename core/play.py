"""Trick play on bit masks: the hot path of the engine.

A :class:`TrickPlay` holds the hands of one deal's play phase and the :class:`PlayRules` chosen by the
variant. Legal cards and the trick winner are a handful of integer operations; nothing here calls a hook.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .cards import NO_TRUMP, SUIT_MASK, above
from .model import PlayRules

NOBODY = -1
"""Owner of a talon-led trick that no player could follow (three players, GAP-RUS-04)."""
TALON = -2
"""Marks a talon card in a trick when it only names the suit (three-player raspasovka, RUS-RASP-17)."""


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

    @classmethod
    def start(cls, rules: PlayRules, hands: list[int], talon_cards: tuple[int, ...], n_seats: int) -> TrickPlay:
        order = tuple(sorted(rules.hands))
        nxt = [0] * n_seats
        for i, hand in enumerate(order):
            nxt[hand] = order[(i + 1) % len(order)]
        tp = cls(rules, list(hands), talon_cards, n_seats, order, tricks_won=[0] * n_seats, next_hand=tuple(nxt))
        tp._open_trick(rules.leader)
        return tp

    def copy(self) -> TrickPlay:
        return TrickPlay(
            self.rules, self.hands.copy(), self.talon_cards, self.n_seats, self.order, self.trick.copy(),
            self.tricks_won.copy(), self.tricks_done, self.to_play, self.led_suit, self.best_card,
            self.best_hand, self.best_is_trump, self.finished, self.played, self.completed.copy(),
            self.next_hand, self.trick_full,
        )

    # ------------------------------------------------------------------ trick structure

    def _open_trick(self, leader: int) -> None:
        self.trick = []
        self.led_suit = -1
        self.best_card = -1
        self.best_hand = NOBODY
        self.best_is_trump = False
        self.trick_full = len(self.order)
        if self._talon_led():
            self.trick_full += 1  # the talon card lies in the trick too
            card = self.talon_cards[self.tricks_done]
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
            if rules.must_beat and self.best_card >= 0 and (not self.best_is_trump or self.best_card >> 3 == led):
                higher = follow & above(self.best_card)
                if higher:
                    return higher
            return follow
        trump = rules.trump
        if trump != NO_TRUMP and rules.must_trump:
            trumps = hand & SUIT_MASK[trump]
            if trumps:
                overtrump = rules.must_beat if rules.must_overtrump is None else rules.must_overtrump
                if overtrump and self.best_is_trump:
                    higher = trumps & above(self.best_card)
                    if higher:
                        return higher
                return trumps
        return hand

    # ------------------------------------------------------------------ playing

    def play(self, card: int) -> None:
        """Play ``card`` from the hand to play. The caller has checked legality."""
        hand = self.to_play
        b = 1 << card
        self.hands[hand] ^= b
        self.played |= b
        trick = self.trick
        trick.append((hand, card))
        suit = card >> 3
        trump = self.rules.trump
        if self.led_suit < 0:
            self.led_suit = suit
            self.best_card, self.best_hand, self.best_is_trump = card, hand, suit == trump
        elif suit == trump and trump != NO_TRUMP:
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
        talon_led = self._talon_led()
        if winner != NOBODY:
            self.tricks_won[winner] += 1
        self.completed.append((winner, tuple(self.trick)))
        self.tricks_done += 1
        rules = self.rules
        if self.tricks_done >= 10 or self._stop_early():
            self.finished = True
            self.trick = []
            return
        if talon_led:
            # after a talon-led trick the same seat starts again, whoever won (RUS-RASP-15)
            nxt = rules.after_talon_leader if rules.after_talon_leader is not None else rules.leader
        else:
            nxt = winner
        self._open_trick(nxt)

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
        """Play uniformly random legal cards to the end (the benchmark's rollout)."""
        rand = rng.random
        legal_mask, play = self.legal_mask, self.play
        while not self.finished:
            legal = legal_mask()
            k = int(rand() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            play((legal & -legal).bit_length() - 1)

    def cards_in_play(self) -> int:
        """Mask of the cards still in the hands plus those on the table (for conservation checks)."""
        m = 0
        for h in self.hands:
            m |= h
        return m
