"""Платный прикуп (the paid talon, Кодекс 3.4.11): with four players the dealer, who sits out, dealt the
talon the declarer took, and writes whists on him for the aces and the marriage it brought. The units per
talon (``talon.two_aces`` ...) are gchet's table; docs/variants/sochi.md cites the sources."""

from __future__ import annotations

from preferans.core.plugin import DealResult, Entry, int_if_whole
from preferans.core.plugin.cards import cards_of, rank_of, suit_of
from preferans.variants.russian.rules import RussianRules

ACE, KING, QUEEN = 7, 6, 5
"""Rank indexes of A, K, Q (``RANKS`` runs 7 8 9 10 J Q K A)."""


def units(talon: int, rules: RussianRules) -> int:
    """What the two talon cards are worth: two aces, an ace with the king of its suit, one ace, a marriage
    (king and queen of one suit), else nothing."""
    cards = list(cards_of(talon))
    ranks = sorted(rank_of(c) for c in cards)
    one_suit = len(cards) == 2 and suit_of(cards[0]) == suit_of(cards[1])
    t = rules.talon
    if ranks.count(ACE) == 2:
        return int(t.two_aces)
    if ACE in ranks:
        return int(t.ace_king) if one_suit and KING in ranks else int(t.ace)
    return int(t.marriage) if one_suit and ranks == [QUEEN, KING] else 0


def paid_talon(r: DealResult, price: int, rules: RussianRules) -> list[Entry]:
    """The dealer's whists on the declarer of a trick game: units x the whist of one trick (price x
    ``whist.rate``); only with ``talon.paid``, a dealer who sat out and a talon known to have been taken."""
    if not rules.talon.paid or r.declarer is None or r.dealer in r.active or not r.talon:
        return []
    u = units(r.talon, rules)
    if not u:
        return []
    return [Entry("whists", r.dealer, int_if_whole(u * price * rules.whist.rate), other=r.declarer,
                  note="paid talon")]
