"""The worked examples of docs/how-to/train-an-agent.md run, in a few seconds each: the training loop with a
tiny budget, and OpenSpiel's IS-MCTS over two deals."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import paths

pytestmark = [pytest.mark.slow, pytest.mark.subprocess]


def run(*args: str) -> str:
    proc = subprocess.run([sys.executable, *args], cwd=paths.ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return proc.stdout


def test_the_training_example_trains_and_plots(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "curve.png"
    out = run("examples/train_policy.py", "--minutes", "0.05", "--eval-deals", "20", "--block", "50",
              "--plot", str(plot))
    before = re.search(r"before: ([+-][\d.]+) per deal", out)
    after = re.search(r"after: +([+-][\d.]+) per deal", out)
    assert before and after, out
    # an untrained policy bids at random and pays for the games it cannot make: far below zero
    assert float(before.group(1)) < -100
    assert plot.stat().st_size > 10_000 and plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_openspiel_example_plays_its_deals() -> None:
    pytest.importorskip("pyspiel")
    out = run("examples/openspiel_mcts.py", "--deals", "2", "--simulations", "4", "--seed", "1")
    assert out.startswith("python_preferans_sochi: 2 deals")
    assert len(re.findall(r"seat \d \((IS-MCTS|random )\): mean return", out)) == 3
