"""``preferans conformance`` as a user sees it: without pytest, with --json, on a terminal, and failing."""

from __future__ import annotations

import json
import os
import pty
import re
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from helpers.conformance import HEADER, SIX_LEVEL_REVOKE, make_dist


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "preferans.core.cli", "conformance", *args], capture_output=True,
                          text=True, env=env, timeout=300)


@pytest.mark.subprocess
def test_without_pytest_one_line_says_what_to_install() -> None:
    """As after ``pip install -e .`` without the [test] extra: pytest cannot be imported."""
    code = ("import sys; sys.modules['pytest'] = None\n"  # every 'import pytest' now fails
            "from preferans.core.cli import main; sys.exit(main(['conformance', 'sochi']))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    lines = (proc.stdout + proc.stderr).strip().splitlines()
    assert len(lines) == 1 and "pip install 'preferans[conformance]'" in lines[0], lines
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr


@pytest.mark.slow
@pytest.mark.subprocess
def test_json_has_every_check_and_the_coverage() -> None:
    proc = _cli("sochi", "--deals", "4", "--json")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    data = json.loads(proc.stdout)
    (row,) = data["variants"]
    assert row["variant"] == "sochi" and row["ok"] and row["failed"] == 0
    assert row["checks"]["test_play_rules_match_reference"]["outcome"] == "passed"
    assert row["checks"]["test_money_pot_balances_every_deal"] == {
        "outcome": "skipped", "message": "the variant is not played for a pot",
        "rule": row["checks"]["test_money_pot_balances_every_deal"]["rule"]}
    cov = row["coverage"]
    # Sochi's table: raspasovka, 6S..10NT (5 levels x 5 denominations) and misère = 27 rows
    assert cov["contract_table"] == {"reached": 27, "of": 27} and cov["missed"] == []
    assert cov["all_pass_outcomes"]["played as raspasovka"] >= 4  # the all-pass series: four in a row
    assert set(cov["defence_taken"]) >= {"pass", "whist"}


@pytest.mark.slow
@pytest.mark.subprocess
def test_a_failing_check_names_the_seat_and_the_rule(tmp_path: Path) -> None:
    path = make_dist(tmp_path, "six_free", HEADER + textwrap.dedent(SIX_LEVEL_REVOKE), playthroughs=True)
    proc = _cli("six_free", env={**os.environ, "PYTHONPATH": str(path)})
    assert proc.returncode == 1, proc.stdout[-2000:] + proc.stderr[-2000:]
    lines = [ln for ln in proc.stdout.splitlines() if "FAILED test_play_rules_match_reference" in ln]
    assert lines and "seat " in lines[0] and ("(declarer) to play" in lines[0] or "(defender) to play" in lines[0])
    assert "the rule: The legal cards are those of the contract by the independent reference" in proc.stdout
    assert "[" not in lines[0].split("to play")[0], lines[0]  # the seat in words, not a raw list
    # the coverage table: Sochi's 27 rows (raspasovka, 6S..10NT, misère) all reached by the copy of Sochi
    assert re.search(r"^six_free\s+\d+\s+27/27 100%", proc.stdout, re.M), proc.stdout


@pytest.mark.slow
@pytest.mark.subprocess
def test_progress_bar_only_on_a_terminal() -> None:
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "preferans.core.cli", "conformance", "sochi", "--deals", "2"],
                            stdout=slave, stderr=slave, env={**os.environ, "COLUMNS": "100"})
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=300)
    os.close(master)
    shown = b"".join(chunks).decode("utf-8", "replace")
    assert proc.returncode == 0, shown[-2000:]
    bar = re.compile(r"conformance.*\d+/\d+")  # the bar counts the checks done of all
    assert bar.search(shown), shown[-2000:]
    piped = _cli("sochi", "--deals", "2")
    assert not bar.search(piped.stdout) and "\x1b[" not in piped.stdout



def _stopping_at(monkeypatch: pytest.MonkeyPatch, stop: Callable[[], None], at: int) -> list[int]:
    """``stop()`` called inside a check, at the ``at``-th move any check applies to a game (as a signal
    arrives while a check runs); returns the count of moves applied, which stays at ``at`` when nothing
    ran after it."""
    from preferans.core.cli import conformance as command
    from preferans.core.engine.game import Game

    moves = [0]
    apply = Game.apply

    def counting(self: Game, action: str) -> None:
        moves[0] += 1
        if moves[0] == at:
            stop()
        apply(self, action)

    @contextmanager
    def progress(show: bool, label: str = "") -> Iterator[None]:  # no bar: the run as a pipe sees it
        yield None

    monkeypatch.setattr(Game, "apply", counting)
    monkeypatch.setattr(command, "_progress", progress)
    return moves


def test_sigterm_stops_the_suite_at_once_with_143(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest takes an exception raised in a check for its failure and goes on: SIGTERM must end the run
    there, exit 143, and print no verdict of a suite it did not finish."""
    from preferans.core.cli import main

    moves = _stopping_at(monkeypatch, lambda: signal.raise_signal(signal.SIGTERM), 300)
    code = main(["conformance", "sochi", "--deals", "2"])
    out, err = capsys.readouterr()
    assert code == 143 and err == "preferans: terminated (SIGTERM)\n", err
    assert out == ""  # no table, no "ok"
    assert moves == [300]  # no move of any check after the signal


def test_ctrl_c_stops_the_suite_with_130(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest ends its session on Ctrl-C and returns: the command must not print the partial run as a result."""
    from preferans.core.cli import main

    def interrupt() -> None:
        raise KeyboardInterrupt

    moves = _stopping_at(monkeypatch, interrupt, 300)
    code = main(["conformance", "sochi", "--deals", "2", "--json"])
    out, err = capsys.readouterr()
    assert code == 130 and err == "preferans: interrupted\n" and out == "", (out, err)
    assert moves == [300]
