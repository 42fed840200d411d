"""Cards as ints and masks, and the seats around the table: what a plugin computes hands and turns with.

A card is an int 0..31 (``suit * 8 + rank``, suits in ``SUITS`` order, ranks in ``RANKS`` order), a hand a
32-bit mask (``bit(card)`` per card); ``NO_TRUMP`` is the trump of a no-trump contract.
"""

from __future__ import annotations

from preferans.core.model.cards import (
    CARD_INDEX,
    CARD_NAMES,
    FULL_PACK,
    NO_TRUMP,
    RANKS,
    SUIT_MASK,
    SUIT_SYMBOLS,
    SUITS,
    CardError,
    bit,
    card_name,
    cards_of,
    format_cards,
    names_of,
    parse_card,
    parse_cards,
    pretty,
    rank_of,
    suit_of,
)
from preferans.core.model.contracts import trump_name
from preferans.core.model.table import hand_slots, next_speaker, ownerless_hands

__all__ = [
    "CARD_INDEX", "CARD_NAMES", "FULL_PACK", "NO_TRUMP", "RANKS", "SUITS", "SUIT_MASK", "SUIT_SYMBOLS", "CardError",
    "bit", "card_name", "cards_of", "format_cards", "names_of", "parse_card", "parse_cards", "pretty", "rank_of",
    "suit_of", "trump_name",
    # the seats: who speaks next, how many hands a table deals, which hands no player holds
    "hand_slots", "next_speaker", "ownerless_hands",
]
