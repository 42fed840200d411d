"""Classic: dark calls, bombs, the dealer who deals again, the exit by a seven; worked by hand (issue 6).

Every expected number comes from rules-digest.md (RUS-BID-04, RUS-MIS-05, RUS-RASP-20..26, GAP-RUS-08,
GAP-RUS-12, ISS-08), russian.md 2.4 and the Classic column of section 4, and the defaults issue 6 states; the
arithmetic is beside it. Deals are ``DealResult`` values posted through the real hook stack (``Match.post``);
the auction tests play the engine.

Seating: seats 0, 1, 2 clockwise (and 3 with four players); the dealer ``d`` deals, first hand is ``d+1``.
``W(1, 0)`` is the whists seat 1 writes on seat 0. Classic keeps Sochi's prices (P = 2, 4, 6, 8, 10), greedy
whist with full responsibility, and multiplies a game by 2^k when k bombs are waiting (GAP-RUS-08).
"""

from __future__ import annotations

import dataclasses
import json
import random
import tomllib
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest

from helpers import paths
from helpers.russian_sheet import G, Key, P, W, active_of, game, post, rasp, sheet, totals
from preferans.core import Game, load_variant
from preferans.core.cli import main
from preferans.core.engine.game import Phase
from preferans.core.engine.match import Match
from preferans.core.formats.scorecard import score_card, score_file
from preferans.core.model.errors import ConfigError, RecordError
from preferans.core.model.views import AuctionView, DealResult
from preferans.variants.classic import scoring as classic_scoring

# ---------------------------------------------------------------- helpers


def classic(overrides: Mapping[str, Any] | None = None) -> Match:
    return Match(load_variant("classic", dict(overrides or {})))


def dark(result: DealResult, m: Match) -> DealResult:
    """The same contract deal bid dark: the bid is the dark row, a dark misère is played as its own row."""
    assert result.contract is not None and result.declarer is not None
    if result.contract.kind == "misere":
        spec = m.contracts["dark-misere"]
        return dataclasses.replace(result, contract=spec, bid=spec.name, auction=((result.declarer, spec.name),))
    bid = "dark-" + result.contract.name
    return dataclasses.replace(result, bid=bid, auction=((result.declarer, bid),))


def first_call(game: Game) -> list[str]:
    assert game.phase is Phase.AUCTION
    return game.legal_actions()


def lowest_level(m: Match, dealer: int) -> int:
    act = active_of(m.n_players, dealer)
    legal = m.book.auction_legal(AuctionView(m.view(), dealer, act, (), m.contracts), act[0])
    assert "misere" in legal and "dark-misere" in legal  # misère is never barred by the exit rule
    return min(m.contracts[c].level for c in legal if c in m.contracts and m.contracts[c].level)


# ---------------------------------------------------------------- the preset


def test_preset_has_the_issue_defaults() -> None:
    r = load_variant("classic").rules
    assert (r.whist.style, r.whist.responsibility) == ("greedy", "full")
    assert r.dark.calls == ["pass", "games", "misere"] and r.dark.factor == 1
    assert (r.bomb.factor, r.bomb.earned_by, r.bomb.spend) == (2, "each_dark_passer", "all")
    assert r.bomb.compulsory_rounds == 0 and r.dealing.repeat_after_raspasovka
    assert r.raspasovka.exit_levels == [7, 8, 9, 10] and r.raspasovka.progression == "none"


# ---------------------------------------------------------------- whist: full responsibility


def test_full_responsibility_greedy_lone_whister() -> None:
    m = classic()
    # 6S made with 8: the lone whister seat 1 and the passer take 1 each; 2 missing tricks of 4
    got = post(m, game(m, 2, 0, "6S", {0: 8, 1: 1, 2: 1}, ["whist", "pass"]))
    assert got == {P(0): 2, W(1, 0): 4, G(1): 4}  # greedy: 2 x 2; full: 2 missing x P = 4
    # 7D set by 2, two whisters (3 and 2): Sochi's prices, no bombs
    got = post(m, game(m, 0, 1, "7D", {1: 5, 2: 3, 0: 2}, ["whist", "whist"]))
    assert got == {G(1): 8, W(2, 1): 8 + 12, W(0, 1): 8 + 8}


