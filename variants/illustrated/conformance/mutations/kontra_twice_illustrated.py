# variant: illustrated
# area: kontra
# breaks: kontra twice by one player: a defender who said kontra is asked again and may double a second time
"""After both defenders spoke, the first who said kontra is asked once more (kontra or pass)."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DefenceStep, DefenceView, Next, hookimpl
from preferans.variants.illustrated import IllustratedVariantRules


@hookimpl(wrapper=True)
def pref_defence_step(view: DefenceView, rules: IllustratedVariantRules) -> Generator[None, DefenceStep, DefenceStep]:
    step = yield
    said = [s for s, _ in view.calls]
    if view.declarer in said or len(said) < len(view.defenders):
        return step
    again = next((s for s, c in view.calls if c == "kontra" and said.count(s) == 1), None)
    return Next(again) if again is not None and len(said) == len(view.defenders) else step
