"""No frame the server sends a seat shows a card that seat may not see: for every built-in variant, tables
played through the server (Starlette's test client) for at least 20 deals, each frame to each seat and to a
spectator checked against the full game at that moment.

The test drives every seat itself (the heuristic bot choosing for the seat to act), so the server's game does
not move between the frames of one action and the game it holds is the moment the frames describe. A card is
hidden from a seat when it lies in a hand the seat does not see (the engine's one rule,
``engine.observation.visible_masks``), in the talon face down (not taken, not turned to lead a trick), or in
another seat's discard; a talon a contract shows to all (``talon_public``) is no secret. Fields that carry
calls and contract names (which look like cards: the bid ``7S``) are not scanned; every other string is."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from helpers.hidden import hidden, strings  # noqa: E402
from helpers.server_client import Seat, close_all, drain_info, join, live, new_table  # noqa: E402
from preferans.core.ai.bots import HeuristicBot  # noqa: E402
from preferans.core.ai.claims import claim_moment  # noqa: E402
from preferans.core.ai.solver import solve  # noqa: E402
from preferans.core.engine.game import Game  # noqa: E402
from preferans.core.engine.state import Deal  # noqa: E402
from preferans.core.model.cards import CARD_NAMES, names_of  # noqa: E402
from preferans.core.rules.config import playable_variants  # noqa: E402
from preferans.core.server.app import create_app  # noqa: E402

BUILT_IN = [v for v in playable_variants() if not v.startswith("fake_")]
DEALS = 20
CALL_KINDS = {"call", "declare", "defence", "deal_end", "deal_start"}
"""Events whose text is a call or a contract (``7S`` is a bid there), or the deal's result."""
CALL_KEYS = {"calls", "declaration_calls", "defence_calls", "bid", "contract", "last_result", "totals", "sheet",
             "settlement", "events"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # the test sends as fast as the server answers: far above a person's rate
    with TestClient(create_app(tmp_path / "t.sqlite3", rate=1e6, burst=1e6)) as c:
        yield c
        close_all(c)


def leaks(frame: dict[str, Any], seat: int | None, deals: dict[int, Deal]) -> list[str]:
    """Every hidden card named in ``frame`` (with where), judged by the deal each part belongs to."""
    found: list[str] = []
    state = frame.get("state")
    if state is not None:
        now = deals[state["deal"]]
        legal_is_cards = state["phase"] in ("play", "discard")
        part = {k: v for k, v in state.items() if k not in CALL_KEYS | {"last_trick", "legal"}}
        if legal_is_cards:
            part["legal"] = state["legal"]
        bad = hidden(now, seat)
        found += [f"state: {c}" for c in strings(part, set()) if c in bad]
        last = state.get("last_trick")
        if last is not None and last["deal"] in deals:
            bad = hidden(deals[last["deal"]], seat)
            found += [f"last_trick: {c}" for c in strings(last, set()) if c in bad]
    for event in frame.get("events", []):
        if event["kind"] in CALL_KINDS:
            continue
        bad = hidden(deals[event["deal"]], seat)
        found += [f"event {event['number']} {event['kind']}: {c}" for c in strings(event, set()) if c in bad]
    return found


def test_the_hidden_helper_finds_another_seats_hand() -> None:
    # the checker itself: at the start of a deal seat 0 may not see seat 1's ten cards nor the talon
    from preferans.core import Game, load_variant

    game = Game(load_variant("sochi"), seed=4)
    deal = game.deal
    secret = hidden(deal, 0)
    assert set(names_of(deal.hands[1])) <= secret and {CARD_NAMES[c] for c in deal.talon_cards} <= secret
    assert not set(names_of(deal.hands[0])) & secret and len(secret) == 22  # 10 + 10 + the talon's 2
    assert leaks({"state": {"deal": 0, "phase": "auction", "hands": {"1": names_of(deal.hands[1])[:1]}}},
                 0, {0: deal})


CASES = [(v, {}) for v in BUILT_IN] + [("sochi", {"players": 4}), ("sochi", {"players": 2})]
"""Every built-in variant as its preset has it, and Sochi with four players (the dealer sits out) and with two
(the third hand held by nobody, played by the hooks' choice)."""


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "rules"), CASES, ids=[f"{v}{r.get('players', '')}" for v, r in CASES])
def test_no_frame_shows_a_seat_a_card_it_may_not_see(client: TestClient, variant: str, rules: dict[str, int]) -> None:
    played = frames = 0
    seed = 11
    while played < DEALS:  # a match that ends sooner is followed by another table
        table_id = new_table(client, variant=variant, seed=seed, rules=rules)
        game = live(client, table_id).game
        seats = [Seat(client, table_id, join(client, table_id, s)) for s in range(game.n_players)]
        watcher = Seat(client, table_id, None)
        everyone = [*seats, watcher]
        drain_info(everyone)
        deals = {game.deal.number: game.deal}
        for s in everyone:
            assert not leaks(s.snapshot, s.seat, deals)
        bot = HeuristicBot()
        base = played
        while not game.is_terminal and played < DEALS:
            turn = game.current_player
            seats[turn].send(type="action", action=bot.choose(game, turn))
            for s in everyone:
                frame = s.update()  # sent once the server has applied the action
                deals.setdefault(game.deal.number, game.deal)
                found = leaks(frame, s.seat, deals)
                assert not found, f"{variant} seat {s.seat}: {found[:5]}"
                frames += 1
            played = base + len(game.results)
        for s in everyone:
            s.close()
        seed += 1
    assert frames >= DEALS * 4  # every deal had an action, each seen by three seats and the spectator


