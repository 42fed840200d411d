"""Game.observation(seat), the event log and the per-seat save, on deals worked by hand (issue 12).

Hands are fixed with ``Game(..., deals=[pack])``: a pack lists ten cards for each bidder in speaking order
(first hand first), then the two talon cards. Seat 0 deals the first deal, so seat 1 is first hand, then
seat 2, then seat 0. What each seat may see follows the rules as the docs put them (docs/observation.md):
the Sochi lone whister lays both defending hands open (russian.md 4, the preset's ``lone_whister_open``);
in misère the talon is shown to everybody and the defenders lie open once the declarer, on lead, has led
(RUS-MIS-06); in raspasovka the two talon cards are turned one by one to lead the first two tricks
(RUS-RASP-17), and in Rostov they take no part (RUS-RASP-16); in Illustrated Preference the declarer's
hand is laid open after the first lead in Plauderer and Offener Durchmarsch, in Bettel never
(ILL-PLAY-01..03).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from preferans.core import load_variant
from preferans.core.engine.game import SEAT_VIEW_FORMAT, Game, Phase
from preferans.core.model.cards import CARD_NAMES, parse_card
from preferans.core.model.errors import BadInput, RecordError
from preferans.core.model.observed import Observation

HANDS = {
    1: "AS KS QS JS 10S AC KC QC 7D 7H",
    2: "9S 8S JC 10C AD KD QD JD AH KH",
    0: "7S 9C 8C 7C 10D 9D 8D QH JH 10H",
}
TALON = "9H 8H"
SPECTATOR = None


def pack(hands: dict[int, str] = HANDS, talon: str = TALON) -> list[int]:
    cards = [parse_card(c) for seat in (1, 2, 0) for c in hands[seat].split()] + [parse_card(c) for c in
                                                                                  talon.split()]
    assert len(cards) == 32 and len(set(cards)) == 32
    return cards


def game(variant: str = "sochi", rules: dict[str, Any] | None = None, hands: dict[int, str] = HANDS) -> Game:
    return Game(load_variant(variant, rules), seed=1, deals=[pack(hands)])


def apply(g: Game, *actions: str) -> None:
    for a in actions:
        g.apply(a)


def cards(text: str) -> list[str]:
    """Card names in the engine's order (spades, clubs, diamonds, hearts; low to high)."""
    return sorted(text.split(), key=lambda name: parse_card(name))


def seen_hands(g: Game, seat: int | None) -> dict[int, list[str]]:
    return g.observation(seat).hands


# ---------------------------------------------------------------- the Sochi lone whister plays open


def to_open_whist() -> Game:
    """Seat 1 plays six spades (discarding 7D 7H); seat 2 whists, seat 0 passes: the lone whister lays both
    defending hands open and plays seat 0's hand too (Sochi, ``lone_whister_open = true``)."""
    g = game()
    apply(g, "6S", "pass", "pass")
    assert g.phase is Phase.DISCARD and g.current_player == 1
    apply(g, "7D", "7H", "6S", "whist", "pass")
    assert g.phase is Phase.PLAY
    return g


def test_before_play_each_seat_sees_its_own_hand_only() -> None:
    g = game()
    for seat in (0, 1, 2):
        obs = g.observation(seat)
        assert obs.hands == {seat: cards(HANDS[seat])}
        assert obs.hand_counts == {0: 10, 1: 10, 2: 10}
        assert obs.talon is None and obs.talon_count == 2 and obs.discard is None
    assert g.observation(SPECTATOR).hands == {}
    assert g.observation(1).legal[:2] == ["pass", "6S"] and g.observation(2).legal == []  # not his turn


def test_declarer_alone_sees_the_talon_and_his_discard() -> None:
    g = game()
    apply(g, "6S", "pass", "pass")
    # six spades does not show the talon (only misère does, RUS-MIS-06): the declarer took it, he alone saw it
    assert g.observation(1).talon == TALON.split()
    assert g.observation(1).hands[1] == cards(HANDS[1] + " " + TALON)  # twelve cards
    for seat in (0, 2, SPECTATOR):
        assert g.observation(seat).talon is None
    assert g.observation(0).hand_counts[1] == 12
    taken = {seat: [(e["kind"], e["action"]) for e in g.events_for(seat) if e["kind"].startswith("talon")]
             for seat in (0, 1, 2, SPECTATOR)}
    assert taken[1] == [("talon_taken", "9H 8H")]
    assert taken[0] == taken[2] == taken[SPECTATOR] == [("talon_taken", None)]
    apply(g, "7D")
    assert g.observation(1).discard == ["7D"] and g.observation(2).discard is None
    apply(g, "7H")
    assert g.observation(1).discard == ["7D", "7H"] and g.observation(1).discard_count == 2
    assert g.observation(0).discard is None and g.observation(0).discard_count == 2


