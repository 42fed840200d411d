"""Shared fixtures: the resolved variants most tests play (loading one builds a plugin manager, so the
session keeps one of each)."""

from __future__ import annotations

import pytest

from preferans.core import Variant, load_variant


@pytest.fixture(scope="session")
def sochi() -> Variant:
    """Sochi with its preset values, three players."""
    return load_variant("sochi")


@pytest.fixture(scope="session")
def sochi4() -> Variant:
    """Sochi for four players: the dealer sits out on the talon (RUS-RASP-15, russian.md 2.5)."""
    return load_variant("sochi", {"players": 4})
