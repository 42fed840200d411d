"""Austrian Preference played for a pot (österreichisches Préférence), the family base, fixed stake.

Bids are numbers, "eins" to "vier" (1 clubs, 2 spades, 3 diamonds, 4 hearts); an earlier seat may hold a
later seat's bid ("mein"); each contract may also be bid without the talon (a hand game, hearts hand being
"Préférence"). The winner takes the talon, discards two and names a suit whose number is at least his bid.
Each opponent then plays ("play") or stays at home ("pass"); the second may invite the first after he
passed ("invite"). A passer's cards stay out of play, so tricks have two cards. The declarer needs 6
tricks and each playing defender 2. Money goes through a pot (``pot``) and the players' purses (``money``):
the dealer antes, the declarer takes his amount from the pot and pays per trick, failures pay into the pot,
premiums are paid directly. Every value is a key of ``rules.py``; the children ``austrian-unlimited``,
``austrian-limited`` and ``styrian`` change only the pot method in their presets, ``illustrated`` adds the
extra contracts and ``nachgehen`` the take-over after "I lie".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Any

from preferans.core.plugin import (
    AllPassed,
    AuctionStep,
    AuctionView,
    ContractRegistry,
    ContractSpec,
    DealResult,
    DeclarationStep,
    DeclarationView,
    Declared,
    DefenceStep,
    DefenceView,
    Defended,
    Discard,
    Entry,
    MatchView,
    Next,
    PlayRules,
    PlayView,
    Settlement,
    TakeTalon,
    Won,
    hookimpl,
)
from preferans.core.plugin.cards import SUIT_SYMBOLS, next_speaker

from . import scoring
from .rules import SUIT_CONTRACTS, TRUMP_INDEX, AustrianRules
from .scorecard import read_deal

HOLD = "mein"
"""The holding call: an earlier seat keeps a later seat's bid at the same number (WSUM, WIKI14)."""
HAND = "-hand"
"""Suffix of a contract played without the talon: ``hearts-hand`` is Préférence."""
QUIET = "quiet"
"""The declarer makes no announcement before the first lead."""
ANNOUNCEMENTS = ("no-aces", "four-aces")


# ---------------------------------------------------------------- contracts


def bid_name(number: int) -> str:
    return str(number)


def hand_rank(number: int, rules: AustrianRules) -> int:
    """Hand bids above every talon bid (WIKI14), or just above the talon bid of their number (GAP-ILL-03)."""
    return 100 + 10 * number if rules.game.hand_rank == "above_talon" else 10 * number + 5


def add_contract(contracts: ContractRegistry, spec: ContractSpec, number: int, rules: AustrianRules) -> None:
    """Register a contract with its talon bid row (the number) and, with hand games, its hand row.

    The number's row is what is called in the auction; it is never declared or played (``biddable=False``)
    and carries the kind of the contract of its number. The contract row is declared after the talon
    (``biddable=True``, ranked just above its number); the hand row is bid and played as it is.
    """
    if bid_name(number) not in contracts:
        contracts.add(spec.with_(name=bid_name(number), label=bid_name(number), rank=10 * number, biddable=False))
    contracts.add(spec.with_(rank=10 * number + 1))
    if rules.game.hand_games:
        label = "Préférence" if spec.name == "hearts" else f"{spec.label} without the talon"
        contracts.add(spec.with_(name=spec.name + HAND, label=label, rank=hand_rank(number, rules),
                                 with_talon=False))


def number_of(spec: ContractSpec, rules: AustrianRules) -> int:
    """The number of a bid row or a contract (its hand form included)."""
    if spec.name.isdigit():
        return int(spec.name)
    return int(rules.game.numbers[spec.name.removesuffix(HAND)])


def is_bid_row(spec: ContractSpec) -> bool:
    return spec.name.isdigit()


@hookimpl
def pref_rules_sections() -> dict[str, Any]:
    return AustrianRules.sections()


@hookimpl
def pref_register_contracts(contracts: ContractRegistry, rules: AustrianRules) -> None:
    for name in SUIT_CONTRACTS:
        trump = TRUMP_INDEX[name]
        spec = ContractSpec(name=name, kind="suit", label=f"{name} {SUIT_SYMBOLS[trump]}", rank=0, level=6,
                            trump=trump, target=rules.game.target, must_trump=rules.play.must_trump,
                            must_beat=rules.play.must_beat, must_overtrump=rules.play.must_overtrump)
        add_contract(contracts, spec, rules.game.numbers[name], rules)


