"""Balkan Preferans as the Balkan chapter of a Russian Preferans book plays it: bula, juha, refe, the hat, kontra.

Bids 2 (spades) to 7 (sans), one step at a time, with "mine" for the earlier seat and igra (a game without
the talon, worth one more); all pass gives everybody a refe; follow or pass, the invitation, the kontra
chain and the two that needs a kontra; a score sheet of bula and two juha columns per player that ends when
the bule reach zero (docs/rules/balkan.md). ``serbian`` and ``slovenian`` extend it with values
only. The actions and accounts are listed in docs/variants/balkan.md, "Actions".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

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
    Entry,
    MatchView,
    Next,
    PlayRules,
    PlayView,
    Settlement,
    Won,
    hookimpl,
)

from . import calls, scorecard, scoring
from .rules import BalkanRules

if TYPE_CHECKING:  # the record hooks' types: the module that has them loads the bots, which a game never needs
    from preferans.core.plugin.cli import Game, RecordedDeal


@hookimpl
def pref_rules_sections() -> dict[str, Any]:
    return BalkanRules.sections()


@hookimpl
def pref_register_contracts(contracts: ContractRegistry, rules: BalkanRules) -> None:
    """The bids 2..7 (the only biddable rows), the contracts declared after the talon and the igra rows."""
    for name, number, trump, kind in calls.LADDER:
        betl = kind == "betl"
        common = dict(kind=kind, trump=trump, level=0 if betl else 6, goal="none" if betl else "tricks",
                      target=0 if betl else 6, must_trump=True)
        contracts.add(ContractSpec(name=str(number), label=str(number), rank=10 * number,
                                   talon_shown=rules.talon_shown, **common))  # type: ignore[arg-type]
        contracts.add(ContractSpec(name=name, label=name, rank=10 * number + 1, biddable=False,
                                   talon_shown=rules.talon_shown, **common))  # type: ignore[arg-type]
        contracts.add(ContractSpec(name=calls.igra_name(name), label=f"igra {name}", rank=10 * number + 5,
                                   biddable=False, with_talon=False, **common))  # type: ignore[arg-type]


@hookimpl
def pref_auction_legal(view: AuctionView, seat: int, rules: BalkanRules) -> list[str]:
    try:
        return list(_auction_legal(view.bidders, view.calls, seat))
    except TypeError:  # a view built by hand, with lists for tuples: nothing to remember it by
        return calls.auction_legal(view.bidders, view.calls, seat)


@lru_cache(maxsize=4096)
def _auction_legal(bidders: Sequence[int], said: Sequence[tuple[int, str]], seat: int) -> tuple[str, ...]:
    """``calls.auction_legal``, remembered: the calls so far decide it alone, and the few Balkan auctions
    come back deal after deal."""
    return tuple(calls.auction_legal(bidders, said, seat))


@lru_cache(maxsize=4096)
def _read_auction(bidders: Sequence[int], said: Sequence[tuple[int, str]]) -> calls.Auction:
    """``calls.read_auction`` (a frozen value), remembered as :func:`_auction_legal` is."""
    return calls.read_auction(bidders, said)


@hookimpl
def pref_auction_step(view: AuctionView, rules: BalkanRules) -> AuctionStep:
    try:
        state = _read_auction(view.bidders, view.calls)
    except TypeError:  # a view built by hand, with lists for tuples
        state = calls.read_auction(view.bidders, view.calls)
    if state.to_speak is not None:
        return Next(state.to_speak)
    best = state.best_named()
    if best is not None:
        return Won(best[0], best[1])  # igra: the highest game named (BAL-BID-02, pk 8)
    if state.holder is not None and state.level is not None:
        return Won(state.holder, str(state.level))
    return AllPassed()  # no play; the core's Redeal and a refe for everybody (BAL-BID-03, BAL-REFE-01)


@hookimpl
def pref_declaration_step(view: DeclarationView, rules: BalkanRules) -> DeclarationStep | None:
    if not view.bid.with_talon:
        return Declared(view.declarer, view.bid.name)  # igra: the game named in the auction, no talon
    return None  # the core: take the talon, discard two, name the contract


@hookimpl
def pref_declaration_legal(view: DeclarationView, rules: BalkanRules) -> list[str]:
    """After the talon: any contract whose number is at least the bid (pk 7)."""
    floor = calls.bid_number(view.bid.name) or calls.LOWEST
    return [name for name, number, _, _ in calls.LADDER if number >= floor]


def _defence(view: DefenceView, rules: BalkanRules) -> calls.Defence:
    held = int(view.match.ledger.get("refe", view.declarer))
    return calls.read_deal_defence(view.declarer, view.defenders, view.contract, view.calls, held, rules)


@hookimpl
def pref_defence_legal(view: DefenceView, seat: int, rules: BalkanRules) -> list[str]:
    return list(_defence(view, rules).options)


@hookimpl
def pref_defence_step(view: DefenceView, rules: BalkanRules) -> DefenceStep:
    dfn = _defence(view, rules)
    if dfn.to_speak is not None:
        return Next(dfn.to_speak)
    held = int(view.match.ledger.get("refe", view.declarer))
    # BAL-DEF-04: nobody follows -> no play; BAL-KON-08: the two needs a kontra
    unplayed = not dfn.players or (calls.two_needs_kontra(view.contract.name, held, rules) and not dfn.kontra_level)
    return Defended(defending=dfn.players, played=not unplayed)


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: BalkanRules) -> Generator[None, PlayRules, PlayRules]:
    """The core's play rules (the answer below), refined: only the declarer and the defenders who play have
    hands in play (BAL-DEF-05); first hand leads, or the next seat that plays (BAL-PLAY-02/03); in sans the
    declarer never leads first (BAL-PLAY-04, SLO-03); play stops at the defence's 5th trick (BAL-DEF-03) or
    the declarer's first trick in betl (GAP-BAL-12)."""
    base = yield
    d = view.declarer
    assert d is not None
    hands = tuple(s for s in view.active if s == d or s in view.defence.defending)
    order = list(view.active)
    leader = next(s for s in order if s in hands)
    if view.contract.kind == "sans":
        if rules.play.sans_lead == "before_declarer":
            right = order[(order.index(d) - 1) % len(order)]
            leader = right if right in hands else next(s for s in hands if s != d)
        else:
            leader = next(s for s in order if s in hands and s != d)
    none = view.contract.goal == "none"
    return dataclasses.replace(base, hands=hands, leader=leader, controllers=(), open_hands=(),
                               stop_declarer_at=1 if none else None,
                               stop_defence_at=None if none else int(rules.defence.stop_at))


