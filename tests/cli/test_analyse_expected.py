"""``preferans analyse --expected``: each card's expected loss from what its player could know, and each
player's largest mistakes (issue 15), on the deal of tests/helpers/analyse.py, worked by hand there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.analyse import BLUNDER, PERFECT, saved_game
from preferans.core.cli import main


def expected_json(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, object]:
    assert main(["analyse", str(path), "--expected", "--samples", "8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_a_card_that_gives_up_a_sure_trick_has_an_expected_loss_of_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Lone whist, open: the declarer (Boris, seat 1) sees both defenders' hands and his own discard, so only
    # one layout is possible and the expected loss is the double-dummy cost: leading AC lets seat 2 ruff,
    # 8 tricks instead of 9 (tests/cli/test_analyse.py works it out): a loss of exactly 1 trick.
    data = expected_json(capsys, saved_game(tmp_path, BLUNDER, "blunder.json"))
    deal = data["deals"][0]  # type: ignore[index]
    first = deal["expected"][0]
    assert first == {"trick": 1, "hand": 1, "seat": 1, "player": "Boris", "card": "AC", "loss": 1.0,
                     "best": ["8S", "9S", "10S", "JS", "QS", "KS", "AS", "7D"], "layouts": 1}
    assert data["mistakes"]["Boris"][0] == {"deal": 1, **first}  # type: ignore[index]


def test_the_declarer_who_sees_everything_makes_no_mistake_in_perfect_play(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # With every card in sight his expected loss is his double-dummy cost, and perfect play costs nothing.
    data = expected_json(capsys, saved_game(tmp_path, PERFECT, "perfect.json"))
    deal = data["deals"][0]  # type: ignore[index]
    assert deal["costly"] == []
    assert all(e["seat"] != 1 for e in deal["expected"])
    assert "Boris" not in data["mistakes"]  # type: ignore[operator]


def test_samples_without_expected_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_game(tmp_path, PERFECT, "perfect.json")
    assert main(["analyse", str(path), "--samples", "8"]) == 2
    assert "--samples: the layouts of --expected" in capsys.readouterr().err
    assert main(["analyse", str(path), "--expected", "--samples", "5000"]) == 2
    assert "--samples: expected 1 to 1000 layouts, got 5000" in capsys.readouterr().err
