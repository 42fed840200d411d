"""The double-dummy solver against a plain minimax and against positions worked by hand.

The reference below (:func:`minimax`) knows nothing of the solver: it plays every legal card through
:class:`TrickPlay` itself (so it applies the rules exactly as the engine does) and takes the best for the side
to play, with no pruning, no table and no card reduction. Endings come from random Sochi games (random legal
calls and cards until 2-4 tricks are left), plus hand-built endings with two active hands and with the
Austrian-style play flags (must beat, no must-trump, early stop) that Sochi does not use.

:func:`brute` is the same minimax remembering whole positions, for random endings of 4, 5 and 6 cards a hand
of every contract kind (trump, no-trump, misère, Durchmarsch, Bettel, must-beat games with a defence stop;
two and three active hands; 0-2 cards on the table), where the value, every null-window test
(:meth:`Solver.reaches`) and the goal tests of Durchmarsch and Bettel are checked. Full 10-card deals with
values argued by hand close the file. These tests run the pure-Python search (``PREFERANS_SOLVER=python``).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from helpers.solver_brute import deal_hands, minimax
from preferans.core import Game, Phase, load_variant
from preferans.core.ai.solver import Solver, card_values, goal_of, makes, solve
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import NO_TRUMP, parse_card, parse_cards
from preferans.core.model.contracts import ContractSpec
from preferans.core.model.views import PlayRules


@pytest.fixture(autouse=True)
def python_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests check the pure-Python search, the reference (the compiled one is checked against it in
    tests/ai/test_solver_accel.py)."""
    monkeypatch.setenv("PREFERANS_SOLVER", "python")


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
    hands = deal_hands(pack, rules.hands, n_cards, 3)
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


# ---------------------------------------------------------------- every contract kind against a brute force


def kind_rules(kind: str, rng: random.Random, hands: tuple[int, ...], declarer: int) -> tuple[PlayRules, bool]:
    """Play rules of one contract kind (as the variants build them) and whether the declarer maximises."""
    leader = rng.choice(hands)
    if kind == "trump":  # Russian suit game: follow, trump
        return PlayRules(trump=rng.randrange(4), leader=leader, hands=hands, declarer=declarer), True
    if kind == "notrump":
        return PlayRules(trump=NO_TRUMP, leader=leader, hands=hands, declarer=declarer), True
    if kind == "misere":  # Russian misère: no trump, played out
        return PlayRules(trump=NO_TRUMP, leader=leader, hands=hands, declarer=declarer), False
    if kind == "durchmarsch":  # Illustrated: no trump, no must-trump, maybe must-beat, stop at the first loss
        return PlayRules(trump=NO_TRUMP, leader=leader, hands=hands, declarer=declarer, must_trump=False,
                         must_beat=rng.random() < 0.5, stop_defence_at=rng.choice([None, 1])), True
    if kind == "bettel":  # Illustrated/Balkan: no trump, everybody must beat, stop at the declarer's trick
        return PlayRules(trump=NO_TRUMP, leader=leader, hands=hands, declarer=declarer, must_trump=False,
                         must_beat=True, stop_declarer_at=rng.choice([None, 1])), False
    if kind == "must_beat":  # Balkan/Austrian suit game: must beat and over-trump, the defence stops at k
        return PlayRules(trump=rng.randrange(4), leader=leader, hands=hands, declarer=declarer, must_beat=True,
                         must_overtrump=rng.choice([None, True, False]),
                         stop_defence_at=rng.choice([None, 2, 3])), True
    raise AssertionError(kind)


KINDS = ("trump", "notrump", "misere", "durchmarsch", "bettel", "must_beat")


