# variant: nachgehen
# area: declaration
# breaks: Nachgehen played though nobody else bid: the winner must lie, and a player who only passed may take over
"""The family's declaration called as if every other player had bid in the auction."""

from __future__ import annotations

import dataclasses

from preferans.core.plugin import DeclarationStep, DeclarationView, hookimpl
from preferans.variants import nachgehen
from preferans.variants.nachgehen import NachgehenVariantRules


def everybody_bid(view: DeclarationView) -> DeclarationView:
    seats = {s for s, _ in view.auction}
    return dataclasses.replace(view, auction=(*view.auction, *((s, "bid") for s in sorted(seats))))


@hookimpl(tryfirst=True)
def pref_declaration_step(view: DeclarationView, rules: NachgehenVariantRules) -> DeclarationStep | None:
    return nachgehen.pref_declaration_step(everybody_bid(view), rules)


@hookimpl(tryfirst=True)
def pref_declaration_legal(view: DeclarationView, rules: NachgehenVariantRules) -> list[str] | None:
    return nachgehen.pref_declaration_legal(everybody_bid(view), rules)
