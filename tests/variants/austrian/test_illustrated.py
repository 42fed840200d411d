"""Illustrated Preference: the extra contracts, kontra and rekontra, early stop, the open hand (issue 5).

Values (ILL-EXT-01..04, GAP-ILL-01): Bettel 10, Durchmarsch 20, Plauderer 30, Offener Durchmarsch 40; x 2
without the talon (ILL-EXT-07); settled directly with each defender (ILL-EXT-06, AUT-POT-09); kontra x 2
with that defender (ILL-KON-02), rekontra x 4 with each defender who said kontra (ILL-KON-03).
Seats 0, 1, 2; in the scoring tests seat 0 deals (antes 10), seat 1 declares, seat 2 then seat 0 defend.
"""

from __future__ import annotations

from typing import Any

import pytest

from preferans.core import IllegalActionError, load_variant
from preferans.core.engine.game import Game, Phase
from preferans.core.engine.match import Match
from preferans.core.model.cards import CARD_NAMES, NO_TRUMP
from preferans.core.model.views import DealResult, Entry


def post(m: Match, contract: str, declarer_tricks: int, defence: tuple[tuple[int, str], ...] = ()) -> list[Entry]:
    """Seat 0 deals, seat 1 plays ``contract``; the defence's tricks go to seat 2."""
    r = DealResult(kind="contract", dealer=0, active=(1, 2, 0), tricks=(0, declarer_tricks, 10 - declarer_tricks),
                   declarer=1, contract=m.contracts[contract], bid=contract, defence=defence, defending=(2, 0),
                   index_in_match=len(m.results))
    return m.post(r, m.before_deal(0))


def money(entries: list[Entry]) -> dict[int, Any]:
    out: dict[int, Any] = {}
    for e in entries:
        if e.account == "money":
            out[e.seat] = out.get(e.seat, 0) + e.amount
    return out


def illustrated(**rules: Any) -> Match:
    return Match(load_variant("illustrated", rules or None))


# made: the declarer's tricks that make it (none: 0; all: 10); failed: one trick too many or too few
CASES = [
    # contract, value with the talon, goal tricks for "made", for "failed"
    ("bettel", 10, 0, 1),
    ("durchmarsch", 20, 10, 9),
    ("plauderer", 30, 0, 1),
    ("offener-durchmarsch", 40, 10, 9),
]


@pytest.mark.parametrize("hand", [False, True], ids=["with-talon", "without-talon"])
@pytest.mark.parametrize(("contract", "value", "made", "failed"), CASES, ids=[c[0] for c in CASES])
def test_extra_contract_made_and_failed(contract: str, value: int, made: int, failed: int, hand: bool) -> None:
    name = contract + ("-hand" if hand else "")
    v = value * (2 if hand else 1)  # ILL-EXT-07: doubled without the talon
    m = illustrated()
    e = post(m, name, made)
    # made: each defender pays v; seat 0 also antes 10 (the pot is not touched otherwise)
    assert money(e) == {0: -10 - v, 1: 2 * v, 2: -v}
    assert [x.amount for x in e if x.account == "pot"] == [10]
    e = post(m, name, failed)
    assert money(e) == {0: -10 + v, 1: -2 * v, 2: v}


@pytest.mark.parametrize(("calls", "seat2", "seat0"), [
    # the first defender (seat 2) says kontra: x 2 with him only (ILL-KON-02)
    (((2, "kontra"), (0, "pass"), (1, "pass")), 2, 1),
    # only the second: x 2 with seat 0
    (((2, "pass"), (0, "kontra"), (1, "pass")), 1, 2),
    # both: x 2 with each
    (((2, "kontra"), (0, "kontra"), (1, "pass")), 2, 2),
    # rekontra: x 4 with each who said kontra, x 1 with the other (ILL-KON-03)
    (((2, "kontra"), (0, "pass"), (1, "rekontra")), 4, 1),
    (((2, "kontra"), (0, "kontra"), (1, "rekontra")), 4, 4),
])
def test_kontra_and_rekontra_per_defender(calls: tuple[tuple[int, str], ...], seat2: int, seat0: int) -> None:
    m = illustrated()
    e = post(m, "durchmarsch", 10, calls)  # made, worth 20
    assert money(e) == {0: -10 - 20 * seat0, 1: 20 * (seat0 + seat2), 2: -20 * seat2}
    e = post(m, "bettel-hand", 2, calls)  # failed, worth 20 without the talon
    assert money(e) == {0: -10 + 20 * seat0, 1: -20 * (seat0 + seat2), 2: 20 * seat2}


