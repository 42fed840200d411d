# variant: serbian
# area: visibility
# breaks: the declarer's hand lies face up for the defenders from the first card of the play
"""Declarer's cards on the table: in every contract the declarer plays with his hand open."""

import dataclasses

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view, rules):
    base = yield
    if view.declarer is None:
        return base
    return dataclasses.replace(base, open_hands=tuple(sorted({*base.open_hands, view.declarer})))
