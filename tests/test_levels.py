"""The levels for people (``easy``, ``normal``, ``hard``): registered, seeing only their seat, the hard level's
inference, exact layouts and discard, and the hints of ``play --hints`` (issue 15). Small budgets: the
strength is the arena's to measure (docs/bots.md), the speed bench/bench_levels.py's."""

from __future__ import annotations

import io
import itertools
import math
import random
import sys

import pytest
from test_bots import rigged
from test_pimc import (
    GAME_ACTIONS,
    GAME_HANDS,
    GAME_TALON,
    MISERE_ACTIONS,
    MISERE_HANDS,
    MISERE_TALON,
    drive,
    ending_observation,
    swapped,
)

from preferans.core import Game, Variant
from preferans.core.ai.bots import HeuristicBot, estimate
from preferans.core.ai.levels import BETA, HardBot, discards, enumerate_layouts, hints, likelihood
from preferans.core.ai.pimc import PimcBot, PimcOptions, implausibility, observe, sample_layouts
from preferans.core.ai.registry import BOTS, check_bot, make_bot
from preferans.core.ai.solver import solve
from preferans.core.cli import main
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import SUIT_MASK, cards_of, parse_card, parse_cards
from preferans.core.model.errors import BadInput
from preferans.core.server.lobby import variants

S, C, D, H = 0, 1, 2, 3
HARD_SMALL = "hard:samples=4:nodes=100000000:min_samples=1"
"""Four layouts, no node cap (the choices then do not depend on the machine), as tests/test_pimc.py's SMALL."""


def hard() -> HardBot:
    bot = make_bot(HARD_SMALL, 7, 1, trusted=True)
    assert isinstance(bot, HardBot)
    return bot


# ---------------------------------------------------------------- the registry


def test_the_levels_are_registered_and_offered_by_the_lobby() -> None:
    assert list(BOTS)[:3] == ["easy", "normal", "hard"]
    assert variants()["bots"][:3] == ["easy", "normal", "hard"]  # the server's seat menu lists the registry
    assert isinstance(make_bot("easy", 1, 0), HeuristicBot)
    normal, strong = make_bot("normal", 1, 0), make_bot("hard", 1, 2)
    assert type(normal) is PimcBot and normal.options.samples == 8 and normal.options.nodes == 1_000_000
    assert isinstance(strong, HardBot) and strong.options.samples == 24
    assert strong.options.seed == 1 * 1_000_003 + 2  # seeded from the game and the seat, as pimc
    assert make_bot("hard:samples=40", 1, 0).options.samples == 40  # type: ignore[attr-defined]


def test_a_level_option_above_its_cap_is_refused() -> None:
    with pytest.raises(BadInput, match=r"game.json: bots\[1\]: pimc option samples: 5000 is above the cap of 1000"):
        check_bot("hard:samples=5000", "game.json: bots[1]")
    with pytest.raises(BadInput, match="takes no options"):
        check_bot("easy:samples=4", "bots")


# ---------------------------------------------------------------- exact layouts and inference


def test_few_unseen_cards_are_enumerated_exactly(sochi: Variant) -> None:
    # ending_observation: AS KS QS JS KD QD split 3-3 between seats 1 and 2: C(6,3) = 20 layouts
    obs = ending_observation(Game(sochi, 0).contracts)
    layouts = enumerate_layouts(obs)
    assert layouts is not None and len(layouts) == 20 and len(set(layouts)) == 20
    unseen = parse_cards("AS KS QS JS KD QD")
    assert all(x.hands[1] | x.hands[2] == unseen and x.hands[1].bit_count() == 3 for x in layouts)
    # seat 1 shown out of diamonds: it holds three of the four spades, C(4,3) = 4 layouts
    void = obs.__class__(**{**obs.__dict__, "forbidden": (0, SUIT_MASK[D], 0)})
    layouts = enumerate_layouts(void)
    assert layouts is not None and len(layouts) == 4
    assert all(x.hands[2] & parse_cards("KD QD") == parse_cards("KD QD") for x in layouts)
    # more than the limit: None (the sampler then deals)
    assert enumerate_layouts(obs, limit=19) is None


def test_the_hard_bot_solves_every_layout_when_few(sochi: Variant) -> None:
    # As test_pimc's cashing test, but over all 20 layouts, each of weight 1 (no calls to weigh them by):
    # AH first makes 6 tricks in every layout, a small spade 5.
    obs = ending_observation(Game(sochi, 0).contracts)
    bot = HardBot(PimcOptions(samples=4, nodes=10**9))
    found = bot.card_totals(obs)
    assert found is not None and bot.last_samples == 20
    ah, s8, s7 = parse_card("AH"), parse_card("8S"), parse_card("7S")
    assert found.tricks == pytest.approx({ah: 6 * 20, s8: 5 * 20, s7: 5 * 20})


