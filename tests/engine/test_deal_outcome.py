"""``DealResult.outcome``: whether a deal was played, passed out or thrown in, and what each family scores
for a deal thrown in.

A house rule of six lines, "all pass: throw the cards in and deal again" (``Redeal``), must not give the
Russian family's raspasovka entries to a deal nobody played: under Sochi every seat had no trick, so each
wrote the raspasovka price into his pool (RUS-RASP-04), 1 + 2 + 3 + 3 = 9 after four such deals (the 1-2-3
progression, capped at 3). A deal thrown in writes nothing there. The Austrian pot keeps the dealer's ante
and nothing else (GAP-AUT-03); the Balkan family, which has no all-pass game, writes its refe for everybody
(BAL-REFE-01) as before.
"""

from __future__ import annotations

import types
import uuid
from collections.abc import Callable
from typing import Any

import pytest

from preferans.core import Game, Phase, Variant, load_variant
from preferans.core.plugin import AuctionView, DealResult, Entry, Redeal, hookimpl


@hookimpl
def redeal_when_all_pass(view: AuctionView, rules: Any) -> Redeal:
    """The house rule's one hook (``pref_all_pass`` in its module): the cards are thrown in, dealt again."""
    return Redeal()


@pytest.fixture
def with_redeal() -> Callable[..., Variant]:
    """``load(name, overrides)``: the variant with the house rule above as an extra plugin, an in-memory
    module given to ``load_variant(plugins=[module])`` as a program adds its house rule."""
    module = types.ModuleType(f"redeal_{uuid.uuid4().hex[:8]}", "House rule: all pass -> Redeal().")
    module.pref_all_pass = redeal_when_all_pass  # type: ignore[attr-defined]
    return lambda variant, overrides=None: load_variant(variant, overrides, plugins=[module])


def all_pass(game: Game) -> None:
    """Everybody passes in the deal now in the auction; play it out if the variant plays it."""
    before = len(game.results)
    while len(game.results) == before:
        game.apply("pass" if game.phase is Phase.AUCTION else game.legal_actions()[0])


def one_deal(game: Game, defence: str) -> DealResult:
    """First hand bids 6S, the others pass; the declarer discards his first two cards and names 6S; every
    defence question gets ``defence`` when it is allowed (else the first call); the cards are played out."""
    before = len(game.results)
    bid = "6S"
    while len(game.results) == before:
        legal = game.legal_actions()
        if game.phase is Phase.AUCTION:
            action, bid = bid, "pass"
        elif game.phase is Phase.DEFENCE and defence in legal:
            action = defence
        else:
            action = legal[0]
        game.apply(action)
    return game.results[-1]


# ---------------------------------------------------------------- the house rule under Sochi


@pytest.mark.parametrize("players", [3, 4, 2])
def test_redeal_house_rule_under_sochi_scores_nothing(with_redeal: Callable[..., Variant], players: int) -> None:
    game = Game(with_redeal("sochi", {"players": players}), seed=7)
    for _ in range(4):
        all_pass(game)
    # four deals thrown in: no card played, no trick taken, nothing written; every sheet total is 0
    # (before: 1 + 2 + 3 + 3 = 9 in each player's pool)
    assert [r.outcome for r in game.results] == ["thrown_in"] * 4
    assert [r.kind for r in game.results] == ["all_pass"] * 4
    assert game.deal_entries == [[], [], [], []]
    assert all(amount == 0 for amount in game.match.totals.values())
    for account in ("pool", "gora"):
        assert game.ledger.column(account) == (0,) * players
    # the settlement of an empty sheet: 0 for everybody
    assert game.settlement().rounded == (0,) * players
    # the fifth deal is in its auction: the deal went round clockwise from seat 0 (dealers 0, 1, 2, 3 mod n),
    # so seat 4 mod n deals it, and nobody has spoken yet
    assert game.phase is Phase.AUCTION and game.deal.calls == [] and game.deal.dealer == 4 % players


def test_thrown_in_deals_do_not_count_as_raspasovkas(with_redeal: Callable[..., Variant]) -> None:
    """A deal thrown in is no raspasovka: the Russian series and its progression ignore it. After two
    thrown in, a played raspasovka would be the first of its series, at price 1 (not 3)."""
    from preferans.variants.russian.scoring import raspasovka_streak

    game = Game(with_redeal("sochi"), seed=3)
    all_pass(game)
    all_pass(game)
    assert raspasovka_streak(game.match_view(), game.rules) == 0


# ---------------------------------------------------------------- outcome values from the engine


def test_played_contract(sochi: Variant) -> None:
    r = one_deal(Game(sochi, seed=1), "whist")
    # 6S whisted and played out: ten tricks between the three hands
    assert r.kind == "contract" and r.contract is not None and r.contract.name == "6S"
    assert r.played and r.outcome == "played" and sum(r.tricks) == 10


