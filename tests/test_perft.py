"""Perft: the golden counts of ``core/testing/perft.toml`` hold for the reference and for the engine.

The reference enumerates play with plain lists from the position's rule facts; the engine through
``Game.legal_actions``/``Game.apply``. Both must give the golden numbers; the first three of one position
are counted by hand here as well.
"""

from __future__ import annotations

import pytest

from preferans.core import load_variant
from preferans.core.testing import perft

POSITIONS = {p.name: p for p in perft.load_positions()}


def test_at_least_three_positions_per_family() -> None:
    families = [p.family for p in POSITIONS.values()]
    assert all(families.count(f) >= 3 for f in ("russian", "balkan", "austrian"))


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_reference_gives_the_golden_counts(name: str) -> None:
    p = POSITIONS[name]
    assert perft.reference_perft(p, len(p.counts)) == (list(p.counts), list(p.tricks))


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_engine_gives_the_golden_counts(name: str) -> None:
    p = POSITIONS[name]
    game = perft.set_up(load_variant(p.variant), p)
    assert perft.engine_perft(game, len(p.counts)) == (list(p.counts), list(p.tricks))


def test_hand_count_of_the_first_three_cards() -> None:
    p = POSITIONS["sochi-6H-two-whisters"]
    # the leader (seat 1) may lead any of his 10 cards; seat 2 (spades 4, clubs 3, diamonds 2, hearts 1)
    # follows the leader's 2 spades, 3 clubs, 2 diamonds, 3 hearts; seat 0 after the talon holds spades 1,
    # clubs 2, diamonds 3, hearts 4
    two = 2 * 4 + 3 * 3 + 2 * 2 + 3 * 1
    three = 2 * 4 * 1 + 3 * 3 * 2 + 2 * 2 * 3 + 3 * 1 * 4
    assert p.counts[:3] == (10, 24, 50) == (10, two, three)


def test_every_variant_of_a_family_matches_or_says_why_not() -> None:
    # Rostov's raspasovka is played without the talon (raspasovka.record = "whists"): the position is skipped
    rostov = perft.check_play_perft_matches_family(load_variant("rostov"))
    assert "sochi-raspasovka" not in rostov and "sochi-6H-two-whisters" in rostov
    # Serbian leads sans from before the declarer: each sans position assumes one reading
    serbian = perft.check_play_perft_matches_family(load_variant("serbian"))
    assert "balkan-sans" not in serbian and "serbian-sans" in serbian
    assert "serbian-sans" in perft.check_play_perft_matches_family(load_variant("slovenian"))
    assert len(perft.check_play_perft_matches_family(load_variant("nachgehen"))) == 5


def test_reference_trick_winner_by_the_rules() -> None:
    # a trump takes the trick whatever was led; else the highest card of the suit led; a card of another
    # suit never wins; a talon card (seat None) only names the suit
    assert perft._winner([(1, "AS"), (2, "7H"), (0, "KS")], "H") == 2
    assert perft._winner([(1, "9S"), (2, "AD"), (0, "10S")], "H") == 0
    assert perft._winner([(1, "9S"), (2, "AD"), (0, "10S")], None) == 0
    assert perft._winner([(None, "AD"), (1, "7D"), (2, "8D"), (0, "JS")], None) == 2
    assert perft._winner([(None, "AD"), (1, "7S"), (2, "8C")], None) is None  # nobody could follow


def test_the_suite_check_fails_a_position_played_otherwise() -> None:
    """perft holds a variant to its family: with heading the trick switched on, Sochi's counts change."""
    import dataclasses

    from preferans.core.testing import mutation

    must_beat = mutation.Mutation("beat", "sochi", "must-beat", mutation.play_rules(
        lambda r, _: dataclasses.replace(r, must_beat=True)))
    with pytest.raises(AssertionError, match=r"perft position sochi-6H-two-whisters: the engine counts"):
        perft.check_play_perft_matches_family(mutation.mutated(must_beat))
