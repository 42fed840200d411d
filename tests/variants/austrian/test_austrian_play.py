"""The Austrian game through the engine: auction, talon and naming, announcements, defence, play.

Hands are fixed with ``Game(..., deals=[pack])`` (a pack lists ten cards for each bidder in speaking order,
first hand first, then the two talon cards), so each test knows every card. Seat 0 deals the first deal;
seat 1 is first hand. Rule IDs are from rules-digest.md and austrian.md.
"""

from __future__ import annotations

from typing import Any

import pytest

from preferans.core import IllegalActionError, load_variant
from preferans.core.engine.game import Game, Phase
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import CARD_INDEX, parse_card
from preferans.core.model.views import PlayRules

# seat 1 (first hand): strong hearts, no ace among his ten; seat 2; seat 0 (the dealer); talon 7C 8C
HANDS = {
    1: "KH QH JH 10H 8H KS QS KD QD JC",
    2: "AS JS 10S 9S AD JD 10D 9D 7H 9C",
    0: "8S 7S 8D 7D AH 9H AC KC QC 10C",
}
TALON = "7C 8C"


def pack(hands: dict[int, str] = HANDS, talon: str = TALON, order: tuple[int, ...] = (1, 2, 0)) -> list[int]:
    cards = [parse_card(c) for seat in order for c in hands[seat].split()] + [parse_card(c) for c in talon.split()]
    assert len(cards) == 32 and len(set(cards)) == 32
    return cards


def game(variant: str = "austrian", rules: dict[str, Any] | None = None, **kw: Any) -> Game:
    return Game(load_variant(variant, rules), seed=1, deals=[pack(**kw)])


def apply(g: Game, *actions: str) -> None:
    for a in actions:
        g.apply(a)


# ---------------------------------------------------------------- auction


def test_numbers_hold_and_pass() -> None:
    g = game()
    assert g.current_player == 1
    legal = g.legal_actions()
    # numbers 1..4 and the hand games above them (WIKI14); nothing to hold yet
    assert legal == ["pass", "1", "2", "3", "4", "clubs-hand", "spades-hand", "diamonds-hand", "hearts-hand"]
    apply(g, "1")
    assert "mein" not in g.legal_actions()  # seat 2 sits later than seat 1: he may not hold
    apply(g, "2", "pass")
    # seat 1 sits earlier than seat 2: he may hold his 2 with "mein" (WSUM, WIKI14)
    assert "mein" in g.legal_actions()
    apply(g, "mein")
    assert g.current_player == 2 and "mein" not in g.legal_actions()
    apply(g, "3", "mein", "pass")
    # seat 1 holds seat 2's 3 and wins the auction with it
    assert g.phase is Phase.DISCARD and g.deal.declarer == 1 and g.deal.bid == "3"


def test_no_holding_and_one_step_under_the_options() -> None:
    g = game(rules={"auction": {"hold": False, "jumps": False}})
    apply(g, "1")
    # exactly one higher (CSWB): the next number or the lowest hand game
    assert g.legal_actions() == ["pass", "2", "clubs-hand"]
    apply(g, "2", "pass")
    assert "mein" not in g.legal_actions()


def test_hand_bids_by_number_under_the_option() -> None:
    table = load_variant("austrian", {"game": {"hand_rank": "by_number"}}).contracts
    # GAP-ILL-03: a hand bid just above the talon bid of its number
    assert table["1"].rank < table["clubs-hand"].rank < table["2"].rank < table["hearts-hand"].rank
    table = load_variant("austrian").contracts
    assert table["4"].rank < table["clubs-hand"].rank


def test_all_pass_throws_the_cards_in() -> None:
    g = game()
    apply(g, "pass", "pass", "pass")
    r = g.results[-1]
    assert r.kind == "all_pass" and not r.played
    assert g.deal.dealer == 1  # the deal passes on; the next dealer antes
    assert [e.amount for e in g.deal_entries[-1] if e.account == "pot"] == [10]


# ---------------------------------------------------------------- talon, naming, announcements


