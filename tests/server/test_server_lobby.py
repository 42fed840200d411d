"""The lobby over HTTP (docs/protocol.md, "HTTP: the lobby", "Chat", "Replays"): the list of tables, a creator
seated at once, the rules form, the chat lines, the replays as each asker may see them, and the secret dealing
of a table made without a seed."""

from __future__ import annotations

import json
import sqlite3
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from helpers import paths  # noqa: E402
from helpers.server_client import Seat, close_all, drain_info, join, live, new_table  # noqa: E402
from preferans.core.engine.game import Game  # noqa: E402
from preferans.core.model.cards import CARD_NAMES  # noqa: E402
from preferans.core.server.app import create_app  # noqa: E402

ROOT = paths.ROOT
BOTS = ["heuristic"] * 3
NAMES = ["Anna", "Boris", "Vera"]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "t.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, rate=1e6, burst=1e6)) as c:
        yield c
        close_all(c)


def watch_to_the_end(client: TestClient, table_id: str) -> Seat:
    """A spectator watches a table of bots until its match is over (the bots play only while watched)."""
    watcher = Seat(client, table_id, None)
    while not watcher.state["over"]:
        watcher.recv()
    return watcher


# ---------------------------------------------------------------- the list of tables


def test_the_list_has_the_open_tables_newest_first_with_free_seats_and_watchers(client: TestClient) -> None:
    older = new_table(client, variant="sochi", seed=1, names=NAMES)
    newer = new_table(client, variant="sochi", seed=2, names=NAMES, bots=[None, "heuristic", None])
    join(client, newer, 2)
    spectator = Seat(client, older, None)
    tables = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in tables] == [newer, older]
    first, second = tables
    # newer: seat 1 is a bot's, seat 2 was taken by a join: only seat 0 is free for a person
    assert first["free"] == [0] and first["variant"] == "sochi" and first["players"] == 3 and first["over"] is False
    assert [(s["seat"], s["name"], s["bot"], s["held"]) for s in first["seats"]] == [
        (0, "Anna", None, False), (1, "Boris", "heuristic", False), (2, "Vera", None, True)]
    assert (first["watchers"], first["deal"]) == (0, 0)
    assert second["free"] == [0, 1, 2] and second["watchers"] == 1  # the spectator's hello counts
    spectator.close()
    assert client.get("/api/tables").json()["tables"][1]["watchers"] == 0
    assert client.get("/api/tables?over=1").json()["tables"] == []  # none is finished


def test_a_finished_match_is_listed_with_over_1_only(client: TestClient) -> None:
    done = new_table(client, variant="sochi", seed=3, bots=BOTS, rules={"max_deals": 1})
    running = new_table(client, variant="sochi", seed=4)
    watch_to_the_end(client, done).close()
    assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [running]
    over = client.get("/api/tables?over=1").json()["tables"]
    assert [t["id"] for t in over] == [done] and over[0]["over"] is True


def test_sit_seats_the_creator_and_holds_the_seat(client: TestClient) -> None:
    r = client.post("/api/tables", json={"variant": "sochi", "seed": 5, "sit": {"seat": 1, "name": "Olga"}})
    assert r.status_code == 201
    body = r.json()
    assert body["seat"] == 1 and isinstance(body["token"], str) and body["token"]
    assert body["table"]["seats"][1]["held"] is True and body["table"]["seats"][1]["name"] == "Olga"
    taken = client.post(f"/api/tables/{body['id']}/join", json={"seat": 1, "name": "Ivan"})
    assert taken.status_code == 409 and taken.json()["code"] == "seat_taken"
    seat = Seat(client, body["id"], body["token"])  # the token holds seat 1
    assert seat.seat == 1


def test_sit_on_a_bot_seat_is_refused(client: TestClient) -> None:
    r = client.post("/api/tables", json={"variant": "sochi", "bots": [None, "heuristic", None], "sit": {"seat": 1}})
    assert r.status_code == 400 and r.json()["code"] == "bad_table"
    assert client.get("/api/tables").json()["tables"] == []  # nothing was made


