"""Leningrad scoring, worked by hand (issue 6: each difference from Sochi, three and four players).

Every expected number comes from russian.md 2.2 (the Leningrad price table), 2.6 and the Leningrad column of
section 4, rules-digest.md (RUS-RASP-*), and the defaults issue 6 states; the arithmetic is beside it. Deals
are ``DealResult`` values posted through the real hook stack (``Match.post``), as the engine and the
scorecard reader post them.

Seating: seats 0, 1, 2 clockwise (and 3 with four players); the dealer ``d`` deals, first hand is ``d+1``,
the defenders speak from the declarer's left. ``W(1, 0)`` is the whists seat 1 writes on seat 0. P is the
contract price 2, 4, 6, 8, 10; Leningrad writes whists, undertricks and consolation at 2P.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest

from helpers import paths
from helpers.russian_sheet import G, Key, P, W, active_of, check_pulka, game, post, rasp, sheet, totals
from preferans.core import load_variant
from preferans.core.cli import main
from preferans.core.engine.match import Match
from preferans.core.formats.scorecard import score_card, score_file
from preferans.core.model.errors import RecordError
from preferans.core.model.views import AuctionView

# ---------------------------------------------------------------- helpers


def leningrad(overrides: Mapping[str, Any] | None = None) -> Match:
    return Match(load_variant("leningrad", dict(overrides or {})))


def lowest_level(m: Match, dealer: int) -> int:
    """The lowest game level first hand may bid now (the exit from raspasovka), read from the real hook."""
    act = active_of(m.n_players, dealer)
    view = AuctionView(m.view(), dealer, act, (), m.contracts)
    legal = m.book.auction_legal(view, act[0])
    assert "misere" in legal  # misère is never barred by the exit rule
    return min(m.contracts[c].level for c in legal if c != "pass" and m.contracts[c].level)


# ---------------------------------------------------------------- the preset says what issue 6 says


def test_preset_has_the_issue_defaults() -> None:
    r = load_variant("leningrad").rules
    assert (r.whist.rate, r.declarer.undertrick_rate, r.declarer.consolation_rate) == (2, 2, 2)
    assert (r.whist.style, r.whist.responsibility, r.whist.responsibility_base) == ("gentleman", "half", "whist")
    assert r.misere.penalty_per_trick == 20
    assert (r.raspasovka.trick_price, r.raspasovka.progression, r.raspasovka.progression_step,
            r.raspasovka.progression_cap) == (2, "arithmetic", 2, 3)
    assert r.raspasovka.amnesty and r.raspasovka.zero_tricks_to_pool and not r.raspasovka.zero_tricks_write_off
    assert r.raspasovka.exit_levels == [6, 7, 8]
    assert r.overflow.mode == "none" and r.settlement.pool_point == 20


# ---------------------------------------------------------------- trick games


def test_made_game_two_whisters_doubled_whists() -> None:
    m = leningrad()
    # dealer 2: declarer 0 plays 7H and takes 7; seat 1 takes 2, seat 2 takes 1, both whisted
    got = post(m, game(m, 2, 0, "7H", {0: 7, 1: 2, 2: 1}, ["whist", "whist"]))
    assert got == {
        P(0): 4,       # made: the price 4 into the pool (not doubled)
        W(1, 0): 16,   # 2 tricks x 2P = 2 x 8
        W(2, 0): 8,    # 1 trick x 8
    }


def test_set_game_two_whisters_doubled_undertricks_and_consolation() -> None:
    m = leningrad()
    # 7D set by 2: declarer 0 takes 5; whisters 1 and 2 take 3 and 2
    got = post(m, game(m, 2, 0, "7D", {0: 5, 1: 3, 2: 2}, ["whist", "whist"]))
    assert got == {
        G(0): 16,          # 2 undertricks x 2P = 2 x 8
        W(1, 0): 16 + 24,  # consolation 2 x 8, whists 3 x 8
        W(2, 0): 16 + 16,  # consolation 2 x 8, whists 2 x 8
    }


def test_gentleman_split_when_the_declarer_is_set() -> None:
    m = leningrad()
    # 6S: seat 1 whists, seat 2 passes; declarer 0 takes 5 (set by 1), seat 1 takes 3, seat 2 takes 2
    got = post(m, game(m, 2, 0, "6S", {0: 5, 1: 3, 2: 2}, ["whist", "pass"]))
    assert got == {
        G(0): 4,          # 1 x 2P = 4
        W(1, 0): 4 + 10,  # consolation 4; the defence's 5 tricks x 2P = 20 shared: 10
        W(2, 0): 4 + 10,  # the passer gets the same (джентльменский вист)
    }


def test_lone_whister_keeps_the_whists_when_the_contract_is_made() -> None:
    m = leningrad()
    # 6S made with 6; seat 1 whists alone (1 trick), the passer took 3
    got = post(m, game(m, 2, 0, "6S", {0: 6, 1: 1, 2: 3}, ["whist", "pass"]))
    assert got == {P(0): 2, W(1, 0): 16}  # all 4 defence tricks x 2P = 16, nothing shared


def test_half_responsible_whist_is_half_of_a_doubled_whist() -> None:
    m = leningrad()
    # 6S made with 8: the lone whister seat 1 and the passer take 1 each; the pair's obligation is 4
    got = post(m, game(m, 2, 0, "6S", {0: 8, 1: 1, 2: 1}, ["whist", "pass"]))
    assert got == {
        P(0): 2,
        W(1, 0): 8,    # 2 tricks x 2P
        G(1): 4,       # 2 missing tricks x (1/2 x 2P = P = 2): the 2.2 table's "price"
    }
    # 7S made with 9: the pair took 1 of 2, one missing trick at P = 4
    got = post(m, game(m, 0, 1, "7S", {1: 9, 2: 1, 0: 0}, ["whist", "pass"]))
    assert got == {P(1): 4, W(2, 1): 8, G(2): 4}


def test_half_responsible_on_the_price_is_the_rostov_reading() -> None:
    # the option responsibility_base = "price": half of P, 1 per missing trick on a six
    m = leningrad({"whist": {"responsibility_base": "price"}})
    got = post(m, game(m, 2, 0, "6S", {0: 8, 1: 1, 2: 1}, ["whist", "pass"]))
    assert got[G(1)] == 2  # 2 missing x P/2


def test_both_whisters_answer_on_an_eight() -> None:
    m = leningrad()
    # 8NT: both whist, the declarer takes all ten; obligation 1, deficit 1
    got = post(m, game(m, 2, 0, "8NT", {0: 10}, ["whist", "whist"]))
    assert got == {P(0): 6, G(1): 6, G(2): 6}  # high_liability "both" (Jura): each 1 x (1/2 x 2 x 6)
    m = leningrad({"whist": {"high_liability": "second"}})
    got = post(m, game(m, 2, 0, "8NT", {0: 10}, ["whist", "whist"]))
    assert got == {P(0): 6, G(2): 6}  # the second to whist only (gchet)


def test_half_whist_writes_doubled_whists() -> None:
    m = leningrad()
    got = post(m, game(m, 2, 0, "6S", {}, ["pass", "half"]))
    assert got == {P(0): 2, W(2, 0): 8}  # half the obligation, 2 tricks, x 2P = 2 x 4
    got = post(m, game(m, 0, 1, "7C", {}, ["pass", "half"]))
    assert got == {P(1): 4, W(0, 1): 8}  # 1 trick x 2 x 4


def test_misere_made_and_failed() -> None:
    m = leningrad()
    assert post(m, game(m, 2, 0, "misere", {0: 0, 1: 6, 2: 4})) == {P(0): 10}
    # 2 tricks: 20 a trick (2.2 table), no consolation
    assert post(m, game(m, 0, 1, "misere", {1: 2, 2: 5, 0: 3})) == {G(1): 40}


# ---------------------------------------------------------------- raspasovka


def test_raspasovka_progression_2_4_6_capped_amnesty_and_zero_tricks() -> None:
    m = leningrad()
    # 1st: price 2; 4/3/3, amnesty 3 -> 1/0/0 (EX-07 shape); nobody took 0
    assert post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3})) == {G(1): 2}
    # 2nd in a row: price 4; 5/5/0, amnesty 0; seat 2 took nothing: the current price into the pool
    assert post(m, rasp(m, 1, {2: 5, 0: 5, 1: 0})) == {G(2): 20, G(0): 20, P(1): 4}
    # 3rd: price 6; 6/2/2, amnesty 2 -> 4/0/0
    assert post(m, rasp(m, 2, {0: 6, 1: 2, 2: 2})) == {G(0): 24}
    # 4th: capped at 6; 1/2/7, amnesty 1 -> 0/1/6
    assert post(m, rasp(m, 0, {1: 1, 2: 2, 0: 7})) == {G(2): 6, G(0): 36}
    # a game ends the series; the next raspasovka is back at 2
    post(m, game(m, 1, 2, "6S", {}, ["pass", "pass"]))
    assert post(m, rasp(m, 2, {0: 6, 1: 4, 2: 0})) == {G(0): 12, G(1): 8, P(2): 2}


def test_raspasovka_geometric_option_2_4_8() -> None:
    m = leningrad({"raspasovka": {"progression": "geometric"}})
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}))
    post(m, rasp(m, 1, {2: 4, 0: 3, 1: 3}))
    # 3rd in a row: 2 x 2^2 = 8; 6/2/2, amnesty 2 -> 4/0/0 -> 32 (gchet's 2-4-8)
    assert post(m, rasp(m, 2, {0: 6, 1: 2, 2: 2})) == {G(0): 32}


def test_zero_tricks_written_off_the_mountain_option() -> None:
    m = leningrad({"raspasovka": {"zero_tricks_write_off": True}})
    # Jura: the player with no trick takes the price (2) off his mountain instead of into his pool
    assert post(m, rasp(m, 0, {1: 6, 2: 4, 0: 0})) == {G(1): 12, G(2): 8, G(0): -2}


def test_exit_six_seven_eight() -> None:
    m = leningrad()
    assert lowest_level(m, 0) == 6
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}))
    assert lowest_level(m, 1) == 6   # after one raspasovka: a six
    post(m, rasp(m, 1, {2: 4, 0: 3, 1: 3}))
    assert lowest_level(m, 2) == 7   # after two: a seven
    post(m, rasp(m, 2, {0: 4, 1: 3, 2: 3}))
    assert lowest_level(m, 0) == 8   # after three: an eight
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}))
    assert lowest_level(m, 1) == 8   # and it stays at eight


def test_exit_by_a_whisted_game_option() -> None:
    # Jura: only a whisted, played, made game ends the series; a passed-out game does not
    m = leningrad({"raspasovka": {"exit_by": "whisted_game", "exit_levels": [6]}})
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}))                     # price 2
    post(m, game(m, 1, 2, "7S", {}, ["pass", "pass"]))           # not whisted: the series goes on
    assert post(m, rasp(m, 2, {0: 4, 1: 3, 2: 3})) == {G(0): 4}  # 2nd of the series: price 4, 1 x 4
    post(m, game(m, 0, 1, "6S", {1: 6, 2: 2, 0: 2}, ["whist", "whist"]))  # whisted and made: ends it
    assert post(m, rasp(m, 1, {2: 4, 0: 3, 1: 3})) == {G(2): 2}  # a new series: price 2


@pytest.mark.parametrize(("exit_by", "after_passed", "after_misere"), [
    # any_deal (the default): the passed-out 7S ends the series, so the next raspasovka is the first again
    ("any_deal", 2, 2),
    # played (GAP-RUS-03's "when any contract, misère included, is played", read strictly): the 7S both
    # defenders passed was not played, so the next raspasovka is the 2nd in a row, price 2 + 2 = 4; the
    # misère played ends it
    ("played", 4, 2),
    # whisted_game (Jura): neither the passed 7S nor the misère ends it: 2nd at 4, then 3rd at 6 (2-4-6)
    ("whisted_game", 4, 6),
])
def test_what_ends_a_series_of_raspasovkas(exit_by: str, after_passed: int, after_misere: int) -> None:
    m = leningrad({"raspasovka": {"exit_by": exit_by, "exit_levels": [6]}})
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}))                                  # the 1st raspasovka: price 2
    post(m, game(m, 1, 2, "7S", {}, ["pass", "pass"]))                        # both defenders pass: not played
    # 4/3/3 with amnesty 3 -> 1/0/0: seat 0 writes 1 trick x the price on his mountain
    assert post(m, rasp(m, 2, {0: 4, 1: 3, 2: 3})) == {G(0): after_passed}
    post(m, game(m, 0, 1, "misere", {1: 0, 2: 5, 0: 5}))                     # a misère played and made
    assert post(m, rasp(m, 1, {2: 4, 0: 3, 1: 3})) == {G(2): after_misere}   # 4/3/3 -> 1/0/0 again


# ---------------------------------------------------------------- pool overflow and settlement


def test_no_overflow_aid_and_a_pool_point_is_20_whists() -> None:
    m = leningrad({"pool": 10})
    post(m, game(m, 2, 0, "8S", {}, ["pass", "pass"]))   # both defenders pass: pool 6
    post(m, game(m, 0, 0, "6C", {}, ["pass", "pass"]))   # pool 8
    got = post(m, game(m, 1, 0, "8D", {}, ["pass", "pass"]))
    assert got == {P(0): 6}               # 8 + 6 = 14 > 10: no aid, nothing written off (без помощи)
    assert totals(m) == {P(0): 14}
    s = m.settlement()
    # R_i = 20 (P_i - 14/3): 20 x 28/3 = 560/3; the others 20 x (-14/3) = -280/3
    assert s.exact == (Fraction(560, 3), Fraction(-280, 3), Fraction(-280, 3))
    assert sum(s.exact) == 0 and sum(s.rounded) == 0


# ---------------------------------------------------------------- four players


def test_four_players_consolation_by_the_defenders_only() -> None:
    m = leningrad({"players": 4})
    # dealer 3 sits out; 6S by seat 0 set by 1 against two whisters (seats 1 and 2 take 3 and 2)
    got = post(m, game(m, 3, 0, "6S", {0: 5, 1: 3, 2: 2}, ["whist", "whist"]))
    assert got == {G(0): 4, W(1, 0): 4 + 12, W(2, 0): 4 + 8}  # the dealer writes nothing
    m = leningrad({"players": 4, "declarer": {"consolation_by": "all"}})
    got = post(m, game(m, 3, 0, "6S", {0: 5, 1: 3, 2: 2}, ["whist", "whist"]))
    assert got[W(3, 0)] == 4  # with the option the sitting-out dealer writes 1 x 2P too


def test_four_players_raspasovka_counts_the_dealers_talon_tricks() -> None:
    m = leningrad({"players": 4})
    # dealer 3 won 1 talon-led trick; seats 0/1/2 took 3/4/2: amnesty min(3, 4, 2, 1) = 1 (RUS-RASP-09)
    got = post(m, rasp(m, 3, {0: 3, 1: 4, 2: 2, 3: 1}))
    assert got == {G(0): 4, G(1): 6, G(2): 2}   # 2/3/1/0 x price 2; the dealer's 0 writes nothing
    s = m.settlement()
    # over four: mean gora 12/4 = 3; R = -10 (G - 3)
    assert s.exact == (-10, -30, 10, 30)
    # the dealer took no talon trick: no amnesty (RUS-RASP-09); the 2nd in a row: price 4
    got = post(m, rasp(m, 0, {1: 3, 2: 5, 3: 2}))
    assert got == {G(1): 12, G(2): 20, G(3): 8}


# ---------------------------------------------------------------- a whole pulka through `preferans score`

CARD = paths.DATA / "scorecards" / "leningrad_pulka.toml"
A, B, V = 0, 1, 2  # Anna, Boris, Vera; Anna deals first, the deal passes on after every deal

PULKA_DEALS: list[dict[Key, Any]] = [
    # 1. Anna deals. Boris 6S takes 7; Vera 3, Anna 0. Made: pool 2; whists 2P = 4 a trick: Vera 12.
    #    The pair took 3 of 4: Anna, 2 below her quota of 2, pays the pair's deficit 1 (capped) at
    #    half of a doubled whist (= P = 2): gora 2.
    {P(B): 2, W(V, B): 12, G(A): 2},
    # 2. Boris deals. Vera 7D set by 2 (5 tricks; Anna 3, Boris 2): gora 2 x 8 = 16; consolation 2 x 8 = 16
    #    from each defender; whists 8 a trick.
    {G(V): 16, W(A, V): 16 + 24, W(B, V): 16 + 16},
    # 3. Vera deals. Anna 6H takes 7; Boris passes (1 trick), Vera whists alone (2). Made: the whister keeps
    #    all 3 tricks x 4 = 12; the pair took 3 of 4: Vera gora 1 x 2.
    {P(A): 2, W(V, A): 12, G(V): 2},
    # 4. Anna deals. Raspasovka at 2: 2/3/5, amnesty 2 -> 0/1/3.
    {G(V): 2, G(A): 6},
    # 5. Boris deals. The second in a row, at 4: 4/6/0, amnesty 0; Boris took nothing: pool + 4.
    {G(V): 16, G(A): 24, P(B): 4},
    # 6. Vera deals. Exit 6-7-8: a seven at least after two raspasovkas. Anna 7S, Boris passes, Vera
    #    half-whists: pool 4; half the obligation (1 trick) x 2P = 8.
    {P(A): 4, W(V, A): 8},
    # 7. Anna deals. Vera 6C, both pass: pool 2.
    {P(V): 2},
    # 8. Boris deals. Vera's misère takes 1 trick: 20 (2.2 table).
    {G(V): 20},
    # 9. Vera deals. Anna's misère made: pool 6 + 10 = 16; no aid, the pool keeps it (russian.md 2.2).
    {P(A): 10},
    # 10. Anna deals. Vera's 10NT, checked, made: pool 2 + 10 = 12.
    {P(V): 10},
    # 11. Boris deals. Boris 7S takes 6 (set by 1); Vera whists alone (3), Anna passes (1): gora 8;
    #     consolation 8 from each defender; gentleman's split: 4 tricks x 8 = 32, 16 each.
    {G(B): 8, W(V, B): 8 + 16, W(A, B): 8 + 16},
    # 12. Vera deals. Boris 8NT takes 10; both whisted and took nothing: both answer (Jura) at
    #     1 x 1/2 x 2 x 6 = 6. Boris's pool 12: every pool is closed.
    {P(B): 6, G(V): 6, G(A): 6},
]
# pool Anna 2 + 4 + 10 = 16, Boris 2 + 4 + 6 = 12, Vera 2 + 10 = 12
# gora Anna 2 + 6 + 24 + 6 = 38, Boris 8, Vera 16 + 2 + 2 + 16 + 20 + 6 = 62
PULKA_TOTALS: dict[Key, Any] = {
    P(A): 16, P(B): 12, P(V): 12, G(A): 38, G(B): 8, G(V): 62,
    W(A, B): 24, W(A, V): 40, W(B, V): 32, W(V, A): 20, W(V, B): 36,
}
# R_i = sum_j (W_ij - W_ji) + 20 (P_i - 40/3) - 10 (G_i - 36):
#   Anna  (64 - 20) + 20 x 8/3 - 10 x 2 = 24 + 160/3 = 232/3
#   Boris (32 - 60) - 80/3 + 280 = 252 - 80/3 = 676/3
#   Vera  (56 - 72) - 80/3 - 260 = -276 - 80/3 = -908/3
# floors 77, 225, -303 (sum -1); fractional parts all 1/3: the unit to Anna: 78, 225, -303
PULKA_EXACT = (Fraction(232, 3), Fraction(676, 3), Fraction(-908, 3))
PULKA_ROUNDED = (78, 225, -303)


def test_full_pulka_deal_by_deal_and_settlement() -> None:
    card = score_file(str(CARD))
    assert card.finished
    check_pulka(card.match, PULKA_DEALS, PULKA_TOTALS, PULKA_EXACT, PULKA_ROUNDED)


def test_full_pulka_through_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(CARD), "--json"]) in (0, None)
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == "leningrad" and out["finished"] is True and len(out["deals"]) == 12
    assert out["sheet"]["Anna"]["pool"] == 16 and out["sheet"]["Vera"]["gora"] == 62
    assert out["settlement"] == {"Anna": 78, "Boris": 225, "Vera": -303}
    assert out["settlement_exact"] == {"Anna": "232/3", "Boris": "676/3", "Vera": "-908/3"}


def test_a_six_after_two_raspasovkas_is_rejected() -> None:
    data = tomllib.loads(CARD.read_text(encoding="utf-8"))
    data["deal"][5]["contract"] = "6S"
    with pytest.raises(RecordError, match=r"deal\[6\]\.contract: 6S cannot be played .*lowest allowed: 7S"):
        score_card(data, "leningrad.toml")


def test_four_player_card() -> None:
    card = score_file(str(CARD.with_name("leningrad_four_players.toml")))
    G4 = 3  # Gleb  # noqa: N806
    expected = [
        # 1. Anna deals, her talon won 1: 3/4/2/1, amnesty 1 -> 2/3/1/0 at price 2
        {G(B): 4, G(V): 6, G(G4): 2},
        # 2. Boris deals. Vera 7D set by 2: gora 16; consolation 16 from the two defenders only
        {G(V): 16, W(G4, V): 16 + 24, W(A, V): 16 + 16},
        # 3. Vera deals, her talon won nothing: no amnesty; a new series at price 2; Boris took none: pool 2
        {G(G4): 10, G(A): 10, P(B): 2},
    ]
    assert [sheet(e) for e in card.match.deal_entries] == expected
    # over four: pools 0/2/0/0 (mean 1/2, Kp 20); gora 10/4/22/12 (mean 12)
    #   Anna 32 - 10 + 20 = 42, Boris 30 + 80 = 110, Vera -72 - 10 - 100 = -182, Gleb 40 - 10 + 0 = 30
    assert card.match.settlement().exact == (42, 110, -182, 30)
