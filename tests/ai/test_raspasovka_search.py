"""The hard bot's raspasovka search (core/ai/all_pass.py): max-n, not the paranoid misère of pimc; the
variant's own costs; the compiled search equal to the Python one; and a decision from the seat's view only."""

from __future__ import annotations

from fractions import Fraction

import pytest

from helpers.deals import (
    GAME_HANDS,
    GAME_TALON,
    MISERE_ACTIONS,
    MISERE_HANDS,
    MISERE_TALON,
    drive,
    rigged,
    swapped,
)
from preferans.core import Game, Variant
from preferans.core.ai import all_pass as R
from preferans.core.ai.pimc import observe
from preferans.core.ai.registry import make_bot
from preferans.core.ai.solver import card_values
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import NO_TRUMP, parse_card, parse_cards
from preferans.core.model.views import PlayRules

RASP = PlayRules(trump=NO_TRUMP, leader=0, hands=(0, 1, 2), must_follow=True, must_trump=True)
"""Raspasovka's play: no trump, follow suit, no talon lead (as Rostov's), seat 0 on lead."""


def own_tricks() -> R.Costs:
    """Each seat's result: minus its own tricks (a raspasovka charged by the trick, nothing else)."""
    table = [0] * (11 ** 3 * 3)
    for a in range(11):
        for b in range(11):
            for c in range(11):
                i = (a * 11 + b) * 11 + c
                table[i * 3:i * 3 + 3] = [-a, -b, -c]
    return R.Costs((0, 1, 2), 3, tuple(table), 1)


def ending(hands: dict[int, str]) -> TrickPlay:
    """The last tricks of a raspasovka: the hands given, seat 0 to lead, 10 - (cards in a hand) tricks done,
    none of them won (the costs count only what is still to come)."""
    masks = [parse_cards(hands[h]) for h in range(3)]
    tp = TrickPlay.start(RASP, masks, (), 3)
    tp.tricks_done = 10 - masks[0].bit_count()
    return tp


def by_name(values: dict[int, tuple[int, ...]]) -> dict[str, tuple[int, ...]]:
    from preferans.core.model.cards import CARD_NAMES

    return {CARD_NAMES[c]: v for c, v in values.items()}


@pytest.mark.parametrize("backend", ["python", None])
def test_a_low_lead_is_safe_when_each_player_only_avoids_his_own_tricks(backend: str | None) -> None:
    # Seat 0: 8C 9D JD; seat 1: KS 10C 8H; seat 2: 9C KC 8D; seat 0 leads.
    # 8C: seat 1 must follow with 10C, his only club. Seat 2 holds 9C and KC: under 10C with 9C he takes no
    # trick; over it with KC he takes this trick (and then leads from 9C 8D). So he ducks with 9C, seat 1's
    # 10C wins, and seat 1 must lead from KS 8H, suits nobody else holds: seat 1 takes all three, (0, 3, 0).
    # The paranoid model lets seat 2 overtake with KC to hurt seat 0: KC wins, seat 2 leads 8D and seat 0
    # must win it (9D or JD: seat 1 has no diamond) and the last trick with the other diamond: 2 tricks.
    # 9D (or JD: 10D is out of play, so they are one card): seat 1 has no diamond and seat 2 must follow
    # with 8D, below it: seat 0 wins the trick, so at least 1 for him in either model.
    # So max-n leads 8C (no trick) and the paranoid solver leads a diamond (1 trick).
    tp = ending({0: "8C 9D JD", 1: "KS 10C 8H", 2: "9C KC 8D"})
    values, _ = R.maxn_values(tp, own_tricks(), 10, backend)
    named = by_name(values)
    assert named["8C"] == (0, -3, 0)
    assert named["9D"][0] == -1 and named["JD"][0] == -1
    paranoid = {c: v for c, v in card_values(tp, 0, maximise=False).items()}
    assert paranoid[parse_card("8C")] == 2 and min(paranoid.values()) == 1
    assert max(values, key=lambda c: values[c][0]) == parse_card("8C")


