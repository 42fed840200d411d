"""The paid talon (платный прикуп, Кодекс 3.4.11), worked by hand.

With four players the dealer sits out; with ``talon.paid`` he writes whists on the declarer of a trick game
for what the talon he dealt brought: units (gchet: two aces 3, an ace with the king of its suit 2, one ace 1,
a marriage K-Q of one suit 1) x the whist of one trick (the price x ``whist.rate``). Off by default.
Seats 0..3 clockwise; the dealer ``d`` sits out; ``W(a, b)`` is the whists a writes on b.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import pytest

from helpers.russian_sheet import P, W, game, post, sheet
from preferans.core import Game, load_variant
from preferans.core.ai.registry import make_bot
from preferans.core.engine.match import Match
from preferans.core.formats.scorecard import score_card
from preferans.core.model.cards import parse_cards
from preferans.core.model.errors import RecordError
from preferans.variants.russian import talon


def match(variant: str, overrides: Mapping[str, Any] | None = None) -> Match:
    return Match(load_variant(variant, {"players": 4, **(overrides or {})}))


PAID = {"talon": {"paid": True}}


@pytest.mark.parametrize(("cards", "units"), [
    ("AS AH", 3),   # two aces
    ("AH KH", 2),   # an ace with the king of its suit
    ("AS KH", 1),   # an ace, the king of another suit
    ("AS 7H", 1),   # one ace
    ("KH QH", 1),   # a marriage
    ("KH QS", 0),   # king and queen of two suits: nothing
    ("QH JH", 0),
])
def test_the_units_of_a_talon(cards: str, units: int) -> None:
    assert talon.units(parse_cards(cards), load_variant("sochi").rules) == units


def test_sochi_six_with_ace_and_king_in_the_talon() -> None:
    # Dealer 3 sits out; seat 0 plays 6S, both whist: 0 takes 6, seat 1 3, seat 2 1. Made: pool 2. Whists
    # 3 x 2 = 6 and 1 x 2 = 2; the defence's 4 meets the obligation (4). The talon was AH KH: 2 units x
    # the whist of one trick, 2 x 1 = 2 -> the dealer writes 2 x 2 = 4 on the declarer
    deal = game(match("sochi"), 3, 0, "6S", {0: 6, 1: 3, 2: 1}, ["whist", "whist"])
    deal = dataclasses.replace(deal, talon=parse_cards("AH KH"))
    assert post(match("sochi"), deal) == {P(0): 2, W(1, 0): 6, W(2, 0): 2}   # off by default
    assert post(match("sochi", PAID), deal) == {P(0): 2, W(1, 0): 6, W(2, 0): 2, W(3, 0): 4}


def test_leningrad_seven_with_two_aces_passed_out() -> None:
    # Leningrad: dealer 3, seat 0 plays 7H, both pass: pool 4, no play. Two aces: 3 units x the whist of
    # one trick, price 4 x whist.rate 2 = 8 -> 24 on the declarer
    m = match("leningrad", PAID)
    deal = dataclasses.replace(game(m, 3, 0, "7H", {}, ["pass", "pass"]), talon=parse_cards("AS AD"))
    assert post(m, deal) == {P(0): 4, W(3, 0): 24}


def test_nothing_for_a_misere_or_an_unknown_talon() -> None:
    # misère has no whists; a paper record that does not write the talon (talon 0) pays nothing
    m = match("sochi", PAID)
    deal = dataclasses.replace(game(m, 3, 0, "misere", {0: 0, 1: 5, 2: 5}), talon=parse_cards("AS AD"))
    assert post(m, deal) == {P(0): 10}
    m = match("sochi", PAID)
    assert post(m, game(m, 3, 0, "6S", {0: 6, 1: 3, 2: 1}, ["whist", "whist"])) == {P(0): 2, W(1, 0): 6,
                                                                                    W(2, 0): 2}


def test_the_engine_reports_the_talon_it_dealt() -> None:
    # DealResult.talon is the talon as dealt when the declarer took it, 0 when nobody took it (raspasovka)
    game_ = Game(load_variant("sochi", {"players": 4, **PAID}), 3)
    bots = [make_bot("heuristic", 3, s) for s in range(4)]
    dealt: dict[int, int] = {}
    while len(game_.results) < 8:
        dealt[len(game_.results)] = game_.deal.talon
        game_.apply(bots[game_.current_player].choose(game_, game_.current_player))
    kinds = set()
    for i, r in enumerate(game_.results):
        taken = r.kind == "contract" and r.contract is not None and r.contract.with_talon
        assert r.talon == (dealt[i] if taken else 0)
        kinds.add(taken)
    assert True in kinds


def card(deal: dict[str, Any], paid: bool = True) -> dict[str, Any]:
    return {"variant": "sochi", "players": ["Anna", "Boris", "Vera", "Gleb"],
            "rules": {"pool": 10, "players": 4, "talon": {"paid": paid}}, "deal": [{"dealer": "Anna", **deal}]}


def test_a_scorecard_writes_the_talon() -> None:
    # Anna deals and sits out; Boris 6S with Vera and Gleb whisting: 6, 3, 1 as above. talon AS 7H: one
    # ace, 1 unit x 2 = 2 whists Anna writes on Boris
    deal = {"declarer": "Boris", "contract": "6S", "defence": {"Vera": "whist", "Gleb": "whist"},
            "tricks": {"Boris": 6, "Vera": 3, "Gleb": 1}, "talon": "AS 7H"}
    scored = score_card(card(deal), "paid.toml")
    assert sheet(scored.match.deal_entries[0]) == {P(1): 2, W(2, 1): 6, W(3, 1): 2, W(0, 1): 2}


@pytest.mark.parametrize(("deal", "paid", "message"), [
    ({"talon": "AS 7H"}, False, "deal[1].talon: the talon is written only for the paid talon"),
    ({"talon": "AS"}, True, "deal[1].talon: 1 different cards; the talon is two"),
    ({"talon": "AS XX"}, True, "deal[1].talon: not a card: 'XX'"),
    ({"raspasovka": True, "tricks": {"Boris": 4, "Vera": 3, "Gleb": 3}, "talon": "AS 7H"}, True,
     "deal[1].talon: a raspasovka's talon is nobody's to pay for"),
])
def test_a_bad_talon_is_one_line(deal: dict[str, Any], paid: bool, message: str) -> None:
    base = {"declarer": "Boris", "contract": "6S", "defence": {"Vera": "whist", "Gleb": "whist"},
            "tricks": {"Boris": 6, "Vera": 3, "Gleb": 1}}
    record = deal if "raspasovka" in deal else {**base, **deal}
    with pytest.raises(RecordError) as info:
        score_card(card(record, paid), "paid.toml")
    assert str(info.value).startswith(f"paid.toml: {message}"), str(info.value)
