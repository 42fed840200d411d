# variant: serbian
# area: play
# breaks: must-follow off: a player may keep the suit led and play another card
"""Must-follow off in every contract: the family's play rules with ``must_follow`` false."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: BalkanRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return dataclasses.replace(base, must_follow=False)
