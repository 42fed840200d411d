"""Two players (гусарик) with a dummy third hand (болван), for every Russian variant (issue 6).

The convention (docs/variants/gusarik.md): the cards are dealt as for three, the dummy's hand (seat 2)
face down; the dummy never bids or speaks; if the opponent of the declarer whists, he lays his hand and
the dummy's face up and plays both (the lone whister with the dummy as the passer); if he passes the game
is written as made. The talon is not turned up in a raspasovka (RUS-RASP-18) and first hand leads
(GAP-RUS-07); the dummy's hand then lies open and the dealer plays it (``gusarik.raspasovka_dummy``). The
dummy's tricks count for nobody. Overflow: only half the excess comes off the mountain (неделимая гора,
Кодекс 4.1.1 note, russian.md 2.5).

Seats: Anna 0, Boris 1, the dummy 2; Anna deals the first deal and the deal alternates. The dummy has the
third place at the table, after Boris: when Anna deals the hands are Boris (first hand), dummy, Anna;
when Boris deals, dummy (first hand), Anna, Boris.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from helpers import paths
from preferans.core import Game, Phase, load_variant
from preferans.core.cli import main
from preferans.core.formats.scorecard import score_card
from preferans.core.model.errors import RecordError
from preferans.variants.russian.gusarik import DUMMY

A, B, D = 0, 1, DUMMY


def summed(entries: Any) -> dict[tuple[str, int, int | None], Any]:
    """Entries summed per sheet cell ``(account, seat, other)``; zero cells dropped."""
    out: dict[tuple[str, int, int | None], Any] = {}
    for e in entries:
        out[(e.account, e.seat, e.other)] = out.get((e.account, e.seat, e.other), 0) + e.amount
    return {k: v for k, v in out.items() if v != 0}


def two(variant: str = "sochi", **rules: Any) -> Game:
    return Game(load_variant(variant, {"players": 2, **rules}), seed=4)


# ---------------------------------------------------------------- deal, auction, defence, play


@pytest.mark.parametrize("variant", ["sochi", "leningrad", "rostov", "classic"])
def test_every_russian_variant_deals_three_hands_to_two_players(variant: str) -> None:
    game = two(variant)
    assert game.n_players == 2 and game.deal.active == (B, D, A)
    assert [game.hand(s).bit_count() for s in (A, B, D)] == [10, 10, 10]
    assert len(game.deal.talon_cards) == 2
    game.check_cards()
    seen = set()
    while not game.is_terminal and len(game.results) < 6:
        seen.add(game.current_player)
        game.apply(game.legal_actions()[0])
        game.check_cards()
    assert seen <= {A, B}  # the dummy never acts


def test_only_the_two_players_bid_the_non_dealer_first() -> None:
    game = two()
    assert game.current_player == B  # Anna deals: Boris speaks first
    game.apply("pass")
    assert game.current_player == A
    game.apply("pass")  # both passed: raspasovka
    assert game.phase is Phase.PLAY and game.deal.all_pass


def test_raspasovka_talon_not_turned_dealer_plays_the_open_dummy() -> None:
    game = two()
    talon = game.deal.talon
    game.apply("pass")
    game.apply("pass")
    play = game.deal.play
    assert play is not None
    assert play.rules.talon_leads == 0           # RUS-RASP-18: the talon is not turned up
    assert play.rules.leader == B                # first hand leads (GAP-RUS-07)
    assert play.rules.controllers == ((D, A),)   # the dealer plays the dummy
    assert D in game.visible_hands(B) and D in game.visible_hands(A)  # it lies open
    while not game.results:
        assert game.current_player in (A, B)
        game.apply(game.legal_actions()[0])
        game.check_cards()
    result = game.results[0]
    assert sum(result.tricks) == 10 and result.tricks[D] >= 0
    assert not game.deal.talon_taken or game.deal.number == 1
    assert talon  # the two talon cards stayed out of play in deal 1 (cards were conserved above)


def test_non_dealer_plays_the_dummy_with_the_option() -> None:
    game = two(gusarik={"raspasovka_dummy": "non_dealer"})
    game.apply("pass")
    game.apply("pass")
    assert game.deal.play is not None and game.deal.play.rules.controllers == ((D, B),)


def declare(game: Game, bid: str) -> Game:
    game.apply(bid)  # Boris
    game.apply("pass")  # Anna
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    game.apply(bid)
    return game


def test_the_opponent_whists_and_plays_the_dummy_open() -> None:
    game = declare(two(), "6S")
    assert game.phase is Phase.DEFENCE and game.current_player == A
    assert game.legal_actions() == ["pass", "whist", "half"]  # the dummy counts as a defender who passed
    game.apply("whist")
    play = game.deal.play
    assert play is not None and play.rules.controllers == ((D, A),) and play.rules.open_hands == (D, A)
    assert game.deal.defended is not None and game.deal.defended.defending == (A,)
    while not game.results:
        assert game.current_player in (A, B)
        game.apply(game.legal_actions()[0])


def test_the_opponent_passes_and_nothing_is_played() -> None:
    game = declare(two(), "7C")
    game.apply("pass")
    result = game.results[0]
    assert not result.played and result.defence == ((A, "pass"),)
    assert summed(game.deal_entries[0]) == {("pool", B, None): 4}


def test_misere_the_opponent_plays_both_defending_hands() -> None:
    game = declare(two(), "misere")
    assert game.phase is Phase.PLAY
    play = game.deal.play
    assert play is not None and (D, A) in play.rules.controllers
    assert play.rules.layout_notes == (A,)  # the live defender may write down the layout


# ---------------------------------------------------------------- a two-player pulka on paper

CARD = paths.DATA / "scorecards" / "gusarik.toml"
PULKA: list[dict[str, Any]] = tomllib.loads(CARD.read_text(encoding="utf-8"))["deal"]
"""The seven deals of the two-player card; each deal's story is in the comments of the file."""


