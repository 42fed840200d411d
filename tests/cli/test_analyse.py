"""``preferans analyse``: every card of a saved game against double-dummy play, on deals worked by hand.

The deal, its two plays and the arithmetic of each are in tests/helpers/analyse.py (test_analyse_expected.py
plays the same deal)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.analyse import BLUNDER, PERFECT, saved_game
from preferans.core import Game
from preferans.core.cli import main


def analyse_json(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, object]:
    code = main(["analyse", str(path), "--json", "--deals", "1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_the_blunder_is_marked_with_its_cost(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = analyse_json(capsys, saved_game(tmp_path, BLUNDER, "blunder.json"))
    assert set(data) == {"log", "variant", "players", "deals"}
    (deal,) = data["deals"]  # type: ignore[misc]
    assert deal["contract"] == "7S" and deal["declarer"] == 1 and deal["kind"] == "contract"
    assert deal["dd_start"] == [9] and deal["actual"] == [8]
    assert deal["costly"] == [{
        "trick": 1, "hand": 1, "player": "Boris", "card": "AC", "lost": 1,
        "best": ["8S", "9S", "10S", "JS", "QS", "KS", "AS", "7D"],
    }]


def test_perfect_play_has_no_costly_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_game(tmp_path, PERFECT, "perfect.json")
    data = analyse_json(capsys, path)
    (deal,) = data["deals"]  # type: ignore[misc]
    assert deal["dd_start"] == [9] and deal["actual"] == [9] and deal["costly"] == []
    code = main(["analyse", str(path)])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "7S by Boris; double-dummy at the first card: 9 tricks; taken: 9" in out
    assert "no costly card" in out


def test_a_bad_log_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyse", str(tmp_path / "missing.json")])
    _, err = capsys.readouterr()
    assert code == 2 and err == f"preferans: {tmp_path / 'missing.json'}: file not found\n"
    path = tmp_path / "other.json"
    path.write_text('{"format": "something"}', encoding="utf-8")
    code = main(["analyse", str(path)])
    _, err = capsys.readouterr()
    assert code == 2 and err == f"preferans: {path}: not a saved game (play --save), a game record or a PPN file\n"
    code = main(["analyse", str(path), "--deals", "0"])
    _, err = capsys.readouterr()
    assert code == 2 and err == "preferans: --deals: expected a positive number of deals, got 0\n"


def test_a_saved_bot_game_is_analysed_deal_by_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a few deals of a bot game through the play --save format; raspasovka deals are valued per hand
    log = tmp_path / "g.json"
    assert main(["play", "--seed", "1", "--save", str(log), "--json"]) == 0
    capsys.readouterr()
    code = main(["analyse", str(log), "--deals", "3", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    deals = json.loads(out)["deals"]
    assert [d["deal"] for d in deals] == [1, 2, 3]
    saved = json.loads(log.read_text(encoding="utf-8"))
    game = Game.from_dict(saved["game"])
    for d, r in zip(deals, game.results, strict=False):
        if d["kind"] == "contract":
            assert d["actual"] == [r.tricks[r.declarer]]
        for c in d["costly"]:
            assert c["lost"] >= 1 and c["card"] not in c["best"]
