"""Hints at the online table (docs/protocol.md, "Hints"): the ``hint`` message of the seat to act, answered by
the hard bot's best moves, to that connection alone; refusals with their codes; one hint at a time per
connection and a bounded queue on the server; no card the seat cannot see, and the same hint in two games
that differ only in the cards it cannot see.

The hard bot runs with ``hint_options="samples=4:nodes=100000000:min_samples=1"`` (four layouts, no node cap:
the tests' small budget, the same as tests/ai/test_pimc.py's, so the hints do not depend on the machine)."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from helpers.deals import GAME_ACTIONS, GAME_HANDS, GAME_TALON, rigged, swapped  # noqa: E402
from helpers.hidden import hidden, strings  # noqa: E402
from helpers.server_client import Seat, close_all, drain_info, join, live, new_table  # noqa: E402
from preferans.core.ai.bots import HeuristicBot  # noqa: E402
from preferans.core.ai.levels import make_level  # noqa: E402
from preferans.core.server import hint as hint_module  # noqa: E402
from preferans.core.server.app import create_app  # noqa: E402
from preferans.core.server.table import LiveTable  # noqa: E402

SMALL = "samples=4:nodes=100000000:min_samples=1"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "t.sqlite3", rate=1e6, burst=1e6, hint_options=SMALL)) as c:
        yield c
        close_all(c)


def people(client: TestClient, seed: int = 5, variant: str = "sochi", **body: Any) -> tuple[str, list[Seat]]:
    table_id = new_table(client, variant=variant, seed=seed, **body)
    table = live(client, table_id)
    seats = [Seat(client, table_id, join(client, table_id, s)) for s in range(table.game.n_players)]
    drain_info(seats)
    return table_id, seats


def step(table: LiveTable, seats: list[Seat], watchers: Sequence[Seat] = ()) -> None:
    """The heuristic bot's action for the seat to act; every connection reads the update."""
    game = table.game
    turn = game.current_player
    seats[turn].send(type="action", action=HeuristicBot().choose(game, turn))
    for s in [*seats, *watchers]:
        s.update()


def ask(seat: Seat) -> dict[str, Any]:
    seat.send(type="hint")
    return seat.recv_type("hint", "error")


def no_hint_frames(seats: list[Seat]) -> None:
    """None of ``seats`` got another seat's hint: each reads to a pong (frames come in order); a spectator has
    no ``hint`` frame, a seat only its own (asked at an earlier turn)."""
    drain_info(seats)
    for s in seats:
        assert [f for f in s.frames if f["type"] == "hint" and (s.seat is None or f["seat"] != s.seat)] == []


def test_the_seat_to_act_gets_legal_moves_and_numbers_and_nobody_else_sees_them(client: TestClient) -> None:
    table_id, seats = people(client)
    watcher = Seat(client, table_id, None)
    table = live(client, table_id)
    game = table.game
    # the auction: the calls the hard bot valued, its own first, each with the seat's expected settlement in
    # the variant's unit (Sochi: whists; the page's label in the connection's language, English here)
    turn = game.current_player
    got = ask(seats[turn])
    assert got["type"] == "hint" and got["n"] == table.n and got["seat"] == turn and got["phase"] == "auction"
    assert got["measure"] == "settlement" and got["better"] == "more"
    assert got["unit"] == "whists" and got["unit_label"] == "whists"
    assert 2 <= len(got["moves"]) <= 3 and {m["action"] for m in got["moves"]} <= set(game.legal_actions())
    assert got["moves"][0]["action"] == make_level("hard", game.seed, turn, SMALL, trusted=True).choose(game, turn)
    values = [m["value"] for m in got["moves"]]
    assert all(isinstance(v, float) for v in values) and values == sorted(values, reverse=True)
    # the same moment asked from a second tab of the seat in Russian: the same hint, its unit in Russian (the
    # Russian family's catalogue: "whists" -> "висты")
    tab = Seat(client, table_id, seats[turn].token, lang="ru")
    again = ask(tab)
    assert again["unit_label"] == "висты" and {**again, "unit_label": "whists"} == got
    tab.close()
    no_hint_frames([s for s in seats if s.seat != turn] + [watcher])
    assert all(f["type"] != "hint" for s in seats if s.seat != turn for f in s.frames)  # none asked yet
    # the play: the moves are legal cards of the hand to play, best first, each with the tricks expected (in
    # a raspasovka, as this seed's first deal is: the seat's expected settlement, the max-n search's)
    while game.phase.value != "play" or len(game.legal_actions()) < 2:
        step(table, seats, [watcher])
    turn = game.current_player
    got = ask(seats[turn])
    legal = game.legal_actions()
    rasp = game.deal.all_pass
    assert got["phase"] == "play" and got["measure"] == ("settlement" if rasp else "tricks")
    assert got["better"] in (("more",) if rasp else ("more", "fewer"))
    assert 1 <= len(got["moves"]) <= 3 and len({m["action"] for m in got["moves"]}) == len(got["moves"])
    for move in got["moves"]:
        assert move["action"] in legal
        value = move["value"]
        assert isinstance(value, (int, float)) and not isinstance(value, bool)
        assert rasp or 0 <= value <= 10  # tricks of a ten-trick deal
    no_hint_frames([s for s in seats if s.seat != turn] + [watcher])


