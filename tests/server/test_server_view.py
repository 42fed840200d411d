"""The suit order the page sorts a hand by, read from the variant's contract rows (lowest suit first)."""

from __future__ import annotations

import pytest

from preferans.core import Game, load_variant
from preferans.core.server.view import suit_order


@pytest.mark.parametrize(("variant", "order"), [
    # Russian: spades, clubs, diamonds, hearts (6S < 6C < 6D < 6H in the auction)
    ("sochi", ["S", "C", "D", "H"]),
    ("leningrad", ["S", "C", "D", "H"]),
    # Balkan: pik 2, karo 3, herc 4, tref 5
    ("balkan", ["S", "D", "H", "C"]),
    ("serbian", ["S", "D", "H", "C"]),
    # Austrian: clubs 1, spades 2, diamonds 3, hearts 4 (hearts the highest, "préférence")
    ("austrian", ["C", "S", "D", "H"]),
    ("illustrated", ["C", "S", "D", "H"]),
])
def test_the_suit_order_is_the_auctions(variant: str, order: list[str]) -> None:
    assert suit_order(Game(load_variant(variant), 1)) == order
