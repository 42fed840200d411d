"""The compiled solver (core/ai/_dds.c) against the pure-Python solver and an independent brute force.

The brute force (:func:`brute`) knows nothing of either solver: it plays every legal card through
:class:`TrickPlay` itself (so the rules are the engine's) and takes the best for the side to play, with a
memo on the whole position and no pruning, no card reduction, no bounds. The endings are random: 4-5 cards
per hand with three active hands, 5-6 with two, trump and no-trump, must beat / trump / over-trump on and
off, early stops, tricks already won, three or four seats at the table, and 0-2 cards already in the trick.
Each is valued as a game (the declarer's side maximises) and as misère (it minimises), for two declarers.
Full 10-card deals (trump, no-trump, misère) check the compiled and the Python solver against each other.

Skipped when the extension is not built (no C compiler at install); the backend selection tests run anyway.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from helpers.solver_brute import deal_hands, minimax
from preferans.core.ai import solver
from preferans.core.ai.solver import Solver, card_values, compiled_search, solve
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import NO_TRUMP, parse_cards
from preferans.core.model.errors import BadInput
from preferans.core.model.views import PlayRules

BUILT = compiled_search("auto") is not None
needs_c = pytest.mark.skipif(
    not BUILT, reason="the compiled solver preferans.core.ai._dds is not built (no C compiler at install time)",
)


def random_ending(rng: random.Random) -> TrickPlay | None:
    """A random ending: rules, hands, tricks already won and 0-2 cards of the current trick played."""
    n_seats = rng.choice([3, 3, 3, 4])
    n_active = rng.choice([2, 3])
    active = tuple(sorted(rng.sample(range(n_seats), n_active)))
    n_cards = rng.randint(4, 5) if n_active == 3 else rng.randint(5, 6)
    stop_seat = rng.choice(active)
    rules = PlayRules(
        trump=rng.choice([NO_TRUMP, NO_TRUMP, 0, 1, 2, 3]), leader=rng.choice(active), hands=active,
        must_follow=rng.random() < 0.95, must_trump=rng.random() < 0.7, must_beat=rng.random() < 0.4,
        must_overtrump=rng.choice([None, True, False]), declarer=stop_seat if rng.random() < 0.8 else None,
        stop_declarer_at=rng.choice([None, None, 2, 3, 5, 7]), stop_defence_at=rng.choice([None, None, 1, 5, 6, 8]),
    )
    pack = list(range(32))
    rng.shuffle(pack)
    hands = deal_hands(pack, active, n_cards, n_seats)
    # an inactive seat may hold cards (a dummy's or a sitting-out dealer's): they must not matter
    for seat in set(range(n_seats)) - set(active):
        if rng.random() < 0.5:
            hands[seat] = 1 << pack[-1]
    play = TrickPlay.start(rules, hands, (), n_seats)
    play.tricks_done = 10 - n_cards
    for _ in range(play.tricks_done):  # the tricks already played, won by anyone active
        play.tricks_won[rng.choice(active)] += 1
    if play._stop_early():
        return None
    for _ in range(rng.randint(0, n_active - 1)):
        legal = [c for c in range(32) if play.legal_mask() >> c & 1]
        play.play(rng.choice(legal))
    return play


def endings(n: int, seed: int) -> list[TrickPlay]:
    rng = random.Random(seed)
    out: list[TrickPlay] = []
    while len(out) < n:
        play = random_ending(rng)
        if play is not None and not play.finished:
            out.append(play)
    return out


ENDINGS = endings(100, 2026)


def test_endings_cover_the_cases() -> None:
    rules = [e.rules for e in ENDINGS]
    assert {len(r.hands) for r in rules} == {2, 3}
    assert any(r.trump == NO_TRUMP for r in rules) and any(r.trump != NO_TRUMP for r in rules)
    assert any(r.must_beat for r in rules) and any(not r.must_trump for r in rules)
    assert any(r.declarer is not None and r.stop_declarer_at is not None for r in rules)
    assert any(r.declarer is not None and r.stop_defence_at is not None for r in rules)
    assert any(e.n_seats == 4 for e in ENDINGS)
    assert {len(e.trick) for e in ENDINGS} >= {0, 1, 2}


@pytest.mark.slow
@needs_c
@pytest.mark.parametrize("maximise", [True, False])
def test_compiled_equals_python_and_brute_force_on_endings(maximise: bool) -> None:
    for i, ending in enumerate(ENDINGS):
        active = ending.order
        # the stop seat (when there is one) and another active seat as the declarer
        first = ending.rules.declarer if ending.rules.declarer is not None else active[0]
        for declarer in (first, ending.next_hand[first]):
            expected = minimax(ending, declarer, maximise, {})
            assert solve(ending, declarer, maximise, backend="python") == expected, (i, declarer)
            assert solve(ending, declarer, maximise, backend="c") == expected, (i, declarer)


@needs_c
def test_compiled_card_values_equal_brute_force() -> None:
    for i, ending in enumerate(ENDINGS[::4]):
        declarer = ending.rules.declarer if ending.rules.declarer is not None else ending.order[0]
        for maximise in (True, False):
            memo: dict[tuple[object, ...], int] = {}
            values = card_values(ending, declarer, maximise, backend="c")
            assert values == card_values(ending, declarer, maximise, backend="python")
            assert set(values) == {c for c in range(32) if ending.legal_mask() >> c & 1}
            for card, value in values.items():
                child = ending.copy()
                child.play(card)
                assert value == minimax(child, declarer, maximise, memo), (i, card)


@needs_c
def test_compiled_windowed_tests_bound_the_value() -> None:
    # value(play, alpha, beta) is one fail-soft test: the value inside the window, else a bound beyond it
    for ending in ENDINGS[::6]:
        declarer = ending.order[0]
        for maximise in (True, False):
            exact = minimax(ending, declarer, maximise, {})
            s = Solver(ending, declarer, maximise, backend="c")
            for alpha in range(-1, 11):
                g = s.value(ending, alpha, alpha + 1)
                if g <= alpha:
                    assert exact <= g
                else:
                    assert exact >= g
                assert (g > alpha) == (exact > alpha)


def talon_ending(rng: random.Random) -> TrickPlay:
    """A raspasovka ending whose next one or two tricks are led by talon cards: those stay in the Python
    search, which hands the positions after them to the compiled one."""
    n_seats = rng.choice([3, 4])
    active = (0, 1, 2)
    n_cards = 4
    done = 10 - n_cards
    rules = PlayRules(
        trump=NO_TRUMP, leader=rng.choice(active), hands=active, talon_leads=done + rng.randint(1, 2),
        talon_contends=n_seats == 4, talon_owner=3 if n_seats == 4 else None,
        after_talon_leader=rng.choice([None, 0, 1, 2]),
    )
    pack = list(range(32))
    rng.shuffle(pack)
    hands = deal_hands(pack, active, n_cards, n_seats)
    # the talon cards sit at the indices of the tricks they lead
    talon = tuple(pack[-1 - i] for i in range(done + 2))
    play = TrickPlay(rules, hands, talon, n_seats, tricks_won=[0] * n_seats, tricks_done=done)
    play.order = active
    play.next_hand = (1, 2, 0, 0)[:n_seats]
    play._open_trick(rules.leader)
    for _ in range(done):
        play.tricks_won[rng.randrange(n_seats)] += 1
    return play


@needs_c
def test_compiled_after_tricks_led_by_the_talon() -> None:
    rng = random.Random(11)
    for i in range(16):
        play = talon_ending(rng)
        assert play._talon_led()
        for declarer in (0, 1):
            # raspasovka: each seat avoids tricks; valued both ways for the declarer's count
            for maximise in (True, False):
                expected = minimax(play, declarer, maximise, {})
                assert solve(play, declarer, maximise, backend="c") == expected, (i, declarer, maximise)
                assert solve(play, declarer, maximise, backend="python") == expected, (i, declarer, maximise)


def full_deal(seed: int, trump: int) -> tuple[TrickPlay, int]:
    rng = random.Random(seed)
    pack = list(range(32))
    rng.shuffle(pack)
    hands = [sum(1 << c for c in pack[10 * s:10 * s + 10]) for s in range(3)]
    declarer = rng.randrange(3)
    rules = PlayRules(trump=trump, leader=0, hands=(0, 1, 2), declarer=declarer)
    return TrickPlay.start(rules, hands, (), 3), declarer


@needs_c
@pytest.mark.parametrize(("seed", "trump", "maximise"), [
    (1, 2, True), (2, 0, True), (3, NO_TRUMP, True), (4, NO_TRUMP, True), (6, NO_TRUMP, False), (11, NO_TRUMP, False),
])
def test_compiled_equals_python_on_full_deals(seed: int, trump: int, maximise: bool) -> None:
    play, declarer = full_deal(seed, trump)
    expected = solve(play, declarer, maximise, backend="python")
    assert solve(play, declarer, maximise, backend="c") == expected
    # and after the first card, every card of the leader's
    values = card_values(play, declarer, maximise, backend="c")
    pick = max if (play.to_play == declarer) == maximise else min
    assert pick(values.values()) == expected


@needs_c
@pytest.mark.parametrize(("overtrump", "expected"), [(True, 1), (False, 0)])
def test_compiled_must_overtrump_by_hand(overtrump: bool, expected: int) -> None:
    # Misère, hearts trumps, two tricks left. Seat 1 leads a spade; seat 2 (10H QH) and the declarer, seat 0
    # (7H JH), have no spades and must trump. Must over-trump: seat 2 ruffs with the 10H and the declarer
    # has to go over with the JH (1 trick; ruffing with the QH instead lets him duck, so seat 2 picks the
    # 10H). Without it he ducks with the 7H, and the JH later falls under the QH: 0 tricks.
    hands = [parse_cards("7H JH"), parse_cards("7S 8S"), parse_cards("10H QH")]
    rules = PlayRules(trump=3, leader=1, hands=(0, 1, 2), must_overtrump=overtrump, declarer=0)
    play = TrickPlay.start(rules, hands, (), 3)
    play.tricks_done = 8
    assert minimax(play, 0, False, {}) == expected
    assert solve(play, 0, False, backend="c") == expected
    assert solve(play, 0, False, backend="python") == expected


@needs_c
@pytest.mark.parametrize("seed", range(10))
def test_compiled_equals_python_with_early_stops(seed: int) -> None:
    # full deals with both early stops (the key of the compiled table then holds the tricks won)
    play, declarer = full_deal(100 + seed, seed % 5 - 1)
    rules = replace(play.rules, stop_declarer_at=6 + seed % 3, stop_defence_at=3 + seed % 3, must_beat=seed % 2 == 0)
    play = TrickPlay.start(rules, play.hands, (), 3)
    for maximise in (True, False):
        assert solve(play, declarer, maximise, backend="c") == solve(play, declarer, maximise, backend="python")


@needs_c
def test_compiled_search_leaves_talon_leads_to_python() -> None:
    from preferans.core.ai._dds import Search

    play = talon_ending(random.Random(3))
    assert play._talon_led()
    assert Search(play, 0, True).value(play) is None
    # hands that do not hold the cards of the tricks left are Python's too
    odd = ENDINGS[0].copy()
    seat = odd.order[0]
    assert Search(odd, seat, True).value(odd) is not None
    taken = odd.cards_in_play() | sum(1 << card for _, card in odd.trick)
    odd.hands[seat] |= 1 << next(c for c in range(32) if not taken >> c & 1)
    assert Search(odd, seat, True).value(odd) is None


def test_backend_selection(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PREFERANS_SOLVER", "python")
    assert compiled_search() is None
    assert compiled_search("python") is None
    monkeypatch.setenv("PREFERANS_SOLVER", "fortran")
    with pytest.raises(BadInput, match="PREFERANS_SOLVER: unknown solver backend 'fortran'"):
        compiled_search()
    with pytest.raises(BadInput, match="backend: unknown solver backend 'fast'.*auto, python, c"):
        compiled_search("fast")
    # without the extension: auto falls back to Python, c is a one-line error
    monkeypatch.setattr(solver, "_COMPILED", None)
    assert compiled_search("auto") is None
    with pytest.raises(BadInput, match="not built") as err:
        compiled_search("c")
    assert "\n" not in str(err.value)


@needs_c
def test_backend_c_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    play, declarer = full_deal(1, 2)
    monkeypatch.setenv("PREFERANS_SOLVER", "auto")
    assert Solver(play, declarer).fast is not None
    assert Solver(play, declarer, backend="python").fast is None
    monkeypatch.setenv("PREFERANS_SOLVER", "python")
    assert Solver(play, declarer).fast is None
    assert Solver(play, declarer, backend="c").fast is not None