def test_talon_discard_and_naming_at_least_the_bid() -> None:
    g = game()
    apply(g, "3", "pass", "pass")
    assert g.phase is Phase.DISCARD and g.current_player == 1
    assert g.hand(1) & (1 << CARD_INDEX["7C"])  # the talon is in his hand
    apply(g, "7C", "8C")
    # AUT-BID-03: a contract whose number is at least 3: diamonds or hearts
    assert g.phase is Phase.DECLARE and g.legal_actions() == ["diamonds", "hearts"]
    apply(g, "hearts")
    # no ace among his twelve cards: he may announce it before the first lead (AUT-PREM-04)
    assert g.legal_actions() == ["quiet", "no-aces"]
    apply(g, "no-aces")
    assert g.phase is Phase.DEFENCE
    assert g.deal.declaration_calls == [(1, "hearts"), (1, "no-aces")]


def test_a_discarded_ace_still_counts() -> None:
    # AH goes to the talon instead of 9H: seat 1 picks it up and discards it, but it was his
    hands = {**HANDS, 0: "8S 7S 8D 7D 7C 9H AC KC QC 10C"}
    g = game(hands=hands, talon="AH 8C")
    apply(g, "1", "pass", "pass", "AH", "8C", "hearts")
    assert g.legal_actions() == ["quiet"]  # "Нельзя снести тузов и объявить об их отсутствии"


def test_four_aces_announced_only_under_the_option() -> None:
    hands = {1: "AS AC AD AH KH QH JH 10H KS QS", 2: "JS 10S 9S KD QD JD 10D 9D 7H 9C",
             0: "8S 7S 8D 7D 9H 8H KC QC JC 10C"}
    g = game(hands=hands)
    apply(g, "1", "pass", "pass", "7C", "8C", "hearts")
    assert g.legal_actions() == ["quiet"]  # shown at the end: nothing to announce (AUT-PREM-03)
    g = game(rules={"premiums": {"four_aces": "announced"}}, hands=hands)
    apply(g, "1", "pass", "pass", "7C", "8C", "hearts")
    assert g.legal_actions() == ["quiet", "four-aces"]


def test_hand_game_skips_the_talon() -> None:
    g = game()
    apply(g, "hearts-hand", "pass", "pass")
    # no talon, no naming: the bid is the contract; then the announcement
    assert g.phase is Phase.DECLARE and g.legal_actions() == ["quiet", "no-aces"]
    apply(g, "quiet")
    assert g.deal.contract is not None and g.deal.contract.name == "hearts-hand"
    assert not g.deal.talon_taken


def test_no_announcement_step_without_ace_premiums() -> None:
    g = game(rules={"premiums": {"no_aces": "off"}})
    apply(g, "1", "pass", "pass", "7C", "8C", "hearts")
    assert g.phase is Phase.DEFENCE


# ---------------------------------------------------------------- defence and play


def declared(rules: dict[str, Any] | None = None) -> Game:
    g = game(rules=rules)
    apply(g, "1", "pass", "pass", "7C", "8C", "hearts", "quiet")
    return g


def test_defence_calls_and_invitation() -> None:
    g = declared()
    assert g.current_player == 2 and g.legal_actions() == ["play", "pass"]
    apply(g, "pass")
    # the second may invite the first after he passed (SCRIBD, AUT-DEF-02)
    assert g.current_player == 0 and g.legal_actions() == ["play", "pass", "invite"]
    apply(g, "invite")
    assert g.phase is Phase.PLAY and g.deal.play is not None
    assert sorted(g.deal.play.rules.hands) == [0, 1, 2]  # the invited defender plays his own cards
    g = declared({"defence": {"invitation": False}})
    apply(g, "pass")
    assert g.legal_actions() == ["play", "pass"]


def test_a_passer_stays_out_two_card_tricks() -> None:
    g = declared()
    apply(g, "pass", "play")
    play = g.deal.play
    assert play is not None and sorted(play.rules.hands) == [0, 1]  # KNET: the passer's cards take no part
    seat2 = g.hand(2)
    while not g.results:
        assert g.current_player != 2 and g.hand(2) == seat2  # seat 2 never plays a card
        g.apply(g.legal_actions()[0])
    assert len(play.completed) == 10 and all(len(t) == 2 for _, t in play.completed)
    r = g.results[-1]
    assert r.tricks[2] == 0 and r.tricks[0] + r.tricks[1] == 10
    assert r.held and r.held[1] != 0  # the cards each hand held once the contract was named


def test_both_at_home_nothing_is_played() -> None:
    g = declared()
    apply(g, "pass", "pass")
    r = g.results[-1]
    assert not r.played and r.defending == ()


