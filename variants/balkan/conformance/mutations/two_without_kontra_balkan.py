# variant: balkan
# area: kontra
# breaks: the two played out without a kontra, where the declarer wins it without play
"""A two the defenders follow but nobody kontras is played all the same."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import DefenceStep, DefenceView, Defended, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_defence_step(view: DefenceView, rules: BalkanRules) -> Generator[None, DefenceStep, DefenceStep]:
    step = yield
    if isinstance(step, Defended) and not step.played and step.defending and view.contract.name == "spades":
        return dataclasses.replace(step, played=True)
    return step