def test_misere_made_and_failed() -> None:
    m = classic()
    assert post(m, game(m, 2, 0, "misere", {0: 0, 1: 6, 2: 4})) == {P(0): 10}
    assert post(m, game(m, 0, 1, "misere", {1: 2, 2: 5, 0: 3})) == {G(1): 20}


# ---------------------------------------------------------------- bombs


def test_dark_passes_then_a_raspasovka_earn_bombs_for_the_next_game() -> None:
    m = classic()
    # deal 1, dealer 0: seats 1 and 0 pass dark, all pass: a raspasovka at x1 (no bomb yet). 4/3/3,
    # amnesty 3 -> 1/0/0. Two dark passers -> two bombs (GAP-RUS-08)
    assert post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}, dark=[1, 0])) == {G(1): 1}
    assert m.next_dealer() == 0                       # RUS-RASP-20: the same dealer deals again
    # deal 2, dealer 0: a plain raspasovka, x 2^2 = 4 (the raspasovka is written "x bomb", russian.md 4).
    # 2/2/6, amnesty 2 -> 0/0/4: 4 x 1 x 4 = 16
    assert post(m, rasp(m, 0, {1: 2, 2: 2, 0: 6})) == {G(0): 16}
    assert m.next_dealer() == 0
    # deal 3, dealer 0: 8S by seat 1, both whist, made with 8: x 4. Pool 6 x 4 = 24; whists 1 x 6 x 4 = 24.
    # The pool target is 20: the 4 over come off his own mountain (overflow.mode "write_off", Кодекс 4.1.1)
    got = post(m, game(m, 0, 1, "8S", {1: 8, 2: 1, 0: 1}, ["whist", "whist"]))
    assert got == {P(1): 24 - 4, G(1): -4, W(2, 1): 24, W(0, 1): 24}
    assert m.next_dealer() == 1                       # after a game the deal passes on
    # deal 4: the bombs were spent: 6S passed out, pool 2
    assert post(m, game(m, 1, 2, "6S", {}, ["pass", "pass"])) == {P(2): 2}


def test_bombs_earned_once_per_deal_option() -> None:
    m = classic({"bomb": {"earned_by": "deal"}})
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}, dark=[1, 0]))  # one bomb however many passed dark (ISS-18)
    assert post(m, game(m, 0, 1, "6S", {}, ["pass", "pass"])) == {P(1): 4}  # 2 x 2


def test_bombs_spent_one_game_at_a_time_option() -> None:
    m = classic({"bomb": {"spend": "one", "raspasovka": False}})
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}, dark=[1, 0]))   # two bombs
    assert post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3})) == {G(1): 1}               # raspasovka not multiplied
    assert post(m, game(m, 0, 1, "6S", {}, ["pass", "pass"])) == {P(1): 4}    # x2, one bomb left
    assert post(m, game(m, 1, 2, "6S", {}, ["pass", "pass"])) == {P(2): 4}    # x2, none left
    assert post(m, game(m, 2, 0, "6S", {}, ["pass", "pass"])) == {P(0): 2}    # x1


def test_a_raspasovka_without_a_dark_pass_earns_nothing() -> None:
    m = classic()
    assert post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3})) == {G(1): 1}
    # no progression: the second raspasovka in a row is still 1 a trick; 6/4/0: seat 0 writes 1 in his pool
    assert post(m, rasp(m, 0, {1: 6, 2: 4, 0: 0})) == {G(1): 6, G(2): 4, P(0): 1}
    assert post(m, game(m, 0, 1, "8S", {}, ["pass", "pass"])) == {P(1): 6}


def test_dark_factor_option_multiplies_a_dark_game() -> None:
    m = classic({"dark": {"factor": 2}})
    # a dark bid, played as 7S and made (both whist, 2 and 1 tricks): x2
    got = post(m, dark(game(m, 2, 0, "7S", {0: 7, 1: 2, 2: 1}, ["whist", "whist"]), m))
    assert got == {P(0): 8, W(1, 0): 16, W(2, 0): 8}
    # by default (GAP-RUS-12) a dark game is worth the same as an open one
    m = classic()
    got = post(m, dark(game(m, 2, 0, "7S", {0: 7, 1: 2, 2: 1}, ["whist", "whist"]), m))
    assert got == {P(0): 4, W(1, 0): 8, W(2, 0): 4}


