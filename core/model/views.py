"""Frozen values passed to and returned by hooks.

Hooks never see the mutable game: they get one of these views and return a value; the engine alone
applies it. A return value of ``None`` from a ``firstresult`` hook always means "not mine, ask the next
plugin", so every domain answer is a typed object (``Next``, ``Won``, ``AllPassed`` ...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from preferans.core.model.cards import NO_TRUMP
from preferans.core.model.contracts import ContractSpec, ContractTable

Seat = int
Amount = int | Fraction

DUMMY: Seat = 2
"""Seat of the dummy (болван) in a two-player game (гусарик): the third hand, dealt like a player's but
owned by nobody. It never bids or calls; its cards are played by a player the hooks name (``controllers``),
and the tricks it wins count for nobody. The players are seats 0 and 1."""


def dummy_seat(n_players: int) -> Seat | None:
    """The dummy's seat with ``n_players`` players: :data:`DUMMY` with two, ``None`` otherwise."""
    return DUMMY if n_players == 2 else None


def hand_count(n_players: int) -> int:
    """Hand slots at the table: one per player, plus the dummy's with two players (гусарик)."""
    return 3 if n_players == 2 else n_players


# ---------------------------------------------------------------- ledger


@dataclass(frozen=True, slots=True)
class Entry:
    """One line written on the score sheet.

    ``account`` is the column (Russian: ``pool`` = пуля, ``gora`` = mountain, ``whists`` = висты written
    by ``seat`` on ``other``; the Austrian pot family uses ``money`` and ``pot``). Amounts are ints or Fractions,
    never floats.
    """

    account: str
    seat: Seat
    amount: Amount
    other: Seat | None = None
    note: str = ""


@dataclass(frozen=True)
class LedgerView:
    """Running totals of the sheet, keyed by ``(account, seat, other)``."""

    totals: Mapping[tuple[str, Seat, Seat | None], Amount]
    n_players: int

    def get(self, account: str, seat: Seat, other: Seat | None = None) -> Amount:
        return self.totals.get((account, seat, other), 0)

    def column(self, account: str) -> tuple[Amount, ...]:
        return tuple(self.get(account, s) for s in range(self.n_players))


def apply_entries(totals: dict[tuple[str, Seat, Seat | None], Amount], entries: Iterable[Entry]) -> None:
    for e in entries:
        key = (e.account, e.seat, e.other)
        totals[key] = totals.get(key, 0) + e.amount


# ---------------------------------------------------------------- deal results


@dataclass(frozen=True, slots=True)
class DealResult:
    """What happened in one deal, as far as scoring needs to know.

    Built by the engine after play, or by :mod:`preferans.core.formats.scorecard` from a paper record, so the
    same scoring hook serves both. ``kind`` is ``"all_pass"`` when everybody passed (played as raspasovka,
    or not played at all when ``played`` is false). ``tricks`` has one entry per seat (a sitting-out
    dealer's entry counts the raspasovka tricks his talon cards won; with two players the entry of the
    dummy, seat 2, counts the tricks the dummy won, for nobody). ``defence`` lists the defence calls
    in the order spoken. ``index_in_match`` is the 0-based number of the deal. ``auction`` lists the auction
    calls in order (Classic reads its dark passes, ``"dark-pass"``, for bombs); a scorecard deal leaves it
    empty unless the variant's ``pref_scorecard_deal`` fills it, or the card marks dark calls (``dark``,
    docs/scorecard.md). ``declaration`` lists the declaration calls (the contract named, or a variant's
    own words: a half-and-half misère is ``(declarer, "invite"), (dealer, "agree")``, RUS-MIS-09).
    """

    kind: Literal["contract", "all_pass"]
    dealer: Seat
    active: tuple[Seat, ...]
    tricks: tuple[int, ...]
    declarer: Seat | None = None
    contract: ContractSpec | None = None
    bid: str | None = None
    defence: tuple[tuple[Seat, str], ...] = ()
    whisters: tuple[Seat, ...] = ()
    played: bool = True
    index_in_match: int = 0
    auction: tuple[tuple[Seat, str], ...] = ()
    declaration: tuple[tuple[Seat, str], ...] = ()
    held: tuple[int, ...] = ()
    """The cards (masks) each hand held when the contract was declared, after every discard; empty when
    unknown (a paper record). Scoring reads it for what is shown at the end, e.g. four aces (AUT-PREM-03)."""


