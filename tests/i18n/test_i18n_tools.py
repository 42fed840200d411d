"""The tools in the players' language (issue 14, docs/i18n.md): ``solve``, ``analyse``, ``arena`` and the hint
line of ``play --hints`` print in the language of ``--lang`` (or the environment), their ``--json`` keeps the
English keys, and English is as it was.

The expected Russian and German lines are the entries of the "# tools" block of core/locale/ru and
core/locale/de (and the suits' and contracts' words of those catalogues) put together by hand, not the
output of the code under test; the numbers in them are the English output's, whose values
tests/cli/test_solve_cli.py and tests/cli/test_analyse.py work by hand. Unchecked: written by the developers, not yet
read by a native speaker (as the catalogues' headers say).
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from preferans.core.cli import main

# the declarer-friendly deal of tests/cli/test_solve_cli.py: the first hand holds every spade and the two top clubs
TOP = ("AS KS QS JS 10S 9S 8S 7S AC KC | QC JC 10C 9C 8C 7C AD KD QD JD | "
       "10D 9D 8D 7D AH KH QH JH 10H 9H | 7H 8H")
HANDS = ["AS KS QS JS 10S 9S 8S 7S AC KC", "QC JC 10C 9C 8C 7C AD KD QD JD", "10D 9D 8D 7D AH KH QH JH 10H 9H"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(list(argv)) == 0
    return capsys.readouterr().out.splitlines()


def test_solve_one_contract_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "solve", TOP, "--variant", "sochi", "--contract", "6S", "--declarer", "0", "--lang", "ru")
    # the seats' names padded to 16 as in English ("0 (первая рука)" is 15 letters); 6S is written 6♠;
    # ten tricks: "10 взяток" (the form for 5-20)
    assert out[:8] == [
        "sochi: сдача на три руки",
        "  0 (первая рука)  " + HANDS[0], "  1 (вторая рука)  " + HANDS[1], "  2 (сдающий)      " + HANDS[2],
        "  прикуп           8H 7H",
        "контракт 6♠, играет место 0 (первая рука); ходит место 0 (первая рука)",
        "снос: 8H 7H (играющий берёт прикуп; из 66 сносов этот даёт больше всего взяток)",
        "с открытыми картами: у играющего 10 взяток; 6♠ сыгран (нужно 6)"]
    assert out[8].startswith("первая карта места 0, взятки играющего после неё: AS 10, KS 10")


def test_solve_table_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "solve", TOP, "--variant", "sochi", "--declarer", "0", "--lang", "de")
    assert out[0] == "sochi: ein Spiel mit drei Händen" and out[4] == "  Talon            8H 7H"
    assert out[6] == ("Stiche des Alleinspielers bei offenen Karten (Spiele: die meisten; Misère: die wenigsten); "
                      "bestes Drücken; es spielt aus, wen die Regeln bestimmen")
    # the columns: the suits as German players write them (♠ ♣ ♦ ♥, OT for no trumps) and Misère
    assert out[7].split() == ["Alleinspieler", "♠", "♣", "♦", "♥", "OT", "Misère"]
    assert out[8].split() == ["0", "(Vorhand)", "10", "2", "0", "0", "10", "0"]
    assert out[10] == "bestes Drücken"


def test_solve_english_and_json_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "solve", TOP, "--variant", "sochi", "--contract", "6S", "--declarer", "0")
    assert out[5:7] == ["contract 6S by seat 0 (first hand); seat 0 (first hand) leads",
                        "discard: 8H 7H (the declarer takes the talon; of the 66 discards this one gives the most "
                        "tricks)"]
    data = json.loads("\n".join(run(capsys, "solve", TOP, "--variant", "sochi", "--contract", "6S", "--declarer",
                                    "0", "--json", "--lang", "ru")))
    assert data["contract"] == "6S" and data["goal"] == "max" and data["made"] is True  # the English keys


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    log = tmp_path_factory.mktemp("i18n-tools") / "g.json"
    assert main(["play", "--seed", "1", "--save", str(log), "--json"]) == 0
    return log


def test_analyse_in_russian(capsys: pytest.CaptureFixture[str], saved: Path) -> None:
    capsys.readouterr()
    english = run(capsys, "analyse", str(saved), "--deals", "4")
    ru = run(capsys, "analyse", str(saved), "--deals", "4", "--lang", "ru")
    assert english[0] == f"{saved}: sochi, 4 deals analysed" and ru[0] == f"{saved}: sochi, разобрано сдач: 4"
    assert english[1].startswith("deal 1 (dealer Anna): 6H by Anna; double-dummy at the first card: 6 tricks")
    # 6H is 6♥, six tricks "6 взяток"
    assert ru[1] == "сдача 1 (сдаёт Anna): 6♥, играет Anna; с открытыми картами при первой карте: 6 взяток; взято: 6"
    assert english[2] == "  trick 1: Vera played 7S, lost 1 trick (best: KS)"
    assert ru[2] == "  взятка 1: Vera, ход 7S, потеряна 1 взятка (лучше: KS)"  # one trick: "1 взятка"
    # deal 4 of seed 1 is the first raspasovka (Boris, Vera and Anna pass)
    [fourth] = [line for line in ru if line.startswith("сдача 4 ")]
    assert fourth.startswith("сдача 4 (сдаёт Anna): распасы; взятки с открытыми картами при первой карте (каждый "
                             "избегает взяток против остальных): ")


@pytest.mark.subprocess
def test_arena_in_german_and_the_environment(capsys: pytest.CaptureFixture[str]) -> None:
    de = run(capsys, "arena", "--bots", "random,heuristic,heuristic", "--deals", "2", "--variant", "sochi",
             "--lang", "de")
    # the variant by its name in German (Sotschi), the key only where it is typed
    assert de[0] == ("Arena: Sotschi, Startwert 1: 2 Spiele x 3 Rotationen (6 Partien) zwischen random, heuristic, "
                     "heuristic")
    assert de[1] == "Abrechnung je 100 Spiele (Whists), Duplikat"  # the Russian family's unit in German
    assert de[2].split() == ["Eintrag", "Bot", "Partien", "gesamt", "je", "100", "Spiele", "95%-KI"]
    assert de[-3].startswith("alle     heuristic (alle 2)")  # the aggregate of the two copies
    assert de[-2].split()[:3] == ["random", "-", "heuristic"]  # the lead: bots' names, no words
    assert de[-1] == ("je 100 Spiele: der Mittelwert je Partie eines Spiels; 95%-KI: Mittelwert +- "
                      "1.96 * sd / sqrt(N) über die N = 2 Spiele")
    run_ = subprocess.run([sys.executable, "-m", "preferans.core.cli", "arena", "--bots", "random,heuristic,heuristic",
                           "--deals", "2", "--variant", "sochi"], capture_output=True, text=True, encoding="utf-8",
                          env={"PATH": "/usr/bin:/bin", "LANG": "ru_RU.UTF-8", "PYTHONIOENCODING": "utf-8"},
                          check=False)
    assert run_.returncode == 0, run_.stderr
    ru = run_.stdout.splitlines()
    assert ru[0] == "арена: Сочи, сид 1: сдач: 2 x пересадок: 3 (розыгрышей: 6), играют random, heuristic, heuristic"
    assert ru[1] == "Расчёт на 100 сдач (висты), дубль"
    # the time on stderr: 2 deals x 3 rotations = 6 plays, one process ("1 процесс", the form for 1)
    assert re.fullmatch(r"арена: 6 розыгрышей за \d+\.\d с \(1 процесс\)", run_.stderr.splitlines()[-1])


def test_play_hints_in_russian(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # the scene of tests/ai/test_levels.py: the first decision is a call, so the hint is the hard bot's calls with
    # the settlement it expects of each, in the variant's unit said in Russian (висты)
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\ny\n"))
    assert main(["play", "--human", "0", "--hints", "--seed", "3", "--bots", "heuristic", "--rule", "max_deals=1",
                 "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    hint = next(line for line in out.splitlines() if line.startswith("подсказка: "))
    assert re.fullmatch(r"подсказка: \S+ \(висты: ожидается [+-]\d+\.\d\)(, \S+ \([+-]\d+\.\d\))*", hint), hint
    assert "hint:" not in out
