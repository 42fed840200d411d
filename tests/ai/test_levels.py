"""The levels for people (``easy``, ``normal``, ``hard``): registered, seeing only their seat, the hard level's
inference, exact layouts and discard, and the hints of ``play --hints`` (issue 15). Small budgets: the
strength is the arena's to measure (docs/bots.md), the speed bench/bench_levels.py's."""

from __future__ import annotations

import io
import itertools
import math
import random
import sys
from typing import Any

import pytest

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
from preferans.core.ai import all_pass, calls
from preferans.core.ai.bots import TALON_BONUS, HeuristicBot, estimate
from preferans.core.ai.calls import choose_call
from preferans.core.ai.levels import BETA, HardBot, discards, enumerate_layouts, hints, likelihood
from preferans.core.ai.pimc import Layout, PimcBot, PimcOptions, implausibility, observe, sample_layouts
from preferans.core.ai.registry import BOTS, check_bot, make_bot
from preferans.core.ai.solver import solve
from preferans.core.cli import main
from preferans.core.cli.hints import hint_line
from preferans.core.engine.game import Phase
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import SUIT_MASK, cards_of, parse_card, parse_cards
from preferans.core.model.errors import BadInput
from preferans.core.model.i18n import translator
from preferans.core.server.lobby import variants

S, C, D, H = 0, 1, 2, 3
HARD_SMALL = "hard:samples=4:nodes=100000000:min_samples=1"
"""Four layouts, no node cap (the choices then do not depend on the machine), as tests/ai/test_pimc.py's SMALL."""


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
        assert likelihood(obs, layout) == pytest.approx(math.exp(-BETA * implausibility(obs, layout, by_rank=True)))
    # the hard bot's resampled layouts give the declarer stronger spades than the uniform pool does
    pool = sample_layouts(obs, random.Random(4), 200, 1)
    uniform = sum(estimate(x.hands[1], S) for x in pool) / len(pool)
    weighted = HardBot(PimcOptions(samples=200, seed=4)).weighted_layouts(obs, merge=False)
    inferred = sum(estimate(x.hands[1], S) for x, _ in weighted) / len(weighted)
    assert inferred > uniform + 1.0


def test_a_bid_says_the_hand_can_make_some_contract_as_high(sochi: Variant) -> None:
    # Seat 1 opens 6S, the lowest bid (first hand: seat 1). Its cards: seven hearts to the AKQJ and three
    # small diamonds, no spade. The heuristic bot bids like that: one step at a time up to its best contract, here a
    # six or more in hearts, so the hard bot's inference (by_rank) finds the layout plausible, 0. Pimc's
    # filter measures the bid in spades, where the hand is far short: 6 - 0.5 - TALON_BONUS - its spade tricks.
    hands = {1: "AH KH QH JH 10H 9H 8H 7D 8D 9D", 2: "AS KS QS JS 10S 9S AC KC QC JC",
             0: "8S 7S 10C 9C 8C 7C 10D JD QD 7H"}
    game = drive(rigged(sochi, hands, "KD AD"), ["6S"])
    obs = observe(game, 2)
    layout = Layout(tuple(game.deal.hands), parse_cards("KD AD"), (parse_card("KD"), parse_card("AD")))
    bidder = game.deal.hands[1]
    assert estimate(bidder, H) + TALON_BONUS >= 6 + 0.5  # good for a six in hearts
    assert implausibility(obs, layout, by_rank=True) == 0
    short = 6 - 0.5 - TALON_BONUS - estimate(bidder, S)
    assert short > 0 and implausibility(obs, layout) == pytest.approx(short)


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
    assert len(rows) == 3 and rows[0].value == 9.0 and {row.measure for row in rows} == {"tricks"}
    assert all(row.value is not None and row.value <= 9.0 for row in rows)
    assert all(row.action in game.legal_actions() for row in rows)
    # the five spades are one choice (touching, each worth 9 in every layout): one of them is shown
    assert sum(1 for row in rows if row.action.endswith("S")) == 1
    # a defender's hint counts the defence's tricks: 10 less the declarer's, here at least 1 (the heart)
    game.apply("AS")
    rows = hints(game, 2, bot=hard())
    assert all(row.value is not None and row.value >= 1.0 for row in rows)


