"""The tests mirror the code and stand alone (CONTRIBUTING.md, "Tests"): every test module sits in the folder
of the room it tests, never at the top of tests/, no test module imports another (what they share lives in
tests/helpers/ and the conftest.py files), and no two test modules share a name (pytest imports each by its
bare name). Every ``tests/...`` path the docs, the code and the tests cite exists, so a test that moves takes
its citations along."""

from __future__ import annotations

import ast
import re
import tomllib
from collections import Counter
from pathlib import Path

from helpers.paths import ROOT, TESTS

MODULES = sorted(p for p in TESTS.rglob("*.py") if "data" not in p.relative_to(TESTS).parts[:1])
"""Every Python file under tests/ but the data (tests/data holds house rules written as plugins)."""


def imported(tree: ast.AST) -> list[str]:
    """Every module an ``import`` or ``from ... import`` names, at any depth of the file."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.append(node.module)
    return names


def test_no_module_imports_a_test_module() -> None:
    found = []
    for path in MODULES:
        for name in imported(ast.parse(path.read_text(encoding="utf-8"))):
            if any(part.startswith("test_") for part in name.split(".")):
                found.append(f"{path.relative_to(TESTS)} imports {name}")
    assert found == [], "a test module's helper belongs in tests/helpers/ or a conftest.py:\n" + "\n".join(found)


def test_the_check_sees_an_import_of_a_test_module() -> None:
    # the two forms the tree had before the helpers moved out
    tree = ast.parse("from test_bots import rigged\nimport test_browser as shared\ndef f():\n    import x.test_y\n")
    assert imported(tree) == ["test_bots", "test_browser", "x.test_y"]


def test_every_test_module_sits_in_a_room() -> None:
    loose = [p.name for p in MODULES if p.parent == TESTS and p.name.startswith("test_")]
    assert loose == []


def test_no_two_test_modules_share_a_name() -> None:
    names = Counter(p.name for p in MODULES if p.name.startswith("test_"))
    assert [n for n, count in names.items() if count > 1] == []


CITED = re.compile(r"(?<![\w/.])tests/[\w./{},*<>-]*[\w/}*>]")
"""A path under tests/ as the docs and comments write it (a glob or a placeholder is not checked)."""
READERS_OWN = {("docs/writing-a-variant.md", "tests/test_conformance.py"),
               ("docs/conformance.md", "tests/test_conformance.py")}
"""The test file of the reader's own package (the tutorial's, a third-party variant's), not one of these tests."""


def test_every_cited_test_path_exists() -> None:
    places = ["README.md", "CONTRIBUTING.md", "pyproject.toml", "docs/**/*.md", "core/**/*.py", "core/**/*.c",
              "variants/**/*.py", "variants/**/*.toml", "examples/*", "bench/*.py", "tests/**/*.py", "tests/**/*.md",
              "tests/data/**/*.toml"]
    missing = []
    here = Path(__file__).resolve()  # this file names the reader's own test file above
    for path in sorted({p for pattern in places for p in ROOT.glob(pattern) if p.is_file() and p != here}):
        where = path.relative_to(ROOT).as_posix()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for cited in (m.group(0).rstrip("/.") for m in CITED.finditer(line)):
                if any(c in cited for c in "*<{") or (where, cited) in READERS_OWN:
                    continue
                if not (ROOT / cited).exists():
                    missing.append(f"{where}:{n}: {cited}")
    assert missing == []


def test_ci_runs_every_test_whatever_its_marks() -> None:
    # the marks choose a tier by hand (pytest -m "not slow"); CI and a bare `pytest` run every test
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert not {"-m", "-k", "--deselect"} & set(options["addopts"].split())
    runs = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
            if re.search(r"\bpytest\b", line) and not line.lstrip().startswith("#")]
    assert runs and all(not {"-m", "-k", "--deselect"} & set(line.split()) for line in runs), runs
