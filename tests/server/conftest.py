"""The server tests' fixture: a server driven in this process by Starlette's test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    """A server on a fresh database, driven in this process by Starlette's test client (a module that needs
    other options, a higher message rate, defines its own)."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from helpers.server_client import close_all
    from preferans.core.server.app import create_app

    with TestClient(create_app(tmp_path / "t.sqlite3")) as c:
        yield c
        close_all(c)
