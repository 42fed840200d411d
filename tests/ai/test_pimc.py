"""The pimc bot: what it may see, how it deals the unseen cards, and that it plays well and legally.

Small budgets throughout (a handful of layouts per decision) keep these tests to seconds; the playing
strength is measured by the arena (docs/bots.md), the speed by bench/bench_pimc.py.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.deals import (
    GAME_ACTIONS,
    GAME_HANDS,
    GAME_TALON,
    MISERE_ACTIONS,
    MISERE_HANDS,
    MISERE_TALON,
    drive,
    ending_observation,
    rigged,
    swapped,
)
from preferans.core import Game, Variant
from preferans.core.ai import pimc
from preferans.core.ai.bots import HeuristicBot
from preferans.core.ai.pimc import (
    Knowledge,
    Layout,
    PimcBot,
    PimcOptions,
    observe,
    parse_options,
    sample_layouts,
    solve_cards,
)
from preferans.core.ai.registry import make_bot
from preferans.core.engine.game import Phase
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import CARD_NAMES, NO_TRUMP, SUIT_MASK, cards_of, parse_card, parse_cards
from preferans.core.model.errors import BadInput
from preferans.core.model.views import PlayRules

S, C, D, H = 0, 1, 2, 3

SMALL = "samples=4:nodes=100000000:min_samples=1"
"""A budget for tests: four layouts, no node cap (the decisions then do not depend on the machine); above
the node cap of docs/bots.md, so the tests make it with ``trusted=True``."""


def cards_in(obs: Knowledge) -> int:
    """Every card named anywhere in an observation."""
    m = obs.talon | obs.discard | obs.gone
    for mask in obs.known.values():
        m |= mask
    if obs.play is not None:
        for h in obs.play.hands:
            m |= h
        for c in obs.play.talon_cards:
            m |= 1 << c
        for _, trick in obs.play.completed:
            for _, c in trick:
                m |= 1 << c
    return m


# ---------------------------------------------------------------- the observation


def test_observation_of_a_defender_holds_no_hidden_card(sochi: Variant) -> None:
    game = drive(rigged(sochi, GAME_HANDS, GAME_TALON), GAME_ACTIONS)
    assert game.phase is Phase.PLAY
    # a trick and a half: the declarer leads AS, everybody follows; then KS and seat 2 follows
    drive(game, ["AS", "8S", "7S", "KS", "9S"])
    obs = observe(game, 2)
    hidden = game.hand(1) | game.hand(0) | game.deal.discard  # the declarer's hand and discard, the partner's
    assert hidden.bit_count() == 8 + 9 + 2
    assert cards_in(obs) & hidden == 0
    assert obs.known == {2: game.hand(2)} and obs.talon == 0 and obs.discard == 0
    assert obs.unseen() == hidden
    assert obs.forbidden == (0, 0, 0)  # everybody has followed suit so far: no void is known yet


def test_observation_of_the_declarer_has_his_talon_and_discard(sochi: Variant) -> None:
    game = drive(rigged(sochi, GAME_HANDS, GAME_TALON), GAME_ACTIONS)
    obs = observe(game, 1)
    assert obs.talon == parse_cards(GAME_TALON) and obs.discard == parse_cards("7H 8H")
    assert cards_in(obs) & (game.hand(2) | game.hand(0)) == 0
    assert obs.unseen() == game.hand(2) | game.hand(0)


def test_the_same_sight_gives_the_same_decision(sochi: Variant) -> None:
    """Two deals that differ only in the two hands seat 1 cannot see: the same observation and, with the
    same bot seed, the same call, lead and raspasovka card."""
    other = swapped(GAME_HANDS, 2, 0)
    for actions in ([], GAME_ACTIONS):
        a = drive(rigged(sochi, GAME_HANDS, GAME_TALON), actions)
        b = drive(rigged(sochi, other, GAME_TALON), actions)
        assert a.hand(2) != b.hand(2) and a.current_player == b.current_player == 1
        assert observe(a, 1) == observe(b, 1)
        bot_a, bot_b = make_bot(f"pimc:{SMALL}", 7, 1, trusted=True), make_bot(f"pimc:{SMALL}", 7, 1, trusted=True)
        assert isinstance(bot_a, PimcBot) and isinstance(bot_b, PimcBot)
        assert bot_a.choose(a, 1) == bot_b.choose(b, 1)
        assert bot_a.last_samples == bot_b.last_samples > 0  # decided by sampling, not by the heuristic
    # raspasovka: the talon's first card (9H) leads; seat 1 plays to it first, knowing only that card
    a = drive(rigged(sochi, GAME_HANDS, GAME_TALON), ["pass"] * 3)
    b = drive(rigged(sochi, other, GAME_TALON), ["pass"] * 3)
    obs = observe(a, 1)
    assert obs == observe(b, 1) and obs.play is not None and obs.play.talon_cards == (parse_card("9H"),)
    assert obs.unseen() == a.hand(2) | a.hand(0) | 1 << parse_card("8H")  # the second talon card is unseen


# ---------------------------------------------------------------- sampling


def check_layouts(game: Game, seat: int, rng: random.Random, n: int = 12) -> int:
    """Sample layouts for ``seat`` and check each; return how many hands had an inferred restriction."""
    obs = observe(game, seat)
    unseen = obs.unseen()
    for h in obs.hidden:
        # soundness of the inferences: the real hand never holds a card it is said not to hold
        assert game.hand(h) & obs.forbidden[h] == 0, (h, CARD_NAMES)
    for layout in sample_layouts(obs, rng, n, tries=3):
        union = layout.rest
        total = layout.rest.bit_count()
        for h in obs.hidden:
            cards = layout.hands[h]
            assert cards.bit_count() == obs.counts[h]
            assert cards & obs.forbidden[h] == 0
            union |= cards
            total += cards.bit_count()
        assert union == unseen and total == unseen.bit_count()  # each unseen card exactly once
        for h, cards in obs.known.items():
            assert layout.hands[h] == cards
        if obs.talon:  # a seen talon card not in sight lies in the declarer's hand or his discard
            for h in obs.hidden:
                if h != obs.declarer:
                    assert layout.hands[h] & obs.talon == 0
    return sum(1 for h in obs.hidden if obs.forbidden[h])


def test_layouts_hold_the_unseen_cards_once_and_respect_voids(sochi: Variant) -> None:
    restricted = 0
    rng = random.Random(5)
    bot = HeuristicBot()
    for seed in range(6):
        game = Game(sochi, seed)
        while not game.is_terminal and len(game.results) < 2:
            if game.phase is Phase.PLAY and len(game.history) % 2 or game.phase is Phase.AUCTION:
                for seat in range(3):
                    restricted += check_layouts(game, seat, rng, 3)
            game.apply(bot.choose(game, game.current_player))
    assert restricted > 20  # the play revealed voids often enough for the check to mean something


def _reference_deal(obs: Knowledge, rng: random.Random, eligible: list[tuple[int, int]], caps: list[int],
                    hidden: tuple[int, ...]) -> Layout:
    """The sampler's deal written plainly: Hall's condition tested for every card and slot, Python's own
    weighted choice. The bots' games depend on every random draw, so the fast one must draw the same."""
    room, n = caps.copy(), len(caps)
    pending = [0] * (1 << n)
    for _, allowed in eligible:
        pending[allowed] += 1
    slots, order = [0] * n, list(eligible)
    rng.shuffle(order)
    order.sort(key=lambda e: e[1].bit_count())
    for card, allowed in order:
        pending[allowed] -= 1
        choices, weights = [], []
        for s in range(n):
            if allowed >> s & 1 and room[s] > 0:
                room[s] -= 1
                if _hall(pending, room):
                    choices.append(s)
                    weights.append(room[s] + 1)
                room[s] += 1
        s = choices[0] if len(choices) == 1 else rng.choices(choices, weights)[0]
        room[s] -= 1
        slots[s] |= 1 << card
    hands = [obs.known.get(h, 0) for h in range(obs.n_hands)]
    for i, h in enumerate(hidden):
        hands[h] = slots[i]
    rest_order = list(cards_of(slots[-1]))
    rng.shuffle(rest_order)
    return Layout(tuple(hands), slots[-1], tuple(rest_order))


