"""Exact double-dummy (open-hand) solver for the play of one deal.

:func:`solve` returns the number of tricks the declarer has at the end of the deal under best play by both
sides, counting the tricks already won, from any :class:`~preferans.core.play.TrickPlay` position, mid-trick
included. ``maximise=True`` is a trump or no-trump game (the declarer takes as many tricks as he can, the
defenders, whatever seats they sit in, as few); ``maximise=False`` is misère or Bettel (the declarer avoids
tricks, the defenders push them on him). Hands are taken by side: the declarer against all the others, so a
lone whister's deal (three hands, two controllers) is the same search. :func:`card_values` gives the final
tricks of the declarer after each legal card of the hand to play.

The search is alpha-beta run as a series of null-window tests (a binary search on the value), with a
transposition table at trick boundaries keyed by the remaining hands and the leader, equivalent-card
reduction (two cards of one hand, one suit, with no live card between them, are the same card: one is
searched) and simple move ordering. The rules of the position (:class:`~preferans.core.model.PlayRules`:
trump, must follow / trump / beat / over-trump, early stop) are applied exactly as
:meth:`TrickPlay.legal_mask` and :meth:`TrickPlay.play` apply them; tricks led by the talon (raspasovka) are
searched by copying the ``TrickPlay`` itself until the talon leads are over.
"""

from __future__ import annotations

from .cards import NO_TRUMP, SUIT_MASK, above
from .play import NOBODY, TrickPlay

__all__ = ["Solver", "card_values", "solve"]


