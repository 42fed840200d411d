"""Whist details of the Russian family (issue 6): Stalingrad, the whisted ten, the return of the whist,
the lone whister's open or closed play and the "без трёх" concession, each worked by hand.

Sources: russian.md 2.0 (half-whist, return of the whist: Parlett, kozlov), russian.md 4 (the Sochi
column: Stalingrad an option; "lone whister chooses"; "без трёх": the whisters write nothing, kozlov and
Jura's "без трёх, без вистов"), 2.6 #9 (the ten checked or whisted, obligation 1). Sochi's defaults keep
all the table options off; each test turns on only the option it checks.

Scorecards are scored through the real hooks (``score_card``), so each deal is replayed through the same
defence protocol the engine asks. Seats: Anna 0, Boris 1, Vera 2; Anna deals deal 1, so Boris is first
hand, the defenders of a Boris contract speak Vera first, then Anna. Prices P: 6 -> 2, 7 -> 4, 8 -> 6,
10 -> 10. Sheet keys are ``(account, seat, other)``: ``("whists", 2, 1)`` is whists Vera writes on Boris.
"""

from __future__ import annotations

from typing import Any

import pytest

from preferans.core import Game, Phase, load_variant
from preferans.core.formats.scorecard import score_card
from preferans.core.model.errors import RecordError

A, B, V = 0, 1, 2  # Anna, Boris, Vera


def summed(entries: Any) -> dict[tuple[str, int, int | None], Any]:
    """Entries summed per sheet cell ``(account, seat, other)``; zero cells dropped."""
    out: dict[tuple[str, int, int | None], Any] = {}
    for e in entries:
        out[(e.account, e.seat, e.other)] = out.get((e.account, e.seat, e.other), 0) + e.amount
    return {k: v for k, v in out.items() if v != 0}


def card(rules: dict[str, Any], *deals: dict[str, Any]) -> dict[str, Any]:
    return {"variant": "sochi", "players": ["Anna", "Boris", "Vera"], "rules": {"pool": 10, **rules},
            "deal": list(deals)}


def sheet_of(rules: dict[str, Any], *deals: dict[str, Any]) -> dict[tuple[str, int, int | None], Any]:
    match = score_card(card(rules, *deals), "game.toml").match
    return {k: v for k, v in match.totals.items() if v != 0}