def test_a_layout_is_weighted_by_how_likely_the_calls_were(sochi: Variant) -> None:
    # Seat 2 at its whist call: seat 1 declared six spades. A layout that gives seat 1 three small trumps and
    # nothing else of note is worth estimate(...) tricks, far short of 6 - 1, so exp(-1.5 * shortfall).
    game = drive(rigged(sochi, GAME_HANDS, GAME_TALON), GAME_ACTIONS[:6])
    obs = observe(game, 2)
    for layout in sample_layouts(obs, random.Random(3), 20, 1):
        assert likelihood(obs, layout) == pytest.approx(math.exp(-BETA * implausibility(obs, layout)))
    # the hard bot's resampled layouts give the declarer stronger spades than the uniform pool does
    pool = sample_layouts(obs, random.Random(4), 200, 1)
    uniform = sum(estimate(x.hands[1], S) for x in pool) / len(pool)
    weighted = HardBot(PimcOptions(samples=200, seed=4)).weighted_layouts(obs, merge=False)
    inferred = sum(estimate(x.hands[1], S) for x, _ in weighted) / len(weighted)
    assert inferred > uniform + 1.0


# ---------------------------------------------------------------- the discard


def test_equivalent_discards_are_counted_once() -> None:
    # seat 1's twelve cards in GAME_HANDS with the talon: runs of touching cards 10S-AS (5), KC AC (2),
    # KD AD (2), 7H 8H 9H (3); two cards from four runs: the 10 ways to split 2 over 4 parts
    hand = parse_cards(GAME_HANDS[1]) | parse_cards(GAME_TALON)
    options = discards(hand, list(cards_of(hand)), 2)
    assert len(options) == 10 and len(set(options)) == 10
    assert parse_cards("7H 8H") in options and parse_cards("8H 9H") not in options  # 8H 9H is 7H 8H again
    assert len(list(itertools.combinations(cards_of(hand), 2))) == 66


def test_the_hard_discard_is_the_solvers_best(sochi: Variant) -> None:
    # Seat 1 bid six spades and took 9H 8H. By hand: with two hearts gone he draws the three trumps out with
    # AS KS QS and cashes AC KC AD KD, losing only his last heart: 9 tricks whatever the defenders hold;
    # any other discard keeps two hearts, or drops a winner, and makes at most 8. The solver, over all 66
    # discards in the true deal, agrees, and the bot's two cards are one of the best.
    game = drive(rigged(sochi, GAME_HANDS, GAME_TALON), GAME_ACTIONS[:3])
    hand = game.hand(1)
    rules = game.play_rules_for(game.contracts["6S"], 1)
    hands = [game.hand(0), 0, game.hand(2)]

    def value(drop: tuple[int, int]) -> int:
        hands[1] = hand & ~(1 << drop[0]) & ~(1 << drop[1])
        return solve(TrickPlay.start(rules, list(hands), (), 3), 1)

    values = {pair: value(pair) for pair in itertools.combinations(cards_of(hand), 2)}
    assert max(values.values()) == 9
    assert {p for p, v in values.items() if v == 9} == set(itertools.combinations(cards_of(parse_cards("7H 8H 9H")), 2))
    bot = hard()
    first = bot.choose(game, 1)
    assert bot.last_samples > 0  # decided by the solver, not left to the heuristic
    game.apply(first)
    second = bot.choose(game, 1)
    game.apply(second)
    assert values[tuple(sorted((parse_card(first), parse_card(second))))] == 9  # type: ignore[index]


# ---------------------------------------------------------------- what the levels may see


