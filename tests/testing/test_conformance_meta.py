"""The conformance suite can fail: each deliberately broken plugin fails the check named for its defect.

Every broken variant is a small third-party distribution (a module, its preset and a ``.dist-info`` with the
entry point) put on ``PYTHONPATH`` of a subprocess, exactly as ``pip install`` would leave it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from helpers.conformance import HEADER, make_dist, run_suite

pytestmark = [pytest.mark.slow, pytest.mark.subprocess]

BROKEN = {
    # a settlement that does not sum to zero
    "test_money_settlement_exact_and_zero_sum": """
        @hookimpl
        def pref_settle(match, rules):
            n = match.n_players
            return Settlement(tuple(Fraction(1) for _ in range(n)), tuple(1 for _ in range(n)))
    """,
    # a legal-card rule that lets a player revoke (not follow suit)
    "test_play_rules_match_reference": """
        @hookimpl
        def pref_play_rules(view, rules):
            base = defaults.pref_play_rules(view, rules)
            return dataclasses.replace(base, must_follow=False)
    """,
    # non-determinism: a hook that draws from the global random
    "test_determinism_same_seed_same_game": """
        @hookimpl
        def pref_auction_legal(view, seat, rules):
            legal = defaults.pref_auction_legal(view, seat, rules)
            return legal if random.random() < 0.5 else legal[:1]
    """,
    # a hook that mutates the view it was given
    "test_hooks_leave_arguments_unchanged": """
        @hookimpl
        def pref_auction_step(view, rules):
            object.__setattr__(view, "calls", view.calls + ((0, "pass"),))
            return None
    """,
}


@pytest.mark.parametrize("check", sorted(BROKEN))
def test_broken_plugin_fails_its_named_check(tmp_path: Path, check: str) -> None:
    name = "broken_" + check.removeprefix("test_").split("_")[0]
    path = make_dist(tmp_path, name, HEADER + textwrap.dedent(BROKEN[check]), what=check)
    proc = run_suite(path, name)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    failed = re.findall(r"FAILED \S*conformance\.py::(\w+)\[" + name + r"\]", out)
    assert check in failed, f"{check} did not fail (failed: {failed}):\n{out[-3000:]}"


def test_a_correct_plugin_passes(tmp_path: Path) -> None:
    """Control: the same mechanism with a plugin that changes nothing passes every check."""
    path = make_dist(tmp_path, "house_ok", '"""A variant equal to its parent."""\n', playthroughs=True)
    proc = run_suite(path, "house_ok")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]


def test_third_party_variant_listed_and_broken_import_reported(tmp_path: Path) -> None:
    make_dist(tmp_path, "club_rules", '"""A club variant."""\n', dist="preferans-club")
    make_dist(tmp_path, "bad_import", "import no_such_module_anywhere\n", dist="preferans-bad")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-m", "preferans.core.cli", "variants"], capture_output=True, text=True,
                          env=env, timeout=60)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert "club_rules" in out and "preferans-club" in out
    assert "sochi" in out, "a broken plugin must not hide the other variants"
    assert "bad_import" in out and "no_such_module_anywhere" in out
