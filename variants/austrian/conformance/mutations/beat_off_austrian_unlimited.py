# variant: austrian-unlimited
# area: play
# breaks: the Stichzwang off: a player may follow low although he could head the trick or over-trump
"""The Stichzwang removed: the family's play rules with ``must_beat`` and ``must_overtrump`` false."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: AustrianRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return dataclasses.replace(base, must_beat=False, must_overtrump=False)