def test_compulsory_opening_rounds() -> None:
    m = classic({"bomb": {"compulsory_rounds": 1}, "pool": 2000})  # a pool no game here closes
    # one round with three players: three compulsory raspasovkas, everybody deemed to pass dark
    # (RUS-RASP-25), the deal going round the table. Each earns 3 bombs; each is written x 2^bombs.
    assert post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3})) == {G(1): 1}     # x1
    assert m.next_dealer() == 1
    assert post(m, rasp(m, 1, {2: 4, 0: 3, 1: 3})) == {G(2): 8}     # x 2^3
    assert m.next_dealer() == 2
    assert post(m, rasp(m, 2, {0: 4, 1: 3, 2: 3})) == {G(0): 64}    # x 2^6
    assert m.next_dealer() == 0
    assert lowest_level(m, 0) == 6      # the compulsory raspasovkas do not raise the exit
    # the first free game: 9 bombs, x 2^9 = 512
    assert post(m, game(m, 0, 1, "6S", {}, ["pass", "pass"])) == {P(1): 1024}


def test_two_players_compulsory_raspasovka_counts_the_two_bidders() -> None:
    # two players (docs/variants/gusarik.md): the third hand is nobody's and never bids, so a compulsory
    # raspasovka has two players deemed to pass dark (RUS-RASP-25): 2 bombs, not 3
    variant = load_variant("classic", {"players": 2, "bomb": {"compulsory_rounds": 1}})
    r = DealResult(kind="all_pass", dealer=0, active=(1, 2, 0), tricks=(3, 4, 3), index_in_match=0)
    assert classic_scoring.dark_passers(r, 2, variant.rules) == (1, 0)
    assert classic_scoring.bombs_earned(r, 2, variant.rules) == 2   # each dark passer earns one


def test_two_laps_of_raspasovka_at_half_time_1971() -> None:
    # The 1971 MSU rules (kzpn200): two laps of raspasovka at half-time. Half-time here comes after an
    # agreed number of deals (bomb.half_time_after = 2); one lap (half_time_rounds = 1) with three players
    # is three compulsory raspasovkas, deals 3, 4 and 5, everybody deemed to pass dark, going round the table
    m = classic({"bomb": {"half_time_after": 2, "half_time_rounds": 1}, "pool": 2000})
    assert post(m, game(m, 0, 1, "6S", {}, ["pass", "pass"])) == {P(1): 2}   # before half-time: x1
    assert post(m, game(m, 1, 2, "6S", {}, ["pass", "pass"])) == {P(2): 2}
    # deal 3 is compulsory: the only call is a dark pass (as in the opening rounds, RUS-RASP-25)
    act = active_of(3, 2)
    assert m.book.auction_legal(AuctionView(m.view(), 2, act, (), m.contracts), act[0]) == ["dark-pass"]
    # each earns 3 bombs (three dark passers) and is written x 2^(bombs in hand): x1, x 2^3, x 2^6
    assert post(m, rasp(m, 2, {0: 4, 1: 3, 2: 3})) == {G(0): 1}
    assert m.next_dealer() == 0      # the lap goes round the table, the dealer does not repeat
    assert post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3})) == {G(1): 8}
    assert post(m, rasp(m, 1, {2: 4, 0: 3, 1: 3})) == {G(2): 64}
    assert lowest_level(m, 2) == 6   # compulsory raspasovkas do not raise the exit
    # deal 6 is free again: 9 bombs, the passed-out 6S written 2 x 2^9 = 1024
    act = active_of(3, 2)
    assert "6S" in m.book.auction_legal(AuctionView(m.view(), 2, act, (), m.contracts), act[0])
    assert post(m, game(m, 2, 0, "6S", {}, ["pass", "pass"])) == {P(0): 1024}


def test_half_time_rounds_need_a_half_time() -> None:
    with pytest.raises(ConfigError, match="half_time_after"):
        classic({"bomb": {"half_time_rounds": 2}})


# ---------------------------------------------------------------- exit and dealing


def test_exit_by_a_seven_after_a_dark_pass_then_an_eight() -> None:
    m = classic()
    assert lowest_level(m, 0) == 6
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}))
    assert lowest_level(m, 0) == 6      # a raspasovka with no dark pass: a six is enough
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}, dark=[1]))
    assert lowest_level(m, 0) == 7      # after a dark pass, a seven (RUS-RASP-22)
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}, dark=[2]))
    assert lowest_level(m, 0) == 8      # a second dark pass, a double bomb: an eight
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}, dark=[0, 1]))
    assert lowest_level(m, 0) == 10     # four bombs: exit_levels[3] = 10
    post(m, game(m, 0, 1, "10S", {}, ["pass", "pass"]))
    assert lowest_level(m, 1) == 6      # a game ends the series


