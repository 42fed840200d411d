"""Issue 17: every reader holds under hostile input (the corpus of tests/hostile/make_corpus.py).

Each case runs through ``preferans.core.cli.main`` in-process. A ``reject`` case must exit 2 with exactly one
stderr line under 300 characters naming the file (or the option) and the key; an ``any`` case may also be
accepted; no case may exit 1 (an internal error), except a replay check's ``any`` case (``differs``) that
reports the file as differing from the code (``FILE: FAILED:``). No error line may hold a ``hide`` word (a
file's content)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from helpers import paths
from preferans.core.cli import main

pytestmark = pytest.mark.slow

_SPEC = importlib.util.spec_from_file_location("make_corpus", paths.HOSTILE / "make_corpus.py")
assert _SPEC and _SPEC.loader
make_corpus = importlib.util.module_from_spec(_SPEC)
sys.modules["make_corpus"] = make_corpus
_SPEC.loader.exec_module(make_corpus)


def test_hostile_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # file names as a user types them: the line's length is the reader's, not pytest's
    cases = make_corpus.build(Path("."))
    failures: list[str] = []
    for case in cases:
        code = main(case.argv)
        out = capsys.readouterr()
        lines = out.err.splitlines()
        shown = f"{case.name}: exit {code}, stderr {out.err[:300]!r}"
        if code == 0 and case.expect == "any":
            continue
        if code == 1 and case.expect == "any" and case.differs and not out.err and ": FAILED: " in out.out:
            continue  # a replay check that finds the file differs from the code: a clean answer
        if code != 2 or len(lines) != 1 or len(out.err) >= 300 or not out.err.endswith("\n"):
            failures.append(shown)
            continue
        missing = [word for word in case.mention if word not in lines[0]]
        if missing:
            failures.append(f"{shown}: does not name {missing}")
        shown_content = [word for word in case.hide if word in lines[0]]
        if shown_content:
            failures.append(f"{shown}: shows the file's content {shown_content}")
    with capsys.disabled():
        print(f"\n{len(cases)} hostile inputs")
    assert len(cases) >= 300
    assert not failures, f"{len(failures)} of {len(cases)} cases fail:\n" + "\n".join(failures[:60])