def kind_ending(kind: str, seed: int, n_cards: int, n_hands: int, on_table: int) -> tuple[TrickPlay, int, bool]:
    """``n_cards`` random cards to each of ``n_hands`` active hands, ``10 - n_cards`` tricks already played,
    then ``on_table`` random legal cards of the next trick."""
    rng = random.Random(f"{kind}-{seed}-{n_cards}-{n_hands}")
    hands = (0, 1, 2) if n_hands == 3 else tuple(sorted(rng.sample(range(3), 2)))
    declarer = rng.choice(hands)
    rules, maximise = kind_rules(kind, rng, hands, declarer)
    play = random_ending(rng, rules, n_cards, done_before=on_table)
    return play, declarer, maximise


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("n_cards", "n_hands", "count"), [(4, 3, 6), (5, 3, 3), (6, 3, 1), (5, 2, 4), (6, 2, 3)])
def test_every_kind_equals_brute_force(kind: str, n_cards: int, n_hands: int, count: int) -> None:
    # trick starts and positions with one or two cards already on the table, two and three active hands;
    # six cards in three hands only where the rules cut the brute force's tree (follow and trump, must beat)
    if n_cards == 6 and n_hands == 3 and kind not in ("trump", "bettel", "must_beat"):
        count = 0
    for seed in range(count):
        on_table = seed % n_hands
        play, declarer, maximise = kind_ending(kind, seed, n_cards, n_hands, on_table)
        assert len(play.trick) == on_table
        expected = minimax(play, declarer, maximise)
        solver = Solver(play, declarer, maximise)
        assert solver.value(play) == expected, (kind, seed, n_cards, n_hands)
        # the goal tests of the contract kinds: Durchmarsch (all ten), Bettel/misère (none), a game (v)
        if kind == "durchmarsch":
            assert solver.reaches(play, 10) == (expected == 10)
        elif not maximise:
            assert solver.reaches(play, 0) == (expected <= 0)
        for v in range(11):
            fresh = Solver(play, declarer, maximise)
            assert fresh.reaches(play, v) == (expected >= v if maximise else expected <= v), (kind, seed, v)


def test_card_values_equal_brute_force_mid_trick() -> None:
    for i, kind in enumerate(KINDS):
        play, declarer, maximise = kind_ending(kind, 100 + i, 4, 3, 1 + i % 2)
        values = card_values(play, declarer, maximise)
        assert set(values) == {c for c in range(32) if play.legal_mask() >> c & 1}
        for card, value in values.items():
            child = play.copy()
            child.play(card)
            assert value == minimax(child, declarer, maximise), (kind, card)


def test_talon_led_tricks_with_four_cards_equal_brute_force() -> None:
    # raspasovka with four cards left, the talon still leading (the three-player form: it names the suit)
    rng = random.Random(23)
    for _ in range(3):
        rules = PlayRules(trump=NO_TRUMP, leader=rng.randrange(3), hands=(0, 1, 2), talon_leads=7)
        pack = list(range(32))
        rng.shuffle(pack)
        hands = [0, 0, 0]
        for seat in range(3):
            for card in pack[seat * 4:(seat + 1) * 4]:
                hands[seat] |= 1 << card
        play = TrickPlay.start(replace(rules, talon_leads=0), hands, tuple(pack[12:22]), 3)
        play.rules = rules
        play.tricks_done = 6
        play._open_trick(rules.leader)
        assert play._talon_led()
        for declarer in range(3):
            assert solve(play, declarer, maximise=False) == minimax(play, declarer, False)
            assert Solver(play, declarer, False).reaches(play, 1) == (minimax(play, declarer, False) <= 1)


def test_goal_of_and_makes() -> None:
    game = ContractSpec(name="7S", kind="suit", label="7S", rank=1, level=7, trump=0, target=7)
    durch = ContractSpec(name="durch", kind="durchmarsch", label="D", rank=2, goal="all", target=10)
    bettel = ContractSpec(name="bettel", kind="bettel", label="B", rank=3, goal="none")
    assert goal_of(game) == (True, 7)
    assert goal_of(durch) == (True, 10)
    assert goal_of(bettel) == (False, 0)
    # the all-top-trumps deal below: ten tricks, so the seven, the Durchmarsch; never a Bettel
    play, declarer = all_trumps_deal()
    assert makes(play, declarer, game) and makes(play, declarer, durch)
    assert not makes(play, declarer, bettel)


def full_deal(rules: PlayRules, hands: dict[int, str]) -> TrickPlay:
    masks = [0, 0, 0]
    for seat, text in hands.items():
        masks[seat] = parse_cards(text)
        assert masks[seat].bit_count() == 10
    return TrickPlay.start(rules, masks, (), 3)


def all_trumps_deal() -> tuple[TrickPlay, int]:
    # Hearts trump, the declarer (seat 1) holds all eight hearts and the aces of spades and clubs; seat 0
    # leads. A spade or a club is won by his ace or, once it is gone, by a ruff (he is void); a diamond by a
    # ruff; a heart only he can lead. He wins every trick: 10, whoever leads and whatever is played.
    rules = PlayRules(trump=3, leader=0, hands=(0, 1, 2), declarer=1)
    return full_deal(rules, {
        1: "7H 8H 9H 10H JH QH KH AH AS AC",
        0: "7S 8S 9S 10S 7C 8C 9C 7D 8D 9D",
        2: "JS QS KS 10C JC QC KC 10D JD QD",
    }), 1


