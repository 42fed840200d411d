"""Scorecards (core/formats/scorecard.py, docs/scorecard.md): a pulka written at a real table, read and scored.

Every expected number is worked by hand from russian.md 2.0/2.1 (Sochi column of section 4), the
rules-digest IDs quoted beside it and the Sochi rules of issue 2; the arithmetic is in the comments. Sochi
values used: price 6->2 7->4 8->6 9->8 10->10, misère 10; whists per defender trick = price; declarer gora
= price per undertrick; consolation = price per undertrick written by every other player; greedy lone
whister writes all defence tricks; full responsibility (price per missing trick into the whister's gora);
two whisters on 6/7 quota 2/1 capped by the pair's deficit; ten checked; half-whist writes half the
obligation (6 -> 2 tricks, 7 -> 1) x price; misère failed 10 a trick, no whists, no consolation;
raspasovka 1 a trick into gora with progression 1-2-3, amnesty, zero tricks -> the current price into the
pool; overflow aid (10 whists a point on the helped player), then off one's own gora.

Sheet keys are ``(account, seat, other)``: ``W(1, 0)`` is whists written *by* seat 1 *on* seat 0.
Seats: Anna 0, Boris 1, Vera 2 (Gleb 3 with four players).
"""

from __future__ import annotations

import copy
import json
import re
import tomllib
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from helpers import paths
from helpers.russian_sheet import G, Key, P, W, sheet
from preferans.core.formats.scorecard import ScoredCard, score_card, score_file
from preferans.core.model.errors import BadInput, ConfigError, RecordError
from preferans.variants.russian.scorecard import canonical_contract

CARDS = paths.SCORECARDS
PULKA = CARDS / "sochi_pulka.toml"
FOUR = CARDS / "four_players.toml"
DOCS = paths.DOCS / "scorecard.md"

A, B, V, G4 = 0, 1, 2, 3  # Anna, Boris, Vera, Gleb


def totals(card: ScoredCard) -> dict[Key, Any]:
    return {k: v for k, v in card.match.totals.items() if v != 0}