@pytest.mark.slow
def test_the_sampler_draws_the_layouts_of_its_plain_form(sochi: Variant, monkeypatch: pytest.MonkeyPatch) -> None:
    # at every other decision of six games (voids shown, talons seen, raspasovka), the same layouts from the
    # same seed as the plain form above
    bot, restricted = HeuristicBot(), 0
    for seed in range(6):
        game = Game(sochi, seed)
        while not game.is_terminal and len(game.results) < 2:
            if len(game.history) % 2:
                for seat in range(3):
                    obs = observe(game, seat)
                    restricted += sum(1 for h in obs.hidden if obs.forbidden[h])
                    fast = sample_layouts(obs, random.Random(seed), 6, tries=2)
                    with monkeypatch.context() as m:
                        m.setattr(pimc, "_deal", _reference_deal)
                        assert sample_layouts(obs, random.Random(seed), 6, tries=2) == fast
            game.apply(bot.choose(game, game.current_player))
    assert restricted > 20  # voids often enough for Hall's test to be reached


def test_a_shown_out_hand_gets_none_of_that_suit(sochi: Variant) -> None:
    game = drive(rigged(sochi, GAME_HANDS, GAME_TALON), GAME_ACTIONS)
    # seat 1 leads AD; seat 2 follows 7D; seat 0 follows QD. Seat 1 leads AC: seat 2 QC, seat 0 7C.
    # Seat 1 leads KD: seat 2 8D, seat 0 9D. Seat 1 leads KC: seat 2 JC, seat 0 8C.
    # Seat 1 leads 9H: seat 2 follows AH and wins; seat 2 leads KH: seat 0 JH, seat 1 has no heart and
    # must trump (Sochi: must trump): 10S.
    drive(game, ["AD", "7D", "QD", "AC", "QC", "7C", "KD", "8D", "9D", "KC", "JC", "8C", "9H", "AH", "10H",
                 "KH", "JH", "10S"])
    obs = observe(game, 2)
    assert obs.forbidden[1] == SUIT_MASK[H]  # seat 1 trumped a heart: no hearts (he may hold trumps)
    assert obs.forbidden[0] == 0
    for layout in sample_layouts(obs, random.Random(1), 30):
        assert layout.hands[1] & SUIT_MASK[H] == 0
    check_layouts(game, 0, random.Random(2))


