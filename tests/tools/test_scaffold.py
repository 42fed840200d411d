"""`preferans new-variant` writes a package that installs with pip and passes the conformance suite."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from preferans.core.cli import main


def _preferans(site: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """``preferans ARGV`` with ``site`` as a site folder: its ``.pth`` files run (the editable install's
    finder), as in the user's own site-packages; PYTHONPATH alone would skip them."""
    code = (f"import site, sys; site.addsitedir({str(site)!r}); from preferans.core.cli import main; "
            f"sys.exit(main({list(argv)!r}))")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)


@pytest.mark.slow
@pytest.mark.subprocess
def test_new_variant_installs_as_printed_and_passes_conformance(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new-variant", "houserules", "--extends", "sochi"]) == 0
    printed = capsys.readouterr().out.splitlines()[0]
    # the folder, as pip reads a folder: a bare `houserules` would be a package on the index (issue 16, item 1)
    assert printed == "wrote houserules: pip install -e ./houserules && preferans conformance houserules"
    pkg = tmp_path / "houserules"
    assert "pip install -e ." in (pkg / "README.md").read_text(encoding="utf-8")
    meta = tomllib.loads((pkg / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["entry-points"]["preferans.variants"] == {"houserules": "preferans_houserules"}
    assert sorted(p.name for p in (pkg / "preferans_houserules" / "playthroughs").iterdir()) == [
        "misere.toml", "notrump-lone-whister.toml", "pool-overflow-and-match-end.toml", "raspasovka.toml",
        "series-of-raspasovkas.toml", "sitting-out-four-players.toml", "suit-two-whisters.toml"]
    site = tmp_path / "site"
    # the printed install, editable, into a side folder (like a user's site-packages) so this test leaves the
    # environment alone
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site),
                    "-e", "./houserules"], check=True, capture_output=True, timeout=300)
    listed = _preferans(site, "variants")
    assert "houserules" in listed.stdout and "preferans-houserules" in listed.stdout, listed.stdout + listed.stderr
    proc = _preferans(site, "conformance", "houserules", "--deals", "10")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "houserules" in proc.stdout and "ok" in proc.stdout
    # its own words in two languages, asked before its family's (docs/i18n.md): the sample word for a pass
    ru_po = pkg / "preferans_houserules" / "locale" / "ru" / "LC_MESSAGES" / "preferans-houserules.po"
    de_po = pkg / "preferans_houserules" / "locale" / "de" / "LC_MESSAGES" / "preferans-houserules.po"
    assert 'msgstr "пасую"' in ru_po.read_text(encoding="utf-8")
    assert 'msgstr "ich passe"' in de_po.read_text(encoding="utf-8")
    played = _preferans(site, "play", "--variant", "houserules", "--lang", "ru", "--seed", "1")
    assert played.returncode == 0, played.stdout + played.stderr
    deals = [line for line in played.stdout.splitlines() if line.startswith("сдача")]
    # the first deal of Sochi's seed 1 (in English "Anna 6H (Boris pass, Vera whist)"): the pass in the
    # variant's own word, the whist in its family's, 6H as Russian players write it
    assert deals[0].startswith("сдача   1  сдаёт Anna: Anna 6♥ (Boris пасую, Vera вист);"), deals[0]
    listed_ru = _preferans(site, "variants", "--lang", "ru").stdout
    assert "Домашние правила поверх sochi" in listed_ru  # its description from its own catalogue
    assert "House rules on top of sochi" in listed.stdout  # English: the preset's
    # editable: a change to the preset is read at the next command, with no reinstall
    assert "pool = 20\n" in _preferans(site, "show", "houserules").stdout  # Sochi's pool, inherited
    preset = pkg / "preferans_houserules" / "preset.toml"
    preset.write_text(preset.read_text(encoding="utf-8").replace("# pool = 10", "pool = 10"), encoding="utf-8")
    shown = _preferans(site, "show", "houserules")
    assert shown.returncode == 0 and "pool = 10\n" in shown.stdout, shown.stdout + shown.stderr


def test_new_variant_rejects_bad_name_and_unknown_parent(tmp_path: Path, capsys: object) -> None:
    assert main(["new-variant", "House Rules", "-o", str(tmp_path)]) == 2
    assert main(["new-variant", "house", "--extends", "sochii", "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err  # type: ignore[attr-defined]
    assert err.count("\n") == 2 and "did you mean 'sochi'" in err
