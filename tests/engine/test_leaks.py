"""Leak test (issue 12): nothing a seat may not see reaches its observation, its events or its save.

For every installed variant that can be played, at every number of players its rules accept (three and
four; two where the family plays гусарик), random legal actions (seeded; low bids and many passes, so
raspasovka, misère and the games with one whister come up) play at least 20 deals. At every
step, for every seat and for a spectator, the cards in ``observation(seat).to_dict()``, in the new events of
``events_for(seat)`` and in ``to_json(seat=...)`` are collected structurally (the fields that hold cards; a
call such as ``"7S"`` or ``"10H"`` is also a card's name, so no text search) and compared with the cards the
seat may not know at that moment, worked out here from the game's own state and not by the observation
code: the hands of other seats unless the seat plays them or they lie open under the deal's ``PlayRules``
(``controllers``, ``open_hands`` and when they open), the talon unless it was taken by this seat or shown to
all (the bid's row ``talon_shown``) or turned to lead a trick, and the discard unless this seat made it.
Events of earlier deals are checked against what stayed hidden when that deal ended.

A seat's save is checked at every step of each match's first deal, at the step that ends each deal and
at every fifth step besides (it holds all the events so far, so writing it at every step would cost the
square of the game's length; for the same reason a new match starts every five deals); ``events_for``
and the observation are checked at every step.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from preferans.core import load_variant
from preferans.core.engine.game import Game, Phase
from preferans.core.model.cards import CARD_NAMES, names_of
from preferans.core.rules.config import Variant
from preferans.core.rules.manager import installed_variants

DEALS = 20
MATCH_DEALS = 5
"""A new match (another seed and first dealer) after this many deals, so the saves stay short."""
CARD_SET = frozenset(CARD_NAMES)
OBSERVATION_KEYS = {
    "seat", "phase", "deal", "dealer", "active", "n_players", "n_hands", "to_act", "legal", "hands",
    "hand_counts", "talon", "talon_count", "talon_taken", "discard", "discard_count", "calls", "bid",
    "declaration_calls", "defence_calls", "declarer", "contract", "defending", "to_play", "trick", "tricks",
    "tricks_won", "may_record_layout", "last_trick", "last_result", "totals", "sheet", "event_count", "over",
    "settlement", "extra",
}
"""Every key of an observation: a new key must be added here, and to the card fields below if it holds
cards, so that no field escapes the check."""
CARD_EVENTS = {"card", "discard", "hand_dealt", "talon_taken", "talon_shown", "pick_up", "hand_given", "hand_opened",
               "talon_card"}
"""Events whose ``action`` is cards."""
OTHER_EVENTS = {"call", "declare", "defence", "deal_start", "play_start", "trick", "deal_end"}


def tables() -> list[tuple[str, int]]:
    out = []
    for name in installed_variants():
        for players in (2, 3, 4):
            try:
                load_variant(name, {"players": players})
            except Exception:  # a family base, or a number of players the rules do not accept
                continue
            out.append((name, players))
    return out


TABLES = tables()


def test_every_built_in_variant_is_checked() -> None:
    names = {n for n, _ in TABLES}
    assert {"sochi", "leningrad", "rostov", "classic", "balkan", "serbian", "slovenian", "austrian",
            "austrian-unlimited", "austrian-limited", "styrian", "illustrated", "nachgehen"} <= names
    for russian in ("sochi", "leningrad", "rostov", "classic"):
        assert {(russian, 2), (russian, 3), (russian, 4)} <= set(TABLES)


# ---------------------------------------------------------------- what a seat may not know, from the state


def hidden_from(game: Game, seat: int | None, own_discards: dict[int | None, int]) -> int:
    """The cards ``seat`` may not know now, as a mask, from the deal's state and the play rules."""
    deal = game.deal
    visible = {seat} if seat is not None else set()
    in_tricks = 0
    play = deal.play
    if play is not None:
        rules = play.rules
        visible |= {hand for hand, player in rules.controllers if player == seat}
        waits = rules.open_after_first_lead or (rules.open_after_declarer_leads and rules.leader == rules.declarer)
        if play.played or not waits:
            visible |= set(rules.open_hands)
        for _, cards in play.completed:
            for _, c in cards:
                in_tricks |= 1 << c
        for _, c in play.trick:
            in_tricks |= 1 << c
    hidden = 0
    for hand in range(game.n_hands):
        if hand not in visible:
            hidden |= deal.hands[hand]
    talon = deal.talon
    known = own_discards.get(seat, 0)
    if deal.talon_taken:
        row = game.contracts.get(deal.bid) if deal.bid else None
        if seat == deal.talon_to or (row is not None and row.talon_shown):
            known |= talon  # he took it up, or it was shown to all: wherever it went, he knows it
    else:
        hidden |= talon & ~in_tricks  # turned to lead a trick, a talon card is public
    hidden |= deal.discard
    return hidden & ~known


# ---------------------------------------------------------------- the cards in what a seat is given


def words(text: object) -> set[str]:
    return set(text.split()) if isinstance(text, str) else set()


def observation_cards(data: dict[str, Any]) -> set[str]:
    assert set(data) == OBSERVATION_KEYS
    found: set[str] = set()
    for cards in data["hands"].values():
        found |= set(cards)
    found |= set(data["talon"] or ()) | set(data["discard"] or ())
    found |= {c for _, c in data["trick"]}
    for trick in data["tricks"]:
        found |= {c for _, c in trick["cards"]}
    if data["phase"] in ("play", "discard"):
        found |= set(data["legal"])
    return found


