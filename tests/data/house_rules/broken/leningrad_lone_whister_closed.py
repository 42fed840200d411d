# variant: leningrad
# area: visibility
# breaks: the lone whister plays his partner's hand but neither defending hand is laid open (Leningrad: open)
"""Closed lone whist: the whister takes over the passer's cards without showing them or his own."""

import dataclasses

from preferans.core.plugin import Defended, hookimpl


@hookimpl(wrapper=True)
def pref_defence_step(view, rules):
    step = yield
    if isinstance(step, Defended) and step.controllers and step.open_hands:
        return dataclasses.replace(step, open_hands=())
    return step