def test_a_misere_talon_is_placed_with_the_declarer_or_his_discard(sochi: Variant) -> None:
    game = drive(rigged(sochi, MISERE_HANDS, MISERE_TALON), MISERE_ACTIONS)
    assert game.phase is Phase.PLAY and game.current_player == 1  # the declarer leads; defenders still closed
    obs = observe(game, 2)
    assert obs.talon == parse_cards(MISERE_TALON) and obs.known == {2: game.hand(2)}
    assert obs.unseen() == game.hand(0) | game.hand(1) | obs.talon
    seen_in_rest = 0
    for layout in sample_layouts(obs, random.Random(3), 40):
        assert layout.hands[0] & obs.talon == 0
        seen_in_rest += (layout.rest & obs.talon).bit_count()
    assert seen_in_rest > 0
    check_layouts(game, 2, random.Random(4))


# ---------------------------------------------------------------- choices


def test_pimc_cashes_the_only_card_that_does_not_lose_a_trick(sochi: Variant) -> None:
    # By hand, in every layout of the six unseen cards (3-3): the opponents hold four spades above the 8,
    # so one of them has a spade on each of the last two spade leads and must follow with it, and none holds a
    # heart.
    # - AH first wins (nobody can follow or trump in no-trump), then 8S and 7S both lose: 5 + 1 = 6 tricks.
    # - a small spade first loses to a higher spade; the winner leads a spade or a diamond (all they hold)
    #   and seat 0's AH, not of that suit, never wins: 5 + 0 = 5 tricks.
    obs = ending_observation(Game(sochi, 0).contracts)
    bot = PimcBot(PimcOptions(samples=8, nodes=10**9))
    found = bot.card_totals(obs)
    assert found is not None and found.want_high and found.solved == 8
    ah, s8, s7 = parse_card("AH"), parse_card("8S"), parse_card("7S")
    assert found.tricks == {ah: 6 * 8, s8: 5 * 8, s7: 5 * 8}
    # the score adds make_bonus (2) where the six is made: only after AH
    assert found.score == {ah: (6 + 2) * 8, s8: 5 * 8, s7: 5 * 8}


