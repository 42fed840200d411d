"""The server under abuse (docs/protocol.md): every malformed frame answered ``malformed`` with the socket
kept, a busy port refused in one line, the database readable by its owner alone, tables of bots that wait for
somebody to watch, bounded rules, limits on open tables and idle tables closed."""

from __future__ import annotations

import json
import socket
import stat
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from helpers.server_client import Seat, close_all, join, live, new_table  # noqa: E402
from helpers.waiting import wait_until  # noqa: E402
from preferans.core.cli import main  # noqa: E402
from preferans.core.server.app import create_app  # noqa: E402
from preferans.core.server.limits import Limits  # noqa: E402
from preferans.core.server.store import Store  # noqa: E402

# ---------------------------------------------------------------- malformed frames


@pytest.mark.parametrize("raw", [
    "[" * 1000 + "]" * 1000,  # 2 KB nested 1,000 deep: the parser's recursion limit, never reached
    "{" * 1000,
    json.dumps({"type": "ping", "x": [[[[[[[[[[1]]]]]]]]]]}),
    json.dumps({"type": 5}),
    json.dumps({"type": None}),
    json.dumps({"type": ["ping"]}),
    json.dumps({"type": {"ping": 1}}),
    json.dumps({"kind": "ping"}),  # no type at all
    json.dumps({}),
    json.dumps({"type": "ack", "n": 1.5}),
    json.dumps({"type": "ack", "n": True}),
    json.dumps({"type": "sync", "since": "0"}),
    "NaN",
    '"ping"',
    "",
])
def test_every_malformed_frame_is_answered_malformed_and_the_socket_goes_on(client: TestClient, raw: str) -> None:
    table_id = new_table(client, variant="sochi", seed=4)
    seat = Seat(client, table_id, join(client, table_id, 0))
    seat.ws.send_text(raw)
    err = seat.recv_type("error")
    assert err["code"] == "malformed" and err["message"] and "\n" not in err["message"]
    seat.send(type="ping")
    assert seat.recv_type("pong") == {"type": "pong"}


def test_a_deeply_nested_binary_frame_is_malformed_too(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        ws.send_bytes(b"[" * 1500)
        assert ws.receive_json()["code"] == "malformed"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_a_string_type_that_names_no_message_is_unknown_type(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "teleport"})
        assert ws.receive_json()["code"] == "unknown_type"


def test_the_depth_refusal_is_said_in_the_connection_language(client: TestClient) -> None:
    table_id = new_table(client, variant="sochi", seed=4)
    seat = Seat(client, table_id, None, lang="ru")
    seat.ws.send_text("[" * 50)
    assert seat.recv_type("error")["message"] == "испорченный JSON: вложенность глубже 8 уровней"


def test_a_deeply_nested_request_body_is_malformed(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"[" * 5000)
    assert r.status_code == 400 and r.json()["code"] == "malformed"


# ---------------------------------------------------------------- a busy port


