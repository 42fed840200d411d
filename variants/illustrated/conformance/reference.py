"""The reference of Illustrated Preference: what it adds to the Austrian pot game's reference.

docs/variants/illustrated.md and docs/rules/austrian.md#illustrated: the extra contracts 5 Bettel,
6 Durchmarsch, 7 Plauderer, 8 Offener Durchmarsch (each also without the talon), against which both defenders
must play; one round of kontra from the declarer's left and the declarer's rekontra; the declarer's hand open
after the first card in Plauderer and Offener Durchmarsch; every extra contract settled directly with each
defender, outside the pot, without premiums. The auction and the naming need nothing new: the Austrian
reference reads the numbers 5 to 8 from ``game.numbers``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

from preferans.core.plugin import DealResult, DefenceView, Entry
from preferans.core.plugin.kit import Legal, Moment
from preferans.variants.austrian.conformance import RULE_IDS, AustrianReference
from preferans.variants.austrian.conformance.contracts import base, is_hand
from preferans.variants.austrian.conformance.defence import from_the_left
from preferans.variants.austrian.conformance.pot import pay
from preferans.variants.illustrated import IllustratedVariantRules

EXTRAS = ("bettel", "durchmarsch", "plauderer", "offener-durchmarsch")
"""The extra contracts by name (ILL-BID-01, ILL-EXT-01..04)."""

PASS = "pass"
KONTRA = "kontra"
REKONTRA = "rekontra"

ILLUSTRATED_IDS: dict[str, str] = {
    "AUT-DEF-04": "against an extra contract the defenders may not refuse to play",
    "AUT-POT-09": "the extra contracts are paid directly, not through the pot",
    "AUT-PREM-06": "the extra contracts carry no ace premiums",
    "ILL-EXT-06": "each extra contract is settled between the declarer and each defender",
    "ILL-EXT-07": "without the talon an extra contract is worth hand_factor times its value",
    "ILL-KON-01": "kontra only against the extra contracts",
    "ILL-KON-02": "kontra doubles what the declarer and that defender settle",
    "ILL-KON-03": "the declarer's rekontra, after both defenders spoke",
    "ILL-KON-04": "one round in order: a defender who passed cannot say kontra later",
    "ILL-PLAY-02": "Plauderer: the declarer's hand laid open after the first lead",
    "ILL-PLAY-03": "Offener Durchmarsch: the declarer's hand shown after the first lead",
    "GAP-ILL-05": "the declarer's left speaks first for kontra; no subkontra",
    "GAP-ILL-06": "after the first lead: as soon as the first card is played",
}


def is_extra(contract: str) -> bool:
    return base(contract) in EXTRAS


def kontra_calls(order: Sequence[int], declarer: int, calls: Sequence[tuple[int, str]], seat: int,
                 rules: Ill) -> tuple[int | None, frozenset[str], str]:
    """Who speaks in the kontra round, what he may say, and the rule: each defender from the declarer's left
    once (GAP-ILL-05, ILL-KON-04), then the declarer if a defender said kontra (ILL-KON-03)."""
    k = rules.kontra
    if not k.allowed:
        return None, frozenset(), "AUT-DEF-04"  # nothing to say: both defenders play
    if len(calls) < len(order):
        return order[len(calls)], frozenset({PASS, KONTRA}), "ILL-KON-04"
    spoken = {s for s, _ in calls}
    if k.rekontra and declarer not in spoken and any(c == KONTRA for _, c in calls):
        return declarer, frozenset({PASS, REKONTRA}), "ILL-KON-03"
    return None, frozenset(), "ILL-KON-03"


Ill = TypeVar("Ill", bound=IllustratedVariantRules)
"""Illustrated Preference's rules, or Nachgehen's that extend them."""


class IllustratedReference(AustrianReference[Ill]):
    """Austrian Preference for a pot with Illustrated Preference's extra contracts and kontra."""

    rule_ids = {**RULE_IDS, **ILLUSTRATED_IDS}

    def knows(self, contract: str) -> bool:
        return is_extra(contract) or super().knows(contract)

    def played(self, result: DealResult, contract: str) -> tuple[bool, str]:
        """An extra contract is always played: the defenders may not refuse (AUT-DEF-04)."""
        return (True, "AUT-DEF-04") if is_extra(contract) else super().played(result, contract)

    def defence_legal(self, view: DefenceView, seat: int, rules: Ill) -> Legal | None:
        if not is_extra(view.contract.name):
            return super().defence_legal(view, seat, rules)  # a suit contract: play, pass, invite
        order = from_the_left(view.declarer, view.defenders, view.match.n_players)
        expected, calls, rule = kontra_calls(order, view.declarer, view.calls, seat, rules)
        # no play-or-pass against an extra contract (AUT-DEF-04): only kontra, and never on a suit (ILL-KON-01)
        return Legal(calls if expected == seat else frozenset(), rule)

    def open_hands(self, moment: Moment, deal: tuple[int, str] | None, seat: int,
                   rules: Ill) -> tuple[frozenset[int], str]:
        """Plauderer and Offener Durchmarsch (``illustrated.open``): the declarer's hand lies open to everybody
        once the first card is played (ILL-PLAY-02/03, GAP-ILL-06)."""
        if deal is None or not is_extra(deal[1]):
            return super().open_hands(moment, deal, seat, rules)
        declarer, contract = deal
        if base(contract) in rules.illustrated.open and moment.cards_played >= 1 and seat != declarer:
            return frozenset({declarer}), "GAP-ILL-06"
        return frozenset(), "ILL-PLAY-02" if base(contract) in rules.illustrated.open else "ILL-EXT-06"

    def contract_entries(self, result: DealResult, declarer: int, contract: str, in_pot: Fraction, n: int,
                         rules: Ill) -> list[Entry] | None:
        if not is_extra(contract):
            return super().contract_entries(result, declarer, contract, in_pot, n, rules)
        return settle_extra(result, declarer, contract, self.opponents(result, declarer, n), rules)


def settle_extra(result: DealResult, declarer: int, contract: str, opponents: Sequence[int],
                 rules: Ill) -> list[Entry]:
    """An extra contract, settled directly between the declarer and each defender, won or lost, not through
    the pot (AUT-POT-09, ILL-EXT-06) and without premiums (AUT-PREM-06): its value (``illustrated.values``),
    times ``hand_factor`` without the talon (ILL-EXT-07), times the kontra factor with a defender who said
    kontra (ILL-KON-02), or the rekontra factor when the declarer answered (ILL-KON-03)."""
    ill, k = rules.illustrated, rules.kontra
    name = base(contract)
    value = ill.values[name] * (ill.hand_factor if is_hand(contract) else 1)
    if ill.goals[name] == "none":
        made = result.tricks[declarer] == 0  # Bettel, Plauderer: no trick (ILL-EXT-01/03)
    else:
        made = sum(result.tricks[s] for s in opponents) == 0  # the Durchmarsches: every trick (ILL-EXT-02/04)
    kontra = {s for s, c in result.defence if c == KONTRA}
    rekontra = (declarer, REKONTRA) in result.defence
    out: list[Entry] = []
    for s in opponents:
        factor = (k.rekontra_factor if rekontra else k.factor) if s in kontra else 1
        rule = "ILL-KON-02" if s in kontra else "ILL-EXT-06"
        out += pay(s, declarer, value * factor, rule) if made else pay(declarer, s, value * factor, rule)
    return out


REFERENCE = IllustratedReference[IllustratedVariantRules]()
