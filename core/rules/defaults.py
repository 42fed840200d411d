"""The core's own implementations: the answer when no variant plugin answers.

Registered first and marked ``trylast``, like pytest's and datasette's built-in plugins. They describe
the plainest trick-taking game the hooks allow, so a variant only implements what differs.
"""

from __future__ import annotations

from typing import Any

from preferans.core.model.contracts import ContractSpec
from preferans.core.model.errors import NoRuleError
from preferans.core.model.paper import RequiredKey, SettlementCheck, SheetText, SheetView, account_table, zero_sum_check
from preferans.core.model.table import next_speaker, ownerless_hands
from preferans.core.model.views import (
    AllPassed,
    AllPassOutcome,
    AuctionStep,
    AuctionView,
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
    Redeal,
    Settlement,
    TakeTalon,
    Won,
)
from preferans.core.rules.hookspecs import hookimpl
from preferans.core.rules.sections import CoreRules

DEFEND = "defend"
"""The core's own defence call: a defender says ``"pass"`` or this, and the deal is played when somebody
defends. A family with its own words for it answers ``pref_defence_legal`` and ``pref_defence_step``."""


@hookimpl(trylast=True)
def pref_rules_sections() -> dict[str, Any]:
    return CoreRules.sections()  # players and max_deals


@hookimpl(trylast=True)
def pref_auction_legal(view: AuctionView, seat: int, rules: CoreRules) -> list[str]:
    # one pass over the calls: this seat's calls and the highest contract (as ``view.highest()``)
    get = view.contracts.get
    mine = binding = False
    best: ContractSpec | None = None
    for s, call in view.calls:
        spec = get(call)
        if s == seat:
            mine = True
            if spec is not None and spec.first_bid_only:
                binding = True
        if spec is not None and (best is None or spec.rank > best.rank):
            best = spec
    if binding:
        return ["pass"]  # a binding bid (first_bid_only) cannot be changed: the seat can only pass
    table, rank = view.contracts, best.rank if best else None
    # the names worked out once per table and situation (ContractTable.memo): asked at every call
    return ["pass", *table.memo((_calls_above, rank, mine), lambda: _calls_above(table.biddable_above(rank), mine))]


def _calls_above(higher: tuple[ContractSpec, ...], spoken: bool) -> tuple[str, ...]:
    """The names of the rows ``higher``; once the seat has ``spoken``, without those bid only as a first call."""
    return tuple(s.name for s in higher if not (spoken and s.first_bid_only))


@hookimpl(trylast=True)
def pref_auction_step(view: AuctionView, rules: CoreRules) -> AuctionStep:
    calls = view.calls
    order = view.bidders
    if not calls:
        # nobody has spoken: nobody passed, nothing was bid
        return Next(order[0]) if order else AllPassed()
    # one pass over the calls: who passed, and the highest contract and its caller (as ``view.highest()``)
    get = view.contracts.get
    passed = set()
    best: ContractSpec | None = None
    best_seat = -1
    for s, call in calls:
        if call == "pass":
            passed.add(s)
        spec = get(call)
        if spec is not None and (best is None or spec.rank > best.rank):
            best, best_seat = spec, s
    # next_speaker also tells who is left, with no list of the remaining seats (asked at every call):
    # nobody when it finds no seat; only the seat it finds when going round from that seat finds it again
    seat = next_speaker(order, calls[-1][0], passed)
    if seat is None:
        return AllPassed()
    if best is not None and seat == best_seat and next_speaker(order, seat, passed) == seat:
        return Won(best_seat, best.name)  # the highest bidder is the only one who has not passed
    return Next(seat)


@hookimpl(trylast=True)
def pref_all_pass(view: AuctionView, rules: CoreRules) -> AllPassOutcome:
    return Redeal()