def other_defence(hands: dict[int, str]) -> dict[int, str]:
    """GAME_HANDS with KD (seat 1) and QD (seat 0) swapped: cards seat 2 cannot see, the calls all still legal."""
    out = dict(hands)
    out[1] = hands[1].replace("KD", "QD")
    out[0] = hands[0].replace("QD", "KD")
    return out


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize(("hands", "talon", "actions", "seat", "other"), [
    (GAME_HANDS, GAME_TALON, [], 1, swapped(GAME_HANDS, 2, 0)),                    # the auction
    (GAME_HANDS, GAME_TALON, GAME_ACTIONS[:3], 1, swapped(GAME_HANDS, 2, 0)),      # the discard
    (GAME_HANDS, GAME_TALON, GAME_ACTIONS[:5], 1, swapped(GAME_HANDS, 2, 0)),      # the declaration
    (GAME_HANDS, GAME_TALON, GAME_ACTIONS[:6], 2, other_defence(GAME_HANDS)),      # the whist call
    (GAME_HANDS, GAME_TALON, GAME_ACTIONS, 1, swapped(GAME_HANDS, 2, 0)),          # the declarer's lead
    (GAME_HANDS, GAME_TALON, [*GAME_ACTIONS, "AS"], 2, other_defence(GAME_HANDS)),  # a defender's card
    (MISERE_HANDS, MISERE_TALON, MISERE_ACTIONS, 1, swapped(MISERE_HANDS, 2, 0)),  # misère play
    (GAME_HANDS, GAME_TALON, ["pass"] * 3, 1, swapped(GAME_HANDS, 2, 0)),          # raspasovka
], ids=["auction", "discard", "declare", "defence", "lead", "follow", "misere", "raspasovka"])
def test_two_games_that_look_the_same_get_the_same_decision(sochi: Variant, level: str, hands: dict[int, str],
                                                            talon: str, actions: list[str], seat: int,
                                                            other: dict[int, str]) -> None:
    a = drive(rigged(sochi, hands, talon), actions)
    b = drive(rigged(sochi, other, talon), actions)
    assert a.current_player == b.current_player == seat and a.phase == b.phase
    assert observe(a, seat) == observe(b, seat)
    unseen = [h for h in range(3) if h != seat]
    assert any(a.hand(h) != b.hand(h) for h in unseen)  # the games differ, where the seat cannot look
    name = level + HARD_SMALL[4:]
    bot_a, bot_b = make_bot(name, 7, seat, trusted=True), make_bot(name, 7, seat, trusted=True)
    assert bot_a.choose(a, seat) == bot_b.choose(b, seat)


# ---------------------------------------------------------------- hints


def test_hints_value_the_cards_of_the_hand_to_play(sochi: Variant) -> None:
    # Seat 1 leads six spades holding AS KS QS JS 10S AC KC AD KD 9H: a spade lead makes 9 tricks in every
    # layout (three trumps out, drawn by AS KS QS; then four minor winners, the 9H lost), and no lead makes
    # 10 (the 9H always loses), so the best hint is worth 9.0 tricks and none more.
    game = drive(rigged(sochi, GAME_HANDS, GAME_TALON), GAME_ACTIONS)
    rows = hints(game, 1, bot=hard())
    assert len(rows) == 3 and rows[0][1] == 9.0
    assert all(v is not None and v <= 9.0 for _, v in rows)
    assert all(name in game.legal_actions() for name, _ in rows)
    # the five spades are one choice (touching, each worth 9 in every layout): one of them is shown
    assert sum(1 for name, _ in rows if name.endswith("S")) == 1
    # a defender's hint counts the defence's tricks: 10 less the declarer's, here at least 1 (the heart)
    game.apply("AS")
    rows = hints(game, 2, bot=hard())
    assert all(v is not None and v >= 1.0 for _, v in rows)


def test_play_with_hints_shows_the_hard_bots_choice(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\ny\n"))
    assert main(["play", "--human", "0", "--hints", "--seed", "3", "--bots", "heuristic",
                 "--rule", "max_deals=1"]) == 0
    out = capsys.readouterr().out
    hint = next(line for line in out.splitlines() if line.startswith("hint: "))
    assert hint.endswith("(the hard bot's choice)")  # the first decision is a call
    assert hint.split()[1] in out.split("your choices:")[1]


def test_hints_without_a_human_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--hints", "--seed", "3", "--bots", "heuristic"]) == 2
    assert "--hints: hints are for the human player" in capsys.readouterr().err


def test_a_discard_the_budget_cannot_value_is_the_heuristics(sochi: Variant) -> None:
    # one node: the first discard's solve already spends it, the layout is dropped unfinished, nothing is
    # solved, and the heuristic bot discards (its rule: the lowest card of the shortest plain suit, 7H)
    game = drive(rigged(sochi, GAME_HANDS, GAME_TALON), GAME_ACTIONS[:3])
    bot = make_bot("hard:nodes=1:min_samples=1", 7, 1)
    assert isinstance(bot, HardBot)
    assert bot.discard(game, 1, game.legal_actions()) is None and bot.last_samples == 0
    assert bot.choose(game, 1) == HeuristicBot().choose(game, 1) == "7H"
