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
from websockets.exceptions import ConnectionClosed, InvalidMessage  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.subprocess]

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
            except (OSError, TimeoutError, ConnectionClosed, InvalidMessage):
                pass  # the server was killed under the client (in the handshake: no HTTP answer at all)
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


# ---------------------------------------------------------------- tables, claims and chat through the kills

CHAT_MAX = 40
"""Chat lines a table's client says at most: fewer than the 50 a snapshot carries, so each must be there."""


class Client:
    """One table's person (seat 0, two heuristic bots): his actions, claims and chat, and everything he was told
    (the actions acknowledged, the chat lines and the claim frames received), across the server's lives."""

    def __init__(self, base: str, db: Path, rng: random.Random) -> None:
        self.db, self.rng = db, rng
        self.id = post(f"{base}/api/tables", {"variant": "sochi", "bots": [None, "heuristic", "heuristic"]})["id"]
        self.token = post(f"{base}/api/tables/{self.id}/join", {"seat": 0})["token"]
        self.n = 0
        self.seen: list[tuple[int, str | None]] = []
        self.chat: list[tuple[int | None, str, str]] = []
        self.said = 0
        self.claims: dict[int, dict[str, Any]] = {}
        self.ends: dict[int, str] = {}
        self.refused: set[int] = set()
        self.open: int | None = None  # the claim waiting for answers, as last told
        self.state: dict[str, Any] = {}
        self.busy = False  # a message sent whose answer has not come
        self.failure: BaseException | None = None

    def events(self, msg: dict[str, Any]) -> None:
        events = msg.get("events", [])
        assert [e["number"] for e in events] == list(range(self.n, self.n + len(events))), "a gap"
        self.seen += [(e["seat"], e["action"]) for e in events if e["kind"] in ACTS]
        self.n, self.state = msg["n"], msg["state"]

    def snapshot(self, msg: dict[str, Any]) -> None:
        self.events(msg)
        lines = [(line["seat"], line["name"], line["text"]) for line in msg["chat"]]
        assert subsequence(self.chat, lines), "a chat line received is not in the snapshot"
        waiting = msg["claim"]
        if self.open is not None and claim_row(self.db, self.id, self.open)["outcome"] is None:
            # still waiting in the database now, so it waited when the snapshot was taken
            assert waiting is not None and waiting["id"] == self.open, "a waiting claim is not in the snapshot"
        if waiting is not None:
            told = self.claims.get(waiting["id"], {}).get("answers", {})
            assert all(waiting["answers"][k] == v for k, v in told.items() if v is not None)
            self.claims[waiting["id"]] = waiting
        self.open = None if waiting is None else waiting["id"]
        self.busy = False

    def act(self, ws: Any) -> None:
        state = self.state
        if self.busy or self.open is not None or state.get("over") or state.get("to_act") != 0:
            return
        time.sleep(0.06)  # a person's pace: under the rate limit of 20 messages a second
        if self.said < CHAT_MAX and self.rng.random() < 0.1:
            self.said += 1
            ws.send(json.dumps({"type": "chat", "text": f"line {self.said} at {self.n}"}))
        self.busy = True
        if state["phase"] == "play" and not state["trick"] and self.n not in self.refused and self.rng.random() < 0.4:
            ws.send(json.dumps({"type": "claim"}))
        else:
            ws.send(json.dumps({"type": "action", "action": self.rng.choice(state["legal"]), "at": self.n}))

    def play(self, port: int) -> None:
        """Play until the server dies under the client (or the match ends)."""
        try:
            with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
                ws.send(json.dumps({"type": "hello", "table": self.id, "token": self.token, "since": self.n}))
                while not self.state.get("over"):
                    msg = json.loads(ws.recv(timeout=10))
                    kind = msg["type"]
                    if kind == "welcome":
                        self.token = msg["token"]
                        ws.send(json.dumps({"type": "token_ack"}))
                        self.busy = True  # the snapshot comes next
                    elif kind == "snapshot":
                        self.snapshot(msg)
                    elif kind == "update":
                        self.events(msg)
                        self.busy = False
                    elif kind == "claim":
                        self.claims[msg["claim"]["id"]] = msg["claim"]
                        self.open = msg["claim"]["id"]
                    elif kind == "claim_end":
                        self.ends[msg["id"]] = msg["outcome"]
                        self.open = None
                        self.busy = msg["outcome"] == "accepted"  # the update of its cards comes next
                        if msg["outcome"] == "refused":
                            self.refused.add(self.n)
                    elif kind == "chat":
                        line = msg["line"]
                        self.chat.append((line["seat"], line["name"], line["text"]))
                    elif kind == "error":
                        assert msg["code"] in ("rate_limited", "no_claim"), msg  # a chat line too many; a raspasovka's
                        if msg["code"] == "no_claim":  # talon-led trick
                            self.refused.add(self.n)
                            self.busy = False
                    else:
                        assert kind == "table", msg
                    self.act(ws)
        except (OSError, TimeoutError, ConnectionClosed, InvalidMessage):
            pass  # the server was killed under the client (in the handshake: no HTTP answer at all)
        except BaseException as exc:  # a failed check: the test's thread says it
            self.failure = exc