def pulka(rules: dict[str, Any] | None = None) -> Any:
    data = {"variant": "sochi", "players": ["Anna", "Boris"], "rules": {"pool": 10, **(rules or {})},
            "deal": PULKA}
    return score_card(data, "game.toml")


def test_two_player_pulka_deal_by_deal() -> None:
    card = pulka()
    m = card.match
    sheets = [summed(entries) for entries in m.deal_entries]
    # 1. set by 1 at P = 2: Boris gora 2; consolation 2 from Anna only (the dummy writes nothing); Anna
    #    writes the defence's 3 + 2 tricks (hers and the dummy's, greedy) x 2 = 10; defence 5 >= 4
    assert sheets[0] == {("gora", B, None): 2, ("whists", A, B): 2 + 10}
    assert sheets[1] == {("pool", A, None): 4}                       # 2. 7H unplayed: Anna pool +4
    # 3. price 1; amnesty over the players only: min(3, 4) = 3 -> Boris 0, Anna 1
    assert m.results[2].tricks == (4, 3, 3)
    assert sheets[2] == {("gora", A, None): 1}
    # 4. second raspasovka in a row, price 2; amnesty min(0, 5) = 0: Boris 5 x 2 = 10; Anna took no
    #    trick: the price 2 into her pool (RUS-RASP-04)
    assert sheets[3] == {("gora", B, None): 10, ("pool", A, None): 2}
    assert sheets[4] == {("pool", B, None): 10}                      # 5. misère made
    # 6. half-whist by the only live defender: Anna pool +2; Boris writes 4 // 2 = 2 tricks x 2 = 4
    assert sheets[5] == {("pool", A, None): 2, ("whists", B, A): 4}
    # 7. Boris pool 10 + 6 = 16, 6 over: 2 fill Anna's pool (8 -> 10) and Boris writes 2 x 10 = 20 on her;
    #    the other 4 go off his mountain, but only half of them (неделимая гора): gora -2. His pool gets
    #    +6 and -6 (net 0, so the cell drops out)
    assert sheets[6] == {("pool", A, None): 2, ("whists", B, A): 20, ("gora", B, None): -2}
    assert card.finished
    totals = {k: v for k, v in m.totals.items() if v}
    assert totals == {("pool", A, None): 10, ("pool", B, None): 10, ("gora", A, None): 1, ("gora", B, None): 10,
                      ("whists", A, B): 12, ("whists", B, A): 24}
    # settlement, n = 2, pools closed: mean mountain 11/2
    # R_Anna = (12 - 24) - 10 (1 - 11/2) = -12 + 45 = 33; R_Boris = 12 - 10 (10 - 11/2) = 12 - 45 = -33
    s = m.settlement()
    assert s.exact == (33, -33) and s.rounded == (33, -33)


def test_without_the_indivisible_mountain_the_whole_excess_comes_off() -> None:
    m = pulka({"gusarik": {"indivisible_mountain": False}}).match
    assert m.totals[("gora", B, None)] == 12 - 4
    # mean mountain 9/2: R_Anna = -12 - 10 (1 - 9/2) = 23
    assert m.settlement().exact == (23, -23)


def test_gentleman_whist_does_not_share_with_the_dummy() -> None:
    data = {"variant": "sochi", "players": ["Anna", "Boris"],
            "rules": {"pool": 10, "whist": {"style": "gentleman"}}, "deal": PULKA[:1]}
    got = summed(score_card(data, "game.toml").match.deal_entries[0])
    # set, lone whister: the passer is the dummy, who writes nothing: Anna keeps all 10 (not 5)
    assert got == {("gora", B, None): 2, ("whists", A, B): 12}