def event_cards(event: dict[str, Any]) -> set[str]:
    kind = event["kind"]
    assert kind in CARD_EVENTS | OTHER_EVENTS, kind
    found = words(event["action"]) if kind in CARD_EVENTS else set()
    if kind == "trick" and event.get("data") is not None:
        found |= {c for _, c in event["data"]["cards"]}
    assert found <= CARD_SET
    return found


def check_events(events: list[dict[str, Any]], current: int, hidden: set[str],
                 ended: dict[int, set[str]], where: str) -> None:
    for event in events:
        cards = event_cards(event)
        secret = hidden if event["deal"] == current else ended[event["deal"]]
        assert not cards & secret, f"{where}: event {event} shows {sorted(cards & secret)}"


# ---------------------------------------------------------------- the run


def play_and_check(variant: Variant, seed: int) -> int:
    """Random legal actions for ``DEALS`` deals (new matches as they end), checking every step."""
    rng = random.Random(seed)
    deals = 0
    steps = 0
    while deals < DEALS:
        game = Game(variant, seed=rng.getrandbits(32), first_dealer=rng.randrange(variant.rules.players))
        seats: list[int | None] = [*range(game.n_players), None]
        seen_events = dict.fromkeys(seats, 0)
        ended: dict[int | None, dict[int, set[str]]] = {s: {} for s in seats}
        own: dict[int | None, int] = {}
        while True:
            number = game.deal.number
            hidden = {s: set(names_of(hidden_from(game, s, own))) for s in seats}
            first_deal = number == 0
            for s in seats:
                where = f"{variant.name} players={game.n_players} deal {number} seat {s}"
                obs = game.observation(s).to_dict()
                text = json.dumps(obs)
                leaked = observation_cards(json.loads(text)) & hidden[s]
                assert not leaked, f"{where}: observation shows {sorted(leaked)}"
                cards = game.seen_cards(s)  # the bots' view: the observation's cards as masks
                masks = [*cards.hands.values(), cards.talon, cards.discard]
                assert not set(names_of(sum_masks(masks))) & hidden[s], f"{where}: seen_cards leaks"
                new = game.events_for(s, since=seen_events[s])
                seen_events[s] += len(new)
                check_events(json.loads(json.dumps(new)), number, hidden[s], ended[s], where)
                if first_deal or steps % 5 == 0:
                    check_record(game, s, number, hidden[s], ended[s], where)
            if game.is_terminal:
                break
            actor, phase = game.current_player, game.phase
            action = choose(game, rng)
            game.apply(action)
            steps += 1
            if phase is Phase.DISCARD:
                own[actor] = own.get(actor, 0) | 1 << CARD_NAMES.index(action)
            if game.deal.number != number or game.is_terminal:
                # the deal ended: what stayed hidden then stays hidden in its events for good
                for s in seats:
                    ended[s][number] = hidden[s] - ({action} if phase is Phase.PLAY else set())
                own = {}
                for s in seats:
                    where = f"{variant.name} players={game.n_players} end of deal {number} seat {s}"
                    check_record(game, s, game.deal.number, hidden_now(game, s, own), ended[s], where)
                deals += 1
                if deals >= DEALS or game.deal.number >= MATCH_DEALS:
                    break
    return deals


def sum_masks(masks: list[int]) -> int:
    m = 0
    for x in masks:
        m |= x
    return m


def choose(game: Game, rng: random.Random) -> str:
    """A random legal action, bidding low and often passing, so that every kind of deal comes up: all pass
    (raspasovka), games with one whister or two, misère, the Austrian and Balkan contracts."""
    legal = game.legal_actions()
    if game.phase is Phase.AUCTION and "pass" in legal:
        if rng.random() < 0.55:
            return "pass"
        # mostly a call among the lowest (the legal calls come in rank order), now and then any call
        return rng.choice(legal[:4] if rng.random() < 0.85 else legal)
    return rng.choice(legal)


def hidden_now(game: Game, seat: int | None, own: dict[int | None, int]) -> set[str]:
    return set(names_of(hidden_from(game, seat, own)))


def check_record(game: Game, seat: int | None, current: int, hidden: set[str], ended: dict[int, set[str]],
                 where: str) -> None:
    record = json.loads(game.to_json(seat=seat))
    assert set(record) == {"format", "version", "config", "seat", "observation", "events"}, where
    assert record["format"] == "preferans-seat-view" and record["seat"] == seat
    leaked = observation_cards(record["observation"]) & hidden
    assert not leaked, f"{where}: the seat's save shows {sorted(leaked)}"
    check_events(record["events"], current, hidden, ended, where + " (save)")


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), TABLES, ids=[f"{n}-{p}" for n, p in TABLES])
def test_no_seat_sees_a_hidden_card(name: str, players: int) -> None:
    variant = load_variant(name, {"players": players})
    assert play_and_check(variant, seed=players * 1000 + sum(map(ord, name))) >= DEALS


def test_the_check_catches_a_leak() -> None:
    """The checker is not blind: another seat's hand, put into an observation, is found."""
    game = Game(load_variant("sochi"), seed=5)
    data = game.observation(0).to_dict()
    data["hands"]["1"] = names_of(game.deal.hands[1])
    assert observation_cards(data) & set(names_of(hidden_from(game, 0, {}))) == set(names_of(game.deal.hands[1]))
    event = {"number": 0, "deal": 0, "seat": 1, "kind": "discard", "action": "10H"}
    assert event_cards(event) == {"10H"}
    call = {"number": 0, "deal": 0, "seat": 1, "kind": "call", "action": "10H"}
    assert event_cards(call) == set()  # a call named like a card is not a card
