"""The mutation self-test: every deliberately broken plugin is failed by the suite, and a named check says so.

``core/testing/mutation.py`` builds each broken plugin from a built-in variant (a hook wrapper, or the
family's own hook called with one rules value or one deal detail changed) and runs the suite's checks on it.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from preferans.core.cli import main
from preferans.core.rules.config import load_variant
from preferans.core.testing import mutation

FAMILIES = {"russian", "balkan", "austrian"}


def test_at_least_thirty_mutations_across_the_three_families() -> None:
    assert len(mutation.MUTATIONS) >= 30
    assert len({m.name for m in mutation.MUTATIONS}) == len(mutation.MUTATIONS)
    per_family = {f: 0 for f in FAMILIES}
    for m in mutation.MUTATIONS:
        chain = {c.name for c in load_variant(m.variant).chain}
        for f in FAMILIES & chain:
            per_family[f] += 1
    assert all(n >= 8 for n in per_family.values()), per_family


def test_a_mutation_that_changes_nothing_is_not_caught() -> None:
    """Control: the runner itself fails nothing; what it catches is the broken rule."""
    same = mutation.Mutation("no-op", "sochi", "the family's play rules unchanged",
                             mutation.play_rules(lambda r, _: dataclasses.replace(r)))
    outcome = mutation.run_mutation(same)
    assert outcome.caught_by is None, outcome.why


def test_self_test_catches_every_mutation_and_names_the_check(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["conformance", "--self-test"])
    out = capsys.readouterr().out
    n = len(mutation.MUTATIONS)
    assert f"mutation score: {n}/{n} caught" in out, out
    assert code == 0
    for m in mutation.MUTATIONS:
        row = next(line for line in out.splitlines() if line.startswith(m.name + " "))
        assert re.search(r"test_\w+$", row.strip()), row  # the check that caught it ends the row
    # the named checks match the defects: play rules by perft, money by the money checks
    rows = {line.split()[0]: line.split()[-1] for line in out.splitlines() if line.split()}
    assert rows["follow-off-sochi"] == "test_play_perft_matches_family"
    assert rows["quota-sochi"] == "test_scoring_matches_golden_deals"
    assert rows["not-zero-sum-balkan"] == "test_money_settlement_exact_and_zero_sum"
    assert rows["global-random-austrian"] == "test_determinism_same_seed_same_game"


def test_self_test_takes_no_variant(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["conformance", "--self-test", "sochi"]) == 2
    assert "takes no VARIANT" in capsys.readouterr().err


# a house rule from tests/test_house_rules.py: every pool entry is written twice
DOUBLE_POOL = '''
from preferans.core.plugin import Entry, hookimpl


@hookimpl
def pref_after_score(match, posted, rules):
    return [Entry("pool", e.seat, e.amount, note="house: pool doubled") for e in posted if e.account == "pool"]
'''

# a house rule that changes the play: the Stichzwang (head the trick when you can) in Russian games
MUST_BEAT = '''
import dataclasses
from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view, rules):
    base = yield
    return dataclasses.replace(base, must_beat=True)
'''


def test_the_pytest_option_runs_the_new_checks_with_a_house_rule(tmp_path: Path) -> None:
    import subprocess
    import sys

    def suite(text: str) -> str:
        path = tmp_path / "house.py"
        path.write_text(text, encoding="utf-8")
        proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
                               "--pyargs", "preferans.core.testing.conformance", "--preferans-variant=sochi",
                               f"--preferans-plugin={path}", "--preferans-deals=4", "-rs",
                               "-k", "perft or golden_deals"], capture_output=True, text=True, timeout=300,
                              cwd=tmp_path)
        return proc.stdout + proc.stderr

    # scoring differs on purpose: the golden deals are skipped, the play still matches the family's perft
    out = suite(DOUBLE_POOL)
    assert "1 passed, 1 skipped" in out and "recorded without the local plugin(s) house.py" in out, out
    # a house rule that plays otherwise no longer plays the family's game: perft says so
    out = suite(MUST_BEAT)
    assert "1 failed, 1 skipped" in out and "AssertionError: perft position sochi-6H-two-whisters" in out, out
