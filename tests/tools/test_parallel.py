"""Work units in this process, in worker processes (``--jobs``) and on a Dask cluster (``--scheduler``):
the same results in the same order, whatever runs them."""

from __future__ import annotations

import hashlib
import json
import math
import os
import sys
from collections.abc import Iterator

import pytest

from preferans.core.cli import main
from preferans.core.rules.config import load_variant
from preferans.core.tools.parallel import derive_seed, run_units
from preferans.core.tools.simulate import SIMULATE_BLOCK, simulate


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def without_timing(text: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(text)
    del data["seconds"], data["deals_per_second"]
    return data


# ---------------------------------------------------------------- seeds and units


def test_seed_derivation_is_the_documented_hash() -> None:
    # the first 8 bytes of SHA-256("seed:part:...") read big-endian, as docs/cli.md states
    assert derive_seed(1, 0) == int.from_bytes(hashlib.sha256(b"1:0").digest()[:8], "big")
    assert derive_seed(7, 2, 3) == int.from_bytes(hashlib.sha256(b"7:2:3").digest()[:8], "big")
    assert derive_seed(1, 0) != derive_seed(1, 1) != derive_seed(2, 1)
    assert 0 <= derive_seed(-5, 9) < 2 ** 64


@pytest.mark.parametrize("jobs", [1, 2])
def test_results_come_back_in_unit_order(jobs: int) -> None:
    seen: list[int] = []
    # 5! = 120, 3! = 6, 4! = 24, 1! = 1: in the order given, whichever process finishes first
    assert run_units(math.factorial, [5, 3, 4, 1], jobs=jobs, done=seen.append) == [120, 6, 24, 1]
    assert sorted(seen) == [1, 6, 24, 120]  # progress hears of each unit once


def test_simulate_blocks() -> None:
    variant = load_variant("sochi")
    # SIMULATE_BLOCK + 10 deals are two blocks; each block starts its own match, so at least two matches
    tally, matches, finished = simulate(variant, SIMULATE_BLOCK + 10, 1, ["random"] * 3)
    assert tally.deals == SIMULATE_BLOCK + 10
    assert sum(tally.distribution.values()) == tally.deals
    assert matches >= 2 and 0 <= finished <= matches


def test_simulate_jobs_do_not_change_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    # 300 deals are two blocks (250 + 50), run by two processes in any order
    argv = ["simulate", "--deals", "300", "--seed", "4", "--bots", "random", "--json"]
    code, one, err = run(capsys, *argv)
    assert code == 0, err
    code, two, err = run(capsys, *argv, "--jobs", "2")
    assert code == 0, err
    assert without_timing(one) == without_timing(two)


@pytest.mark.parametrize(("argv", "needles"), [
    (["simulate", "--deals", "5", "--jobs", "0"], ["--jobs", "at least 1"]),
    (["simulate", "--deals", "5", "--jobs", "two"], ["--jobs", "invalid int"]),
    (["simulate", "--deals", "5", "--scheduler", "nonsense"], ["--scheduler", "not a scheduler address"]),
])
def test_bad_scale_out_options(capsys: pytest.CaptureFixture[str], argv: list[str], needles: list[str]) -> None:
    if "--scheduler" in argv:
        pytest.importorskip("distributed", reason="needs the dask extra")
    code, _, err = run(capsys, *argv)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in err, err
    for needle in needles:
        assert needle in lines[0]


@pytest.mark.parametrize("command", [["simulate", "--deals", "5"],
                                     ["arena", "--bots", "random,random,random", "--deals", "5"]])
def test_scheduler_without_dask(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                command: list[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now raises ImportError
    code, _, err = run(capsys, *command, "--scheduler", "tcp://127.0.0.1:8786")
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, err
    assert "--scheduler" in lines[0] and "pip install 'preferans[dask]'" in lines[0]


# ---------------------------------------------------------------- a local Dask cluster


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A Dask cluster in this process (one worker, two threads): quick to start, shut down after the tests.
    The dask extra is part of [test], so CI must have it: there a missing Dask fails instead of skipping."""
    if os.environ.get("CI"):
        import distributed  # noqa: F401 - fails loudly in CI
    distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def test_units_on_dask_come_back_in_order(scheduler: str) -> None:
    seen: list[int] = []
    assert run_units(math.factorial, [5, 3, 4, 1], scheduler=scheduler, done=seen.append) == [120, 6, 24, 1]
    assert sorted(seen) == [1, 6, 24, 120]


def test_simulate_on_dask_equals_local(capsys: pytest.CaptureFixture[str], scheduler: str) -> None:
    argv = ["simulate", "--deals", "300", "--seed", "2", "--bots", "random", "--json"]
    code, local, err = run(capsys, *argv)
    assert code == 0, err
    code, remote, err = run(capsys, *argv, "--scheduler", scheduler)
    assert code == 0, err
    assert without_timing(local) == without_timing(remote)


def test_arena_on_dask_equals_local(capsys: pytest.CaptureFixture[str], scheduler: str) -> None:
    argv = ["arena", "--bots", "heuristic,random,random", "--deals", "12", "--seed", "2"]
    code, local, err = run(capsys, *argv)
    assert code == 0, err
    code, remote, err = run(capsys, *argv, "--scheduler", scheduler)
    assert code == 0, err
    assert local == remote
    assert f"scheduler {scheduler}" in err