def test_pimc_whists_with_the_four_top_trumps(sochi: Variant) -> None:
    # Seat 2 holds AS KS QS JS against six spades. Nobody holds a higher trump, so each trick in which seat 2
    # plays one of them is his; he plays all ten cards (no early stop in Sochi): at least 4 defence tricks in
    # every layout, which is the pair's obligation on a six (whist.obligation: 6 -> 4). So whist.
    hands = {1: "10S 9S 8S AC KC QC AD KD AH 7D", 2: "AS KS QS JS 7C 8C 8D 9D 7H 8H",
             0: "7S JC 10C 9C QD JD 10D KH QH JH"}
    game = drive(rigged(sochi, hands, "10H 9H"), ["6S", "pass", "pass", "7D", "10H", "6S"])
    assert game.phase is Phase.DEFENCE and game.current_player == 2
    bot = make_bot(f"pimc:{SMALL}", 3, 2, trusted=True)
    assert isinstance(bot, PimcBot)
    assert bot.choose(game, 2) == "whist" and bot.last_samples > 0


def test_too_small_a_budget_leaves_the_decision_to_the_heuristic(sochi: Variant) -> None:
    game = drive(rigged(sochi, GAME_HANDS, GAME_TALON), GAME_ACTIONS)
    bot = PimcBot(PimcOptions(samples=4, nodes=1, min_samples=2))  # one layout, then the budget is gone
    assert bot.choose(game, 1) == HeuristicBot().choose(game, 1) and bot.last_samples == 0
    bot = PimcBot(PimcOptions(samples=4, time=0.0, min_samples=1))  # no time at all: not even one layout
    assert bot.choose(game, 1) == HeuristicBot().choose(game, 1) and bot.last_samples == 0
    bot = PimcBot(PimcOptions(samples=4, nodes=10**9, min_samples=1))
    bot.choose(game, 1)
    assert bot.last_samples == 4  # with room for them, all four layouts are solved


# ---------------------------------------------------------------- whole deals


def play_deals(variant: Variant, seed: int, deals: int, names: list[str]) -> list[str]:
    game = Game(variant, seed)
    bots = [make_bot(n, seed, s) for s, n in enumerate(names)]
    while not game.is_terminal and len(game.results) < deals:
        seat = game.current_player
        action = bots[seat].choose(game, seat)
        assert action in game.legal_actions(), (game.phase, action)
        game.apply(action)
        game.check_cards()
    assert len(game.results) == deals
    return game.history


def test_pimc_plays_whole_sochi_deals_legally_and_deterministically(sochi: Variant) -> None:
    # nodes=1: one layout per decision (the first is always solved), the cheapest budget that still samples
    names = ["pimc:samples=2:nodes=1:min_samples=1", "pimc:samples=2:nodes=1:min_samples=1", "heuristic"]
    first = play_deals(sochi, 4, 2, names)
    assert play_deals(sochi, 4, 2, names) == first  # same seed, same game


# ---------------------------------------------------------------- options


