"""Crash safety: the server process is killed (SIGKILL) at random moments while a client plays, restarted on the
same database, and the table goes on from the last acknowledged action; none is lost, over 20 kills.

An action is acknowledged when the client is sent an update carrying it; the server writes and commits it
before it sends any (store.py), so every action a client has seen must be in the database and replayed by the
restarted server, in the same place of the log."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")
from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

KILLS = 20
ACTS = ("call", "discard", "declare", "defence", "card")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(db: Path, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-m", "preferans.core.cli", "serve", "--port", str(port),
                             "--db", str(db)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            if proc.poll() is not None:
                said = proc.stderr.read().decode() if proc.stderr else ""
                raise AssertionError(f"the server exited: {said}") from None
            time.sleep(0.05)
    proc.kill()
    raise AssertionError("the server did not start in 30 s")


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:  # noqa: S310 - the test's own server
        data: dict[str, Any] = json.loads(r.read())
        return data


def logged(db: Path, table_id: str) -> list[tuple[int, str]]:
    with sqlite3.connect(db) as con:
        return [(r[0], r[1]) for r in con.execute("SELECT seat, action FROM actions WHERE table_id = ? ORDER BY n",
                                                  (table_id,))]


def test_no_acknowledged_action_is_lost_over_twenty_kills(tmp_path: Path) -> None:
    db, port = tmp_path / "crash.sqlite3", free_port()
    rng = random.Random(20)
    proc = start(db, port)
    base = f"http://127.0.0.1:{port}"
    bots = [None, "heuristic", "heuristic"]
    table_id = post(f"{base}/api/tables", {"variant": "sochi", "seed": 9, "bots": bots})["id"]
    token = post(f"{base}/api/tables/{table_id}/join", {"seat": 0})["token"]
    seen: list[tuple[int, str | None]] = []  # every action the client was told of, in order (None: hidden)
    n = 0  # events seen
    progress = []
    try:
        for kill in range(KILLS):
            timer = threading.Timer(rng.uniform(0.05, 0.8), os.kill, (proc.pid, signal.SIGKILL))
            timer.start()
            try:
                with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
                    ws.send(json.dumps({"type": "hello", "table": table_id, "token": token, "since": n}))
                    while True:
                        msg = json.loads(ws.recv(timeout=10))
                        if msg["type"] == "welcome":
                            token = msg["token"]
                            ws.send(json.dumps({"type": "token_ack"}))
                            continue
                        if msg["type"] not in ("snapshot", "update"):
                            assert msg["type"] == "table", msg
                            continue
                        events = msg.get("events", [])
                        assert [e["number"] for e in events] == list(range(n, n + len(events))), "a gap"
                        seen += [(e["seat"], e["action"]) for e in events if e["kind"] in ACTS]
                        n = msg["n"]
                        state = msg["state"]
                        if state["over"]:
                            break
                        if state["to_act"] == 0:
                            time.sleep(0.06)  # a person's pace: under the rate limit of 20 a second
                            ws.send(json.dumps({"type": "action", "action": rng.choice(state["legal"]), "at": n}))
            except (OSError, TimeoutError, ConnectionClosed):
                pass  # the server was killed under the client
            timer.join()
            proc.wait(10)
            assert proc.returncode == -signal.SIGKILL, f"kill {kill}: the server was not killed"
            log = logged(db, table_id)
            assert len(log) >= len(seen), f"kill {kill}: {len(seen)} actions acknowledged, {len(log)} written"
            for i, (seat, action) in enumerate(seen):
                assert log[i][0] == seat and action in (None, log[i][1]), f"kill {kill}: action {i} differs"
            progress.append(len(log))
            proc = start(db, port)  # the same database: the table is replayed from its log
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert progress[-1] > progress[0] > 0  # the table went on across the kills
