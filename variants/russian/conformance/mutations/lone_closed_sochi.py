# variant: sochi
# area: visibility
# breaks: the lone whister's hands not laid open: he plays the passer's cards, but nobody sees them
"""A lone whister's defence without its open hands (he still plays the passer's hand)."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import DefenceStep, DefenceView, Defended, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_defence_step(view: DefenceView, rules: RussianRules) -> Generator[None, DefenceStep, DefenceStep]:
    step = yield
    if isinstance(step, Defended) and len(step.defending) == 1 and step.open_hands:
        return dataclasses.replace(step, open_hands=())
    return step
