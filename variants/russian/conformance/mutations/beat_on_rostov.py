# variant: rostov
# area: play
# breaks: heading the trick (must-beat) demanded in a Russian game, where any card of the suit led will do
"""The Stichzwang added to the Russian games: the family's play rules with ``must_beat`` true."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: RussianRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return dataclasses.replace(base, must_beat=True)