# ---------------------------------------------------------------- auction


def auction_rows(view: AuctionView) -> list[ContractSpec]:
    """What can be called in the auction: the numbers, and the hand contracts, in auction order."""
    return [r for r in view.contracts if is_bid_row(r) or (r.biddable and not r.with_talon)]


def holder(view: AuctionView) -> tuple[int, ContractSpec] | None:
    """Who holds the auction now and with which bid (a ``mein`` takes over the bid it holds)."""
    best: tuple[int, ContractSpec] | None = None
    for seat, call in view.calls:
        if call == HOLD and best is not None:
            best = (seat, best[1])
        elif call in view.contracts:
            best = (seat, view.contracts[call])
    return best


@hookimpl
def pref_auction_legal(view: AuctionView, seat: int, rules: AustrianRules) -> list[str]:
    best = holder(view)
    rows = auction_rows(view)
    legal = ["pass"]
    if best is not None and rules.auction.hold and best[0] != seat and (
            view.bidders.index(seat) < view.bidders.index(best[0])):
        legal.append(HOLD)  # an earlier seat holds a later seat's bid (WIKI14: forehand first)
    higher = [r for r in rows if best is None or r.rank > best[1].rank]
    if not rules.auction.jumps:
        # exactly one step: the next number, or the next hand game (CSWB)
        talon = [r for r in higher if r.with_talon][:1]
        hand = [r for r in higher if not r.with_talon][:1]
        higher = sorted(talon + hand, key=lambda r: r.rank)
    return legal + [r.name for r in higher]


@hookimpl
def pref_auction_step(view: AuctionView, rules: AustrianRules) -> AuctionStep:
    passed = view.passed()
    remaining = [s for s in view.bidders if s not in passed]
    best = holder(view)
    if not remaining:
        return AllPassed()
    if len(remaining) == 1 and best is not None and best[0] == remaining[0]:
        return Won(best[0], best[1].name)
    seat = next_speaker(view.bidders, view.calls[-1][0] if view.calls else None, passed)
    return AllPassed() if seat is None else Next(seat)  # None cannot happen: remaining was non-empty


# ---------------------------------------------------------------- talon, naming, announcements


def named_contract(view: DeclarationView, seat: int) -> str | None:
    """The contract ``seat`` has named: a hand bid is its own contract; after a number, his naming call."""
    if not view.bid.with_talon and not is_bid_row(view.bid):
        return view.bid.name
    return next((c for s, c in view.calls if s == seat and c in view.contracts), None)


def namable(view: DeclarationView, rules: AustrianRules, minimum: int) -> list[str]:
    """Contracts with the talon whose number is at least ``minimum`` (AUT-BID-03), in auction order."""
    return [r.name for r in view.contracts if r.biddable and r.with_talon and number_of(r, rules) >= minimum]


def announcements(view: DeclarationView, rules: AustrianRules, seat: int, contract: str) -> list[str]:
    """The announcements the declarer may make before the first lead in ``contract`` (AUT-PREM-04/05):
    always ``quiet``; ``no-aces`` if none of his twelve cards (discard included) is an ace; ``four-aces``
    when the premium must be announced and his ten cards hold them. Empty when the contract has none."""
    pr = rules.premiums
    spec = view.contracts[contract]
    if spec.kind != "suit" or not pr.amount or (pr.aces_hand_only and spec.with_talon):
        return []
    if pr.no_aces == "off" and pr.four_aces != "announced":
        return []
    options = [QUIET]
    if view.hands:
        held = view.hands[seat]
        if pr.no_aces == "announced" and not (held | view.discard) & scoring.ACES:
            options.append("no-aces")  # he may not discard his aces and claim none (AUT-PREM-04)
        if pr.four_aces == "announced" and held & scoring.ACES == scoring.ACES:
            options.append("four-aces")
    return options


def announced(view: DeclarationView, seat: int) -> bool:
    return any(s == seat and c in (QUIET, *ANNOUNCEMENTS) for s, c in view.calls)


def finish(view: DeclarationView, rules: AustrianRules, seat: int, contract: str) -> DeclarationStep:
    """After the contract is named: the announcement before the first lead, then the contract is fixed."""
    if not announced(view, seat) and announcements(view, rules, seat, contract):
        return Next(seat)
    return Declared(seat, contract)


@hookimpl
def pref_declaration_step(view: DeclarationView, rules: AustrianRules) -> DeclarationStep:
    d = view.declarer
    if view.bid.with_talon and not view.talon_taken:
        return TakeTalon(d)
    if view.bid.with_talon and not view.discarded_by:
        return Discard(d, 2)
    contract = named_contract(view, d)
    if contract is None:
        return Next(d)
    return finish(view, rules, d, contract)


