# variant: balkan
# area: kontra
# breaks: the two played out without a kontra, where the declarer wins it without play
"""A two the defenders follow but nobody kontras is played all the same."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Any

from preferans.core.plugin import DefenceStep, DefenceView, Defended, hookimpl


@hookimpl(wrapper=True)
def pref_defence_step(view: DefenceView, rules: Any) -> Generator[None, DefenceStep, DefenceStep]:
    step = yield
    if isinstance(step, Defended) and not step.played and step.whisters and view.contract.name == "spades":
        return dataclasses.replace(step, played=True)
    return step
