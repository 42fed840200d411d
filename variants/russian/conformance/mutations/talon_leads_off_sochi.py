# variant: sochi
# area: play
# breaks: the raspasovka talon cards lead no trick: first hand leads the first two tricks himself
"""No talon-led tricks in the raspasovka."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Any

from preferans.core.plugin import PlayRules, PlayView, hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: Any) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return dataclasses.replace(base, talon_leads=0)
