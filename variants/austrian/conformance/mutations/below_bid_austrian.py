# variant: austrian
# area: declaration
# breaks: a contract named lower than the bid: after "drei" the declarer may name clubs or spades
"""Every suit contract with the talon offered at the naming, whatever the number bid."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DeclarationView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_declaration_legal(view: DeclarationView, rules: AustrianRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    namable = [r.name for r in view.contracts if r.biddable and r.with_talon]
    return namable if legal and set(legal) <= set(namable) else legal