def test_lone_whister_open_hands() -> None:
    g = to_open_whist()
    declarer_hand = cards("AS KS QS JS 10S AC KC QC 9H 8H")
    both = {2: cards(HANDS[2]), 0: cards(HANDS[0])}
    # the defenders' hands lie face up for everybody; the declarer's stays his own
    assert seen_hands(g, 1) == {1: declarer_hand, **both}
    assert seen_hands(g, 2) == both
    assert seen_hands(g, 0) == both
    assert seen_hands(g, SPECTATOR) == both
    assert g.observation(2).defending == [2]
    assert g.observation(0).talon is None and g.observation(1).talon == TALON.split()


def test_lone_whister_plays_the_passers_hand() -> None:
    g = to_open_whist()
    g.apply("AS")  # seat 1 leads; seat 2 follows; then seat 0's card, played by seat 2
    g.apply("8S")
    assert g.current_player == 2 and g.observation(2).to_play == 0
    assert g.observation(2).legal == ["7S"] and g.observation(0).legal == []
    g.apply("7S")
    last = g.events_for(SPECTATOR)[-2:]
    assert last[0] == {"number": last[0]["number"], "deal": 0, "seat": 2, "kind": "card", "action": "7S",
                       "hand": 0}
    # the trick: ace of spades wins it for seat 1 (the highest spade, no trump played)
    assert last[1]["kind"] == "trick" and last[1]["data"] == {"cards": [[1, "AS"], [2, "8S"], [0, "7S"]],
                                                             "winner": 1}
    assert g.observation(0).tricks_won == {0: 0, 1: 1, 2: 0}


# ---------------------------------------------------------------- misère


def to_misere() -> Game:
    g = game()
    apply(g, "misere", "pass", "pass")
    return g


def test_misere_talon_is_shown_to_everybody() -> None:
    g = to_misere()
    for seat in (0, 1, 2, SPECTATOR):
        assert g.observation(seat).talon == TALON.split()
    shown = [e for e in g.events_for(SPECTATOR) if e["kind"] in ("talon_taken", "talon_shown")]
    assert shown == [{"number": shown[0]["number"], "deal": 0, "seat": 1, "kind": "talon_shown",
                      "action": "9H 8H"}]
    apply(g, "AS", "KS")  # the discard is shown to nobody (RUS-MIS-06 (2))
    assert g.observation(1).discard == ["KS", "AS"]
    for seat in (0, 2, SPECTATOR):
        assert g.observation(seat).discard is None
    discards = [e for e in g.events_for(2) if e["kind"] == "discard"]
    assert [e["action"] for e in discards] == [None, None] and all(e["seat"] == 1 for e in discards)
    assert [e["action"] for e in g.events_for(1) if e["kind"] == "discard"] == ["AS", "KS"]


def test_misere_defenders_lie_open_after_the_declarers_lead() -> None:
    g = to_misere()
    apply(g, "AS", "KS", "misere")
    assert g.phase is Phase.PLAY and g.current_player == 1  # first hand leads: the declarer
    # RUS-MIS-06 (3a): he leads before the defenders lay their cards face up
    assert set(seen_hands(g, 1)) == {1}
    assert set(seen_hands(g, 2)) == {2} and set(seen_hands(g, 0)) == {0}
    assert seen_hands(g, SPECTATOR) == {}
    g.apply("7D")
    opened = {2: cards(HANDS[2]), 0: cards(HANDS[0])}
    assert seen_hands(g, SPECTATOR) == opened
    assert seen_hands(g, 1) == {1: cards("QS JS 10S AC KC QC 7H 9H 8H"), **opened}  # never his own to others
    assert seen_hands(g, 2) == opened and seen_hands(g, 0) == opened
    kinds = [e["kind"] for e in g.events_for(SPECTATOR)[-3:]]
    assert kinds == ["card", "hand_opened", "hand_opened"]


# ---------------------------------------------------------------- raspasovka


def all_pass(variant: str = "sochi") -> Game:
    g = game(variant)
    apply(g, "pass", "pass", "pass")
    assert g.phase is Phase.PLAY
    return g


