# variant: sochi
# area: visibility
# breaks: every hand shown to every seat in every contract
"""All hands in play laid open (not in the raspasovka)."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: RussianRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return base if view.contract.kind == "raspasovka" else dataclasses.replace(base, open_hands=base.hands)
