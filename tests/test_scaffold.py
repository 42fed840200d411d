"""`preferans new-variant` writes a package that installs with pip and passes the conformance suite."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from preferans.core.cli import main


def test_new_variant_installs_and_passes_conformance(tmp_path: Path) -> None:
    assert main(["new-variant", "houserules", "--extends", "sochi", "-o", str(tmp_path / "src")]) == 0
    pkg = tmp_path / "src" / "houserules"
    meta = tomllib.loads((pkg / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["entry-points"]["preferans.variants"] == {"houserules": "preferans_houserules"}
    assert sorted(p.name for p in (pkg / "preferans_houserules" / "playthroughs").iterdir()) == [
        "misere.toml", "notrump-lone-whister.toml", "raspasovka.toml", "suit-two-whisters.toml"]
    site = tmp_path / "site"
    # pip install into a side folder (like a user's site-packages) so this test leaves the environment alone
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(pkg)],
                   check=True, capture_output=True, timeout=300)
    env = {**os.environ, "PYTHONPATH": str(site)}
    listed = subprocess.run([sys.executable, "-m", "preferans.core.cli", "variants"], capture_output=True,
                            text=True, env=env, timeout=60)
    assert "houserules" in listed.stdout and "preferans-houserules" in listed.stdout, listed.stdout
    proc = subprocess.run([sys.executable, "-m", "preferans.core.cli", "conformance", "houserules", "--deals", "10"],
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "houserules" in proc.stdout and "ok" in proc.stdout


def test_new_variant_rejects_bad_name_and_unknown_parent(tmp_path: Path, capsys: object) -> None:
    assert main(["new-variant", "House Rules", "-o", str(tmp_path)]) == 2
    assert main(["new-variant", "house", "--extends", "sochii", "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err  # type: ignore[attr-defined]
    assert err.count("\n") == 2 and "did you mean 'sochi'" in err
