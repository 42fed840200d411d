"""The Balkan auction, defence and play as the engine runs them (rules-digest 3.1, 5.1, 6.1, 7.1;
docs/variants/balkan.md "Actions"). Seat 0 deals, so seat 1 is first hand and speaks first."""

from __future__ import annotations

import random

import pytest

from preferans.core import load_variant
from preferans.core.engine.game import Game, Phase
from preferans.core.model.views import Defended, PlayView


def game(variant: str = "balkan", seed: int = 1, **rules: object) -> Game:
    return Game(load_variant(variant, rules or None), seed=seed)


def run(g: Game, *actions: str) -> Game:
    for a in actions:
        g.apply(a)
    return g


def discard_two(g: Game) -> None:
    while g.phase is Phase.DISCARD:
        g.apply(g.legal_actions()[0])


# ---------------------------------------------------------------- auction


def test_bids_rise_one_step_and_the_earlier_seat_holds() -> None:
    # pk 7 example 3/4: 1 says 2, 2 says 3, 0 passes; 1 (earlier than 2) holds "mine 3" by repeating 3 and may
    # not raise; 2 must go to 4; 1 holds 4; 2 passes: 1 wins with 4 and plays hearts or higher
    g = game()
    assert g.legal_actions() == ["pass", "2", "igra"]          # the first bid is 2 (BAL-BID-01)
    run(g, "2")
    assert g.legal_actions() == ["pass", "3", "igra"]          # one step up, no jump
    run(g, "3")
    assert g.legal_actions() == ["pass", "4", "igra"]
    run(g, "pass")
    assert g.current_player == 1 and g.legal_actions() == ["pass", "3"]   # hold; igra only as a first call
    run(g, "3")
    assert g.current_player == 2 and g.legal_actions() == ["pass", "4"]
    run(g, "4", "4", "pass")
    assert g.deal.declarer == 1 and g.deal.bid == "4" and g.phase is Phase.DISCARD
    discard_two(g)
    assert g.legal_actions() == ["hearts", "clubs", "betl", "sans"]   # at least the bid (pk 7)


def test_the_later_seat_cannot_hold() -> None:
    # 1 passes, 2 bids 2: 0 speaks after 2, so facing 2's bid it can only raise (no "mine 2", pk 7)
    g = run(game(), "pass", "2")
    assert g.current_player == 0 and g.legal_actions() == ["pass", "3", "igra"]


def test_nobody_can_go_above_seven() -> None:
    g = run(game(), "2", "3", "4", "4", "5", "pass", "5", "6", "6", "7")
    assert g.current_player == 1 and g.legal_actions() == ["pass", "7"]
    run(g, "7")
    assert g.current_player == 2 and g.legal_actions() == ["pass"]


def test_igra_ends_the_talon_bidding_and_the_callers_name_in_order() -> None:
    # pk 8: 1 bids 2, 2 calls igra: the talon bidding is over; 0 has not spoken and may still call igra;
    # 1 already bid and is out. Then 2 names first, 0 only higher or "pass" (yours is better)
    g = run(game(), "2", "igra")
    assert g.current_player == 0 and g.legal_actions() == ["pass", "igra"]
    run(g, "igra")
    assert g.current_player == 2 and g.legal_actions()[0] == "igra-spades" and len(g.legal_actions()) == 6
    run(g, "igra-hearts")
    assert g.current_player == 0 and g.legal_actions() == ["pass", "igra-clubs", "igra-betl", "igra-sans"]
    run(g, "pass")
    # igra: no talon and no discard, the contract is the game named (BAL-BID-02)
    assert g.phase is Phase.DEFENCE and g.deal.declarer == 2 and g.deal.contract is not None
    assert g.deal.contract.name == "igra-hearts" and not g.deal.talon_taken


def test_a_lone_igra_names_any_game() -> None:
    g = run(game(), "igra", "pass", "pass")
    assert g.current_player == 1 and "igra-spades" in g.legal_actions() and "pass" not in g.legal_actions()
    run(g, "igra-spades")
    assert g.phase is Phase.DEFENCE and g.deal.contract is not None and g.deal.contract.name == "igra-spades"