@hookimpl
def pref_before_deal(match: MatchView, dealer: int, rules: BalkanRules) -> list[Entry]:
    if match.history:
        return []
    # BAL-SCORE-02: the first line of the sheet is the starting bula of everybody; the other columns open at 0
    n = match.n_players
    out = [scoring.bula(s, rules.bula, "start") for s in range(n)]
    out += [Entry(account, s, 0, note="start") for account in ("refe", "refe_drawn", "hat") for s in range(n)]
    out += [Entry("juha", s, 0, other=o, note="start") for s in range(n) for o in range(n) if o != s]
    return out


@hookimpl
def pref_score_deal(result: DealResult, match: MatchView, rules: BalkanRules) -> list[Entry]:
    return scoring.score_deal(result, match, rules)


@hookimpl
def pref_after_score(match: MatchView, posted: list[Entry], rules: BalkanRules) -> list[Entry]:
    n = match.n_players
    led = match.ledger
    return scoring.hat_entries([led.get("bula", s) for s in range(n)], [int(led.get("hat", s)) for s in range(n)],
                               rules)


@hookimpl
def pref_match_over(match: MatchView, rules: BalkanRules) -> bool | None:
    """BAL-SCORE-11: the game ends when the bule sum to exactly zero."""
    if match.history and sum(match.ledger.column("bula")) == 0:
        return True
    return None  # let the core's max_deals decide


@hookimpl
def pref_settle(match: MatchView, rules: BalkanRules) -> Settlement:
    return scoring.settle(match, rules)


@hookimpl
def pref_scorecard_deal(record: dict[str, Any], reader: Any, index: int, dealer: int, rules: BalkanRules) -> DealResult:
    return scorecard.read_deal(record, reader, index, dealer, rules)


# ---------------------------------------------------------------- PPN: the family's game record and its commands
# Not a game's hooks: the core asks them on the manager of every installed family (docs/hooks.md). The modules
# load when asked, so a game of the family never imports the notation or the command line.


@hookimpl
def pref_cli_commands(subparsers: Any) -> None:
    """``preferans ppn import|export`` (docs/ppn.md)."""
    from . import cli

    cli.add_parser(subparsers)


@hookimpl
def pref_read_game(text: str, source: str) -> tuple[Game, list[str]] | None:
    """A PPN file (line or JSON form) for ``preferans analyse``, replayed through its Balkan-family variant."""
    from . import ppn_game

    return ppn_game.read_game(text, source)


@hookimpl
def pref_read_deal(text: str, source: str) -> RecordedDeal | None:
    """The first deal of a PPN file or record for ``preferans solve``."""
    from . import ppn

    return ppn.read_deal(text, source)


# ---------------------------------------------------------------- the paper side (imported when asked)


@hookimpl
def pref_render_sheet(view: Any, form: str, rules: BalkanRules) -> Any:
    """The sheet in the traditional three-column form, as text (narrowed for a terminal: ``compact``) or drawn
    as on paper (``variants/balkan/sheet.py``)."""
    from . import sheet

    if form == "svg":
        return sheet.svg(view)
    if form == "compact":
        return sheet.compact_sheet(view)
    return sheet.bula_sheet(view) if form == "text" else None
