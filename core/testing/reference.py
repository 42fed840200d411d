"""An independent reference for the play rules, written the plain way (lists, no bit masks).

The engine computes legal cards from the variant's ``PlayRules`` with masks; this module recomputes them
from the *contract* alone (its trump and its must-beat flag), so a plugin whose play rules disagree with
the contract it registered cannot pass by agreeing with itself.
"""

from __future__ import annotations

from collections.abc import Sequence

RANK_ORDER = "7 8 9 10 J Q K A".split()


def _suit(card: str) -> str:
    return card[-1]


def _rank(card: str) -> int:
    return RANK_ORDER.index(card[:-1])


def legal_cards(hand: Sequence[str], trick: Sequence[str], led_suit: str | None, trump: str | None,
                must_beat: bool = False, trump_when_void: bool = True,
                must_overtrump: bool | None = None) -> set[str]:
    """Cards of ``hand`` (names like ``10H``) that may be played on ``trick`` (cards already in it, the
    talon card included when it leads). ``led_suit`` is the suit to follow, ``None`` when leading.

    Rules: follow suit; if void, play a trump if you have one (when ``trump_when_void``); otherwise any card.
    With ``must_beat`` you must also head the trick when you can: beat the best card of the led suit while
    following (unless the trick is already trumped), over-trump a trump when trumping; ``must_overtrump``,
    when not ``None``, decides the over-trumping on its own.
    """
    if led_suit is None:
        return set(hand)
    follow = [c for c in hand if _suit(c) == led_suit]
    trumps_in_trick = [c for c in trick if trump is not None and _suit(c) == trump and led_suit != trump]
    if follow:
        if must_beat and not trumps_in_trick:
            best = max((_rank(c) for c in trick if _suit(c) == led_suit), default=-1)
            higher = [c for c in follow if _rank(c) > best]
            if higher:
                return set(higher)
        return set(follow)
    if trump is not None and trump_when_void:
        my_trumps = [c for c in hand if _suit(c) == trump]
        if my_trumps:
            if (must_beat if must_overtrump is None else must_overtrump) and trumps_in_trick:
                best = max(_rank(c) for c in trumps_in_trick)
                higher = [c for c in my_trumps if _rank(c) > best]
                if higher:
                    return set(higher)
            return set(my_trumps)
    return set(hand)