def test_options_from_the_bot_name() -> None:
    assert parse_options("samples=40:time=0.5") == {"samples": 40, "time": 0.5}
    bot = make_bot("pimc:samples=5:bid-threshold=0.7", 1, 2)
    assert isinstance(bot, PimcBot) and bot.options.samples == 5 and bot.options.bid_threshold == 0.7
    assert bot.options.seed == 1 * 1_000_003 + 2  # derived from the game's seed and the seat
    assert isinstance(make_bot("pimc", 1, 0), PimcBot)
    with pytest.raises(BadInput, match=r"--bots: pimc option 'sample=4': expected KEY=VALUE with KEY one of"):
        make_bot("pimc:sample=4", 1, 0, where="--bots")
    with pytest.raises(BadInput, match=r"--bots: pimc option samples: 'x' is not a number"):
        make_bot("pimc:samples=x", 1, 0, where="--bots")
    with pytest.raises(BadInput, match=r"--bots: bot 'heuristic' takes no options"):
        make_bot("heuristic:samples=4", 1, 0, where="--bots")


def test_the_defence_margin_keeps_its_former_name() -> None:
    # defend_margin was whist_margin, the Russian word: a bot name typed with the old word still means it
    assert parse_options("defend_margin=0.5") == {"defend_margin": 0.5}
    assert parse_options("whist_margin=0.5") == {"defend_margin": 0.5}
    assert make_bot("pimc:whist-margin=2.5", 1, 0).options.defend_margin == 2.5  # type: ignore[attr-defined]
    assert make_bot("pimc", 1, 0).options.defend_margin == 1.5  # type: ignore[attr-defined]


def test_a_card_on_the_table_keeps_two_cards_of_a_hand_apart() -> None:
    """No trump, the last two tricks: seat 0 leads 10H, the declarer (seat 1) holds 9H JH, seat 2 8S 9S.
    By hand: JH wins the trick and 9H, then the only heart left, wins the last one: 2 tricks; 9H ducks
    under 10H, seat 0 leads 7S, the declarer discards and seat 2 wins: 0 tricks. The 10H on the table lies
    between 9H and JH, so they are not the same card (both were valued 2 before this was fixed)."""
    rules = PlayRules(trump=NO_TRUMP, leader=0, hands=(0, 1, 2), declarer=1)
    play = TrickPlay.start(rules, [parse_cards("10H 7S"), parse_cards("9H JH"), parse_cards("8S 9S")], (), 3)
    play.tricks_done = 8
    play.play(parse_card("10H"))
    values, _ = solve_cards(play, 1, True)
    assert {CARD_NAMES[c]: v for c, v in values.items()} == {"JH": 2, "9H": 0}


@pytest.mark.parametrize("option", ["min_samples=0", "time=nan", "bid_threshold=nan"])
def test_options_that_would_leave_no_layout_or_no_number_are_refused(option: str) -> None:
    with pytest.raises(BadInput, match=r"^--bots: pimc option "):
        make_bot(f"pimc:{option}:time=0", 1, 0, where="--bots")


def _hall(pending: list[int], room: list[int]) -> bool:
    """Hall's condition by its definition, every set of slots against every kind of card (the reference)."""
    return all(sum(c for m, c in enumerate(pending) if m and m & ~t == 0) <= sum(r for s, r in enumerate(room)
               if t >> s & 1) for t in range(1, len(pending)))


@given(st.lists(st.integers(0, 4), min_size=8, max_size=8), st.lists(st.integers(0, 6), min_size=3, max_size=3))
@settings(max_examples=400, deadline=None)
def test_the_samplers_placeability_test_is_halls_condition(pending: list[int], room: list[int]) -> None:
    # the sampler's inner test skips the kinds of card that are not pending and stops at the first failing
    # set; it must answer as the definition does
    assert pimc._placeable(pending, room) is _hall(pending, room)


@given(st.lists(st.integers(1, 12), min_size=2, max_size=3), st.integers(0, 2**32))
@settings(max_examples=200, deadline=None)
def test_the_samplers_weighted_pick_is_pythons_own(weights: list[int], seed: int) -> None:
    # the same draw as random.choices from the same state, so the layouts (and the bots' games) are those
    # of the plain call
    choices = [10 + i for i in range(len(weights))]
    a, b = random.Random(seed), random.Random(seed)
    assert [pimc._pick(a, choices, weights) for _ in range(20)] == [b.choices(choices, weights)[0] for _ in range(20)]
