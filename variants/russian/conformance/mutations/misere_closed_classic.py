# variant: classic
# area: visibility
# breaks: the misère defenders' hands never laid open
"""Misère played with no open hand."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.classic.rules import ClassicRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: ClassicRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    return dataclasses.replace(base, open_hands=()) if view.contract.kind == "misere" else base
