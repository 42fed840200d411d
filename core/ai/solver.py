"""Exact double-dummy (open-hand) solver for the play of one deal.

:func:`solve` returns the number of tricks the declarer has at the end of the deal under best play by both
sides, counting the tricks already won, from any :class:`~preferans.core.engine.play.TrickPlay` position, mid-trick
included. ``maximise=True`` is a trump or no-trump game (the declarer takes as many tricks as he can, the
defenders, whatever seats they sit in, as few); ``maximise=False`` is misère or Bettel (the declarer avoids
tricks, the defenders push them on him). Hands are taken by side: the declarer against all the others, so a
lone whister's deal (three hands, two controllers) is the same search. :func:`card_values` gives the final
tricks of the declarer after each legal card of the hand to play. :meth:`Solver.reaches` is one yes/no test
(can the declarer reach ``v`` tricks; in misère, keep to ``v``), and :func:`makes` with :func:`goal_of`
answers "is this contract made under double-dummy play" for any :class:`~preferans.core.model.contracts.ContractSpec`
(a number of tricks, Durchmarsch: all ten, misère/Bettel: none) with one such test.

The algorithm:

- alpha-beta, fail-soft, run as null-window tests: the value is found by an MTD(f)-style sequence of tests
  that starts from a guess (in a game, the quick tricks or a rough count of the declarer's high cards;
  in misère the middle) and
  moves one step at a time from the bound each test returns, so a typical deal needs two to four tests;
- a transposition table at trick boundaries, keyed by the remaining hands **normalised by rank** (in each
  suit the cards still out are renumbered 0, 1, 2 ... from the lowest, so positions that differ only by which
  small cards were already played share an entry), the hand on lead and the tricks played (and, with an
  early stop, the tricks won); it stores lower and upper bounds on the tricks still to come, relative to the
  tricks already won, and the best lead found (as a rank among the cards out, so it maps back to a card in
  every position sharing the entry), which is tried first next time;
- bounds at each trick start in a trump or no-trump game without an early stop: the quick tricks of the side
  on lead (top winners cashed one after the other; in trumps, after drawing the opponents' trumps or only as
  far as the opponents still follow), and the top trumps (a trump above all the other side's trumps wins the
  trick it is played in, so the declarer's are his tricks and the defence has at least as many tricks as one
  defender holds); the last trick is played out without a search;
- with three active hands and no early stop a whole trick is three nested loops in one call (the third
  hand's cards are worked out once per card heading the trick), and the bounds that end a trick start at
  once are tested before the call;
- equivalent-card reduction (two cards of one hand, one suit, with no live card between them are the same
  card: one is searched) and move ordering by the goal: the cheapest winner or the lowest card after a
  partner's winner in a game, discards from the lowest rank; the highest card that ducks in misère; leads of
  sure winners first in a game, in misère the declarer's leads that a defender must go over and the
  defenders' leads that the declarer cannot duck.

The rules of the position (:class:`~preferans.core.model.views.PlayRules`: trump, must follow / trump / beat /
over-trump, early stop) are applied exactly as :meth:`TrickPlay.legal_mask` and :meth:`TrickPlay.play` apply
them; tricks led by the talon (raspasovka) are searched by copying the ``TrickPlay`` itself until the talon
leads are over. Every public function goes through :meth:`Solver.value`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import NO_TRUMP, SUIT_MASK
from preferans.core.model.errors import bad_input

if TYPE_CHECKING:
    from preferans.core.ai import _dds
    from preferans.core.model.contracts import ContractSpec

__all__ = ["Solver", "card_values", "distinct_cards", "goal_of", "makes", "solve"]

_ABOVE = tuple(SUIT_MASK[c >> 3] & ~((2 << c) - 1) for c in range(32))
"""Cards of the same suit above each card."""
_BELOW = tuple(SUIT_MASK[c >> 3] & ((1 << c) - 1) for c in range(32))
"""Cards of the same suit below each card."""
_SELECT = tuple(tuple(b for b in range(8) if byte >> b & 1) for byte in range(256))
"""The set bits of a byte, lowest first: maps a normalised rank back to a card."""
_SUIT_BYTES = 0xFF | 0xFF << 32 | 0xFF << 64
"""One suit's byte of three hands packed 32 bits apart."""
_NORM: dict[int, int] = {}
"""Memo of :func:`_normalise` (a pure function of its argument; at most 4**8 entries)."""


