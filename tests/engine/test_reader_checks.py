"""Issue 17: the checks every reader shares: packs in the Game constructor, the seed rule, player names."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from helpers import paths
from preferans.core import Variant
from preferans.core.cli import main
from preferans.core.engine.game import Game
from preferans.core.model.errors import BadInput, check_names, excerpt, one_line


def test_a_pack_must_be_the_32_cards_once(sochi: Variant) -> None:
    with pytest.raises(BadInput, match=r"deals\[0\]: a pack is each of the 32 cards once \(got 32 cards, "
                                       r"1 different\)"):
        Game(sochi, 1, deals=[[0] * 32])
    with pytest.raises(BadInput, match=r"got 31 cards"):
        Game(sochi, 1, deals=[list(range(31))])
    game = Game(sochi, 1, deals=[list(range(32))])  # every card once: accepted
    assert game.deals == (tuple(range(32)),)


def test_seed_and_first_dealer(sochi: Variant) -> None:
    with pytest.raises(BadInput, match="seed: expected a whole number 0 or more, got -5"):
        Game(sochi, -5)
    with pytest.raises(BadInput, match=r"first_dealer: expected a seat 0..2, got 3"):
        Game(sochi, 1, 3)
    with pytest.raises(BadInput, match="first_dealer"):
        Game(sochi, 1, -1)
    assert Game(sochi, 5, 2).first_dealer == 2


@pytest.mark.parametrize("seed", ["-5", "\u0663", "x", "9" * 41])
def test_seed_option_refuses(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", seed, "--json"]) == 2
    err = capsys.readouterr().err
    assert "--seed" in err and len(err.splitlines()) == 1 and len(err) < 300


@pytest.mark.parametrize(("names", "message"), [
    (["Anna", "", "Vera"], r"names\[1\]: a player's name cannot be blank"),
    (["Anna", "  ", "Vera"], "cannot be blank"),
    (["Anna", "anna", "Vera"], "'anna' is listed twice"),
    (["Anna", "Bo\nris", "Vera"], r"names\[1\]: 'Bo\\nris': a player's name is printable"),
    (["Anna", "Bo\x00ris", "Vera"], "printable"),
    (["Anna", "b" * 41, "Vera"], "at most 40 characters"),
    (["Anna", 7, "Vera"], r"names\[1\]: a player's name is text, got 7"),
    (["Anna", "Boris"], "expected 3 player names, got 2"),
])
def test_names_refused(names: list[object], message: str) -> None:
    with pytest.raises(BadInput, match=message):
        check_names(names, "names", 3)


def test_names_accepted() -> None:
    assert check_names(["Аня", "Борис", "\u0663"], "names", 3) == ["Аня", "Борис", "\u0663"]


def test_excerpt_is_short_and_escaped() -> None:
    assert excerpt("a" * 10_000_000) == repr("a" * 56)[:57] + "..."
    assert len(excerpt("a" * 10_000_000)) == 60
    assert excerpt("\x00") == "'\\x00'"
    assert excerpt(10 ** 5000).startswith("<an integer of about")
    assert one_line("x\x00y\nz") == "x\\x00y z"
    assert len(one_line("w" * 100_000)) == 5000


@pytest.mark.parametrize("argv", [
    ["simulate", "--deals", "5"],
    ["arena", "--bots", "random,random,random", "--deals", "2"],
    ["conformance", "sochi", "--deals", "2"],
])
def test_every_seed_option_takes_the_same_seeds(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # one rule for --seed everywhere: -5 is refused in one line (before, simulate and arena took it and
    # conformance failed its checks, exit 1)
    assert main([*argv, "--seed", "-5"]) == 2
    err = capsys.readouterr().err
    assert "--seed" in err and "is not a seed" in err and len(err.splitlines()) == 1


# ---------------------------------------------------------------- the second fuzzing pass: readers


def _error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1 and "internal error" not in err, (code, out, err)
    return err.rstrip("\n")


def test_a_json_key_given_twice_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    assert main(["play", "--seed", "3", "--save", str(save)]) == 0
    capsys.readouterr()
    text = save.read_text(encoding="utf-8")
    twice = tmp_path / "twice.json"
    twice.write_text('{"format": "x", ' + text[1:], encoding="utf-8")  # json.loads would keep the last
    for command in (["sheet"], ["analyse"], ["play", "--resume"], ["score"]):
        assert _error(capsys, *command, str(twice)) == f"preferans: {twice}: malformed JSON: the key 'format' is " \
                                                        "given twice"
    config = tmp_path / "game-config.json"
    config.write_text('{"variant": "sochi", "variant": "rostov"}', encoding="utf-8")
    assert "malformed JSON: the key 'variant' is given twice" in _error(capsys, "config", "check", str(config))


def test_sheet_checks_the_bots_of_a_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    assert main(["play", "--seed", "3", "--save", str(save)]) == 0
    capsys.readouterr()
    data = json.loads(save.read_text(encoding="utf-8"))
    data["bots"][1] = "hard(depth=99999999)"
    save.write_text(json.dumps(data), encoding="utf-8")
    assert _error(capsys, "sheet", str(save)) == (
        f"preferans: {save}: bots[1]: unknown bot 'hard(depth=99999999)' (choose from: easy, normal, hard, random, "
        "heuristic, pimc)")


@pytest.mark.parametrize("command", [["analyse"], ["solve", "--deal", "1"], ["ppn", "import"]])
@pytest.mark.parametrize("text", ["root:x:0:0:SECRET:/root\n", "[SECRET]\npassword = SECRET\n",
                                  "[SECRET 1 2 3]\n", "[" * 5000 + "SECRET" + "]" * 5000 + "\n"])
def test_a_file_that_is_not_ppn_is_never_quoted(command: list[str], text: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.txt"
    path.write_text(text, encoding="utf-8")
    err = _error(capsys, *command, str(path))
    assert err.startswith(f"preferans: {path}: ") and "SECRET" not in err
    if command[0] != "ppn":
        assert "not a PPN file this command can read" in err and "its content is not shown" in err
    elif not text.startswith("[SECRET "):  # that one is a tag line: then the tags every PPN file has are missing
        assert "not a PPN file: one starts with [Tag value] lines (the line is not shown)" in err


def test_a_json_file_nested_too_deep_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    for command in (["analyse"], ["solve", "--deal", "1"]):
        assert f"preferans: {path}: not a PPN file" in _error(capsys, *command, str(path))


def test_a_scorecard_has_at_most_10000_deals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal = {"declarer": "Anna", "contract": "6S", "defence": {"Boris": "pass", "Vera": "pass"}}
    card = {"variant": "sochi", "players": ["Vera", "Anna", "Boris"], "rules": {"pool": 10 ** 6},
            "deal": [deal] * 10_001}
    path = tmp_path / "card.json"
    path.write_text(json.dumps(card), encoding="utf-8")
    message = (f"preferans: {path}: deal: at most 10000 deals in one scorecard, got 10001 (split a longer session "
               "into several cards)")
    assert _error(capsys, "score", str(path)) == message
    assert _error(capsys, "sheet", str(path)) == message


PLAYTHROUGH = paths.HOSTILE / "base" / "playthrough.toml"


@pytest.mark.parametrize(("change", "message"), [
    ({"colour": "red"}, "colour: unknown key 'colour' (allowed: variant, description, seed, first_dealer, actions, "
                        "rules, over, deal, settlement)"),
    ({"seed": 1.5}, "seed: expected a whole number, got 1.5"),
    ({"actions": ["misere", 3]}, "actions[2]: expected text, got 3"),
    ({"actions": ["a\x00b"]}, "actions[1]: expected one line of at most 200 printable characters, got 'a\\x00b'"),
    ({"deal": [{"kind": "contract", "tricks": [5, 2, 3], "entries": [["gora", 1, 1.5]]}]},
     "deal[1].entries[1][3]: expected an amount (a whole number, or a fraction as text: \"-40/3\"), got 1.5"),
    ({"deal": [{"kind": "contract", "trick": [5, 2, 3]}]},
     "deal[1].trick: unknown key 'trick' (allowed: kind, contract, declarer, tricks, entries)"),
    ({"settlement": {"exact": [1, 2, -3]}}, "settlement.exact[1]: expected an amount as text (\"-40/3\"), got 1"),
    ({"variant": "sochy"}, "unknown variant 'sochy'"),
    ({"seed": -1}, "seed: expected a whole number 0 or more, got -1"),
])
def test_playthrough_check_refuses_a_mutated_file(change: dict[str, Any], message: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    data = {**tomllib.loads(PLAYTHROUGH.read_text(encoding="utf-8")), **change}
    path = tmp_path / "golden.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    err = _error(capsys, "playthrough", "check", str(path))
    assert err.startswith(f"preferans: {path}: ") and message in err, err
