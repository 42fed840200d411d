# variant: austrian
# area: play
# breaks: a defender who stayed at home still plays his cards (three-card tricks instead of two)
"""Everybody plays: the cards of an opponent who passed are played too, though he is not paid for them."""

import dataclasses

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view, rules):
    base = yield
    if view.contract.kind == "suit" and len(base.hands) < len(view.active):
        return dataclasses.replace(base, hands=tuple(view.active))
    return base
