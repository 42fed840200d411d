"""Nachgehen: the lie, the take-over and the overcalls, step by step (NACH-01..05, EX-10; issue 5).

The seed's example (EX-10) with A = seat 0, B = seat 1, C = seat 2 and C dealing, so that A speaks first:
A "one", B "two", C pass, A pass; B lies; A takes over with Bettel; B over with Durchmarsch. The whole deal is
also a golden playthrough (variants/nachgehen/playthroughs/seed-example.toml).
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from preferans.core import IllegalActionError, load_variant
from preferans.core.engine.game import Game, Phase
from preferans.core.model.cards import CARD_INDEX

A, B, C = 0, 1, 2
EXTRAS = ["bettel", "durchmarsch", "plauderer", "offener-durchmarsch"]


def new(seed: int = 2, variant: str = "nachgehen") -> Game:
    return Game(load_variant(variant), seed=seed, first_dealer=C)


def apply(g: Game, actions: Iterable[str]) -> None:
    for a in actions:
        g.apply(a)


def discard_two(g: Game) -> list[str]:
    assert g.phase is Phase.DISCARD
    cards = g.legal_actions()[:2]
    apply(g, cards)
    return cards


def mask(cards: Iterable[str]) -> int:
    return sum(1 << CARD_INDEX[c] for c in cards)


def test_the_seed_example_step_by_step() -> None:
    g = new()
    apply(g, ["1", "2", "pass", "pass"])
    # B won on a number and A bid too: he takes the talon and discards, but names nothing (NACH-01/02)
    assert g.deal.declarer == B and g.deal.talon_taken
    b_discard = discard_two(g)
    assert g.phase is Phase.DECLARE and g.current_player == B and g.legal_actions() == ["lie"]
    g.apply("lie")
    # A took part in the bidding; C only passed and may not take over (NACH-03)
    assert g.current_player == A and g.legal_actions() == ["pass", "take"]
    before = g.hand(A)
    g.apply("take")
    # A takes up B's discards and discards two of his own
    assert g.phase is Phase.DISCARD and g.hand(A) == before | mask(b_discard) and g.deal.discard == 0
    a_discard = discard_two(g)
    # a contract of at least 5 (Bettel), with the talon (NACH-03, GAP-NACH-04)
    assert g.current_player == A and g.legal_actions() == EXTRAS
    g.apply("bettel")
    # B may take up A's discards and name a higher one (NACH-04)
    assert g.current_player == B and g.legal_actions() == ["pass", "take"]
    g.apply("take")
    assert g.hand(B) & mask(a_discard) == mask(a_discard)
    last = discard_two(g)
    assert g.legal_actions() == EXTRAS[1:]  # strictly above Bettel
    g.apply("durchmarsch")
    assert g.current_player == A and g.legal_actions() == ["pass", "take"]
    g.apply("pass")
    # the last contract named is played by the one who named it (NACH-05); his discards are out of play
    assert g.phase is Phase.DEFENCE and g.deal.declarer == B
    assert g.deal.contract is not None and g.deal.contract.name == "durchmarsch"
    assert g.deal.discard == mask(last)
    # kontra as in Illustrated, from the declarer's left: C, then A (GAP-NACH-05)
    assert g.current_player == C and g.legal_actions() == ["pass", "kontra"]
    g.check_cards()


def test_a_could_overcall_again_with_plauderer() -> None:
    g = new()
    apply(g, ["1", "2", "pass", "pass"])
    discard_two(g)
    apply(g, ["lie", "take"])
    discard_two(g)
    apply(g, ["bettel", "take"])
    discard_two(g)
    apply(g, ["durchmarsch", "take"])  # "... unless A overcalls again with Plauderer" (EX-10)
    discard_two(g)
    assert g.legal_actions() == ["plauderer", "offener-durchmarsch"]
    g.apply("offener-durchmarsch")
    # nothing is above the top contract: nobody is asked again (GAP-NACH-03)
    assert g.phase is Phase.DEFENCE and g.deal.declarer == A
    g.check_cards()


def test_nobody_takes_over_the_winner_names_as_usual() -> None:
    g = new()
    apply(g, ["1", "2", "pass", "pass"])
    discard_two(g)
    apply(g, ["lie", "pass"])
    # [I]: he names his contract normally, at least his bid of 2; then the announcement of the pot game
    assert g.current_player == B and g.legal_actions() == ["spades", "diamonds", "hearts", *EXTRAS]
    g.apply("spades")
    assert g.phase is Phase.DECLARE and g.legal_actions()[0] == "quiet"
    g.apply("quiet")
    assert g.phase is Phase.DEFENCE and g.deal.declarer == B and g.legal_actions() == ["play", "pass"]


def test_taking_over_is_optional_and_illegal_calls_are_rejected() -> None:
    g = new()
    apply(g, ["1", "2", "pass", "pass"])
    discard_two(g)
    with pytest.raises(IllegalActionError):
        g.apply("hearts")  # the winner may only lie
    g.apply("lie")
    with pytest.raises(IllegalActionError):
        g.apply("bettel")  # take up the discards first
    assert g.current_player == A and g.phase is Phase.DECLARE


def test_nachgehen_needs_a_number_and_another_bidder() -> None:
    # only B bid: no Nachgehen, B names his contract at once
    g = new()
    apply(g, ["pass", "1", "pass"])
    discard_two(g)
    assert g.legal_actions()[0] == "clubs" and "lie" not in g.legal_actions()
    # a hand bid is not won "on numbers": played as bid
    g = new()
    apply(g, ["1", "hearts-hand", "pass", "pass"])
    assert g.phase is Phase.DECLARE and g.legal_actions()[0] == "quiet"


def test_every_bidder_in_turn_from_the_namers_left() -> None:
    # all three bid: A 1, B 2, C 3, A pass, B pass; C lies; the others in seat order from C's left: A, B
    g = new()
    apply(g, ["1", "2", "3", "pass", "pass"])
    assert g.deal.declarer == C
    discard_two(g)
    g.apply("lie")
    assert g.current_player == A
    g.apply("pass")
    assert g.current_player == B and g.legal_actions() == ["pass", "take"]
    g.apply("take")
    discard_two(g)
    g.apply("bettel")
    # after B's Bettel: C (the winner) and A, from B's left; A may come in although he passed before
    assert g.current_player == C
    g.apply("pass")
    assert g.current_player == A
    g.apply("pass")
    assert g.phase is Phase.DEFENCE and g.deal.declarer == B


def test_illustrated_without_nachgehen_names_at_once() -> None:
    g = new(variant="illustrated")
    apply(g, ["1", "2", "pass", "pass"])
    discard_two(g)
    assert "lie" not in g.legal_actions() and g.legal_actions()[0] == "spades"