@dataclass(frozen=True)
class MatchView:
    """The match so far: the number of players, the deals already scored and the sheet totals."""

    n_players: int
    history: tuple[DealResult, ...]
    ledger: LedgerView

    @property
    def dummy(self) -> Seat | None:
        """The dummy's seat (болван, two players: гусарик), or ``None``."""
        return dummy_seat(self.n_players)

    def trailing_all_passes(self) -> int:
        """How many all-pass deals in a row end the history (the raspasovka streak)."""
        count = 0
        for r in reversed(self.history):
            if r.kind != "all_pass":
                break
            count += 1
        return count


# ---------------------------------------------------------------- auction


@dataclass(frozen=True)
class AuctionView:
    """The auction so far. ``bidders`` are the seats that bid, in speaking order (first hand first)."""

    match: MatchView
    dealer: Seat
    bidders: tuple[Seat, ...]
    calls: tuple[tuple[Seat, str], ...]
    contracts: ContractTable

    def calls_of(self, seat: Seat) -> tuple[str, ...]:
        return tuple(c for s, c in self.calls if s == seat)

    def passed(self) -> frozenset[Seat]:
        """Seats that have passed (a pass is final in most auctions)."""
        return frozenset(s for s, c in self.calls if c == "pass")

    def highest(self) -> tuple[Seat, ContractSpec] | None:
        """The highest contract called so far and who called it."""
        best: tuple[Seat, ContractSpec] | None = None
        for seat, call in self.calls:
            spec = self.contracts.get(call)
            if spec is not None and (best is None or spec.rank > best[1].rank):
                best = (seat, spec)
        return best


