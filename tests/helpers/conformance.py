"""Third-party variants built for the conformance suite's own tests (tests/testing/, tests/cli/
test_cli_conformance.py): a small distribution (a module, its preset and a ``.dist-info`` with the entry
point) put on ``PYTHONPATH`` of a subprocess, exactly as ``pip install`` would leave it, and the suite run on
it there."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from helpers.paths import VARIANTS

PRESET = 'name = "{name}"\ndescription = "deliberately broken: {what}"\nextends = "sochi"\n'

SOCHI_PLAYTHROUGHS = VARIANTS / "sochi" / "playthroughs"


def make_dist(root: Path, name: str, module_source: str, what: str = "test", dist: str | None = None,
              playthroughs: bool = False) -> Path:
    """Write a module ``name`` with ``preset.toml`` and a dist-info registering it as a variant; with
    ``playthroughs`` the parent's golden games are copied (they hold while the variant equals sochi)."""
    dist = dist or f"broken-{name}"
    pkg = root / name
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(textwrap.dedent(module_source), encoding="utf-8")
    (pkg / "preset.toml").write_text(PRESET.format(name=name, what=what), encoding="utf-8")
    if playthroughs:
        (pkg / "playthroughs").mkdir()
        for f in SOCHI_PLAYTHROUGHS.glob("*.toml"):
            text = f.read_text(encoding="utf-8").replace('variant = "sochi"', f'variant = "{name}"', 1)
            (pkg / "playthroughs" / f.name).write_text(text, encoding="utf-8")
    info = root / f"{dist.replace('-', '_')}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[preferans.variants]\n{name} = {name}\n", encoding="utf-8")
    return root


def run_suite(path: Path, variant: str, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--pyargs",
         "preferans.core.testing.conformance", f"--preferans-variant={variant}", "--preferans-deals=12", *extra],
        capture_output=True, text=True, env=env, timeout=300,
    )


HEADER = """
from preferans.core import hookimpl
import dataclasses, random
from fractions import Fraction
from preferans.core.rules import defaults
from preferans.core.model.views import Settlement
"""
"""The imports every broken plugin's module starts with."""

SIX_LEVEL_REVOKE = """
    @hookimpl(wrapper=True)
    def pref_play_rules(view, rules):
        base = yield
        # the house "rule": in six-level contracts nobody has to follow suit
        return dataclasses.replace(base, must_follow=False) if view.contract.level == 6 else base
"""
"""A house rule that breaks the play of six-level contracts only (tests/testing/test_conformance_coverage.py)."""
