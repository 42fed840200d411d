# variant: austrian
# area: visibility
# breaks: every hand in play shown to every seat
"""All hands in play laid open."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: AustrianRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return dataclasses.replace(base, open_hands=base.hands)
