# variant: leningrad
# area: play
# breaks: a wrong trick winner: with three players the raspasovka talon card, which only names the suit, wins
"""The talon cards that lead the raspasovka's first tricks made to contend for them."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: RussianRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return dataclasses.replace(base, talon_contends=True) if base.talon_leads else base
