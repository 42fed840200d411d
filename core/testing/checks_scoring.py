"""Golden deals: deals scored by hand from the family's rules, which the variant must score the same.

The random checks prove that money is exact and sums to zero, not that it is the *right* money: a plugin
that writes the wrong price, the wrong whist quota or the kontra on the wrong defender passes them. Each
family's kit lists golden deals (:class:`preferans.core.model.kit.GoldenDeal`, ``GOLDEN`` in
``<package>.conformance.golden_deals``): a ``DealResult`` built by hand (who dealt, who played what, who
whisted, the tricks), scored here through the variant's own hook stack (``Match.before_deal`` then
``Match.post``, as the engine does) and compared with the sheet cells worked out from the rules.

A golden deal belongs to a preset and applies to every variant with that preset in its chain whose rules
equal the preset's in the sections the deal depends on (``sections``): a variant with other prices skips
deals worked for its parent's; a plugin that changes no rules value but scores differently fails them.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from functools import cache
from typing import Any

from preferans.core.engine.match import Match
from preferans.core.model.kit import GoldenDeal
from preferans.core.model.views import Entry
from preferans.core.rules.config import Variant, load_variant
from preferans.core.testing.messages import (
    check_message,  # absolute: one note book, whatever name pytest imports this module by
)

Cell = tuple[str, int, int | None]


def golden_deals(variant: Variant) -> list[GoldenDeal]:
    """The golden deals of every family kit in the variant's chain (``GOLDEN`` of
    ``<package>.conformance.golden_deals``, root first)."""
    out: list[GoldenDeal] = []
    for level in variant.chain:
        name = f"{level.module.__name__}.conformance.golden_deals"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):
                raise
            continue
        out.extend(getattr(module, "GOLDEN", ()))
    return out


@cache
def _preset_rules(name: str) -> dict[str, Any]:
    dumped: dict[str, Any] = load_variant(name).rules.model_dump()
    return dumped


def _scored(values: Any, unscored: tuple[str, ...]) -> Any:
    if isinstance(values, dict) and unscored:
        return {k: v for k, v in values.items() if k not in unscored}
    return values


def applies(variant: Variant, deal: GoldenDeal) -> bool:
    if deal.preset not in {c.name for c in variant.chain}:
        return False
    mine, theirs = variant.rules.model_dump(), _preset_rules(deal.preset)
    return all(_scored(mine.get(s), deal.unscored.get(s, ())) == _scored(theirs.get(s), deal.unscored.get(s, ()))
               for s in deal.sections)


def cells(entries: Iterable[Entry], accounts: tuple[str, ...], ignore_notes: tuple[str, ...] = ()) -> dict[Cell, Any]:
    out: dict[Cell, Any] = {}
    for e in entries:
        if (accounts and e.account not in accounts) or e.note in ignore_notes:
            continue
        key = (e.account, e.seat, e.other)
        out[key] = out.get(key, 0) + e.amount
    return {k: v for k, v in out.items() if v != 0}


def check_scoring_matches_golden(variant: Variant) -> list[str]:
    """Every applicable golden deal, scored alone on a fresh sheet, writes the hand-worked cells. Returns
    the deals checked."""
    checked = []
    for deal in golden_deals(variant):
        if not applies(variant, deal):
            continue
        m = Match(variant)
        try:
            result = deal.build(m.contracts, len(m.results))
        except KeyError as exc:  # a plugin removed a row the deal is played under
            raise AssertionError(check_message("golden deal {name}: the variant has no contract row {row}",
                                               name="'" + deal.name + "'", row=exc)) from None
        got = cells(m.post(result, m.before_deal(result.dealer)), deal.accounts, deal.ignore_notes)
        assert got == dict(deal.expected), check_message(
            "golden deal {name}: the variant writes {got}, the rules {expected}", name="'" + deal.name + "'",
            got=sorted(got.items()), expected=sorted(deal.expected.items()))
        checked.append(deal.name)
    return checked