@pytest.mark.parametrize("backend", ["python", None])
def test_a_player_ducks_rather_than_take_a_trick_to_hurt_another(backend: str | None) -> None:
    # Seat 0: 8S QS KS; seat 1: 9S JS 7C; seat 2: 10S 10D 8H; seat 0 leads.
    # 8S: seat 1 plays 9S (under seat 2's 10S, which must follow) or JS (over it). With 9S the 10S wins and
    # seat 2 leads 10D or 8H, suits nobody else holds: seat 2 takes all three and seat 1 none; JS would
    # cost seat 1 a trick. Max-n: (0, 0, 3). The paranoid coalition plays JS, leads 9S and seat 0 must
    # win it and the last spade: 2 tricks for 8S. A high spade (QS or KS, one card) wins the first trick
    # whatever the others play, and seat 0 then leads 8S, under 9S: 1 trick, the paranoid best.
    tp = ending({0: "8S QS KS", 1: "9S JS 7C", 2: "10S 10D 8H"})
    values, _ = R.maxn_values(tp, own_tricks(), 10, backend)
    assert by_name(values)["8S"] == (0, 0, -3)
    paranoid = card_values(tp, 0, maximise=False)
    assert paranoid[parse_card("8S")] == 2 and min(paranoid.values()) == 1


def test_equivalent_cards_share_one_search() -> None:
    # QS and KS of seat 0 touch (no live card between them): the same card, one value
    tp = ending({0: "8S QS KS", 1: "9S JS 7C", 2: "10S 10D 8H"})
    values, _ = R.maxn_values(tp, own_tricks(), 10, "python")
    assert values[parse_card("QS")] == values[parse_card("KS")]


def test_the_estimate_shares_the_tricks_left_by_exposure() -> None:
    # one trick left: AS (seat 0) has 7S and 8S below it (2), 7S none (0), 8S has 7S below it (1): 1 * 2 // 3,
    # 0, 1 * 1 // 3 are all 0, the one trick left goes to the largest remainder, seat 0's (2 against 1)
    hands = [parse_cards("AS"), parse_cards("7S"), parse_cards("8S")]
    assert R.estimate(hands, (0, 1, 2), 9) == [1, 0, 0]
    # nobody exposed (three suits): evenly, 3 tricks one each after 7 done
    hands = [parse_cards("7S 8S 9S"), parse_cards("7C 8C 9C"), parse_cards("7D 8D 9D")]
    assert R.estimate(hands, (0, 1, 2), 7) == [1, 1, 1]


def test_the_costs_are_the_variants_settlement(sochi: Variant) -> None:
    # All pass on deal 1 of a fresh Sochi sheet: the price is 1 (the first raspasovka). Tricks 0 / 1 / 9:
    # the amnesty takes off the fewest (0); mountain 0, 1, 9; seat 0 took none and writes 1 in his pool.
    # Sochi settles each pair at 10 whists a point of difference, split by 3 players: seat 0 gets
    # (1 + 9) * 10 / 3 from the mountains and (1 + 1) * 10 / 3 from the pools, 40; seat 1
    # ((0 - 1) + (9 - 1)) * 10/3 - 10/3 = 20; seat 2 (-9 - 8) * 10/3 - 10/3 = -60. Zero-sum.
    game = drive(rigged(sochi, GAME_HANDS, GAME_TALON), ["pass"] * 3)
    costs = R.deal_costs(game)
    assert costs.holders == (0, 1, 2)
    assert [costs.of((0, 1, 9), s) for s in range(3)] == [Fraction(40), Fraction(20), Fraction(-60)]
    # one trick more for seat 1 costs him 10 whists (a mountain point), shared by the others' gain
    assert costs.of((0, 2, 8), 1) == Fraction(10)


def _positions(variant: Variant, seeds: range) -> list[tuple[TrickPlay, R.Costs]]:
    """Positions of raspasovkas the heuristic bots play, at every choice of a card."""
    out = []
    for seed in seeds:
        game = Game(variant, seed)
        bots = [make_bot("heuristic", seed, s) for s in range(game.n_players)]
        while not game.results and game.deal.play is None:
            game.apply(bots[game.current_player].choose(game, game.current_player))
        if game.results or not game.deal.all_pass:
            continue
        costs = R.deal_costs(game)
        while not game.results:
            play = game.deal.play
            assert play is not None
            if len(game.legal_actions()) > 1:
                out.append((play.copy(), costs))
            game.apply(bots[game.current_player].choose(game, game.current_player))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", ["sochi", "rostov", "sochi(players=4)", "sochi(players=2)"])
