# variant: sochi
# area: declaration
# breaks: the talon taken into the hand of the seat after the declarer, not the declarer's
"""The declaration's ``TakeTalon`` given to the declarer's left-hand neighbour."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DeclarationStep, DeclarationView, TakeTalon, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_declaration_step(view: DeclarationView,
                          rules: RussianRules) -> Generator[None, DeclarationStep, DeclarationStep]:
    step = yield
    if isinstance(step, TakeTalon):
        return TakeTalon((view.declarer + 1) % view.match.n_players)
    return step