def bad(rules: dict[str, Any], deal: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as info:
        score_card(card(rules, deal), "game.toml")
    return str(info.value)


def to_defence(rules: dict[str, Any], contract: str, seed: int = 13) -> Game:
    """Boris (first hand) wins with ``contract``, discards two and declares it: the defence starts."""
    game = Game(load_variant("sochi", rules), seed=seed)
    for action in [contract, "pass", "pass"]:
        game.apply(action)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    game.apply(contract)
    assert game.phase is Phase.DEFENCE and game.current_player == V
    return game


# ---------------------------------------------------------------- Stalingrad


def test_stalingrad_six_spades_must_be_whisted_by_both() -> None:
    game = to_defence({"whist": {"stalingrad": True}}, "6S")
    assert game.legal_actions() == ["whist"]  # Сталинград: no pass, no half-whist
    game.apply("whist")
    assert game.current_player == A and game.legal_actions() == ["whist"]
    game.apply("whist")
    assert game.phase is Phase.PLAY


def test_stalingrad_leaves_other_games_alone() -> None:
    game = to_defence({"whist": {"stalingrad": True}}, "6C")
    assert game.legal_actions() == ["pass", "whist"]


def test_stalingrad_off_by_default_in_sochi() -> None:
    assert to_defence({}, "6S").legal_actions() == ["pass", "whist"]


def test_stalingrad_scorecard() -> None:
    got = sheet_of({"whist": {"stalingrad": True}},
                   {"declarer": "Boris", "contract": "6S", "defence": {"Vera": "whist", "Anna": "whist"},
                    "tricks": {"Boris": 6, "Vera": 2, "Anna": 2}})
    # 6S made: Boris pool +2; each whister writes his tricks x 2: 2 x 2 = 4; the pair took 4 = obligation
    assert got == {("pool", B, None): 2, ("whists", V, B): 4, ("whists", A, B): 4}
    message = bad({"whist": {"stalingrad": True}},
                  {"declarer": "Boris", "contract": "6S", "defence": {"Vera": "pass", "Anna": "whist"},
                   "tricks": {"Boris": 6, "Vera": 2, "Anna": 2}})
    assert message == "game.toml: deal[1].defence.Vera: 'pass' is not allowed for Vera here (allowed: whist)"


# ---------------------------------------------------------------- the ten


def test_whisted_ten_has_whist_calls_and_obligation_one() -> None:
    game = to_defence({"ten": "whisted"}, "10NT")
    assert game.legal_actions() == ["pass", "whist"]  # 10 is not a half-whist level
    got = sheet_of({"ten": "whisted"},
                   {"declarer": "Boris", "contract": "10NT", "defence": {"Vera": "whist", "Anna": "pass"},
                    "tricks": {"Boris": 9, "Vera": 1, "Anna": 0}})
    # set by 1 at P = 10: Boris gora 10; consolation 1 x 10 from Vera and from Anna;
    # Vera, the lone (greedy) whister, writes the defence's 1 trick x 10; obligation 1 is met
    assert got == {("gora", B, None): 10, ("whists", V, B): 10 + 10, ("whists", A, B): 10}


def test_whisted_ten_lone_whister_short() -> None:
    got = sheet_of({"ten": "whisted"},
                   {"declarer": "Boris", "contract": "10S", "defence": {"Vera": "whist", "Anna": "pass"},
                    "tricks": {"Boris": 10, "Vera": 0, "Anna": 0}})
    # made: pool +10; the defence took 0 of the obligation 1: the lone whister pays 1 x 10 into his mountain
    assert got == {("pool", B, None): 10, ("gora", V, None): 10}


def test_whisted_ten_both_pass_is_written_unplayed() -> None:
    got = sheet_of({"ten": "whisted"},
                   {"declarer": "Boris", "contract": "10H", "defence": {"Vera": "pass", "Anna": "pass"}})
    assert got == {("pool", B, None): 10}


def test_checked_ten_has_no_defence_calls() -> None:
    message = bad({}, {"declarer": "Boris", "contract": "10NT", "defence": {"Vera": "whist", "Anna": "pass"},
                       "tricks": {"Boris": 10, "Vera": 0, "Anna": 0}})
    assert message == "game.toml: deal[1].defence: 10NT has no defence calls; remove defence"


# ---------------------------------------------------------------- half-whist and the return of the whist

RETURN = {"whist": {"return_levels": [6, 7]}}


def test_return_is_offered_to_the_passer_after_a_half_whist() -> None:
    game = to_defence(RETURN, "7S")
    game.apply("pass")                       # Vera passes
    assert game.legal_actions() == ["pass", "whist", "half"]
    game.apply("half")                       # Anna half-whists
    assert game.current_player == V and game.legal_actions() == ["pass", "return"]
    game.apply("return")                     # Vera takes the whist back: she whists alone
    assert game.phase is Phase.PLAY
    rules = game.deal.play.rules if game.deal.play else None
    assert rules is not None and rules.controllers == ((A, V),)  # lone whister, open: she plays Anna's hand
    assert game.deal.defended is not None and game.deal.defended.defending == (V,)


def test_no_return_without_the_option_or_above_its_levels() -> None:
    game = to_defence({}, "7S")              # Sochi: the half-whist ends the defence
    game.apply("pass")
    game.apply("half")
    assert game.phase is Phase.AUCTION and len(game.results) == 1
    game = to_defence({"whist": {"return_levels": [6]}}, "7S")
    game.apply("pass")
    game.apply("half")
    assert game.phase is Phase.AUCTION and not game.results[0].played


def test_returned_whist_scores_as_a_lone_whist() -> None:
    deal = {"declarer": "Boris", "contract": "7S", "defence": {"Vera": "return", "Anna": "half"},
            "tricks": {"Boris": 7, "Vera": 2, "Anna": 1}}
    match = score_card(card(RETURN, deal), "game.toml").match
    result = match.results[0]
    assert result.defence == ((V, "pass"), (A, "half"), (V, "return")) and result.defending == (V,)
    got = {k: v for k, v in match.totals.items() if v}
    # 7S made: Boris pool +4; Vera whists alone (greedy): the defence's 2 + 1 tricks x 4 = 12; the
    # half-whister Anna now counts as the passer and writes nothing; the defence took 3 >= 2
    assert got == {("pool", B, None): 4, ("whists", V, B): 12}


def test_half_whist_stands_when_the_passer_declines() -> None:
    got = sheet_of(RETURN, {"declarer": "Boris", "contract": "7S", "defence": {"Vera": "pass", "Anna": "half"}})
    # not played: Boris pool +4; Anna writes half the obligation: 2 // 2 = 1 trick x 4 = 4
    assert got == {("pool", B, None): 4, ("whists", A, B): 4}


def test_return_that_was_not_offered_is_an_error() -> None:
    message = bad({"whist": {"return_levels": [6]}},
                  {"declarer": "Boris", "contract": "7S", "defence": {"Vera": "return", "Anna": "half"},
                   "tricks": {"Boris": 7, "Vera": 2, "Anna": 1}})
    assert message == "game.toml: deal[1].defence.Vera: not asked: the defence was settled by Vera pass, Anna half"


# ---------------------------------------------------------------- open or closed play for a lone whister

CHOOSE = {"whist": {"lone_whister_chooses": True}}


def test_lone_whister_chooses_closed_play() -> None:
    game = to_defence(CHOOSE, "6C")
    game.apply("whist")
    game.apply("pass")
    assert game.current_player == V and game.legal_actions() == ["open", "closed"]  # Sochi's default first
    game.apply("closed")
    assert game.phase is Phase.PLAY
    play = game.deal.play
    assert play is not None and play.rules.controllers == () and play.rules.open_hands == ()
    assert set(game.visible_hands(V)) == {V}  # closed: Vera does not see Anna's hand; Anna plays it


def test_lone_whister_chooses_open_play() -> None:
    game = to_defence(CHOOSE, "6C")
    game.apply("whist")
    game.apply("pass")
    game.apply("open")
    play = game.deal.play
    assert play is not None and play.rules.controllers == ((A, V),) and play.rules.open_hands == (V, A)
    assert set(game.visible_hands(V)) == {V, A}


def test_closed_default_is_offered_first_when_the_preset_plays_closed() -> None:
    game = to_defence({"whist": {"lone_whister_chooses": True, "lone_whister_open": False}}, "6C")
    game.apply("pass")
    game.apply("whist")
    assert game.current_player == A and game.legal_actions() == ["closed", "open"]


def test_lone_whister_choice_is_not_on_paper_and_does_not_change_the_score() -> None:
    deal = {"declarer": "Boris", "contract": "6C", "defence": {"Vera": "whist", "Anna": "pass"},
            "tricks": {"Boris": 6, "Vera": 3, "Anna": 1}}
    # made: pool +2; greedy whists (3 + 1) x 2 = 8; the choice of open or closed play is not recorded
    assert sheet_of(CHOOSE, deal) == sheet_of({}, deal) == {("pool", B, None): 2, ("whists", V, B): 8}


# ---------------------------------------------------------------- без трёх

CONCEDE = {"declarer": {"concede_three": True}}


def test_declarer_is_asked_after_a_whist_and_may_concede() -> None:
    game = to_defence(CONCEDE, "6S")
    game.apply("whist")
    game.apply("pass")
    assert game.current_player == B and game.legal_actions() == ["play", "concede"]
    game.apply("concede")
    result = game.results[0]
    assert not result.played and result.defence[-1] == (B, "concede")
    got = summed(game.deal_entries[0])
    # set by 3 at P = 2 without play: gora 3 x 2 = 6; consolation 3 x 2 = 6 from Vera and from Anna;
    # the whister writes no whists ("без трёх, без вистов")
    assert got == {("gora", B, None): 6, ("whists", V, B): 6, ("whists", A, B): 6}
    # settlement of that one deal, pools 0: mean mountain 2; Boris: -12 - 10 (6 - 2) = -52; Vera and Anna:
    # +6 - 10 (0 - 2) = 26 each
    assert game.settlement().exact == (26, -52, 26)


def test_declarer_plays_on_and_nobody_asks_when_nobody_whists() -> None:
    game = to_defence(CONCEDE, "6S")
    game.apply("whist")
    game.apply("pass")
    game.apply("play")
    assert game.phase is Phase.PLAY
    game = to_defence(CONCEDE, "6S")
    game.apply("pass")
    game.apply("pass")  # both pass: written as made, nothing to concede
    assert game.results[0].defence == ((V, "pass"), (A, "pass"))


def test_concession_on_paper_and_its_as_played_whists() -> None:
    deal = {"declarer": "Boris", "contract": "8S", "defence": {"Vera": "whist", "Anna": "whist",
                                                                "Boris": "concede"}}
    assert sheet_of(CONCEDE, deal) == {
        ("gora", B, None): 18,       # 3 x P 6
        ("whists", V, B): 18,        # consolation 3 x 6 each
        ("whists", A, B): 18,
    }
    rules = {"declarer": {"concede_three": True, "concede_three_whists": "as_played"}}
    assert sheet_of(rules, deal) == {
        ("gora", B, None): 18,
        # plus the defence's 13 - 8 = 5 tricks x 6 = 30 whists, two whisters half each: 15
        ("whists", V, B): 18 + 15,
        ("whists", A, B): 18 + 15,
    }
    lone = {"declarer": "Boris", "contract": "6S", "defence": {"Vera": "whist", "Anna": "pass",
                                                               "Boris": "concede"}}
    # 6S: the defence's 13 - 6 = 7 tricks x 2 = 14, all written by the lone (greedy) whister
    assert sheet_of(rules, lone) == {("gora", B, None): 6, ("whists", V, B): 6 + 14, ("whists", A, B): 6}


def test_concession_errors() -> None:
    deal = {"declarer": "Boris", "contract": "6S", "defence": {"Vera": "whist", "Anna": "pass",
                                                               "Boris": "concede"}}
    assert bad({}, deal) == ("game.toml: deal[1].defence.Boris: not asked: the defence was settled by "
                             "Vera whist, Anna pass")
    played = {**deal, "tricks": {"Boris": 3, "Vera": 4, "Anna": 3}}
    assert bad(CONCEDE, played).startswith("game.toml: deal[1].tricks: nothing was played")
    other = {**deal, "defence": {"Vera": "whist", "Anna": "pass", "Boris": "whist"}}
    assert bad(CONCEDE, other) == ("game.toml: deal[1].defence.Boris: Boris is the declarer; the defenders "
                                   "are Vera, Anna")
