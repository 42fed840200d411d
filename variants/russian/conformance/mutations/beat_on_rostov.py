# variant: rostov
# area: play
# breaks: heading the trick (must-beat) demanded in a Russian game, where any card of the suit led will do
"""The Stichzwang added to the Russian games: the family's play rules with ``must_beat`` true."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Any

from preferans.core.plugin import PlayRules, PlayView, hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: Any) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return dataclasses.replace(base, must_beat=True)
