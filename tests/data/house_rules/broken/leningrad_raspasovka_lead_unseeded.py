# variant: leningrad
# area: determinism
# breaks: after the talon-led tricks of a raspasovka a player drawn by an unseeded random number leads, not first hand
"""Draw for the lead: the third trick of a raspasovka is led by a player drawn at random, with Python's
global generator (not the game's seed), so the same seed replays differently."""

import dataclasses
import random

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view, rules):
    base = yield
    if view.contract.kind == "raspasovka" and base.talon_leads:
        return dataclasses.replace(base, after_talon_leader=random.choice(view.active))
    return base
