"""``preferans serve``'s refusals: one line and exit 2 (the server itself runs in tests/server/test_server_crash.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from preferans.core.cli import main
from preferans.core.server import serve


def test_without_the_web_extra_serve_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(serve.importlib.util, "find_spec",
                        lambda name, *a: None if name in ("starlette", "uvicorn") else real(name, *a))
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err == "preferans: serve needs starlette and uvicorn: pip install 'preferans[web]'\n"


def test_a_bad_port_or_db_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port 70000: expected 0..65535" in capsys.readouterr().err
    assert main(["serve", "--db", str(tmp_path)]) == 2  # a folder
    assert "not a regular file" in capsys.readouterr().err
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is no database" * 100)
    assert main(["serve", "--db", str(junk)]) == 2
    err = capsys.readouterr().err
    assert "cannot be opened as the server's database" in err and err.count("\n") == 1


def test_bad_hint_options_are_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the hard bot's options for the hints, checked like --bots (pimc's options and caps, docs/bots.md)
    db = str(tmp_path / "t.sqlite3")
    assert main(["serve", "--db", db, "--hint-options", "samples=0"]) == 2
    err = capsys.readouterr().err
    assert "--hint-options: pimc option samples: '0' must be positive" in err and err.count("\n") == 1
    assert main(["serve", "--db", db, "--hint-options", "samples=5000"]) == 2  # above the cap of 1000
    assert "above the cap of 1000" in capsys.readouterr().err
