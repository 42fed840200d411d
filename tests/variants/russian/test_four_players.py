"""Misère for all player counts, and the four-player half-and-half misère with the dealer (issue 6).

Rules: RUS-BID-01/02 and RUS-MIS-03/04 (misère binding, only a nine outbids it), RUS-MIS-06 (the talon
shown, the defenders open, the declarer's lead first when he is on lead), RUS-MIS-08 (the defenders may
write down the layout), RUS-MIS-09 (мизер пополам: the declarer invites the sitting-out dealer, who
agrees or refuses; the result is written half each; formally the declarer is the player dealt the
cards), GAP-RUS-10 (exact halves). Sochi prices: misère 10 into the pool, 10 a trick into the mountain.

Seats with four players: Anna 0, Boris 1, Vera 2, Gleb 3; Anna deals the first deal and sits out, Boris
is first hand. Sheet keys are ``(account, seat, other)``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from preferans.core import Game, Phase, load_variant
from preferans.core.formats.render import situation
from preferans.core.formats.scorecard import score_card
from preferans.core.model.errors import IllegalActionError, RecordError

A, B, V, G4 = 0, 1, 2, 3
NINES_AND_TENS = ["9S", "9C", "9D", "9H", "9NT", "10S", "10C", "10D", "10H", "10NT"]
SHARED = {"players": 4, "misere": {"half_and_half": True}}
NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def summed(entries: Any) -> dict[tuple[str, int, int | None], Any]:
    """Entries summed per sheet cell ``(account, seat, other)``; zero cells dropped."""
    out: dict[tuple[str, int, int | None], Any] = {}
    for e in entries:
        out[(e.account, e.seat, e.other)] = out.get((e.account, e.seat, e.other), 0) + e.amount
    return {k: v for k, v in out.items() if v != 0}


def new_game(rules: dict[str, Any], seed: int = 5) -> Game:
    return Game(load_variant("sochi", rules), seed=seed)


def others_pass(game: Game) -> None:
    while game.phase is Phase.AUCTION:
        game.apply("pass")


def play_out(game: Game) -> None:
    """The lowest legal card (or the first legal call) until the deal is scored."""
    done = len(game.results)
    while len(game.results) == done:
        game.apply(game.legal_actions()[0])


# ---------------------------------------------------------------- misère for all player counts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_misere_is_binding_and_only_a_nine_outbids_it(players: int) -> None:
    game = new_game({"players": players})
    assert game.current_player == B  # first hand: Boris, the dealer's left (the non-dealer with two)
    game.apply("misere")
    second = game.current_player
    assert game.legal_actions() == ["pass", *NINES_AND_TENS]  # RUS-BID-02: 8NT and below are gone
    game.apply("9S")
    while game.current_player != B:
        game.apply("pass")
    assert game.legal_actions() == ["pass"]  # RUS-BID-01: the misère bid binds its bidder
    with pytest.raises(IllegalActionError):
        game.apply("9C")
    game.apply("pass")
    assert game.phase is Phase.DISCARD and game.current_player == second


@pytest.mark.parametrize("players", [2, 3, 4])
def test_misere_is_not_a_second_call(players: int) -> None:
    game = new_game({"players": players})
    game.apply("6S")
    game.apply("6C")
    while game.current_player != B:
        game.apply("pass")
    assert "misere" not in game.legal_actions()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_misere_talon_shown_defenders_open_and_may_write_the_layout(players: int) -> None:
    names = NAMES[:players]
    game = new_game({"players": players})
    game.apply("misere")
    others_pass(game)
    defenders = [s for s in game.deal.active if s != B and s < players]  # the dummy is nobody's seat
    talon = " ".join(f"{c}" for c in game.deal.talon_cards)
    assert talon and game.phase is Phase.DISCARD
    for seat in defenders:  # RUS-MIS-06 (1): everybody sees the talon the declarer takes
        assert any(line.startswith("talon: ") for line in situation(game, seat, names))
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    game.apply("misere")
    assert game.phase is Phase.PLAY and game.current_player == B  # first hand leads
    assert set(game.visible_hands(B)) == {B}  # RUS-MIS-06 (3a): he leads before the defenders lie open
    assert game.may_record_layout(defenders[0]) and not game.may_record_layout(B)  # RUS-MIS-08
    game.apply(game.legal_actions()[0])
    assert set(game.visible_hands(B)) == {B, *(s for s in game.deal.active if s != B)}
    assert any("write down the layout" in line for line in situation(game, defenders[0], names))


def test_no_layout_notes_in_a_trick_game() -> None:
    game = new_game({})
    game.apply("6S")
    others_pass(game)
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    game.apply("6S")
    game.apply("whist")
    game.apply("whist")
    assert game.phase is Phase.PLAY
    assert not any(game.may_record_layout(s) for s in range(3))


# ---------------------------------------------------------------- half-and-half misère: the protocol


def test_invite_agree_then_talon_discard_and_play() -> None:
    game = new_game(SHARED)
    game.apply("misere")
    others_pass(game)
    assert game.phase is Phase.DECLARE and game.current_player == B
    assert game.legal_actions() == ["misere", "invite"]  # before the talon is shown
    assert not game.deal.talon_taken
    game.apply("invite")
    assert game.current_player == A and game.legal_actions() == ["agree", "refuse"]  # the sitting-out dealer
    game.apply("agree")
    assert game.phase is Phase.DISCARD and game.current_player == B and game.deal.talon_taken
    play_out(game)
    result = game.results[0]
    assert result.declarer == B  # formally the declarer is the player dealt the cards
    assert result.declaration == ((B, "invite"), (A, "agree"))
    k = result.tricks[B]
    got = summed(game.deal_entries[0])
    if k == 0:  # made: 10 into the pool, half each
        assert got == {("pool", B, None): 5, ("pool", A, None): 5}
    else:       # k tricks: 10 k into the mountain, half each
        assert got == {("gora", B, None): 5 * k, ("gora", A, None): 5 * k}


def test_refused_or_solo_misere_is_the_declarers_alone() -> None:
    for answer in (["invite", "refuse"], ["misere"]):
        game = new_game(SHARED, seed=6)
        game.apply("misere")
        others_pass(game)
        for call in answer:
            game.apply(call)
        assert game.phase is Phase.DISCARD
        play_out(game)
        k = game.results[0].tricks[B]
        got = summed(game.deal_entries[0])
        assert got == ({("pool", B, None): 10} if k == 0 else {("gora", B, None): 10 * k})


@pytest.mark.parametrize("rules", [{"players": 4}, {"misere": {"half_and_half": True}}],
                         ids=["option off", "three players"])
def test_no_invitation_without_the_option_or_a_sitting_out_dealer(rules: dict[str, Any]) -> None:
    game = new_game(rules)
    game.apply("misere")
    others_pass(game)
    assert game.phase is Phase.DISCARD  # the core's sequence: talon and discard at once


def test_no_invitation_for_a_game() -> None:
    game = new_game(SHARED)
    game.apply("7H")
    others_pass(game)
    assert game.phase is Phase.DISCARD


# ---------------------------------------------------------------- half-and-half misère: the sheet


def card(rules: dict[str, Any], *deals: dict[str, Any]) -> dict[str, Any]:
    return {"variant": "sochi", "players": NAMES, "rules": {"pool": 10, **rules}, "deal": list(deals)}


def scored(rules: dict[str, Any], *deals: dict[str, Any]) -> Any:
    return score_card(card(rules, *deals), "game.toml").match


SHARED_RULES = {"misere": {"half_and_half": True}}


def test_shared_misere_made_and_failed_on_paper() -> None:
    m = scored(SHARED_RULES,
               {"dealer": "Anna", "declarer": "Boris", "contract": "misere", "half_and_half": True,
                "tricks": {"Boris": 0, "Vera": 6, "Gleb": 4}},
               {"dealer": "Boris", "declarer": "Vera", "contract": "misere", "half_and_half": True,
                "tricks": {"Vera": 3, "Gleb": 4, "Anna": 3}},
               {"dealer": "Vera", "declarer": "Gleb", "contract": "misere",
                "tricks": {"Gleb": 1, "Anna": 5, "Boris": 4}})
    sheets = [summed(entries) for entries in m.deal_entries]
    assert sheets[0] == {("pool", B, None): 5, ("pool", A, None): 5}     # made: 10 / 2 each
    assert sheets[1] == {("gora", V, None): 15, ("gora", B, None): 15}   # 3 tricks: 30 / 2 each
    assert sheets[2] == {("gora", G4, None): 10}                         # not shared: Gleb's alone
    assert m.results[0].declarer == B and m.results[0].declaration == ((B, "invite"), (A, "agree"))
    # settlement, pools still open: pools A 5, B 5 (mean 10/4); mountains B 15, V 15, G 10 (mean 10)
    # R_A = 10 (5 - 5/2) - 10 (0 - 10) = 25 + 100 = 125;  R_B = 25 - 10 (15 - 10) = -25
    # R_V = 10 (0 - 5/2) - 50 = -75;                      R_G = -25 - 0 = -25;  sum 0
    assert m.settlement().exact == (125, -25, -75, -25)


def test_shared_misere_halves_the_consolation_and_the_partner_writes_none() -> None:
    m = scored({"misere": {"half_and_half": True, "consolation": True}},
               {"dealer": "Anna", "declarer": "Boris", "contract": "misere", "half_and_half": True,
                "tricks": {"Boris": 1, "Vera": 5, "Gleb": 4}})
    got = summed(m.deal_entries[0])
    # 1 trick: mountain 10, half each; consolation 10 from each other player (2.6 #7, poolya), halved on the
    # two partners; Anna, the partner, writes no consolation on her own misère
    assert got == {("gora", B, None): 5, ("gora", A, None): 5,
                   ("whists", V, B): 5, ("whists", V, A): 5, ("whists", G4, B): 5, ("whists", G4, A): 5}
    # mountains 5, 5, 0, 0 (mean 5/2): R_A = -10 - 10 (5 - 5/2) = -35 = R_B; R_V = 10 + 25 = 35 = R_G
    assert m.settlement().exact == (-35, -35, 35, 35)


def test_odd_halves_stay_exact_fractions() -> None:
    m = scored({"misere": {"half_and_half": True, "penalty_per_trick": 5}},
               {"dealer": "Anna", "declarer": "Boris", "contract": "misere", "half_and_half": True,
                "tricks": {"Boris": 1, "Vera": 5, "Gleb": 4}})
    got = summed(m.deal_entries[0])
    assert got == {("gora", B, None): Fraction(5, 2), ("gora", A, None): Fraction(5, 2)}  # GAP-RUS-10
    s = m.settlement()
    # mean mountain 5/4: R_A = R_B = -10 (5/2 - 5/4) = -25/2; R_V = R_G = +25/2
    assert s.exact == (Fraction(-25, 2), Fraction(-25, 2), Fraction(25, 2), Fraction(25, 2))
    # largest remainder: floors -13, -13, 12, 12 (sum -2); all fractions 1/2, so seats 0 and 1 get a unit
    assert s.rounded == (-12, -12, 12, 12)


@pytest.mark.parametrize(("rules", "deal", "message"), [
    ({}, {"dealer": "Anna", "declarer": "Boris", "contract": "misere", "half_and_half": True,
          "tricks": {"Boris": 0, "Vera": 6, "Gleb": 4}},
     "game.toml: deal[1].half_and_half: a misère cannot be shared with the dealer here"),
    (SHARED_RULES, {"dealer": "Anna", "declarer": "Boris", "contract": "6S", "half_and_half": True,
                    "defence": {"Vera": "whist", "Gleb": "pass"}, "tricks": {"Boris": 6, "Vera": 2, "Gleb": 2}},
     "game.toml: deal[1].half_and_half: a 6♠ cannot be shared with the dealer here"),
    (SHARED_RULES, {"dealer": "Anna", "raspasovka": True, "half_and_half": True,
                    "tricks": {"Boris": 3, "Vera": 3, "Gleb": 4}},
     "game.toml: deal[1].half_and_half: only a misère can be shared with the dealer"),
])
def test_shared_misere_errors(rules: dict[str, Any], deal: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as info:
        scored(rules, deal)
    assert str(info.value).startswith(message)


# ---------------------------------------------------------------- the dealer field


def test_dealer_is_required_with_four_players_and_checked() -> None:
    deal = {"declarer": "Boris", "contract": "6S", "defence": {"Vera": "pass", "Gleb": "pass"}}
    with pytest.raises(RecordError) as info:
        scored({}, deal)
    assert str(info.value) == ("game.toml: deal[1].dealer: missing: with four players every deal names its "
                               "dealer, who sits out (this one is Anna)")
    with pytest.raises(RecordError) as info:
        scored({}, {**deal, "dealer": "Boris"})
    assert str(info.value).startswith("game.toml: deal[1].dealer: Boris cannot deal this deal: the deal passes "
                                      "to Anna")
    m = scored({}, {**deal, "dealer": "Anna"})
    assert m.results[0].dealer == A


def test_dealer_is_optional_with_three_players_but_checked() -> None:
    base = {"variant": "sochi", "players": ["Anna", "Boris", "Vera"], "rules": {"pool": 10}}
    deal = {"declarer": "Boris", "contract": "6S", "defence": {"Vera": "pass", "Anna": "pass"}}
    second = {"declarer": "Vera", "contract": "6S", "defence": {"Anna": "pass", "Boris": "pass"}}
    m = score_card({**base, "deal": [deal, {**second, "dealer": "Boris"}]}, "game.toml").match
    assert [r.dealer for r in m.results] == [A, B]
    with pytest.raises(RecordError) as info:
        score_card({**base, "deal": [deal, {**second, "dealer": "Vera"}]}, "game.toml")
    assert str(info.value).startswith("game.toml: deal[2].dealer: Vera cannot deal this deal")


def test_dealers_talon_tricks_in_a_raspasovka_under_his_name() -> None:
    m = scored({}, {"dealer": "Anna", "raspasovka": True, "tricks": {"Boris": 3, "Vera": 4, "Gleb": 2, "Anna": 1}})
    got = summed(m.deal_entries[0])
    # RUS-RASP-09: the amnesty counts the dealer's talon trick: min(3, 4, 2, 1) = 1 -> 2 / 3 / 1 / 0 at price 1
    assert got == {("gora", B, None): 2, ("gora", V, None): 3, ("gora", G4, None): 1}


# ---------------------------------------------------------------- a four-player pulka with shared misères


def scripted(game: Game) -> str:
    """First hand bids misère on every other deal and invites the dealer, who agrees; otherwise the others
    pass and first hand bids a six; cards are the lowest legal."""
    legal = game.legal_actions()
    deal = game.deal
    if game.phase is Phase.AUCTION:
        mine = game.current_player == deal.active[0] and not deal.calls
        want = "misere" if deal.number % 2 == 0 else "6S"
        return want if mine and want in legal else "pass"
    if game.phase is Phase.DECLARE and "invite" in legal:
        return "invite"
    if game.phase is Phase.DECLARE and "agree" in legal:
        return "agree"
    if game.phase is Phase.DEFENCE:
        return "pass"
    return legal[0]


def test_a_four_player_pulka_with_half_and_half_misere() -> None:
    game = Game(load_variant("sochi", {**SHARED, "pool": 10}), seed=3)
    while not game.is_terminal and len(game.results) < 60:
        game.apply(scripted(game))
        game.check_cards()
    shared = 0
    for r, entries in zip(game.results, game.deal_entries, strict=True):
        # the misère's own lines (an overflowing pool adds aid and write-off lines of its own)
        got = summed(e for e in entries if "misère" in e.note)
        if r.declaration[:1] == ((r.declarer, "invite"),):
            shared += 1
            assert r.dealer not in r.active and r.declaration[1] == (r.dealer, "agree")
            k = r.tricks[r.declarer]
            if k == 0:
                expected = {("pool", r.declarer, None): 5, ("pool", r.dealer, None): 5}
            else:
                expected = {("gora", r.declarer, None): 5 * k, ("gora", r.dealer, None): 5 * k}
            assert got == expected
    assert shared >= 4
    s = game.settlement()
    assert sum(s.exact) == 0 and sum(s.rounded) == 0
