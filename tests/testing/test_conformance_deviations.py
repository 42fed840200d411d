"""Declared deviations: the documented examples pass with their declarations and fail without, naming what
to declare (docs/conformance.md, "Declaring a deviation"; docs/writing-a-variant.md).

The tutorial's package is a small third-party distribution (its module, preset and a ``.dist-info`` with the
entry point) on ``PYTHONPATH`` of a subprocess, as ``pip install`` would leave it
(tests/testing/test_conformance_meta.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import paths
from preferans.core.cli import main
from preferans.core.rules.config import load_variant
from preferans.core.testing import checks_reference, deviations

# the hook of docs/writing-a-variant.md, step 4: six spades must be whisted by both defenders
STALINGRAD = '''
"""houserules: Sochi with Stalingrad."""

from __future__ import annotations

from typing import Any

from preferans.core.plugin import DefenceView, hookimpl


@hookimpl
def pref_defence_legal(view: DefenceView, seat: int, rules: Any) -> list[str] | None:
    """Stalingrad: six spades must be whisted by both defenders."""
    if view.contract.name == "6S":
        return ["whist"]
    return None
'''

PRESET = 'name = "houserules"\ndescription = "Sochi with Stalingrad"\nextends = "sochi"\n'
DECLARED = '\n[deviations]\ndefence = "Stalingrad: six spades must be whisted by both defenders"\n'


SOCHI_PLAYTHROUGHS = paths.ROOT / "variants" / "sochi" / "playthroughs"


def make_package(root: Path, preset: str) -> Path:
    """The package as `preferans new-variant houserules --extends sochi` leaves it (sochi's golden games copied
    and re-labelled), with the tutorial's hook and ``preset``."""
    pkg = root / "preferans_houserules"
    (pkg / "playthroughs").mkdir(parents=True)
    for f in SOCHI_PLAYTHROUGHS.glob("*.toml"):
        text = f.read_text(encoding="utf-8").replace('variant = "sochi"', 'variant = "houserules"', 1)
        (pkg / "playthroughs" / f.name).write_text(text, encoding="utf-8")
    (pkg / "__init__.py").write_text(STALINGRAD, encoding="utf-8")
    (pkg / "preset.toml").write_text(preset, encoding="utf-8")
    info = root / "preferans_houserules-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: preferans-houserules\nVersion: 0.1\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text("[preferans.variants]\nhouserules = preferans_houserules\n",
                                           encoding="utf-8")
    return root