def test_exit_counting_raspasovkas_option() -> None:
    # ISS-08's other reading (RUS-RASP-24): after any raspasovka a seven, after two an eight
    m = classic({"bomb": {"exit_counts": "raspasovkas"}})
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}))
    assert lowest_level(m, 0) == 7
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}, dark=[1, 2]))
    assert lowest_level(m, 0) == 8


def test_dealer_repeats_up_to_a_limit() -> None:
    m = classic({"dealing": {"repeat_limit": 3}})
    for _ in range(2):
        post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}))
        assert m.next_dealer() == 0
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}))
    assert m.next_dealer() == 1          # the third raspasovka in a row by one dealer: the deal moves on
    m = classic({"dealing": {"repeat_after_raspasovka": False}})
    post(m, rasp(m, 0, {1: 4, 2: 3, 0: 3}))
    assert m.next_dealer() == 1          # the sliding deal of the other conventions


# ---------------------------------------------------------------- dark calls in the engine


def test_dark_calls_only_as_a_first_call() -> None:
    game = Game(load_variant("classic"), seed=3)
    legal = first_call(game)
    assert {"pass", "dark-pass", "6S", "dark-6S", "10NT", "dark-10NT", "misere", "dark-misere"} <= set(legal)
    game.apply("6S")                      # seat 1 bids openly
    legal = first_call(game)              # seat 2 speaks for the first time: dark calls offered
    assert "dark-6C" in legal and "dark-pass" in legal and "dark-6S" not in legal
    game.apply("pass")
    game.apply("7S")                      # seat 0
    legal = first_call(game)              # seat 1 again: he spoke openly, no dark calls
    assert "7C" in legal and not any(c.startswith("dark-") for c in legal)


def test_a_dark_bidder_bids_dark_and_declares_a_plain_contract() -> None:
    game = Game(load_variant("classic"), seed=3)
    game.apply("dark-6S")                 # seat 1, blind
    game.apply("pass")
    game.apply("7S")                      # seat 0 outbids him
    legal = first_call(game)
    assert legal[0] == "pass" and "dark-7C" in legal and "7C" not in legal   # still blind
    game.apply("dark-7C")
    game.apply("pass")                    # seat 0 passes: seat 1 wins with his dark 7C
    assert game.phase is Phase.DISCARD and game.deal.bid == "dark-7C"
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    legal = game.legal_actions()          # the contract is named plain, not below the bid
    assert legal[0] == "7C" and "10NT" in legal and not any(c.startswith("dark-") for c in legal)
    game.apply("7C")
    rng = random.Random(0)
    while not game.results:
        game.apply(rng.choice(game.legal_actions()))
    r = game.results[0]
    assert r.bid == "dark-7C" and r.contract is not None and r.contract.name == "7C"
    assert r.auction[0] == (1, "dark-6S")


def test_dark_misere_is_caught_dark_with_the_talon_closed() -> None:
    game = Game(load_variant("classic"), seed=1)
    game.apply("dark-misere")
    game.apply("pass")
    game.apply("pass")
    contract = game.contracts[game.deal.bid or ""]
    assert contract.name == "dark-misere" and contract.kind == "misere"
    assert not contract.talon_shown and not contract.defenders_open   # RUS-MIS-05
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    assert game.legal_actions() == ["dark-misere"]   # a misère bid is declared as bid
    game.apply("dark-misere")
    assert game.phase is Phase.PLAY and game.deal.contract is not None
    assert game.deal.contract.name == "dark-misere"
    for seat in range(3):                   # nobody sees another hand: the defenders play closed
        assert set(game.visible_hands(seat)) == {seat}


