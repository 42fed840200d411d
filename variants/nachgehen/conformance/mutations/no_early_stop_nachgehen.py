# variant: nachgehen
# area: play
# breaks: an extra contract that never ends early: Bettel played on after the declarer's first trick
"""No early stop: the play rules without ``stop_declarer_at`` and the defence's stop at one trick."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import PlayRules, PlayView, hookimpl
from preferans.variants.nachgehen import NachgehenVariantRules


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: NachgehenVariantRules) -> Generator[None, PlayRules, PlayRules]:
    base = yield
    defence = None if base.stop_defence_at == 1 else base.stop_defence_at
    return dataclasses.replace(base, stop_declarer_at=None, stop_defence_at=defence)
