"""The mutation self-test: every broken house rule of the variants' kits is failed by the suite, and a named
check says so.

Each mutation is a one-file house rule in ``variants/<family>/conformance/mutations/`` (its header names the
variant, the area and the rule it breaks); ``core/testing/mutation.py`` finds the files of every installed
variant's kit, loads each exactly as ``--preferans-plugin`` does and runs the suite's checks on it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from preferans.core.cli import main
from preferans.core.model.errors import BadInput
from preferans.core.rules.config import load_variant, parse_variant_id
from preferans.core.testing import mutation

FAMILIES = ("russian", "balkan", "austrian")


@pytest.mark.slow
def test_at_least_eighty_mutations_at_least_three_in_every_area() -> None:
    found = mutation.mutations()
    assert len(found) >= 80, len(found)
    assert len({m.label for m in found}) == len(found)
    per_area = Counter(m.area for m in found)
    # the areas of every variant, and kontra, the capability of the Balkan presets and Illustrated
    assert all(per_area[area] >= 3 for area in (*mutation.AREAS, "kontra")), per_area
    per_family = Counter(family for m in found
                         for family in FAMILIES if family in {c.name for c in load_variant(
                             *parse_variant_id(m.variant)).chain})
    assert all(per_family[f] >= 8 for f in FAMILIES), per_family


def test_every_mutation_is_a_house_rule_file() -> None:
    """Each file is what a plugin author may write: a header, then imports of the standard library,
    the plugin API (``preferans.core.plugin`` and its modules) and the family's own modules only; it loads as a
    local plugin."""
    for m in mutation.mutations():
        assert m.path is not None and m.path.parent.name == mutation.FOLDER
        assert not (m.path.parent / "__init__.py").exists()  # data, not a package
        text = m.path.read_text(encoding="utf-8")
        assert text.startswith("# variant: "), m.label
        for name in re.findall(r"^(?:from|import) ([\w.]+)", text, re.MULTILINE):
            top = name.split(".")[0]
            assert (name == "preferans.core.plugin" or name.startswith(("preferans.core.plugin.", "preferans.variants"))
                    or top in sys.stdlib_module_names), f"{m.label} imports {name}"
        assert mutation.loaded(m.variant, m.path).local_plugins, m.label


HARMLESS = {
    "sochi": '''# variant: sochi
# area: play
# breaks: nothing: the family's play rules passed on as they are
from collections.abc import Generator
from typing import Any

from preferans.core.plugin import PlayRules, PlayView, hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: Any) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return base
''',
    "balkan": '''# variant: balkan
# area: score
# breaks: nothing: the family's entries passed on as they are
from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_score_deal(result, match, rules):
    entries = yield
    return entries
''',
}


@pytest.mark.slow
@pytest.mark.subprocess
@pytest.mark.parametrize("variant", sorted(HARMLESS))
def test_a_file_that_changes_nothing_is_not_caught(variant: str, tmp_path: Path) -> None:
    """Control: the runner fails nothing by itself; what it catches is the broken rule."""
    path = tmp_path / f"same_{variant}.py"
    path.write_text(HARMLESS[variant], encoding="utf-8")
    outcome = mutation.run_mutation(mutation.Mutation.read(path))
    assert outcome.caught_by is None, outcome.why


@pytest.mark.slow
def test_self_test_catches_every_mutation_and_names_the_check(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["conformance", "--self-test", "--jobs", "2"])  # two processes: the outcomes of one
    out = capsys.readouterr().out
    found = mutation.mutations()
    n = len(found)
    lines = out.splitlines()
    missed = [line for line in lines if line.rstrip().endswith("NOT CAUGHT")]
    assert f"mutation score: {n}/{n} caught" in out, "\n".join(missed) or out
    assert code == 0
    rows = {}
    for m in found:
        row = next(line for line in lines if line.startswith(m.label + " "))
        assert m.variant in row and f"{m.area}: {m.what}" in row, row  # the file, variant, area, rule broken
        assert re.search(r"test_\w+$", row.strip()), row  # the check that caught it ends the row
        rows[m.name] = row.split()[-1]
    # the named checks match the defects (the first in the self-test's order to fail: a check added earlier in
    # it may take a row over, so each row names one of the checks that hold that rule)
    golden, reference = "test_golden_playthroughs_replay", "test_rules_match_family_reference"
    assert rows["quota_sochi"] in {"test_scoring_matches_golden_deals", golden, reference}
    assert rows["call_twice_slovenian"] == "test_simulation_one_actor_with_legal_actions"
    assert rows["never_over_rostov"] in {"test_simulation_match_ends", golden, reference}
    assert rows["misere_late_sochi"] in {reference, "test_plugins_change_only_what_they_declare"}


@pytest.mark.slow
def test_only_runs_the_files_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--self-test", "--only", "quota_sochi"]) == 0
    out = capsys.readouterr().out
    assert "mutation score: 1/1 caught" in out and "russian/quota_sochi.py" in out, out


def test_self_test_takes_no_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--self-test", "sochi"]) == 2
    assert "takes no VARIANT" in capsys.readouterr().err


def test_a_header_without_its_area_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.py"
    path.write_text("# variant: sochi\n# breaks: something\nfrom preferans.core.plugin import hookimpl\n",
                    encoding="utf-8")
    with pytest.raises(BadInput, match="says no area"):
        mutation.Mutation.read(path)
    path.write_text("# variant: sochi\n# area: money\n# breaks: something\n", encoding="utf-8")
    with pytest.raises(BadInput, match="area money is not one of"):
        mutation.Mutation.read(path)


# a house rule from tests/rules/test_house_rules.py: every pool entry is written twice
DOUBLE_POOL = '''
from preferans.core.plugin import Entry, hookimpl


@hookimpl
def pref_after_score(match, posted, rules):
    return [Entry("pool", e.seat, e.amount, note="house: pool doubled") for e in posted if e.account == "pool"]
'''

# the same, declaring what it changes on purpose
DOUBLE_POOL_DECLARED = DOUBLE_POOL + '''
DEVIATIONS = {"score": "every pool entry is written twice"}
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


@pytest.mark.slow
@pytest.mark.subprocess
def test_the_pytest_option_runs_the_new_checks_with_a_house_rule(tmp_path: Path) -> None:
    def suite(text: str) -> str:
        path = tmp_path / "house.py"
        path.write_text(text, encoding="utf-8")
        proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
                               "--pyargs", "preferans.core.testing.conformance", "--preferans-variant=sochi",
                               f"--preferans-plugin={path}", "--preferans-deals=4", "-rs",
                               "-k", "perft or golden_deals"], capture_output=True, text=True, timeout=300,
                              cwd=tmp_path)
        return proc.stdout + proc.stderr

    # scoring differs without saying so: the golden deals fail, naming the file; the play still matches perft
    out = suite(DOUBLE_POOL)
    assert "1 failed, 1 passed" in out and "house.py, which declares no deviation" in out, out
    # declared as a deviation of the score: the golden deals pass it
    out = suite(DOUBLE_POOL_DECLARED)
    assert "2 passed" in out, out
    # a house rule that plays otherwise no longer plays the family's game: perft says so
    out = suite(MUST_BEAT)
    assert "1 failed, 1 passed" in out and "AssertionError: perft position sochi-" in out, out