def test_the_declarer_with_nine_sure_tricks_is_told_nine(client: TestClient) -> None:
    # tests/ai/test_pimc.py's deal: seat 1 declares six spades holding AS KS QS JS 10S AC KC AD KD and 9H (7H 8H
    # discarded). Leading trumps draws the three missing ones (987) in at most three rounds, in any layout;
    # then the ace-kings of clubs and diamonds stand: 5 + 2 + 2 = 9 tricks. The 9H is always lost: the
    # defenders hold the five higher hearts (AH KH QH JH 10H) and keep one. So every layout gives a trump
    # lead 9 tricks and no card more than 9: the best move's expected value is exactly 9.0, a spade.
    table_id = new_table(client, variant="sochi", seed=1)
    table = live(client, table_id)
    table.game = rigged(table.game.variant, GAME_HANDS, GAME_TALON)
    table.n = len(table.game.events_for(None))
    seats = [Seat(client, table_id, join(client, table_id, s)) for s in range(3)]
    drain_info(seats)
    for action in GAME_ACTIONS:
        seats[table.game.current_player].send(type="action", action=action)
        for s in seats:
            s.update()
    assert table.game.phase.value == "play" and table.game.current_player == 1
    got = ask(seats[1])
    assert got["measure"] == "tricks" and got["better"] == "more"
    best = got["moves"][0]
    assert best["value"] == 9.0 and best["action"].endswith("S")
    assert all(m["value"] <= 9.0 for m in got["moves"])


def test_a_spectator_a_seat_out_of_turn_and_a_finished_match_get_error_codes(client: TestClient) -> None:
    table_id, seats = people(client)
    table = live(client, table_id)
    watcher = Seat(client, table_id, None)
    assert ask(watcher)["code"] == "spectator"
    other = next(s for s in seats if s.seat != table.game.current_player)
    err = ask(other)
    assert err["code"] == "not_your_turn" and f"seat {other.seat}'s" in err["message"]
    # a one-deal match, played out: nobody is to act any more
    table_id, seats = people(client, seed=3, rules={"max_deals": 1})
    table = live(client, table_id)
    while not table.game.is_terminal:
        step(table, seats)
    assert ask(seats[0])["code"] == "over"
    no_hint_frames([*seats, watcher])


def test_an_error_in_another_language_keeps_its_code(client: TestClient) -> None:
    # the ru text is the catalogue's (core/locale/ru/LC_MESSAGES/preferans-errors.po), copied unchecked
    table_id = new_table(client, variant="sochi", seed=5)
    watcher = Seat(client, table_id, None, lang="ru")
    err = ask(watcher)
    assert err["code"] == "spectator" and err["message"] == "зрителю подсказки не даются"


