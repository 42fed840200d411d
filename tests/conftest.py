"""Shared fixtures: the resolved variants most tests play (loading one builds a plugin manager, so the
session keeps one of each), and a plugin installed in memory for a test whose file names it. The fixtures of
one room are in its own conftest.py (tests/server/: the test client), the helpers in tests/helpers/."""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib.metadata import EntryPoint
from types import ModuleType

import pytest

from helpers.fake_install import fake_entry_points
from preferans.core import Variant, load_variant
from preferans.core.rules import manager


@pytest.fixture(scope="session")
def sochi() -> Variant:
    """Sochi with its preset values, three players."""
    return load_variant("sochi")


@pytest.fixture(scope="session")
def sochi4() -> Variant:
    """Sochi for four players: the dealer sits out on the talon (RUS-RASP-15, russian.md 2.5)."""
    return load_variant("sochi", {"players": 4})


@pytest.fixture
def installed_plugin(monkeypatch: pytest.MonkeyPatch) -> Callable[[str, ModuleType], None]:
    """``install(name, module)``: ``module`` as if a distribution registered it as the plugin ``name`` in the
    ``preferans.plugins`` entry-point group, for this test only.

    Only for a plugin named from inside a file (a scorecard's or a config's ``plugins``), which names
    installed plugins only. A test that just adds a plugin to a variant passes the module or a ``.py`` file
    to ``load_variant(..., plugins=[...])`` or ``--plugin`` instead."""
    extra = fake_entry_points(monkeypatch, manager.PLUGIN_GROUP)

    def install(name: str, module: ModuleType) -> None:
        monkeypatch.setitem(sys.modules, module.__name__, module)  # what the entry point imports
        ep = EntryPoint(name=name, value=module.__name__, group=manager.PLUGIN_GROUP)
        extra[name] = manager.Installed(name, module.__name__, "test-dist", ep)

    return install

