"""The ``preferans`` command line: in-process through ``main()``, plus a couple of runs of the script."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from helpers import paths
from preferans.core import Game, Variant, load_config
from preferans.core.cli import main
from preferans.core.cli import play as play_command
from preferans.core.tools.table import load_session

ROOT = paths.ROOT


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def settlement_of(text: str) -> dict[str, int]:
    """The rounded settlement rows printed under ``Settlement (whists)``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Settlement ("))
    rows: dict[str, int] = {}
    for line in lines[start + 2:]:  # title, header, then one row per player
        if line.startswith("check:"):
            break
        name, value = line.split()[:2]
        rows[name] = int(value)
    return rows


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


# ---------------------------------------------------------------- play among bots


def test_play_without_arguments_finishes_zero_sum(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)  # no subcommand: the help (tests/cli/test_cli_options.py)
    assert code == 0 and out.startswith("usage: preferans")
    code, out, err = run(capsys, "play")
    assert code == 0, err
    deal_lines = [line for line in out.splitlines() if line.startswith("deal ")]
    assert deal_lines and deal_lines[0].startswith("deal   1  dealer Anna:")
    assert "(finished)" in out
    settlement = settlement_of(out)
    assert set(settlement) == {"Anna", "Boris", "Vera"}
    assert sum(settlement.values()) == 0
    assert "check: the settlement sums to 0 (exact 0): ok" in out
    # no --seed: a random seed, printed with the way to replay it; --seed N then plays the same pulka
    seed = re.search(r"^seed (\d+) \(replay with --seed (\d+)\)$", out, re.M)
    assert seed and seed[1] == seed[2]
    # the variant by its name (Sochi, the preset's title), not by its key
    assert out.splitlines()[0] == f"Sochi pulka, seed {seed[1]}: Anna (heuristic), Boris (heuristic), Vera (heuristic)"
    code, again, _ = run(capsys, "play", "--seed", seed[1])
    lines = out.splitlines()
    assert again.splitlines() == [lines[0], *lines[2:]]  # the same pulka, without the replay line


def test_play_picks_a_new_seed_each_time(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = iter([123456, 42])
    monkeypatch.setattr(play_command, "random_seed", lambda: next(drawn))
    code, out, _ = run(capsys, "play")
    assert out.splitlines()[1] == "seed 123456 (replay with --seed 123456)"
    code, out, err = run(capsys, "play", "--json")
    assert err == "seed 42 (replay with --seed 42)\n"  # with --json on stderr: stdout is the report only
    assert json.loads(out)["finished"] is True
    monkeypatch.undo()
    # drawn from the system's randomness (secrets), below a million: six digits at most to type again
    monkeypatch.setattr(play_command.secrets, "randbelow", lambda n: n - 1)
    assert play_command.random_seed() == 999_999


def test_play_json_is_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--json", "--seed", "4", "--names", "Ann,Bob,Val")
    assert code == 0, err
    report = json.loads(out)  # stdout holds nothing but the object
    assert report["variant"] == "sochi" and report["players"] == ["Ann", "Bob", "Val"]
    assert report["finished"] is True
    assert sum(report["settlement"].values()) == 0
    assert sum(Fraction(v) for v in report["settlement_exact"].values()) == 0
    # every pool closed at the Sochi target of 20 (pool = 20 in the preset)
    assert all(report["sheet"][p]["pool"] >= 20 for p in report["players"])
    assert [d["number"] for d in report["deals"]] == list(range(1, len(report["deals"]) + 1))


def test_play_save_is_a_replayable_log(capsys: pytest.CaptureFixture[str], tmp_path: Path, sochi: Variant) -> None:
    path = tmp_path / "game.json"
    code, out, err = run(capsys, "play", "--seed", "2", "--save", str(path), "--json")
    assert code == 0, err
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "preferans-save" and data["version"] == 1
    assert data["names"] == ["Anna", "Boris", "Vera"] and data["human"] is None
    assert data["bots"] == ["heuristic"] * 3
    game = Game.from_dict(data["game"])
    assert game.is_terminal
    assert json.loads(out)["settlement"] == dict(zip(data["names"], game.settlement().rounded, strict=True))
    assert not list(tmp_path.glob(".*.tmp"))  # the atomic writes leave no temporary file behind


def test_random_pulka_is_capped(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_command, "MATCH_CAP", 5)
    code, out, err = run(capsys, "play", "--bots", "random", "--seed", "1")
    assert code == 0, err
    assert "stopped after 5 deals (the match cap): the match is not finished" in out
    assert "Score sheet after 5 deals (unfinished" in out
    assert sum(settlement_of(out).values()) == 0
    code, out, err = run(capsys, "play", "--bots", "random,heuristic,random", "--json", "--seed", "1")
    report = json.loads(out)
    assert report["finished"] is False and len(report["deals"]) == 5


# ---------------------------------------------------------------- bad input: exit 2, one line


def write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--variant", "sochii")
    assert code == 2
    line = one_line_error(err)
    assert "variant" in line and "'sochii'" in line and "did you mean 'sochi'" in line


def test_bad_config_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    unknown = write(tmp_path, "unknown.toml", 'variant = "sochi"\n[rules]\npoool = 10\n')
    code, _, err = run(capsys, "play", "--config", unknown)
    line = one_line_error(err)
    assert code == 2 and unknown in line and "rules.poool" in line and "did you mean 'pool'" in line

    wrong_type = write(tmp_path, "type.toml", 'variant = "sochi"\n[rules]\npool = "twenty"\n')
    code, _, err = run(capsys, "config", "check", wrong_type)
    line = one_line_error(err)
    assert code == 2 and wrong_type in line and "rules.pool" in line

    nested = write(tmp_path, "nested.toml", 'variant = "sochi"\n[rules.whist]\nstyle = "greedyy"\n')
    code, _, err = run(capsys, "config", "check", nested)
    line = one_line_error(err)
    assert code == 2 and "rules.whist.style" in line and "greedy" in line

    malformed = write(tmp_path, "bad.toml", 'variant = "sochi"\n[rules\npool = 10\n')
    code, _, err = run(capsys, "play", "--config", malformed)
    line = one_line_error(err)
    assert code == 2 and malformed in line and "malformed TOML" in line

    code, _, err = run(capsys, "config", "check", str(tmp_path / "missing.toml"))
    assert code == 2 and "file not found" in one_line_error(err)


@pytest.mark.parametrize(("argv", "needles"), [
    (["play", "--bots", "heuristik"], ["--bots", "'heuristik'", "did you mean 'heuristic'"]),
    (["play", "--bots", "random,random"], ["--bots", "expected 1 or 3"]),
    (["play", "--human", "5"], ["--human", "seat 5"]),
    (["play", "--human", "Vara"], ["--human", "did you mean 'Vera'"]),
    (["play", "--names", "A,B"], ["--names", "expected 3 player names"]),
    (["play", "--seed", "x"], ["--seed", "is not a seed"]),
    (["play", "--variant", "sochi", "--config", "x.toml"], ["not allowed with argument"]),
    (["simulate", "--deals", "0"], ["--deals", "at least 1"]),
    (["show", "russian"], ["'russian' is a family base"]),
    (["frobnicate"], ["invalid choice"]),
])
def test_bad_command_lines(capsys: pytest.CaptureFixture[str], argv: list[str], needles: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    line = one_line_error(err)
    for needle in needles:
        assert needle in line


def test_bad_save_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cases = {
        "garbage.json": ("{not json", "malformed JSON"),
        "other.json": ('{"format": "something"}', "format"),
        "actions.json": (json.dumps({"format": "preferans-save", "version": 1, "names": ["A", "B", "C"],
                                     "bots": ["heuristic"] * 3, "human": None,
                                     "game": {"format": "preferans-game", "version": 1, "seed": 1,
                                              "config": {"variant": "sochi"}, "actions": ["pass", "7Z"]}}),
                         "actions[1]"),
        "bots.json": (json.dumps({"format": "preferans-save", "version": 1, "names": ["A", "B", "C"],
                                  "bots": ["heuristic", "clever", "random"], "human": None,
                                  "game": {"format": "preferans-game", "version": 1, "seed": 1,
                                           "config": {"variant": "sochi"}, "actions": []}}),
                      "bots[1]"),
    }
    for name, (text, needle) in cases.items():
        path = write(tmp_path, name, text)
        code, _, err = run(capsys, "play", "--resume", path)
        line = one_line_error(err)
        assert code == 2 and path in line and needle in line, line
    code, _, err = run(capsys, "play", "--resume", path, "--seed", "3")
    assert code == 2 and "--seed cannot be changed" in one_line_error(err)


def test_save_files_take_bot_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A bot with options (``pimc:samples=8``, as ``play --bots`` takes it) is a valid name in a save file;
    an option the bot does not know is a one-line error naming the seat."""
    def save(bot: str) -> str:
        return json.dumps({"format": "preferans-save", "version": 1, "names": ["A", "B", "C"],
                           "bots": ["heuristic", bot, "random"], "human": None,
                           "game": {"format": "preferans-game", "version": 1, "seed": 1,
                                    "config": {"variant": "sochi"}, "actions": []}})

    session = load_session(Path(write(tmp_path, "ok.json", save("pimc:samples=8"))))
    assert session.bots == ["heuristic", "pimc:samples=8", "random"]
    path = write(tmp_path, "bad.json", save("pimc:colour=red"))
    code, _, err = run(capsys, "play", "--resume", path)
    line = one_line_error(err)
    assert code == 2 and path in line and "bots[1]" in line and "colour" in line, line


# ---------------------------------------------------------------- variants, show, schema, config


def test_variants_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "--json")
    assert code == 0
    by_name = {v["name"]: v for v in json.loads(out)}
    assert by_name["sochi"]["distribution"] == "preferans"
    assert by_name["sochi"]["abstract"] is False and by_name["sochi"]["extends"] == "russian"
    assert by_name["russian"]["abstract"] is True
    assert by_name["sochi"]["description"].startswith("Russian Preferans, Sochi")
    code, out, _ = run(capsys, "variants")
    assert re.search(r"^russian\s+preferans\s+\(family base\)", out, re.M)
    assert re.search(r"^sochi\s+preferans\s+Russian Preferans, Sochi", out, re.M)


def test_show_and_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "sochi")
    assert code == 0
    doc = tomllib.loads(out)
    assert doc["variant"] == "sochi"
    # Sochi preset values (russian.md 2.1 and section 4): pool 20, greedy whist, obligation 6 -> 4
    assert doc["rules"]["pool"] == 20 and doc["rules"]["whist"]["style"] == "greedy"
    assert doc["rules"]["whist"]["obligation"]["6"] == 4
    code, out, _ = run(capsys, "schema", "sochi")
    schema = json.loads(out)
    assert code == 0 and "pool" in schema["properties"] and "whist" in schema["properties"]


def test_config_init_then_check(capsys: pytest.CaptureFixture[str], tmp_path: Path, sochi: Variant) -> None:
    path = tmp_path / "my.toml"
    code, out, err = run(capsys, "config", "init", "sochi", "-o", str(path))
    assert code == 0, err
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# ") and 'variant = "sochi"' in text
    code, out, _ = run(capsys, "config", "check", str(path))
    assert code == 0 and out.strip() == f"{path}: ok (variant sochi)"
    assert load_config(path).rules == sochi.rules  # everything commented out: the preset values
    # an existing file is kept unless --force
    path.write_text(text + "# my notes\n", encoding="utf-8")
    code, _, err = run(capsys, "config", "init", "sochi", "-o", str(path))
    assert code == 2 and "--force" in one_line_error(err)
    assert path.read_text(encoding="utf-8").endswith("# my notes\n")
    code, _, _ = run(capsys, "config", "init", "sochi", "-o", str(path), "--force")
    assert code == 0 and path.read_text(encoding="utf-8") == text


# ---------------------------------------------------------------- interactive play and resume


def play_human(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str,
               *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return run(capsys, "play", *argv)


def saved_actions(path: Path) -> list[str]:
    actions: list[str] = json.loads(path.read_text(encoding="utf-8"))["game"]["actions"]
    return actions


def test_illegal_human_move_is_asked_again(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    # seed 1: Boris and Vera pass, then Anna (seat 0) speaks; "7Z", "99" and "AS" are not her choices
    code, out, err = play_human(capsys, monkeypatch, "7Z\n99\nAS\npass\n", "--human", "0", "--seed", "1",
                                  "--save", str(path))
    assert code == 0, err
    assert err == ""
    assert "not allowed now: '7Z' (choose 1-" in out
    assert "no choice 99: enter a number from 1 to" in out
    assert "not allowed now: 'AS' (choose 1-" in out
    assert "your hand: " in out and "auction: Boris pass, Vera pass" in out
    assert f"saved to {path}" in out
    assert saved_actions(path)[:3] == ["pass", "pass", "pass"]


def test_resume_continues_from_the_last_action(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                               sochi: Variant) -> None:
    path = tmp_path / "game.json"
    # Anna passes (choice 1), so the deal is a raspasovka; she plays two cards, then the input ends
    code, out, err = play_human(capsys, monkeypatch, "1\n1\nTH\n1\n", "--human", "Anna", "--seed", "1",
                                  "--save", str(path))
    assert code == 0, err
    assert "stopped at deal 1" in out and f"play --resume {path}" in out
    first = saved_actions(path)
    assert len(first) > 6
    stopped = Game.replay(sochi, 1, first)
    assert not stopped.results and stopped.phase.value == "play"  # mid-deal
    assert stopped.current_player == 0  # it stopped waiting for the human

    # the saved game is exactly Game.replay of its actions
    session = load_session(path)
    assert session.game.history == first
    assert session.game.deal.hands == stopped.deal.hands
    assert session.game.legal_actions() == stopped.legal_actions()
    assert (session.names, session.bots, session.human) == (["Anna", "Boris", "Vera"],
                                                             ["human", "heuristic", "heuristic"], 0)

    code, out, err = play_human(capsys, monkeypatch, "1\n1\n", "--resume", str(path))
    assert code == 0, err
    assert f"resumed {path}: deal 1, after {len(first)} actions" in out
    second = saved_actions(path)
    assert second[:len(first)] == first and len(second) > len(first)
    # her first choice after the resume is choice 1 of the position where she stopped
    assert second[len(first)] == stopped.legal_actions()[0]
    # and the game went on exactly as the same session without the interruption
    whole = tmp_path / "whole.json"
    code, _, err = play_human(capsys, monkeypatch, "1\n1\nTH\n1\n1\n1\n", "--human", "0", "--seed", "1",
                                "--save", str(whole))
    assert code == 0, err
    assert saved_actions(whole) == second


@pytest.mark.parametrize(("typed", "call"), [("c", "igra"), ("3", "3"), ("b", "3")])
def test_balkan_menu_letters_and_numeric_calls(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path, typed: str, call: str) -> None:
    """Seed 0: Boris passes and Vera bids 2, then Anna's menu is ``a) pass b) 3 c) igra``: a letter is a
    line of the menu, a number is always the call (issue 16 item 2)."""
    path = tmp_path / "b.json"
    code, out, err = play_human(capsys, monkeypatch, typed + "\n", "--variant", "balkan", "--human", "0",
                                "--seed", "0", "--save", str(path))
    assert code == 0, err
    assert "a) pass    b) 3    c) igra" in out and "choose a-c or type it" in out
    assert saved_actions(path)[:3] == ["pass", "2", call]


def test_quit_without_save(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = play_human(capsys, monkeypatch, "q\n", "--human", "2")
    assert code == 0 and "not saved (use --save FILE" in out


# ---------------------------------------------------------------- simulate and score


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--variant", "sochi", "--deals", "200", "--seed", "1", "--json")
    assert code == 0, err
    stats = json.loads(out)
    assert stats["deals"] == 200
    assert sum(stats["distribution"].values()) == 200  # every deal counted once
    played = sum(n for k, n in stats["distribution"].items() if k not in ("raspasovka", "not played"))
    assert stats["declarer"]["played"] == played
    assert 0 <= stats["declarer"]["made"] <= played
    assert stats["matches"] >= 1 and stats["deals_per_second"] > 0
    # the same seed plays the same deals
    code, again, _ = run(capsys, "simulate", "--variant", "sochi", "--deals", "200", "--seed", "1", "--json")
    assert json.loads(again)["distribution"] == stats["distribution"]


def test_simulate_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--deals", "30", "--bots", "random")
    assert code == 0
    assert out.startswith("simulated 30 deals of Sochi (random, random, random), seed 1")  # its name, not its key
    assert re.search(r"^speed: [0-9.]+ deals/s", out, re.M)
    assert "declarer success: " in out


def test_score_prints_like_play(capsys: pytest.CaptureFixture[str]) -> None:
    card = paths.SCORECARDS / "sochi_pulka.toml"
    code, out, err = run(capsys, "score", str(card))
    assert code == 0, err
    assert sum(settlement_of(out).values()) == 0
    code, out, _ = run(capsys, "score", str(card), "--json")
    report = json.loads(out)
    assert sum(report["settlement"].values()) == 0
    assert settlement_of(run(capsys, "score", str(card))[1]) == report["settlement"]


def test_score_bad_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # 2 + 4 + 5 = 11 tricks: impossible, a deal has ten
    path = write(tmp_path, "card.toml", 'variant = "sochi"\nplayers = ["A", "B", "C"]\n[rules]\npool = 10\n'
                                       '[[deal]]\nraspasovka = true\ntricks = { A = 2, B = 4, C = 5 }\n')
    code, _, err = run(capsys, "score", path)
    line = one_line_error(err)
    assert code == 2 and path in line and "tricks" in line


# ---------------------------------------------------------------- the installed script


def script() -> str:
    found = shutil.which("preferans", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip("the preferans script is not installed next to this Python")
    return found


@pytest.mark.subprocess
def test_script_plays_and_reports_json() -> None:
    proc = subprocess.run([script(), "play", "--json"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["finished"] is True and sum(report["settlement"].values()) == 0


@pytest.mark.subprocess
def test_script_bad_input_exit_code() -> None:
    proc = subprocess.run([script(), "show", "sochii"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "did you mean 'sochi'" in one_line_error(proc.stderr)


# ---------------------------------------------------------------- output that cannot take what is printed


def _preferans(*argv: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "preferans.core.cli", *argv], capture_output=True, text=True,
                          timeout=120, **kwargs)


@pytest.mark.slow
@pytest.mark.subprocess
def test_an_ascii_only_output_gets_escapes_not_an_internal_error() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "LC_ALL": "C", "LANG": "C"}
    done = _preferans("variants", "--lang", "ru", env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii() and "\\u0432\\u0430\\u0440\\u0438\\u0430\\u043d\\u0442" in done.stdout  # вариант
    done = subprocess.run(f"echo q | {sys.executable} -m preferans.core.cli play --seed 3 --human 0", shell=True,
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and "internal error" not in done.stderr, done.stderr
    assert "\\u2660" in done.stdout  # the spade of the hand


@pytest.mark.subprocess
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_output_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "preferans.core.cli", "variants"], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr == "preferans: stdout: cannot write: No space left on device\n"


@pytest.mark.subprocess
def test_play_human_with_standard_input_closed_is_one_line() -> None:
    done = subprocess.run(f"{sys.executable} -m preferans.core.cli play --seed 3 --human 0 <&-", shell=True,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "preferans: --human: cannot read the moves: standard input is closed\n"


def test_an_error_line_is_never_longer_than_the_limit(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from preferans.core.cli import variants as variants_command
    from preferans.core.model.errors import LINE, BadInput

    def huge(args: object) -> int:
        raise BadInput("x" * 20_000)

    def broken(args: object) -> int:
        raise RuntimeError("y" * 20_000)

    for func, code in ((huge, 2), (broken, 1)):
        monkeypatch.setattr(variants_command, "cmd_variants", func)
        assert main(["variants"]) == code
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and len(err) - 1 <= LINE, len(err)
    assert err.endswith("... (set PREFERANS_DEBUG=1 for the traceback)\n")  # the hint is never clipped off
