"""``preferans solve``: reading a deal, one contract with its best discard, the DD table, ``--json``.

Every value below is worked by hand in the comment next to it (the solver itself is checked against a plain
minimax in tests/ai/test_solver.py). Seats: 0 first hand, 1 second hand, 2 dealer; Sochi, where the first hand
leads whoever declares, must follow, must trump, no must-beat.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from preferans.core.cli import main
from preferans.core.model.cards import parse_cards
from preferans.core.model.errors import BadInput
from preferans.core.tools.solve import discards, parse_deal


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# The declarer-friendly deal: the first hand holds every spade and the two top clubs.
TOP = ("AS KS QS JS 10S 9S 8S 7S AC KC | QC JC 10C 9C 8C 7C AD KD QD JD | "
       "10D 9D 8D 7D AH KH QH JH 10H 9H | 7H 8H")

# Full suits: seat 0 all spades, seat 1 all clubs, seat 2 all diamonds; the hearts two by two.
SUITS = ("AS KS QS JS 10S 9S 8S 7S AH KH | AC KC QC JC 10C 9C 8C 7C QH JH | "
         "AD KD QD JD 10D 9D 8D 7D 10H 9H | 8H 7H")


# ---------------------------------------------------------------- reading a deal


def test_the_one_line_deal_accepts_aliases_and_any_suit_order() -> None:
    deal = parse_deal("kc ac 7s 8s 9s ts js qs ks as|QC JC 10C 9C 8C 7C A♦ KD QD JD|"
                      "10D 9D 8D 7D AH KH QH JH 10H 9H|8h 7h")
    assert deal.hands[0] == parse_cards("AS KS QS JS 10S 9S 8S 7S AC KC")
    assert deal.hands[1] == parse_cards("QC JC 10C 9C 8C 7C AD KD QD JD")
    assert deal.talon == parse_cards("7H 8H")


FORM = "'first hand | second hand | dealer | talon' (10, 10, 10 and 2 cards)"


@pytest.mark.parametrize(("deal", "message"), [
    ("AS KS | QS | 7H", f"DEAL: expected {FORM}: 4 parts separated by '|', got 3"),
    (TOP.replace("QC", "XC"), "DEAL: second hand: not a card: 'XC' (expected rank 7 8 9 10 J Q K A and suit S C "
                              "D H, e.g. 10H, AS, K♠)"),
    (TOP.replace("10D ", ""), "DEAL: dealer: 9 cards, expected 10"),
    (TOP.replace("7H 8H", "7H 8H 9H"), "DEAL: talon: 3 cards, expected 2"),
    (TOP.replace("AC KC", "AC AC"), "DEAL: first hand: card listed twice: 'AC'"),
    (TOP.replace("| 7H 8H", "| 7H AS"), "DEAL: AS is in the first hand and in the talon: every card once"),
    ("nothing here", f"DEAL: expected {FORM}, a .ppn file or a PPN record, got 'nothing here'"),
])
def test_a_bad_deal_is_one_line_naming_the_part(capsys: pytest.CaptureFixture[str], deal: str,
                                                message: str) -> None:
    code, out, err = run(capsys, "solve", deal)
    assert code == 2 and out == ""
    assert err == f"preferans: {message}\n"


@pytest.mark.parametrize(("argv", "message"), [
    (["--contract", "11S", "--declarer", "0"], "--contract: no contract '11S' in sochi; did you mean '10S'? "
     "(one of: 6S, 6C, 6D, 6H, 6NT, 7S, 7C, 7D, 7H, 7NT, 8S, 8C, 8D, 8H, 8NT, misere, 9S, 9C, 9D, 9H, 9NT, "
     "10S, 10C, 10D, 10H, 10NT)"),
    (["--contract", "7S"], "--contract: needs --declarer SEAT (0 or first, 1 or second, 2 or dealer)"),
    (["--declarer", "3"], "--declarer: no seat '3' (0 or first, 1 or second, 2 or dealer)"),
])
def test_bad_options_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "solve", TOP, *argv)
    assert code == 2
    assert err == f"preferans: {message}\n"


def test_a_ppn_record_gives_its_deal() -> None:
    # the first record of docs/ppn.md: dealOrder 231, so the hands are p2's, p3's, p1's. PPN's codes for 7..A:
    # ♠ 1..8, ♦ 9..G, ♥ H..O, ♣ P..W. Cards 0-9 (p2, the first hand): G=A♦ Q=8♣ I=8♥ N=K♥ K=10♥ J=9♥ D=J♦
    # 7=K♠ 6=Q♠ W=A♣; the talon, the last two: 3=9♠ F=K♦
    deal = parse_deal("[1 231 GQINKJD76WHS8E5L41M2COT9PRBVAU3F P,2,P 3 8F 4 0 0 0 8 0 0 0,M0:-8,0]")
    assert deal.hands[0] == parse_cards("AD 8C 8H KH 10H 9H JD KS QS AC")
    assert deal.talon == parse_cards("9S KD")
    assert deal.variant == "balkan"


def test_discards_count_equivalent_cards_once() -> None:
    # eight spades (one run: one class), AC KC (one run), 8H 7H (one run): three classes; two cards of one
    # class or one of each of two: 3 + 3 = 6 different discards out of 66
    twelve = parse_cards("AS KS QS JS 10S 9S 8S 7S AC KC 8H 7H")
    assert len(discards(twelve, True, 0)) == 6
    assert len(discards(twelve, False, 0)) == 6


# ---------------------------------------------------------------- one contract


def test_all_trumps_and_two_top_clubs_take_ten_with_any_lead(capsys: pytest.CaptureFixture[str]) -> None:
    # He takes 7H 8H and must put both away: a kept heart is played at some trick, and as he wins every trick
    # he would have to lead it (the dealer's AH..9H are all higher): 9. With 8S..AS and AC KC every trick is
    # his whatever he leads (nobody else has a trump; AC, then KC, are the top clubs): 10.
    code, out, err = run(capsys, "solve", TOP, "--contract", "7S", "--declarer", "0", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"variant", "deal", "contract", "declarer", "leader", "goal", "tricks", "made", "discard",
                         "leads"}
    assert data["tricks"] == 10 and data["made"] is True
    assert data["discard"] == ["8H", "7H"] and data["leader"] == 0
    assert data["leads"] == dict.fromkeys(["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "AC", "KC"], 10)
    # a defender leading changes nothing: a club lead is taken by AC, anything else is ruffed
    code, out, _ = run(capsys, "solve", TOP, "--contract", "7S", "--declarer", "first", "--leader", "1", "--json")
    data = json.loads(out)
    assert data["tricks"] == 10 and data["leader"] == 1
    assert set(data["leads"].values()) == {10} and len(data["leads"]) == 10


def test_the_text_output_says_made_and_the_discard(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", TOP, "--contract", "7S", "--declarer", "0")
    assert code == 0
    assert "discard: 8H 7H" in out
    assert "double-dummy: 10 tricks for the declarer; 7S is made (needs 7)" in out


MISERE = ("7C 8C 9C 7D 8D 9D 7H 8H 9H AS | 7S 9S JS KS 10C JC QC KC AC JD | "
          "8S 10S QS QD KD AD JH QH KH AH | 10D 10H")


def test_a_misere_that_cannot_be_caught_puts_the_ace_away(capsys: pytest.CaptureFixture[str]) -> None:
    # Twelve cards: 7-9 of clubs, 7-10 of diamonds, 7-10 of hearts and a bare AS. Without the AS every card
    # of his is below every card of its suit in the other hands (clubs 10-A, diamonds J-A, hearts J-A are
    # theirs), so he ducks every trick, the first one (he leads) included: 0. Keeping the AS costs a trick:
    # both defenders hold spades, so whoever wins a trick leads one and the AS, his only spade, must win it.
    # So the best discard holds the AS, and 0.
    code, out, err = run(capsys, "solve", MISERE, "--contract", "misere", "--declarer", "0", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["tricks"] == 0 and data["made"] is True and data["goal"] == "min"
    assert "AS" in data["discard"]


# ---------------------------------------------------------------- the table


def test_the_dd_table_of_full_suits(capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 0: all spades + AH KH; seat 1: all clubs + QH JH; seat 2: all diamonds + 10H 9H; talon 8H 7H.
    Seat 0 leads. The declarer takes 8H 7H, so he has four hearts and keeps at least two.

    Declarer 0 (spades, AH KH 8H 7H):
    - S 10: keep spades + AH KH: AH, KH (all follow), then spades nobody else has.
    - C 2: AH, KH win at tricks 1-2 (both defenders follow). No more: seat 1 holds all eight trumps, plays a
      club in every trick but the two where he follows hearts, and wins each of those eight.
    - D 2: the same with seat 2's diamonds.
    - H 10: keep AH KH 8H 7H + six spades: AH and KH draw the four defending trumps; the rest is his.
    - NT 10: keep spades + AH KH: top hearts, then spades nobody can follow.
    - misere 0: keep spades + 8H 7H, lead 7H: both defenders follow higher; he never leads again: spades
      are never led by the others, he is void in clubs and diamonds, 8H is below every heart of theirs.
    Declarer 1 (clubs, QH JH 8H 7H):
    - S 0: seat 0 holds every trump plus AH KH, all ten winners.
    - C 8: at most 8, as seat 0 cashes AH and KH at tricks 1-2 (he keeps two hearts, so he follows); and 8:
      keep the clubs and two hearts: he loses only the two tricks where he plays a heart (all trumps are his).
    - D 0: seat 0 cashes AH, KH (all follow), then seat 2 has only diamonds, the trumps: eight more.
    - H 8: at most 8 as in C (AH, KH are seat 0's). 8: keep QH JH 8H 7H and six clubs. If seat 0 leads a
      spade he ruffs with QH, seat 2 must underruff; he leads JH, drawing seat 2's last trump to seat 0's
      ace or king; he ruffs the next spade low and leads clubs, on which seat 0's last trump is the
      defence's second trick; then the remaining trump ruffs spades and the clubs run. If seat 0 starts with
      AH or KH he follows 7H, then 8H on the other, and ruffs spades high while seat 2 holds a trump.
    - NT 0: seat 0 cashes AH, KH and eight spades.
    - misere 0: keep clubs + 8H 7H: clubs are never led by the others, he is void in spades and diamonds,
      8H 7H are the lowest hearts.
    Declarer 2 (diamonds, 10H 9H 8H 7H):
    - S 0, NT 0: as for declarer 1.  C 0: seat 0 cashes AH, KH, then seat 1 has only trumps.
    - D 8: as C for declarer 1 (seat 0's AH KH at tricks 1-2; then every trick is his).
    - H 0: his hearts are the four lowest. Seat 0 leads a spade: seat 1 (void) must trump, he must trump
      under; seat 1 leads a club: he trumps, seat 0 (void) overtrumps; twice each, two trumps each: his four
      trumps fall under theirs, and he never gets the lead for his diamonds.
    - misere 0: every card of his is lowest in its suit or in a suit only he holds; he never leads.
    """
    code, out, err = run(capsys, "solve", SUITS, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [c["label"] for c in data["columns"]] == ["S", "C", "D", "H", "NT", "misere"]
    assert [c["goal"] for c in data["columns"]] == ["max"] * 5 + ["min"]
    values = {row["declarer"]: [cell["tricks"] for cell in row["cells"]] for row in data["rows"]}
    assert values == {
        0: [10, 2, 2, 10, 10, 0],
        1: [0, 8, 0, 8, 0, 0],
        2: [0, 0, 8, 0, 0, 0],
    }
    for row in data["rows"]:
        twelve = set(data["deal"]["hands"][row["declarer"]]) | {"8H", "7H"}
        for cell in row["cells"]:
            assert len(cell["discard"]) == 2 and set(cell["discard"]) <= twelve
            assert cell["leader"] == 0  # Sochi: the first hand leads whoever declares
    assert set(data) == {"variant", "deal", "leader", "columns", "rows"}


def test_the_table_for_one_declarer_prints_rows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", SUITS, "--declarer", "2")
    assert code == 0
    rows = [line for line in out.splitlines() if line[:1].isdigit()]  # the deal's lines are indented
    assert [r.split()[:2] for r in rows] == [["2", "(dealer)"]] * 2  # the tricks, then the discards
    assert rows[0].split()[2:] == ["0", "0", "8", "0", "0", "0"]  # as in the table test above


def test_bad_input_raises_bad_input() -> None:
    with pytest.raises(BadInput):
        parse_deal("AS | KS | QS | JS")


@pytest.mark.parametrize("name", ["game.json", "missing/record.ppn"])
def test_a_missing_file_is_named_as_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    # a DEAL with a file's ending and no hands in it is a file name: say that it is missing, not that the
    # "hands" are malformed (issue 16: `solve game.json` answered with a PPN error)
    monkeypatch.chdir(tmp_path)  # an empty folder: the file is surely missing
    code, out, err = run(capsys, "solve", name)
    assert code == 2 and out == ""
    assert err == (f"preferans: DEAL: {name}: no such file (DEAL is a saved game, a game record, a .ppn file, or "
                   f"the four hands 'first | second | dealer | talon')\n")