def test_the_rules_form_defaults_are_the_preset_values(client: TestClient) -> None:
    preset = tomllib.loads((ROOT / "variants" / "sochi" / "preset.toml").read_text())
    form = client.get("/api/variants/sochi/schema").json()
    fields = {f["key"]: f for f in form["fields"]}
    assert fields["pool"]["default"] == preset["rules"]["pool"] == 20
    assert fields["whist.rate"]["default"] == preset["rules"]["whist"]["rate"]
    assert form["name"] == "sochi" and form["players"] == 3
    r = client.get("/api/variants/nope/schema")
    assert r.status_code == 404 and r.json()["code"] == "no_variant"


# ---------------------------------------------------------------- chat


def spectator(client: TestClient, table_id: str, name: str | None = None) -> Any:
    """A raw spectator socket (its hello may carry a ``name``), welcome and snapshot read; the snapshot."""
    cm = client.websocket_connect("/ws")
    ws = cm.__enter__()
    hello: dict[str, Any] = {"type": "hello", "table": table_id}
    if name is not None:
        hello["name"] = name
    ws.send_json(hello)
    assert ws.receive_json()["type"] == "welcome"
    snapshot = ws.receive_json()
    assert snapshot["type"] == "snapshot"
    return cm, ws, snapshot


def chat_line(ws: Any) -> dict[str, Any]:
    while True:
        frame = ws.receive_json() if not isinstance(ws, Seat) else ws.recv()
        if frame["type"] in ("chat", "error"):
            return dict(frame)


def test_a_chat_line_reaches_everyone_signed_and_cleaned(client: TestClient) -> None:
    table_id = new_table(client, variant="sochi", seed=6, names=NAMES)
    seats = [Seat(client, table_id, join(client, table_id, s)) for s in range(3)]
    cm, kim, _ = spectator(client, table_id, "Kim")
    drain_info(seats)
    seats[1].send(type="chat", text="  good\x00 luck\x07\tall\n ")
    # control characters (NUL, BEL, TAB, LF) are removed, the line trimmed; Boris is seat 1's name
    for frame in [chat_line(s) for s in seats] + [chat_line(kim)]:
        assert frame["type"] == "chat"
        line = frame["line"]
        assert (line["seat"], line["name"], line["text"]) == (1, "Boris", "good luckall")
    kim.send_json({"type": "chat", "text": "x" * 250})  # cut to 200
    for frame in [chat_line(s) for s in seats] + [chat_line(kim)]:
        assert frame["line"] == {**frame["line"], "seat": None, "name": "Kim", "text": "x" * 200}
    seats[0].send(type="chat", text="\x01\x02 ")  # nothing left: empty
    assert chat_line(seats[0])["code"] == "malformed"
    cm.__exit__(None, None, None)


def test_the_sixth_line_of_a_burst_is_rate_limited(client: TestClient) -> None:
    table_id = new_table(client, variant="sochi", seed=6)
    seat = Seat(client, table_id, join(client, table_id, 0))
    for i in range(5):  # a burst of five is allowed
        seat.send(type="chat", text=f"line {i}")
        assert chat_line(seat)["line"]["text"] == f"line {i}"
    seat.send(type="chat", text="one more")
    assert chat_line(seat)["code"] == "rate_limited"


def test_a_new_connection_gets_the_last_fifty_lines(client: TestClient) -> None:
    table_id = new_table(client, variant="sochi", seed=6)
    said = []
    for k in range(11):  # 55 lines, five from each of eleven spectators (each its own burst)
        cm, ws, _ = spectator(client, table_id, f"S{k}")
        for i in range(5):
            ws.send_json({"type": "chat", "text": f"{k}.{i}"})
            said.append(f"{k}.{i}")
            assert chat_line(ws)["line"]["text"] == f"{k}.{i}"
        cm.__exit__(None, None, None)
    cm, _, snapshot = spectator(client, table_id)
    cm.__exit__(None, None, None)
    assert [line["text"] for line in snapshot["chat"]] == said[-50:]  # the last 50, oldest first
    assert snapshot["chat"][-1]["name"] == "S10"


# ---------------------------------------------------------------- replays


