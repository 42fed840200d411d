"""The disputed-rule options of issue 13, switched on, keep the invariants every variant keeps.

Each option has its hand-worked test beside its family's tests (test_balkan_scoring, test_balkan_kontra_chains,
test_leningrad, test_paid_talon, test_first_lead_dark, test_classic); here the conformance checks run on
the variant with the option on: 32 cards each once, ten tricks a deal (or an early stop the rules name),
exact zero-sum settlements, the same seed the same game, clone / JSON / replay the same state.
"""

from __future__ import annotations

from typing import Any

import pytest

from preferans.core import load_variant
from preferans.core.testing import checks

OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("balkan", {"defence": {"each_always": True}}),
    ("balkan", {"kontra": {"chains": "each"}}),
    ("leningrad", {"raspasovka": {"exit_by": "played"}}),
    ("sochi", {"players": 4, "talon": {"paid": True}}),
    ("sochi", {"whist": {"first_lead_dark": True, "lone_whister_chooses": True}}),
    ("classic", {"bomb": {"half_time_after": 4, "half_time_rounds": 2}, "pool": 200}),
]


@pytest.mark.parametrize(("name", "options"), OPTIONS, ids=[f"{n}-{sorted(o)}" for n, o in OPTIONS])
def test_the_option_keeps_the_invariants(name: str, options: dict[str, Any]) -> None:
    variant = load_variant(name, options)
    checks.check_cards_conserved(variant, 7, 20)
    checks.check_tricks_per_deal(variant, 7, 20)
    checks.check_settlement_exact_and_zero_sum(variant, 7, 20, zero_sum=True)
    checks.check_same_seed_same_game(variant, 7, 10)
    checks.check_clone_json_replay(variant, 7, 10)
