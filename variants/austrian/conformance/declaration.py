"""Naming the contract after the talon, and the announcements before the first lead.

docs/variants/austrian.md#talon-naming-and-announcements: the winner of a number takes the talon, discards
two and names a contract whose number is at least his bid (AUT-BID-03); a hand bid is its own contract.
Then, in a suit contract and while an announcement is possible in the variant, he is asked once: ``quiet``,
``no-aces`` when none of his twelve cards (the discard included) is an ace (AUT-PREM-04), ``four-aces``
when that premium must be announced and his ten cards hold them (AUT-PREM-05).
"""

from __future__ import annotations

from collections.abc import Sequence

from preferans.variants.austrian.rules import AustrianRules

from .contracts import holds_all_aces, holds_an_ace, is_hand, is_suit, talon_contracts

QUIET = "quiet"
NO_ACES = "no-aces"
FOUR_ACES = "four-aces"
ANNOUNCEMENTS = (QUIET, NO_ACES, FOUR_ACES)

NAMING = "AUT-BID-03"
ANNOUNCING = "austrian#talon-naming-and-announcements"


def namable(minimum: int, rules: AustrianRules) -> frozenset[str]:
    """The contracts with the talon whose number is at least ``minimum`` (AUT-BID-03)."""
    return frozenset(name for name, number in talon_contracts(rules).items() if number >= minimum)


def named(calls: Sequence[tuple[int, str]], seat: int, rules: AustrianRules) -> str | None:
    """The contract ``seat`` named among ``calls`` (the first one), if any."""
    names = talon_contracts(rules)
    return next((c for s, c in calls if s == seat and c in names), None)


def announces(contract: str, rules: AustrianRules) -> bool:
    """Whether the declarer of ``contract`` is asked for an announcement: a suit contract (the extra contracts
    carry no ace premiums, AUT-PREM-06), premiums in play, not limited to hand games by
    ``aces_hand_only`` (AUT-PREM-05 b), and an announced premium in the variant (AUT-PREM-04/05 c)."""
    pr = rules.premiums
    if not is_suit(contract) or not pr.amount or (pr.aces_hand_only and not is_hand(contract)):
        return False
    return bool(pr.no_aces == "announced" or pr.four_aces == "announced")


def announcement_calls(contract: str, held: int, discard: int,
                       rules: AustrianRules) -> tuple[frozenset[str], dict[str, str]]:
    """The announcements open to a declarer holding ``held`` who discarded ``discard`` (masks)."""
    pr = rules.premiums
    because = {QUIET: ANNOUNCING}
    if pr.no_aces == "announced" and not holds_an_ace(held | discard):
        because[NO_ACES] = "AUT-PREM-04"  # he may not discard his aces and claim none
    if pr.four_aces == "announced" and holds_all_aces(held):
        because[FOUR_ACES] = "AUT-PREM-05"  # four aces announced in advance (variation c)
    return frozenset(because), because


def announced(calls: Sequence[tuple[int, str]], seat: int) -> bool:
    return any(s == seat and c in ANNOUNCEMENTS for s, c in calls)
