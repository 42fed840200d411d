"""The Russian defence (вист) as the rules state it (docs/variants/sochi.md "Whist (defence)",
docs/rules/russian.md#prices-common, docs/variants/gusarik.md): who speaks, what he may say, and what the
calls made decide. The same walk through the calls serves the legal calls, the score and what is seen.

1. Each defender once, the one on the declarer's left first: ``pass`` or ``whist``; the second, after the
   first passed, may also say ``half`` on ``whist.half_whist_levels``; against 6S with ``whist.stalingrad``
   only ``whist``. With two players the dummy never speaks and counts as a defender who passed.
2. After pass and half on ``whist.return_levels``, the passer again: ``pass`` or ``return``.
3. A lone whister with ``whist.lone_whister_chooses``: ``open`` or ``closed``.
4. With ``declarer.concede_three``, once somebody whists: the declarer, ``play`` or ``concede``.

Misère and a checked ten have no defence calls (RUS-MIS-06, russian#dispute-9).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from preferans.variants.russian.rules import RussianRules

from .tables import dummy, level_of, plain, whisted


@dataclass(frozen=True)
class Ask:
    """``seat`` must now say one of ``calls`` (``rule`` says why these)."""

    seat: int
    calls: frozenset[str]
    rule: str
    because: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """What the defence decided. ``defending``: the whisters in the order they whisted; ``played``: the cards
    are played; ``half``: the half-whister whose half-whist stands; ``open_play``: a lone whister lays both defending
    hands face up; ``conceded``: the declarer conceded three undertricks (без трёх)."""

    defending: tuple[int, ...]
    played: bool
    half: int | None = None
    open_play: bool = False
    conceded: bool = False


WHIST = "sochi#whist-defence"


def settle(name: str, declarer: int, defenders: Sequence[int], calls: Sequence[tuple[int, str]],
           n_players: int, rules: RussianRules) -> Ask | Outcome:
    """Walk the defence calls ``calls`` of contract ``name``: the next question, or how it ended."""
    if not whisted(name, rules):
        return Outcome(defending=(), played=True)  # misère, a checked ten: nobody whists (RUS-MIS-06)
    level = level_of(name)
    dm = dummy(n_players)
    speakers = [s for s in defenders if s != dm]
    queue = [c for _, c in calls]
    first: dict[int, str] = {}
    for i, seat in enumerate(speakers):
        if not queue:
            return _first_question(name, seat, i, speakers, first, dm in defenders, rules)
        first[seat] = queue.pop(0)
    whisters = [s for s in speakers if first[s] == "whist"]
    halfer = next((s for s in speakers if first[s] == "half"), None)
    passer = next((s for s in speakers if first[s] == "pass"), None)
    if halfer is not None and passer is not None and level in rules.whist.return_levels:
        # вернуть вист: the passer may whist alone after all; the half-whister then counts as the passer
        if not queue:
            return Ask(passer, frozenset({"pass", "return"}), "russian#prices-common")
        if queue.pop(0) == "return":
            whisters, halfer = [passer], None
    if not whisters:
        # both passed, or the half-whist stands: nothing is played (russian#prices-common)
        return Outcome(defending=(), played=False, half=halfer)
    open_play = bool(rules.whist.lone_whister_open)
    if len(whisters) == 1 and rules.whist.lone_whister_chooses:
        if not queue:
            return Ask(whisters[0], frozenset({"open", "closed"}), WHIST)
        open_play = queue.pop(0) == "open"
    if rules.declarer.concede_three:
        # без трёх: once somebody whists, the declarer plays on or concedes (russian#conventions)
        if not queue:
            return Ask(declarer, frozenset({"play", "concede"}), "russian#conventions")
        if queue.pop(0) == "concede":
            return Outcome(tuple(whisters), played=False, open_play=open_play, conceded=True)
    return Outcome(tuple(whisters), played=True, open_play=open_play)


def _first_question(name: str, seat: int, index: int, speakers: Sequence[int], first: dict[int, str],
                    dummy_defends: bool, rules: RussianRules) -> Ask:
    """A defender's first call: pass or whist; half after the other passed (the dummy always counts as
    having passed); only whist against 6S under Stalingrad."""
    if rules.whist.stalingrad and plain(name) == "6S":
        return Ask(seat, frozenset({"whist"}), WHIST, {"pass": WHIST, "half": WHIST})
    after_pass = dummy_defends or (index == 1 and first.get(speakers[0]) == "pass")
    calls = {"pass", "whist"}
    if after_pass and level_of(name) in rules.whist.half_whist_levels:
        calls.add("half")
    return Ask(seat, frozenset(calls), WHIST, {"half": "russian#prices-common"})