def test_all_pass_is_not_played_and_writes_refes() -> None:
    g = run(game(), "pass", "pass", "pass")
    r = g.results[-1]
    assert r.kind == "all_pass" and not r.played
    refe = [e for e in g.deal_entries[-1] if e.account == "refe" and e.amount]
    assert [(e.seat, e.amount) for e in refe] == [(0, 1), (1, 1), (2, 1)]


# ---------------------------------------------------------------- defence


def declare(g: Game, bid: str, contract: str) -> Game:
    run(g, bid, "pass", "pass")
    discard_two(g)
    return run(g, contract)


def test_follow_round_then_kontra_round_with_an_invitation_for_a_lone_follower() -> None:
    # declarer 1 (first hand won with 2); the defenders speak from his left: 2 then 0 (BAL-KON-03)
    g = declare(game(), "2", "hearts")
    assert g.current_player == 2 and g.legal_actions() == ["pass", "follow"]
    run(g, "follow")
    assert g.current_player == 0 and g.legal_actions() == ["pass", "follow"]
    run(g, "pass")
    # a lone follower: kontra, no kontra, or invite the passer (GAP-BAL-04, BAL-DEF-06)
    assert g.current_player == 2 and g.legal_actions() == ["no-kontra", "kontra", "invite"]
    run(g, "invite")
    assert g.phase is Phase.PLAY and g.deal.play is not None
    assert set(g.deal.play.rules.hands) == {0, 1, 2}         # the invited plays his own cards


def test_two_followers_cannot_invite() -> None:
    g = run(declare(game(), "2", "hearts"), "follow", "follow")
    assert g.current_player == 2 and g.legal_actions() == ["no-kontra", "kontra"]
    run(g, "no-kontra")
    assert g.current_player == 0 and g.legal_actions() == ["no-kontra", "kontra"]


def test_a_lone_follower_plays_two_card_tricks() -> None:
    g = run(declare(game(), "2", "hearts"), "pass", "follow", "no-kontra")
    assert g.deal.play is not None and set(g.deal.play.rules.hands) == {0, 1}   # 2 passed: out (BAL-DEF-05)


def test_the_two_needs_a_kontra_and_offers_no_invitation() -> None:
    g = run(declare(game(), "2", "spades"), "follow", "pass")
    assert g.legal_actions() == ["no-kontra", "kontra"]       # an invitation would not get it played
    run(g, "no-kontra")
    r = g.results[-1]
    assert not r.played and r.contract is not None and r.contract.name == "spades"   # BAL-KON-08


def test_kontra_chain_alternates_unbounded_in_balkan() -> None:
    g = run(declare(game(), "2", "hearts"), "follow", "follow", "kontra")
    assert g.current_player == 1 and g.legal_actions() == ["no-kontra", "rekontra"]   # the declarer
    run(g, "rekontra")
    assert g.current_player == 2 and g.legal_actions() == ["no-kontra", "subkontra"]  # the kontra-giver
    run(g, "subkontra", "mortkontra")
    assert g.current_player == 2 and g.legal_actions() == ["no-kontra", "kontra-5"]   # BAL-KON-07
    run(g, "kontra-5", "kontra-6", "no-kontra")
    assert g.phase is Phase.PLAY


def test_kontra_chain_stops_at_mortkontra_in_serbian() -> None:
    g = run(declare(game("serbian"), "2", "hearts"), "follow", "follow", "no-kontra", "kontra", "rekontra",
            "subkontra")
    assert g.current_player == 1 and g.legal_actions() == ["no-kontra", "mortkontra"]
    run(g, "mortkontra")
    assert g.phase is Phase.PLAY                              # pk 10: nothing beyond x16