@hookimpl(trylast=True)
def pref_declaration_step(view: DeclarationView, rules: CoreRules) -> DeclarationStep:
    if view.bid.with_talon and not view.talon_taken:
        return TakeTalon(view.declarer)
    if view.bid.with_talon and not view.discarded_by:
        return Discard(view.declarer, 2)
    if not view.calls:
        return Next(view.declarer)
    return Declared(view.declarer, view.calls[-1][1])


@hookimpl(trylast=True)
def pref_declaration_legal(view: DeclarationView, rules: CoreRules) -> list[str]:
    if view.bid.first_bid_only:
        return [view.bid.name]
    table, rank = view.contracts, view.bid.rank
    return [*table.memo((_declarable, rank), lambda: _declarable(table.biddable(), rank))]


def _declarable(rows: tuple[ContractSpec, ...], rank: int) -> tuple[str, ...]:
    """The names of the rows a declarer who won with a bid of ``rank`` may declare (worked out once per table)."""
    return tuple(s.name for s in rows if s.rank >= rank and not s.first_bid_only)


@hookimpl(trylast=True)
def pref_defence_legal(view: DefenceView, seat: int, rules: CoreRules) -> list[str]:
    return ["pass", DEFEND]


@hookimpl(trylast=True)
def pref_defence_step(view: DefenceView, rules: CoreRules) -> DefenceStep:
    spoken = [s for s, _ in view.calls]
    silent = ownerless_hands(view.match.n_players)
    for seat in view.defenders:
        if seat not in spoken and seat not in silent:  # a hand no player holds never speaks
            return Next(seat)
    defenders = tuple(s for s, c in view.calls if c == DEFEND)
    return Defended(defending=defenders, played=bool(defenders))


@hookimpl(trylast=True)
def pref_play_rules(view: PlayView, rules: CoreRules) -> PlayRules:
    spec = view.contract
    return PlayRules(
        trump=spec.trump,
        leader=view.first_hand,
        hands=view.active,
        must_trump=spec.must_trump,
        must_beat=spec.must_beat,
        must_overtrump=spec.must_overtrump,
        controllers=view.defence.controllers,
        open_hands=view.defence.open_hands,
        declarer=view.declarer,
    )


@hookimpl(trylast=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: CoreRules) -> list[Entry]:
    what = result.contract.name if result.contract else result.kind
    raise NoRuleError("pref_score_deal", f"nothing scores a {what!r} deal")


@hookimpl(trylast=True)
def pref_scorecard_deal(record: dict[str, Any], reader: Any, index: int, dealer: int,
                        rules: CoreRules) -> DealResult:
    return reader.read_default(record, index, dealer)  # type: ignore[no-any-return]


@hookimpl(trylast=True)
def pref_next_dealer(match: MatchView, result: DealResult, rules: CoreRules) -> int:
    return (result.dealer + 1) % match.n_players


@hookimpl(trylast=True)
def pref_match_over(match: MatchView, rules: CoreRules) -> bool:
    limit = rules.max_deals
    return limit is not None and len(match.history) >= limit


@hookimpl(trylast=True)
def pref_settle(match: MatchView, rules: CoreRules) -> Settlement:
    raise NoRuleError("pref_settle", "the variant has no final settlement")


# ---------------------------------------------------------------- the paper side: sheets and scorecards


@hookimpl(trylast=True)
def pref_render_sheet(view: SheetView, form: str, rules: CoreRules) -> SheetText | None:
    # the plainest sheet: one column per account; no picture
    return account_table(view) if form == "text" else None


@hookimpl(trylast=True)
def pref_settlement_check(view: SheetView, rules: CoreRules) -> SettlementCheck:
    return zero_sum_check(view.settlement, view.tr)


@hookimpl(trylast=True)
def pref_scorecard_required(rules: CoreRules) -> list[RequiredKey]:
    required = []
    for key, info in type(rules).model_fields.items():
        extra = info.json_schema_extra
        if isinstance(extra, dict) and extra.get("scorecard") == "required":
            required.append(RequiredKey(key, f"{key} as agreed at the table", repr(getattr(rules, key))))
    return required
