# variant: balkan
# area: declaration
# breaks: an igra (a game without the talon) takes the talon and discards two
"""A bid without the talon goes through the talon and the discard before it is declared."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DeclarationStep, DeclarationView, Discard, TakeTalon, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_declaration_step(view: DeclarationView,
                          rules: BalkanRules) -> Generator[None, DeclarationStep, DeclarationStep]:
    step = yield
    if view.bid.with_talon:
        return step
    if not view.talon_taken:
        return TakeTalon(view.declarer)
    if not view.discarded_by:
        return Discard(view.declarer, 2)
    return step