def test_betl_has_no_follow_round() -> None:
    # pk 9 / GAP-BAL-12: both defenders always defend a betl; they are asked only about kontra
    g = declare(game(), "2", "betl")
    assert g.current_player == 2 and g.legal_actions() == ["no-kontra", "kontra"]
    run(g, "no-kontra", "no-kontra")
    assert g.deal.play is not None and set(g.deal.play.rules.hands) == {0, 1, 2}
    assert g.deal.play.rules.stop_declarer_at == 1 and g.deal.play.rules.stop_defence_at is None


# ---------------------------------------------------------------- who leads


def lead(variant: str, contract: str, declarer: int, playing: tuple[int, ...]) -> int:
    v = load_variant(variant)
    g = Game(v, seed=1)
    view = PlayView(g.match_view(), 0, (1, 2, 0), declarer, g.contracts[contract], Defended(playing, True), 1)
    return g.book.play_rules(view).leader  # the stack: the core, then the Balkan wrapper


@pytest.mark.parametrize(("contract", "declarer", "playing", "leader"), [
    ("hearts", 2, (0, 1), 1),        # first hand leads (BAL-PLAY-02)
    ("hearts", 2, (0,), 2),          # first hand passed and does not play: the next seat (BAL-PLAY-03)
    ("hearts", 1, (2, 0), 1),        # the declarer is first hand: he leads a suit contract
    ("sans", 1, (2, 0), 2),          # ... but not sans: the lead passes on clockwise (BAL-PLAY-04)
    ("sans", 1, (0,), 0),            # ... to the next seat that plays
])
def test_first_lead_balkan(contract: str, declarer: int, playing: tuple[int, ...], leader: int) -> None:
    assert lead("balkan", contract, declarer, playing) == leader


@pytest.mark.parametrize(("variant", "declarer", "playing", "leader"), [
    ("serbian", 1, (2, 0), 0),       # pk 12 "kroz vodioca": the seat before the declarer (his right) leads
    ("serbian", 2, (0, 1), 1),
    ("serbian", 2, (0,), 0),         # his right (1) does not play: the other defender
    ("slovenian", 1, (2, 0), 0),     # SLO-03 "под разыгрывающего", GAP-BAL-13
    ("slovenian", 0, (1, 2), 2),
])
def test_sans_is_led_under_the_declarer(variant: str, declarer: int, playing: tuple[int, ...], leader: int) -> None:
    assert lead(variant, "sans", declarer, playing) == leader


def test_play_stops_at_the_defences_fifth_trick() -> None:
    # BAL-DEF-03, BAL-PLAY-11: random play of many deals; a suit contract ends after 10 tricks or exactly
    # when the defence takes its 5th; a betl ends after 10 tricks or when the declarer takes his first
    rng = random.Random(5)
    seen = set()
    for seed in range(40):
        g = game(seed=seed)
        deal = g.deal
        while not g.results:
            legal = g.legal_actions()
            if g.phase is Phase.AUCTION:
                action = "2" if "2" in legal else "pass"
            elif g.phase is Phase.DECLARE:
                action = ("hearts", "betl")[seed % 2]
            elif g.phase is Phase.DEFENCE:
                action = "follow" if "follow" in legal else legal[0]
            else:
                action = legal[rng.randrange(len(legal))]
            deal = g.deal
            g.apply(action)
        play, r = deal.play, g.results[-1]
        assert play is not None and r.declarer is not None and r.contract is not None
        done, mine = len(play.completed), r.tricks[r.declarer]
        if r.contract.name == "betl":
            assert done == 10 and mine == 0 or mine == 1 and play.completed[-1][0] == r.declarer
        else:
            assert done - mine <= 5 and (done == 10 or done - mine == 5)
        seen.add((r.contract.name, done < 10))
    assert {("hearts", True), ("betl", True)} <= seen


def test_three_or_four_players_only() -> None:
    # GEN-DECK-04: three players (four with the dealer sitting out); the two-player dummy game is Russian
    from preferans.core.model.errors import ConfigError

    with pytest.raises(ConfigError, match="rules.players"):
        load_variant("balkan", {"players": 2})
    four = game(players=4)
    assert four.deal.active == (1, 2, 3) and four.legal_actions() == ["pass", "2", "igra"]
