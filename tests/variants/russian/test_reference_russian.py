"""The Russian family's independent reference (variants/russian/conformance): hand-built views and deals
whose answers are worked by hand from the rules, and the comparator on every built-in Russian variant.

Seats with three players: A 0, B 1, C 2; seat 0 deals, so B (1) is first hand and speaks first. Sheet keys
are ``(account, seat, other)``; the expected values are worked in the comments with the rule they apply.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from preferans.core import load_variant
from preferans.core.plugin import AuctionView, DealResult, DefenceView, Entry, MatchView
from preferans.core.plugin.cards import parse_cards
from preferans.core.plugin.cli import Variant
from preferans.core.plugin.kit import Moment
from preferans.core.plugin.sheet import LedgerView
from preferans.core.testing.checks_reference import check_matches_reference
from preferans.variants.russian.conformance import REFERENCE

A, B, C = 0, 1, 2
Key = tuple[str, int, int | None]


_LOADED: dict[str, Variant] = {}


def variant(name: str, **rules: Any) -> Variant:
    key = f"{name}{rules!r}"
    if key not in _LOADED:
        _LOADED[key] = load_variant(name, rules or None)
    return _LOADED[key]


def match(n: int = 3, history: tuple[DealResult, ...] = (), ledger: dict[Key, Any] | None = None) -> MatchView:
    return MatchView(n, history, LedgerView(ledger or {}, n))


def summed(entries: list[Entry] | None) -> dict[Key, Any]:
    assert entries is not None
    out: dict[Key, Any] = {}
    for e in entries:
        out[(e.account, e.seat, e.other)] = out.get((e.account, e.seat, e.other), 0) + e.amount
    return {k: v for k, v in out.items() if v != 0}


def game(v: Variant, contract: str, declarer: int, tricks: tuple[int, ...], defence: tuple[tuple[int, str], ...],
         *, dealer: int = A, played: bool = True, n: int = 3, talon: str = "") -> DealResult:
    active = tuple(s for s in ((dealer + i) % max(n, 3) for i in range(1, max(n, 3) + 1)))[:3]
    return DealResult(kind="contract", dealer=dealer, active=active, tricks=tricks, declarer=declarer,
                      contract=v.contracts[contract], bid=contract, defence=defence, played=played,
                      auction=((declarer, contract),), talon=parse_cards(talon) if talon else 0)


def raspasovka(tricks: tuple[int, ...], *, dealer: int = A, n: int = 3,
               auction: tuple[tuple[int, str], ...] = ()) -> DealResult:
    active = tuple((dealer + i) % max(n, 3) for i in range(1, max(n, 3) + 1))[:3]
    return DealResult(kind="all_pass", dealer=dealer, active=active, tricks=tricks,
                      contract=variant("sochi").contracts["raspasovka"], auction=auction)


# ---------------------------------------------------------------- auction and declaration


def test_misere_only_as_a_first_call_and_outbid_only_by_a_nine() -> None:
    v = variant("sochi")
    # RUS-BID-01: B bid 6S, C passed, A bid 6C: B may raise with a game, never call misère
    view = AuctionView(match(), A, (B, C, A), ((B, "6S"), (C, "pass"), (A, "6C")), v.contracts)
    legal = REFERENCE.auction_legal(view, B, v.rules)
    assert legal is not None and "misere" not in legal.calls and "6D" in legal.calls and "6C" not in legal.calls
    assert legal.rule_of("misere") == "RUS-BID-01"
    # RUS-BID-02: after B's misère, C (first call) may only pass or bid a nine or a ten
    view = AuctionView(match(), A, (B, C, A), ((B, "misere"),), v.contracts)
    legal = REFERENCE.auction_legal(view, C, v.rules)
    assert legal is not None
    assert legal.calls == {"pass", *(f"{lv}{s}" for lv in (9, 10) for s in ("S", "C", "D", "H", "NT"))}
    # outbid by a nine, the misère caller may only pass (the misère is binding)
    view = AuctionView(match(), A, (B, C, A), ((B, "misere"), (C, "9S"), (A, "pass")), v.contracts)
    legal = REFERENCE.auction_legal(view, B, v.rules)
    assert legal is not None and legal.calls == {"pass"}
    # not A's turn: nothing is his to call
    legal = REFERENCE.auction_legal(view, A, v.rules)
    assert legal is not None and legal.calls == frozenset()


def test_leningrad_exit_after_two_raspasovkas_is_a_seven() -> None:
    v = variant("leningrad")
    # exit_levels = [6, 7, 8]: after two raspasovkas in a row the lowest game is a seven (russian#dispute-4);
    # misère stays allowed
    history = (raspasovka((4, 3, 3)), raspasovka((4, 3, 3), dealer=B))
    view = AuctionView(match(history=history), C, (A, B, C), (), v.contracts)
    legal = REFERENCE.auction_legal(view, A, v.rules)
    assert legal is not None and "6NT" not in legal.calls and {"7S", "misere", "pass"} <= legal.calls


def test_classic_dark_calls_and_the_exit_after_two_dark_passes() -> None:
    v = variant("classic")
    # RUS-RASP-22, GAP-RUS-08: a raspasovka with two dark passes earns two bombs, so the exit is an eight
    history = (raspasovka((4, 3, 3), auction=((B, "dark-pass"), (C, "pass"), (A, "dark-pass"))),)
    view = AuctionView(match(history=history), A, (B, C, A), (), v.contracts)
    legal = REFERENCE.auction_legal(view, B, v.rules)
    assert legal is not None
    assert {"dark-pass", "dark-8S", "dark-misere", "8S", "misere"} <= legal.calls and "7NT" not in legal.calls
    # RUS-BID-04: after a dark first call the seat's later bids are dark (and misère is gone)
    view = AuctionView(match(), A, (B, C, A), ((B, "dark-6S"), (C, "6C"), (A, "pass")), v.contracts)
    legal = REFERENCE.auction_legal(view, B, v.rules)
    assert legal is not None and "dark-6D" in legal.calls and "6D" not in legal.calls and "pass" in legal.calls


def test_defence_half_whist_return_and_stalingrad() -> None:
    v = variant("sochi", whist={"return_levels": [6, 7]})
    # B declares 6S: C (his left) speaks first; A may half-whist only after C passed (russian#prices-common)
    view = DefenceView(match(), B, v.contracts["6S"], (C, A), ())
    legal = REFERENCE.defence_legal(view, C, v.rules)
    assert legal is not None and legal.calls == {"pass", "whist"}
    view = DefenceView(match(), B, v.contracts["6S"], (C, A), ((C, "pass"),))
    legal = REFERENCE.defence_legal(view, A, v.rules)
    assert legal is not None and legal.calls == {"pass", "whist", "half"}
    # pass + half on a return level: the passer may return the whist
    view = DefenceView(match(), B, v.contracts["6S"], (C, A), ((C, "pass"), (A, "half")))
    legal = REFERENCE.defence_legal(view, C, v.rules)
    assert legal is not None and legal.calls == {"pass", "return"}
    # Stalingrad: only whist against 6S
    s = variant("sochi", whist={"stalingrad": True})
    legal = REFERENCE.defence_legal(DefenceView(match(), B, s.contracts["6S"], (C, A), ()), C, s.rules)
    assert legal is not None and legal.calls == {"whist"}


# ---------------------------------------------------------------- the sheet


def test_sochi_worked_examples() -> None:
    v = variant("sochi")
    # 7H, B whists, C passes (A declares, seat 0 dealing: A's left is B); A 7, the defence 3: pool 4, greedy:
    # B writes 3 x 4 = 12; obligation 2 met (sochi#scoring-a-game)
    r = game(v, "7H", A, (7, 1, 2), ((B, "whist"), (C, "pass")), dealer=C)
    assert summed(REFERENCE.deal_entries(r, match(), v.rules)) == {("pool", A, None): 4, ("whists", B, A): 12}
    # 6S both whist, A 4, B 3, C 3: set by 2, mountain 4; each writes 2 x 2 consolation + 3 x 2 whists = 10
    r = game(v, "6S", A, (4, 3, 3), ((B, "whist"), (C, "whist")), dealer=C)
    assert summed(REFERENCE.deal_entries(r, match(), v.rules)) == {
        ("gora", A, None): 4, ("whists", B, A): 10, ("whists", C, A): 10}
    # 6S both whist, A 7, B 3, C 0: the pair short by 1, C pays only that (russian#dispute-1): 1 x 2
    r = game(v, "6S", A, (7, 3, 0), ((B, "whist"), (C, "whist")), dealer=C)
    assert summed(REFERENCE.deal_entries(r, match(), v.rules)) == {
        ("pool", A, None): 2, ("whists", B, A): 6, ("gora", C, None): 2}
    # 8NT both whist (B first), A takes 10: the second whister, C, writes 1 x 6 (russian#dispute-2)
    r = game(v, "8NT", A, (10, 0, 0), ((B, "whist"), (C, "whist")), dealer=C)
    assert summed(REFERENCE.deal_entries(r, match(), v.rules)) == {("pool", A, None): 6, ("gora", C, None): 6}


def test_leningrad_gentleman_and_half_responsible_whist() -> None:
    v = variant("leningrad")
    # 6NT set by 2, B whists alone (2 tricks), C passes (4): mountain 2 x 4 = 8; each defender writes 8
    # consolation and half of 6 x 4 = 24: 8 + 12 = 20 (leningrad#prices)
    r = game(v, "6NT", A, (4, 2, 4), ((B, "whist"), (C, "pass")), dealer=C)
    assert summed(REFERENCE.deal_entries(r, match(), v.rules)) == {
        ("gora", A, None): 8, ("whists", B, A): 20, ("whists", C, A): 20}
    # 6S made with 8, B whists alone, the defence 2: pool 2, B writes 2 x 4 = 8 and 2 missing x P = 4
    r = game(v, "6S", A, (8, 1, 1), ((B, "whist"), (C, "pass")), dealer=C)
    assert summed(REFERENCE.deal_entries(r, match(), v.rules)) == {
        ("pool", A, None): 2, ("whists", B, A): 8, ("gora", B, None): 4}


def test_half_whist_writes_half_the_obligation() -> None:
    # russian#prices-common: the half-whister writes half the obligation: 6 -> 2 tricks x P 2 = 4
    v = variant("sochi")
    r = game(v, "6S", B, (0, 0, 0), ((C, "pass"), (A, "half")), played=False)
    assert summed(REFERENCE.deal_entries(r, match(), v.rules)) == {("pool", B, None): 2, ("whists", A, B): 4}
    # on an eight (half-whist levels widened) half of an obligation of 1 is half a trick: 1/2 x 6 = 3
    # (the engine writes 0: see the report of this reference)
    w = variant("sochi", whist={"half_whist_levels": [6, 7, 8]})
    r = game(w, "8S", B, (0, 0, 0), ((C, "pass"), (A, "half")), played=False)
    assert summed(REFERENCE.deal_entries(r, match(), w.rules)) == {("pool", B, None): 6, ("whists", A, B): 3}


def test_raspasovka_series_amnesty_and_rostov_whists() -> None:
    v = variant("sochi")
    # the second raspasovka in a row costs 2 (RUS-RASP-11); 5/4/1, amnesty 1 (RUS-RASP-08): 8 and 6
    before = match(history=(raspasovka((4, 3, 3)),))
    r = raspasovka((5, 4, 1), dealer=B)
    assert summed(REFERENCE.deal_entries(r, before, v.rules)) == {("gora", A, None): 8, ("gora", B, None): 6}
    # the third (price 3), 6/4/0: no amnesty; C writes 3 into his pool (RUS-RASP-04)
    before = match(history=(raspasovka((4, 3, 3)), raspasovka((5, 4, 1), dealer=B)))
    r = raspasovka((6, 4, 0), dealer=C)
    assert summed(REFERENCE.deal_entries(r, before, v.rules)) == {
        ("gora", A, None): 18, ("gora", B, None): 12, ("pool", C, None): 3}
    # Rostov EX-06: 6/2/2: B and C write 6 x 5 / 2 = 15 each on A (RUS-RASP-07)
    rostov = variant("rostov")
    r = raspasovka((6, 2, 2))
    assert summed(REFERENCE.deal_entries(r, match(), rostov.rules)) == {
        ("whists", B, A): 15, ("whists", C, A): 15}
    # 4/5/1: C writes 20 on A and 25 on B (RUS-RASP-05)
    r = raspasovka((4, 5, 1))
    assert summed(REFERENCE.deal_entries(r, match(), rostov.rules)) == {
        ("whists", C, A): 20, ("whists", C, B): 25}


def test_four_players_raspasovka_and_paid_talon() -> None:
    # four-players: Leningrad price 2; the dealer (0) won one talon trick, the players 3, 4 and 2: amnesty
    # min(3, 4, 2, 1) = 1; 2, 3 and 1 tricks cost 4, 6 and 2; the dealer writes nothing (RUS-RASP-09)
    v = variant("leningrad", players=4)
    r = raspasovka((1, 3, 4, 2), n=4)
    assert summed(REFERENCE.deal_entries(r, match(4), v.rules)) == {
        ("gora", 1, None): 4, ("gora", 2, None): 6, ("gora", 3, None): 2}
    # the paid talon: 6S with AH KH in the talon: 2 units x 2 = 4 whists from the dealer (sochi#four-players)
    s = variant("sochi", players=4, talon={"paid": True})
    r = game(s, "6S", 1, (0, 6, 2, 2), ((2, "pass"), (3, "pass")), played=False, n=4, talon="AH KH")
    assert summed(REFERENCE.deal_entries(r, match(4), s.rules)) == {("pool", 1, None): 2, ("whists", 0, 1): 4}


def test_overflow_aid_and_the_indivisible_mountain() -> None:
    # russian#overflow: pools A 18, B 12, C 20; C makes 8S (+6): A gets 2 (C writes 20 on A), 4 off C's mountain
    v = variant("sochi")
    ledger: dict[Key, Any] = {("pool", A, None): 18, ("pool", B, None): 12, ("pool", C, None): 20}
    r = game(v, "8S", C, (0, 0, 0), ((A, "pass"), (B, "pass")), played=False, dealer=B)
    assert summed(REFERENCE.deal_entries(r, match(ledger=ledger), v.rules)) == {
        ("pool", A, None): 2, ("whists", C, A): 20, ("gora", C, None): -4}
    # gusarik deal 7: Boris's (1) 8S passed with his pool at 10: 2 to Anna's pool (8 -> 10),
    # 20 whists on her, and only half of the other 4 off his mountain (gusarik#the-convention)
    g = variant("sochi", players=2, pool=10)
    ledger = {("pool", A, None): 8, ("pool", B, None): 10}
    r = game(g, "8S", B, (0, 0, 0), ((A, "pass"),), played=False, dealer=A, n=2)
    assert summed(REFERENCE.deal_entries(r, match(2, ledger=ledger), g.rules)) == {
        ("pool", A, None): 2, ("whists", B, A): 20, ("gora", B, None): -2}


def test_classic_bombs_multiply_the_next_game() -> None:
    # classic#bombs-бомба: two dark passes in a raspasovka earn two bombs; the dark 8S set by 1 is x 2^2:
    # mountain 1 x 6 x 4 = 24, consolation 24 from each other player, whists 6 x 4 = 24 a trick
    v = variant("classic")
    history = (raspasovka((4, 3, 3), auction=((B, "dark-pass"), (C, "pass"), (A, "dark-pass"))),)
    r = game(v, "8S", B, (1, 7, 2), ((C, "whist"), (A, "whist")))
    r = dataclasses.replace(r, auction=((B, "dark-8S"), (C, "pass"), (A, "pass")), bid="dark-8S")
    assert summed(REFERENCE.deal_entries(r, match(history=history), v.rules)) == {
        ("gora", B, None): 24, ("whists", C, B): 24 + 2 * 24, ("whists", A, B): 24 + 1 * 24}


# ---------------------------------------------------------------- the table and what is seen


def test_dealer_first_speaker_and_sitting_out() -> None:
    sochi, classic = variant("sochi"), variant("classic")
    assert REFERENCE.first_speaker(0, 3, sochi.rules) == (1, "GEN-DECK-05")
    assert REFERENCE.first_speaker(1, 2, sochi.rules) == (0, "gusarik#the-convention")  # the dummy never bids
    assert REFERENCE.sitting_out(2, 4, sochi.rules) == (frozenset({2}), "GEN-DECK-04")
    # the deal slides after a raspasovka (RUS-RASP-19); Classic's dealer deals again (RUS-RASP-20)
    history = (raspasovka((4, 3, 3), dealer=1),)
    assert REFERENCE.next_dealer(match(history=history), sochi.rules) == (2, "RUS-RASP-19")
    assert REFERENCE.next_dealer(match(history=history), classic.rules) == (1, "RUS-RASP-20")


def _moment(phase: str, cards: int, *, contract: str = "misere", declarer: int = B) -> Moment:
    return Moment(phase=phase, dealer=A, n_players=3, active=(B, C, A), auction=((B, contract),),
                  declarer=declarer, bid=contract, declaration=(), contract=contract, defence=(),
                  cards_played=cards, all_pass=False, history=())


def test_misere_defenders_open_after_the_declarers_first_lead() -> None:
    v = variant("sochi")
    # RUS-MIS-06: B, first hand, declares misère: the talon is everybody's to see; the defenders' hands lie
    # open only once he has led
    before = REFERENCE.visible(_moment("play", 0), A, v.rules)
    after = REFERENCE.visible(_moment("play", 1), B, v.rules)
    assert before is not None and before.hands == frozenset() and before.talon
    assert after is not None and after.hands == {A, C}
    # a game: only the declarer has seen the talon
    seen = REFERENCE.visible(_moment("defence", 0, contract="6S"), C, v.rules)
    assert seen is not None and not seen.talon


# ---------------------------------------------------------------- the comparator


@pytest.mark.slow
@pytest.mark.parametrize("name", ["sochi", "leningrad", "rostov", "classic"])
def test_engine_matches_the_reference(name: str) -> None:
    v = variant(name)
    result = check_matches_reference(v, 0, 60)  # 60 deals of the walk, then whole matches to their end
    assert result.compared.get("score", 0) >= 60 and result.compared.get("match_end", 0) >= 60
    check_matches_reference(v, 1, 60, matches=0)


@pytest.mark.parametrize("rules", [{"players": 4}, {"players": 2}, {"players": 4, "talon": {"paid": True}},
                                   {"declarer": {"concede_three": True}, "whist": {"return_levels": [6, 7]}}],
                         ids=["four", "two", "paid-talon", "concede-return"])
def test_engine_matches_the_reference_with_options(rules: dict[str, Any]) -> None:
    check_matches_reference(load_variant("sochi", rules), 0, 60, matches=1)