def test_the_largest_settlement() -> None:
    # austrian.md 2.2: Offener Durchmarsch without the talon, kontra by both, rekontra: 40 x 2 x 4 = 320 each
    m = illustrated()
    e = post(m, "offener-durchmarsch-hand", 10, ((2, "kontra"), (0, "kontra"), (1, "rekontra")))
    assert money(e) == {0: -10 - 320, 1: 640, 2: -320}


def test_values_are_preset_numbers() -> None:
    m = illustrated(illustrated={"values": {"bettel": 15, "durchmarsch": 20, "plauderer": 30,
                                            "offener-durchmarsch": 60}, "hand_factor": 3},
                    kontra={"factor": 3})
    e = post(m, "offener-durchmarsch-hand", 9, ((2, "kontra"), (0, "pass"), (1, "pass")))
    assert money(e) == {0: -10 + 180, 1: -180 - 540, 2: 540}  # 60 x 3 = 180; x 3 kontra = 540


def test_contract_rows_are_data() -> None:
    table = load_variant("illustrated").contracts
    for name, goal in (("bettel", "none"), ("durchmarsch", "all"), ("plauderer", "none"),
                       ("offener-durchmarsch", "all")):
        spec = table[name]
        assert spec.trump == NO_TRUMP and spec.goal == goal and spec.must_beat and spec.with_talon
        assert not table[name + "-hand"].with_talon
        assert table[str(load_variant("illustrated").rules.game.numbers[name])].kind == spec.kind
    # the extra contracts come only with Illustrated: the pot presets do not have them
    assert "bettel" not in load_variant("austrian-limited").contracts
    # Durchmarsch without the duty to beat under the option (GAP-ILL-04)
    assert not load_variant("illustrated", {"illustrated": {"durchmarsch_must_beat": False}}).contracts[
        "durchmarsch"].must_beat


# ---------------------------------------------------------------- through the engine


def to_contract(contract: str, seed: int = 9, rules: dict[str, Any] | None = None) -> Game:
    """Seat 1 (first hand) bids the contract's number, the others pass, he discards his two lowest cards."""
    g = Game(load_variant("illustrated", rules), seed=seed)
    number = str(g.rules.game.numbers[contract])
    g.apply(number)
    g.apply("pass")
    g.apply("pass")
    while g.phase is Phase.DISCARD:
        g.apply(g.legal_actions()[0])
    g.apply(contract)
    return g


def test_after_a_number_the_extra_contracts_may_be_named() -> None:
    g = Game(load_variant("illustrated"), seed=9)
    for a in ("2", "pass", "pass"):
        g.apply(a)
    while g.phase is Phase.DISCARD:
        g.apply(g.legal_actions()[0])
    # AUT-BID-03: after "two", spades, diamonds, hearts or 5-8 (austrian.md 2.1)
    assert g.legal_actions() == ["spades", "diamonds", "hearts", "bettel", "durchmarsch", "plauderer",
                                 "offener-durchmarsch"]


def test_kontra_round_one_defender_after_the_other() -> None:
    g = to_contract("bettel")
    # both must play: no "play"/"pass" decision, only kontra or not (AUT-DEF-04, ILL-KON-01)
    assert g.phase is Phase.DEFENCE and g.current_player == 2 and g.legal_actions() == ["pass", "kontra"]
    g.apply("pass")
    assert g.current_player == 0
    g.apply("kontra")
    # the first has passed: it is too late for him (ILL-KON-04); the declarer answers (ILL-KON-03)
    assert g.current_player == 1 and g.legal_actions() == ["pass", "rekontra"]
    g.apply("rekontra")
    assert g.phase is Phase.PLAY
    assert g.deal.defence_calls == [(2, "pass"), (0, "kontra"), (1, "rekontra")]


