"""The tree's own rules, checked by the tools that state them: the import layers (import-linter, contracts in
pyproject.toml and docs/architecture.md), the types (mypy --strict) and the lint (ruff).

Each runs as a user would run it from a fresh clone after the README's test command; a deliberately wrong
import (the engine importing a variant) shows that the layer contracts really bite.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from helpers import paths

pytestmark = pytest.mark.subprocess

ROOT = paths.ROOT
BIN = Path(sys.executable).parent


def tool(name: str) -> str:
    path = BIN / name
    if not path.exists():
        found = shutil.which(name)
        if found is None:
            pytest.skip(f"{name} is not installed (pip install -e '.[test]' installs it)")
        return found
    return str(path)


def run(*argv: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), cwd=cwd, capture_output=True, text=True, timeout=600,
                          env={**os.environ, **(env or {})})


def test_import_contracts_are_kept() -> None:
    proc = run(tool("lint-imports"), "--no-cache")
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    summary = [line for line in proc.stdout.splitlines() if line.startswith("Contracts:")]
    assert summary and summary[-1].endswith(" 0 broken."), summary


def test_a_wrong_import_breaks_the_contracts(tmp_path: Path) -> None:
    # a copy of the tree in which the engine imports a variant: the layer and "core imports no variant"
    # contracts must both fail on it
    copy = tmp_path / "tree"
    for part in ("core", "variants", "env"):
        shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    (copy / "src" / "preferans").mkdir(parents=True)
    for part in ("core", "variants", "env"):
        (copy / "src" / "preferans" / part).symlink_to(copy / part, target_is_directory=True)
    game = copy / "core" / "engine" / "game.py"
    game.write_text(game.read_text(encoding="utf-8") + "\nimport preferans.variants.sochi  # noqa: E402, F401\n",
                    encoding="utf-8")
    # python -S: no .pth files, so the installed tree (the editable install's path entry) is not on the
    # path and the namespace package preferans is the copy's alone
    tool("lint-imports")
    site_packages = sysconfig.get_paths()["purelib"]
    proc = run(sys.executable, "-S", "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()",
               "--no-cache", cwd=copy, env={"PYTHONPATH": os.pathsep.join([str(copy / "src"), site_packages])})
    assert proc.returncode != 0
    assert "The core imports no variant BROKEN" in proc.stdout, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "preferans.core.engine.game -> preferans.variants.sochi" in proc.stdout


@pytest.mark.slow
def test_mypy_strict_is_clean() -> None:
    # the project's config (pyproject.toml [tool.mypy]): strict, packages preferans.core, .variants and .env
    proc = run(sys.executable, "-m", "mypy", "-p", "preferans.core", "-p", "preferans.variants", "-p", "preferans.env")
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]


def test_ruff_is_clean() -> None:
    proc = run(tool("ruff"), "check", "core", "variants", "env", "tests", "bench", "examples")
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
