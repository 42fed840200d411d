# variant: leningrad(players=4)
# area: four-players
# breaks: nothing (the play rules of the plugins below are copied field for field and returned)
"""A wrapper that rebuilds the play rules as an equal copy (dataclasses.replace with no change)."""

import dataclasses

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view, rules):
    base = yield
    return dataclasses.replace(base)
