# variant: balkan
# area: declaration
# breaks: a card in two hands: the talon the declarer took goes into his neighbour's hand as well
"""After the declarer took the talon, it is taken again by the seat on his left."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DeclarationStep, DeclarationView, Discard, TakeTalon, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_declaration_step(view: DeclarationView,
                          rules: BalkanRules) -> Generator[None, DeclarationStep, DeclarationStep]:
    step = yield
    other = (view.declarer + 1) % view.match.n_players
    if isinstance(step, Discard) and view.hands and view.hands[other].bit_count() == 10:
        return TakeTalon(other)
    return step