def test_compulsory_rounds_in_the_engine() -> None:
    game = Game(load_variant("classic", {"bomb": {"compulsory_rounds": 1}}), seed=2)
    rng = random.Random(2)
    dealers = []
    while len(game.results) < 3:
        if game.phase is Phase.AUCTION:
            assert game.legal_actions() == ["dark-pass"]
        game.apply(rng.choice(game.legal_actions()))
        if game.results and len(dealers) < len(game.results):
            dealers.append(game.results[-1].dealer)
    assert dealers == [0, 1, 2] and all(r.kind == "all_pass" for r in game.results)
    assert game.deal.dealer == 0 and "6S" in game.legal_actions()      # the free game starts
    assert classic_scoring.bombs_in_hand(tuple(game.results), 3, game.rules) == 9


@pytest.mark.parametrize("players", [3, 4])
def test_engine_deals_carry_their_auction(players: int) -> None:
    game = Game(load_variant("classic", {"players": players}), seed=5)
    for call in ("dark-pass", "pass", "pass"):
        game.apply(call)
    rng = random.Random(5)
    while not game.results:
        game.apply(rng.choice(game.legal_actions()))
    r = game.results[0]
    assert r.kind == "all_pass" and r.auction == tuple(zip(r.active, ("dark-pass", "pass", "pass"), strict=True))
    assert game.deal.dealer == r.dealer                    # the dealer deals again


# ---------------------------------------------------------------- a whole pulka through `preferans score`

CARD = paths.DATA / "scorecards" / "classic_pulka.toml"
A, B, V = 0, 1, 2  # Anna, Boris, Vera; Anna deals first

PULKA_DEALS: list[dict[Key, Any]] = [
    # 1. Anna deals. Boris and Anna pass dark; raspasovka x1: 4/3/3 (Boris/Vera/Anna), amnesty 3 -> 1/0/0.
    #    Two dark passers: two bombs.
    {G(B): 1},
    # 2. Anna deals again (RUS-RASP-20). Raspasovka x 2^2: 2/2/6, amnesty 2 -> 0/0/4: Anna 4 x 4 = 16.
    {G(A): 16},
    # 3. Anna deals again. After two raspasovkas an eight. Boris's dark 8S takes 8; Vera and Anna whisted
    #    and took 1 each. x4: pool 6 x 4 = 24, 14 over the target 10, written off his own mountain
    #    (Кодекс 4.1.1); whists 1 x 6 x 4 = 24 each. The bombs are spent.
    {P(B): 10, G(B): -14, W(V, B): 24, W(A, B): 24},
    # 4. Boris deals. Vera's dark misère made: pool 10 (dark.factor 1, GAP-RUS-12).
    {P(V): 10},
    # 5. Vera deals. Anna 7H takes 6 (set by 1); Boris passes (2), Vera whists alone (2): gora 4;
    #    consolation 4 from both; greedy: Vera writes all 4 tricks x 4 = 16. The pair took 4 of 2.
    {G(A): 4, W(B, A): 4, W(V, A): 4 + 16},
    # 6. Anna deals. Anna 9S, both pass: pool 8.
    {P(A): 8},
    # 7. Boris deals. Anna 6C, both pass: pool 10. Every pool is closed.
    {P(A): 2},
]
PULKA_TOTALS: dict[Key, Any] = {
    P(A): 10, P(B): 10, P(V): 10, G(A): 20, G(B): -13,
    W(V, B): 24, W(A, B): 24, W(B, A): 4, W(V, A): 20,
}
# Pools all 10; mean gora (20 - 13 + 0) / 3 = 7/3:
#   Anna  24 - 24 - 10 (20 - 7/3) = -530/3
#   Boris 4 - 48 - 10 (-13 - 7/3) = -44 + 460/3 = 328/3
#   Vera  44 - 0 - 10 (0 - 7/3) = 44 + 70/3 = 202/3
# floors -177, 109, 67 (sum -1); fractional parts all 1/3: the unit to Anna: -176, 109, 67
PULKA_EXACT = (Fraction(-530, 3), Fraction(328, 3), Fraction(202, 3))
PULKA_ROUNDED = (-176, 109, 67)