@hookimpl
def pref_declaration_legal(view: DeclarationView, rules: AustrianRules) -> list[str]:
    d = view.declarer
    contract = named_contract(view, d)
    if contract is None:
        return namable(view, rules, number_of(view.bid, rules))
    return announcements(view, rules, d, contract)


# ---------------------------------------------------------------- defence


def stays_home_or_plays(view: DefenceView, rules: AustrianRules) -> DefenceStep:
    """Each opponent in turn, from the declarer's left, plays or stays at home (AUT-DEF; KNET, 123)."""
    defenders = view.defenders
    if len(view.calls) < len(defenders):
        return Next(defenders[len(view.calls)])
    calls = dict(view.calls)
    if "invite" in calls.values():
        return Defended(defenders, True)  # the invited first defender plays his own cards (GAP-AUT-10)
    players = tuple(s for s in defenders if calls[s] == "play")
    return Defended(players, played=bool(players))  # both at home: the declarer is paid without play


@hookimpl
def pref_defence_legal(view: DefenceView, seat: int, rules: AustrianRules) -> list[str]:
    if rules.defence.invitation and view.calls and view.calls[0][1] == "pass" and seat != view.calls[0][0]:
        return ["play", "pass", "invite"]
    return ["play", "pass"]


@hookimpl
def pref_defence_step(view: DefenceView, rules: AustrianRules) -> DefenceStep:
    return stays_home_or_plays(view, rules)


# ---------------------------------------------------------------- play


def leader_of(view: PlayView, hands: tuple[int, ...], opening_lead: str) -> int:
    """The declarer, or the first hand in play clockwise from first hand."""
    if opening_lead == "declarer" and view.declarer is not None:
        return view.declarer
    n = view.match.n_players
    return next(s for s in ((view.first_hand + k) % n for k in range(n)) if s in hands)


def hands_in_play(view: PlayView) -> tuple[int, ...]:
    """The declarer and the defenders who play; a passer's cards stay out (KNET: two-card tricks)."""
    return tuple(s for s in view.active if s == view.declarer or s in view.defence.defending)


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: AustrianRules) -> Generator[None, PlayRules, PlayRules]:
    """The core's play rules (the answer below) with only the hands that play, and their leader."""
    base = yield
    hands = hands_in_play(view)
    return dataclasses.replace(base, hands=hands, leader=leader_of(view, hands, rules.play.opening_lead))


# ---------------------------------------------------------------- money


@hookimpl
def pref_before_deal(match: MatchView, dealer: int, rules: AustrianRules) -> list[Entry]:
    return scoring.before_deal(match, dealer, rules)


@hookimpl
def pref_score_deal(result: DealResult, match: MatchView, rules: AustrianRules) -> list[Entry] | None:
    return scoring.score_deal(result, match, rules)


@hookimpl
def pref_scorecard_deal(record: dict[str, Any], reader: Any, index: int, dealer: int,
                        rules: AustrianRules) -> DealResult:
    return read_deal(record, reader, index, dealer, rules)


@hookimpl
def pref_match_over(match: MatchView, rules: AustrianRules) -> bool | None:
    if rules.pot.when_empty == "end" and match.history and scoring.pot_of(match) == 0:
        return True  # the pot is empty and the table stops (STY-POT-01)
    return None  # the session's length: max_deals (the core)


@hookimpl
def pref_settle(match: MatchView, rules: AustrianRules) -> Settlement:
    return scoring.settle(match, rules)


# ---------------------------------------------------------------- the paper side (imported when asked)


@hookimpl
def pref_render_sheet(view: Any, form: str, rules: AustrianRules) -> Any:
    """The pot sheet drawn (``variants/austrian/sheet.py``); as text the core's accounts table."""
    if form != "svg":
        return None
    from . import sheet

    return sheet.svg(view, rules)


@hookimpl
def pref_settlement_check(view: Any, rules: AustrianRules) -> Any:
    """What is left in the pot, and that the settlement plus the pot sums to 0 (``variants/austrian/sheet.py``)."""
    from . import sheet

    return sheet.pot_check(view)


@hookimpl
def pref_scorecard_required(rules: AustrianRules) -> list[Any]:
    """The pot before the first deal, and the cap of a limited pot (``scorecard.required_keys``)."""
    from .scorecard import required_keys

    return required_keys(rules)