def test_no_rekontra_without_kontra_and_none_on_suits() -> None:
    g = to_contract("durchmarsch")
    g.apply("pass")
    g.apply("pass")
    assert g.phase is Phase.PLAY  # nobody said kontra: the declarer is not asked
    g = Game(load_variant("illustrated"), seed=9)
    for a in ("1", "pass", "pass"):
        g.apply(a)
    while g.phase is Phase.DISCARD:
        g.apply(g.legal_actions()[0])
    g.apply("hearts")
    if g.phase is Phase.DECLARE:
        g.apply("quiet")
    assert g.legal_actions() == ["play", "pass"]  # ILL-KON-01: no kontra on a suit contract
    with pytest.raises(IllegalActionError):
        g.apply("kontra")
    g = to_contract("bettel", rules={"kontra": {"rekontra": False}})
    g.apply("kontra")
    g.apply("pass")
    assert g.phase is Phase.PLAY


def play_out(g: Game) -> None:
    while not g.results:
        g.apply(g.legal_actions()[0])


@pytest.mark.parametrize("contract", ["bettel", "plauderer"])
def test_play_stops_at_the_declarers_first_trick(contract: str) -> None:
    g = to_contract(contract)
    g.apply("pass")
    g.apply("pass")
    play = g.deal.play
    assert play is not None and play.rules.stop_declarer_at == 1 and play.rules.leader == 1
    play_out(g)
    r = g.results[-1]
    if r.tricks[1]:
        # ILL-EXT-08: failed at the trick he won; no trick is played after it
        assert r.tricks[1] == 1 and play.completed[-1][0] == 1 and len(play.completed) == sum(r.tricks)
    else:
        assert len(play.completed) == 10


def test_durchmarsch_stops_at_the_defences_first_trick() -> None:
    g = to_contract("durchmarsch")
    g.apply("pass")
    g.apply("pass")
    play = g.deal.play
    assert play is not None and play.rules.stop_defence_at == 1
    play_out(g)
    r = g.results[-1]
    assert r.tricks[1] == 10 or (r.tricks[0] + r.tricks[2] == 1 and play.completed[-1][0] != 1)
    g = to_contract("durchmarsch", rules={"illustrated": {"early_stop": False}})
    g.apply("pass")
    g.apply("pass")
    play_out(g)
    assert sum(g.results[-1].tricks) == 10


def test_plauderer_cards_open_after_the_first_lead() -> None:
    g = to_contract("plauderer")
    g.apply("pass")
    g.apply("pass")
    assert g.phase is Phase.PLAY and g.current_player == 1
    assert 1 not in g.visible_hands(2)  # before the first lead nobody sees them (ILL-PLAY-02, GAP-ILL-06)
    g.apply(g.legal_actions()[0])
    assert g.visible_hands(2)[1] == g.hand(1) and g.visible_hands(0)[1] == g.hand(1)
    g = to_contract("bettel")
    g.apply("pass")
    g.apply("pass")
    g.apply(g.legal_actions()[0])
    assert 1 not in g.visible_hands(2)  # Bettel is caught blind (ILL-PLAY-01)


def test_everybody_must_beat_in_bettel() -> None:
    g = to_contract("bettel")
    g.apply("pass")
    g.apply("pass")
    checked = 0
    while not g.results:
        play = g.deal.play
        assert play is not None
        if play.trick and play.best_card >= 0:
            hand = g.hand(play.to_play)
            led = play.led_suit
            follow = [c for c in range(32) if hand >> c & 1 and c >> 3 == led]
            higher = [c for c in follow if c > play.best_card]
            legal = sorted(g.legal_actions())
            want = sorted(CARD_NAMES[c] for c in (higher or follow)) if follow else legal
            assert legal == want  # ILL-EXT-01: the duty to beat holds for every player, the declarer too
            checked += 1
        g.apply(g.legal_actions()[0])
    assert checked


def test_illustrated_on_another_pot() -> None:
    # the extra contracts ride on any pot method: here the unlimited pot (the inherited cap is then unused)
    m = illustrated(pot={"method": "unlimited", "initial": 90})
    r = DealResult(kind="contract", dealer=0, active=(1, 2, 0), tricks=(2, 6, 2), declarer=1,
                   contract=m.contracts["clubs"], bid="clubs", defence=((2, "play"), (0, "play")), defending=(2, 0),
                   index_in_match=0)
    e = m.post(r, m.before_deal(0))
    # 90 in equal shares (30 each) + the ante 10 = 100, all of it played: 10 a trick
    assert money(e) == {0: -30 - 10 + 20, 1: -30 + 100 - 40, 2: -30 + 20}
