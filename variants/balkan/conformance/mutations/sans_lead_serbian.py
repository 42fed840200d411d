# variant: serbian
# area: play
# breaks: sans led by the defender after the declarer, not by the one before him (his right)
"""The first lead of sans given to the seat on the declarer's left."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: BalkanRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    if view.contract.kind != "sans" or view.declarer is None:
        return base
    return dataclasses.replace(base, leader=(view.declarer + 1) % view.match.n_players)
