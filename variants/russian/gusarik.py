"""Two players (гусарик): the dummy third hand (болван) in the Russian family.

The core deals three hands whatever the number of players; with two the third, seat 2, is held by no player
(``ownerless_hands``). The Russian family makes it the dummy: it never bids or speaks (the Russian
:mod:`.defence` counts it as a defender who passed); in a game the lone whister plays it (:mod:`.defence`),
in misère and a checked ten the declarer's opponent (:func:`dummy_player`), in a raspasovka the dealer or
the other player, face up (``gusarik.raspasovka_dummy``, :func:`raspasovka_play`), where the talon is not
turned up (RUS-RASP-18) and first hand leads (GAP-RUS-07). Its tricks count for nobody
(``scoring.players``). The overflow rule of the two-player game (неделимая гора, half the excess off the
mountain) is in ``scoring.overflow``. Sources and choices: docs/variants/gusarik.md.
"""

from __future__ import annotations

import dataclasses

from preferans.core.plugin import MatchView, PlayRules, PlayView
from preferans.variants.russian.rules import RussianRules

DUMMY: int = 2
"""Seat of the dummy (болван) in a two-player game (гусарик): the third hand, dealt like a player's but
owned by nobody. It never bids or calls; its cards are played by a player the hooks name (``controllers``),
and the tricks it wins count for nobody. The players are seats 0 and 1."""


def dummy_seat(n_players: int) -> int | None:
    """The dummy's seat with ``n_players`` players: :data:`DUMMY` with two, ``None`` otherwise."""
    return DUMMY if n_players == 2 else None


def dummy_of(match: MatchView) -> int | None:
    """The dummy's seat in ``match`` (two players), or ``None``."""
    return dummy_seat(match.n_players)


def dummy_player(base: PlayRules, view: PlayView) -> PlayRules:
    """Every hand in play needs a player, the dummy's too: when the defence named nobody for it, the
    declarer's opponent plays it in a contract (misère, a checked ten), the dealer in an all-pass deal."""
    dummy = dummy_of(view.match)
    if dummy is None or dummy not in view.active or any(h == dummy for h, _ in view.defence.controllers):
        return base
    if view.declarer is None:
        owner = view.dealer
    else:
        owner = next(s for s in view.active if s not in (view.declarer, dummy))
    return dataclasses.replace(base, controllers=(*base.controllers, (dummy, owner)))


def raspasovka_play(base: PlayRules, view: PlayView, rules: RussianRules) -> PlayRules:
    dummy = dummy_of(view.match)
    assert dummy is not None
    if rules.gusarik.raspasovka_dummy == "dealer":
        owner = view.dealer
    else:
        owner = next(s for s in view.active if s not in (view.dealer, dummy))
    controllers = (*((h, s) for h, s in base.controllers if h != dummy), (dummy, owner))
    return dataclasses.replace(base, talon_leads=0, controllers=controllers, open_hands=(dummy,))
