"""Two players (гусарик): the dummy third hand (болван) in the Russian family.

The engine deals the dummy, seat 2, a hand of its own; it never bids or speaks. In a game the lone whister
plays it (the core's defence and the Russian :mod:`.defence`), in misère and a checked ten the declarer's
opponent (the core's ``pref_play_rules``). This module covers the raspasovka: the talon is not turned up
(RUS-RASP-18), first hand leads (GAP-RUS-07), and the dummy's hand lies face up and is played by the
dealer or the other player (``gusarik.raspasovka_dummy``). Its tricks count for nobody
(``scoring.players``). The overflow rule of the two-player game (неделимая гора, half the excess off the
mountain) is in ``scoring.overflow``. Sources and choices: docs/variants/gusarik.md.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from preferans.core.plugin import (
    PlayRules,
    PlayView,
)


def raspasovka_play(base: PlayRules, view: PlayView, rules: Any) -> PlayRules:
    dummy = view.match.dummy
    assert dummy is not None
    if rules.gusarik.raspasovka_dummy == "dealer":
        owner = view.dealer
    else:
        owner = next(s for s in view.active if s not in (view.dealer, dummy))
    controllers = (*((h, s) for h, s in base.controllers if h != dummy), (dummy, owner))
    return dataclasses.replace(base, talon_leads=0, controllers=controllers, open_hands=(dummy,))
