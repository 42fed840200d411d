# variant: leningrad(players=4)
# area: four-players
# breaks: four players: the raspasovka talon card, the sitting-out dealer's lead, can no longer win its trick
"""The talon cards that lead the raspasovka only name the suit, with four players too."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: RussianRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return dataclasses.replace(base, talon_contends=False, talon_owner=None) if base.talon_leads else base