def load(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


# ---------------------------------------------------------------- the full Sochi pulka (pool 10)

# Seating Anna, Boris, Vera; deal k is dealt by players[(k-1) % 3]; first hand is the dealer's left;
# the defenders speak from the declarer's left.
PULKA_DEALS: list[dict[Key, Any]] = [
    # 1. Anna deals. Boris 6S takes 7; Vera and Anna whist, take 3 and 0.
    {P(B): 2,          # made: pool = price 2
     W(V, B): 6,       # two whisters write their own tricks: Vera 3 * 2 = 6 (Anna 0 * 2 = 0)
     G(A): 2},         # pair took 3 of obligation 4: deficit 1. Quota 2 each: Vera 3 ok, Anna 0 short by 2,
    #                    capped by the pair's deficit 1 (2.6 #1): Anna's gora 1 * 2 = 2
    # 2. Boris deals. Vera 7D takes 5 (set by 2); Anna and Boris whist, take 3 and 2.
    {G(V): 8,          # declarer gora 2 undertricks * 4 = 8
     W(A, V): 8 + 12,  # consolation 2 * 4 = 8 by every other player + own whists 3 * 4 = 12
     W(B, V): 8 + 8},  # consolation 8 + whists 2 * 4 = 8; defence 5 >= obligation 2, quotas 1 met
    # 3. Vera deals. Anna 6H takes 7; Boris passes (1 trick), Vera whists alone (2 tricks).
    {P(A): 2,          # made: pool 2
     W(V, A): 6,       # greedy: the lone whister writes all defence tricks (2 + 1) * 2 = 6
     G(V): 2},         # lone whister responsible for the pair's 4: took 3, short 1 * price 2 = 2
    # 4. Anna deals. Raspasovka #1, price 1 (RUS-RASP-03, 11): Boris 2, Vera 3, Anna 5.
    {G(V): 1,          # amnesty min 2 (RUS-RASP-08): 3 - 2 = 1 trick * 1
     G(A): 3},         # 5 - 2 = 3 * 1; Boris 2 - 2 = 0; nobody took 0 actual tricks: no pool entry
    # 5. Boris deals. Raspasovka #2 in a row, price 2 (1-2-3): Vera 4, Anna 6, Boris 0.
    {G(V): 8,          # amnesty min 0: 4 * 2 = 8
     G(A): 12,         # 6 * 2 = 12
     P(B): 2},         # Boris took no trick: the current price 2 into his pool (RUS-RASP-04)
    # 6. Vera deals. Anna 7S; Boris passes, Vera half-whists: not played.
    {P(A): 4,          # the game is written as made: pool 4
     W(V, A): 4},      # half of obligation 2 = 1 trick * 4 = 4
    # 7. Anna deals. Vera 6C; Anna and Boris pass: not played.
    {P(V): 2},         # pool 2, nothing else
    # 8. Boris deals. Vera's misère takes 1 trick.
    {G(V): 10},        # 10 a trick into gora; no whists, no consolation (2.6 #7)
    # 9. Vera deals. Anna's misère made: pool 6 + 10 = 16 over the target 10 by 6. The largest unclosed
    #    pool is Boris's 4 (Vera 2), with room 10 - 4 = 6: all 6 points go to him.
    {P(A): 10 - 6,     # +10, then the overflow 6 leaves her pool
     P(B): 6,          # Boris's pool 4 + 6 = 10 (closed)
     W(A, B): 60},     # Anna writes 10 whists a point on the helped player: 6 * 10
    # 10. Anna deals. Vera's 10NT is checked (no defence) and made: pool 2 + 10 = 12, over by 2; no pool
    #     is left open, so the 2 come off her own gora.
    {P(V): 10 - 2,
     G(V): -2},
]

# Totals (sum of the rows above):
#   pool  Anna 2 + 4 + 4 = 10, Boris 2 + 2 + 6 = 10, Vera 2 + 8 = 10: every pool closed
#   gora  Anna 2 + 3 + 12 = 17, Boris 0, Vera 8 + 2 + 1 + 8 + 10 - 2 = 27
#   whists Anna->Boris 60, Anna->Vera 20, Boris->Vera 16, Vera->Anna 6 + 4 = 10, Vera->Boris 6
PULKA_TOTALS: dict[Key, Any] = {
    P(A): 10, P(B): 10, P(V): 10,
    G(A): 17, G(V): 27,
    W(A, B): 60, W(A, V): 20, W(B, V): 16, W(V, A): 10, W(V, B): 6,
}
# Settlement R_i = sum_j (W_ij - W_ji) + 10 (P_i - mean P) - 10 (G_i - mean G), russian.md 2.0:
#   mean P = 10, so the pool term is 0; mean G = (17 + 0 + 27) / 3 = 44/3
#   Anna:  (60 - 0) + (20 - 10) - 10 (17 - 44/3) = 70 - 10 * 7/3  = 140/3
#   Boris: (0 - 60) + (16 - 6)  - 10 (0 - 44/3)  = -50 + 440/3    = 290/3
#   Vera:  (10 - 20) + (6 - 16) - 10 (27 - 44/3) = -20 - 10 * 37/3 = -430/3      sum 0
PULKA_EXACT = (Fraction(140, 3), Fraction(290, 3), Fraction(-430, 3))
# Rounded by largest remainder (scoring.round_zero_sum): floors 46, 96, -144 sum to -2, so two units go
# to the largest fractional parts; all three are 2/3, ties to the lower seat: Anna 47, Boris 97, Vera -144.
PULKA_ROUNDED = (47, 97, -144)


def test_full_pulka_deal_by_deal() -> None:
    card = score_file(str(PULKA))
    assert card.names == ["Anna", "Boris", "Vera"]
    assert len(card.match.results) == len(PULKA_DEALS) == 10
    for number, (entries, expected) in enumerate(zip(card.match.deal_entries, PULKA_DEALS, strict=True), 1):
        assert sheet(entries) == expected, f"deal {number}"


def test_full_pulka_sheet_and_settlement() -> None:
    card = score_file(str(PULKA))
    assert card.finished  # every pool is 10
    assert totals(card) == PULKA_TOTALS
    settlement = card.match.settlement()
    assert settlement.exact == PULKA_EXACT
    assert sum(settlement.exact) == 0
    assert settlement.rounded == PULKA_ROUNDED
    assert sum(settlement.rounded) == 0


def test_full_pulka_deal_kinds() -> None:
    """The record turns into the DealResults the engine would have produced."""
    card = score_file(str(PULKA))
    r = card.match.results
    # dealer = players[i % 3]; three players: all seats active, first hand (dealer's left) first
    assert [x.dealer for x in r] == [0, 1, 2, 0, 1, 2, 0, 1, 2, 0]
    assert r[0].active == (B, V, A) and r[1].active == (V, A, B)
    assert r[0].defence == ((V, "whist"), (A, "whist")) and r[0].defending == (V, A)
    assert r[2].defending == (V,) and r[2].played
    assert [x.kind for x in r[3:5]] == ["all_pass", "all_pass"]
    assert r[3].contract is not None and r[3].contract.name == "raspasovka"
    assert r[5].defence == ((B, "pass"), (V, "half")) and not r[5].played and r[5].tricks == (0, 0, 0)
    assert not r[6].played and r[6].defending == ()
    assert r[7].contract is not None and r[7].contract.name == "misere" and r[7].defence == ()
    assert r[9].contract is not None and r[9].contract.name == "10NT" and r[9].defence == ()
    assert [x.index_in_match for x in r] == list(range(10))


def test_unfinished_pulka_is_settled_as_if_it_stopped_now() -> None:
    data = load(PULKA)
    data["deal"] = data["deal"][:9]
    card = score_card(data, "pulka.toml")
    assert not card.finished  # Vera's pool is 2
    # after deal 9: pool 10, 10, 2 (mean 22/3); gora 17, 0, 29 (mean 46/3); whists as in the totals
    #   Anna:  70 + 10 (10 - 22/3) - 10 (17 - 46/3) = 70 + 80/3 - 50/3  = 80
    #   Boris: -50 + 10 (10 - 22/3) - 10 (0 - 46/3) = -50 + 80/3 + 460/3 = 130
    #   Vera:  -20 + 10 (2 - 22/3) - 10 (29 - 46/3) = -20 - 160/3 - 410/3 = -210
    assert card.match.settlement().exact == (80, 130, -210)


def test_json_card_scores_like_toml(tmp_path: Path) -> None:
    path = tmp_path / "pulka.json"
    path.write_text(json.dumps(load(PULKA), ensure_ascii=False), encoding="utf-8")
    card = score_file(str(path))
    assert card.finished
    assert totals(card) == PULKA_TOTALS


def test_docs_example_is_the_tested_pulka() -> None:
    """docs/scorecard.md shows the complete example that this file works by hand."""
    blocks = re.findall(r"```toml\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.DOTALL)
    assert PULKA.read_text(encoding="utf-8") in blocks


# ---------------------------------------------------------------- four players


def test_four_players_dealer_sits_out() -> None:
    card = score_file(str(FOUR))
    r = card.match.results
    assert [x.dealer for x in r] == [A, B, V]
    assert r[0].active == (B, V, G4)            # the three seats after the dealer, first hand first
    assert r[1].active == (V, G4, A)
    assert r[1].tricks == (2, 1, 3, 4)          # Boris's talon trick is on his seat
    assert not card.finished
    assert [sheet(e) for e in card.match.deal_entries] == [
        # 1. Anna deals. Boris 6S takes 5 (set by 1); Vera and Gleb whist, take 3 and 2.
        {G(B): 2,                # gora 1 * 2
         W(A, B): 2,             # consolation 1 * 2 by every other player, the sitting-out dealer too
         W(V, B): 2 + 6,         # (Кодекс 3.8.1.2) + whists 3 * 2
         W(G4, B): 2 + 4},       # + whists 2 * 2; defence 5 >= 4: no whister penalty
        # 2. Boris deals. Raspasovka, price 1: Vera 3, Gleb 4, Anna 2, Boris's talon 1.
        #    Amnesty counts the dealer's talon tricks (RUS-RASP-09): min 1.
        {G(V): 2, G(G4): 3, G(A): 1},   # 3-1, 4-1, 2-1; Boris 1-1 = 0
        # 3. Vera deals. Raspasovka #2, price 2: Gleb 5, Anna 5, Boris 0, Vera's talon 0.
        #    The dealer won nothing, so no amnesty (RUS-RASP-09).
        {G(G4): 10, G(A): 10,           # 5 * 2 each
         P(B): 2},                      # Boris played and took 0: price 2 into his pool; the dealer
    ]                                   # does not play, so no pool entry for Vera (GAP-RUS-05)
    # Settlement, n = 4: pool B 2 (mean 1/2); gora A 11, B 2, V 2, G 13 (mean 28/4 = 7)
    #   Anna:  +2 (on Boris)    + 10 (0 - 1/2) - 10 (11 - 7) = 2 - 5 - 40  = -43
    #   Boris: -(2 + 8 + 6)     + 10 (2 - 1/2) - 10 (2 - 7)  = -16 + 15 + 50 = 49
    #   Vera:  +8               + 10 (0 - 1/2) - 10 (2 - 7)  = 8 - 5 + 50  = 53
    #   Gleb:  +6               + 10 (0 - 1/2) - 10 (13 - 7) = 6 - 5 - 60  = -59     sum 0
    settlement = card.match.settlement()
    assert settlement.exact == (-43, 49, 53, -59)
    assert settlement.rounded == (-43, 49, 53, -59)


def test_a_zero_for_the_dealer_who_sat_out_is_accepted() -> None:
    # The paper has a column for every player, so a four-player card may write 0 for the dealer who sat out
    # (he took no trick); the deals score exactly as without it (test_four_players_dealer_sits_out). Any
    # other number stays an error ("the sitting-out dealer in a game's tricks" in BAD_RECORDS).
    plain = score_file(str(FOUR))
    data = four()
    data["deal"][0]["tricks"]["Anna"] = 0
    card = score_card(data, "four.toml")
    assert card.match.results[0].tricks == plain.match.results[0].tricks == (0, 5, 3, 2)
    assert [sheet(e) for e in card.match.deal_entries] == [sheet(e) for e in plain.match.deal_entries]


# ---------------------------------------------------------------- spelling


@pytest.mark.parametrize(("text", "name"), [
    ("7H", "7H"), ("7h", "7H"), ("7♥", "7H"), (" 7 ♥ ", "7H"), ("6♠", "6S"), ("8♣", "8C"), ("9♦", "9D"),
    ("6nt", "6NT"), ("10NT", "10NT"), ("misere", "misere"), ("Misère", "misere"), ("мизер", "misere"),
    ("МИЗЕР", "misere"), ("11S", None), ("6X", None), ("", None),
])
def test_contract_spelling(text: str, name: str | None) -> None:
    names = ["6S", "6C", "6D", "6H", "6NT", "7H", "8C", "9D", "10NT", "misere", "raspasovka"]
    assert canonical_contract(text, names) == name


def test_aliases_and_case_in_a_card() -> None:
    data = load(PULKA)
    data["deal"][0]["contract"] = "6♠"
    data["deal"][0]["defence"] = {"Vera": "Whist", "Anna": " WHIST "}
    data["deal"][7]["contract"] = "МИЗЕР"
    card = score_card(data, "pulka.toml")
    assert totals(card) == PULKA_TOTALS


def test_raspasovka_progression_restarts_after_a_contract() -> None:
    # Anna deals a raspasovka (price 1), Boris a game, Vera a raspasovka: the streak was broken, so the
    # price is 1 again (RUS-RASP-13 [D]: the series ends when any contract is played).
    data = {"variant": "sochi", "players": ["Anna", "Boris", "Vera"], "rules": {"pool": 10}, "deal": [
        {"raspasovka": True, "tricks": {"Boris": 3, "Vera": 3, "Anna": 4}},
        {"declarer": "Vera", "contract": "6S", "defence": {"Anna": "pass", "Boris": "pass"}},
        {"raspasovka": True, "tricks": {"Anna": 1, "Boris": 4, "Vera": 5}},
    ]}
    card = score_card(data, "game.toml")
    assert [sheet(e) for e in card.match.deal_entries] == [
        {G(A): 1},                 # amnesty 3: 4 - 3 = 1 * 1
        {P(V): 2},                 # passed-out 6: pool 2
        {G(B): 3, G(V): 4},        # amnesty 1: (4 - 1) * 1, (5 - 1) * 1
    ]


# ---------------------------------------------------------------- bad cards


def base() -> dict[str, Any]:
    return load(PULKA)


def four() -> dict[str, Any]:
    return load(FOUR)


def edit(make: Callable[[], dict[str, Any]], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(make())
    change(data)
    return data


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """``"deal.2.tricks"`` -> data["deal"][2]["tricks"] = value (0-based list index); None deletes."""
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        if value is None:
            del node[last]
        else:
            node[last] = value
    return change


BAD_RECORDS: list[tuple[str, dict[str, Any], str]] = [
    # (what, card, expected message: the exact line or its start)
    ("unknown declarer", edit(base, _set("deal.1.declarer", "Borris")),
     "game.toml: deal[2].declarer: unknown player 'Borris'; did you mean 'Boris'? "
     "(players: Anna, Boris, Vera)"),
    ("tricks sum to 9", edit(base, _set("deal.2.tricks", {"Anna": 7, "Boris": 1, "Vera": 1})),
     "game.toml: deal[3].tricks: tricks sum to 9, expected 10"),
    ("tricks sum to 11", edit(base, _set("deal.3.tricks", {"Boris": 2, "Vera": 4, "Anna": 5})),
     "game.toml: deal[4].tricks: tricks sum to 11, expected 10"),
    ("unknown player in tricks", edit(base, _set("deal.0.tricks", {"Boris": 7, "Vera": 3, "Ana": 0})),
     "game.toml: deal[1].tricks: unknown player 'Ana'; did you mean 'Anna'?"),
    ("a player's tricks missing", edit(base, _set("deal.0.tricks", {"Boris": 7, "Vera": 3})),
     "game.toml: deal[1].tricks: no count for Anna"),
    ("negative tricks", edit(base, _set("deal.0.tricks", {"Boris": 11, "Vera": -1, "Anna": 0})),
     "game.toml: deal[1].tricks.Vera: -1 is negative"),
    ("tricks not an integer", edit(base, _set("deal.0.tricks", {"Boris": "7", "Vera": 3, "Anna": 0})),
     "game.toml: deal[1].tricks.Boris: "),
    ("tricks for a passed-out game", edit(base, _set("deal.6.tricks", {"Vera": 6, "Anna": 2, "Boris": 2})),
     "game.toml: deal[7].tricks: nothing was played (the defence did not play it: Anna pass, Boris pass); "
     "remove tricks"),
    ("tricks for a half-whist", edit(base, _set("deal.5.tricks", {"Anna": 7, "Boris": 2, "Vera": 1})),
     "game.toml: deal[6].tricks: nothing was played (the defence did not play it: Boris pass, Vera half)"),
    ("tricks missing for a played game", edit(base, _set("deal.0.tricks", None)),
     "game.toml: deal[1].tricks: missing: the cards were played"),
    ("tricks missing for a raspasovka", edit(base, _set("deal.3.tricks", None)),
     "game.toml: deal[4].tricks: missing"),
    ("unknown contract", edit(base, _set("deal.0.contract", "11S")),
     "game.toml: deal[1].contract: unknown contract '11S'"),
    ("raspasovka as a contract", edit(base, _set("deal.0.contract", "raspasovka")),
     "game.toml: deal[1].contract: 'raspasovka' is not a contract a player declares "
     "(write raspasovka = true)"),
    ("missing declarer", edit(base, _set("deal.0.declarer", None)),
     "game.toml: deal[1].declarer: missing"),
    ("missing contract", edit(base, _set("deal.0.contract", None)),
     "game.toml: deal[1].contract: missing"),
    ("defence names the declarer", edit(base, _set("deal.0.defence", {"Vera": "whist", "Boris": "whist"})),
     "game.toml: deal[1].defence.Boris: Boris is the declarer; the defenders are Vera, Anna"),
    ("defence names a non-player", edit(base, _set("deal.0.defence", {"Vera": "whist", "Dima": "whist"})),
     "game.toml: deal[1].defence: unknown player 'Dima'"),
    ("defence call missing", edit(base, _set("deal.0.defence", {"Vera": "whist"})),
     "game.toml: deal[1].defence: no call for Anna (allowed: pass, whist)"),
    ("defence missing on a whisted game", edit(base, _set("deal.0.defence", None)),
     "game.toml: deal[1].defence: no call for Vera (allowed: pass, whist)"),
    ("half by the first defender", edit(base, _set("deal.5.defence", {"Boris": "half", "Vera": "pass"})),
     "game.toml: deal[6].defence.Boris: 'half' is not allowed for Boris here"),
    ("half after a whist", edit(base, _set("deal.5.defence", {"Boris": "whist", "Vera": "half"})),
     "game.toml: deal[6].defence.Vera: 'half' is not allowed for Vera here"),
    ("half on an eight", edit(base, _set("deal.5.contract", "8S")),
     "game.toml: deal[6].defence.Vera: 'half' is not allowed for Vera here"),
    ("unknown call", edit(base, _set("deal.0.defence", {"Vera": "wist", "Anna": "whist"})),
     "game.toml: deal[1].defence.Vera: 'wist' is not allowed for Vera here; did you mean 'whist'?"),
    ("defence on a misère", edit(base, _set("deal.7.defence", {"Anna": "whist", "Boris": "pass"})),
     "game.toml: deal[8].defence: misère has no defence calls; remove defence"),
    ("defence on a checked ten", edit(base, _set("deal.9.defence", {"Boris": "whist", "Anna": "pass"})),
     "game.toml: deal[10].defence: 10NT has no defence calls; remove defence"),
    ("raspasovka with a declarer", edit(base, _set("deal.3.declarer", "Anna")),
     "game.toml: deal[4].declarer: a raspasovka deal has no declarer, contract or defence"),
    ("a deal after the end", edit(base, lambda d: d["deal"].append(copy.deepcopy(d["deal"][6]))),
     "game.toml: deal[11]: the match was already over after deal 10"),
    ("unknown key in a deal", edit(base, _set("deal.0.contrakt", "6S")),
     "game.toml: deal[1].contrakt: unknown key 'contrakt'; did you mean 'contract'?"),
    ("unknown top-level key", edit(base, _set("deals", [])),
     "game.toml: deals: unknown key 'deals'; did you mean 'deal'?"),
    ("players listed twice", edit(base, _set("players", ["Anna", "Boris", "Anna"])),
     "game.toml: players: 'Anna' is listed twice"),
    ("variant missing", edit(base, _set("variant", None)),
     "game.toml: variant: required key is missing"),
    # four players
    ("the sitting-out dealer declares", edit(four, _set("deal.0.declarer", "Anna")),
     "game.toml: deal[1].declarer: Anna dealt this deal and sat out (playing: Boris, Vera, Gleb)"),
    ("the sitting-out dealer defends", edit(four, _set("deal.0.defence", {"Vera": "whist", "Anna": "whist"})),
     "game.toml: deal[1].defence.Anna: Anna dealt this deal and sat out; the defenders are Vera, Gleb"),
    ("the sitting-out dealer in a game's tricks",
     edit(four, _set("deal.0.tricks", {"Boris": 5, "Vera": 3, "Gleb": 1, "Anna": 1})),
     "game.toml: deal[1].tricks.Anna: Anna dealt this deal and sat out"),
    ("the dealer's talon wins three", edit(four, _set("deal.1.tricks", {"Vera": 3, "Gleb": 2, "Anna": 2,
                                                                        "Boris": 3})),
     "game.toml: deal[2].tricks.Boris: 3 tricks, but the talon cards lead only 2 tricks"),
]


@pytest.mark.parametrize(("what", "card", "message"), BAD_RECORDS, ids=[b[0] for b in BAD_RECORDS])
def test_bad_record(what: str, card: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as info:
        score_card(card, "game.toml")
    text = str(info.value)
    assert "\n" not in text
    assert text.startswith(message), text


BAD_CONFIGS: list[tuple[str, dict[str, Any], str]] = [
    ("unknown variant", edit(base, _set("variant", "sochy")),
     "game.toml: variant: unknown variant 'sochy'; did you mean 'sochi'?"),
    ("abstract variant", edit(base, _set("variant", "russian")),
     "game.toml: variant: 'russian' is a family base"),
    ("pool missing", edit(base, _set("rules", {})),
     "game.toml: rules.pool: missing: a scorecard must state the pool target agreed at the table"),
    ("unknown rules key", edit(base, _set("rules", {"pool": 10, "pol": 3})),
     "game.toml: rules.pol: unknown key 'pol'; did you mean 'pool'?"),
    ("bad rules value", edit(base, _set("rules", {"pool": 0})),
     "game.toml: rules.pool: "),
    ("players rule disagrees", edit(base, _set("rules", {"pool": 10, "players": 4})),
     "game.toml: rules.players: says 4 but 3 players are listed"),
    ("five players", edit(base, _set("players", ["Anna", "Boris", "Vera", "Gleb", "Dasha"])),
     "game.toml: players: 5 names listed; rules.players: "),
]


@pytest.mark.parametrize(("what", "card", "message"), BAD_CONFIGS, ids=[b[0] for b in BAD_CONFIGS])
def test_bad_config(what: str, card: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError) as info:
        score_card(card, "game.toml")
    text = str(info.value)
    assert "\n" not in text
    assert text.startswith(message), text


def test_contract_the_auction_does_not_allow() -> None:
    # With the exit from raspasovka set to sevens, a six cannot follow a raspasovka (RUS-RASP-22's rule as
    # an option), so a card claiming one is impossible.
    data = {"variant": "sochi", "players": ["Anna", "Boris", "Vera"],
            "rules": {"pool": 10, "raspasovka": {"exit_levels": [7]}}, "deal": [
                {"raspasovka": True, "tricks": {"Boris": 3, "Vera": 3, "Anna": 4}},
                {"declarer": "Vera", "contract": "6S", "defence": {"Anna": "pass", "Boris": "pass"}},
            ]}
    expected = (r"^game\.toml: deal\[2\]\.contract: 6S cannot be played in this deal under the auction rules "
                r"\(lowest allowed: 7S\)$")
    with pytest.raises(RecordError, match=expected):
        score_card(data, "game.toml")
    data["deal"][1]["contract"] = "7S"
    spec = score_card(data, "game.toml").match.results[1].contract
    assert spec is not None and spec.name == "7S"


def test_file_errors(tmp_path: Path) -> None:
    missing = tmp_path / "nothere.toml"
    with pytest.raises(RecordError, match=r"nothere\.toml: file not found$"):
        score_file(str(missing))
    broken = tmp_path / "broken.toml"
    broken.write_text('variant = "sochi"\nplayers = [\n', encoding="utf-8")
    with pytest.raises(RecordError) as info:
        score_file(str(broken))
    assert str(info.value).startswith(f"{broken}: malformed TOML: ") and "\n" not in str(info.value)
    bad_json = tmp_path / "broken.json"
    bad_json.write_text("{", encoding="utf-8")
    with pytest.raises(RecordError, match=r"broken\.json: malformed JSON: "):
        score_file(str(bad_json))
    listed = tmp_path / "list.json"
    listed.write_text("[]", encoding="utf-8")
    with pytest.raises(RecordError, match=r"list\.json: expected an object"):
        score_file(str(listed))


def test_rejected_card_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    text = PULKA.read_text(encoding="utf-8").replace("tricks = { Boris = 7, Vera = 3, Anna = 0 }",
                                                     "tricks = { Boris = 7, Vera = 2, Anna = 0 }")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match=r"game\.toml: deal\[1\]\.tricks: tricks sum to 9, expected 10$"):
        score_file(str(path))


# ---------------------------------------------------------------- through the command line


def run_cli(argv: list[str]) -> int:
    """``preferans.core.cli.main`` returns an exit code or raises SystemExit; both are accepted."""
    from preferans.core.cli import main

    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    return 0 if code is None else int(code)


def test_cli_scores_the_pulka(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["score", str(PULKA), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == "sochi"
    assert out["players"] == ["Anna", "Boris", "Vera"]
    assert out["finished"] is True
    assert len(out["deals"]) == 10
    sheet = out["sheet"]
    names = ["Anna", "Boris", "Vera"]
    for seat, name in enumerate(names):
        row = sheet[name]
        assert row.get("pool", 0) == PULKA_TOTALS.get(P(seat), 0)
        assert row.get("gora", 0) == PULKA_TOTALS.get(G(seat), 0)
        for other, on in enumerate(names):
            if other != seat:
                assert row.get("whists", {}).get(on, 0) == PULKA_TOTALS.get(W(seat, other), 0)
    assert out["settlement"] == dict(zip(names, PULKA_ROUNDED, strict=True))
    assert out["settlement_exact"] == {"Anna": "140/3", "Boris": "290/3", "Vera": "-430/3"}


@pytest.mark.parametrize(("what", "card", "message"), BAD_RECORDS[:3] + BAD_CONFIGS[:3],
                         ids=[b[0] for b in BAD_RECORDS[:3] + BAD_CONFIGS[:3]])
def test_cli_rejects_a_bad_card(what: str, card: dict[str, Any], message: str, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.toml"
    path.write_text(tomli_w.dumps(card), encoding="utf-8")
    assert run_cli(["score", str(path), "--json"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    # the same one line as through the API: the file, then the deal and field and the reason
    assert f"{path}: {message.split(': ', 1)[1]}" in err


def test_errors_are_bad_input() -> None:
    """The CLI maps BadInput to exit code 2; both error kinds are BadInput."""
    assert issubclass(RecordError, BadInput) and issubclass(ConfigError, BadInput)
