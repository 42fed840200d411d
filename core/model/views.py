"""Frozen values passed to and returned by hooks.

Hooks never see the mutable game: they get one of these views and return a value; the engine alone
applies it. A return value of ``None`` from a ``firstresult`` hook always means "not mine, ask the next
plugin", so every domain answer is a typed object (``Next``, ``Won``, ``AllPassed`` ...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from fractions import Fraction
from typing import Literal

from preferans.core.model.cards import NO_TRUMP
from preferans.core.model.contracts import ContractSpec, ContractTable

Seat = int
Amount = int | Fraction


def int_if_whole(x: Amount) -> Amount:
    """``x`` as an ``int`` when it is a whole Fraction, so the sheet stays readable; true fractions stay
    Fractions and ints stay ints (``int_if_whole(Fraction(4, 2)) == 2``, ``Fraction(5, 2)`` unchanged)."""
    if type(x) is int:  # the usual case, without the abstract-class check of isinstance(x, Fraction)
        return x
    if isinstance(x, Fraction) and x.denominator == 1:
        return int(x)
    return x


# ---------------------------------------------------------------- ledger


@dataclass(frozen=True, slots=True)
class Entry:
    """One line written on the score sheet.

    ``account`` is the column, a plain name the variant chooses; ``other`` is the seat an amount is written
    on, for accounts kept between two players. Amounts are ints or Fractions, never floats.
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
        get = self.totals.get  # get(account, s) for each seat, without a call of it each
        return tuple([get((account, s, None), 0) for s in range(self.n_players)])


def apply_entries(totals: dict[tuple[str, Seat, Seat | None], Amount], entries: Iterable[Entry]) -> None:
    for e in entries:
        key = (e.account, e.seat, e.other)
        totals[key] = totals.get(key, 0) + e.amount


# ---------------------------------------------------------------- deal results


