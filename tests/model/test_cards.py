"""Cards: parsing and printing, and the bit masks the engine's hot path relies on.

A card is ``suit * 8 + rank`` with suits S C D H (0..3) and ranks 7 8 9 10 J Q K A (0..7); every
expected index below is worked from that formula by hand.
"""

from __future__ import annotations

import pytest

from preferans.core.model.cards import (
    CARD_NAMES,
    FULL_PACK,
    SUIT_MASK,
    CardError,
    above,
    card_name,
    cards_of,
    format_cards,
    highest,
    mask_of,
    parse_card,
    parse_cards,
    pretty,
    rank_of,
    suit_of,
)

# index = suit * 8 + rank
AS = 0 * 8 + 7  # 7
TEN_H = 3 * 8 + 3  # 27
SEVEN_C = 1 * 8 + 0  # 8
JD = 2 * 8 + 4  # 20
KH = 3 * 8 + 6  # 30
QD = 2 * 8 + 5  # 21


@pytest.mark.parametrize(
    ("text", "index"),
    [
        ("AS", AS),
        ("10H", TEN_H),
        ("TH", TEN_H),
        ("A♠", AS),
        ("10♥", TEN_H),
        ("7C", SEVEN_C),
        ("JD", JD),
        ("K♡", KH),  # the white suit symbols are accepted too
        # case-insensitive
        ("as", AS),
        ("aS", AS),
        ("10h", TEN_H),
        ("th", TEN_H),
        ("tH", TEN_H),
        ("a♠", AS),
        ("j♦", JD),
        (" qd ", QD),  # surrounding blanks are ignored
    ],
)
def test_parse_card(text: str, index: int) -> None:
    assert parse_card(text) == index


@pytest.mark.parametrize(
    "text",
    ["", " ", "A", "S", "10", "6S", "11H", "AX", "ZZ", "AS2", "10HH", "A♠♠", "0H", "XS", "A S", "♠A", "HA"],
)
def test_bad_card_strings_raise_card_error(text: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    message = str(info.value)
    assert repr(text) in message  # the message names the bad input
    assert "\n" not in message


def test_card_error_is_a_value_error() -> None:
    # callers that only know ValueError (argparse, pydantic validators) still catch it
    assert issubclass(CardError, ValueError)


def test_card_names_are_the_32_cards_in_index_order() -> None:
    ranks = ["7", "8", "9", "10", "J", "Q", "K", "A"]
    expected = [r + s for s in "SCDH" for r in ranks]
    assert list(CARD_NAMES) == expected
    assert len(set(CARD_NAMES)) == 32


@pytest.mark.parametrize("card", range(32))
def test_names_round_trip(card: int) -> None:
    name = card_name(card)
    assert parse_card(name) == card
    assert parse_card(name.lower()) == card
    assert parse_card(pretty(card)) == card
    assert suit_of(card) * 8 + rank_of(card) == card
    assert name[-1] == "SCDH"[suit_of(card)]


def test_pretty_uses_suit_symbols() -> None:
    assert pretty(TEN_H) == "10♥"
    assert pretty(AS) == "A♠"
    assert pretty(SEVEN_C) == "7♣"
    assert pretty(JD) == "J♦"


def test_parse_cards_and_duplicates() -> None:
    assert parse_cards("AS, 10H  7c") == (1 << AS) | (1 << TEN_H) | (1 << SEVEN_C)
    assert parse_cards(["AS", "10H"]) == (1 << AS) | (1 << TEN_H)
    assert parse_cards("") == 0
    with pytest.raises(CardError):
        parse_cards("10H TH")  # the same card under two spellings
    with pytest.raises(CardError):
        parse_cards("AS XX")


def test_format_cards_groups_by_suit_highest_first() -> None:
    mask = parse_cards("7S KH AS 10S")
    assert format_cards(mask) == "AS 10S 7S KH"
    assert format_cards(mask, symbols=True) == "A♠ 10♠ 7♠ K♥"
    assert format_cards(0) == ""


def test_suit_masks() -> None:
    # one byte per suit: spades bits 0-7, clubs 8-15, diamonds 16-23, hearts 24-31
    assert SUIT_MASK == (0x000000FF, 0x0000FF00, 0x00FF0000, 0xFF000000)
    for s, letter in enumerate("SCDH"):
        assert SUIT_MASK[s] == parse_cards(f"7{letter} 8{letter} 9{letter} 10{letter} J{letter} "
                                           f"Q{letter} K{letter} A{letter}")
    union = 0
    for s in range(4):
        assert union & SUIT_MASK[s] == 0  # disjoint
        union |= SUIT_MASK[s]
    assert union == FULL_PACK == (1 << 32) - 1


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        ("10H", "JH QH KH AH"),
        ("7C", "8C 9C 10C JC QC KC AC"),
        ("KD", "AD"),
        ("AS", ""),
        ("AC", ""),  # the ace of clubs: nothing above it, and no spade leaks in from the next byte
        ("QS", "KS AS"),
    ],
)
def test_above(card: str, expected: str) -> None:
    assert above(parse_card(card)) == parse_cards(expected)


def test_highest() -> None:
    assert highest(parse_cards("9D KD 7D")) == parse_card("KD")
    assert highest(parse_cards("7H")) == parse_card("7H")
    # across suits it is the highest index: hearts come last
    assert highest(parse_cards("AS 7H")) == parse_card("7H")
    assert highest(parse_cards("AS AC")) == parse_card("AC")


def test_cards_of_and_mask_of() -> None:
    mask = parse_cards("KH AS 7C")
    assert list(cards_of(mask)) == [AS, SEVEN_C, KH]  # lowest index first
    assert mask_of([KH, AS, SEVEN_C]) == mask
    assert list(cards_of(0)) == []
    assert list(cards_of(FULL_PACK)) == list(range(32))
