# variant: balkan
# area: defence
# breaks: the two (spades with the talon) is played out although nobody said kontra (BAL-KON-08: it is won without play)
"""Play it anyway: a followed game is always played, the two without kontra included."""

import dataclasses

from preferans.core.plugin import Defended, hookimpl


@hookimpl(wrapper=True)
def pref_defence_step(view, rules):
    step = yield
    if isinstance(step, Defended) and not step.played and step.defending:
        return dataclasses.replace(step, played=True)
    return step
