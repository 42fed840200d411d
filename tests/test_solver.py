"""The double-dummy solver against a plain minimax and against positions worked by hand.

The reference below (:func:`minimax`) knows nothing of the solver: it plays every legal card through
:class:`TrickPlay` itself (so it applies the rules exactly as the engine does) and takes the best for the side
to play, with no pruning, no table and no card reduction. Endings come from random Sochi games (random legal
calls and cards until 2-4 tricks are left), plus hand-built endings with two active hands and with the
Austrian-style play flags (must beat, no must-trump, early stop) that Sochi does not use.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from preferans.core import Game, Phase, load_variant
from preferans.core.cards import NO_TRUMP, parse_card, parse_cards
from preferans.core.model import PlayRules
from preferans.core.play import TrickPlay
from preferans.core.solver import card_values, solve


def minimax(play: TrickPlay, declarer: int, maximise: bool) -> int:
    """The declarer's final tricks by exhaustive search (the declarer's side maximises in a game)."""
    if play.finished:
        return play.tricks_won[declarer]
    values = []
    legal = play.legal_mask()
    while legal:
        low = legal & -legal
        legal ^= low
        child = play.copy()
        child.play(low.bit_length() - 1)
        values.append(minimax(child, declarer, maximise))
    return max(values) if (play.to_play == declarer) == maximise else min(values)


def sochi_ending(seed: int, prefer: tuple[str, ...] = ()) -> tuple[TrickPlay, str] | None:
    """A random Sochi deal played at random until 2-4 tricks are left, then 0-2 more cards (mid-trick)."""
    rng = random.Random(seed)
    game = Game(load_variant("sochi"), seed=seed)
    left = rng.randint(2, 4)
    while not game.is_terminal:
        play = game.deal.play
        if game.deal.phase is Phase.PLAY and play is not None and 10 - play.tricks_done <= left:
            if play._talon_led():
                return None
            ending = play.copy()
            for _ in range(rng.randint(0, 2)):
                if ending.finished:
                    break
                legal = [c for c in range(32) if ending.legal_mask() >> c & 1]
                ending.play(rng.choice(legal))
            contract = game.deal.contract
            return ending, contract.kind if contract is not None else "none"
        actions = game.legal_actions()
        wanted = [a for a in prefer if a in actions]
        if wanted and rng.random() < 0.9:
            game.apply(wanted[0])
        else:
            game.apply(rng.choice(actions))
    return None


GOALS: set[str] = set()
"""Contract kinds met by the endings."""


def endings() -> list[tuple[int, TrickPlay]]:
    out = []
    for seed in range(24):
        for prefer in ((), ("misere", "pass"), ("pass",)):
            found = sochi_ending(seed, prefer)
            if found is not None and not found[0].finished:
                out.append((seed, found[0]))
                GOALS.add(found[1])
    return out


ENDINGS = endings()


def test_endings_cover_trump_notrump_and_midtrick() -> None:
    trumps = {e.rules.trump for _, e in ENDINGS}
    assert NO_TRUMP in trumps and len(trumps) >= 2
    assert {"suit", "notrump", "misere", "raspasovka"} <= GOALS  # games, misère, all-pass past its talon leads
    assert any(e.trick for _, e in ENDINGS) and any(not e.trick for _, e in ENDINGS)
    assert len(ENDINGS) >= 40


@pytest.mark.parametrize("maximise", [True, False])
def test_solve_equals_minimax_on_sochi_endings(maximise: bool) -> None:
    # two seats as declarer (the contract's and the next), as a game (maximise) and as misère (minimise)
    for seed, ending in ENDINGS:
        first = ending.rules.declarer if ending.rules.declarer is not None else seed % 3
        for declarer in (first, ending.next_hand[first]):
            expected = minimax(ending, declarer, maximise)
            assert solve(ending, declarer, maximise) == expected, (seed, declarer, maximise)


def test_card_values_agree_with_solve_and_minimax() -> None:
    for seed, ending in ENDINGS[::3]:
        declarer = ending.rules.declarer if ending.rules.declarer is not None else 0
        for maximise in (True, False):
            values = card_values(ending, declarer, maximise)
            assert set(values) == {c for c in range(32) if ending.legal_mask() >> c & 1}
            for card, value in values.items():
                child = ending.copy()
                child.play(card)
                assert value == minimax(child, declarer, maximise), (seed, card)
            pick = max if (ending.to_play == declarer) == maximise else min
            assert pick(values.values()) == solve(ending, declarer, maximise)


def random_ending(rng: random.Random, rules: PlayRules, n_cards: int, done_before: int = 0) -> TrickPlay:
    """``n_cards`` random cards to each active hand, ``10 - n_cards`` tricks already played."""
    pack = list(range(32))
    rng.shuffle(pack)
    hands = [0, 0, 0]
    for i, seat in enumerate(rules.hands):
        for card in pack[i * n_cards:(i + 1) * n_cards]:
            hands[seat] |= 1 << card
    play = TrickPlay.start(rules, hands, (), 3)
    play.tricks_done = 10 - n_cards
    for _ in range(done_before):
        legal = [c for c in range(32) if play.legal_mask() >> c & 1]
        play.play(rng.choice(legal))
    return play


def test_solve_equals_minimax_with_other_play_flags_and_two_hands() -> None:
    rng = random.Random(7)
    for i in range(70):
        hands = (0, 1, 2) if i % 2 else tuple(sorted(rng.sample(range(3), 2)))
        trump = rng.choice([NO_TRUMP, 0, 1, 2, 3])
        rules = PlayRules(
            trump=trump, leader=rng.choice(hands), hands=hands, must_follow=True,
            must_trump=rng.random() < 0.7, must_beat=rng.random() < 0.5,
            must_overtrump=rng.choice([None, True, False]), declarer=hands[0],
            stop_declarer_at=rng.choice([None, None, 1, 2]) if i % 3 == 0 else None,
            stop_defence_at=rng.choice([None, 1, 2]) if i % 3 == 1 else None,
        )
        n = rng.randint(2, 4) if len(hands) == 3 else rng.randint(3, 5)
        play = random_ending(rng, rules, n, done_before=rng.randint(0, len(hands) - 1))
        play.tricks_won[hands[0]] = 0
        for maximise in (True, False):
            for declarer in hands:
                assert solve(play, declarer, maximise) == minimax(play, declarer, maximise), (i, declarer)


def hand_play(rules: PlayRules, hands: dict[int, str], tricks_done: int) -> TrickPlay:
    masks = [0, 0, 0]
    for seat, text in hands.items():
        masks[seat] = parse_cards(text)
    play = TrickPlay.start(rules, masks, (), 3)
    play.tricks_done = tricks_done
    return play


def test_top_trumps_take_every_trick() -> None:
    # Hearts trump; the declarer (seat 0) holds A K Q of hearts: whatever is led, he ruffs or follows with a
    # top trump and then leads trumps: all three tricks, even when a defender leads.
    rules = PlayRules(trump=3, leader=1, hands=(0, 1, 2), declarer=0)
    play = hand_play(rules, {0: "AH KH QH", 1: "JH AS KS", 2: "10H AC KC"}, 7)
    assert solve(play, 0) == 3
    # as misère the same cards cannot duck: every trick is won by a heart honour of his (RUS-MIS: he avoids
    # tricks; here he cannot, 3)
    assert solve(play, 0, maximise=False) == 3


def test_notrump_singleton_ace_and_void() -> None:
    # No-trump, declarer (seat 0) on lead with A of spades singleton and the K Q of clubs; the defenders hold
    # the A of clubs (seat 1) and the top diamonds; seat 2 holds only small spades.
    rules = PlayRules(trump=NO_TRUMP, leader=0, hands=(0, 1, 2), declarer=0)
    play = hand_play(rules, {0: "AS KC QC", 1: "AC AD KD", 2: "7S 8S 9S"}, 7)
    # AS first: seat 1 (void) discards a diamond, seat 2 follows; then KC: seat 1 wins with AC and cashes
    # his last diamond: declarer 1.
    assert solve(play, 0) == 1
    values = card_values(play, 0)
    # leading KC or QC first: seat 1 wins with AC and cashes AD, KD; the declarer, void in diamonds, only
    # discards, and the AS is never led to (seat 2 never gets the lead): 0.
    assert values == {parse_card("AS"): 1, parse_card("KC"): 0, parse_card("QC"): 0}
    # as misère (minimise) the declarer leads a club, seat 1 must win it with the ace (his only club), then
    # leads AD and KD; the declarer, void in diamonds, discards AS and the other club: 0.
    assert solve(play, 0, maximise=False) == 0


def test_midtrick_ruff() -> None:
    # Spades trump, two tricks left, mid-trick: seat 1 led AH, seat 2 followed 7H; the declarer (seat 0) is
    # void in hearts with 7S and AC: he must trump (RUS must_trump) and wins this trick, then leads AC: 2.
    rules = PlayRules(trump=0, leader=1, hands=(0, 1, 2), declarer=0)
    play = hand_play(rules, {0: "7S AC", 1: "AH KC", 2: "7H 8C"}, 8)
    play.play(parse_card("AH"))
    play.play(parse_card("7H"))
    assert play.to_play == 0
    assert solve(play, 0) == 2
    assert card_values(play, 0) == {parse_card("7S"): 2}


def test_counts_tricks_already_won() -> None:
    rules = PlayRules(trump=3, leader=1, hands=(0, 1, 2), declarer=0)
    play = hand_play(rules, {0: "AH KH QH", 1: "JH AS KS", 2: "10H AC KC"}, 7)
    play.tricks_won[0] = 4
    assert solve(play, 0) == 7  # 4 won + the 3 top trumps


def test_solver_leaves_position_unchanged() -> None:
    _, ending = ENDINGS[0]
    before = (ending.hands.copy(), ending.trick.copy(), ending.tricks_won.copy(), ending.to_play)
    solve(ending, 0)
    card_values(ending, 0)
    assert (ending.hands, ending.trick, ending.tricks_won, ending.to_play) == before


def test_replace_rules_keeps_solver_consistent() -> None:
    # misère goal on a Sochi ending at a trick boundary: rebuild the rules as no-trump misère (RUS-MIS-01:
    # no trump) and compare with the reference
    count = 0
    for _, ending in ENDINGS:
        if ending.trick:
            continue
        misere = ending.copy()
        misere.rules = replace(ending.rules, trump=NO_TRUMP)
        d = ending.order[0]
        assert solve(misere, d, maximise=False) == minimax(misere, d, maximise=False)
        count += 1
    assert count > 10


def test_talon_led_tricks_equal_minimax() -> None:
    # raspasovka endings whose tricks are still led by the talon (RUS-RASP-15/17): both the three-player form
    # (the talon card only names the suit) and the four-player form (it contends, the dealer owns it)
    rng = random.Random(11)
    for i in range(30):
        n = rng.randint(2, 3)
        contends = i % 2 == 1
        rules = PlayRules(
            trump=NO_TRUMP, leader=rng.randrange(3), hands=(0, 1, 2), talon_leads=11 - n + rng.randint(0, 1),
            talon_contends=contends, talon_owner=rng.randrange(3) if contends else None,
        )
        pack = list(range(32))
        rng.shuffle(pack)
        hands = [0, 0, 0]
        for seat in range(3):
            for card in pack[seat * n:(seat + 1) * n]:
                hands[seat] |= 1 << card
        talon = tuple(pack[3 * n:3 * n + 10])
        play = TrickPlay.start(replace(rules, talon_leads=0), hands, talon, 3)
        play.rules = rules
        play.tricks_done = 10 - n
        play._open_trick(rules.leader)
        assert play._talon_led()
        for declarer in range(3):
            for maximise in (True, False):
                assert solve(play, declarer, maximise) == minimax(play, declarer, maximise), (i, declarer)
