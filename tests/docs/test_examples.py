"""The files in examples/: a scorecard per family, scored to hand-worked totals, and a game config; and the
error a reader gives for the other kind of file (issue 16, item 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import paths
from preferans.core.cli import main

EXAMPLES = paths.ROOT / "examples"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def score(capsys: pytest.CaptureFixture[str], name: str) -> dict[str, object]:
    code, out, err = run(capsys, "score", "--json", str(EXAMPLES / name))
    assert code == 0, err
    report: dict[str, object] = json.loads(out)
    return report


def test_the_sochi_scorecard(capsys: pytest.CaptureFixture[str]) -> None:
    report = score(capsys, "sochi-scorecard.toml")
    # docs/scorecard.md, "A complete example", deal by deal: pools 10 / 10 / 10 (finished); gora Anna 17,
    # Boris 0, Vera 27 (mean 44/3); whists written Anna 60 + 20, Boris 16, Vera 10 + 6, and on each: Anna 10,
    # Boris 60 + 6, Vera 20 + 16. A mountain point is 10 whists:
    # Anna 80 - 10 - 10 (17 - 44/3) = 70 - 70/3 = 140/3; Boris 16 - 66 + 440/3 = 290/3;
    # Vera 16 - 36 - 10 (27 - 44/3) = -20 - 370/3 = -430/3. Rounded keeping the sum 0: 47, 97, -144.
    assert report["finished"] is True
    assert report["settlement_exact"] == {"Anna": "140/3", "Boris": "290/3", "Vera": "-430/3"}
    assert report["settlement"] == {"Anna": 47, "Boris": 97, "Vera": -144}


def test_the_balkan_scorecard(capsys: pytest.CaptureFixture[str]) -> None:
    report = score(capsys, "balkan-scorecard.toml")
    # bule from 30: A 10, B 20, C 24 left; juha A on C 12, B on C 12, C on B 30, C on A 60. Settled now: the
    # sum 54 of the bule, 18 each, leaves A +8, B -2, C -6 (x10: A +80, B -20, C -60); then the juha:
    # A 80 + 12 - 60 = 32, B -20 + 12 - 30 = -38, C -60 + 30 - 12 - 12 + 60 = 6.
    assert report["finished"] is False
    assert report["settlement"] == {"A": 32, "B": -38, "C": 6}


def test_the_austrian_scorecard(capsys: pytest.CaptureFixture[str]) -> None:
    report = score(capsys, "austrian-scorecard.toml")
    # the pot: 30 + A's ante 10 = 40; B takes 40, pays C 16 and A 4, fails: 80 in; A short: 40 in -> 120.
    # B antes -> 130 played; C fails: 130 - 130 + 260 = 260 left.
    # A: -10 - 10 + 4 - 40 + 39 = -17; B: -10 + 40 - 20 - 80 - 10 + 39 = -41; C: -10 + 16 + 130 - 78 - 260 = -202
    assert report["pot"] == 260
    assert report["settlement"] == {"A": -17, "B": -41, "C": -202}


def test_the_game_config_plays(capsys: pytest.CaptureFixture[str]) -> None:
    config = str(EXAMPLES / "sochi-game.toml")
    code, out, err = run(capsys, "config", "check", config, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["variant"] == "sochi" and data["overrides"] == {"pool": 10, "whist": {"style": "gentleman"}}
    assert data["rules"]["pool"] == 10 and data["rules"]["whist"]["style"] == "gentleman"
    code, out, err = run(capsys, "play", "--config", config, "--json", "--seed", "1")
    report = json.loads(out)
    assert code == 0 and report["finished"] is True
    assert all(report["sheet"][p]["pool"] >= 10 for p in report["players"])  # every pool closed at 10


def test_each_reader_says_which_kind_of_file_it_expected(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    config, card = str(EXAMPLES / "sochi-game.toml"), str(EXAMPLES / "sochi-scorecard.toml")
    for command in ("score", "sheet"):
        code, _, err = run(capsys, command, config)
        assert code == 2
        assert err == (f"preferans: {config}: this is a game config (preferans play --config), not a scorecard: a "
                       "scorecard also has players and a [[deal]] table per deal (docs/scorecard.md, "
                       "examples/sochi-scorecard.toml)\n")
    for argv in (["play", "--config", card], ["config", "check", card], ["simulate", "--deals", "1", "--config", card]):
        code, _, err = run(capsys, *argv)
        assert code == 2
        assert err == (f"preferans: {card}: this is a scorecard (preferans score, preferans sheet), not a game "
                       "config (variant, plugins and [rules]; preferans config init writes one)\n")
    save = tmp_path / "game.json"
    assert main(["play", "--seed", "3", "--save", str(save), "--json"]) == 0
    capsys.readouterr()
    code, _, err = run(capsys, "play", "--config", str(save))
    assert code == 2 and "this is a saved game (preferans play --resume), not a game config" in err
    code, _, err = run(capsys, "score", str(save))
    assert code == 2 and "this is a saved game (preferans sheet, analyse, play --resume), not a scorecard" in err
