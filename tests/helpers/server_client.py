"""Helpers of the server tests: a table made through the lobby, and seats joined over Starlette's test client."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from preferans.core.server.table import LiveTable


def new_table(client: TestClient, **body: Any) -> str:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    table_id: str = r.json()["id"]
    return table_id


def join(client: TestClient, table_id: str, seat: int, name: str | None = None) -> str:
    body: dict[str, Any] = {"seat": seat}
    if name is not None:
        body["name"] = name
    r = client.post(f"/api/tables/{table_id}/join", json=body)
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def live(client: TestClient, table_id: str) -> LiveTable:
    """The server's own table (the full game), for checking what it sent."""
    table = client.app.state.hub.tables.get(table_id)  # type: ignore[attr-defined]
    assert table is not None
    return table


class Seat:
    """One seat's socket: hello, then the welcome and the snapshot read; ``token`` is the newest one."""

    def __init__(self, client: TestClient, table_id: str, token: str | None, since: int | None = None,
                 confirm: bool = True, lang: str | None = None) -> None:
        self.cm = client.websocket_connect("/ws")
        self.ws = self.cm.__enter__()
        self.closed = False
        OPEN.setdefault(id(client), []).append(self)
        self.frames: list[dict[str, Any]] = []
        hello: dict[str, Any] = {"type": "hello", "table": table_id}
        if token is not None:
            hello["token"] = token
        if since is not None:
            hello["since"] = since
        if lang is not None:
            hello["lang"] = lang
        self.ws.send_json(hello)
        welcome = self.recv()
        assert welcome["type"] == "welcome", welcome
        self.seat: int | None = welcome["seat"]
        self.token: str | None = welcome["token"]
        if confirm and token is not None:
            self.ws.send_json({"type": "token_ack"})
        self.snapshot = self.recv()
        assert self.snapshot["type"] == "snapshot", self.snapshot
        self.state: dict[str, Any] = self.snapshot["state"]
        self.n: int = self.snapshot["n"]

    def recv(self) -> dict[str, Any]:
        frame: dict[str, Any] = self.ws.receive_json()
        self.frames.append(frame)
        if frame["type"] in ("update", "snapshot"):
            self.state, self.n = frame["state"], frame["n"]
        return frame

    def recv_type(self, *types: str) -> dict[str, Any]:
        """The next frame of one of ``types`` (the ``table`` notices of seats coming and going skipped)."""
        while True:
            frame = self.recv()
            if frame["type"] in types:
                return frame

    def update(self) -> dict[str, Any]:
        """The next ``update``; an error on the way fails the test (it would leave the caller waiting)."""
        frame = self.recv_type("update", "error")
        assert frame["type"] == "update", frame
        return frame

    def send(self, **message: Any) -> None:
        self.ws.send_json(message)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.cm.__exit__(None, None, None)


OPEN: dict[int, list[Seat]] = {}
"""The sockets each test client opened: closed before the client stops (an open one keeps it waiting)."""


def close_all(client: TestClient) -> None:
    for seat in OPEN.pop(id(client), []):
        seat.close()


def drain_info(seats: list[Seat]) -> None:
    """Read each seat's pending ``table`` notices by a ping round trip (frames come in order)."""
    for s in seats:
        s.send(type="ping")
        s.recv_type("pong")
