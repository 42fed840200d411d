"""Helper of the error tests: the one line a refused ``preferans`` command prints."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def fails(*args: str, cwd: Path) -> str:
    """The one line a refused command prints (exit code 2, nothing else on stderr, no traceback)."""
    run = subprocess.run([sys.executable, "-m", "preferans.core.cli", *args], capture_output=True, text=True,
                         encoding="utf-8", check=False, cwd=cwd,
                         env={"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"})
    assert run.returncode == 2, run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("preferans: ")
    return lines[0].removeprefix("preferans: ")