def test_the_compiled_search_gives_the_pythons_values_and_nodes(name: str) -> None:
    if R._compiled_maxn() is None:
        pytest.skip("the compiled solver is not built")
    from preferans.core.tools.arena import load_variant_id

    positions = _positions(load_variant_id(name), range(25))
    assert len(positions) > 20
    for play, costs in positions:
        horizon = R.horizon_for(play.tricks_done)  # the compiled search's own horizon, for both
        assert R.maxn_values(play.copy(), costs, horizon, "python") == R.maxn_values(play.copy(), costs, horizon)


def test_a_decision_depends_only_on_what_the_seat_sees(sochi: Variant) -> None:
    # QC (seat 2) and 9C (seat 0) change places: seat 1 sees neither. The talon's 9H and 8H lead tricks 1
    # and 2; seat 1 follows 7H, then is void in hearts and may play any card (a decision), then leads trick 3.
    other = dict(GAME_HANDS)
    other[2] = GAME_HANDS[2].replace("QC", "9C")
    other[0] = GAME_HANDS[0].replace("9C", "QC")
    for actions in (["pass"] * 3 + ["7H", "QH", "10H"], ["pass"] * 3 + ["7H", "QH", "10H", "10S", "KH", "JH"]):
        a = drive(rigged(sochi, GAME_HANDS, GAME_TALON), actions)
        b = drive(rigged(sochi, other, GAME_TALON), actions)
        assert a.current_player == b.current_player == 1 and len(a.legal_actions()) > 1
        assert observe(a, 1) == observe(b, 1) and a.hand(2) != b.hand(2)
        name = "hard:samples=4:nodes=100000000:min_samples=1"
        bot_a, bot_b = make_bot(name, 7, 1, trusted=True), make_bot(name, 7, 1, trusted=True)
        card = bot_a.choose(a, 1)
        assert card == bot_b.choose(b, 1) and card in a.legal_actions()
        assert bot_a.last_samples > 0  # the max-n search chose it, not a fallback


# ---------------------------------------------------------------- the misère discard (core/ai/no_trick.py)


def test_the_misere_discard_drops_the_cards_the_defenders_would_catch(sochi: Variant) -> None:
    # Seat 1 holds 7 9 J of spades, clubs, 7 9 of diamonds, 7 9 of hearts and takes the talon's KH AH.
    # Every spade, club and diamond lies under the defenders' 8 10 Q (K A) of its suit: he ducks them all.
    # Hearts 7 9 K A against 8 10 Q J: the defenders lead 8H (he plays 7H), 10H (9H), QH and he must win
    # it with K or A. Only the discard of KH and AH is clean, in every layout of the defenders' cards: the
    # solver's choice, whatever the layouts drawn.
    game = drive(rigged(sochi, MISERE_HANDS, MISERE_TALON), MISERE_ACTIONS[:3])
    assert game.current_player == 1 and len(game.legal_actions()) == 12
    bot = make_bot("hard:samples=4:nodes=100000000:min_samples=1", 7, 1, trusted=True)
    assert bot.choose(game, 1) in ("KH", "AH")
    assert bot.last_samples > 0  # the solver's discard, not the heuristic's


def test_the_misere_discard_depends_only_on_what_the_declarer_sees(sochi: Variant) -> None:
    # the defenders' hands change places: the declarer sees neither
    a = drive(rigged(sochi, MISERE_HANDS, MISERE_TALON), MISERE_ACTIONS[:4])
    b = drive(rigged(sochi, swapped(MISERE_HANDS, 2, 0), MISERE_TALON), MISERE_ACTIONS[:4])
    assert observe(a, 1) == observe(b, 1) and a.hand(2) != b.hand(2)
    name = "hard:samples=4:nodes=100000000:min_samples=1"
    assert make_bot(name, 7, 1, trusted=True).choose(a, 1) == make_bot(name, 7, 1, trusted=True).choose(b, 1)


def test_the_compiled_search_refuses_a_malformed_problem() -> None:
    fast = R._compiled_maxn()
    if fast is None:
        pytest.skip("the compiled solver is not built")
    from dataclasses import replace

    p = R.problem_of(ending({0: "8S QS KS", 1: "9S JS 7C", 2: "10S 10D 8H"}), own_tricks(), 10)
    assert fast(p) == R._python_maxn(p)
    for bad in (replace(p, to_play=5), replace(p, chooser=(0, 9, 2)), replace(p, trick=((1, 40),))):
        with pytest.raises(ValueError, match="maxn"):
            fast(bad)
