"""The Balkan defence, restated from the rules (docs/rules/balkan.md BAL-DEF, BAL-KON, GAP-BAL-04/09 and
docs/variants/balkan.md, "Defence" and "Kontra chain"), written apart from the family's hooks.

Three rounds, the defenders always from the declarer's left (BAL-KON-03, GAP-BAL-04):

1. follow or pass, each defender once; in betl with ``betl.all_follow`` there is no such round, both defend
   (pk 9, GAP-BAL-12);
2. if somebody follows, the followers in the same order: kontra, no-kontra, or (a lone follower whose partner
   passed, with ``defence.invitation`` and not on a two that needs a kontra) invite. Under
   ``kontra.chains = "one"`` the first kontra ends the round; under ``"each"`` every follower is asked;
3. each kontra's chain in turn: the declarer rekontra or no-kontra, the kontra-giver subkontra or no-kontra,
   ... up to ``kontra.max_level`` (not set: no end, BAL-KON-07).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from preferans.variants.balkan.rules import BalkanRules

PASS = "pass"
FOLLOW = "follow"
INVITE = "invite"
NO_KONTRA = "no-kontra"
KONTRA_WORDS = ("kontra", "rekontra", "subkontra", "mortkontra")
"""The first four levels of the chain (BAL-VAL-05); level n above them is said ``kontra-n``."""


def kontra_word(level: int) -> str:
    """The call that raises the chain to ``level`` (1 kontra, 2 rekontra ... 5 ``kontra-5``)."""
    return KONTRA_WORDS[level - 1] if level <= len(KONTRA_WORDS) else f"kontra-{level}"


def is_betl(contract: str) -> bool:
    return contract in ("betl", "igra-betl")


def two_needs_kontra(contract: str, declarer_refe: int, rules: BalkanRules) -> bool:
    """BAL-KON-08: the two (spades with the talon; igra spades is not a two) is played only under kontra
    (``two.needs_kontra``), unless the declarer holds an unplayed refe and ``two.unless_refe`` (GAP-BAL-17)."""
    if contract != "spades" or not rules.two.needs_kontra:
        return False
    return not (rules.two.unless_refe and declarer_refe > 0)


def defenders_in_order(declarer: int, seats: Sequence[int], n_players: int) -> tuple[int, ...]:
    """The defenders among ``seats``, clockwise from the declarer's left (BAL-KON-03)."""
    return tuple(sorted((s for s in seats if s != declarer), key=lambda s: (s - declarer) % n_players))


@dataclass(frozen=True)
class Defence:
    """The defence replayed. While it is open, ``to_speak`` may call one of ``options`` (``rule`` names the
    round). Once settled: ``followers``, the ``inviter`` and the passer he brought in (``invited``), the
    chains as (kontra-giver, level), and ``players``, the defenders who play (followers and the invited)."""

    followers: tuple[int, ...]
    to_speak: int | None = None
    options: frozenset[str] = frozenset()
    rule: str = ""
    inviter: int | None = None
    invited: int | None = None
    chains: tuple[tuple[int, int], ...] = ()

    @property
    def players(self) -> tuple[int, ...]:
        return self.followers + ((self.invited,) if self.invited is not None else ())

    @property
    def top_level(self) -> int:
        """The highest kontra level in force (0: none); the declarer's own multiplier (GAP-BAL-08)."""
        return max((level for _, level in self.chains), default=0)

    def level_of(self, seat: int) -> int:
        """The level of ``seat``'s own chain, 0 when he said no kontra."""
        return next((level for k, level in self.chains if k == seat), 0)


def replay(declarer: int, defenders: Sequence[int], contract: str, calls: Sequence[tuple[int, str]],
           declarer_refe: int, rules: BalkanRules) -> Defence:
    """The defence of ``contract`` after ``calls``; ``defenders`` from the declarer's left."""
    said = [call for _, call in calls]
    i = 0
    if is_betl(contract) and rules.betl.all_follow:
        followers = list(defenders)  # GAP-BAL-12, pk 9: both defend a betl, no follow round
    else:
        followers = []
        for seat in defenders:  # GAP-BAL-04: follow or pass, from the declarer's left
            if i == len(said):
                return Defence(tuple(followers), seat, frozenset({PASS, FOLLOW}), "GAP-BAL-04")
            if said[i] == FOLLOW:
                followers.append(seat)
            i += 1
    if not followers:
        return Defence(())  # BAL-DEF-04: nobody follows, nothing is played
    passers = [s for s in defenders if s not in followers]
    lone = len(followers) == 1 and len(passers) == 1
    may_invite = lone and bool(rules.defence.invitation) and not two_needs_kontra(contract, declarer_refe, rules)
    givers: list[int] = []
    inviter: int | None = None
    for seat in followers:  # BAL-KON-01/03: the kontra round, the followers in the same order
        if i == len(said):
            options = {NO_KONTRA, kontra_word(1)} | ({INVITE} if may_invite else set())
            return Defence(tuple(followers), seat, frozenset(options), "BAL-KON-01")
        call = said[i]
        i += 1
        if call == INVITE:
            inviter = seat  # BAL-DEF-06, GAP-BAL-04
        elif call == kontra_word(1):
            givers.append(seat)
            if lone:
                inviter = seat  # BAL-DEF-07 / BAL-KON-04: a lone follower's kontra invites the passer
            if rules.kontra.chains == "one":
                break  # one chain: the first kontra ends the round
    cap = rules.kontra.max_level
    chains: list[tuple[int, int]] = []
    for giver in givers:  # BAL-KON-06/07, GAP-BAL-09: each chain in turn, declarer and giver alternating
        level, turn = 1, declarer
        while cap is None or level < cap:
            if i == len(said):
                rule = "BAL-KON-06" if turn == declarer else "BAL-KON-07"
                return Defence(tuple(followers), turn, frozenset({NO_KONTRA, kontra_word(level + 1)}), rule,
                               chains=(*chains, (giver, level)))
            call = said[i]
            i += 1
            if call != kontra_word(level + 1):
                break
            level += 1
            turn = giver if turn == declarer else declarer
        chains.append((giver, level))
    invited = passers[0] if inviter is not None and passers else None
    return Defence(tuple(followers), inviter=inviter, invited=invited, chains=tuple(chains))
