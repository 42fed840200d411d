# variant: sochi
# area: play
# breaks: in a no-trump game spades are trumps, so a spade wins a trick led in another suit
"""Spades are always trumps: even a no-trump contract is played with spades as trumps."""

import dataclasses

from preferans.core.plugin import hookimpl
from preferans.core.plugin.cards import SUITS


@hookimpl(wrapper=True)
def pref_play_rules(view, rules):
    base = yield
    if view.contract.kind == "notrump":
        return dataclasses.replace(base, trump=SUITS.index("S"), must_trump=True)
    return base