def conformance(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    return subprocess.run([sys.executable, "-m", "preferans.core.cli", "conformance", "houserules", "--lang", "en",
                           "--deals", "12", *args], capture_output=True, text=True, env=env, timeout=600)


@pytest.mark.slow
@pytest.mark.subprocess
def test_the_tutorials_stalingrad_package_fails_undeclared_and_passes_declared(tmp_path: Path) -> None:
    # undeclared: the family's reference offers pass and whist to a defender of 6S (RUS-DEF: Stalingrad is off
    # in Sochi's preset), the package only whist; the stack without the package answers otherwise too
    bare = conformance(make_package(tmp_path / "bare", PRESET))
    assert bare.returncode == 1, bare.stdout + bare.stderr
    assert "houserules: FAILED test_rules_match_family_reference: " in bare.stdout
    failed = [line for line in bare.stdout.splitlines() if "FAILED test_rules_match_family_reference" in line][0]
    assert "defence differs from the rules" in failed and "does not offer pass" in failed
    assert ("houserules: FAILED test_plugins_change_only_what_they_declare: pref_defence_legal (defence): "
            in bare.stdout)
    # declared in the preset: every check passes; the copied golden games still replay (none has a defender
    # pass a six of spades)
    declared = conformance(make_package(tmp_path / "declared", PRESET + DECLARED))
    assert declared.returncode == 0, declared.stdout + declared.stderr
    # a declaration that names nothing the suite knows: one line naming the preset and the key, exit 2
    typo = conformance(make_package(tmp_path / "typo", PRESET + DECLARED.replace("defence =", "defense =")))
    assert typo.returncode == 2
    assert typo.stderr.strip().count("\n") == 0
    assert "houserules/preset.toml: deviations.defense: not a rule that can be declared" in typo.stderr
    assert "did you mean 'defence'?" in typo.stderr


@pytest.mark.slow
@pytest.mark.subprocess
def test_the_documented_one_file_house_rule_passes_as_documented(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # the file of docs/writing-a-variant.md, "A house rule in one file", as the page writes it
    page = (paths.ROOT / "docs" / "writing-a-variant.md").read_text(encoding="utf-8")
    source = page.split("```python\n", 1)[1].split("```", 1)[0]
    assert "DEVIATIONS" in source and "Redeal()" in source
    house = tmp_path / "house.py"
    house.write_text(source, encoding="utf-8")
    assert main(["conformance", "--plugin", str(house), "sochi", "--deals", "12"]) == 0, capsys.readouterr().out
    # without its declaration the same file fails, naming a golden game of the family that no longer replays
    house.write_text(source.split("DEVIATIONS")[0].rsplit("#", 1)[0], encoding="utf-8")
    assert main(["conformance", "--plugin", str(house), "sochi", "--deals", "12"]) == 1
    assert "which declares no deviation" in capsys.readouterr().out


def test_a_declaration_is_read_from_the_file_and_the_preset() -> None:
    variant = load_variant("sochi")
    ref = checks_reference.reference_of(variant)
    assert ref is not None and ref.family == "russian"
    assert not deviations.check(variant, ref)  # a built-in variant declares nothing
    assert "RUS-BID-03" in ref.rule_ids  # the rule the one-file house rule declares


# half-whist written as a full whist: the half-whister writes his whists twice over
HALF_AS_FULL = '''
from preferans.core.plugin import Entry, hookimpl


@hookimpl(wrapper=True)
def pref_score_deal(result, match, rules):
    entries = yield
    if entries and any(call == "half" for _, call in result.defence):
        return [Entry(e.account, e.seat, 2 * e.amount, e.other, e.note) if e.account == "whists" else e
                for e in entries]
    return entries
'''


@pytest.mark.slow
@pytest.mark.subprocess
def test_a_declaration_of_another_area_does_not_cover_the_score(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    # declared as an auction change, the score change is still caught, and each failure names what is lacking:
    # the golden game's difference is in the score (Sochi's series-of-raspasovkas: its fifth deal is a
    # half-whisted 6D, whists 2 tricks x 2 = 4 written as 8), the reference's too
    house = tmp_path / "half.py"
    house.write_text(HALF_AS_FULL + '\nDEVIATIONS = {"auction": "a misdeclared change"}\n', encoding="utf-8")
    assert main(["conformance", "--plugin", str(house), "sochi", "--deals", "12", "--lang", "en"]) == 1
    out = capsys.readouterr().out
    golden = [line for line in out.splitlines() if "FAILED test_golden_playthroughs_replay" in line]
    assert golden and golden[0].endswith("(with half.py, whose deviations do not cover the area score: declare it, "
                                         "or the rule it changes, in DEVIATIONS, docs/conformance.md)"), golden
    assert "FAILED test_rules_match_family_reference: " in out and "score differs from the rules" in out
    assert "FAILED test_plugins_change_only_what_they_declare: pref_score_deal (score): " in out
    # declared as the score it changes, the same file passes every check: its own golden games (none here)
    # stand for the family's, and the reference passes over the score's differences
    house.write_text(HALF_AS_FULL + '\nDEVIATIONS = {"score": "half-whist paid as a whist"}\n', encoding="utf-8")
    assert main(["conformance", "--plugin", str(house), "sochi", "--deals", "12", "--lang", "en"]) == 0, \
        capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.subprocess
def test_two_interpreters_tell_a_hash_ordered_rule() -> None:
    # the corpus's rule that lists the auction calls in the order of their string hashes: the same seed plays
    # another game once PYTHONHASHSEED differs; Sochi itself plays the same game in both
    from preferans.core.testing import checks

    corpus = paths.DATA / "house_rules"
    with pytest.raises(AssertionError, match="PYTHONHASHSEED 1 and 2"):
        checks.check_same_game_across_processes("sochi", [str(corpus / "broken" / "sochi_calls_in_hash_order.py")],
                                                0, 3)
    assert checks.check_same_game_across_processes("sochi", [], 0, 3) is None
