"""The match: the score sheet and the deals scored so far.

Shared by the playing engine and the scorecard reader, so a deal played by the engine and the same deal
written on paper go through exactly the same scoring hooks.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import pluggy

from preferans.core.model.contracts import ContractTable
from preferans.core.model.views import Amount, DealResult, Entry, LedgerView, MatchView, Settlement, apply_entries
from preferans.core.rules.checked import CheckedRulebook
from preferans.core.rules.config import Variant
from preferans.core.rules.manager import Rulebook


class Match:
    """Sheet totals, deal results and per-deal entries of one match, with the variant's rulebook."""

    def __init__(self, variant: Variant, pm: pluggy.PluginManager | None = None) -> None:
        self.variant = variant
        self.rules: Any = variant.rules
        self.n_players: int = variant.rules.players
        self.pm = pm if pm is not None else variant.new_manager()
        # a game with local plugins (--plugin) checks every hook's answer; any other keeps the plain calls
        words = [c for c in variant.calls if "@" not in c]  # pass@defence: a meaning by context, not a call
        self.book = (CheckedRulebook(self.pm, self.rules, variant.local_plugins, words)
                     if variant.local_plugins else Rulebook(self.pm, self.rules))
        # the table the variant's stack registers, built once by the variant (``Variant.contracts``) rather than
        # again by every game (a large part of the cost of a new one): a manager given here is one of the
        # variant's (``Variant.new_manager``), which registers the same rows
        self.contracts: ContractTable = variant.contracts
        self.results: list[DealResult] = []
        self.deal_entries: list[list[Entry]] = []
        self.totals: dict[tuple[str, int, int | None], Amount] = {}
        self._view: MatchView | None = None

    def copy(self) -> Match:
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        other.results = self.results.copy()
        other.deal_entries = self.deal_entries.copy()
        other.totals = self.totals.copy()
        return other

    @property
    def ledger(self) -> LedgerView:
        # a read-only copy: hooks get views they cannot change
        return LedgerView(MappingProxyType(dict(self.totals)), self.n_players)

    def view(self) -> MatchView:
        """A frozen view of the match (cached until the sheet changes)."""
        if self._view is None:
            self._view = MatchView(self.n_players, tuple(self.results), self.ledger)
        return self._view

    def write(self, entries: list[Entry]) -> None:
        if entries:
            apply_entries(self.totals, entries)
            self._view = None

    def before_deal(self, dealer: int) -> list[Entry]:
        entries = self.book.before_deal(self.view(), dealer)
        self.write(entries)
        return entries

    def post(self, result: DealResult, before: list[Entry] | None = None) -> list[Entry]:
        """Score ``result``, write it on the sheet with the entries derived from it, and return them all."""
        entries = self.book.score_deal(result, self.view())
        self.write(entries)
        self.results.append(result)
        self._view = None
        derived = self.book.after_score(self.view(), entries)
        self.write(derived)
        self.deal_entries.append([*(before or []), *entries, *derived])
        return self.deal_entries[-1]

    def posted(self) -> Match:
        """The match as its posted deals wrote it: without what is already written for the deal in play (a pot
        game's ante, ``pref_before_deal``), which that deal's line shows with the rest of it; ``self`` when
        nothing is."""
        totals: dict[tuple[str, int, int | None], Amount] = {}
        for entries in self.deal_entries:
            apply_entries(totals, entries)
        if totals == self.totals:
            return self
        other = self.copy()
        other.totals = totals
        other._view = None
        return other

    def next_dealer(self) -> int:
        """Who deals after the last deal posted."""
        return self.book.next_dealer(self.view(), self.results[-1])

    def is_over(self) -> bool:
        return self.book.match_over(self.view())

    def settlement(self) -> Settlement:
        """The final settlement, or the settlement as if the match stopped now."""
        result: Settlement = self.book.settle(self.view())
        return result
