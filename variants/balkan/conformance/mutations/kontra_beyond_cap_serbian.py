# variant: serbian
# area: kontra
# breaks: the kontra chain goes on beyond its cap: a fifth doubling after mortkontra
"""The family's defence called with the kontra chain's cap one higher."""

from __future__ import annotations

from typing import Any

from preferans.core.plugin import DefenceStep, DefenceView, hookimpl
from preferans.variants import balkan
from preferans.variants.balkan.rules import BalkanRules


def raised(rules: BalkanRules) -> Any:
    cap = rules.kontra.max_level
    return rules.model_copy(update={"kontra": rules.kontra.model_copy(update={"max_level": cap and cap + 1})})


@hookimpl(tryfirst=True)
def pref_defence_legal(view: DefenceView, seat: int, rules: BalkanRules) -> list[str]:
    return balkan.pref_defence_legal(view, seat, raised(rules))


@hookimpl(tryfirst=True)
def pref_defence_step(view: DefenceView, rules: BalkanRules) -> DefenceStep:
    return balkan.pref_defence_step(view, raised(rules))