def test_raspasovka_talon_cards_are_turned_one_at_a_time() -> None:
    g = all_pass()
    # RUS-RASP-17 (three players): 9H leads the first trick, only naming the suit (hand -2)
    for seat in (0, 1, 2, SPECTATOR):
        obs = g.observation(seat)
        assert obs.talon == ["9H"] and obs.talon_count == 1
        assert obs.trick == [(-2, "9H")]
    g.apply("7H")  # seat 1 follows hearts with his only heart
    g.apply("KH")
    g.apply("QH")
    obs = g.observation(SPECTATOR)
    assert obs.tricks == [{"cards": [[-2, "9H"], [1, "7H"], [2, "KH"], [0, "QH"]], "winner": 2}]
    assert obs.talon == ["9H", "8H"] and obs.talon_count == 0 and obs.trick == [(-2, "8H")]
    turned = [e["action"] for e in g.events_for(0) if e["kind"] == "talon_card"]
    assert turned == ["9H", "8H"]


def test_rostov_raspasovka_talon_stays_hidden() -> None:
    g = all_pass("rostov")
    for seat in (0, 1, 2, SPECTATOR):
        obs = g.observation(seat)
        assert obs.talon is None and obs.talon_count == 2 and obs.trick == []  # RUS-RASP-16
    names = {"9H", "8H"}
    text = json.dumps([g.events_for(s) for s in (0, 1, 2, SPECTATOR)])
    assert not names & set(text.replace('"', " ").replace(",", " ").split())


# ---------------------------------------------------------------- Illustrated: Plauderer and Bettel


def to_contract(contract: str) -> Game:
    """Seat 1 bids the contract's number, the others pass, he discards two and names the contract, and
    both defenders play."""
    g = Game(load_variant("illustrated"), seed=9)
    apply(g, str(g.rules.game.numbers[contract]), "pass", "pass")
    while g.phase is Phase.DISCARD:
        g.apply(g.legal_actions()[0])
    apply(g, contract, "pass", "pass")
    assert g.phase is Phase.PLAY and g.current_player == 1
    return g


@pytest.mark.parametrize("contract", ["plauderer", "offener-durchmarsch"])
def test_open_contract_hand_lies_open_after_the_first_lead(contract: str) -> None:
    g = to_contract(contract)
    for seat in (0, 2):
        assert set(seen_hands(g, seat)) == {seat}
    assert seen_hands(g, SPECTATOR) == {}
    lead = g.legal_actions()[0]
    rest = [c for c in CARD_NAMES if g.hand(1) >> parse_card(c) & 1 and c != lead]
    g.apply(lead)
    for seat in (0, 2, SPECTATOR):
        assert seen_hands(g, seat)[1] == sorted(rest, key=parse_card)


def test_bettel_hand_stays_closed() -> None:
    g = to_contract("bettel")
    g.apply(g.legal_actions()[0])
    for seat in (0, 2):
        assert set(seen_hands(g, seat)) == {seat}
    assert seen_hands(g, SPECTATOR) == {}


# ---------------------------------------------------------------- Balkan: the talon shown when taken


@pytest.mark.parametrize("shown", [True, False])
def test_balkan_talon_is_shown_to_all_unless_taken_blind(shown: bool) -> None:
    # GEN-DECK-07: in base Balkan the talon is shown to everyone when taken; the key talon_shown = false
    # (taking it blind, as some Slovenian tables do) leaves it to the declarer
    g = game("balkan", {"talon_shown": shown})
    assert all(g.observation(s).talon is None for s in (0, 1, 2, SPECTATOR))
    apply(g, "2", "pass", "pass")
    assert g.phase is Phase.DISCARD and g.current_player == 1
    assert g.observation(1).talon == TALON.split()
    for seat in (0, 2, SPECTATOR):
        assert g.observation(seat).talon == (TALON.split() if shown else None)
    apply(g, "7D", "7H")
    assert g.observation(1).discard == ["7D", "7H"]
    assert all(g.observation(s).discard is None for s in (0, 2, SPECTATOR))


# ---------------------------------------------------------------- only what the seat sees


def swapped(a: str, b: str) -> dict[int, str]:
    """HANDS with card ``a`` of seat 2 and card ``b`` of seat 0 exchanged."""
    two = HANDS[2].split()
    zero = HANDS[0].split()
    two[two.index(a)] = b
    zero[zero.index(b)] = a
    return {1: HANDS[1], 2: " ".join(two), 0: " ".join(zero)}


@pytest.mark.parametrize("actions", [(), ("6S", "pass", "pass"), ("6S", "pass", "pass", "7D", "7H", "6S"),
                                     ("6S", "pass", "pass", "7D", "7H", "6S", "whist", "whist", "AS")])
