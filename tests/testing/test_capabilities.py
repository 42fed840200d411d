"""Variants declare their capabilities in their presets; the conformance suite reads those, not section names."""

from __future__ import annotations

import pytest

from preferans.core import load_variant
from preferans.core.testing import checks

# what each family is, by its rules: the Austrian games are played for a pot (AUT-POT), the Balkan
# defence may kontra (BAL-KON), Illustrated adds kontra to its Austrian pot (ILL-KON), and the Russian
# all-pass deal is played out as raspasovka (RUS-RASP)
EXPECTED = {
    "sochi": {"raspasovka", "zero_sum_settlement"},
    "rostov": {"raspasovka", "zero_sum_settlement"},
    "classic": {"raspasovka", "zero_sum_settlement"},
    "leningrad": {"raspasovka", "zero_sum_settlement"},
    "balkan": {"kontra", "zero_sum_settlement"},
    "serbian": {"kontra", "zero_sum_settlement"},
    "slovenian": {"kontra", "zero_sum_settlement"},
    "austrian": {"pot"},
    "austrian-limited": {"pot"},
    "austrian-unlimited": {"pot"},
    "styrian": {"pot"},
    "illustrated": {"pot", "kontra"},
    "nachgehen": {"pot", "kontra"},
}
KINDS = {"suit", "notrump", "misere", "raspasovka", "betl", "sans", "bettel", "durchmarsch"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_declared_capabilities(name: str) -> None:
    caps = checks.capabilities(load_variant(name))
    assert caps - KINDS == EXPECTED[name] - KINDS
    assert ("zero_sum_settlement" in caps) == ("pot" not in caps)


def test_a_child_inherits_and_adds() -> None:
    # illustrated declares only kontra; pot comes from the austrian base through austrian-limited
    variant = load_variant("illustrated")
    assert [level.preset.capabilities for level in variant.chain] == [["pot"], [], ["kontra"]]
    assert {"pot", "kontra"} <= variant.capabilities


def test_capabilities_come_from_presets_not_sections() -> None:
    # sochi's rules have a raspasovka section, balkan's a kontra section; but the capability is what the
    # preset says: a variant whose preset declared nothing would have only its contract kinds
    variant = load_variant("sochi")
    assert "raspasovka" in type(variant.rules).model_fields
    declared = {c for level in variant.chain for c in level.preset.capabilities}
    assert declared == {"raspasovka"}
    assert variant.capabilities == frozenset(declared | set(variant.contracts.kinds()))
