"""Run mypy on preferans.core and preferans.variants.

The import packages are mapped from ``core/`` and ``variants/`` (pyproject ``package-dir``), a layout mypy
cannot follow on its own, so this builds a throwaway ``preferans/`` tree of symlinks and checks that.
Usage: ``python tools/typecheck.py`` (extra arguments go to mypy).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        pkg = Path(tmp) / "preferans"
        pkg.mkdir()
        (pkg / "core").symlink_to(ROOT / "core", target_is_directory=True)
        (pkg / "variants").symlink_to(ROOT / "variants", target_is_directory=True)
        env = {**os.environ, "MYPYPATH": tmp}
        cmd = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
               "-p", "preferans.core", "-p", "preferans.variants", *sys.argv[1:]]
        return subprocess.call(cmd, env=env, cwd=tmp)


if __name__ == "__main__":
    raise SystemExit(main())
