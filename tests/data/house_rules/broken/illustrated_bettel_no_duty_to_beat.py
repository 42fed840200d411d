# variant: illustrated
# area: play
# breaks: in Bettel and Plauderer nobody has to beat the trick: a player may play low though he holds a higher card
"""Soft Bettel: follow suit, but no duty to head the trick (ILL-EXT-01, ILL-PLAY-01/02: everyone must beat)."""

import dataclasses

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view, rules):
    base = yield
    if view.contract.goal == "none" and base.must_beat:
        return dataclasses.replace(base, must_beat=False, must_overtrump=False)
    return base