def test_full_deal_all_top_trumps_takes_ten() -> None:
    play, declarer = all_trumps_deal()
    assert solve(play, declarer) == 10
    assert Solver(play, declarer).reaches(play, 10)
    # the same as misère: he cannot lose a trick either
    assert solve(play, declarer, maximise=False) == 10


def test_full_deal_durchmarsch_fails_to_a_guarded_ace() -> None:
    # As above but the declarer's ace of clubs is the king, and seat 2 holds the ace. He must follow clubs
    # with the king whenever clubs are led; when he leads everything, he leads the king at last and seat 2,
    # who discards on his trumps and the ace of spades, keeps the ace of clubs for it. If seat 0 leads a club
    # first, the king falls to the ace at once. Every other trick is his: 9, not 10.
    rules = PlayRules(trump=3, leader=0, hands=(0, 1, 2), declarer=1)
    play = full_deal(rules, {
        1: "7H 8H 9H 10H JH QH KH AH AS KC",
        0: "7S 8S 9S 10S 7C 8C 9C 7D 8D 9D",
        2: "JS QS KS 10C JC QC AC 10D JD QD",
    })
    assert solve(play, 1) == 9
    assert not Solver(play, 1).reaches(play, 10)
    assert Solver(play, 1).reaches(play, 9)


def test_full_deal_misere_of_sevens_and_eights_takes_nothing() -> None:
    # Misère (no trump), the declarer (seat 1) holds the four sevens, the four eights and the nines of spades
    # and clubs; seat 0 leads. Every card of the defenders is above every card of his in the same suit, so a
    # trick a defender leads is headed by a defender's card whatever he plays (he follows low or discards).
    # He never wins a trick, so he never leads: 0.
    rules = PlayRules(trump=NO_TRUMP, leader=0, hands=(0, 1, 2), declarer=1)
    play = full_deal(rules, {
        1: "7S 8S 9S 7C 8C 9C 7D 8D 7H 8H",
        0: "10S JS QS 10C JC QC 9D 10D 9H 10H",
        2: "KS AS KC AC JD QD KD JH QH KH",
    })
    assert solve(play, 1, maximise=False) == 0
    assert Solver(play, 1, maximise=False).reaches(play, 0)
    # as a game the same cards take nothing either (they can win no trick)
    assert solve(play, 1) == 0


def test_full_deal_notrump_five_top_spades() -> None:
    # No-trump, the declarer (seat 0) leads with A K Q J 10 of spades and 7 8 9 of clubs, 7 8 of diamonds.
    # He cashes the five spades (each the highest spade out): 5. His clubs and diamonds are below every
    # defender card of their suits, so they win only if he leads one when both defenders are void in it:
    # seat 2 holds three clubs and four diamonds against his three and two, and on the five spades (being
    # void) he discards his three hearts and two diamonds, keeping at least as many clubs and diamonds as
    # the declarer; afterwards the defenders lead clubs and diamonds only. So 5 and no more.
    rules = PlayRules(trump=NO_TRUMP, leader=0, hands=(0, 1, 2), declarer=0)
    play = full_deal(rules, {
        0: "AS KS QS JS 10S 7C 8C 9C 7D 8D",
        1: "7S 8S 9S 7H 8H 9H 10C JC 9D 10D",
        2: "10H JH QH QC KC AC JD QD KD AD",
    })
    assert solve(play, 0) == 5


def test_hands_longer_than_the_tricks_left_equal_brute_force() -> None:
    # a position built by hand whose hands hold one card more than the tricks left: play stops after the
    # tenth trick with a card in each hand, so the shortcuts that assume every card is played (top trumps,
    # the last trick played out) must not apply
    rng = random.Random(31)
    for i in range(12):
        kind = ("trump", "notrump", "misere")[i % 3]
        rules, maximise = kind_rules(kind, rng, (0, 1, 2), i % 3)
        play = random_ending(rng, rules, 4)
        play.tricks_done = 7  # three tricks left, four cards a hand
        for declarer in range(3):
            assert solve(play, declarer, maximise) == minimax(play, declarer, maximise), (i, declarer)
