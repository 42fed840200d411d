"""Balkan scorecards: the seed's worked example through ``preferans score``, a whole game to zero, and the
impossible deals rejected with exit 2 and the place named (docs/scorecard.md, "Balkan family")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from helpers import paths
from preferans.core.cli import main
from preferans.core.formats.scorecard import score_card

ROOT = paths.ROOT
EXAMPLE = ROOT / "examples" / "balkan-scorecard.toml"


def test_the_seeds_worked_example(capsys: pytest.CaptureFixture[str]) -> None:
    # rules-digest EX-02 (seed 000 "Пример записи"): bule 30 -> A 10, B 20, C 24 (the seed's contract column
    # -10, -20, -24); juha A on C 12, B on C 12, C on B 30, C on A 60. Settling now (BAL-SCORE-15/14): the
    # sum 54 is written off by 18 each -> A +8, B -2, C -6 in the seed's sign; A 80 + 12 - 60 = +32,
    # B -20 + 12 - 30 = -38, C -60 + 30 - 12 - 12 + 60 = +6.
    assert main(["score", "--json", str(EXAMPLE)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["finished"] is False
    assert report["settlement"] == {"A": 32, "B": -38, "C": 6}
    assert report["settlement_exact"] == {"A": "32", "B": "-38", "C": "6"}
    # refe_drawn: row 4 (all pass) drew one refe mark for each, A's crossed out in row 5 but still drawn: 1 each
    drawn = {name: report["sheet"][name].pop("refe_drawn") for name in "ABC"}
    assert drawn == {"A": 1, "B": 1, "C": 1}
    assert report["sheet"] == {
        "A": {"bula": 10, "juha": {"B": 0, "C": 12}, "refe": 0, "hat": 0},   # A's refe played in row 5
        "B": {"bula": 20, "juha": {"A": 0, "C": 12}, "refe": 1, "hat": 0},
        "C": {"bula": 24, "juha": {"A": 60, "B": 30}, "refe": 1, "hat": 0},
    }


def test_the_seeds_example_prints_the_three_column_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.split()[:2] == ["deal", "juha"])
    owners, header = lines[at - 1], lines[at]
    # each section as the seed's example heads it (BAL-SCORE-01, ISS-09): the owner's name over his three
    # columns, A (on C | contract | on B), B (on A | .. | on C), C (on B | .. | on A); the contract column is
    # the bula, the side columns the juha
    assert owners.split() == ["A", "A", "A", "B", "B", "B", "C", "C", "C"]
    assert [c.strip() for c in header.split("  ") if c.strip()] == [
        "deal", "juha on C", "bula", "juha on B", "juha on A", "bula", "juha on C", "juha on B", "bula",
        "juha on A"]
    # each name stands right over its column (the plain table right-aligns numbers and their headings)
    assert owners.index("A") + 1 == header.index("juha on C") + len("juha on C")
    assert owners.rindex("C") + 1 == len(header)  # C's juha on A is the last column
    rows = {line.split()[0]: line.split()[1:] for line in lines if line[:1].isdigit() or line.startswith("total")}
    # the running totals each deal changed, and the marks: "-" a refe written, "/" a refe played
    assert rows["1"] == ["12", "30", "30", "12", "24"]
    assert rows["2"] == ["20", "30"] and rows["3"] == ["-", "-", "-"] and rows["4"] == ["/10", "60"]
    total = next(line for line in lines if line.startswith("total"))
    assert total.split() == ["total", "12", "10", "0", "0", "20", "12", "30", "24", "60"]
    assert "A        +32" in out and "B        -38" in out and "C         +6" in out


def test_play_prints_the_three_column_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    # a bot game of balkan: the sheet has a section per player (juha on the left | bula | juha on the right)
    assert main(["play", "--variant", "balkan", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.split()[:2] == ["deal", "juha"])
    assert lines[at - 1].split() == ["Anna"] * 3 + ["Boris"] * 3 + ["Vera"] * 3
    assert [c.strip() for c in lines[at].split("  ") if c.strip()] == [
        "deal", "juha on Vera", "bula", "juha on Boris", "juha on Anna", "bula", "juha on Vera", "juha on Boris",
        "bula", "juha on Anna"]
    assert any(line.startswith("check: the settlement sums to 0") for line in lines)


def card(deals: list[dict[str, Any]], variant: str = "balkan", **rules: Any) -> dict[str, Any]:
    return {"variant": variant, "players": ["A", "B", "C"], "rules": {"bula": 30, "refe_limit": 1, **rules},
            "deal": deals}


def write(tmp_path: Path, data: dict[str, Any]) -> str:
    path = tmp_path / "game.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return str(path)


def test_a_whole_game_to_zero(tmp_path: Path) -> None:
    # bula 20 each (sum 60), refe_limit 1.
    # 1 (A deals) B tref, nobody follows: B 20 - 10 = 10                              sum 50
    # 2 (B deals) all pass: a refe for everybody                                      sum 50
    # 3 (C deals) C karo on refe, A and B follow 2 + 2, C 6: C -12, A 24 and B 24     sum 38
    #   on C (2 x 6 x 2)
    # 4 (A deals) A herc, B alone takes 1 (A 9): A on refe -16, B 1 x 16 and +16     sum 38
    # 5 (B deals) B herc, C alone takes 4 (B 6): B on refe -16, C 64 on B            sum 22
    # 6 (C deals) A sans, both follow, A 7, B 2, C 1: A -14 (-10: the hat), B 28,     sum 22
    #   C 14; the pair took 3 < 4: C with 1 is penalised 14
    # 7 (A deals) C tref, nobody follows: C -10                                      sum 12
    # 8 (B deals) A igra betl made: 14 > 12: A writes off 12 only and the game ends    sum 0
    deals = [
        {"declarer": "B", "contract": "tref", "defence": {"C": "pass", "A": "pass"}},
        {"all_pass": True},
        {"declarer": "C", "contract": "karo", "defence": {"A": "follow", "B": "follow"},
         "tricks": {"C": 6, "A": 2, "B": 2}},
        {"declarer": "A", "contract": "herc", "defence": {"B": "follow", "C": "pass"}, "tricks": {"A": 9, "B": 1}},
        {"declarer": "B", "contract": "4", "defence": {"C": "follow", "A": "pass"}, "tricks": {"B": 6, "C": 4}},
        {"declarer": "A", "contract": "sans", "defence": {"B": "follow", "C": "follow"},
         "tricks": {"A": 7, "B": 2, "C": 1}},
        {"declarer": "C", "contract": "clubs", "defence": {"A": "pass", "B": "pass"}},
        {"declarer": "A", "contract": "betl", "without_talon": True, "tricks": {"A": 0, "B": 5, "C": 5}},
    ]
    scored = score_card(card(deals, bula=20), "game.toml")
    assert scored.finished
    bule = [scored.match.totals[("bula", s, None)] for s in range(3)]
    # A 20 - 16 - 14 - 12 = -22; B 10 + 16 - 16 = 10; C 20 - 12 + 14 - 10 = 12
    assert bule == [-22, 10, 12] and sum(bule) == 0
    juha = {(w, o): scored.match.totals[("juha", w, o)] for w in range(3) for o in range(3) if w != o}
    # A on C 24; B on C 24, on A 16 + 28 = 44; C on B 64, on A 14
    assert juha == {(0, 1): 0, (0, 2): 24, (1, 0): 44, (1, 2): 24, (2, 0): 14, (2, 1): 64}
    # R = 10 (0 - B_i) + written - received: A 220 + 24 - 58 = 186; B -100 + 68 - 64 = -96;
    # C -120 + 78 - 48 = -90
    assert list(scored.match.settlement().exact) == [186, -96, -90]
    # a deal after the end is an error naming it
    path = write(tmp_path, card([*deals, {"all_pass": True}], bula=20))
    assert main(["score", path]) == 2


@pytest.mark.parametrize(("rules", "deal", "where"), [
    ({"bula": 30}, {"all_pass": True}, "rules.refe_limit: missing"),
    ({"refe_limit": 1}, {"all_pass": True}, "rules.bula: missing"),
    (None, {"declarer": "A", "contract": "hertz", "defence": {"B": "pass", "C": "pass"}}, "deal[1].contract"),
    (None, {"declarer": "A", "contract": "herc", "defence": {"B": "follow", "C": "follow"},
            "tricks": {"A": 4, "B": 3, "C": 3}}, "deal[1].tricks: the defence took 6 tricks"),
    (None, {"declarer": "A", "contract": "herc", "defence": {"B": "follow", "C": "follow"},
            "tricks": {"A": 5, "B": 2, "C": 2}}, "deal[1].tricks: tricks sum to 9"),
    (None, {"declarer": "A", "contract": "herc", "defence": {"B": "invite", "C": "follow"},
            "tricks": {"A": 6, "B": 2, "C": 2}}, "deal[1].defence.B: 'invite' is only for a lone follower"),
    (None, {"declarer": "A", "contract": "herc", "defence": {"B": "pass", "C": "follow"}, "kontra": {"by": "B"},
            "tricks": {"A": 6, "B": 2, "C": 2}}, "deal[1].kontra.by: B passed"),
    (None, {"declarer": "A", "contract": "herc", "defence": {"B": "pass", "C": "pass"},
            "tricks": {"A": 10}}, "deal[1].tricks: nothing was played"),
    (None, {"declarer": "A", "contract": "herc", "defence": {"B": "pass", "C": "follow"},
            "tricks": {"A": 6, "B": 1, "C": 3}}, "deal[1].tricks.B: B did not play"),
    (None, {"declarer": "A", "contract": "betl", "defence": {"B": "pass"}, "tricks": {"A": 0, "B": 5, "C": 5}},
     "deal[1].defence.B: both defenders defend a betl"),
    (None, {"declarer": "A", "contract": "betl", "tricks": {"A": 2, "B": 4, "C": 4}},
     "deal[1].tricks: the declarer took 2 tricks"),
    (None, {"declarer": "A", "contract": "pik", "defence": {"B": "invite", "C": "pass"}},
     "deal[1].defence.B: 'invite' is not allowed on the two"),
    (None, {"declarer": "A", "contract": "herc", "defence": {"B": "follow"}}, "deal[1].defence: no call for C"),
    (None, {"declarer": "A", "contract": "herc", "defence": {"A": "follow"}}, "deal[1].defence.A: A is the declarer"),
    (None, {"all_pass": True, "declarer": "A"}, "deal[1].declarer: an all-pass deal has no declarer"),
    (None, {"declarer": "A", "contract": "herc", "defence": {"B": "follow", "C": "follow"},
            "kontra": {"by": "B", "level": "superkontra"}, "tricks": {"A": 6, "B": 2, "C": 2}},
     "deal[1].kontra.level: unknown kontra level"),
    (None, {"declarer": "A", "contract": "herc", "defence": {"B": "follow", "C": "follow"}, "kontr": {"by": "B"}},
     "deal[1].kontr: unknown key 'kontr'; did you mean 'kontra'?"),
])
def test_impossible_deals_are_rejected(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       rules: dict[str, Any] | None, deal: dict[str, Any], where: str) -> None:
    data = card([deal])
    if rules is not None:
        data["rules"] = rules
    assert main(["score", write(tmp_path, data)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and where in err, err


def test_kontra_beyond_mortkontra_is_rejected_in_serbian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal = {"declarer": "A", "contract": "herc", "defence": {"B": "follow", "C": "follow"},
            "kontra": {"by": "B", "level": "kontra-5"}, "tricks": {"A": 6, "B": 2, "C": 2}}
    assert main(["score", write(tmp_path, card([deal], "serbian"))]) == 2
    assert "deal[1].kontra.level: kontra-5 is beyond the highest level allowed, mortkontra" in capsys.readouterr().err