def test_made_says_whether_the_declarer_made_it(sochi: Variant) -> None:
    r = one_deal(Game(sochi, seed=1), "whist")
    # seed 1: Boris (seat 1) plays 6S whisted and takes 2 tricks of the 6 he needs: set by 4
    assert r.declarer == 1 and r.tricks[1] == 2 and r.made is False
    game = Game(sochi, seed=1)
    assert one_deal(game, "pass").made is True  # both defenders passed: written as made (russian.md 2.0)
    all_pass(game)
    assert game.results[-1].made is None  # a raspasovka: nobody declared


@pytest.mark.parametrize(("name", "taken", "made"), [
    ("6S", 6, True), ("6S", 5, False), ("8NT", 8, True), ("8NT", 7, False),
    ("misere", 0, True), ("misere", 1, False),
])
def test_made_follows_the_contracts_goal(sochi: Variant, name: str, taken: int, made: bool) -> None:
    # the declarer (seat 1) needs the contract's level in tricks, or none at all for misère
    tricks = (10 - taken, taken, 0)
    r = DealResult(kind="contract", dealer=0, active=(1, 2, 0), tricks=tricks, declarer=1,
                   contract=sochi.contracts[name])
    assert r.made is made
    conceded = DealResult(kind="contract", dealer=0, active=(1, 2, 0), tricks=(0, 0, 0), declarer=1,
                          contract=sochi.contracts[name], played=False, defence=((2, "whist"), (1, "concede")))
    assert conceded.made is False  # "без трёх": the declarer conceded three undertricks without play


def test_passed_out_contract(sochi: Variant) -> None:
    game = Game(sochi, seed=1)
    r = one_deal(game, "pass")
    # both defenders pass 6S: no card is played and the game is written as made (russian.md 2.0):
    # the price of a six, 2, into the declarer's pool, and nothing else
    assert r.kind == "contract" and not r.played and r.outcome == "passed_out" and r.tricks == (0, 0, 0)
    assert r.declarer is not None
    assert game.deal_entries[-1] == [Entry("pool", r.declarer, 2, note="game, not played")]


def test_raspasovka_is_played(sochi: Variant) -> None:
    game = Game(sochi, seed=1)
    all_pass(game)
    r = game.results[-1]
    # all passed and Sochi plays the raspasovka: ten tricks are played
    assert r.kind == "all_pass" and r.contract is not None and r.contract.kind == "raspasovka"
    assert r.played and r.outcome == "played" and sum(r.tricks) == 10


@pytest.mark.parametrize(("kind", "played", "outcome"), [
    ("contract", True, "played"),
    ("contract", False, "passed_out"),
    ("all_pass", True, "played"),
    ("all_pass", False, "thrown_in"),
])
def test_outcome_follows_kind_and_played(kind: str, played: bool, outcome: str) -> None:
    r = DealResult(kind=kind, dealer=0, active=(1, 2, 0), tricks=(0, 0, 0), played=played)  # type: ignore[arg-type]
    assert r.outcome == outcome


# ---------------------------------------------------------------- the other families' deals thrown in


def test_austrian_deal_thrown_in_keeps_only_the_ante() -> None:
    game = Game(load_variant("austrian"), seed=1)
    all_pass(game)
    r = game.results[-1]
    # nobody bid: the cards are thrown in; the dealer (seat 0) put the ante, 10, into the pot before the
    # deal and that is all the deal writes: money 0 - 10 = -10, pot 0 + 10 = 10
    assert r.outcome == "thrown_in"
    assert [(e.account, e.seat, e.amount) for e in game.deal_entries[-1]] == [("money", 0, -10), ("pot", 0, 10)]


def test_balkan_deal_thrown_in_writes_a_refe_for_everybody() -> None:
    game = Game(load_variant("balkan"), seed=1)
    all_pass(game)
    all_pass(game)
    assert [r.outcome for r in game.results] == ["thrown_in", "thrown_in"]
    # deal 1 opens the sheet (bula 30 each, the other columns at 0: notes "start"); then, nobody having bid,
    # BAL-REFE-01: one refe for each of the three players (refe 1 and the mark drawn, refe_drawn 1)
    first = [(e.account, e.seat, e.amount) for e in game.deal_entries[0] if e.note != "start"]
    assert sorted(first) == [("refe", 0, 1), ("refe", 1, 1), ("refe", 2, 1),
                             ("refe_drawn", 0, 1), ("refe_drawn", 1, 1), ("refe_drawn", 2, 1)]
    # deal 2: refe_limit 1 allows one refe deal in the game and there was one (BAL-REFE-04): nothing
    assert game.deal_entries[1] == []
