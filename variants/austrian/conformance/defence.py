"""The defenders of a suit contract: play, stay at home, invite.

docs/variants/austrian.md#defenders-play-stay-at-home-invite: from the declarer's left each opponent says
``play`` (mitgehen) or ``pass`` (zu Hause bleiben); after the first passed, the second may ``invite`` him
instead (``defence.invitation``, AUT-DEF-02), and both then play their own cards (GAP-AUT-10).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from preferans.variants.austrian.rules import AustrianRules

PLAY = "play"
PASS = "pass"
INVITE = "invite"

DEFENDING = "austrian#defenders-play-stay-at-home-invite"


def from_the_left(declarer: int, seats: Iterable[int], n_players: int) -> tuple[int, ...]:
    """``seats`` in speaking order: from the declarer's left, clockwise."""
    return tuple(sorted(seats, key=lambda s: (s - declarer) % n_players))


def legal_calls(order: Sequence[int], calls: Sequence[tuple[int, str]], seat: int,
                rules: AustrianRules) -> tuple[frozenset[str], dict[str, str]]:
    """The calls ``seat`` may make in the defence of a suit contract; none when it is not his turn."""
    if len(calls) >= len(order) or order[len(calls)] != seat:
        return frozenset(), {}
    because = {PLAY: DEFENDING, PASS: DEFENDING}
    if rules.defence.invitation and calls and calls[0][1] == PASS:
        because[INVITE] = "AUT-DEF-02"  # the second may invite the first after he passed
    return frozenset(because), because


@dataclass(frozen=True)
class Defence:
    """Who plays against a suit contract, from the calls: ``players`` are the defenders whose cards are
    played (both with an invitation); ``inviter`` the one who invited, if any."""

    players: tuple[int, ...]
    inviter: int | None

    @property
    def played(self) -> bool:
        """Both at home: nothing is played and the declarer is paid without play (GAP-AUT-04)."""
        return bool(self.players)


def defence_of(calls: Sequence[tuple[int, str]]) -> Defence:
    said = dict(calls)
    inviter = next((s for s, c in calls if c == INVITE), None)
    if inviter is not None:
        return Defence(tuple(said), inviter)  # the invited defender plays his own cards (GAP-AUT-10)
    return Defence(tuple(s for s, c in calls if c == PLAY), None)
