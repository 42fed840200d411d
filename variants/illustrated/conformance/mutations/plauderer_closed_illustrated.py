# variant: illustrated
# area: visibility
# breaks: Plauderer and Offener Durchmarsch played with the declarer's hand closed
"""The extra contracts played with no open hand."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.illustrated import IllustratedVariantRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: IllustratedVariantRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    if view.contract.kind not in ("bettel", "durchmarsch"):
        return base
    return dataclasses.replace(base, open_hands=(), open_after_first_lead=False)