TEN_HANDS = {1: "AS KS QS JS 10S 9S AC AD AH KH", 2: "KC QC JC 10C 9C 8C 7C 8S QH JH",
             0: "KD QD JD 10D 9D 8D 7D 7S 10H 9H"}
"""tests/ai/test_hard_calls.py's ten sure tricks: seat 1 takes all ten in spades or no-trump in every layout."""


def ten_game(sochi: Variant, hands: dict[int, str] = TEN_HANDS) -> Game:
    game = drive(rigged(sochi, hands, "8H 7H"), ["6S", "pass", "pass", "8H", "7H"])
    assert game.phase is Phase.DECLARE and game.current_player == 1
    return game


def test_a_declaration_hint_is_the_hard_bots_call_with_the_settlement_it_computed(sochi: Variant) -> None:
    # Seat 1 declares with ten sure tricks (TEN_HANDS) and no defender whists in the hard bot's layouts (the
    # passers' hands lack the whisting values), so a game of level L is written as made: Sochi's pool of
    # 2, 4, 6, 8, 10 for a six .. ten, which on a fresh sheet is worth 10 whists a point against each of
    # the two others, shared by the three players: 2 * 10 * pool / 3 = 66.7 for a ten, 53.3 for a nine.
    # Both tens (spades, no-trump) are worth 66.7; the hard bot declares one of them, shown first; a nine next.
    game = ten_game(sochi)
    rows = hints(game, 1, bot=hard())
    assert [row.measure for row in rows] == ["settlement"] * 3
    assert rows[0].action == hard().choose(game, 1)
    assert {rows[0].action, rows[1].action} == {"10S", "10NT"}
    assert rows[0].value == rows[1].value == round(2 * 10 * 10 / 3, 1) == 66.7
    assert rows[2].action in ("9S", "9NT") and rows[2].value == round(2 * 10 * 8 / 3, 1) == 53.3
    # the values are choose_call's own, not a second evaluation
    bot = hard()
    found = choose_call(game, 1, game.legal_actions(), bot._layouts, bot.options, bot.heuristic)
    assert found is not None and found[0] == rows[0].action
    assert [row.value for row in rows] == [round(found[1].mean(row.action), 1) for row in rows]


def test_a_raspasovka_hint_orders_the_cards_by_the_max_n_expected_result(sochi: Variant) -> None:
    # All pass on GAME_HANDS; the talon's 9H and 8H lead the first two tricks; seat 1, void in hearts after
    # the 7H, may throw any card on the 8H. He holds five top spades and the ace-kings of clubs and diamonds:
    # he is the one who takes tricks, so each card's expected result is a loss (whists paid).
    game = drive(rigged(sochi, GAME_HANDS, GAME_TALON), ["pass"] * 3 + ["7H", "QH", "10H"])
    assert game.current_player == 1 and len(game.legal_actions()) > 1
    rows = hints(game, 1, bot=hard())
    assert rows[0].action == hard().choose(game, 1)  # the card the hard bot plays, first
    assert all(row.measure == "settlement" and row.value is not None and row.value < 0 for row in rows)
    values = [row.value for row in rows if row.value is not None]
    assert values == sorted(values, reverse=True)  # best first
    found = all_pass.card_values(hard(), game, 1)
    assert found is not None
    assert values == [round(found.mean(parse_card(row.action)), 1) for row in rows]
    # one card of a suit worth the same: the touching spades (and AD, KD) are one choice each
    shown = [(row.action[-1], row.value) for row in rows]
    assert len(set(shown)) == len(shown)


def test_hints_depend_only_on_what_the_seat_sees(sochi: Variant) -> None:
    # the declaration of TEN_HANDS with the defenders' hands swapped, and the raspasovka position with QC
    # (seat 2) and 9C (seat 0) changing places: seat 1 sees neither, and gets the same rows, figures included
    a, b = ten_game(sochi), ten_game(sochi, swapped(TEN_HANDS, 2, 0))
    assert a.hand(2) != b.hand(2)
    assert hints(a, 1, bot=hard()) == hints(b, 1, bot=hard())
    other = dict(GAME_HANDS)
    other[2] = GAME_HANDS[2].replace("QC", "9C")
    other[0] = GAME_HANDS[0].replace("9C", "QC")
    actions = ["pass"] * 3 + ["7H", "QH", "10H"]
    a, b = drive(rigged(sochi, GAME_HANDS, GAME_TALON), actions), drive(rigged(sochi, other, GAME_TALON), actions)
    assert a.hand(2) != b.hand(2)
    rows = hints(a, 1, bot=hard())
    assert rows == hints(b, 1, bot=hard()) and rows[0].measure == "settlement"


