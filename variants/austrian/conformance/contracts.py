"""The Austrian contracts by name, as the rules pages name them (no contract table is read).

Bids are numbers (``1`` .. ``4``, Illustrated ``5`` .. ``8``: ``game.numbers``); every contract may also be
bid without the talon as ``<name>-hand`` when ``game.hand_games`` is on (docs/variants/austrian.md#bidding).
"""

from __future__ import annotations

from preferans.variants.austrian.rules import AustrianRules

SUITS = ("clubs", "spades", "diamonds", "hearts")
"""The four suit contracts (GAP-AUT-02: clubs 1, spades 2, diamonds 3, hearts 4 by default)."""

HAND = "-hand"
"""The suffix of a contract bid and played without the talon (hearts-hand is Préférence)."""

SUIT_LETTER = {"spades": 0, "clubs": 1, "diamonds": 2, "hearts": 3}
"""The suit's index in a card mask (cards are ``suit * 8 + rank``, suits in the order S C D H)."""

ACES = sum(1 << (suit * 8 + 7) for suit in range(4))
"""The four aces as a card mask (rank 7, the ace, of each suit)."""


def base(name: str) -> str:
    """The contract a name stands for, without the talon or with it: ``hearts-hand`` -> ``hearts``."""
    return name.removesuffix(HAND)


def is_hand(name: str) -> bool:
    """Whether a contract name is a hand game (played without the talon)."""
    return name.endswith(HAND)


def is_number(name: str) -> bool:
    """Whether a call is a bid with the talon (a number, AUT-BID-02)."""
    return name.isdigit()


def is_suit(name: str) -> bool:
    """Whether a contract (with or without the talon) is one of the four suit contracts."""
    return base(name) in SUITS


def number_of(name: str, rules: AustrianRules) -> int | None:
    """The auction number of a bid or a contract (``None`` for a name the rules do not know)."""
    if is_number(name):
        return int(name)
    value = rules.game.numbers.get(base(name))
    return None if value is None else int(value)


def talon_contracts(rules: AustrianRules) -> dict[str, int]:
    """The contracts that may be named after the talon, with their numbers (``game.numbers``)."""
    return {name: int(n) for name, n in rules.game.numbers.items()}


def holds_all_aces(mask: int) -> bool:
    return mask & ACES == ACES


def holds_an_ace(mask: int) -> bool:
    return bool(mask & ACES)
