"""Reading one ``[[deal]]`` of a Russian scorecard (docs/scorecard.md): the family's ``pref_scorecard_deal``.

A deal is a contract deal (``declarer``, ``contract``, ``defence``, ``tricks``, with four players maybe
``half_and_half``) or a raspasovka (``raspasovka = true``, ``tricks``). Contracts are named as in the engine
(``6S`` .. ``10NT``, suit symbols accepted) and ``misère``, ``мизер`` or ``miser`` mean ``misere``. The
table options add defence values: ``"return"`` (the whist taken back: ``pass``, then ``return``) and the
declarer's ``"concede"`` ("без трёх"). Everything is checked by the frozen reader's helpers, which replay
the calls through the variant's own hooks, as the engine asks them.

Why the tricks always sum to 10: the rules (GAP-RUS-04) allow a three-player raspasovka trick that belongs to
nobody, when no player can follow the talon card's suit, but that cannot happen with 30 of the
32 cards in the hands: at trick 1 the players hold at least 6 cards of the talon card's suit, and at trick 2
at least 3 (same suit again) or 4 (another suit) are left after trick 1. So the tricks of a played deal
must sum to exactly 10, as the core's reader checks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import Field

from preferans.core.plugin import ContractSpec, DealResult
from preferans.core.plugin.cards import CardError, parse_cards
from preferans.core.plugin.errors import BadInput, bad_input, in_family
from preferans.core.plugin.sheet import DealFields, ScorecardReader
from preferans.core.plugin.sheet import canonical_contract as spelled_contract
from preferans.variants.russian.rules import RussianRules

MISERE_ALIASES = {"misère": "misere", "мизер": "misere", "miser": "misere"}
"""The words a scorecard may use for misère."""

SEVERAL = {"return": ("pass", "return")}
"""A defence value that stands for two calls: the first defender passed, the second half-whisted, and the
first took the whist back (вернуть вист)."""

DECLARER_CALLS = ("concede", "play")
"""What the declarer may be listed with in ``defence``: "без трёх" (``concede``), or playing on."""


class RussianDeal(DealFields):
    """One ``[[deal]]`` of the Russian family: a contract deal or ``raspasovka = true``."""

    raspasovka: bool = Field(default=False, description="everybody passed: the all-pass deal (распасовка)")
    half_and_half: bool = Field(
        default=False, description="four players: the misère was shared with the sitting-out dealer "
        "(мизер пополам, RUS-MIS-09); the results are written half each")
    talon: str | None = Field(
        default=None, description='the two talon cards, e.g. "AH KH": read for the paid talon (talon.paid, '
        "Кодекс 3.4.11); without it the talon pays nothing")


def canonical_contract(text: str, names: Sequence[str]) -> str | None:
    """The contract name in ``names`` that ``text`` means: case-insensitive, suit symbols as letters
    (``7♥`` = ``7H``), spaces ignored, ``misère``/``мизер`` = ``misere``; ``None`` if none."""
    return spelled_contract(text, names, MISERE_ALIASES)


def read_deal(record: dict[str, Any], reader: ScorecardReader, index: int, dealer: int,
              rules: RussianRules) -> DealResult:
    where = f"deal[{index + 1}]"
    if "dark" in record:  # Classic reads it in its own pref_scorecard_deal (docs/scorecard.md)
        raise reader.fail(f"{where}.dark", _ours(bad_input("{variant} has no dark (втёмную) calls; remove {field}",
                                                           variant=reader.variant, field="dark")))
    deal: RussianDeal = reader.validate(RussianDeal, record, index)
    if deal.raspasovka:
        for field in ("declarer", "contract", "defence"):
            if getattr(deal, field) is not None:
                raise reader.fail(f"{where}.{field}", _ours(bad_input(
                    "a raspasovka deal has no declarer, contract or defence")))
        if deal.half_and_half:
            raise reader.fail(f"{where}.half_and_half", _ours(bad_input(
                "only a misère can be shared with the dealer")))
        if deal.talon is not None:
            raise reader.fail(f"{where}.talon", _ours(bad_input(
                "a raspasovka's talon is nobody's to pay for; remove {field}", field="talon")))
        return reader.all_pass(index, deal.tricks, dealer, where)

    def declaration(declarer: int, spec: ContractSpec) -> tuple[tuple[int, str], ...]:
        return half_and_half(reader, deal.half_and_half, f"{where}.half_and_half", dealer, declarer, spec)

    result = reader.contract_deal(index, deal, dealer, where, all_pass_field="raspasovka = true",
                                  aliases=MISERE_ALIASES, several=SEVERAL, declarer_calls=DECLARER_CALLS,
                                  declaration=declaration)
    if deal.talon is None:
        return result
    return dataclasses.replace(result, talon=_talon(deal.talon, reader, f"{where}.talon", rules))


def _talon(text: str, reader: ScorecardReader, where: str, rules: RussianRules) -> int:
    """``talon = "AH KH"``: the two cards the declarer took, only where the talon is paid for."""
    if not rules.talon.paid:
        raise reader.fail(where, _ours(bad_input("the talon is written only for the paid talon ({key}); remove {field}",
                                                 key="rules.talon.paid = true", field="talon")))
    try:
        mask = parse_cards(text)
    except CardError as exc:
        raise reader.fail(where, exc) from None
    if mask.bit_count() != 2:
        raise reader.fail(where, _ours(bad_input("{count} different cards; the talon is two", count=mask.bit_count())))
    return mask


def half_and_half(reader: ScorecardReader, shared: bool, where: str, dealer: int, declarer: int,
                  spec: ContractSpec) -> tuple[tuple[int, str], ...]:
    """``half_and_half = true``: the declaration calls of a misère shared with the sitting-out dealer
    (RUS-MIS-09), ``invite`` then ``agree``, checked against ``pref_declaration_legal``."""
    if not shared:
        return ()
    legal = reader.declaration_legal(declarer, spec, to_act=declarer, dealer=dealer)
    if "invite" not in legal:
        raise reader.fail(where, _ours(bad_input("a {contract} cannot be shared with the dealer here (a four-player "
                                                 "misère with {key} can)", contract=spec.label,
                                                 key="rules.misere.half_and_half = true")))
    answer = reader.declaration_legal(declarer, spec, calls=((declarer, "invite"),), to_act=dealer, dealer=dealer)
    if "agree" not in answer:  # pragma: no cover - the variant's protocol
        raise reader.fail(where, _ours(bad_input("{name} cannot agree to share it", name=reader.names[dealer])))
    return (declarer, "invite"), (dealer, "agree")


LOCALE = Path(__file__).parent / "locale"
"""The family's catalogues: its reader's errors are in the domain ``preferans-russian`` (docs/i18n.md)."""


def _ours(error: BadInput) -> BadInput:
    """An error of this reader, said from the Russian catalogues."""
    return in_family(error, LOCALE)
