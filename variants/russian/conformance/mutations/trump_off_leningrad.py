# variant: leningrad
# area: play
# breaks: must-trump off: a player void in the suit led may discard although he holds a trump
"""Must-trump off in every contract: the family's play rules with ``must_trump`` false."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: RussianRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return dataclasses.replace(base, must_trump=False)