# ---------------------------------------------------------------- claims, chat, snapshots and replays

CLAIM_DEALS = 2
"""Deals each table plays in the claims test (every variant, claims at its leads)."""


def frame_leaks(frame: dict[str, Any], seat: int | None, deals: dict[int, Deal], deal: Deal,
                shown: list[str] | None = None) -> list[str]:
    """:func:`leaks` for any frame the server sends: the state and events of an update or a snapshot, and
    every string of a claim (its ``cards`` aside: the claimer's hand, which a claim shows to all, checked to be
    exactly that hand: ``shown``, the hand when it claimed), a claim's end and a chat line (a snapshot's chat
    and claim included). ``deal`` is the deal in play."""
    found = leaks(frame, seat, deals) if frame["type"] in ("update", "snapshot") else []
    bad = hidden(deal, seat)
    claim = frame.get("claim")
    if claim is not None:
        assert sorted(claim["cards"]) == sorted(shown or []), claim
        found += [f"claim: {c}" for c in strings({k: v for k, v in claim.items() if k != "cards"}, set()) if c in bad]
    if frame["type"] in ("claim_end", "chat"):
        found += [f"{frame['type']}: {c}" for c in strings(frame, set()) if c in bad]
    found += [f"chat: {c}" for c in strings(frame.get("chat", []), set()) if c in bad]
    return found


def checked(conns: list[Seat], count: int, game: Any, deals: dict[int, Deal],
            shown: list[str] | None = None) -> list[dict[str, Any]]:
    """The next ``count`` frames of each connection (the ``table`` notices aside), each checked for leaks; the
    first connection's."""
    first: list[dict[str, Any]] = []
    for conn in conns:
        got = []
        while len(got) < count:
            frame = conn.recv()
            if frame["type"] == "table":
                continue
            assert frame["type"] != "error", frame
            deals.setdefault(game.deal.number, game.deal)
            found = frame_leaks(frame, conn.seat, deals, game.deal, shown)
            assert not found, f"{game.variant.name} seat {conn.seat} {frame['type']}: {found[:5]}"
            got.append(frame)
        first = first or got
    return first