def distinct_cards(cards: int, hand: int, live: int) -> list[int]:
    """The cards of the mask ``cards`` (some of ``hand``'s), low to high, a run of equivalent cards once (by
    its highest card): a card whose next ``live`` card above in its suit is ``hand``'s own is the same as
    that one, whoever plays what."""
    out: list[int] = []
    m = cards
    while m:
        low = m & -m
        m ^= low
        card = low.bit_length() - 1
        up = live & _ABOVE[card]
        if up and (up & -up) & hand:
            continue
        out.append(card)
    return out


def _normalise(packed: int) -> int:
    """One suit of up to three hands (bytes 32 bits apart), with the cards still out renumbered by rank."""
    union = (packed | packed >> 32 | packed >> 64) & 0xFF
    out = 0
    j = 0
    for b in range(8):
        if union >> b & 1:
            for shift in (0, 32, 64):
                if packed >> (shift + b) & 1:
                    out |= 1 << (shift + j)
            j += 1
    _NORM[packed] = out
    return out


def _rank(card: int) -> int:
    return card & 7


class Solver:
    """A search for one side and goal over the positions of one :class:`~preferans.core.model.views.PlayRules`.

    The transposition table is kept between calls, so valuing several cards of one position (or several
    positions of one deal) shares the work.
    """

    def __init__(self, play: TrickPlay, declarer: int, maximise: bool = True, backend: str | None = None) -> None:
        compiled = compiled_search(backend)
        # the compiled search (core/ai/_dds.c) when selected: the same values, its own table
        self.fast = compiled(play, declarer, maximise) if compiled is not None else None
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
        self.table: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        # quick tricks need the followers to follow suit (else anyone may ruff a winner)
        self._quick = maximise and not self.stops and rules.must_follow
        self._o3 = self.order[2] if self.n_active == 3 else -1
        self._exact = True
        # misère settled positions (see _no_trick_settled): no trump, following suit, no early stop
        self._clean = not maximise and self.trump == NO_TRUMP and rules.must_follow and not self.stops
        self._top_trumps = self.trump != NO_TRUMP
        self._trump_mask = SUIT_MASK[self.trump] if self.trump != NO_TRUMP else 0
        self._defenders = tuple(h for h in self.order if h != declarer)
        self._opponents = tuple(tuple(h for h in self.order if self.max_side[h] != self.max_side[seat])
                                for seat in range(play.n_seats))
        self._partners = tuple(tuple(h for h in self.order if h != seat and self.max_side[h] == self.max_side[seat])
                               for seat in range(play.n_seats))
        # whole tricks as nested loops: three hands, no early stop (see _trick3)
        self._flat = self.n_active == 3 and not self.stops
        self._replies = self._reply_function()
        self._side_suits = tuple(SUIT_MASK[s] for s in range(4) if s != self.trump)

    # ------------------------------------------------------------------ public

    def value(self, play: TrickPlay, alpha: int | None = None, beta: int | None = None) -> int:
        """The declarer's tricks at the end of the deal from ``play`` under best play (``play`` is unchanged).

        With ``alpha`` and ``beta`` (``alpha < beta``) it is one fail-soft test on that window instead: the
        result is the value when it lies strictly inside, else a bound on the far side of the window it
        fell out of (``<= alpha``: an upper bound; ``>= beta``: a lower bound).
        """
        if play.finished:
            return play.tricks_won[self.declarer]
        if play._talon_led():
            if alpha is None or beta is None:
                return self._talon_exact(play)
            return self._talon_value(play, alpha, beta)
        if self.fast is not None:
            fast = self.fast.value(play, alpha, beta)  # None: a position the compiled search leaves to Python
            if fast is not None:
                return fast
        if alpha is not None and beta is not None:
            return self._probe(play, alpha, beta)
        won = play.tricks_won[self.declarer]
        lo, hi = won, won + 10 - play.tricks_done
        guess = self._guess(play, lo, hi)
        # MTD(f): null-window tests around the guess, each moving one bound, until the bounds meet
        while lo < hi:
            v = guess if guess > lo else lo + 1
            g = self._probe(play, v - 1, v)
            if g >= v:
                lo = min(max(g, v), hi)
                guess = lo + 1
            else:
                hi = max(min(g, v - 1), lo)
                guess = hi
        return lo

    def reaches(self, play: TrickPlay, v: int) -> bool:
        """One null-window test: in a game, can the declarer end with at least ``v`` tricks; in misère
        (``maximise=False``), can he keep to at most ``v``."""
        if self.maximise:
            return self.value(play, v - 1, v) >= v
        return self.value(play, v, v + 1) <= v

    # ------------------------------------------------------------------ talon-led tricks (raspasovka)

    def _talon_exact(self, play: TrickPlay) -> int:
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

    def _talon_value(self, play: TrickPlay, alpha: int, beta: int) -> int:
        maxing = self.max_side[play.to_play]
        best = -1 if maxing else 99
        legal = play.legal_mask()
        while legal:
            low = legal & -legal
            legal ^= low
            child = play.copy()
            child.play(low.bit_length() - 1)
            v = self.value(child, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    # ------------------------------------------------------------------ the search

    def _probe(self, play: TrickPlay, alpha: int, beta: int) -> int:
        hands = list(play.hands)
        won = play.tricks_won[self.declarer]
        sw = play.tricks_won[self.stop_seat] if self.stop_seat is not None else 0
        # the shortcuts that assume every card gets played (the last trick, the top trumps) need each hand
        # to hold one card per trick left; a position built by hand may not
        rem = 10 - play.tricks_done
        played = {seat for seat, _ in play.trick}
        self._exact = all(play.hands[h].bit_count() == rem - (h in played) for h in self.order)
        if not play.trick:
            return self._lead(hands, play.to_play, play.tricks_done, won, sw, alpha, beta)
        trick_cards = 0
        for _, card in play.trick:
            trick_cards |= 1 << card
        return self._follow(
            hands, play.to_play, play.led_suit, play.best_card, play.best_hand, play.best_is_trump,
            len(play.trick), trick_cards, play.tricks_done, won, sw, alpha, beta,
        )

    def _guess(self, play: TrickPlay, lo: int, hi: int) -> int:
        """A first guess for MTD(f): in a game, the quick tricks (trumps) or a rough count of the
        declarer's tricks (no-trump); in misère the middle."""
        if not self.maximise:
            return (lo + hi + 1) // 2
        if self.trump != NO_TRUMP and not play.trick and self._quick:
            # trumps: the quick tricks of the side on lead (measured: fewer nodes than the count below)
            qt = self._quick_tricks(play.hands, play.to_play)
            if self.max_side[play.to_play]:
                return min(hi, lo + max(qt, 1))
            return max(lo + 1, hi - qt)
        # the declarer's cards with no more outside cards above them than half his own below them (the
        # lower cards that draw the higher ones out): a rough count of his tricks
        dec = play.hands[self.declarer]
        others = 0
        for h in self._defenders:
            others |= play.hands[h]
        est = 0
        m = dec
        while m:
            low = m & -m
            m ^= low
            card = low.bit_length() - 1
            if (others & _ABOVE[card]).bit_count() <= (dec & _BELOW[card]).bit_count() // 2:
                est += 1
        return min(hi, max(lo + 1, lo + est))

    def _quick_tricks(self, hands: list[int], seat: int) -> int:
        """Tricks the side of ``seat``, on lead at a trick start, takes at once by cashing top cards.

        A card above every other card still out in its suit wins when led. In no-trump all of them can be
        cashed one after the other. In trumps the top trumps can; a winner of another suit only as many times
        as every opponent who still has a trump follows suit (all of them, once the top trumps have drawn
        the opponents' trumps), and as the partner follows (else he must ruff it and takes the lead).
        """
        mine = hands[seat]
        opp = 0
        partner = 0
        for h in self._opponents[seat]:
            opp |= hands[h]
        for h in self._partners[seat]:
            partner |= hands[h]
        others = opp | partner
        qt = 0
        if self.trump == NO_TRUMP:
            for sm in SUIT_MASK:
                hs = mine & sm
                if hs:
                    qt += (hs >> (others & sm).bit_length()).bit_count()
            return qt
        tm = self._trump_mask
        qt = ((mine & tm) >> (others & tm).bit_length()).bit_count()
        ruffers = []
        most = 0
        for h in self._opponents[seat]:
            o = hands[h]
            n = (o & tm).bit_count()
            if n:
                ruffers.append(o)
                if n > most:
                    most = n
        if qt >= most:
            ruffers = []  # the top trumps draw theirs first
        partner_ruffs = self.must_trump and partner & tm
        for sm in self._side_suits:
            hs = mine & sm
            if not hs:
                continue
            w = (hs >> (others & sm).bit_length()).bit_count()
            if w:
                for o in ruffers:
                    n = (o & sm).bit_count()
                    if n < w:
                        w = n
                if partner_ruffs:
                    n = (partner & sm).bit_count()
                    if n < w:
                        w = n
                qt += w
        return qt

    def _lead(self, hands: list[int], seat: int, done: int, won: int, sw: int, alpha: int, beta: int) -> int:
        """A trick start: table, bounds, then each lead. Fail-soft; the declarer's final tricks."""
        self.nodes += 1
        rem = 10 - done
        if rem <= 0:
            return won
        if won + rem <= alpha:
            return won + rem
        if won >= beta:
            return won
        if rem == 1 and self._exact:
            # the last trick plays itself: one card in each hand
            return won + (self._last_trick(hands, seat) == self.declarer)
        order = self.order
        o3 = self._o3
        x = hands[order[0]] | hands[order[1]] << 32
        if o3 >= 0:
            x |= hands[o3] << 64
        # the normalised key: each suit's cards still out renumbered by rank
        norm = _NORM
        m = _SUIT_BYTES
        k = x & m
        code = norm.get(k)
        if code is None:
            code = _normalise(k)
        k = x >> 8 & m
        n = norm.get(k)
        code |= (n if n is not None else _normalise(k)) << 8
        k = x >> 16 & m
        n = norm.get(k)
        code |= (n if n is not None else _normalise(k)) << 16
        k = x >> 24 & m
        n = norm.get(k)
        code |= (n if n is not None else _normalise(k)) << 24
        key = code | seat << 96 | done << 100
        if self.stops:
            key |= won << 104 | sw << 108
        table = self.table
        entry = table.get(key)
        hand = hands[seat]
        live = (x | x >> 32 | x >> 64) & 0xFFFFFFFF
        first = -1
        maxing = self.max_side[seat]
        if entry is not None:
            lo = entry[0] + won
            hi = entry[1] + won
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
            nm = entry[2]
            if nm >= 0:
                s = nm >> 3
                first = (s << 3) + _SELECT[live >> (s << 3) & 0xFF][nm & 7]
        elif self._clean:
            more = self._no_trick_settled(hands, seat, rem)
            if more >= 0:
                table[key] = (more, more, -1)
                return won + more
        elif self._quick:
            if self._top_trumps and self._exact:
                # a trump above all the other side's trumps wins the trick it is played in, and a hand
                # plays one card per trick: the declarer's such trumps are his tricks, and the defence has
                # at least as many tricks as one defender holds such trumps
                tm = self._trump_mask
                dec = hands[self.declarer] & tm
                dtop = 0
                deftop = 0
                defs = 0
                for h in self._defenders:
                    defs |= hands[h] & tm
                if dec:
                    dtop = (dec & ~((1 << defs.bit_length()) - 1)).bit_count() if defs else dec.bit_count()
                if defs:
                    floor = ~((1 << dec.bit_length()) - 1)
                    for h in self._defenders:
                        c = (hands[h] & tm & floor).bit_count()
                        if c > deftop:
                            deftop = c
                if won + dtop >= beta:
                    table[key] = (dtop, rem, -1)
                    return won + dtop
                if won + rem - deftop <= alpha:
                    table[key] = (0, rem - deftop, -1)
                    return won + rem - deftop
            qt = self._quick_tricks(hands, seat)
            if qt:
                if qt > rem:
                    qt = rem
                if maxing:
                    if won + qt >= beta:
                        table[key] = (qt, rem, -1)
                        return won + qt
                elif won + rem - qt <= alpha:
                    table[key] = (0, rem - qt, -1)
                    return won + rem - qt
        best = -1 if maxing else 99
        best_card = -1
        a, b = alpha, beta
        nxt = self.next_hand[seat]
        trump = self.trump
        if self._flat:
            if first >= 0:
                # the table's lead first, before ordering the others: it usually settles the test
                best, best_card = self._trick3(hands, seat, [first], live, done, won, a, b)
                if maxing:
                    if best > a:
                        a = best
                elif best < b:
                    b = best
                if a < b:
                    moves = self._lead_order(hands, hand, seat, live)
                    if first in moves:
                        moves.remove(first)
                    v, card = self._trick3(hands, seat, moves, live, done, won, a, b)
                    if v > best if maxing else v < best:
                        best, best_card = v, card
            else:
                best, best_card = self._trick3(hands, seat, self._lead_order(hands, hand, seat, live), live,
                                               done, won, a, b)
            moves = []
        else:
            moves = self._lead_order(hands, hand, seat, live)
            if first >= 0 and first in moves:
                moves.remove(first)
                moves.insert(0, first)
        follow = self._follow
        for card in moves:
            bit = 1 << card
            suit = card >> 3
            hands[seat] = hand ^ bit
            v = follow(hands, nxt, suit, card, seat, suit == trump, 1, bit, done, won, sw, a, b)
            hands[seat] = hand
            if maxing:
                if v > best:
                    best = v
                    best_card = card
                    if v > a:
                        a = v
                        if a >= b:
                            break
            elif v < best:
                best = v
                best_card = card
                if v < b:
                    b = v
                    if a >= b:
                        break
        lo, hi = (entry[0], entry[1]) if entry is not None else (0, rem)
        rel = best - won
        if best <= alpha:
            if rel < hi:
                hi = rel  # fail low: an upper bound
        elif best >= beta:
            if rel > lo:
                lo = rel  # fail high: a lower bound
        else:
            lo = hi = rel
        table[key] = (lo, hi, (best_card & 24) | (live & _BELOW[best_card]).bit_count() if best_card >= 0 else -1)
        return best

    def _lead_order(self, hands: list[int], hand: int, seat: int, live: int) -> list[int]:
        """One card of each equivalence class of ``hand``, in order of promise for a lead."""
        reps = distinct_cards(hand, hand, live)
        if len(reps) < 2:
            return reps
        if self.maximise:
            # a game: sure winners (no live card above) first, highest first, then the others high first
            tops = [c for c in reps if not live & _ABOVE[c]]
            rest = [c for c in reversed(reps) if live & _ABOVE[c]]
            tops.reverse()
            if self.trump >= 0 and not self.max_side[seat]:
                # the defence keeps its trumps for ruffing: side suits first (measured: fewer nodes)
                t = self.trump
                tops = [c for c in tops if c >> 3 != t] + [c for c in tops if c >> 3 == t]
                rest = [c for c in rest if c >> 3 != t] + [c for c in rest if c >> 3 == t]
            return tops + rest
        others = live & ~hand
        if seat == self.declarer:
            # misère declarer: leads a defender must go over first, then those under the fewest outside
            # cards; a suit nobody else holds wins the trick, so last
            defs = [hands[h] for h in self._defenders]

            def safety(c: int) -> int:
                sm = SUIT_MASK[c >> 3]
                if not others & sm:
                    return 99  # nobody else holds the suit: he wins it
                for d in defs:
                    if d & sm and not d & _BELOW[c]:
                        return c & 7  # this defender must go over it: a sure duck
                return 10 + (others & _BELOW[c]).bit_count()
            reps.sort(key=safety)
            return reps
        dec = hands[self.declarer]

        # misère defenders: leads the declarer cannot duck first, then those with few of his cards below
        partner = 0
        for h in self._defenders:
            if h != seat:
                partner |= hands[h]

        def pressure(c: int) -> int:
            sm = SUIT_MASK[c >> 3]
            ds = dec & sm
            if not ds:
                return 99
            ps = partner & sm
            top = c
            if ps:
                low = (ps & -ps).bit_length() - 1
                if low > top:
                    top = low
            if not ds & _BELOW[top]:
                return c & 7  # he cannot duck under the lead and the partner's lowest card: a sure trick
            return 10 + (dec & _BELOW[c]).bit_count() * 8 + (c & 7)

        reps.sort(key=pressure)
        return reps

    def _trick3(
        self, hands: list[int], s1: int, moves: list[int], live: int, done: int, won: int, a: int, b: int,
    ) -> tuple[int, int]:
        """The cards of one whole trick of three hands without an early stop, as three nested loops (the
        same search as :meth:`_follow`, without a call per card): the best value and the best lead."""
        s2 = self.next_hand[s1]
        s3 = self.next_hand[s2]
        h1 = hands[s1]
        h2 = hands[s2]
        h3 = hands[s3]
        max_side = self.max_side
        m1 = max_side[s1]
        m2 = max_side[s2]
        m3 = max_side[s3]
        declarer = self.declarer
        trump = self.trump
        replies = self._replies
        lead = self._lead
        n_done = done + 1
        rem1 = 10 - n_done
        best = -1 if m1 else 99
        best_card = -1
        for c1 in moves:
            led = c1 >> 3
            t1 = led == trump
            hands[s1] = h1 ^ (1 << c1)
            best2 = -1 if m2 else 99
            a2 = a
            b2 = b
            seen = -1
            third: list[int] = []
            for c2 in replies(h2, s2, led, c1, s1, t1, live):
                suit = c2 >> 3
                bc, bh, bt = c1, s1, t1
                if suit == trump:
                    if not t1 or c2 > c1:
                        bc, bh, bt = c2, s2, True
                elif suit == led and not t1 and c2 > c1:
                    bc, bh = c2, s2
                hands[s2] = h2 ^ (1 << c2)
                best3 = -1 if m3 else 99
                a3 = a2
                b3 = b2
                if bc != seen:
                    # the third hand's cards depend only on the card heading the trick
                    seen = bc
                    third = replies(h3, s3, led, bc, bh, bt, live)
                for c3 in third:
                    suit = c3 >> 3
                    w = bh
                    if suit == trump:
                        if not bt or c3 > bc:
                            w = s3
                    elif suit == led and not bt and c3 > bc:
                        w = s3
                    v = won + (w == declarer)
                    # the bounds _lead would return at once, without the call
                    if v < b3:
                        if v + rem1 <= a3:
                            v += rem1
                        else:
                            hands[s3] = h3 ^ (1 << c3)
                            v = lead(hands, w, n_done, v, 0, a3, b3)
                    if m3:
                        if v > best3:
                            best3 = v
                            if v > a3:
                                a3 = v
                                if a3 >= b3:
                                    break
                    elif v < best3:
                        best3 = v
                        if v < b3:
                            b3 = v
                            if a3 >= b3:
                                break
                hands[s3] = h3
                v = best3
                if m2:
                    if v > best2:
                        best2 = v
                        if v > a2:
                            a2 = v
                            if a2 >= b2:
                                break
                elif v < best2:
                    best2 = v
                    if v < b2:
                        b2 = v
                        if a2 >= b2:
                            break
            hands[s2] = h2
            v = best2
            if m1:
                if v > best:
                    best = v
                    best_card = c1
                    if v > a:
                        a = v
                        if a >= b:
                            break
            elif v < best:
                best = v
                best_card = c1
                if v < b:
                    b = v
                    if a >= b:
                        break
        hands[s1] = h1
        return best, best_card

    def _reply_function(self) -> Callable[[int, int, int, int, int, bool, int], list[int]]:
        """``replies(hand, seat, led, best_card, best_hand, best_is_trump, live)``: the cards ``seat`` may
        play after the lead (as :meth:`TrickPlay.legal_mask`), one of each equivalence class, best first;
        ``live`` is the cards in the hands and in the trick. A closure over the rules, for speed."""
        must_follow = self.must_follow
        must_beat = self.must_beat
        must_trump = self.must_trump
        must_overtrump = self.must_overtrump
        trump_mask = self._trump_mask
        maximise = self.maximise
        max_side = self.max_side
        suit_mask = SUIT_MASK
        above = _ABOVE
        rank = _rank

        def replies(hand: int, seat: int, led: int, best_card: int, best_hand: int, best_is_trump: bool,
                    live: int) -> list[int]:
            legal = hand
            follow = hand & suit_mask[led] if must_follow else 0
            if follow:
                legal = follow
                # head the trick in the suit led, unless a trump from another suit leads it
                if must_beat and (not best_is_trump or best_card >> 3 == led):
                    higher = follow & above[best_card]
                    if higher:
                        legal = higher
            elif must_trump:
                trumps = hand & trump_mask
                if trumps:
                    legal = trumps
                    if must_overtrump and best_is_trump:
                        higher = trumps & above[best_card]
                        if higher:
                            legal = higher
            if not legal & (legal - 1):
                return [legal.bit_length() - 1]  # one legal card
            # the cards that would head the trick: a higher trump, else a higher card of the suit or a trump
            wins = above[best_card] if best_is_trump else above[best_card] | trump_mask
            winners: list[int] = []
            losers: list[int] = []
            m = legal
            while m:
                low = m & -m
                m ^= low
                card = low.bit_length() - 1
                up = live & above[card]
                if up and (up & -up) & hand:
                    continue  # the next live card above is ours: the same card
                if low & wins:
                    winners.append(card)
                else:
                    losers.append(card)
            if maximise:
                if len(losers) > 1 and not follow:
                    losers.sort(key=rank)  # discards: the lowest rank first, whatever the suit
                if max_side[best_hand] == max_side[seat]:
                    return losers + winners  # partner wins: lowest first
                return winners + losers  # cheapest winner first
            # misère: the highest card that ducks first (the declarer keeps his low cards to duck later, the
            # defenders theirs to stay under him), then the lowest that wins
            losers.reverse()
            return losers + winners

        return replies

    def _follow(
        self, hands: list[int], seat: int, led: int, best_card: int, best_hand: int, best_is_trump: bool,
        in_trick: int, trick_cards: int, done: int, won: int, sw: int, alpha: int, beta: int,
    ) -> int:
        """A card after the lead. Fail-soft; the declarer's final tricks."""
        self.nodes += 1
        hand = hands[seat]
        live = trick_cards
        for h in self.order:
            live |= hands[h]
        moves = self._replies(hand, seat, led, best_card, best_hand, best_is_trump, live)
        maxing = self.max_side[seat]
        trump = self.trump
        best = -1 if maxing else 99
        a, b = alpha, beta
        if in_trick + 1 == self.n_active:
            declarer = self.declarer
            stop_seat = self.stop_seat
            lead = self._lead
            n_done = done + 1
            for card in moves:
                suit = card >> 3
                n_hand = best_hand
                if suit == trump:
                    if not best_is_trump or card > best_card:
                        n_hand = seat
                elif suit == led and not best_is_trump and card > best_card:
                    n_hand = seat
                n_won = won + (n_hand == declarer)
                n_sw = sw + (n_hand == stop_seat)
                hands[seat] = hand ^ (1 << card)
                if self.stops and self._stopped(n_done, n_sw):
                    v = n_won
                else:
                    v = lead(hands, n_hand, n_done, n_won, n_sw, a, b)
                hands[seat] = hand
                if maxing:
                    if v > best:
                        best = v
                        if v > a:
                            a = v
                            if a >= b:
                                break
                elif v < best:
                    best = v
                    if v < b:
                        b = v
                        if a >= b:
                            break
            return best
        nxt = self.next_hand[seat]
        follow = self._follow
        n_in = in_trick + 1
        for card in moves:
            bit = 1 << card
            suit = card >> 3
            n_best, n_hand, n_trump = best_card, best_hand, best_is_trump
            if suit == trump:
                if not best_is_trump or card > best_card:
                    n_best, n_hand, n_trump = card, seat, True
            elif suit == led and not best_is_trump and card > best_card:
                n_best, n_hand = card, seat
            hands[seat] = hand ^ bit
            v = follow(hands, nxt, led, n_best, n_hand, n_trump, n_in, trick_cards | bit, done, won, sw, a, b)
            hands[seat] = hand
            if maxing:
                if v > best:
                    best = v
                    if v > a:
                        a = v
                        if a >= b:
                            break
            elif v < best:
                best = v
                if v < b:
                    b = v
                    if a >= b:
                        break
        return best

    def _no_trick_settled(self, hands: list[int], seat: int, rem: int) -> int:
        """No-trump misère, following suit: the declarer's tricks still to come when they are settled at
        this trick start, else -1.

        In every suit he holds, all his cards below all the defenders' cards: no trick led by a defender
        can be his (he follows under or discards), so he never wins the lead back; if he leads now, a
        card of a suit a defender holds is beaten (that defender must follow, higher). No more tricks.
        On lead, in every suit he holds, all his cards above all theirs: each lead of his wins and he keeps
        the lead to the end. Every trick left is his."""
        dec = hands[self.declarer]
        defs = 0
        for h in self._defenders:
            defs |= hands[h]
        low = True
        exit_card = seat != self.declarer
        high = not exit_card
        for sm in SUIT_MASK:
            ds = dec & sm
            if ds:
                es = defs & sm
                if es:
                    if ds.bit_length() > (es & -es).bit_length():
                        low = False
                    else:
                        exit_card = True
                    if (ds & -ds) < es:
                        high = False  # one of theirs above his lowest
        if low and exit_card:
            return 0
        if high and self._exact:
            return rem
        return -1

    def _last_trick(self, hands: list[int], seat: int) -> int:
        """The winner of the last trick, led by ``seat``, every active hand holding one card."""
        trump = self.trump
        nxt = self.next_hand
        best = hands[seat].bit_length() - 1
        led = best >> 3
        winner = seat
        best_trump = led == trump
        h = seat
        for _ in range(self.n_active - 1):
            h = nxt[h]
            card = hands[h].bit_length() - 1
            suit = card >> 3
            if suit == trump:
                if not best_trump or card > best:
                    best, winner, best_trump = card, h, True
            elif suit == led and not best_trump and card > best:
                best, winner = card, h
        return winner

    def _stopped(self, done: int, sw: int) -> bool:
        if done >= 10:
            return True
        if self.stop_mine is not None and sw >= self.stop_mine:
            return True
        return self.stop_def is not None and done - sw >= self.stop_def


def solve(play: TrickPlay, declarer: int, maximise: bool = True, backend: str | None = None) -> int:
    """The declarer's tricks at the end of the deal under best play from ``play`` (counting those won).

    ``maximise=False`` for misère/Bettel: the declarer takes as few tricks as he can. ``backend``: as in
    :func:`compiled_search`.
    """
    return Solver(play, declarer, maximise, backend).value(play)


def card_values(
    play: TrickPlay, declarer: int, maximise: bool = True, backend: str | None = None,
) -> dict[int, int]:
    """For each legal card of the hand to play: the declarer's final tricks after it and best play thereafter."""
    solver = Solver(play, declarer, maximise, backend)
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


def goal_of(spec: ContractSpec) -> tuple[bool, int]:
    """What the declarer of ``spec`` must do, as ``(maximise, tricks)``: in a game (``maximise=True``) end
    with at least ``tricks`` tricks (the target; Durchmarsch, goal ``"all"``: 10); in misère or Bettel (goal
    ``"none"``, ``maximise=False``) with at most ``tricks`` (0)."""
    if spec.goal == "none":
        return False, 0
    if spec.goal == "all":
        return True, 10
    return True, spec.target


def makes(play: TrickPlay, declarer: int, spec: ContractSpec) -> bool:
    """Whether the declarer of ``spec`` makes it from ``play`` under double-dummy play (tricks already won
    count): one null-window test, not a full solve."""
    maximise, tricks = goal_of(spec)
    return Solver(play, declarer, maximise).reaches(play, tricks)


# ---------------------------------------------------------------- the compiled accelerator (core/ai/_dds.c)

BACKENDS = ("auto", "python", "c")


def _load_compiled() -> type[_dds.Search] | None:
    try:
        from preferans.core.ai import _dds
    except ImportError:  # not built: there was no C compiler at install time
        return None
    return _dds.Search


_COMPILED = _load_compiled()


def compiled_search(backend: str | None = None) -> type[_dds.Search] | None:
    """The compiled search class for ``backend``, or ``None`` for the pure-Python search.

    ``backend`` (``None``: the ``PREFERANS_SOLVER`` environment variable, default ``auto``) is ``auto`` (the
    compiled solver when it is built, else Python), ``python`` or ``c`` (an error when it is not built).
    Both give the same values (tests/ai/test_solver_accel.py); docs/performance.md has the speeds.
    """
    choice = os.environ.get("PREFERANS_SOLVER", "auto") if backend is None else backend
    if choice not in BACKENDS:
        source = "PREFERANS_SOLVER" if backend is None else "backend"
        raise bad_input("{source}: unknown solver backend {name} (allowed: {allowed})", source=source,
                        name=repr(choice), allowed=", ".join(BACKENDS))
    if choice == "python":
        return None
    if _COMPILED is None and choice == "c":
        raise bad_input("solver backend {name}: the compiled solver {module} is not built (reinstall where a C "
                        "compiler works, see {doc})", name="'c'", module="preferans.core.ai._dds",
                        doc="docs/performance.md")
    return _COMPILED