@pytest.mark.parametrize(("deal", "message"), [
    ({"declarer": "Boris", "contract": "6S", "defence": {"Anna": "whist"},
      "tricks": {"Boris": 5, "Anna": 3, "dummy": 3}},
     "game.toml: deal[1].tricks: tricks sum to 11, expected 10"),
    ({"declarer": "Boris", "contract": "6S", "defence": {"Anna": "whist"}, "tricks": {"Boris": 5, "dummy": 2}},
     "game.toml: deal[1].tricks: no count for Anna"),
    ({"declarer": "Boris", "contract": "6S", "defence": {"Anna": "whist", "dummy": "pass"},
      "tricks": {"Boris": 5, "Anna": 3}},
     "game.toml: deal[1].defence: unknown player 'dummy'"),
])
def test_two_player_card_errors(deal: dict[str, Any], message: str) -> None:
    data = {"variant": "sochi", "players": ["Anna", "Boris"], "rules": {"pool": 10}, "deal": [deal]}
    with pytest.raises(RecordError) as info:
        score_card(data, "game.toml")
    assert str(info.value).startswith(message)


def test_a_player_may_not_be_called_dummy() -> None:
    data = {"variant": "sochi", "players": ["Anna", "dummy"], "rules": {"pool": 10}, "deal": []}
    with pytest.raises(RecordError) as info:
        score_card(data, "game.toml")
    assert str(info.value).startswith("game.toml: players[2]: with two players 'dummy' names the dummy's hand")


# ---------------------------------------------------------------- a whole two-player game


def test_a_two_player_game_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "two.toml"
    config.write_text('variant = "sochi"\n[rules]\nplayers = 2\npool = 10\n', encoding="utf-8")
    save = tmp_path / "two.json"
    assert main(["play", "--config", str(config), "--seed", "5", "--save", str(save), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == ["Anna", "Boris"] and report["finished"]
    assert set(report["settlement"]) == {"Anna", "Boris"} and sum(report["settlement"].values()) == 0
    pools = [report["sheet"][name]["pool"] for name in ("Anna", "Boris")]
    assert pools == [10, 10]  # the match ends when both pools are closed
    dummy_tricks = [d["tricks"].get("dummy") for d in report["deals"] if "tricks" in d]
    assert any(t is not None for t in dummy_tricks)  # the dummy's tricks are reported under its name
    game = Game.from_dict(json.loads(save.read_text(encoding="utf-8"))["game"])
    assert game.is_terminal and game.settlement().rounded == tuple(report["settlement"][n] for n in ("Anna", "Boris"))


@pytest.mark.parametrize("variant", ["sochi", "leningrad", "rostov", "classic"])
def test_every_russian_variant_finishes_a_two_player_pulka(variant: str) -> None:
    v = load_variant(variant, {"players": 2, "pool": 6})
    from preferans.core.ai.bots import HeuristicBot

    game = Game(v, seed=2)
    bot = HeuristicBot()
    while not game.is_terminal and len(game.results) < 400:
        game.apply(bot.choose(game, game.current_player))
    assert game.is_terminal
    s = game.settlement()
    assert sum(s.exact) == 0 and sum(s.rounded) == 0


# ---------------------------------------------------------------- the conformance checks under random play

OPTIONS = {"whist": {"return_levels": [6, 7], "lone_whister_chooses": True},
           "declarer": {"concede_three": True}, "misere": {"half_and_half": True}}


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_conformance_checks_with_every_table_option(players: int) -> None:
    """The suite's random-play checks (docs/conformance.md) on two and four players with every table option
    of issue 6 on, so the new questions (return, open/closed, concede, invite/agree) meet random answers."""
    from preferans.core.testing import checks

    variant = load_variant("sochi", {"players": players, "pool": 6, **OPTIONS})
    seed, deals = 11, 25
    checks.check_one_actor_with_legal_actions(variant, seed, deals)
    checks.check_illegal_action_rejected(variant, seed, deals)
    checks.check_cards_conserved(variant, seed, deals)
    checks.check_tricks_per_deal(variant, seed, deals)
    checks.check_play_matches_reference(variant, seed, deals)
    checks.check_settlement_exact_and_zero_sum(variant, seed, deals, zero_sum=True)
    checks.check_clone_json_replay(variant, seed, deals)
    checks.check_hooks_leave_arguments_unchanged(variant, seed, deals)
    checks.check_match_ends(variant, seed)