class Gate:
    """Stands in for the hint's work: each call waits until the test opens the gate (so a hint is surely
    running when the next request comes), and is counted."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.calls = 0
        self.real = hint_module.hint_body

    def __call__(self, game: Any, seat: int, options: str = "") -> dict[str, Any]:
        self.calls += 1
        assert self.open.wait(30)
        return self.real(game, seat, options)


def test_one_hint_at_a_time_a_bounded_queue_and_the_same_moment_from_memory(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate()
    monkeypatch.setattr(hint_module, "hint_body", gate)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.hints.queue = 1  # the server takes one hint at a time in this test
    table_id, seats = people(client)
    table = live(client, table_id)
    mover = seats[table.game.current_player]
    mover.send(type="hint")
    err = ask(mover)  # the first is still running: refused
    assert err["code"] == "hint_running"
    twin = Seat(client, table_id, mover.token)  # the same seat in a second tab: refused too
    assert ask(twin)["code"] == "hint_running"
    # a seat of another table, to act there: the server's queue is full
    other_id, others = people(client, seed=6)
    second = live(client, other_id).game.current_player
    err = ask(others[second])
    assert err["code"] == "hints_busy" and "(1)" in err["message"]
    gate.open.set()
    first = mover.recv_type("hint")
    assert first["n"] == table.n and gate.calls == 1
    assert ask(mover) == first and gate.calls == 1  # the same moment again: from memory, no work
    drain_info([twin])
    assert [f for f in twin.frames if f["type"] == "hint"] == []  # the hint went to the connection that asked
    assert ask(others[second])["type"] == "hint" and gate.calls == 2  # the queue is free again


def test_a_hint_of_a_moment_gone_says_its_moment(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # the table moves on while the hint is worked out: the frame still comes, with the n it was asked at,
    # which the client compares with its own (the page drops it)
    gate = Gate()
    monkeypatch.setattr(hint_module, "hint_body", gate)
    table_id, seats = people(client)
    table = live(client, table_id)
    asked_at = table.n
    mover = seats[table.game.current_player]
    mover.send(type="hint")
    mover.send(type="ping")
    mover.recv_type("pong")  # the hint was taken (its worker waits at the gate)
    step(table, seats)
    gate.open.set()
    frame = mover.recv_type("hint")
    assert frame["n"] == asked_at < table.n


# ---------------------------------------------------------------- what a hint shows


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "seed", "rules"), [
    ("sochi", 8, {}), ("serbian", 13, {}), ("illustrated", 8, {}), ("sochi", 8, {"players": 4})])
def test_hint_frames_name_no_card_the_seat_cannot_see(client: TestClient, variant: str, seed: int,
                                                      rules: dict[str, int]) -> None:
    # the seat to act asks for a hint at every decision of the first deal (one of each family, and Sochi with
    # four players, the dealer sitting out); every string of every hint frame is checked against the cards
    # hidden from that seat at that moment. The seeds are deals the heuristic bots play out (not passed).
    table_id, seats = people(client, seed=seed, variant=variant, rules=rules)
    table = live(client, table_id)
    game = table.game
    phases = set()
    while game.deal.number == 0 and not game.is_terminal:
        turn = game.current_player
        frame = ask(seats[turn])
        assert frame["type"] == "hint", frame
        bad = hidden(game.deal, turn)
        assert not [c for c in strings(frame, set()) if c in bad], (variant, frame)
        phases.add((frame["phase"], frame["measure"]))
        if frame["measure"] == "settlement":  # the variant's own unit (whists, points, stakes), figures numeric
            assert frame["unit"] == game.settlement().unit and frame["better"] == "more"
            assert all(isinstance(m["value"], float) for m in frame["moves"])
        step(table, seats)
    # a call's figures where the hard bot plays calls out: every call in Sochi, the declaration alone in the
    # Balkan and Austrian families (their presets' `[bots] hard_calls = 2`); the others are pimc's choice
    called = "auction" if variant == "sochi" else "declare"
    assert ("play", "tricks") in phases and (called, "settlement") in phases
    if variant != "sochi":
        assert ("auction", "settlement") not in phases and ("auction", "choice") in phases


def rigged_table(client: TestClient, hands: dict[int, str]) -> tuple[LiveTable, list[Seat]]:
    table_id = new_table(client, variant="sochi", seed=1)
    table = live(client, table_id)
    table.game = rigged(table.game.variant, hands, GAME_TALON)
    table.n = len(table.game.events_for(None))
    seats = [Seat(client, table_id, join(client, table_id, s)) for s in range(3)]
    drain_info(seats)
    return table, seats


def test_two_games_differing_only_in_unseen_cards_give_seat_1_the_same_hints(client: TestClient) -> None:
    # tests/ai/test_pimc.py's deal and the same deal with the hands of seats 2 and 0 swapped: seat 1 sees neither,
    # so at each of its decisions (the first call, the discard, the declaration, the first lead; and the
    # first card of a raspasovka) its hint is the same, figures included
    other = swapped(GAME_HANDS, 2, 0)
    for script in (GAME_ACTIONS, ["pass", "pass", "pass"]):
        a, seats_a = rigged_table(client, GAME_HANDS)
        b, seats_b = rigged_table(client, other)
        assert a.game.hand(2) != b.game.hand(2)
        kinds = set()
        for action in [*script, None]:
            if a.game.current_player == 1:
                got_a, got_b = ask(seats_a[1]), ask(seats_b[1])
                assert got_a["type"] == "hint" and got_a == got_b
                kinds.add((got_a["phase"], got_a["measure"]))
            if action is None:
                break
            for table, seats in ((a, seats_a), (b, seats_b)):
                seats[table.game.current_player].send(type="action", action=action)
                for s in seats:
                    s.update()
        for s in [*seats_a, *seats_b]:
            s.close()
        if script is GAME_ACTIONS:
            assert {"auction", "discard", "declare", "play"} == {p for p, _ in kinds}
            assert ("play", "tricks") in kinds  # the lead's hint was worked out from the layouts
        else:  # the raspasovka: seat 1 follows the talon's 9H with its one heart, 7H (no choice)
            assert kinds == {("auction", "settlement"), ("play", "choice")}


def test_a_hint_that_fails_is_an_error_and_the_table_goes_on(client: TestClient,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game: Any, seat: int, options: str = "") -> dict[str, Any]:
        raise RuntimeError("the solver fell over")

    monkeypatch.setattr(hint_module, "hint_body", broken)
    table_id, seats = people(client)
    table = live(client, table_id)
    assert ask(seats[table.game.current_player])["code"] == "hint_failed"
    step(table, seats)  # still playing
    assert len(table.game.history) == 1