def replay_leaks(client: TestClient, table_id: str, viewer: Seat) -> int:
    """Every step of every deal of the table's replay as ``viewer`` fetches it, against the cards ``viewer``
    could not see at that step in a game replayed here from the seed; the steps checked."""
    table = live(client, table_id)
    game = table.game
    sim = Game(game.variant, table.row.seed, game.first_dealer)
    deals = {0: sim.deal}
    params = {"token": viewer.token} if viewer.seat is not None else {}
    steps = 0
    for k in range(game.deal.number + 1):
        body = client.get(f"/api/tables/{table_id}/replay", params={"deal": str(k), **params}).json()
        assert body["view"] == ("seat" if viewer.seat is not None else "spectator")
        for i, step in enumerate(body["steps"]):
            if i:  # the action of the step, applied to the game replayed here
                sim.apply(step["action"])
                deals.setdefault(sim.deal.number, sim.deal)
            found = leaks({"state": step["state"]}, viewer.seat, deals)
            assert not found, f"{game.variant.name} replay deal {k} step {i} seat {viewer.seat}: {found[:5]}"
            steps += 1
    return steps


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "rules"), CASES, ids=[f"{v}{r.get('players', '')}" for v, r in CASES])
def test_claims_chat_and_replays_show_no_card_a_viewer_may_not_see(client: TestClient, variant: str,
                                                                   rules: dict[str, int]) -> None:
    rng = random.Random(variant)
    table_id = new_table(client, variant=variant, seed=12, rules=rules)
    game = live(client, table_id).game
    seats = [Seat(client, table_id, join(client, table_id, s)) for s in range(game.n_players)]
    conns = [*seats, Seat(client, table_id, None)]
    drain_info(conns)
    deals = {game.deal.number: game.deal}
    bot = HeuristicBot()
    claims = frames = 0
    refused: set[int] = set()  # the moments a claim was refused at: the same claim then is no_claim
    # two deals, or more until one was played to a claim (a deal all passed may be thrown in), ten at most
    while not game.is_terminal and len(game.results) < (CLAIM_DEALS if claims else 10):
        turn = game.current_player
        moment = claim_moment(game)
        roll = rng.random()
        if moment is not None and roll < 0.5 and seats[turn].n not in refused:
            claimer = seats[turn]
            play = game.deal.play
            assert play is not None
            tricks = moment.left if roll < 0.4 else solve(play.copy(), moment.hand) - moment.won
            shown = names_of(play.hands[moment.hand])
            claimer.send(type="claim", tricks=tricks)
            (claim,) = checked(conns, 1, game, deals, shown)
            asked = [int(s) for s in claim["claim"]["answers"]]
            claims += 1
            if roll < 0.2 and asked:  # refused by the first seat asked
                seats[asked[0]].send(type="claim_answer", accept=False)
                refused.add(claimer.n)
                checked(conns, 2, game, deals, shown)
            elif roll < 0.4:  # a newcomer's snapshot holds the claim and the chat; the claimer plays on
                late = Seat(client, table_id, None)
                assert late.snapshot["claim"] is not None
                found = frame_leaks(late.snapshot, None, deals, game.deal, shown)
                assert not found, found
                conns.append(late)
                drain_info(conns)
                late.send(type="chat", text=f"claim {claims} waits")
                checked(conns, 1, game, deals)
                claimer.send(type="action", action=bot.choose(game, turn), at=claimer.n)
                checked(conns, 2, game, deals)  # withdrawn, then the card's update
            else:  # the double-dummy value, accepted by every seat asked: the deal ends as claimed
                for i, s in enumerate(asked):
                    seats[s].send(type="claim_answer", accept=True)
                    checked(conns, 1 if i < len(asked) - 1 else 3, game, deals, shown)
                if not asked:  # the claimer plays every hand: accepted at once
                    checked(conns, 3, game, deals, shown)
            frames += 1
            continue
        seats[turn].send(type="action", action=bot.choose(game, turn), at=seats[turn].n)
        checked(conns, 1, game, deals)
        frames += 1
    assert claims > 0 and frames > 0
    steps = sum(replay_leaks(client, table_id, viewer) for viewer in [*seats, conns[len(seats)]])
    assert steps > 0