def subsequence(part: list[Any], whole: list[Any]) -> bool:
    it = iter(whole)
    return all(any(x == y for y in it) for x in part)


def claim_row(db: Path, table_id: str, claim_id: int) -> dict[str, Any]:
    with sqlite3.connect(db) as con:
        row = con.execute("SELECT seat, hand, tricks, at, answers, outcome FROM claims WHERE table_id = ? AND id = ?",
                          (table_id, claim_id)).fetchone()
    assert row is not None, f"claim {claim_id} of {table_id} is not in the database"
    return {"seat": row[0], "hand": row[1], "tricks": row[2], "at": row[3], "answers": json.loads(row[4]),
            "outcome": row[5]}


def check_written(db: Path, c: Client, kill: int) -> int:
    """Everything the client was told is in the database, and its packs are the deals dealt, none ahead, none
    the seed's; the actions written."""
    from preferans.core.engine.game import Game
    from preferans.core.model.cards import parse_card
    from preferans.core.rules.config import config_from_dict

    log = logged(db, c.id)
    assert len(log) >= len(c.seen), f"kill {kill}: {len(c.seen)} actions acknowledged, {len(log)} written"
    for i, (seat, action) in enumerate(c.seen):
        assert log[i][0] == seat and action in (None, log[i][1]), f"kill {kill}: action {i} differs"
    with sqlite3.connect(db) as con:
        lines = [tuple(r) for r in con.execute("SELECT seat, name, text FROM chat WHERE table_id = ? ORDER BY n",
                                               (c.id,))]
        config, seed, first = con.execute("SELECT config, seed, first_dealer FROM tables WHERE id = ?",
                                          (c.id,)).fetchone()
        packs = [tuple(parse_card(x) for x in r[0].split()) for r in con.execute(
            "SELECT pack FROM deals WHERE table_id = ? ORDER BY number", (c.id,))]
    assert subsequence(c.chat, lines), f"kill {kill}: a chat line received is not written"
    for claim_id, told in c.claims.items():
        row = claim_row(db, c.id, claim_id)
        assert (row["seat"], row["hand"], row["tricks"], row["at"]) == (told["seat"], told["hand"], told["tricks"],
                                                                        told["at"]), f"kill {kill}: claim {claim_id}"
        assert all(row["answers"][k] == v for k, v in told["answers"].items() if v is not None), \
            f"kill {kill}: an answer told of claim {claim_id} is not written"
        if claim_id in c.ends:
            assert row["outcome"] == c.ends[claim_id], f"kill {kill}: the end of claim {claim_id}"
    variant = config_from_dict(json.loads(config), "the table's config")
    sim = Game(variant, seed, first, deals=packs)
    for _, action in log:
        sim.apply(action)
    # one pack per deal dealt, the one in play included: none for a deal to come
    assert len(packs) == sim.deal.number + 1, f"kill {kill}: {len(packs)} packs, {sim.deal.number + 1} deals dealt"
    for k in range(len(packs)):
        # the seed's own pack for deal k (the deals before it as dealt): never the deal the table had
        guess = Game(variant, seed, first, deals=packs[:k])
        for _, action in log:
            if guess.deal.number == k:
                break
            guess.apply(action)
        assert guess.deal.number == k and guess.deal.pack != packs[k], f"kill {kill}: the seed predicts deal {k}"
    return len(log)


def test_claims_chat_and_packs_survive_twenty_kills(tmp_path: Path) -> None:
    db, port = tmp_path / "crash.sqlite3", free_port()
    rng = random.Random(21)
    proc = start(db, port)
    base = f"http://127.0.0.1:{port}"
    clients = [Client(base, db, random.Random(rng.random())) for _ in range(2)]
    progress = []
    try:
        for kill in range(KILLS):
            timer = threading.Timer(rng.uniform(0.2, 1.2), os.kill, (proc.pid, signal.SIGKILL))
            timer.start()
            threads = [threading.Thread(target=c.play, args=(port,)) for c in clients]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
            timer.join()
            proc.wait(10)
            for c in clients:
                if c.failure is not None:
                    raise c.failure
            assert proc.returncode == -signal.SIGKILL, f"kill {kill}: the server was not killed"
            progress.append(sum(check_written(db, c, kill) for c in clients))
            proc = start(db, port)  # the same database: the tables are replayed from their logs
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert progress[-1] > progress[0] > 0  # the tables went on across the kills
    assert sum(len(c.claims) for c in clients) > 0 and sum(len(c.chat) for c in clients) > 0
