"""A family's conformance kit: the types of its independent reference of the rules.

The conformance suite (``preferans.core.testing``) holds any variant, package or house rule to the rules its
family declares. It does so by comparing the engine, step by step, with the family's **reference**: a
second statement of the rules, written as plain code of its own (never calling the family's hooks), that
derives from the variant's rule values (``rules``) what must happen. A family ships it as the module
``<family package>.conformance`` with a module-level ``REFERENCE`` (a :class:`Reference`); a variant's
chain is searched from the variant up, so a child inherits its family's kit and may ship its own.

Each method answers one question or ``None`` (not known to this reference: the step is not compared).
The views passed in are the frozen ones the hooks get; a reference reads facts from them (the calls
made, the cards, the deals already scored) and never the contract table's flags, which a plugin may change:
it knows its family's contracts by name.

Every answer names the **rule ID** that decides it (``RUS-BID-01``, ``BAL-REFE-03``, ``GAP-AUT-05``; the
family's rules page lists them), so a failure says which rule was broken.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from preferans.core.model.contracts import ContractTable
from preferans.core.model.views import AuctionView, DealResult, DeclarationView, DefenceView, Entry, MatchView

AREAS: dict[str, str] = {
    "auction": "the calls legal in the auction, and who speaks",
    "declaration": "the talon, the discard and the naming of the contract",
    "defence": "the defence calls: whist, pass, half-whist, follow, invitation, kontra and its answers",
    "play": "the legal cards and who wins a trick",
    "visibility": "which hands each seat sees, and from which moment",
    "dealer": "who deals and who sits out",
    "score": "the sheet entries of a deal, given the deals before it (antes, premiums and the pot too)",
    "match_end": "when the match is over",
    "determinism": "the same seed gives the same game, in any process",
}
"""The areas a reference checks, by name: a deviation may name an area instead of single rule IDs."""


@dataclass(frozen=True)
class Legal:
    """What the rules allow at one step of the auction, the declaration or the defence.

    ``calls`` are the legal actions (card names for a discard are not calls: a reference answers ``None``
    there). ``rule`` is the rule ID that governs the step; ``because`` may name the rule of a single call
    (why it is legal, or why a call that is not in ``calls`` is not), which a failure quotes first.
    """

    calls: frozenset[str]
    rule: str
    because: Mapping[str, str] = field(default_factory=dict)

    def rule_of(self, call: str) -> str:
        return self.because.get(call, self.rule)


@dataclass(frozen=True)
class Moment:
    """Where a deal stands, as far as visibility depends on it; built by the suite from the engine's state.

    ``phase`` is ``auction``, ``discard``, ``declare``, ``defence`` or ``play``; ``cards_played`` counts the
    cards of this deal already played (0 before the first card; the talon cards that lead tricks are not
    counted); ``hands`` are the places at the table that were dealt cards (the active seats, and with two
    players the third hand no player holds).
    """

    phase: str
    dealer: int
    n_players: int
    active: tuple[int, ...]
    auction: tuple[tuple[int, str], ...]
    declarer: int | None
    bid: str | None
    declaration: tuple[tuple[int, str], ...]
    contract: str | None
    defence: tuple[tuple[int, str], ...]
    cards_played: int
    all_pass: bool
    history: tuple[DealResult, ...]


@dataclass(frozen=True)
class Seen:
    """What one seat sees besides its own hand: the other places' hands (by seat index) and whether it has
    seen the talon. ``rule`` names the rule that decides it."""

    hands: frozenset[int]
    talon: bool
    rule: str


class Reference:
    """The base of a family's reference: every answer ``None`` (not known), so a family states what it
    knows, method by method. Subclass it, override what your family's rules decide, and expose an instance
    as ``REFERENCE`` in ``<package>.conformance``.

    ``family`` names the family (``russian``); ``rule_ids`` maps each rule ID the reference may name to a
    short title, which is also the list a deviation is checked against (a typo is refused).
    """

    family: str = ""
    rule_ids: Mapping[str, str] = {}

    # -- the auction, the declaration and the defence

    def auction_legal(self, view: AuctionView, seat: int, rules: Any) -> Legal | None:
        """The calls ``seat`` may make now (``view.calls`` are the calls so far)."""
        return None

    def declaration_legal(self, view: DeclarationView, rules: Any) -> Legal | None:
        """The declaration calls ``view.to_act`` may make now (not the discard: ``None`` there)."""
        return None

    def defence_legal(self, view: DefenceView, seat: int, rules: Any) -> Legal | None:
        """The defence calls ``seat`` may make now, kontra and its answers included."""
        return None

    # -- the table

    def first_speaker(self, dealer: int, n_players: int, rules: Any) -> tuple[int, str] | None:
        """The seat that makes the first call of a deal dealt by ``dealer``, with the rule."""
        return None

    def sitting_out(self, dealer: int, n_players: int, rules: Any) -> tuple[frozenset[int], str] | None:
        """The seats dealt no cards in a deal dealt by ``dealer``, with the rule."""
        return None

    def next_dealer(self, match: MatchView, rules: Any) -> tuple[int, str] | None:
        """Who deals the next deal, after the deals of ``match.history`` (at least one), with the rule."""
        return None

    def visible(self, moment: Moment, seat: int, rules: Any) -> Seen | None:
        """What ``seat`` sees at ``moment`` besides its own hand."""
        return None

    def deal_played(self, result: DealResult, before: MatchView, rules: Any) -> tuple[bool, str] | None:
        """Whether the cards of the deal ``result`` are played (``False``: thrown in after an all-pass, or a
        contract that stands without play), with the rule."""
        return None

    # -- the sheet

    def deal_entries(self, result: DealResult, before: MatchView, rules: Any) -> list[Entry] | None:
        """Every sheet entry of the deal ``result``: what is written before it is dealt (an ante), its score
        and what follows from it (an overflow, the hat), given the deals before it (``before``: their
        results and the sheet as it stood before this deal's first entry). Each entry's ``note`` is the rule
        ID it comes from. The suite compares the sums by account, seat and other seat; order and notes aside."""
        return None

    def match_over(self, match: MatchView, rules: Any) -> tuple[bool, str] | None:
        """Whether the match is over after the deals of ``match`` (the sheet included), with the rule."""
        return None


@dataclass(frozen=True)
class GoldenDeal:
    """A deal scored by hand from the family's rules, which every variant with ``preset`` in its chain (and
    the preset's rules in ``sections``) must score the same, plugins and all.

    ``build(contracts, index)`` makes the :class:`DealResult` (``contracts`` is the variant's table, ``index``
    the deal's number in the match); ``expected`` the sheet cells ``(account, seat, other) -> amount`` worked
    out by hand, the arithmetic in a comment beside it; only ``accounts`` are compared when given, and
    entries with a note in ``ignore_notes`` are not. A family lists its deals as ``GOLDEN`` in
    ``<package>.conformance.golden_deals``."""

    name: str
    preset: str
    sections: tuple[str, ...]
    build: Callable[[ContractTable, int], DealResult]
    expected: Mapping[tuple[str, int, int | None], int]
    accounts: tuple[str, ...] = ()
    ignore_notes: tuple[str, ...] = ()
    unscored: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Keys of a section in ``sections`` that change only what a seat sees, never the sheet: a variant that
    differs from the preset only in these is held to the same cells (Classic's dark first lead)."""
