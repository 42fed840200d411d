# variant: illustrated
# area: kontra
# breaks: the declarer may say rekontra although no defender said kontra
"""The declarer of an extra contract is asked for his rekontra after every kontra round, kontra or not."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DefenceStep, DefenceView, Defended, Next, hookimpl
from preferans.variants.illustrated import IllustratedVariantRules


@hookimpl(wrapper=True)
def pref_defence_step(view: DefenceView, rules: IllustratedVariantRules) -> Generator[None, DefenceStep, DefenceStep]:
    step = yield
    extra = view.contract.kind in ("bettel", "durchmarsch")
    if extra and isinstance(step, Defended) and rules.kontra.rekontra and view.declarer not in dict(view.calls):
        return Next(view.declarer)
    return step
