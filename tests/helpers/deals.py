"""Hand-made deals for the bot tests: a game dealt with chosen hands, and the deals of tests/ai/test_pimc.py
that tests/ai/test_levels.py, test_hard_calls.py, test_raspasovka_search.py and the server's hints replay."""

from __future__ import annotations

from preferans.core import Game, Variant
from preferans.core.ai.pimc import Knowledge
from preferans.core.engine.game import Phase
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import FULL_PACK, NO_TRUMP, parse_card, parse_cards
from preferans.core.model.views import PlayRules


def rigged(variant: Variant, hands: dict[int, str], talon: str) -> Game:
    """Deal 1 (dealer seat 0, first hand seat 1) with chosen hands and talon, before any call.

    Only the dealt cards are replaced; everything after this goes through ``Game.apply``.
    """
    game = Game(variant, seed=0)
    masks = [0] * game.n_players
    for seat, text in hands.items():
        masks[seat] = parse_cards(text)
    talon_cards = tuple(parse_card(t) for t in talon.split())
    union = 0
    for m in [*masks, parse_cards(talon)]:
        assert union & m == 0, "a card is dealt twice"
        union |= m
    assert union == FULL_PACK and all(m.bit_count() == 10 for m in masks if m)
    deal = game.deal
    deal.hands[:] = masks
    deal.talon_cards = talon_cards
    deal.dealt = tuple(masks)
    game.check_cards()
    return game


def drive(game: Game, actions: list[str]) -> Game:
    for a in actions:
        game.apply(a)
    return game


def swapped(hands: dict[int, str], a: int, b: int) -> dict[int, str]:
    out = dict(hands)
    out[a], out[b] = hands[b], hands[a]
    return out


# Deal 1 (dealer seat 0, first hand seat 1). Each suit has its eight cards: spades AKQJ10 (1) 98 (2) 7 (0);
# clubs AK (1) QJ10 (2) 987 (0); diamonds AK (1) 87 (2) QJ109 (0); hearts 7 (1) AKQ (2) J10 (0) 98 (talon).
GAME_HANDS = {1: "AS KS QS JS 10S AC KC AD KD 7H", 2: "9S 8S QC JC 10C AH KH QH 7D 8D",
              0: "7S 9C 8C 7C QD JD 10D 9D JH 10H"}
GAME_TALON = "9H 8H"
# seat 1 bids six spades, takes the talon, discards 7H 8H and declares 6S; both defenders whist
GAME_ACTIONS = ["6S", "pass", "pass", "7H", "8H", "6S", "whist", "whist"]

# A misère by seat 1: spades 7 9 J (1) 8 10 Q (2) K A (0), clubs the same, diamonds 7 9 (1) 8 10 (2) QJKA (0),
# hearts 7 9 (1) 8 10 (2) Q J (0) and the talon K A, which seat 1 takes and discards again.
MISERE_HANDS = {1: "7S 9S JS 7C 9C JC 7D 9D 7H 9H", 2: "8S 10S QS 8C 10C QC 8D 10D 8H 10H",
                0: "KS AS KC AC QD JD KD AD QH JH"}
MISERE_TALON = "KH AH"
MISERE_ACTIONS = ["misere", "pass", "pass", "KH", "AH", "misere"]


def ending_observation(contracts: object) -> Knowledge:
    """Three cards each, no-trump, seat 0 declares and leads trick 8 with AH 8S 7S. Everything else but
    AS KS QS JS KD QD is gone; those six are split 3-3 between seats 1 and 2 in a way seat 0 cannot see."""
    mine = parse_cards("AH 8S 7S")
    unseen = parse_cards("AS KS QS JS KD QD")
    gone = FULL_PACK & ~mine & ~unseen
    rules = PlayRules(trump=NO_TRUMP, leader=0, hands=(0, 1, 2), declarer=0)
    play = TrickPlay.start(rules, [mine, 0, 0], (), 3)
    play.tricks_done, play.tricks_won, play.played = 7, [5, 1, 1], gone
    from preferans.core.model.contracts import ContractTable
    assert isinstance(contracts, ContractTable)
    return Knowledge(
        seat=0, phase=Phase.PLAY, deal_number=0, actions_seen=40, n_hands=3, active=(1, 2, 0), first_hand=1,
        calls=(), declarer=0, contract=contracts["6NT"], defence_calls=(), known={0: mine}, counts=(3, 3, 3),
        talon=0, talon_taken=True, discard=0, gone=gone, forbidden=(0, 0, 0), play=play, contracts=contracts,
    )
