"""Entry points installed for one test only: what a distribution would register, without installing one."""

from __future__ import annotations

import pytest

from preferans.core.rules import manager


def fake_entry_points(monkeypatch: pytest.MonkeyPatch, group: str) -> dict[str, manager.Installed]:
    """Patch discovery so that the entries put into the returned table are installed in ``group`` too,
    beside the real ones; undone with ``monkeypatch``."""
    real = manager._discover
    extra: dict[str, manager.Installed] = {}

    def discover(asked: str) -> dict[str, manager.Installed]:
        found = dict(real(asked))
        if asked == group:
            found.update(extra)
        return found

    monkeypatch.setattr(manager, "_discover", discover)
    return extra
