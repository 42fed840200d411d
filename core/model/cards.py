"""The 32-card pack as bit masks.

A card is an integer ``suit * 8 + rank`` with ranks 0..7 for 7 8 9 10 J Q K A and suits in the Russian
order of rank: spades, clubs, diamonds, hearts. A set of cards (a hand, the talon, a trick) is an ``int``
with one bit per card, so following suit is ``hand & SUIT_MASK[suit]`` and the highest card of a suit
is ``mask.bit_length() - 1``. Everything on the hot path (legal cards, trick winner) uses these masks;
names are only for people and files.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from preferans.core.model.errors import BadInput, bad_input, excerpt

SUITS = "SCDH"
"""Suit letters in the order of their index: spades, clubs, diamonds, hearts."""
SUIT_SYMBOLS = "♠♣♦♥"
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
NO_TRUMP = -1

FULL_PACK = (1 << 32) - 1
SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))
CARD_NAMES = tuple(r + s for s in SUITS for r in RANKS)
"""Canonical card names by index: ``7S`` ... ``AS``, ``7C`` ... ``AH``."""

CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
"""Canonical name -> index (the fast path for actions, which are always canonical names)."""
_SUIT_BYTE_NAMES = tuple(
    tuple(tuple(CARD_NAMES[s * 8 + r] for r in range(8) if byte >> r & 1) for byte in range(256)) for s in range(4)
)

_SYMBOL_TO_LETTER = dict(zip(SUIT_SYMBOLS, SUITS, strict=True)) | {"♤": "S", "♧": "C", "♢": "D", "♡": "H"}
_RANK_ALIASES = {"T": "10", "1": "10"}


class CardError(BadInput, ValueError):
    """A string that is not a card of the 32-card pack (a :class:`BadInput`, so that its line is said in the
    user's language; still a ``ValueError`` for the callers that catch one)."""


def suit_of(card: int) -> int:
    return card >> 3


def rank_of(card: int) -> int:
    return card & 7


def bit(card: int) -> int:
    return 1 << card


def _build_lookup() -> dict[str, int]:
    table: dict[str, int] = {}
    for index, name in enumerate(CARD_NAMES):
        rank, suit = name[:-1], name[-1]
        for r in {rank} | {alias for alias, real in _RANK_ALIASES.items() if real == rank}:
            for s in {suit, SUIT_SYMBOLS[SUITS.index(suit)]}:
                table[(r + s).upper()] = index
    return table


_LOOKUP = _build_lookup()


def parse_card(text: str) -> int:
    """Parse ``AS``, ``10H``, ``TH``, ``A♠``, ``10♥`` (case-insensitive) into a card index."""
    key = text.strip().upper()
    if key in _LOOKUP:
        return _LOOKUP[key]
    if key and key[-1] in _SYMBOL_TO_LETTER:
        key = key[:-1] + _SYMBOL_TO_LETTER[key[-1]]
        if key in _LOOKUP:
            return _LOOKUP[key]
    raise bad_input("not a card: {text} (expected rank {ranks} and suit {suits}, e.g. {examples})", CardError,
                    text=excerpt(text), ranks="7 8 9 10 J Q K A", suits="S C D H", examples="10H, AS, K♠")


def card_name(card: int) -> str:
    return CARD_NAMES[card]


def pretty(card: int) -> str:
    """Name with the suit symbol, e.g. ``10♥``."""
    return RANKS[card & 7] + SUIT_SYMBOLS[card >> 3]


def cards_of(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest index first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def names_of(mask: int) -> list[str]:
    """Canonical names of the cards of a mask, lowest index first (table lookup per suit byte)."""
    out: list[str] = []
    for s in range(4):
        byte = (mask >> (8 * s)) & 0xFF
        if byte:
            out.extend(_SUIT_BYTE_NAMES[s][byte])
    return out


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def parse_cards(text: str | Iterable[str]) -> int:
    """Parse a space/comma separated list (or an iterable) of cards into a mask; duplicates are an error."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    m = 0
    for item in items:
        c = parse_card(item)
        if m >> c & 1:
            raise bad_input("card listed twice: {card}", CardError, card=excerpt(item))
        m |= 1 << c
    return m


def format_cards(mask: int, symbols: bool = False) -> str:
    """Cards of a mask grouped by suit, highest first: ``AS 10S 7S KH``."""
    out = []
    for s in range(4):
        for c in sorted(cards_of(mask & SUIT_MASK[s]), reverse=True):
            out.append(pretty(c) if symbols else CARD_NAMES[c])
    return " ".join(out)


def highest(mask: int) -> int:
    """The highest-index card of a non-empty mask (within one suit: the highest rank)."""
    return mask.bit_length() - 1


def above(card: int) -> int:
    """Mask of the cards of the same suit ranked above ``card``."""
    return SUIT_MASK[card >> 3] & ~((2 << card) - 1)
