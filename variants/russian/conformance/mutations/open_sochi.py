# variant: sochi
# area: visibility
# breaks: every hand shown to every seat in every contract
"""All hands in play laid open (not in the raspasovka)."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Any

from preferans.core.plugin import PlayRules, PlayView, hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: Any) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return base if view.contract.kind == "raspasovka" else dataclasses.replace(base, open_hands=base.hands)
