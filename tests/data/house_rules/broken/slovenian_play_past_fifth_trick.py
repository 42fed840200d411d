# variant: slovenian
# area: play
# breaks: play goes on after the defence took its fifth trick (BAL-DEF-03: play stops there, the game failed)
"""Play it out: all ten tricks are played even when the game is already lost."""

import dataclasses

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view, rules):
    base = yield
    if base.stop_defence_at is not None:
        return dataclasses.replace(base, stop_defence_at=None)
    return base