class Solver:
    """A search for one side and goal over the positions of one :class:`~preferans.core.model.PlayRules`.

    The transposition table is kept between calls, so valuing several cards of one position (or several
    positions of one deal) shares the work.
    """

    def __init__(self, play: TrickPlay, declarer: int, maximise: bool = True) -> None:
        rules = play.rules
        self.rules = rules
        self.declarer = declarer
        self.maximise = maximise
        self.order = play.order
        self.next_hand = play.next_hand
        self.trump = rules.trump
        self.must_follow = rules.must_follow
        self.must_trump = rules.must_trump and rules.trump != NO_TRUMP
        self.must_beat = rules.must_beat
        self.must_overtrump = rules.must_beat if rules.must_overtrump is None else rules.must_overtrump
        self.stop_seat = rules.declarer
        self.stop_mine = rules.stop_declarer_at if rules.declarer is not None else None
        self.stop_def = rules.stop_defence_at if rules.declarer is not None else None
        self.stops = self.stop_mine is not None or self.stop_def is not None
        self.n_active = len(play.order)
        # max_side[seat]: this seat chooses the larger value (the declarer in a game, the defenders in misère)
        self.max_side = tuple((seat == declarer) == maximise for seat in range(play.n_seats))
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0

    # ------------------------------------------------------------------ public

    def value(self, play: TrickPlay) -> int:
        """The declarer's tricks at the end of the deal from ``play`` under best play (``play`` is unchanged)."""
        if play.finished:
            return play.tricks_won[self.declarer]
        if play._talon_led():
            return self._talon_value(play)
        hands = list(play.hands)
        won = play.tricks_won[self.declarer]
        sw = play.tricks_won[self.stop_seat] if self.stop_seat is not None else 0
        in_trick = len(play.trick)
        trick_cards = 0
        for _, card in play.trick:
            trick_cards |= 1 << card
        lo, hi = won, won + 10 - play.tricks_done
        # binary search by null-window tests: is the value >= v?
        while lo < hi:
            v = (lo + hi + 1) // 2
            g = self._search(
                hands, play.to_play, play.led_suit, play.best_card, play.best_hand, play.best_is_trump,
                in_trick, trick_cards, play.tricks_done, won, sw, v - 1, v,
            )
            if g >= v:
                lo = g if g <= hi else hi
                lo = max(lo, v)
            else:
                hi = g if g >= lo else lo
                hi = min(hi, v - 1)
        return lo

    # ------------------------------------------------------------------ talon-led tricks (raspasovka)

    def _talon_value(self, play: TrickPlay) -> int:
        best = -1
        maxing = self.max_side[play.to_play]
        legal = play.legal_mask()
        while legal:
            low = legal & -legal
            legal ^= low
            child = play.copy()
            child.play(low.bit_length() - 1)
            v = self.value(child)
            if best < 0 or (v > best if maxing else v < best):
                best = v
        return best

    # ------------------------------------------------------------------ the search

    def _legal(self, hand: int, led: int, best_card: int, best_is_trump: bool) -> int:
        """As :meth:`TrickPlay.legal_mask`."""
        if led < 0:
            return hand
        follow = hand & SUIT_MASK[led] if self.must_follow else 0
        if follow:
            if self.must_beat and best_card >= 0 and (not best_is_trump or best_card >> 3 == led):
                higher = follow & above(best_card)
                if higher:
                    return higher
            return follow
        if self.must_trump:
            trumps = hand & SUIT_MASK[self.trump]
            if trumps:
                if self.must_overtrump and best_is_trump:
                    higher = trumps & above(best_card)
                    if higher:
                        return higher
                return trumps
        return hand

    def _search(
        self, hands: list[int], seat: int, led: int, best_card: int, best_hand: int, best_is_trump: bool,
        in_trick: int, trick_cards: int, done: int, won: int, sw: int, alpha: int, beta: int,
    ) -> int:
        """Fail-soft alpha-beta; returns the declarer's final tricks (or a bound outside ``(alpha, beta)``)."""
        self.nodes += 1
        key: tuple[int, ...] | None = None
        if in_trick == 0:
            rem = 10 - done
            if rem <= 0:
                return won
            if won + rem <= alpha:
                return won + rem
            if won >= beta:
                return won
            if self.stops:
                key = (*[hands[h] for h in self.order], seat, done, won, sw)
            else:
                key = (*[hands[h] for h in self.order], seat, done)
            entry = self.table.get(key)
            if entry is not None:
                lo, hi = entry[0] + won, entry[1] + won
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
                if alpha >= beta:
                    return lo
        hand = hands[seat]
        legal = self._legal(hand, led, best_card, best_is_trump)
        moves = self._moves(hands, hand, legal, seat, led, best_card, best_hand, best_is_trump, trick_cards)
        maxing = self.max_side[seat]
        best = -1 if maxing else 99
        a, b = alpha, beta
        trump = self.trump
        last = in_trick + 1 == self.n_active
        for card in moves:
            bit = 1 << card
            suit = card >> 3
            # the trick after this card
            if led < 0:
                n_led, n_best, n_hand, n_trump = suit, card, seat, suit == trump
            else:
                n_led, n_best, n_hand, n_trump = led, best_card, best_hand, best_is_trump
                if suit == trump and trump != NO_TRUMP:
                    if not best_is_trump or card > best_card:
                        n_best, n_hand, n_trump = card, seat, True
                elif suit == led and not best_is_trump and card > best_card:
                    n_best, n_hand = card, seat
            hands[seat] = hand ^ bit
            if last:
                n_won = won + (n_hand == self.declarer)
                n_sw = sw + (n_hand == self.stop_seat) if self.stop_seat is not None else 0
                n_done = done + 1
                if self._stopped(n_done, n_sw):
                    v = n_won
                else:
                    v = self._search(
                        hands, n_hand, -1, -1, NOBODY, False, 0, 0, n_done, n_won, n_sw, a, b,
                    )
            else:
                v = self._search(
                    hands, self.next_hand[seat], n_led, n_best, n_hand, n_trump, in_trick + 1,
                    trick_cards | bit, done, won, sw, a, b,
                )
            hands[seat] = hand
            if maxing:
                if v > best:
                    best = v
                    if v > a:
                        a = v
                        if a >= b:
                            break
            else:
                if v < best:
                    best = v
                    if v < b:
                        b = v
                        if a >= b:
                            break
        if key is not None:
            lo, hi = self.table.get(key, (0, 10))
            if best <= alpha:
                hi = best - won  # fail low: an upper bound
            elif best >= beta:
                lo = best - won  # fail high: a lower bound
            else:
                lo = hi = best - won
            self.table[key] = (lo, hi)
        return best

    def _stopped(self, done: int, sw: int) -> bool:
        if done >= 10:
            return True
        if not self.stops:
            return False
        if self.stop_mine is not None and sw >= self.stop_mine:
            return True
        return self.stop_def is not None and done - sw >= self.stop_def

    def _moves(
        self, hands: list[int], hand: int, legal: int, seat: int, led: int, best_card: int, best_hand: int,
        best_is_trump: bool, trick_cards: int,
    ) -> list[int]:
        """One card of each equivalence class of ``legal``, in a simple order of promise."""
        live = trick_cards
        for h in self.order:
            live |= hands[h]
        reps: list[int] = []
        m = legal
        while m:
            low = m & -m
            m ^= low
            card = low.bit_length() - 1
            up = live & above(card)
            # the next live card above in the suit is ours: this card is the same as that one
            if up and (up & -up) & hand:
                continue
            reps.append(card)
        if len(reps) < 2:
            return reps
        if led < 0:
            reps.reverse()  # leads: high cards first
            return reps
        trump = self.trump
        partner_wins = self.max_side[best_hand] == self.max_side[seat] if best_hand >= 0 else False
        winners: list[int] = []
        losers: list[int] = []
        for card in reps:  # low to high
            suit = card >> 3
            if suit == trump and trump != NO_TRUMP:
                beats = not best_is_trump or card > best_card
            else:
                beats = suit == led and not best_is_trump and card > best_card
            (winners if beats else losers).append(card)
        if partner_wins:
            return losers + winners
        return winners + losers


def solve(play: TrickPlay, declarer: int, maximise: bool = True) -> int:
    """The declarer's tricks at the end of the deal under best play from ``play`` (counting those won).

    ``maximise=False`` for misère/Bettel: the declarer takes as few tricks as he can.
    """
    return Solver(play, declarer, maximise).value(play)


def card_values(play: TrickPlay, declarer: int, maximise: bool = True) -> dict[int, int]:
    """For each legal card of the hand to play: the declarer's final tricks after it and best play thereafter."""
    solver = Solver(play, declarer, maximise)
    out: dict[int, int] = {}
    legal = play.legal_mask()
    while legal:
        low = legal & -legal
        legal ^= low
        card = low.bit_length() - 1
        child = play.copy()
        child.play(card)
        out[card] = solver.value(child)
    return out
