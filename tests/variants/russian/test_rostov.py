"""Rostov scoring and play, worked by hand (issue 6: each difference from Sochi, three and four players).

Every expected number comes from rules-digest.md (RUS-RASP-05/06/07/16, EX-06), russian.md 2.3, 2.6 and the
Rostov column of section 4, and the defaults issue 6 states; the arithmetic is beside it. Deals are
``DealResult`` values posted through the real hook stack (``Match.post``).

Seating: seats 0, 1, 2 clockwise (and 3 with four players); the dealer ``d`` deals, first hand is ``d+1``,
the defenders speak from the declarer's left. ``W(1, 0)`` is the whists seat 1 writes on seat 0. Rostov
keeps Sochi's prices: P = 2, 4, 6, 8, 10 and whists = P a trick.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest

from helpers import paths
from helpers.russian_sheet import G, Key, P, W, check_pulka, game, post, rasp, sheet, totals
from preferans.core import Game, load_variant
from preferans.core.cli import main
from preferans.core.engine.game import Phase
from preferans.core.engine.match import Match
from preferans.core.formats.scorecard import score_card, score_file
from preferans.core.model.errors import RecordError

# ---------------------------------------------------------------- helpers


def rostov(overrides: Mapping[str, Any] | None = None) -> Match:
    return Match(load_variant("rostov", dict(overrides or {})))


# ---------------------------------------------------------------- the preset says what issue 6 says


def test_preset_has_the_issue_defaults() -> None:
    r = load_variant("rostov").rules
    assert (r.whist.rate, r.declarer.undertrick_rate, r.declarer.consolation_rate) == (1, 1, 1)
    assert r.declarer.consolation_flat == 0  # consolation = the price (2.6 #6)
    assert (r.whist.style, r.whist.responsibility, r.whist.responsibility_base) == ("gentleman", "half", "price")
    assert (r.raspasovka.record, r.raspasovka.whists_per_trick, r.raspasovka.trick_price) == ("whists", 5, 1)
    assert r.raspasovka.progression == "none"
    assert (r.overflow.mode, r.settlement.pool_point) == ("aid", 10)


# ---------------------------------------------------------------- raspasovka in whists


def test_ex06_two_tied_for_the_fewest_share_the_whists() -> None:
    m = rostov()
    # EX-06: 6/2/2. The two with 2 tricks write 6 x 5 = 30 on the first, half each: 15 and 15
    assert post(m, rasp(m, 2, {0: 6, 1: 2, 2: 2})) == {W(1, 0): 15, W(2, 0): 15}
    s = m.settlement()
    assert s.exact == (-30, 15, 15)  # "he loses 30 in total" (RUS-RASP-07)


def test_the_fewest_writes_five_a_trick_on_each_other_player() -> None:
    m = rostov()
    # 4/5/1: seat 2 took the fewest and writes 4 x 5 = 20 on seat 0 and 5 x 5 = 25 on seat 1
    assert post(m, rasp(m, 2, {0: 4, 1: 5, 2: 1})) == {W(2, 0): 20, W(2, 1): 25}


def test_zero_tricks_writes_one_into_the_pool() -> None:
    m = rostov()
    # 5/5/0: seat 2 writes 25 + 25 and, with no trick, 1 point into his pool (RUS-RASP-06)
    assert post(m, rasp(m, 2, {0: 5, 1: 5, 2: 0})) == {W(2, 0): 25, W(2, 1): 25, P(2): 1}
    # 10/0/0: two tied at zero share 10 x 5 = 50 and each writes 1 into his pool
    assert post(m, rasp(m, 0, {1: 0, 2: 0, 0: 10})) == {W(1, 0): 25, W(2, 0): 25, P(1): 1, P(2): 1}


def test_no_progression() -> None:
    m = rostov()
    post(m, rasp(m, 2, {0: 6, 1: 2, 2: 2}))
    post(m, rasp(m, 0, {1: 6, 2: 2, 0: 2}))
    # the third raspasovka in a row is still 5 a trick
    assert post(m, rasp(m, 1, {2: 6, 0: 2, 1: 2})) == {W(0, 2): 15, W(1, 2): 15}


def test_progression_option_multiplies_the_whists() -> None:
    # GAP-RUS-03: progression is off in Rostov by default; with 1-2-3 the 2nd raspasovka is 2 x 5 a trick
    m = rostov({"raspasovka": {"progression": "arithmetic"}})
    post(m, rasp(m, 2, {0: 6, 1: 2, 2: 2}))
    assert post(m, rasp(m, 0, {1: 4, 2: 6, 0: 0})) == {W(0, 1): 40, W(0, 2): 60, P(0): 2}


def test_four_players_the_dealer_writes_one_into_the_pool() -> None:
    m = rostov({"players": 4})
    # dealer 3 sits out and takes no trick (the talon takes no part): 6/3/1 among seats 0, 1, 2
    got = post(m, rasp(m, 3, {0: 6, 1: 3, 2: 1}))
    assert got == {W(2, 0): 30, W(2, 1): 15, P(3): 1}   # RUS-RASP-16: "the dealer writes 1 for zero tricks"
    got = post(m, rasp(m, 0, {1: 7, 2: 3, 3: 0}))
    assert got == {W(3, 1): 35, W(3, 2): 15, P(3): 1, P(0): 1}
    s = m.settlement()
    # over four: pools 1/0/0/2 (mean 3/4); whists W(2,0) 30, W(2,1) 15, W(3,1) 35, W(3,2) 15:
    # R0 = -30 + 10 (1 - 3/4) = -55/2, R1 = -50 - 15/2 = -115/2, R2 = 45 - 15 - 15/2 = 45/2,
    # R3 = 50 + 10 (2 - 3/4) = 125/2
    assert s.exact == (Fraction(-55, 2), Fraction(-115, 2), Fraction(45, 2), Fraction(125, 2))
    assert sum(s.exact) == 0


def test_the_talon_takes_no_part_in_the_raspasovka() -> None:
    for players in (3, 4):
        game = Game(load_variant("rostov", {"players": players}), seed=4)
        rng = random.Random(1)
        for _ in range(3):
            game.apply("pass")
        assert game.phase is Phase.PLAY
        deal = game.deal
        assert deal.play is not None and deal.play.rules.talon_leads == 0
        assert game.current_player == deal.active[0]   # first hand leads trick 1 (GAP-RUS-07)
        talon = deal.talon
        while not game.results:
            game.apply(rng.choice(game.legal_actions()))
            game.check_cards()
        assert deal.play.played & talon == 0           # the two talon cards were never played
        r = game.results[0]
        assert sum(r.tricks[s] for s in r.active) == 10 and (players == 3 or r.tricks[r.dealer] == 0)


# ---------------------------------------------------------------- trick games


def test_consolation_is_the_price() -> None:
    m = rostov()
    # 7D set by 2 against two whisters (3 and 2 tricks)
    got = post(m, game(m, 2, 0, "7D", {0: 5, 1: 3, 2: 2}, ["whist", "whist"]))
    assert got == {G(0): 8, W(1, 0): 8 + 12, W(2, 0): 8 + 8}  # 2 x 4 gora and consolation; whists 4 a trick
    m = rostov({"declarer": {"consolation_flat": 10}})
    got = post(m, game(m, 2, 0, "7D", {0: 5, 1: 3, 2: 2}, ["whist", "whist"]))
    assert got == {G(0): 8, W(1, 0): 20 + 12, W(2, 0): 20 + 8}  # poolya's flat 10 a trick: 2 x 10


def test_four_players_the_dealer_writes_consolation() -> None:
    m = rostov({"players": 4})
    got = post(m, game(m, 3, 0, "7D", {0: 5, 1: 3, 2: 2}, ["whist", "whist"]))
    assert got == {G(0): 8, W(1, 0): 20, W(2, 0): 16, W(3, 0): 8}  # the sitting-out dealer: 2 x 4


def test_gentleman_split_and_half_responsibility() -> None:
    m = rostov()
    # 6S set by 1: seat 1 whists alone (2 tricks), seat 2 passes (3 tricks)
    got = post(m, game(m, 2, 0, "6S", {0: 5, 1: 2, 2: 3}, ["whist", "pass"]))
    assert got == {G(0): 2, W(1, 0): 2 + 5, W(2, 0): 2 + 5}  # consolation 2 each; 5 x 2 = 10 shared
    # 6S made with 8: the lone whister and the passer take 1 each: 2 missing x P/2 = 2
    got = post(m, game(m, 0, 1, "6S", {1: 8, 2: 1, 0: 1}, ["whist", "pass"]))
    assert got == {P(1): 2, W(2, 1): 4, G(2): 2}


def test_two_whisters_each_pay_their_whole_shortfall() -> None:
    m = rostov()
    # 6S made with 7; whisters take 3 and 0: the pair is 1 short; seat 2 is 2 below his quota of 2
    got = post(m, game(m, 2, 0, "6S", {0: 7, 1: 3, 2: 0}, ["whist", "whist"]))
    assert got == {P(0): 2, W(1, 0): 6, G(2): 2}   # uncapped (poolya): 2 x P/2
    m = rostov({"whist": {"two_whisters_cap": True}})
    got = post(m, game(m, 2, 0, "6S", {0: 7, 1: 3, 2: 0}, ["whist", "whist"]))
    assert got == {P(0): 2, W(1, 0): 6, G(2): 1}   # capped by the pair's deficit: 1 x P/2


def test_misere_made_and_failed() -> None:
    m = rostov()
    assert post(m, game(m, 2, 0, "misere", {0: 0, 1: 6, 2: 4})) == {P(0): 10}
    assert post(m, game(m, 0, 1, "misere", {1: 2, 2: 5, 0: 3})) == {G(1): 20}  # 10 a trick


def test_overflow_with_aid_as_in_sochi() -> None:
    m = rostov({"pool": 10})
    post(m, game(m, 2, 0, "8S", {}, ["pass", "pass"]))    # seat 0 pool 6
    post(m, game(m, 0, 1, "8S", {}, ["pass", "pass"]))    # seat 1 pool 6
    got = post(m, game(m, 1, 0, "7S", {}, ["pass", "pass"]))
    # seat 0: 6 + 4 = 10, closed exactly; then 6S more: 10 + 2 = 12, 2 over
    assert got == {P(0): 4}
    got = post(m, game(m, 2, 0, "6S", {}, ["pass", "pass"]))
    # seat 0 writes +2 and takes the 2 over off again; they go to the largest unclosed pool, seat 1
    # (6 -> 8), on whom seat 0 writes 10 whists a point
    assert got == {P(1): 2, W(0, 1): 20}
    assert totals(m) == {P(0): 10, P(1): 8, W(0, 1): 20}


# ---------------------------------------------------------------- a whole pulka through `preferans score`

CARD = paths.DATA / "scorecards" / "rostov_pulka.toml"
A, B, V = 0, 1, 2  # Anna, Boris, Vera; Anna deals first, the deal passes on after every deal

PULKA_DEALS: list[dict[Key, Any]] = [
    # 1. Anna deals. Raspasovka 6/2/2 (Boris/Vera/Anna): Vera and Anna share 6 x 5 = 30 on Boris (EX-06).
    {W(V, B): 15, W(A, B): 15},
    # 2. Boris deals. 5/5/0 (Vera/Anna/Boris): Boris writes 25 on each and 1 into his pool.
    {W(B, V): 25, W(B, A): 25, P(B): 1},
    # 3. Vera deals. Anna 6S takes 7; Boris 3, Vera 0, both whisted: pool 2; Boris writes 3 x 2 = 6.
    #    The pair took 3 of 4; Vera is 2 below her quota and pays it all (uncapped) at P/2: gora 2.
    {P(A): 2, W(B, A): 6, G(V): 2},
    # 4. Anna deals. Boris 7D takes 5 (set by 2); Vera 3, Anna 2: gora 2 x 4 = 8; consolation = the price,
    #    2 x 4 = 8, from both; whists 4 a trick.
    {G(B): 8, W(V, B): 8 + 12, W(A, B): 8 + 8},
    # 5. Boris deals. Vera 6NT takes 5 (set by 1); Anna whists (2), Boris passes (3): gora 2; consolation 2
    #    each; gentleman's split of 5 x 2 = 10: 5 each.
    {G(V): 2, W(A, V): 2 + 5, W(B, V): 2 + 5},
    # 6. Vera deals. Anna 8S, both pass: pool 6 (Anna 8).
    {P(A): 6},
    # 7. Anna deals. Vera's misère made: pool 10, closed.
    {P(V): 10},
    # 8. Boris deals. Boris 9H, both pass: pool 8 (Boris 9).
    {P(B): 8},
    # 9. Vera deals. Anna 7S, Boris passes, Vera half-whists: Anna pool + 4 = 12, 2 over; Vera writes half
    #    the obligation, 1 x 4. Aid (as Sochi): 1 point to the largest unclosed pool, Boris's 9 (room 1),
    #    and Anna writes 10 whists on him; the other point off her own mountain (0 -> -1).
    {P(A): 4 - 2, W(V, A): 4, P(B): 1, W(A, B): 10, G(A): -1},
]
PULKA_TOTALS: dict[Key, Any] = {
    P(A): 10, P(B): 10, P(V): 10, G(A): -1, G(B): 8, G(V): 4,
    W(V, B): 35, W(A, B): 41, W(B, V): 32, W(B, A): 31, W(A, V): 7, W(V, A): 4,
}
# Pools all 10, so only the whists and the mountains count (mean gora 11/3):
#   Anna  (41 + 7) - (31 + 4) - 10 (-1 - 11/3) = 13 + 140/3 = 179/3
#   Boris (32 + 31) - (35 + 41) - 10 (8 - 11/3) = -13 - 130/3 = -169/3
#   Vera  (35 + 4) - (7 + 32) - 10 (4 - 11/3) = -10/3
# floors 59, -57, -4 (sum -2); fractional parts all 2/3: Anna and Boris get a unit: 60, -56, -4
PULKA_EXACT = (Fraction(179, 3), Fraction(-169, 3), Fraction(-10, 3))
PULKA_ROUNDED = (60, -56, -4)


def test_full_pulka_deal_by_deal_and_settlement() -> None:
    card = score_file(str(CARD))
    assert card.finished
    check_pulka(card.match, PULKA_DEALS, PULKA_TOTALS, PULKA_EXACT, PULKA_ROUNDED)


def test_full_pulka_through_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(CARD), "--json"]) in (0, None)
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == "rostov" and out["finished"] is True and len(out["deals"]) == 9
    assert out["sheet"]["Boris"]["whists"] == {"Anna": 31, "Vera": 32}
    assert out["settlement"] == {"Anna": 60, "Boris": -56, "Vera": -4}
    assert out["settlement_exact"] == {"Anna": "179/3", "Boris": "-169/3", "Vera": "-10/3"}


def test_the_dealer_lists_no_tricks_in_a_rostov_raspasovka() -> None:
    # four players: the talon takes no part, so a sitting-out dealer cannot have won a trick
    data = {"variant": "rostov", "players": ["Anna", "Boris", "Vera", "Gleb"], "rules": {"pool": 10},
            "deal": [{"dealer": "Anna", "raspasovka": True,
                      "tricks": {"Boris": 4, "Vera": 3, "Gleb": 2, "Anna": 1}}]}
    with pytest.raises(RecordError, match=r"deal\[1\]\.tricks\.Anna: Anna dealt this deal and sat out"):
        score_card(data, "rostov4.toml")
    data["deal"][0]["tricks"] = {"Boris": 4, "Vera": 4, "Gleb": 2, "Anna": 0}  # a 0 for her is what the paper shows
    card = score_card(data, "rostov4.toml")
    # Gleb has the fewest: 4 x 5 on Boris and on Vera; the dealer Anna writes 1 into her pool
    assert totals(card.match) == {W(3, 1): 20, W(3, 2): 20, P(0): 1}


def test_four_player_card() -> None:
    card = score_file(str(CARD.with_name("rostov_four_players.toml")))
    G4 = 3  # Gleb  # noqa: N806
    expected = [
        # 1. Anna deals: 6/2/2, Vera and Gleb share 30 on Boris; the dealer writes 1 into her pool
        {W(V, B): 15, W(G4, B): 15, P(A): 1},
        # 2. Boris deals. Vera 7D set by 2: gora 8; consolation 8 from everybody, the dealer Boris too
        {G(V): 8, W(G4, V): 8 + 12, W(A, V): 8 + 8, W(B, V): 8},
        # 3. Vera deals: Boris took none: 25 on Gleb and on Anna, pool 1; the dealer Vera pool 1
        {W(B, G4): 25, W(B, A): 25, P(B): 1, P(V): 1},
    ]
    assert [sheet(e) for e in card.match.deal_entries] == expected
    # over four: pools 1/1/1/0 (mean 3/4); gora 0/0/8/0 (mean 2); net whists -9, 28, -29, 10:
    #   Anna -9 + 5/2 + 20 = 27/2, Boris 28 + 5/2 + 20 = 101/2, Vera -29 + 5/2 - 60 = -173/2,
    #   Gleb 10 - 15/2 + 20 = 45/2; rounded: floors 13, 50, -87, 22 (sum -2), halves: Anna, Boris +1
    s = card.match.settlement()
    assert s.exact == (Fraction(27, 2), Fraction(101, 2), Fraction(-173, 2), Fraction(45, 2))
    assert s.rounded == (14, 51, -87, 22)