def test_the_hint_line_names_the_settlement_in_the_variants_unit(sochi: Variant) -> None:
    # the two tens of the declaration above, 66.7 whists each (k=2); the first is the hard bot's call
    game = ten_game(sochi)
    first = hard().choose(game, 1)
    second = "10NT" if first == "10S" else "10S"
    assert hint_line(game, 1, bot=hard(), k=2) == f"hint: {first} (expected +66.7 whists), {second} (+66.7)"
    # Russian: core/locale/ru/LC_MESSAGES/preferans.po's "hint: {moves}" -> "подсказка: {moves}" and
    # "{action} (expected {value} {unit})" -> "{action} ({unit}: ожидается {value})", the unit "whists" of
    # the Russian family's catalogue -> "висты"; the calls as the Russian menu shows them (the suit "S" -> "♠",
    # "NT" -> "БК": 10S is 10♠, 10NT is 10БК)
    ru = translator("ru", sochi.locale_dirs)
    shown = {"10S": "10♠", "10NT": "10БК"}
    assert hint_line(game, 1, ru, bot=hard(), k=2) == (f"подсказка: {shown[first]} (висты: ожидается +66.7), "
                                                       f"{shown[second]} (+66.7)")


def test_play_with_hints_shows_the_calls_with_their_settlement(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\ny\n"))
    assert main(["play", "--human", "0", "--hints", "--seed", "3", "--bots", "heuristic",
                 "--rule", "max_deals=1"]) == 0
    out = capsys.readouterr().out
    hint = next(line for line in out.splitlines() if line.startswith("hint: "))
    assert " (expected " in hint and " whists)" in hint  # the first decision is a call: its settlement
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


def test_a_call_the_budget_cannot_value_is_the_heuristics_and_spends_no_second_budget(
        sochi: Variant, monkeypatch: pytest.MonkeyPatch) -> None:
    # one node: the first play-out of the opening call spends it, and that layout could make at most 1 of
    # min_samples 3, so the decision's budget is gone: its other calls are not played out (a layout short),
    # the heuristic calls, and pimc's own bid (a second budget) is never asked
    game = Game(sochi, 1, 0)
    seat = game.current_player
    bot = make_bot("hard:nodes=1:min_samples=3", 7, seat)
    assert isinstance(bot, HardBot) and game.phase is Phase.AUCTION and len(game.legal_actions()) > 1
    played: list[object] = []
    depth = [0]
    real = calls.play_out_both

    def counted(*args: Any) -> Any:  # the play-outs of the calls, not the branches within one
        if not depth[0]:
            played.append(args[0])
        depth[0] += 1
        try:
            return real(*args)
        finally:
            depth[0] -= 1

    monkeypatch.setattr(calls, "play_out_both", counted)  # Sochi weighs the seen defence: one tree per call
    found = choose_call(game, seat, game.legal_actions(), bot._layouts, bot.call_options(game), bot.heuristic)
    assert found is not None and found[1].too_few and found[1].layouts == 0
    assert len(found[1].totals) > 1 and len(played) == 1  # several candidates, one of them played out
    assert found[0] == HeuristicBot().choose(game, seat)
    # the same decision as when every candidate of that layout is played out (required 0: no early stop)
    obs = observe(game, seat)
    layouts = bot._layouts(obs, calls.CALL_SAMPLES)
    full = calls.call_values(game, seat, list(found[1].totals), layouts, bot.call_options(game), obs,
                             bot.heuristic)
    assert full.layouts == 1 < 3 and len(played) == 1 + len(found[1].totals)

    def second_budget(*args: object) -> None:
        raise AssertionError("pimc's bid spent a second budget on the decision")

    monkeypatch.setattr(PimcBot, "bid", second_budget)
    assert bot.choose(game, seat) == found[0] and bot.last_samples == 0
    rows = hints(game, seat, bot=bot)  # the bot's call with no figure: one layout is no estimate
    assert [(row.action, row.value, row.measure) for row in rows] == [(found[0], None, "choice")]