def test_a_busy_port_is_one_line_and_exit_2_before_serving(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        db = tmp_path / "t.sqlite3"
        assert main(["serve", "--port", str(port), "--db", str(db)]) == 2
    out, err = capsys.readouterr()
    assert "serving on" not in out
    assert err == f"preferans: serve: port {port} is in use on 127.0.0.1 (choose another with --port)\n"
    assert not db.exists()  # refused before anything was created


# ---------------------------------------------------------------- the database's mode


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_database_and_its_wal_files_are_readable_by_their_owner_alone(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    with TestClient(create_app(db)) as c:
        new_table(c, variant="sochi", seed=1)  # a first write: the WAL and the shared memory exist now
        files = [db, Path(f"{db}-wal"), Path(f"{db}-shm")]
        assert all(f.exists() for f in files)
        assert [_mode(f) for f in files] == [0o600] * 3


def test_an_existing_database_open_to_others_is_narrowed(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    Store(db).close()
    db.chmod(0o644)
    store = Store(db)
    store.create_table({"variant": "sochi", "plugins": [], "rules": {}}, 1, 0, {}, ["A", "B", "C"],
                       [None, None, None])
    assert [_mode(f) for f in (db, Path(f"{db}-wal"), Path(f"{db}-shm"))] == [0o600] * 3
    store.close()


# ---------------------------------------------------------------- bots alone, rules, limits, idle tables

BOTS = ["heuristic"] * 3


def test_a_table_of_bots_waits_until_somebody_watches_and_stops_when_he_goes(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table_id = new_table(client, variant="sochi", seed=2, bots=BOTS)
    table = live(client, table_id)
    # nobody connected: the bots wait. Only the table's bot runner plays for them, and the server starts one only
    # for a table somebody watches: none was started
    assert table.game.history == [] and table_id not in hub.runners
    watcher = Seat(client, table_id, None)
    watcher.recv_type("update")  # now they play
    watcher.close()
    # he went: the runner stops (a bot thinking when he left finishes its action first), and with nobody
    # watching none is started again
    assert wait_until(lambda: hub.runners[table_id].done(), 30), "the bots play on for nobody"
    played = len(table.game.history)
    assert played > 0 and not hub.watched(table)


def test_a_restarted_server_does_not_play_a_table_of_bots_on_its_own(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    with TestClient(create_app(db)) as first:
        table_id = new_table(first, variant="sochi", seed=2, bots=BOTS)
    with TestClient(create_app(db)) as second:
        # started: every table is resumed, and the bots of a table nobody watches get no runner
        assert live(second, table_id).game.history == []
        assert table_id not in second.app.state.hub.runners  # type: ignore[attr-defined]


def test_rules_above_the_server_limits_are_refused_naming_the_key_and_the_limit(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.sqlite3", limits=Limits(pool=100, deals=50))) as c:
        r = c.post("/api/tables", json={"variant": "sochi", "rules": {"pool": 1000000}, "bots": BOTS})
        assert r.status_code == 400 and r.json()["code"] == "bad_table"
        assert r.json()["message"] == "rules.pool: at most 100 on this server, got 1000000"
        r = c.post("/api/tables?lang=de", json={"variant": "balkan", "rules": {"max_deals": 51}})
        assert r.json()["message"] == "rules.max_deals: höchstens 50 auf diesem Server, erhalten 51"
        # a variant that plays to a pool alone ends by the server's last deal
        table_id = new_table(c, variant="sochi", rules={"pool": 100})
        assert live(c, table_id).game.rules.max_deals == 50
        assert live(c, new_table(c, variant="balkan", rules={"max_deals": 7})).game.rules.max_deals == 7


def test_open_tables_are_limited_per_address_and_in_all(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.sqlite3", limits=Limits(tables=3, tables_per_address=2))) as c:
        new_table(c), new_table(c)
        r = c.post("/api/tables", json={})
        assert r.status_code == 429 and r.json() == {
            "type": "error", "code": "too_many_tables",
            "message": "2 open tables were made from your address; at most 2 at once"}
        hub = c.app.state.hub  # type: ignore[attr-defined]
        hub.store.create_table({"variant": "sochi", "plugins": [], "rules": {}}, 1, 0, {}, ["A", "B", "C"],
                               [None] * 3, "192.0.2.1")  # another address's
        with TestClient(create_app(tmp_path / "t.sqlite3", limits=Limits(tables=3, tables_per_address=5))) as d:
            r = d.post("/api/tables?lang=ru", json={})
            assert r.status_code == 429 and r.json()["code"] == "too_many_tables"
            assert r.json()["message"] == "на сервере открыто столов: 3; одновременно не больше 3"


@pytest.mark.slow
def test_an_idle_table_is_deleted_and_a_watched_one_is_kept(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    with TestClient(create_app(db, limits=Limits(idle=0.5))) as c:
        idle = new_table(c, variant="sochi", seed=1)
        kept = new_table(c, variant="sochi", seed=1)
        watcher = Seat(c, kept, None)
        deadline = time.monotonic() + 10
        while c.get(f"/api/tables/{idle}").status_code != 404:
            assert time.monotonic() < deadline, "the idle table was not deleted"
            time.sleep(0.2)
        assert c.get(f"/api/tables/{idle}").json()["code"] == "no_table"
        assert c.get(f"/api/tables/{kept}").status_code == 200
        store = Store(db)
        assert store.table(idle) is None and store.seats(idle) == [] and store.table(kept) is not None
        store.close()
        watcher.send(type="ping")
        assert watcher.recv_type("pong")
        close_all(c)  # an open socket keeps the client waiting


def test_limits_below_1_are_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "t.sqlite3")
    assert main(["serve", "--db", db, "--max-tables-per-address", "0"]) == 2
    assert capsys.readouterr().err == "preferans: --max-tables-per-address 0: expected a whole number 1 or more\n"
    assert main(["serve", "--db", db, "--idle-timeout", "0"]) == 2
    assert capsys.readouterr().err == "preferans: --idle-timeout 0.0: expected seconds, more than 0\n"
