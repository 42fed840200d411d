# variant: classic
# area: play
# breaks: a wrong trick winner: the suit after the contract's trump wins the tricks
"""The trump moved one suit on in the play rules (the contract still names the right one)."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.core.plugin.cards import NO_TRUMP
from preferans.variants.classic.rules import ClassicRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: ClassicRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return base if base.trump == NO_TRUMP else dataclasses.replace(base, trump=(base.trump + 1) % 4)