@dataclass(frozen=True, slots=True)
class Next:
    """The named seat acts next."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Won:
    """The auction is won by ``seat`` with the contract named ``bid``."""

    seat: Seat
    bid: str


@dataclass(frozen=True, slots=True)
class AllPassed:
    """Everybody passed."""


AuctionStep = Next | Won | AllPassed


# ---------------------------------------------------------------- all pass


@dataclass(frozen=True, slots=True)
class PlayAllPass:
    """Play the all-pass deal (raspasovka) under the contract row ``contract``."""

    contract: str = "raspasovka"


@dataclass(frozen=True, slots=True)
class Redeal:
    """Nothing is played; the deal is scored as an all-pass deal and the next one is dealt."""


AllPassOutcome = PlayAllPass | Redeal


# ---------------------------------------------------------------- declaration and defence


@dataclass(frozen=True)
class DeclarationView:
    """Between the auction and the defence: the talon, the discard and the naming of the contract.

    ``declarer`` won the auction with ``bid``; ``calls`` are the declaration actions so far (contract names,
    or a variant's own words such as Nachgehen's ``"lie"``); ``talon_taken`` says whether the talon went into
    a hand; ``discarded_by`` lists, in order, the seats that have discarded; ``to_act`` is the seat asked now;
    ``dealer`` dealt the deal (with four players he sits out: a half-and-half misère invites him).
    """

    match: MatchView
    declarer: Seat
    bid: ContractSpec
    contracts: ContractTable
    calls: tuple[tuple[Seat, str], ...] = ()
    talon_taken: bool = False
    discarded_by: tuple[Seat, ...] = ()
    auction: tuple[tuple[Seat, str], ...] = ()
    to_act: Seat | None = None
    dealer: Seat | None = None
    hands: tuple[int, ...] = ()
    """The cards of every hand now (masks), for declarations that depend on them: an announcement such as
    the Austrian "no aces" is offered only to a declarer who has none (AUT-PREM-04). Empty outside the engine."""
    discard: int = 0
    """The cards discarded last and still lying there (mask): zero once they were picked up (``PickUp``)."""


@dataclass(frozen=True, slots=True)
class TakeTalon:
    """``seat`` takes the talon into his hand."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class PickUp:
    """``seat`` takes the cards last discarded into his hand (Nachgehen's take-over)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Discard:
    """``seat`` must now discard ``count`` cards (actions are card names)."""

    seat: Seat
    count: int = 2


@dataclass(frozen=True, slots=True)
class Declared:
    """The declaration is over: ``seat`` plays ``contract``."""

    seat: Seat
    contract: str


DeclarationStep = TakeTalon | PickUp | Discard | Next | Declared


@dataclass(frozen=True)
class DefenceView:
    """Defence decisions so far. ``defenders`` are in speaking order (left of the declarer first)."""

    match: MatchView
    declarer: Seat
    contract: ContractSpec
    defenders: tuple[Seat, ...]
    calls: tuple[tuple[Seat, str], ...]


@dataclass(frozen=True, slots=True)
class Defended:
    """The defence is settled.

    ``whisters`` defend for score; ``played`` says whether the cards are played at all; ``controllers``
    maps a hand to the seat that plays it (a lone whister plays the passer's hand); ``open_hands`` lie
    face up.
    """

    whisters: tuple[Seat, ...]
    played: bool
    controllers: tuple[tuple[Seat, Seat], ...] = ()
    open_hands: tuple[Seat, ...] = ()


DefenceStep = Next | Defended


# ---------------------------------------------------------------- play


@dataclass(frozen=True)
class PlayView:
    """The situation when play starts: who declared what, who defends, who leads by default."""

    match: MatchView
    dealer: Seat
    active: tuple[Seat, ...]
    declarer: Seat | None
    contract: ContractSpec
    defence: Defended
    first_hand: Seat


@dataclass(frozen=True, slots=True)
class PlayRules:
    """How the cards of one deal are played; the engine applies these with bit masks.

    ``talon_leads`` tricks are led by the talon cards (raspasovka); ``talon_contends`` says whether such a
    card can win its trick (four players: it is the dealer's lead) or only names the suit (three players).
    Play stops early when the declarer has ``stop_declarer_at`` tricks or the defence ``stop_defence_at``.
    ``open_after_declarer_leads``: when the declarer has the first lead, the open hands are shown only
    after it (Russian misère, RUS-MIS-06). ``layout_notes``: the seats that may write down the layout
    during play (the misère defenders, RUS-MIS-08): an observation flag for user interfaces and bots.
    """

    trump: int = NO_TRUMP
    leader: Seat = 0
    hands: tuple[Seat, ...] = ()
    must_follow: bool = True
    must_trump: bool = True
    must_beat: bool = False
    must_overtrump: bool | None = None
    talon_leads: int = 0
    talon_contends: bool = False
    talon_owner: Seat | None = None
    after_talon_leader: Seat | None = None
    controllers: tuple[tuple[Seat, Seat], ...] = ()
    open_hands: tuple[Seat, ...] = ()
    open_after_declarer_leads: bool = False
    declarer: Seat | None = None
    stop_declarer_at: int | None = None
    stop_defence_at: int | None = None
    layout_notes: tuple[Seat, ...] = ()
    open_after_first_lead: bool = False
    """The open hands are shown only once the first card of the deal is played, whoever leads it (the
    declarer's cards in Plauderer, ILL-PLAY-02). ``must_overtrump``: a void player must over-trump a trump
    already in the trick; ``None`` means as ``must_beat``."""


# ---------------------------------------------------------------- settlement


@dataclass(frozen=True)
class Settlement:
    """Final result per seat: exact (Fractions) and rounded to integers that still sum to 0."""

    exact: tuple[Fraction, ...]
    rounded: tuple[int, ...]
    unit: str = "whists"
    details: Mapping[str, object] = field(default_factory=dict)
