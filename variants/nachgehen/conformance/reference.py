"""The reference of Nachgehen: what it adds to Illustrated Preference's reference, the declaration only.

docs/variants/nachgehen.md and docs/rules/austrian.md#nachgehen: when the auction was won on a number of
``nachgehen.on_bids`` and another player bid too (NACH-01, GAP-NACH-01), the winner takes the talon, discards
and says only ``lie`` (NACH-02). The other bidders, from the winner's left (GAP-NACH-02), may ``take`` (pick up
the discards, discard two, name a contract of at least ``nachgehen.minimum``, with the talon, NACH-03,
GAP-NACH-04) or ``pass``; after each contract named the other bidders, the winner included, from the namer's
left, may take over with a strictly higher one (NACH-04, GAP-NACH-03); the last contract named is played by
its namer (NACH-05). Nobody takes over: the winner names as usual, announcements and all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from preferans.core.plugin import DeclarationView
from preferans.core.plugin.kit import Legal
from preferans.variants.austrian.conformance import RULE_IDS, auction, declaration
from preferans.variants.austrian.conformance.contracts import talon_contracts
from preferans.variants.illustrated.conformance import ILLUSTRATED_IDS, IllustratedReference
from preferans.variants.nachgehen import NachgehenVariantRules

LIE = "lie"
TAKE = "take"
PASS = "pass"

NACHGEHEN_IDS: dict[str, str] = {
    "NACH-01": "Nachgehen applies when the auction was won on a number and another player bid",
    "NACH-02": "the winner discards and only says that he lies",
    "NACH-03": "a defender who bid may take over and name at least Bettel",
    "NACH-04": "then the others who bid may take over with a higher contract",
    "NACH-05": "the overcalls go on in turn; the last contract named is played",
    "GAP-NACH-02": "the take-overs are offered clockwise from the winner's left",
    "GAP-NACH-03": "take-overs alternate, each higher, until all pass or the top is reached",
}


def bidders(calls: Sequence[tuple[int, str]]) -> set[int]:
    """The seats that took part in the bidding: a call other than pass (NACH-01)."""
    return {s for s, c in calls if c != PASS}


def applies(calls: Sequence[tuple[int, str]], rules: NachgehenVariantRules) -> tuple[int, int] | None:
    """(winner, his number) when Nachgehen applies: won on a number of ``on_bids`` (GAP-NACH-01) and
    somebody else bid (NACH-01); otherwise ``None``."""
    won = auction.holder(calls, rules)
    if won is None or won[1].hand or won[1].number not in rules.nachgehen.on_bids:
        return None
    return (won[0], won[1].number) if bidders(calls) - {won[0]} else None


def others(after: int, who: set[int], n_players: int) -> list[int]:
    """The bidders other than ``after``, clockwise from his left (GAP-NACH-02)."""
    return [(after + k) % n_players for k in range(1, n_players) if (after + k) % n_players in who]


@dataclass
class State:
    """Where a Nachgehen declaration stands, replayed from its calls."""

    named: tuple[int, str] | None = None
    taker: int | None = None
    took: bool = False
    passes: int = 0


def replay(calls: Sequence[tuple[int, str]], rules: NachgehenVariantRules) -> State:
    names = talon_contracts(rules)
    st = State()
    for seat, call in calls[1:]:  # the first call is the winner's "lie"
        if call == TAKE:
            st.taker, st.took = seat, True
        elif call == PASS:
            st.passes += 1
        elif call in names:
            st.named, st.taker, st.passes = (seat, call), None, 0
    return st


def overcalls(named: tuple[int, str] | None, rules: NachgehenVariantRules) -> frozenset[str]:
    """What a take-over may name: at least the minimum (NACH-03), above the last contract (NACH-04)."""
    names = talon_contracts(rules)
    floor = names[rules.nachgehen.minimum]
    above = 0 if named is None else names[named[1]] + 1
    return frozenset(c for c, n in names.items() if n >= max(floor, above))


def turn(st: State, winner: int, number: int, who: set[int], n_players: int,
         rules: NachgehenVariantRules) -> tuple[int | None, frozenset[str], str]:
    """After "I lie": who is asked now, what he may say, and the rule."""
    if st.taker is not None:
        return st.taker, overcalls(st.named, rules), "NACH-04" if st.named else "NACH-03"
    if st.named is None:
        order = others(winner, who, n_players)
        if st.passes < len(order):
            return order[st.passes], frozenset({PASS, TAKE}), "GAP-NACH-02"
        return winner, declaration.namable(number, rules), declaration.NAMING  # nobody took over [I]
    order = others(st.named[0], who, n_players) if overcalls(st.named, rules) else []
    if st.passes < len(order):
        return order[st.passes], frozenset({PASS, TAKE}), "GAP-NACH-03"
    return None, frozenset(), "NACH-05"  # all passed, or the top is reached: the last contract stands


class NachgehenReference(IllustratedReference[NachgehenVariantRules]):
    """Illustrated Preference with the take-over after "I lie"."""

    rule_ids = {**RULE_IDS, **ILLUSTRATED_IDS, **NACHGEHEN_IDS}

    def declaration_legal(self, view: DeclarationView, rules: NachgehenVariantRules) -> Legal | None:
        start = applies(view.auction, rules)
        if start is None or view.to_act is None:
            return super().declaration_legal(view, rules)  # the usual declaration
        winner, number = start
        if not view.calls:
            return Legal(frozenset({LIE}) if view.to_act == winner else frozenset(), "NACH-02")
        st = replay(view.calls, rules)
        if st.named is not None and not st.took:
            return self.announcing(view, winner, st.named[1], rules)  # his own contract, as usual
        seat, calls, rule = turn(st, winner, number, bidders(view.auction), view.match.n_players, rules)
        return Legal(calls if seat == view.to_act else frozenset(), rule)

    def declarer_of(self, calls: Sequence[tuple[int, str]], declared: Sequence[tuple[int, str]],
                    rules: NachgehenVariantRules) -> tuple[int, str] | None:
        """The last contract named is played by the one who named it (NACH-05)."""
        if applies(calls, rules) is None:
            return super().declarer_of(calls, declared, rules)
        names = talon_contracts(rules)
        return next(((s, c) for s, c in reversed(declared) if c in names), None)


REFERENCE = NachgehenReference()
