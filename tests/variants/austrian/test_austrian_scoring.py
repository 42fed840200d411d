"""The money of the Austrian pot family, worked by hand (issue 5, "What must show it" item 2).

Every expected number is computed from austrian.md 1.8-1.10 and rules-digest.md (AUT-POT-*, AUT-DEF-*,
AUT-PREM-*, STY-*, EX-03..EX-05) with the arithmetic beside it. Deals are built as ``DealResult`` values and
scored through the real hook stack (``Match.before_deal`` for the ante, then ``Match.post``), exactly as the
engine and the scorecard reader do it.

Seats 0, 1, 2 clockwise; the dealer ``d`` antes; the active seats are ``(d+1, d+2, d)``; the defenders speak
from the declarer's left. ``money`` is each player's purse, ``pot`` what each has put into the pot (the pot
holds the column's sum). Basic game: V = 10, so 1 a trick, a failing declarer pays 20 into the pot and a
short defender 10.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import pytest

from preferans.core import load_variant
from preferans.core.engine.match import Match
from preferans.core.model.views import DealResult, Entry

ACES = 0x80808080  # the ace (rank 7) of each suit


def table(variant: str = "austrian", players: int = 3, **rules: Any) -> Match:
    overrides: dict[str, Any] = {"players": players}
    for key, value in rules.items():
        section, _, field = key.partition("__")
        if field:
            overrides.setdefault(section, {})[field] = value
        else:
            overrides[key] = value
    return Match(load_variant(variant, overrides))


def active_of(n: int, dealer: int) -> tuple[int, ...]:
    order = tuple((dealer + i) % n for i in range(1, n + 1))
    return order[:3] if n == 4 else order


def defenders_of(n: int, dealer: int, declarer: int) -> tuple[int, ...]:
    act = active_of(n, dealer)
    return tuple(s for s in ((declarer + k) % n for k in range(1, n)) if s in act)


def deal(m: Match, dealer: int, declarer: int, contract: str, tricks: Mapping[int, int] | None = None,
         calls: Iterable[str] = ("play", "play"), declaration: Iterable[str] = (),
         held: Mapping[int, int] | None = None, kontra: Iterable[tuple[int, str]] = ()) -> DealResult:
    """A contract deal; ``calls`` in speaking order (or ``kontra`` calls for the extra contracts)."""
    n = m.n_players
    defenders = defenders_of(n, dealer, declarer)
    spec = m.contracts[contract]
    if spec.kind == "suit":
        defence = tuple(zip(defenders, calls, strict=False))
        invited = any(c == "invite" for _, c in defence)
        whisters = defenders if invited else tuple(s for s, c in defence if c == "play")
    else:
        defence, whisters = tuple(kontra), defenders
    played = bool(whisters)
    counts = tuple((tricks or {}).get(s, 0) for s in range(n))
    return DealResult(kind="contract", dealer=dealer, active=active_of(n, dealer), tricks=counts, declarer=declarer,
                      contract=spec, bid=contract, defence=defence, defending=whisters, played=played,
                      index_in_match=len(m.results), declaration=tuple((declarer, c) for c in declaration),
                      held=tuple((held or {}).get(s, 0) for s in range(n)) if held else ())


def all_pass(m: Match, dealer: int) -> DealResult:
    return DealResult(kind="all_pass", dealer=dealer, active=active_of(m.n_players, dealer),
                      tricks=(0,) * m.n_players, played=False, index_in_match=len(m.results))


def post(m: Match, r: DealResult) -> list[Entry]:
    """Ante (and initial pot) first, then the deal: what one deal writes."""
    before = m.before_deal(r.dealer)
    return m.post(r, before)


def money(entries: Iterable[Entry]) -> dict[int, Any]:
    out: dict[int, Any] = {}
    for e in entries:
        if e.account == "money":
            out[e.seat] = out.get(e.seat, 0) + e.amount
    return {s: v for s, v in out.items() if v}


def into_pot(entries: Iterable[Entry]) -> Any:
    return sum(e.amount for e in entries if e.account == "pot")


def pot(m: Match) -> Any:
    return sum(m.ledger.column("pot"))


def balanced(entries: Iterable[Entry]) -> bool:
    return sum(e.amount for e in entries) == 0


# ---------------------------------------------------------------- the basic game (fixed stake V = 10)


def test_made_both_defenders_play() -> None:
    m = table()
    # seat 0 antes 10; seat 1 takes 10 and pays 1 a trick: 2 to seat 2, 2 to seat 0; 6 tricks: made
    e = post(m, deal(m, 0, 1, "clubs", {1: 6, 2: 2, 0: 2}))
    assert money(e) == {0: -10 + 2, 1: 10 - 4, 2: 2}
    assert into_pot(e) == 10 - 10 and balanced(e)


def test_failed_declarer_and_short_defender_both_pay() -> None:
    m = table()
    # EX-03 at V = 10: tricks 5:4:1. Seat 1 takes 10, pays 4 and 1; 5 < 6: 2 x 10 = 20 into the pot;
    # seat 0 has 1 < 2: pays 10 even though the declarer failed (AUT-DEF-01 [I])
    e = post(m, deal(m, 0, 1, "spades", {1: 5, 2: 4, 0: 1}))
    assert money(e) == {0: -10 + 1 - 10, 1: 10 - 5 - 20, 2: 4}
    assert pot(m) == 10 - 10 + 20 + 10 == 30


def test_both_defenders_short() -> None:
    m = table()
    # 8:1:1, each defender pays V = 10 (AUT-DEF-01); the declarer pays 1 to each
    e = post(m, deal(m, 0, 1, "hearts", {1: 8, 2: 1, 0: 1}))
    assert money(e) == {0: -10 + 1 - 10, 1: 10 - 2, 2: 1 - 10}
    assert pot(m) == 10 - 10 + 10 + 10 == 20


def test_one_stays_home_two_card_tricks() -> None:
    m = table()
    # seat 2 passes, seat 0 plays alone: only his tricks are paid, only his quota counts (KNET)
    e = post(m, deal(m, 0, 1, "diamonds", {1: 7, 0: 3}, calls=("pass", "play")))
    assert money(e) == {0: -10 + 3, 1: 10 - 3}
    # alone with one trick: short, he pays 10
    e = post(m, deal(m, 1, 2, "diamonds", {2: 9, 1: 1}, calls=("pass", "play")))
    assert money(e) == {1: -10 + 1 - 10, 2: 10 - 1}


def test_both_stay_home_declarer_is_paid_without_play() -> None:
    m = table()
    # only step 1: he takes V = 10 (austrian.md 1.8 step 6)
    e = post(m, deal(m, 0, 1, "clubs", None, calls=("pass", "pass")))
    assert money(e) == {0: -10, 1: 10}
    assert pot(m) == 0


def test_invitation_inviter_collects_and_answers_for_four() -> None:
    m = table()
    # seat 2 passes, seat 0 invites him: both play; the inviter collects 1 a trick for both, 3 + 1 = 4
    # (GAP-AUT-10); the defence took 4 >= 4: no penalty; the invited seat 2 has no quota of his own
    e = post(m, deal(m, 0, 1, "clubs", {1: 6, 2: 1, 0: 3}, calls=("pass", "invite")))
    assert money(e) == {0: -10 + 4, 1: 10 - 4}
    # defence 1 + 2 = 3 < 4: the inviter pays V = 10 (AUT-DEF-02)
    e = post(m, deal(m, 1, 2, "clubs", {2: 7, 0: 1, 1: 2}, calls=("pass", "invite")))
    assert money(e) == {1: -10 + 3 - 10, 2: 10 - 3}


def test_invited_collects_his_own_tricks_under_the_option() -> None:
    m = table(defence__invited_tricks="own")
    e = post(m, deal(m, 0, 1, "clubs", {1: 6, 2: 1, 0: 3}, calls=("pass", "invite")))
    assert money(e) == {0: -10 + 3, 1: 10 - 4, 2: 1}


def test_all_pass_only_the_ante() -> None:
    m = table()
    e = post(m, all_pass(m, 0))
    assert money(e) == {0: -10} and into_pot(e) == 10
    e = post(m, all_pass(m, 1))
    assert pot(m) == 20  # the pot keeps the antes (GAP-AUT-03)


def test_fixed_stake_only_grows_the_pot() -> None:
    m = table()
    # austrian.md 1.8: the ante refills what the declarer takes, so a deal without failures leaves it alone
    post(m, deal(m, 0, 1, "clubs", {1: 6, 2: 2, 0: 2}))
    post(m, deal(m, 1, 2, "clubs", {2: 6, 0: 2, 1: 2}))
    assert pot(m) == 0
    post(m, deal(m, 2, 0, "clubs", {0: 5, 1: 3, 2: 2}))
    assert pot(m) == 20


def test_four_players_the_dealer_sits_out_and_still_antes() -> None:
    m = table(players=4)
    # dealer 0 sits out; active 1, 2, 3; he antes 10 all the same (austrian.md 1.3 [I])
    e = post(m, deal(m, 0, 1, "clubs", {1: 6, 2: 2, 3: 2}))
    assert money(e) == {0: -10, 1: 10 - 4, 2: 2, 3: 2}


def test_initial_pot_in_equal_shares() -> None:
    m = table(pot__initial=30)
    e = post(m, all_pass(m, 0))
    # 30 / 3 = 10 each, and the dealer's 10
    assert money(e) == {0: -20, 1: -10, 2: -10} and pot(m) == 40
    m4 = table(players=4, pot__initial=30)
    e = post(m4, all_pass(m4, 0))
    share = Fraction(30, 4)  # 15/2 each: exact, never a float
    assert money(e) == {0: -share - 10, 1: -share, 2: -share, 3: -share}


# ---------------------------------------------------------------- the unlimited and limited pots


def test_unlimited_pot_seed_example() -> None:
    m = table("austrian-unlimited", pot__initial=30)
    # EX-03: pot 30 + the dealer's 10 = 40 = V; tricks declarer 5, L 4, R 1
    e = post(m, deal(m, 0, 1, "hearts", {1: 5, 2: 4, 0: 1}))
    net = money(e)
    # declarer +40 - 16 - 4 - 80 = -60; L +16; R: 4 - 40 = -36 (and the shares of the initial pot)
    assert net == {0: -10 - 10 + 4 - 40, 1: -10 + 40 - 16 - 4 - 80, 2: -10 + 16}
    assert pot(m) == 120
    # the next dealer adds 10: the next deal is played for 130, 13 a trick, and a declarer who fails
    # risks 2 x 130 = 260 (AUT-POT-06)
    e = post(m, deal(m, 1, 2, "clubs", {2: 4, 0: 3, 1: 3}))
    assert money(e) == {1: -10 + 39, 2: 130 - 39 - 39 - 260, 0: 39}
    fail = [x.amount for x in e if x.note == "declarer failed" and x.account == "pot"]
    assert fail == [260] and pot(m) == 260


def test_limited_pot_seed_example() -> None:
    m = table("austrian-limited", pot__initial=120)
    # EX-04: 120 + 10 = 130 in the pot, played for min(130, 100) = 100; tricks 6:3:1
    e = post(m, deal(m, 0, 1, "diamonds", {1: 6, 0: 3, 2: 1}))
    assert money(e) == {0: -40 - 10 + 30, 1: -40 + 100 - 40, 2: -40 + 10 - 100}
    assert pot(m) == 130
    # next deal: 130 + 10 = 140, still played for 100; 6:2:2, nobody short
    e = post(m, deal(m, 1, 2, "diamonds", {2: 6, 0: 2, 1: 2}))
    assert money(e) == {0: 20, 1: -10 + 20, 2: 100 - 40}
    assert pot(m) == 40
    post(m, all_pass(m, 2))
    assert pot(m) == 140 - 100 + 10 == 50  # "140-100+10=50": the following deal is played for 50
    e = post(m, deal(m, 0, 1, "clubs", {1: 6, 2: 2, 0: 2}))
    taken = [x.amount for x in e if x.note == "declarer takes from the pot" and x.account == "money"]
    assert taken == [60]  # 50 + this deal's ante 10 = 60 < 100


@pytest.mark.parametrize("cap", [5, 10, 20])
def test_limited_cap_multiplier(cap: int) -> None:
    m = table("austrian-limited", pot__initial=300, pot__cap_multiplier=cap)
    e = post(m, deal(m, 0, 1, "clubs", {1: 6, 2: 2, 0: 2}))
    # the pot (310) is above every cap: played for cap x 10, 1/10 of it a trick
    v = cap * 10
    assert money(e)[1] == -100 + v - 4 * v // 10
    assert pot(m) == 310 - v


# ---------------------------------------------------------------- the Styrian pot


@pytest.mark.parametrize(("contract", "value"), [("clubs", 20), ("spades", 30), ("diamonds", 40), ("hearts", 50)])
def test_styrian_deal_for_each_trump(contract: str, value: int) -> None:
    m = table("styrian")
    # 150 in equal shares (50 each), no ante; V by trump (STY-VAL-01); 6:3:1 (EX-05 for hearts: the
    # declarer takes 50, pays 15 and 5, the whister with one trick pays 50)
    e = post(m, deal(m, 0, 1, contract, {1: 6, 2: 3, 0: 1}))
    rate = value // 10
    assert money(e) == {0: -50 + rate - value, 1: -50 + value - 4 * rate, 2: -50 + 3 * rate}
    assert pot(m) == 150 - value + value


def test_styrian_failed_declarer_pays_double_the_trump_value() -> None:
    m = table("styrian")
    e = post(m, deal(m, 0, 1, "spades", {1: 5, 2: 3, 0: 2}))
    assert money(e)[1] == -50 + 30 - 15 - 60
    assert pot(m) == 150 - 30 + 60


def test_styrian_short_pot_plays_for_what_is_there() -> None:
    m = table("styrian", pot__initial=30)
    # hearts is worth 50 but the pot holds 30: played for 30 (GAP-AUT-06): 3 a trick
    e = post(m, deal(m, 0, 1, "hearts", {1: 6, 2: 2, 0: 2}))
    assert money(e) == {0: -10 + 6, 1: -10 + 30 - 12, 2: -10 + 6}
    m = table("styrian", pot__initial=30, pot__shortfall="value")
    # the option: he takes the 30 there is, but pays 5 a trick and would pay 100 on failure
    e = post(m, deal(m, 0, 1, "hearts", {1: 5, 2: 3, 0: 2}))
    assert money(e) == {1: -10 + 30 - 25 - 100, 2: -10 + 15}  # seat 0: -10 + 10 = 0


def test_styrian_empty_pot_ends_the_session_or_is_refilled() -> None:
    m = table("styrian", pot__initial=30)
    post(m, deal(m, 0, 1, "spades", {1: 6, 2: 2, 0: 2}))  # takes all 30, nobody pays in
    assert pot(m) == 0 and m.is_over()  # STY-POT-01: the table stops
    m = table("styrian", pot__initial=30, pot__when_empty="refill")
    post(m, deal(m, 0, 1, "spades", {1: 6, 2: 2, 0: 2}))
    assert not m.is_over()
    e = m.before_deal(1)
    assert money(e) == {0: -10, 1: -10, 2: -10} and pot(m) == 30  # refilled the same way


def test_pot_remainder_kept_or_shared_at_the_end() -> None:
    m = table()
    post(m, deal(m, 0, 1, "clubs", {1: 5, 2: 3, 0: 2}))  # 20 into the pot, seat 0's ante 10 taken out
    s = m.settlement()
    assert s.exact == (-10 + 2, 10 - 5 - 20, 3) and s.details["pot"] == 20
    assert sum(s.exact) + 20 == 0
    m = table(pot__at_end="share")
    post(m, deal(m, 0, 1, "clubs", {1: 5, 2: 3, 0: 2}))
    s = m.settlement()
    # 20 shared: 20/3 each, exact; the rounded values still sum to 0 (largest remainder)
    third = Fraction(20, 3)
    assert s.exact == (-8 + third, -15 + third, 3 + third) and s.details["pot"] == 0
    assert sum(s.exact) == 0 and sum(s.rounded) == 0


# ---------------------------------------------------------------- premiums (AUT-PREM)


def test_hearts_premium_only_without_the_talon() -> None:
    m = table()
    # hearts hand (Préférence) made: 10 from each opponent (AUT-PREM-02), besides the pot's 10 - 4
    e = post(m, deal(m, 0, 1, "hearts-hand", {1: 6, 2: 2, 0: 2}))
    assert money(e) == {0: -10 + 2 - 10, 1: 10 - 4 + 20, 2: 2 - 10}
    # failed: he pays each opponent 10
    e = post(m, deal(m, 1, 2, "hearts-hand", {2: 5, 0: 3, 1: 2}))
    assert money(e) == {1: -10 + 2 + 10, 2: 10 - 5 - 20 - 20, 0: 3 + 10}
    # hearts with the talon: no premium (ISS-15 literal reading)
    e = post(m, deal(m, 2, 0, "hearts", {0: 6, 1: 2, 2: 2}))
    assert money(e) == {2: -10 + 2, 0: 10 - 4, 1: 2}


def test_hearts_premium_options() -> None:
    m = table(premiums__hearts="always")
    e = post(m, deal(m, 0, 1, "hearts", {1: 6, 2: 2, 0: 2}))
    assert money(e)[1] == 10 - 4 + 20
    m = table(premiums__hearts="off")
    e = post(m, deal(m, 0, 1, "hearts-hand", {1: 6, 2: 2, 0: 2}))
    assert money(e)[1] == 10 - 4
    m = table(premiums__other_hand_games=True)
    e = post(m, deal(m, 0, 1, "clubs-hand", {1: 6, 2: 2, 0: 2}))
    assert money(e)[1] == 10 - 4 + 20  # open point 6: every hand game pays it
    m = table()
    e = post(m, deal(m, 0, 1, "clubs-hand", {1: 6, 2: 2, 0: 2}))
    assert money(e)[1] == 10 - 4


def test_four_aces_shown_at_the_end() -> None:
    m = table()
    held = {1: ACES | 0x0F}  # the four aces among his ten cards
    e = post(m, deal(m, 0, 1, "clubs", {1: 6, 2: 2, 0: 2}, held=held))
    assert money(e)[1] == 10 - 4 + 20  # 10 from each opponent (AUT-PREM-03)
    # not paid if the contract fails, and he pays nothing either (the seed)
    e = post(m, deal(m, 1, 1, "clubs", {1: 5, 2: 3, 0: 2}, held=held))
    assert money(e)[1] == -10 + 10 - 5 - 20
    # three aces: nothing
    e = post(m, deal(m, 2, 1, "clubs", {1: 6, 2: 2, 0: 2}, held={1: ACES & ~0x80}))
    assert money(e)[1] == 10 - 4


def test_four_aces_reversed_or_announced_under_the_options() -> None:
    held = {1: ACES}
    m = table(premiums__on_failure="reverse")
    e = post(m, deal(m, 0, 1, "clubs", {1: 5, 2: 3, 0: 2}, held=held))
    assert money(e)[1] == 10 - 5 - 20 - 20  # paid back to each opponent
    m = table(premiums__four_aces="announced")
    e = post(m, deal(m, 0, 1, "clubs", {1: 6, 2: 2, 0: 2}, held=held))
    assert money(e)[1] == 10 - 4  # held but not announced in advance: nothing (AUT-PREM-05 c)
    e = post(m, deal(m, 1, 1, "clubs", {1: 6, 2: 2, 0: 2}, declaration=["four-aces"]))
    assert money(e)[1] == -10 + 10 - 4 + 20
    m = table(premiums__four_aces="off")
    e = post(m, deal(m, 0, 1, "clubs", {1: 6, 2: 2, 0: 2}, held=held))
    assert money(e)[1] == 10 - 4


def test_no_aces_announced_before_the_first_lead() -> None:
    m = table()
    e = post(m, deal(m, 0, 1, "spades", {1: 6, 2: 2, 0: 2}, declaration=["no-aces"]))
    assert money(e)[1] == 10 - 4 + 20  # AUT-PREM-04
    e = post(m, deal(m, 1, 1, "spades", {1: 5, 2: 3, 0: 2}, declaration=["no-aces"]))
    assert money(e)[1] == -10 + 10 - 5 - 20 - 20  # failed: he pays each opponent 10
    e = post(m, deal(m, 2, 1, "spades", {1: 6, 2: 2, 0: 2}))
    assert money(e)[1] == 10 - 4  # not announced: nothing, whatever his cards


def test_no_aces_options() -> None:
    m = table(premiums__on_failure="forfeit")
    e = post(m, deal(m, 0, 1, "spades", {1: 5, 2: 3, 0: 2}, declaration=["no-aces"]))
    assert money(e)[1] == 10 - 5 - 20
    m = table(premiums__no_aces="off")
    e = post(m, deal(m, 0, 1, "spades", {1: 6, 2: 2, 0: 2}, declaration=["no-aces"]))
    assert money(e)[1] == 10 - 4
    m = table(premiums__aces_hand_only=True)
    e = post(m, deal(m, 0, 1, "spades", {1: 6, 2: 2, 0: 2}, declaration=["no-aces"]))
    assert money(e)[1] == 10 - 4  # AUT-PREM-05 (b): only games without the talon
    e = post(m, deal(m, 1, 1, "spades-hand", {1: 6, 2: 2, 0: 2}, declaration=["no-aces"]))
    assert money(e)[1] == -10 + 10 - 4 + 20


def test_premium_payers_and_premiums_without_play() -> None:
    m = table(premiums__payers="defenders")
    # only seat 0 played: only he pays the declarer (ISS-01); on failure the declarer pays both
    e = post(m, deal(m, 0, 1, "hearts-hand", {1: 7, 0: 3}, calls=("pass", "play")))
    assert money(e) == {0: -10 + 3 - 10, 1: 10 - 3 + 10}
    e = post(m, deal(m, 1, 2, "hearts-hand", {2: 5, 1: 5}, calls=("pass", "play")))
    assert money(e) == {1: -10 + 5 + 10, 2: 10 - 5 - 20 - 20, 0: 10}
    m = table()
    # both stay at home: the premium is due without play (GAP-AUT-04) ...
    e = post(m, deal(m, 0, 1, "hearts-hand", None, calls=("pass", "pass")))
    assert money(e) == {0: -10 - 10, 1: 10 + 20, 2: -10}
    m = table(premiums__without_play=False)
    e = post(m, deal(m, 0, 1, "hearts-hand", None, calls=("pass", "pass")))
    assert money(e) == {0: -10, 1: 10}  # ... or not, under the option (open point 7)


def test_every_deal_balances() -> None:
    m = table("austrian-unlimited", pot__initial=30)
    for r in (deal(m, 0, 1, "hearts-hand", {1: 5, 2: 4, 0: 1}, declaration=["no-aces"]),):
        assert balanced(post(m, r))
    r = deal(m, 1, 2, "clubs", {2: 7, 0: 1, 1: 2}, calls=("pass", "invite"), held={2: ACES})
    assert balanced(post(m, r))
