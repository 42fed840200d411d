"""From the declared contract to the first card: the quick ways round (docs/performance.md) do what the plain
ways do. ``TrickPlay.start`` fills its fields itself, without the dataclass ``__init__``, and the play rules
it starts from are the core's answer to what the contract and the defence say."""

from __future__ import annotations

import dataclasses

from preferans.core.engine.play import NOBODY, TALON, TrickPlay
from preferans.core.model.cards import NO_TRUMP
from preferans.core.model.contracts import ContractSpec
from preferans.core.model.views import Defended, LedgerView, MatchView, PlayRules, PlayView
from preferans.core.rules import defaults
from preferans.core.rules.sections import CoreRules


def test_start_sets_every_field() -> None:
    """Four seats, the dealer (seat 2) out: the hands in play in seat order are 0, 1, 3, and after each the
    next of them round the table (3 is followed by 0); seat 2 is nobody's next but keeps the 0 it starts
    with. Seat 1 leads, ten tricks to play, nothing played or won yet."""
    rules = PlayRules(trump=0, leader=1, hands=(3, 0, 1))
    hands = [0b1, 0b10, 0, 0b100]
    play = TrickPlay.start(rules, hands, (), 4)
    assert play.order == (0, 1, 3)
    assert play.next_hand == (1, 3, 0, 0)
    assert play.hands == hands and play.hands is not hands  # its own list
    assert (play.to_play, play.trick, play.led_suit, play.best_card, play.best_hand) == (1, [], -1, -1, NOBODY)
    assert (play.tricks_won, play.tricks_done, play.trick_full, play.played, play.completed) == ([0] * 4, 0, 3, 0, [])
    assert (play.finished, play.best_is_trump, play.legal) == (False, False, -1)
    # every field of the dataclass has its value (a field added later and forgotten in start() fails here)
    for f in dataclasses.fields(TrickPlay):
        getattr(play, f.name)


def test_start_with_a_talon_led_trick_is_the_dataclass_one() -> None:
    """A raspasovka of three: the first talon card, the 9 of clubs (card 8 * 1 + 2 = 10: clubs is suit 1, the
    9 its third rank), lies in the first trick only naming the suit; the trick is full with the three hands'
    cards and it, and first hand (seat 2) plays."""
    nine, seven = 10, 0  # 9C, 7S
    rules = PlayRules(trump=NO_TRUMP, leader=0, hands=(0, 1, 2), talon_leads=2, after_talon_leader=2)
    play = TrickPlay.start(rules, [1, 2, 4], (nine, seven), 3)
    assert (play.trick, play.led_suit, play.trick_full, play.to_play) == ([(TALON, nine)], 1, 4, 2)
    # the same as the dataclass __init__ with the seating worked out and the trick opened
    plain = TrickPlay(rules, [1, 2, 4], (nine, seven), 3, (0, 1, 2), tricks_won=[0, 0, 0],
                      next_hand=(1, 2, 0))
    plain._open_trick(0)
    assert play == plain


def _view(spec: ContractSpec, first_hand: int = 1, open_hands: tuple[int, ...] = ()) -> PlayView:
    match = MatchView(3, (), LedgerView({}, 3))
    return PlayView(match, 0, (1, 2, 0), 1, spec, Defended((2,), True, (), open_hands), first_hand)


def test_the_core_play_rules_read_the_contract_and_the_defence() -> None:
    """The core's answer takes the trump and the duties from the contract, the leader (first hand), the hands
    and the declarer from the deal, and the open hands from the defence; change one and the answer follows."""
    rules = CoreRules(players=3)
    spades = ContractSpec("6S", "suit", "6S", 60, level=6, trump=0, target=6)
    first = defaults.pref_play_rules(_view(spades), rules)
    assert (first.trump, first.leader, first.hands, first.declarer, first.open_hands) == (0, 1, (1, 2, 0), 1, ())
    hearts = dataclasses.replace(spades, name="6H", trump=3)
    assert defaults.pref_play_rules(_view(hearts), rules).trump == 3
    assert defaults.pref_play_rules(_view(spades, first_hand=2), rules).leader == 2
    assert defaults.pref_play_rules(_view(spades, open_hands=(2,)), rules).open_hands == (2,)
    beat = dataclasses.replace(spades, must_beat=True)
    assert defaults.pref_play_rules(_view(beat), rules).must_beat is True