def test_full_pulka_deal_by_deal_and_settlement() -> None:
    card = score_file(str(CARD))
    assert card.finished and len(card.match.results) == len(PULKA_DEALS)
    assert [r.dealer for r in card.match.results] == [A, A, A, B, V, A, B]
    for number, (entries, expected) in enumerate(zip(card.match.deal_entries, PULKA_DEALS, strict=True), 1):
        assert sheet(entries) == expected, f"deal {number}"
    assert totals(card.match) == PULKA_TOTALS
    r = card.match.results
    assert r[0].auction == ((B, "dark-pass"), (V, "pass"), (A, "dark-pass"))
    assert r[2].bid == "dark-8S" and r[2].contract is not None and r[2].contract.name == "8S"
    assert r[3].contract is not None and r[3].contract.name == "dark-misere"
    s = card.match.settlement()
    assert s.exact == PULKA_EXACT and sum(s.exact) == 0
    assert s.rounded == PULKA_ROUNDED and sum(s.rounded) == 0


def test_full_pulka_through_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(CARD), "--json"]) in (0, None)
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == "classic" and out["finished"] is True and len(out["deals"]) == 7
    assert [d["dealer"] for d in out["deals"][:4]] == ["Anna", "Anna", "Anna", "Boris"]
    assert out["settlement"] == {"Anna": -176, "Boris": 109, "Vera": 67}
    assert out["settlement_exact"] == {"Anna": "-530/3", "Boris": "328/3", "Vera": "202/3"}


BAD_DARK = [
    ("a word", 0, "yes", r"deal\[1\]\.dark: expected true, false or a list of the players who passed dark"),
    ("an unknown name", 0, ["Borris"], r"deal\[1\]\.dark: unknown player 'Borris'; did you mean 'Boris'"),
    ("a list on a game", 2, ["Boris"], r"deal\[3\]\.dark: on a deal with a contract, dark = true says"),
]


@pytest.mark.parametrize(("what", "index", "value", "message"), BAD_DARK, ids=[b[0] for b in BAD_DARK])
def test_bad_dark_field(what: str, index: int, value: Any, message: str) -> None:
    data = tomllib.loads(CARD.read_text(encoding="utf-8"))
    data["deal"][index]["dark"] = value
    with pytest.raises(RecordError, match=message):
        score_card(data, "classic.toml")


def test_dark_is_not_a_field_of_the_other_variants() -> None:
    data = {"variant": "leningrad", "players": ["Anna", "Boris", "Vera"], "rules": {"pool": 10},
            "deal": [{"raspasovka": True, "dark": True, "tricks": {"Anna": 3, "Boris": 3, "Vera": 4}}]}
    with pytest.raises(RecordError, match=r"deal\[1\]\.dark: leningrad has no dark"):
        score_card(data, "leningrad.toml")


def test_dark_calls_the_rules_do_not_allow_are_rejected() -> None:
    data = tomllib.loads(CARD.read_text(encoding="utf-8"))
    data["rules"]["dark"] = {"calls": ["pass"]}
    with pytest.raises(RecordError, match=r"deal\[3\]\.dark: a dark 8♠ is not allowed here \(rules\.dark\.calls\)"):
        score_card(data, "classic.toml")


def test_four_player_card() -> None:
    card = score_file(str(CARD.with_name("classic_four_players.toml")))
    G4 = 3  # Gleb  # noqa: N806
    assert [r.dealer for r in card.match.results] == [A, A, B]   # Anna deals again after the raspasovka
    expected = [
        # 1. Anna deals, Boris passes dark, her talon won 1: 3/4/2/1, amnesty 1 -> 2/3/1/0 at 1; one bomb
        {G(B): 2, G(V): 3, G(G4): 1},
        # 2. Anna deals again: Vera 7D set by 2, x2: gora 2 x 4 x 2 = 16; consolation 16 from all three
        #    others (the dealer too); whists 4 x 2 = 8 a trick
        {G(V): 16, W(G4, V): 16 + 24, W(B, V): 16 + 16, W(A, V): 16},
        # 3. Boris deals, his talon won nothing: no amnesty, no bomb left: 5/5/0 at 1; Anna pool 1
        {G(V): 5, G(G4): 5, P(A): 1},
    ]
    assert [sheet(e) for e in card.match.deal_entries] == expected
    # over four: pools 1/0/0/0 (mean 1/4); gora 0/2/24/6 (mean 8):
    #   Anna 16 + 15/2 + 80 = 207/2, Boris 32 - 5/2 + 60 = 179/2, Vera -88 - 5/2 - 160 = -501/2,
    #   Gleb 40 - 5/2 + 20 = 115/2
    assert card.match.settlement().exact == (Fraction(207, 2), Fraction(179, 2), Fraction(-501, 2),
                                             Fraction(115, 2))
