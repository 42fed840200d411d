# variant: balkan
# area: play
# breaks: the declarer leads to the first trick, in sans too, where he may not
"""The leader of every contract's first trick made the declarer."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: BalkanRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return base if base.declarer is None else dataclasses.replace(base, leader=base.declarer)