def test_a_replay_of_a_running_table_shows_each_asker_only_what_he_may_see(client: TestClient) -> None:
    table_id = new_table(client, variant="sochi", seed=7)
    seats = [Seat(client, table_id, join(client, table_id, s)) for s in range(3)]
    drain_info(seats)
    dealt = {s.seat: s.snapshot["state"]["hands"][str(s.seat)] for s in seats}
    for _ in range(2):  # two passes of the auction
        mover = seats[seats[0].state["to_act"]]
        mover.send(type="action", action="pass", at=mover.n)
        for s in seats:
            s.recv_type("update")
    r = client.get(f"/api/tables/{table_id}/replay?deal=0")
    assert r.status_code == 200
    body = r.json()
    assert (body["view"], body["seat"], body["deals"], body["over"]) == ("spectator", None, 1, False)
    assert [step["action"] for step in body["steps"]] == [None, "pass", "pass"]
    # in the auction no hand is open and the talon lies face down: a spectator sees no card
    for step in body["steps"]:
        assert step["state"]["hands"] == {} and step["state"]["talon"] is None
    token = seats[2].token
    mine = client.get(f"/api/tables/{table_id}/replay", params={"deal": "0", "token": token}).json()
    assert (mine["view"], mine["seat"]) == ("seat", 2)
    for step in mine["steps"]:  # seat 2's own hand as dealt, and no other
        assert step["state"]["hands"] == {"2": dealt[2]} and step["state"]["talon"] is None


def test_a_replay_of_a_finished_match_shows_everything(client: TestClient) -> None:
    table_id = new_table(client, variant="sochi", seed=8, bots=BOTS, rules={"max_deals": 1})
    watch_to_the_end(client, table_id).close()
    body = client.get(f"/api/tables/{table_id}/replay?deal=0").json()
    assert body["view"] == "all" and body["over"] is True and body["deals"] == 1  # one deal: the match's only
    first = body["steps"][0]["state"]
    pack = live(client, table_id).game.deal.pack
    assert sorted(first["hands"]) == ["0", "1", "2"] and all(len(h) == 10 for h in first["hands"].values())
    # the three hands and the talon, as dealt, are the 32 cards of the pack
    shown = [c for h in first["hands"].values() for c in h] + first["talon"]
    assert sorted(shown) == sorted(CARD_NAMES[c] for c in pack)
    assert client.get(f"/api/tables/{table_id}/replay?deal=1").json()["code"] == "bad_deal"


def test_replay_refusals(client: TestClient) -> None:
    table_id = new_table(client, variant="sochi", seed=9)
    for deal in ("1", "x", "-1"):
        r = client.get(f"/api/tables/{table_id}/replay", params={"deal": deal})
        assert r.status_code == 400 and r.json()["code"] == "bad_deal"
    r = client.get(f"/api/tables/{table_id}/replay", params={"deal": "0", "token": "not-a-token"})
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    assert client.get("/api/tables/nope/replay?deal=0").json()["code"] == "no_table"


# ---------------------------------------------------------------- secret dealing


def rows(db: Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as con:
        return list(con.execute(sql, args))


def test_a_table_without_a_seed_stores_each_pack_as_it_is_dealt(client: TestClient, db: Path) -> None:
    table_id = new_table(client, variant="sochi", bots=BOTS, rules={"max_deals": 2})
    ((settings, seed, first),) = rows(db, "SELECT settings, seed, first_dealer FROM tables WHERE id = ?", table_id)
    assert json.loads(settings).get("secret_deals") is True
    packs = rows(db, "SELECT number, pack FROM deals WHERE table_id = ? ORDER BY number", table_id)
    game = live(client, table_id).game
    assert [n for n, _ in packs] == [0]  # only the first deal is dealt yet
    assert packs[0][1].split() == [CARD_NAMES[c] for c in game.deal.pack]  # the table's real deal
    # the seed names the table but does not deal it: the seed's own first pack is another
    assert Game(game.variant, seed, first).deal.pack != game.deal.pack
    watch_to_the_end(client, table_id).close()
    packs = rows(db, "SELECT number, pack FROM deals WHERE table_id = ? ORDER BY number", table_id)
    assert [n for n, _ in packs] == [0, 1]  # two deals dealt, two packs; no third
    assert [p.split() for _, p in packs] == [[CARD_NAMES[c] for c in pack] for pack in game.packs()]