def test_the_declarer_leads() -> None:
    g = declared()
    apply(g, "play", "play")
    assert g.current_player == 1  # KNET, PIERER, SCRIBD
    g = declared({"play": {"opening_lead": "first_hand"}})
    apply(g, "play", "play")
    assert g.current_player == 1  # seat 1 is first hand too: the option changes nothing here
    g = game(rules={"play": {"opening_lead": "first_hand"}})
    apply(g, "pass", "1", "pass", "7C", "8C", "spades", "quiet", "play", "play")
    assert g.deal.declarer == 2 and g.current_player == 1  # first hand, not the declarer


def test_stichzwang_head_the_trick() -> None:
    g = declared()
    apply(g, "play", "play", "KH")
    assert g.legal_actions() == ["7H"]  # seat 2's only heart
    apply(g, "7H")
    # seat 0 holds AH and 9H: following, he must beat KH if he can: only AH (AUT-PLAY-01)
    assert g.legal_actions() == ["AH"]
    g = declared({"play": {"must_beat": False}})
    apply(g, "play", "play", "KH", "7H")
    assert sorted(g.legal_actions()) == ["9H", "AH"]


def test_a_trump_lead_must_be_beaten_when_heading_is_compulsory() -> None:
    # the engine's must-beat while following a trump lead (a fix found by the conformance reference)
    rules = PlayRules(trump=3, leader=0, hands=(0, 1, 2), must_beat=True, declarer=0)
    hands = [1 << CARD_INDEX["QH"], (1 << CARD_INDEX["KH"]) | (1 << CARD_INDEX["9H"]),
             (1 << CARD_INDEX["AH"]) | (1 << CARD_INDEX["7H"])]
    tp = TrickPlay.start(rules, hands, (), 3)
    tp.play(CARD_INDEX["QH"])
    assert tp.legal_mask() == 1 << CARD_INDEX["KH"]
    tp.play(CARD_INDEX["KH"])
    assert tp.legal_mask() == 1 << CARD_INDEX["AH"]
    # without the duty, any heart
    tp = TrickPlay.start(PlayRules(trump=3, leader=0, hands=(0, 1, 2), declarer=0), list(hands), (), 3)
    tp.play(CARD_INDEX["QH"])
    assert tp.legal_mask() == hands[1]


def test_illegal_calls_are_rejected_and_change_nothing() -> None:
    g = declared()
    with pytest.raises(IllegalActionError):
        g.apply("invite")  # the first defender may not invite
    with pytest.raises(IllegalActionError):
        g.apply("whist")
    assert g.current_player == 2 and g.phase is Phase.DEFENCE


@pytest.mark.parametrize(("overtrump", "allowed"), [(None, {"AH"}), (True, {"AH"}), (False, {"QH", "AH"})])
def test_over_trumping_is_its_own_choice(overtrump: bool | None, allowed: set[str]) -> None:
    # spades led, seat 1 ruffs with KH; seat 2, void in spades, holds QH and AH. With the duty to head the
    # trick he must over-trump (AUT-PLAY-01 [D]); play.must_overtrump = false lifts only that (open point 8)
    from preferans.core.model.cards import CARD_NAMES
    from preferans.core.testing import reference

    rules = PlayRules(trump=3, leader=0, hands=(0, 1, 2), must_beat=True, must_overtrump=overtrump, declarer=0)
    hands = [1 << CARD_INDEX["AS"], 1 << CARD_INDEX["KH"], (1 << CARD_INDEX["QH"]) | (1 << CARD_INDEX["AH"])]
    tp = TrickPlay.start(rules, hands, (), 3)
    tp.play(CARD_INDEX["AS"])
    tp.play(CARD_INDEX["KH"])
    got = {CARD_NAMES[c] for c in range(32) if tp.legal_mask() >> c & 1}
    assert got == allowed
    # the independent reference agrees
    assert reference.legal_cards(["QH", "AH"], ["AS", "KH"], "S", "H", True, True, overtrump) == allowed


def test_must_overtrump_key_reaches_the_contract_rows() -> None:
    assert load_variant("austrian").contracts["hearts"].must_overtrump is True
    assert load_variant("austrian", {"play": {"must_overtrump": False}}).contracts["clubs-hand"].must_overtrump is False
