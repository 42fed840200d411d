"""The paper side of a family: its sheet (``pref_render_sheet``, ``pref_settlement_check``) and its scorecard
(``pref_scorecard_deal``, ``pref_scorecard_required``).

The frozen :class:`SheetView` a family draws its sheet from and the values it answers (``SheetText``,
``SettlementCheck``, ``RequiredKey``), with ``account_table``, ``running_records``, ``amount_text`` and the
``picture`` module for a drawn sheet; the ``LedgerView`` of the running totals; the frozen ``ScorecardReader``
a family reads its scorecard deals with, the deal fields every reading shares (``DealFields``; ``DealRecord``
is the core's reading) and ``canonical_contract``; the ``Translator`` a view is shown in (``view.tr``) and
``mark_term``, a family word under its context for the catalogues (``terms.py``; docs/i18n.md).
"""

from __future__ import annotations

from preferans.core.formats.scorecard import DealFields, DealRecord, ScorecardReader, canonical_contract
from preferans.core.model import picture
from preferans.core.model.i18n import Translator, mark_term
from preferans.core.model.paper import (
    RequiredKey,
    SettlementCheck,
    SheetText,
    SheetView,
    account_table,
    amount_text,
    running_records,
)
from preferans.core.model.views import LedgerView

__all__ = [
    "DealFields", "DealRecord", "LedgerView", "RequiredKey", "ScorecardReader", "SettlementCheck",
    "SheetText", "SheetView", "Translator", "account_table", "amount_text", "canonical_contract", "mark_term",
    "picture", "running_records",
]