def test_cards_a_seat_cannot_see_do_not_change_its_observation(actions: tuple[str, ...]) -> None:
    # JC (seat 2) and 9C (seat 0) change places: seat 1 sees neither hand (both whist: closed play)
    one, other = game(), game(hands=swapped("JC", "9C"))
    apply(one, *actions)
    apply(other, *actions)
    assert one.observation(1) == other.observation(1)
    assert one.observation(SPECTATOR) == other.observation(SPECTATOR)
    assert one.events_for(1) == other.events_for(1)
    assert one.to_json(seat=1) == other.to_json(seat=1)
    assert one.observation(2) != other.observation(2)  # seat 2 holds one of them: its view differs


# ---------------------------------------------------------------- the previous deal stays readable


def test_last_trick_and_result_kept_after_the_next_deal_starts() -> None:
    g = to_misere()
    apply(g, "AS", "KS", "misere")
    while g.deal.number == 0:
        before = g.observation(SPECTATOR)
        g.apply(g.legal_actions()[0])
    assert g.deal.number == 1 and g.phase is Phase.AUCTION
    # the closing trick: the one on the table before the last card, with that card
    closing = [[h, c] for h, c in before.trick]
    final = [e for e in g.events_for(SPECTATOR) if e["kind"] == "card" and e["deal"] == 0][-1]
    closing.append([final["hand"], final["action"]])
    obs = g.observation(0)
    assert obs.last_trick is not None and obs.last_trick["deal"] == 0 and obs.last_trick["cards"] == closing
    # no trumps in misère: the highest card of the suit led wins
    led = parse_card(closing[0][1]) >> 3
    winner = max((parse_card(c), h) for h, c in closing if parse_card(c) >> 3 == led)[1]
    assert obs.last_trick["winner"] == winner
    result = obs.last_result
    assert result is not None and result["contract"] == "misere" and result["declarer"] == 1
    assert sum(result["tricks"]) == 10
    taken = result["tricks"][1]
    # Sochi misère: made, 10 in the pool; otherwise 10 in the mountain for each trick taken
    want = ({"account": "pool", "seat": 1, "amount": 10} if taken == 0 else
            {"account": "gora", "seat": 1, "amount": 10 * taken})
    assert [{k: e[k] for k in ("account", "seat", "amount")} for e in result["entries"]] == [want]
    assert obs.tricks == [] and obs.trick == []  # the new deal has none yet
    assert g.observation(SPECTATOR).last_result == result


# ---------------------------------------------------------------- JSON, events, the seat save


def test_observation_round_trips_through_json() -> None:
    g = to_open_whist()
    g.apply("AS")
    for seat in (0, 1, 2, SPECTATOR):
        obs = g.observation(seat)
        data = json.loads(json.dumps(obs.to_dict()))
        assert Observation.from_dict(data) == obs


def test_events_are_numbered_and_survive_clone_and_replay() -> None:
    g = to_open_whist()
    g.apply("AS")
    events = g.events
    assert [e.number for e in events] == list(range(len(events)))
    copy = g.clone()
    copy.apply("8S")
    assert len(copy.events) > len(events) and g.events == events  # the clone's log is its own
    again = Game.from_json(g.to_json())
    assert again.events == events
    assert g.events_for(1, since=len(events) - 1) == [events[-1].to_dict(1)]
    dealt = [e for e in g.events_for(2) if e["kind"] == "hand_dealt"]
    assert [(e["hand"], e["action"]) for e in dealt] == [(1, None), (2, " ".join(cards(HANDS[2]))), (0, None)]


def test_seat_save_has_no_seed_actions_or_packs() -> None:
    g = to_open_whist()
    record = json.loads(g.to_json(seat=0))
    assert record["format"] == SEAT_VIEW_FORMAT and record["seat"] == 0
    assert set(record) == {"format", "version", "config", "seat", "observation", "events"}
    assert record["observation"] == g.observation(0).to_dict() and record["events"] == g.events_for(0)
    assert json.loads(g.to_json(seat=None))["seat"] is None
    full = json.loads(g.to_json())
    assert full["format"] == "preferans-game" and "seed" in full and "deals" in full


def test_a_seat_save_is_not_replayed() -> None:
    g = to_open_whist()
    with pytest.raises(RecordError, match=r"^game\.json: format: a preferans-seat-view record holds one seat's "
                                          r"view and cannot be replayed"):
        Game.from_json(g.to_json(seat=1), "game.json")


@pytest.mark.parametrize("seat", [3, -1, "1", True, 1.0])
def test_a_bad_seat_is_a_one_line_error(seat: Any) -> None:
    g = game()
    for call in (g.observation, g.events_for, lambda s: g.to_dict(seat=s)):
        with pytest.raises(BadInput, match=r"^seat: expected a seat 0\.\.2 or None"):
            call(seat)


