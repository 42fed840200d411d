# variant: balkan
# area: declaration
# breaks: a contract named lower than the bid: after winning 4 the declarer may play spades or diamonds
"""Every contract of the ladder offered after the talon, whatever the bid."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DeclarationView, hookimpl
from preferans.variants.balkan import calls
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_declaration_legal(view: DeclarationView, rules: BalkanRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    ladder = [name for name, _, _, _ in calls.LADDER]
    return ladder if legal and set(legal) <= set(ladder) else legal
