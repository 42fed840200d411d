"""Sochi scoring, worked by hand (issue 2, "What must show it" item 2).

Every expected number below is computed from russian.md (2.0, 2.1, 2.6 and the Sochi column of section 4),
rules-digest.md (RUS-RASP-*, GAP-RUS-*, EX-07, EX-09) and the text of issue 2; the arithmetic is in the
comment beside it. Deals are built as ``DealResult`` values and scored through the real hook stack
(``Match.post``), so these tests check the plugin exactly as the engine and the scorecard reader use it.

Seating: three players 0, 1, 2 clockwise. The dealer ``d`` deals, the active seats are ``(d+1, d+2, d)``
and first hand is ``d+1``; the defenders speak from the declarer's left. With four players the dealer
sits out and the active seats are the three after him. Sheet keys are ``(account, seat, other)``:
``("whists", 1, 0)`` is whists written *by* seat 1 *on* seat 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.russian_sheet import G, P, W, active_of, defenders_of, game, post, rasp, totals
from preferans.core import load_variant
from preferans.core.engine.match import Match
from preferans.core.model.views import DealResult
from preferans.variants.russian.scoring import round_zero_sum

# ---------------------------------------------------------------- helpers


def sochi(overrides: Mapping[str, Any] | None = None) -> Match:
    return Match(load_variant("sochi", dict(overrides or {})))


def close_pools(m: Match, dealer: int, plan: list[tuple[int, str]]) -> int:
    """Write pools with passed-out games (both defenders pass, nothing played: pool + price).
    Returns the next dealer."""
    for declarer, name in plan:
        post(m, game(m, dealer, declarer, name, {}, ["pass", "pass"]))
        dealer = (dealer + 1) % m.n_players
    return dealer


# ---------------------------------------------------------------- trick games: made


def test_made_game_two_whisters() -> None:
    m = sochi()
    # dealer 2, declarer 0 plays 7H and takes 7; seat 1 whists and takes 2, seat 2 whists and takes 1
    got = post(m, game(m, 2, 0, "7H", {0: 7, 1: 2, 2: 1}, ["whist", "whist"]))
    assert got == {
        P(0): 4,      # 7 made: pool = price 4
        W(1, 0): 8,   # each whister writes his own tricks x price: 2 * 4
        W(2, 0): 4,   # 1 * 4
    }                 # pair took 3 >= obligation 2 and each has his quota 1: nobody pays gora
    assert totals(m) == got


def test_made_game_lone_greedy_whister() -> None:
    m = sochi()
    # 6S made with 6; seat 1 whists (1 trick), seat 2 passes (3 tricks)
    got = post(m, game(m, 2, 0, "6S", {0: 6, 1: 1, 2: 3}, ["whist", "pass"]))
    assert got == {
        P(0): 2,      # 6 made: pool 2
        W(1, 0): 8,   # greedy: the lone whister writes ALL defence tricks (1 + 3) * 2 = 8; passer nothing
    }                 # defence 4 = obligation 4: no whister penalty


# ---------------------------------------------------------------- trick games: set


def test_declarer_set_consolation_from_each_other_player() -> None:
    m = sochi()
    # 7H set by 1 (6 tricks); seat 1 whists alone (3 tricks), seat 2 passes (1 trick)
    got = post(m, game(m, 2, 0, "7H", {0: 6, 1: 3, 2: 1}, ["whist", "pass"]))
    assert got == {
        G(0): 4,            # gora = undertricks x price = 1 * 4
        W(1, 0): 4 + 16,    # consolation 1 * 4, plus greedy whists (3 + 1) * 4 = 16
        W(2, 0): 4,         # the passer writes the consolation 1 * 4 too (Кодекс 3.8.1.2), no whists
    }


def test_declarer_set_two_whisters_still_write_their_tricks() -> None:
    m = sochi()
    # 6S set by 2 (4 tricks); both whist and take 3 each
    got = post(m, game(m, 2, 0, "6S", {0: 4, 1: 3, 2: 3}, ["whist", "whist"]))
    assert got == {
        G(0): 4,          # gora 2 * 2
        W(1, 0): 4 + 6,   # consolation 2 * 2 = 4, whists 3 * 2 = 6
        W(2, 0): 4 + 6,
    }


def test_declarer_set_by_two_on_eight() -> None:
    m = sochi()
    # 8S set by 2 (6 tricks); two whisters take 2 each
    got = post(m, game(m, 2, 0, "8S", {0: 6, 1: 2, 2: 2}, ["whist", "whist"]))
    assert got == {
        G(0): 12,          # gora 2 * 6
        W(1, 0): 12 + 12,  # consolation 2 * 6 = 12, whists 2 * 6 = 12
        W(2, 0): 12 + 12,
    }


def test_declarer_set_by_three_on_nine() -> None:
    m = sochi()
    # 9NT set by 3 (6 tricks); seat 1 whists alone (3), seat 2 passes (1)
    got = post(m, game(m, 2, 0, "9NT", {0: 6, 1: 3, 2: 1}, ["whist", "pass"]))
    assert got == {
        G(0): 24,          # gora 3 * 8
        W(1, 0): 24 + 32,  # consolation 3 * 8 = 24, greedy whists (3 + 1) * 8 = 32
        W(2, 0): 24,       # passer: consolation 3 * 8 only
    }


# ---------------------------------------------------------------- whister obligations


def test_lone_whister_short_on_six() -> None:
    m = sochi()
    # 6D, declarer takes 8; lone whister seat 1 takes 1, passer seat 2 takes 1
    got = post(m, game(m, 2, 0, "6D", {0: 8, 1: 1, 2: 1}, ["whist", "pass"]))
    assert got == {
        P(0): 2,      # 6 made: pool 2 (overtricks earn nothing)
        W(1, 0): 4,   # greedy whists (1 + 1) * 2 = 4
        G(1): 4,      # obligation 4, defence 2 -> 2 missing * price 2 = 4 (the passer's trick counts for him)
    }


def test_lone_whister_short_on_eight() -> None:
    m = sochi()
    # 8H, declarer takes all 10; lone whister 0 tricks
    got = post(m, game(m, 2, 0, "8H", {0: 10}, ["pass", "whist"]))
    assert got == {
        P(0): 6,   # 8 made: pool 6
        G(2): 6,   # obligation 1, defence 0 -> 1 missing * 6 (the whister is seat 2, who spoke second)
    }


def test_two_whisters_on_six_short_capped_by_pair_deficit() -> None:
    m = sochi()
    # 6C made with 7; whisters take 3 and 0
    got = post(m, game(m, 2, 0, "6C", {0: 7, 1: 3, 2: 0}, ["whist", "whist"]))
    assert got == {
        P(0): 2,      # pool 2
        W(1, 0): 6,   # 3 * 2
        G(2): 2,      # quota 2, took 0 -> short 2, capped by the pair deficit 4 - 3 = 1: 1 * 2 = 2 (not 4)
    }


def test_two_whisters_on_six_both_short() -> None:
    m = sochi()
    # 6C made with 8; whisters take 1 each: pair deficit 4 - 2 = 2, each is 1 below his quota 2
    got = post(m, game(m, 2, 0, "6C", {0: 8, 1: 1, 2: 1}, ["whist", "whist"]))
    assert got == {
        P(0): 2,
        W(1, 0): 2,   # 1 * 2
        W(2, 0): 2,
        G(1): 2,      # 1 missing * 2
        G(2): 2,      # 1 missing * 2 (together 2 = the pair deficit)
    }


def test_two_whisters_on_seven_quota_one() -> None:
    m = sochi()
    # 7S made with 9; whisters take 1 and 0: pair deficit 2 - 1 = 1, quota 1 each
    got = post(m, game(m, 2, 0, "7S", {0: 9, 1: 1, 2: 0}, ["whist", "whist"]))
    assert got == {
        P(0): 4,
        W(1, 0): 4,   # 1 * 4
        G(2): 4,      # 1 below quota 1, capped by deficit 1: 1 * 4
    }
    # 7S made with 8; whisters take 2 and 0: the pair has its 2, nobody pays
    got = post(m, game(m, 0, 1, "7S", {1: 8, 2: 2, 0: 0}, ["whist", "whist"]))
    assert got == {P(1): 4, W(2, 1): 8}   # whists 2 * 4


def test_two_whisters_on_eight_and_nine_zero_tricks_second_whister_pays() -> None:
    m = sochi()
    # dealer 0: active (1, 2, 0); declarer 1, so the defenders speak 2 then 0 and seat 0 is the second whister
    got = post(m, game(m, 0, 1, "8S", {1: 10}, ["whist", "whist"]))
    assert got == {P(1): 6, G(0): 6}   # pool 6; pair took 0 of 1: the second whister pays 1 * 6
    got = post(m, game(m, 0, 1, "9C", {1: 10}, ["whist", "whist"]))
    assert got == {P(1): 8, G(0): 8}   # pool 8; second whister 1 * 8


def test_high_liability_both_whisters_pay() -> None:
    m = sochi({"whist": {"high_liability": "both"}})
    got = post(m, game(m, 0, 1, "8S", {1: 10}, ["whist", "whist"]))
    assert got == {P(1): 6, G(2): 6, G(0): 6}   # both whisters 1 * 6 (kozlov, Jura)


# ---------------------------------------------------------------- nothing played


def test_half_whist_on_six() -> None:
    m = sochi()
    # seat 1 passes, seat 2 half-whists: no play
    got = post(m, game(m, 2, 0, "6H", {}, ["pass", "half"]))
    assert got == {P(0): 2, W(2, 0): 4}   # pool +2; half the obligation: 4 / 2 = 2 tricks * 2 = 4


def test_half_whist_on_seven() -> None:
    m = sochi()
    got = post(m, game(m, 2, 0, "7NT", {}, ["pass", "half"]))
    assert got == {P(0): 4, W(2, 0): 4}   # pool +4; 2 / 2 = 1 trick * 4 = 4


def test_half_whist_on_eight_where_the_table_allows_it() -> None:
    # half_whist_levels reaching 8 (Jura's return on 6-7-8 needs it): half the obligation of 1 is half a trick
    m = sochi({"whist": {"half_whist_levels": [6, 7, 8]}})
    got = post(m, game(m, 2, 0, "8S", {}, ["pass", "half"]))
    assert got == {P(0): 6, W(2, 0): 3}   # pool +6; 1 / 2 trick * 6 = 3


def test_both_pass_pool_only() -> None:
    m = sochi()
    got = post(m, game(m, 2, 0, "9H", {}, ["pass", "pass"]))
    assert got == {P(0): 8}   # the game is written as made: pool + price 8, nothing else


# ---------------------------------------------------------------- misère and the checked ten


def test_misere_made() -> None:
    m = sochi()
    got = post(m, game(m, 2, 0, "misere", {0: 0, 1: 6, 2: 4}))
    assert got == {P(0): 10}   # misère made: pool 10, no whists


@pytest.mark.parametrize(("taken", "gora"), [(1, 10), (3, 30)])
def test_misere_failed(taken: int, gora: int) -> None:
    m = sochi()
    got = post(m, game(m, 2, 0, "misere", {0: taken, 1: 10 - taken}))
    assert got == {G(0): gora}   # 10 per trick taken (1 -> 10, 3 -> 30); no whists, no consolation


def test_misere_consolation_option() -> None:
    m = sochi({"misere": {"consolation": True}})
    got = post(m, game(m, 2, 0, "misere", {0: 2, 1: 5, 2: 3}))
    # gora 2 * 10 = 20; russian.md 2.6 #7 (poolya): 10 whists per trick from every other player = 20 each
    assert got == {G(0): 20, W(1, 0): 20, W(2, 0): 20}


def test_checked_ten_made() -> None:
    m = sochi()
    assert m.contracts["10NT"].has_defence is False   # checked: no whist decisions
    got = post(m, game(m, 2, 0, "10NT", {0: 10}))
    assert got == {P(0): 10}   # pool 10, no whists


def test_checked_ten_set() -> None:
    m = sochi()
    got = post(m, game(m, 2, 0, "10S", {0: 9, 1: 1}))
    # gora 1 * 10; consolation 1 * 10 from each of the two others; the defence trick earns no whists
    assert got == {G(0): 10, W(1, 0): 10, W(2, 0): 10}


# ---------------------------------------------------------------- raspasovka


def test_raspasovka_amnesty_ex07() -> None:
    m = sochi()
    got = post(m, rasp(m, 2, {0: 4, 1: 3, 2: 3}))
    # EX-07: 4/3/3, amnesty min = 3 -> 1/0/0 * price 1 (first raspasovka); nobody actually took 0: no pool
    assert got == {G(0): 1}


def test_raspasovka_zero_tricks_writes_current_price_in_pool() -> None:
    m = sochi()
    post(m, rasp(m, 2, {0: 4, 1: 3, 2: 3}))   # first raspasovka; seats 1, 2 are 0 only after the amnesty
    got = post(m, rasp(m, 0, {0: 0, 1: 4, 2: 6}))
    # second in a row: price 2. Amnesty min = 0. Gora 4 * 2 = 8 and 6 * 2 = 12;
    # seat 0 took no trick: pool + current price 2 (RUS-RASP-04, GAP-RUS-03)
    assert got == {G(1): 8, G(2): 12, P(0): 2}
    assert totals(m) == {G(0): 1, G(1): 8, G(2): 12, P(0): 2}   # GAP-RUS-06: no pool from deal 1


def test_raspasovka_progression_1_2_3_3_then_reset() -> None:
    m = sochi()
    # tricks 5/3/2 by seat every time: amnesty 2 -> 3/1/0 tricks, times the price of that raspasovka
    expected = [1, 2, 3, 3]   # EX-09, arithmetic with the recommended 3-step cap
    for i, price in enumerate(expected):
        got = post(m, rasp(m, i % 3, {0: 5, 1: 3, 2: 2}))
        assert got == {G(0): 3 * price, G(1): 1 * price}
    # gora so far: seat 0 3+6+9+9 = 27, seat 1 1+2+3+3 = 9
    assert totals(m) == {G(0): 27, G(1): 9}
    # a played contract ends the streak (GAP-RUS-03): dealer 1, declarer 2 makes 6S, whisters 2 + 2
    assert post(m, game(m, 1, 2, "6S", {2: 6, 0: 2, 1: 2}, ["whist", "whist"])) == {
        P(2): 2, W(0, 2): 4, W(1, 2): 4}
    got = post(m, rasp(m, 2, {0: 5, 1: 3, 2: 2}))
    assert got == {G(0): 3, G(1): 1}   # price back to 1: 3 * 1, 1 * 1


@pytest.mark.parametrize(("progression", "prices"), [
    ("geometric", [1, 2, 4, 4]),   # EX-09: x2, 3-step cap
    ("none", [1, 1, 1, 1]),
])
def test_raspasovka_progression_options(progression: str, prices: list[int]) -> None:
    m = sochi({"raspasovka": {"progression": progression}})
    for i, price in enumerate(prices):
        # 6/2/2: amnesty 2 -> 4/0/0 tricks * price
        assert post(m, rasp(m, i % 3, {0: 6, 1: 2, 2: 2})) == {G(0): 4 * price}


def test_four_players_raspasovka_dealer_without_talon_trick_means_no_amnesty() -> None:
    m = sochi({"players": 4})
    # dealer 0 sits out; active 1, 2, 3 take 4/3/3; the dealer's talon cards won nothing
    got = post(m, rasp(m, 0, {0: 0, 1: 4, 2: 3, 3: 3}))
    # RUS-RASP-09: the dealer's 0 makes the amnesty 0 -> gora 4, 3, 3 * 1;
    # the dealer gets no pool for his 0 (GAP-RUS-05)
    assert got == {G(1): 4, G(2): 3, G(3): 3}


def test_four_players_raspasovka_dealer_talon_tricks() -> None:
    m = sochi({"players": 4})
    # the talon won 2 tricks for the dealer; active seats 4/3/1: amnesty min(2, 4, 3, 1) = 1
    # -> gora 1, 3, 2, 0 * 1, the dealer's talon trick included (GAP-RUS-05)
    got = post(m, rasp(m, 0, {0: 2, 1: 4, 2: 3, 3: 1}))
    assert got == {G(0): 1, G(1): 3, G(2): 2}


# ---------------------------------------------------------------- overflow and the end of the pulka


def test_overflow_aid_to_largest_unclosed_pool() -> None:
    m = sochi()
    # pools: seat 0 9S + 9S + 6S = 8 + 8 + 2 = 18; seat 1 7S = 4; seat 2 6S = 2
    dealer = close_pools(m, 2, [(0, "9S"), (0, "9S"), (0, "6S"), (1, "7S"), (2, "6S")])
    assert m.ledger.column("pool") == (18, 4, 2)
    # seat 0 makes 8 (price 6): 18 + 6 = 24, 2 close his pool and 4 overflow (the brief's "6" is the price)
    got = post(m, game(m, dealer, 0, "8D", {}, ["pass", "pass"]))
    # the 4 go to the largest unclosed pool, seat 1 (4 > 2): pool 4 + 4 = 8; seat 0 writes 4 * 10 = 40 on him
    assert got == {P(0): 2, P(1): 4, W(0, 1): 40}
    assert m.ledger.column("pool") == (20, 8, 2)
    assert m.ledger.column("gora") == (0, 0, 0)


def test_overflow_aid_then_own_gora_and_match_end() -> None:
    m = sochi()
    # pools 18 / 18 / 16
    dealer = close_pools(m, 2, [(0, "9S"), (0, "9S"), (0, "6S"), (1, "9S"), (1, "9S"), (1, "6S"),
                                (2, "9S"), (2, "9S")])
    assert m.ledger.column("pool") == (18, 18, 16)
    assert not m.is_over()
    # seat 0 makes the checked ten: 18 + 10 = 28, excess 8: the largest unclosed pool, seat 1 (18), takes
    # the 2 it needs (20 whists on him); the other 8 - 2 = 6 come off seat 0's own gora (issue #2 default:
    # "the largest unclosed pool, then off one's own mountain")
    got = post(m, game(m, dealer, 0, "10H", {0: 10}))
    assert got == {P(0): 2, P(1): 2, W(0, 1): 20, G(0): -6}
    assert m.ledger.column("pool") == (20, 20, 16)
    assert not m.is_over()   # seat 2 is still open


def test_overflow_aid_to_each_unclosed_option_and_match_end() -> None:
    m = sochi({"overflow": {"aid_to": "each_unclosed"}})
    dealer = close_pools(m, 2, [(0, "9S"), (0, "9S"), (0, "6S"), (1, "9S"), (1, "9S"), (1, "6S"),
                                (2, "9S"), (2, "9S")])
    # excess 8: seat 1 (18, the largest) needs 2, then seat 2 (16) needs 4; everyone is then closed and the
    # last 8 - 2 - 4 = 2 come off seat 0's own gora
    got = post(m, game(m, dealer, 0, "10H", {0: 10}))
    assert got == {P(0): 2, P(1): 2, P(2): 4, W(0, 1): 20, W(0, 2): 40, G(0): -2}
    assert m.ledger.column("pool") == (20, 20, 20)
    assert m.is_over()   # the match ends when every pool reaches the target


def test_overflow_tie_goes_to_the_helpers_left() -> None:
    m = sochi()
    # pools: seat 0 4, seat 1 4, seat 2 9S + 9S = 16
    dealer = close_pools(m, 2, [(0, "7S"), (1, "7S"), (2, "9S"), (2, "9S")])
    assert m.ledger.column("pool") == (4, 4, 16)
    # seat 2 makes 8: 16 + 6 = 22, 2 overflow; seats 0 and 1 tie at 4: scoring.overflow's documented
    # tie rule gives it to the nearest seat on the helper's left, seat 2 + 1 = seat 0
    got = post(m, game(m, dealer, 2, "8S", {}, ["pass", "pass"]))
    assert got == {P(2): 4, P(0): 2, W(2, 0): 20}


def test_overflow_write_off_option() -> None:
    m = sochi({"overflow": {"mode": "write_off"}})
    dealer = close_pools(m, 2, [(0, "9S"), (0, "9S"), (0, "6S")])
    got = post(m, game(m, dealer, 0, "8D", {}, ["pass", "pass"]))
    # 18 + 6 = 24: pool stops at 20, the 4 over come off seat 0's own gora (Кодекс 4.1.1); no aid, no whists
    assert got == {P(0): 2, G(0): -4}


def test_match_not_over_until_every_pool_closed() -> None:
    m = sochi({"pool": 10})
    post(m, game(m, 2, 0, "10S", {0: 10}))   # the checked ten made: pool 10, seat 0 closed
    post(m, game(m, 0, 1, "10S", {1: 10}))   # seat 1 closed
    dealer = close_pools(m, 1, [(2, "9S")])   # seat 2: 8
    assert m.ledger.column("pool") == (10, 10, 8)
    assert not m.is_over()   # seat 2 is still open
    close_pools(m, dealer, [(2, "6S")])       # 8 + 2 = 10 exactly
    assert m.ledger.column("pool") == (10, 10, 10)
    assert m.is_over()


# ---------------------------------------------------------------- settlement


def test_settlement_three_players_fractions_and_rounding() -> None:
    m = sochi()
    # deal 1: 6S made by seat 0 (6 tricks), whisters 1 and 2 take 3 and 1: pool0 2, W10 = 6, W20 = 2
    post(m, game(m, 2, 0, "6S", {0: 6, 1: 3, 2: 1}, ["whist", "whist"]))
    # deal 2: raspasovka 5/3/2 (seats 0/1/2), price 1: amnesty 2 -> gora 3, 1, 0
    post(m, rasp(m, 0, {0: 5, 1: 3, 2: 2}))
    assert totals(m) == {P(0): 2, W(1, 0): 6, W(2, 0): 2, G(0): 3, G(1): 1}
    # P = (2, 0, 0), mean 2/3; G = (3, 1, 0), mean 4/3
    # R0 = (0 - 6 - 2) + 10 (2 - 2/3) - 10 (3 - 4/3) = -8 + 40/3 - 50/3 = -34/3
    # R1 = 6 + 10 (0 - 2/3) - 10 (1 - 4/3) = 6 - 20/3 + 10/3 = 8/3
    # R2 = 2 + 10 (0 - 2/3) - 10 (0 - 4/3) = 2 - 20/3 + 40/3 = 26/3;   sum 0
    s = m.settlement()
    assert s.exact == (Fraction(-34, 3), Fraction(8, 3), Fraction(26, 3))
    assert all(isinstance(x, Fraction) for x in s.exact)
    # largest remainder: floors -12, 2, 8 (sum -2, two units missing); the remainders are all 2/3, and
    # round_zero_sum breaks ties by the lower seat -> seats 0 and 1 get +1: -11, 3, 8
    assert s.rounded == (-11, 3, 8)
    assert sum(s.rounded) == 0


def test_round_zero_sum_largest_remainder() -> None:
    # 5/3 -> floor 1 rem 2/3; 1/6 -> 0 rem 1/6; -11/6 -> -2 rem 1/6; floors sum -1: one unit to seat 0
    assert round_zero_sum([Fraction(5, 3), Fraction(1, 6), Fraction(-11, 6)]) == (2, 0, -2)
    # equal remainders 1/2: floors 0, -1 sum -1; the tie goes to the lower seat
    assert round_zero_sum([Fraction(1, 2), Fraction(-1, 2)]) == (1, -1)
    assert round_zero_sum([Fraction(3), Fraction(-3)]) == (3, -3)


def test_settlement_four_players_divides_by_four() -> None:
    m = sochi({"players": 4})
    # dealer 0 sits out; active 1, 2, 3. Seat 1 plays 8S and is set by 1 (7 tricks); seat 2 whists alone
    # (2 tricks), seat 3 passes (1 trick)
    got = post(m, game(m, 0, 1, "8S", {1: 7, 2: 2, 3: 1}, ["whist", "pass"]))
    assert got == {
        G(1): 6,           # 1 * 6
        W(2, 1): 6 + 18,   # consolation 6, greedy whists (2 + 1) * 6 = 18
        W(3, 1): 6,        # consolation
        W(0, 1): 6,        # the sitting-out dealer writes consolation too (Кодекс 3.8.1.2)
    }
    # G = (0, 6, 0, 0), mean over 4 seats = 3/2; pools all 0
    # R0 = 6 - 10 (0 - 3/2) = 21;  R1 = -(6 + 24 + 6) - 10 (6 - 3/2) = -36 - 45 = -81
    # R2 = 24 + 15 = 39;  R3 = 6 + 15 = 21;  sum 0   (a mean over 3 seats would give R0 = 6 + 20 = 26)
    s = m.settlement()
    assert s.exact == (21, -81, 39, 21)
    assert s.rounded == (21, -81, 39, 21)


# ---------------------------------------------------------------- options


def test_gentleman_whist_shares_when_declarer_set() -> None:
    m = sochi({"whist": {"style": "gentleman"}})
    # 7H set by 1 (6 tricks); seat 1 whists (3), seat 2 passes (1)
    got = post(m, game(m, 2, 0, "7H", {0: 6, 1: 3, 2: 1}, ["whist", "pass"]))
    # defence whists (3 + 1) * 4 = 16 shared 8 / 8; each also writes the consolation 1 * 4 = 4
    assert got == {G(0): 4, W(1, 0): 12, W(2, 0): 12}


def test_gentleman_whist_lone_whister_keeps_all_when_made() -> None:
    m = sochi({"whist": {"style": "gentleman"}})
    got = post(m, game(m, 2, 0, "7H", {0: 7, 1: 2, 2: 1}, ["whist", "pass"]))
    assert got == {P(0): 4, W(1, 0): 12}   # made: the whister keeps (2 + 1) * 4 = 12 (russian.md 2.2)


def test_half_responsibility() -> None:
    m = sochi({"whist": {"responsibility": "half"}})
    # lone whister on 8 takes nothing: 1 missing * 6 / 2 = 3 (полуответственный)
    assert post(m, game(m, 2, 0, "8H", {0: 10}, ["whist", "pass"])) == {P(0): 6, G(1): 3}
    # lone whister on 6 with 2 of 4 defence tricks: 2 missing * 2 / 2 = 2; greedy whists 2 * 2 = 4
    assert post(m, game(m, 0, 1, "6H", {1: 8, 2: 1, 0: 1}, ["whist", "pass"])) == {
        P(1): 2, W(2, 1): 4, G(2): 2}


def test_two_whisters_uncapped() -> None:
    m = sochi({"whist": {"two_whisters_cap": False}})
    # 6C made with 7, whisters 3 and 0: pair deficit 1, so the quota applies; uncapped, the 0-trick whister
    # pays his full quota shortfall 2 * 2 = 4 (kozlov)
    assert post(m, game(m, 2, 0, "6C", {0: 7, 1: 3, 2: 0}, ["whist", "whist"])) == {
        P(0): 2, W(1, 0): 6, G(2): 4}
    # 6C made with 6, whisters 4 and 0: the pair met its obligation 4, nobody is short (kozlov pays only
    # when the pair is short)
    assert post(m, game(m, 0, 1, "6C", {1: 6, 2: 4, 0: 0}, ["whist", "whist"])) == {P(1): 2, W(2, 1): 8}


# ---------------------------------------------------------------- zero-sum, whatever happens

OPTIONS: list[dict[str, Any]] = [
    {},
    {"whist": {"style": "gentleman", "responsibility": "half"}},
    {"whist": {"two_whisters_cap": False, "high_liability": "both"}},
    {"misere": {"consolation": True}, "raspasovka": {"progression": "geometric"}},
    {"overflow": {"mode": "write_off"}, "pool": 10},
    {"pool": 10, "ten": "whisted"},
]
STRAINS = ["S", "C", "D", "H", "NT"]


@st.composite
def deal(draw: st.DrawFn, m: Match, dealer: int) -> DealResult:
    n = m.n_players
    active = active_of(n, dealer)
    kind = draw(st.sampled_from(["game", "game", "misere", "rasp"]))
    if kind == "rasp":
        a = draw(st.integers(0, 10))
        b = draw(st.integers(0, 10 - a))
        tricks = {active[0]: a, active[1]: b, active[2]: 10 - a - b}
        if n == 4:  # the talon can win at most the two talon-led tricks for the dealer
            t = draw(st.integers(0, min(2, tricks[active[2]])))
            tricks[active[2]] -= t
            tricks[dealer] = t
        return rasp(m, dealer, tricks)
    declarer = draw(st.sampled_from(active))
    d1, d2 = defenders_of(n, dealer, declarer)
    taken = draw(st.integers(0, 10))
    first = draw(st.integers(0, 10 - taken))
    played = {declarer: taken, d1: first, d2: 10 - taken - first}
    if kind == "misere":
        return game(m, dealer, declarer, "misere", played)
    level = draw(st.integers(6, 10))
    name = f"{level}{draw(st.sampled_from(STRAINS))}"
    if not m.contracts[name].has_defence:
        return game(m, dealer, declarer, name, played)
    choices = [["pass", "pass"], ["whist", "pass"], ["pass", "whist"], ["whist", "whist"]]
    if level in m.rules.whist.half_whist_levels:
        choices.append(["pass", "half"])
    calls = draw(st.sampled_from(choices))
    return game(m, dealer, declarer, name, played if "whist" in calls else {}, calls)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.sampled_from([3, 4]), options=st.sampled_from(OPTIONS),
       deals=st.integers(1, 25))
def test_settlement_is_exact_and_zero_sum(data: st.DataObject, players: int, options: dict[str, Any],
                                          deals: int) -> None:
    m = sochi({**options, "players": players})
    for i in range(deals):
        m.post(data.draw(deal(m, i % players)))
        for value in m.totals.values():
            assert type(value) in (int, Fraction)   # never a float (nor a bool)
    s = m.settlement()
    assert len(s.exact) == players
    assert all(isinstance(x, Fraction) for x in s.exact)
    assert sum(s.exact) == 0
    assert all(type(x) is int for x in s.rounded)
    assert sum(s.rounded) == 0
    assert all(abs(r - x) < 1 for r, x in zip(s.rounded, s.exact, strict=True))
    if m.is_over():
        assert all(p >= m.rules.pool for p in m.ledger.column("pool"))
