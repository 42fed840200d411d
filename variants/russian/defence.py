"""The Russian defence (вист) as one small state machine: who is asked, what he may say, how it ends.

The hooks ``pref_defence_step`` and ``pref_defence_legal`` both read :func:`state`, so the engine and the
scorecard reader ask the same questions in the same order:

1. each defender once, the one on the declarer's left first: ``pass`` or ``whist``; the second, after the
   first passed, may ``half`` (полвиста) on ``whist.half_whist_levels``; on 6 spades with
   ``whist.stalingrad`` only ``whist``. With two players (гусарик) the dummy never speaks: it counts as a
   defender who passed, so the one live defender may half-whist;
2. after pass + half on ``whist.return_levels``, the passer again: ``pass`` or ``return`` (вернуть вист:
   he whists alone and the half-whister counts as the passer; docs/rules/russian.md#prices-common, Parlett);
3. a lone whister with ``whist.lone_whister_chooses``: ``open`` or ``closed`` (the preset's
   ``lone_whister_open`` first, as the default);
4. with ``declarer.concede_three``, once somebody whists a trick game: the declarer, ``play`` or
   ``concede`` ("без трёх": set by three without play, docs/rules/russian.md#conventions).

Misère and a checked ten (``whisted = false``) have no calls: both defenders lie open (RUS-MIS-06).
"""

from __future__ import annotations

from dataclasses import dataclass

from preferans.core.plugin import DefenceView, Defended
from preferans.variants.russian.rules import RussianRules

from .gusarik import dummy_of


@dataclass(frozen=True)
class Ask:
    """``seat`` must call one of ``legal`` (the first is the default a paper record leaves out)."""

    seat: int
    legal: tuple[str, ...]


def state(view: DefenceView, rules: RussianRules) -> Ask | Defended:
    """The next question of the defence, or how it ended."""
    contract, defenders = view.contract, view.defenders
    if not contract.has_defence:
        # misère and a checked ten: no whist decisions; the defenders lie open
        return Defended(defending=(), played=True, open_hands=defenders if contract.defenders_open else ())
    dummy = dummy_of(view.match)
    speakers = defenders if dummy is None else tuple(s for s in defenders if s != dummy)
    calls = view.calls
    if len(calls) < len(speakers):
        return Ask(speakers[len(calls)], _first_call(view, rules, calls, dummy in defenders))
    first = [c for _, c in calls[:len(speakers)]]  # each speaker's first call, in speaking order
    rest = [c for _, c in calls[len(speakers):]]
    whisters = [s for s, c in zip(speakers, first, strict=True) if c == "whist"]
    level = contract.level
    halfer = speakers[first.index("half")] if "half" in first else None
    passer = speakers[first.index("pass")] if "pass" in first else None
    if halfer is not None and passer is not None and level in rules.whist.return_levels:
        if not rest:
            return Ask(passer, ("pass", "return"))
        if rest.pop(0) == "return":
            whisters = [passer]  # the half-whister now counts as the passer
    if not whisters:
        return Defended(defending=(), played=False)  # both passed, or the half-whist stands: no play
    open_play = bool(rules.whist.lone_whister_open)
    if len(whisters) == 1 and rules.whist.lone_whister_chooses:
        if not rest:
            return Ask(whisters[0], ("open", "closed") if open_play else ("closed", "open"))
        open_play = rest.pop(0) == "open"
    if rules.declarer.concede_three and contract.goal == "tricks":
        if not rest:
            return Ask(view.declarer, ("play", "concede"))
        if rest.pop(0) == "concede":
            return Defended(defending=tuple(whisters), played=False)
    return _played(tuple(whisters), defenders, dummy, open_play)


def _first_call(view: DefenceView, rules: RussianRules, calls: tuple[tuple[int, str], ...],
                dummy_passed: bool) -> tuple[str, ...]:
    """What the next speaker may say first, after the first calls ``calls`` of those before him."""
    if rules.whist.stalingrad and view.contract.name == "6S":
        return ("whist",)  # Сталинград: six spades is always whisted
    after_pass = dummy_passed or (len(calls) == 1 and calls[0][1] == "pass")
    if after_pass and view.contract.level in rules.whist.half_whist_levels:
        return ("pass", "whist", "half")
    return ("pass", "whist")


def _played(whisters: tuple[int, ...], defenders: tuple[int, ...], dummy: int | None,
            open_play: bool) -> Defended:
    if len(whisters) != 1:
        return Defended(whisters, True)
    whister = whisters[0]
    passer = next(s for s in defenders if s != whister)
    if open_play:
        # the lone whister lays both defending hands face up and plays the passer's (or the dummy's)
        return Defended(whisters, True, controllers=((passer, whister),), open_hands=defenders)
    if passer == dummy:
        return Defended(whisters, True, controllers=((dummy, whister),))  # closed: only he sees the dummy
    return Defended(whisters, True)