@pytest.mark.parametrize(("variant", "players"), [("sochi", 3), ("sochi", 4), ("sochi", 2), ("illustrated", 3)])
def test_card_events_name_the_card_hand_and_seat(variant: str, players: int) -> None:
    # the log keeps a marker per card and reads the card back from the tricks: check it against the cards
    # as they were played (raspasovka's talon-led tricks, a lone whister playing his partner's hand, the
    # two-player dummy and the sitting-out dealer's talon card all come up in these deals)
    rng = random.Random(players)
    g = Game(load_variant(variant, {"players": players}), seed=7)
    played: list[tuple[int, int, int, str]] = []
    while g.deal.number < 12 and not g.is_terminal:
        legal = g.legal_actions()
        if g.phase is Phase.AUCTION and "pass" in legal and rng.random() < 0.6:
            action = "pass"
        else:
            action = rng.choice(legal[:3] if g.phase is Phase.AUCTION else legal)
        if g.phase is Phase.PLAY:
            assert g.deal.play is not None
            played.append((g.deal.number, g.current_player, g.deal.play.to_play, action))
        g.apply(action)
        if g.phase is Phase.PLAY and g.deal.play is not None and g.deal.play.trick:
            # mid-trick too: the cards on the table come from the live trick
            shown = [(e["deal"], e["seat"], e["hand"], e["action"]) for e in g.events_for(None) if e["kind"] == "card"]
            assert shown == played
    shown = [(e.deal, e.seat, e.hand, e.action) for e in g.events if e.kind == "card"]
    assert shown == played and len(played) > 100
    kinds = {e.kind for e in g.events}
    assert "trick" in kinds and "play_start" in kinds


def test_seen_cards_are_the_observations_cards() -> None:
    g = to_misere()
    apply(g, "AS", "KS", "misere", "7D")
    for seat in (0, 1, 2, SPECTATOR):
        obs, cards = g.observation(seat), g.seen_cards(seat)
        assert cards.hands == {h: obs.hand_mask(h) for h in obs.hands}
        assert cards.talon == sum(1 << parse_card(c) for c in obs.talon or ())
        assert cards.discard == sum(1 << parse_card(c) for c in obs.discard or ())
    assert g.seen_cards(1).discard == (1 << parse_card("AS")) | (1 << parse_card("KS"))


def test_misere_defenders_lie_open_before_a_defenders_lead() -> None:
    # RUS-MIS-06 (3b): seat 2 plays misère and seat 1 (first hand) has the lead: the defenders lay their
    # cards face up before it
    g = game()
    apply(g, "pass", "misere", "pass")
    assert g.observation(0).talon == TALON.split()  # shown to all as it is taken (RUS-MIS-06 (1))
    apply(g, "AH", "KH", "misere")
    assert g.phase is Phase.PLAY and g.current_player == 1
    opened = {1: cards(HANDS[1]), 0: cards(HANDS[0])}
    assert seen_hands(g, SPECTATOR) == opened
    assert seen_hands(g, 2) == {2: cards("9S 8S JC 10C AD KD QD JD 9H 8H"), **opened}
    assert seen_hands(g, 1) == opened and seen_hands(g, 0) == opened


def test_four_players_dealer_sits_out_and_leads_the_talon_card() -> None:
    # four players: seat 0 deals and sits out with no cards; seats 1, 2, 3 get ten each. In raspasovka the
    # talon cards lead the first two tricks as the dealer's own lead and can win (RUS-RASP-15)
    four = {1: HANDS[1], 2: HANDS[2], 3: HANDS[0]}
    order = [parse_card(c) for seat in (1, 2, 3) for c in four[seat].split()] + [parse_card(c) for c in
                                                                                TALON.split()]
    g = Game(load_variant("sochi", {"players": 4}), seed=1, deals=[order])
    assert g.observation(0).hands == {0: []} and g.observation(0).hand_counts == {0: 0, 1: 10, 2: 10, 3: 10}
    assert g.observation(0).legal == [] and set(g.observation(SPECTATOR).hands) == set()
    apply(g, "pass", "pass", "pass")
    for seat in (0, 1, 2, 3, SPECTATOR):
        obs = g.observation(seat)
        assert obs.trick == [(0, "9H")] and obs.talon == ["9H"]
    assert set(g.observation(3).hands) == {3}
    apply(g, "7H", "KH", "QH")  # seat 2's king of hearts beats the talon's nine
    assert g.observation(SPECTATOR).tricks == [{"cards": [[0, "9H"], [1, "7H"], [2, "KH"], [3, "QH"]],
                                                 "winner": 2}]
