# variant: sochi
# area: play
# breaks: the raspasovka talon cards lead no trick: first hand leads the first two tricks himself
"""No talon-led tricks in the raspasovka."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: RussianRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return dataclasses.replace(base, talon_leads=0)