DealOutcome = Literal["played", "passed_out", "thrown_in"]
"""What became of a deal's cards: see :attr:`DealResult.outcome`."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """What happened in one deal, as far as scoring needs to know.

    Built by the engine after play, or by :mod:`preferans.core.formats.scorecard` from a paper record, so the
    same scoring hook serves both. ``kind`` is ``"all_pass"`` when everybody passed: the cards are then
    played under the contract row the variant's ``pref_all_pass`` named (``PlayAllPass``), or thrown in
    (``Redeal``, ``played`` false); :attr:`outcome` says which. ``tricks`` has one entry per place at the
    table (a sitting-out dealer's entry counts the tricks his talon cards won; with two players the third
    entry is that of the hand no player holds, whose tricks count for nobody). ``defence`` lists the
    defence calls in the order spoken. ``index_in_match`` is the 0-based number of the deal. ``auction``
    lists the auction calls in order (a variant may read its own calls there); a scorecard deal leaves it
    empty unless the variant's ``pref_scorecard_deal`` fills it. ``declaration`` lists the declaration
    calls (the contract named, or a variant's own words, such as a dealer agreeing to share a contract).
    """

    kind: Literal["contract", "all_pass"]
    dealer: Seat
    active: tuple[Seat, ...]
    tricks: tuple[int, ...]
    declarer: Seat | None = None
    contract: ContractSpec | None = None
    bid: str | None = None
    defence: tuple[tuple[Seat, str], ...] = ()
    defending: tuple[Seat, ...] = ()
    played: bool = True
    index_in_match: int = 0
    auction: tuple[tuple[Seat, str], ...] = ()
    declaration: tuple[tuple[Seat, str], ...] = ()
    held: tuple[int, ...] = ()
    """The cards (masks) each hand held when the contract was declared, after every discard; empty when
    unknown (a paper record). Scoring reads it for what a hand shows, such as a premium for held cards."""
    talon: int = 0
    """The talon as dealt (a mask) when the declarer took it; 0 when it was not taken or is unknown (a paper
    record that does not write it). Scoring reads it for what the talon brought, such as a paid talon."""

    @property
    def outcome(self) -> DealOutcome:
        """``"played"``: the cards were played (a contract, or an all-pass deal played under a contract row);
        ``"passed_out"``: a contract stands without play (the defenders passed, or the table settled it
        without play); ``"thrown_in"``: everybody passed and nobody plays: the cards are thrown in and
        dealt again. Derived from ``kind`` and ``played``, so no record can contradict it."""
        if self.played:
            return "played"
        return "thrown_in" if self.kind == "all_pass" else "passed_out"

    @property
    def made(self) -> bool | None:
        """Whether the declarer made his contract: at least ``target`` tricks (``goal = "tricks"``), none
        (``"none"``: misère, Bettel) or all ten (``"all"``: Durchmarsch); ``True`` for a contract that stands
        without play (the defenders passed), ``False`` for one conceded without play (the defence call
        ``concede``); ``None`` when nobody declared (an all-pass deal, played or
        thrown in)."""
        if self.kind != "contract" or self.contract is None or self.declarer is None:
            return None
        if not self.played:  # the defenders passed, or the declarer conceded (the Russian "без трёх")
            return (self.declarer, "concede") not in self.defence
        taken, spec = self.tricks[self.declarer], self.contract
        if spec.goal == "none":
            return taken == 0
        if spec.goal == "all":
            return taken == 10
        return taken >= spec.target


@dataclass(frozen=True)
class MatchView:
    """The match so far: the number of players, the deals already scored and the sheet totals."""

    n_players: int
    history: tuple[DealResult, ...]
    ledger: LedgerView

    def trailing_all_passes(self) -> int:
        """How many all-pass deals in a row end the history, played or thrown in."""
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
    """Play the all-pass deal under the contract row ``contract`` (a row the variant registered)."""

    contract: str


@dataclass(frozen=True, slots=True)
class Redeal:
    """Nothing is played: the cards are thrown in and the next deal is dealt. The deal is still posted to
    ``pref_score_deal``, as an all-pass deal with ``played`` false (``DealResult.outcome == "thrown_in"``)."""


AllPassOutcome = PlayAllPass | Redeal


# ---------------------------------------------------------------- declaration and defence


@dataclass(frozen=True)
class DeclarationView:
    """Between the auction and the defence: the talon, the discard and the naming of the contract.

    ``declarer`` won the auction with ``bid``; ``calls`` are the declaration actions so far (contract names,
    or a variant's own words); ``talon_taken`` says whether the talon went into
    a hand; ``discarded_by`` lists, in order, the seats that have discarded; ``to_act`` is the seat asked now;
    ``dealer`` dealt the deal (with four players he sits out, and a variant may still ask him something).
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
    """The cards of every hand now (masks), for declarations that depend on them (an announcement offered
    only to a declarer who holds certain cards, say). Empty outside the engine."""
    discard: int = 0
    """The cards discarded last and still lying there (mask): zero once they were picked up (``PickUp``)."""


@dataclass(frozen=True, slots=True)
class TakeTalon:
    """``seat`` takes the talon into his hand."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class PickUp:
    """``seat`` takes the cards last discarded into his hand (another player taking the contract over)."""

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

    ``defending`` are the defenders who play for score; ``played`` says whether the cards are played at all;
    ``controllers`` maps a hand to the seat that plays it (a lone defender may play his partner's hand);
    ``open_hands`` lie face up.
    """

    defending: tuple[Seat, ...]
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

    ``talon_leads`` tricks are led by the talon cards (an all-pass game, say); ``talon_contends`` says
    whether such a card can win its trick (it is ``talon_owner``'s lead) or only names the suit. Play stops
    early when the declarer has ``stop_declarer_at`` tricks or the defence ``stop_defence_at``.
    ``open_after_declarer_leads``: when the declarer has the first lead, the open hands are shown only
    after it. ``layout_notes``: the seats that may write down the layout during play: an observation flag
    for user interfaces and bots.
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
    """The open hands are shown only once the first card of the deal is played, whoever leads it.
    ``must_overtrump``: a void player must over-trump a trump
    already in the trick; ``None`` means as ``must_beat``."""


# ---------------------------------------------------------------- settlement


@dataclass(frozen=True)
class Settlement:
    """Final result per seat: exact (Fractions) and rounded to integers that still sum to 0."""

    exact: tuple[Fraction, ...]
    rounded: tuple[int, ...]
    unit: str = "points"
    details: Mapping[str, object] = field(default_factory=dict)


# ---------------------------------------------------------------- quicker construction


def _quick_init(cls: type) -> None:
    """Give the frozen dataclass ``cls`` an ``__init__`` with the parameters, defaults and effect of the one
    :func:`dataclasses.dataclass` generates, only quicker. The generated one goes round the frozen
    ``__setattr__`` with one ``object.__setattr__`` per field, which makes building a view cost about as much
    as the hook that reads it, and the engine builds one at every call of an auction; this one fills the
    instance's ``__dict__`` directly, or each slot through its descriptor. For plain fields only (no default
    factory, no keyword-only field, no ``__post_init__``): checked here, so a field added later that needs
    more keeps the generated ``__init__``."""
    specs = fields(cls)
    if not specs or hasattr(cls, "__post_init__") or any(
            not f.init or f.kw_only or f.default_factory is not MISSING for f in specs):
        return
    names = [f.name for f in specs]
    namespace: dict[str, object] = {f"_default_{f.name}": f.default for f in specs if f.default is not MISSING}
    params = ", ".join(f.name if f.default is MISSING else f"{f.name}=_default_{f.name}" for f in specs)
    if "__slots__" in cls.__dict__:
        namespace.update({f"_set_{name}": getattr(cls, name).__set__ for name in names})
        body = [f"_set_{name}(self, {name})" for name in names]
    else:
        body = ["d = self.__dict__", *(f"d[{name!r}] = {name}" for name in names)]
    exec(f"def __init__(self, {params}):\n" + "".join(f"    {line}\n" for line in body), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    init.__module__ = cls.__module__
    init.__annotations__ = {**{f.name: f.type for f in specs}, "return": None}  # what inspect.signature shows
    cls.__init__ = init  # type: ignore[misc]


for _cls in (Entry, LedgerView, DealResult, MatchView, AuctionView, Next, Won, PlayAllPass, DeclarationView, TakeTalon,
             PickUp, Discard, Declared, DefenceView, Defended, PlayView, PlayRules):
    _quick_init(_cls)
