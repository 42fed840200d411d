"""A bot thinks off the server's event loop: while a table's bot works out its move, the server answers the
other connections (a hard bot may take a second a decision; before, it held every table for that long)."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from helpers.server_client import Seat, join, new_table  # noqa: E402
from preferans.core.engine.game import Game  # noqa: E402
from preferans.core.server.table import LiveTable  # noqa: E402


class GatedBot:
    """Plays the first legal action, but only once the test opens the gate (or 10 s have passed)."""

    def __init__(self, gate: threading.Event, seen: list[bool]) -> None:
        self.gate, self.seen = gate, seen

    def choose(self, game: Game, seat: int) -> str:
        self.seen.append(self.gate.wait(10))  # False: nobody opened it, the loop was held while we waited
        return game.legal_actions()[0]


def test_the_server_answers_while_a_bot_thinks(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    gate, seen = threading.Event(), list[bool]()
    bot = GatedBot(gate, seen)
    original = LiveTable.bot_for
    monkeypatch.setattr(LiveTable, "bot_for", lambda self, seat: bot if seat == 1 else original(self, seat))
    # Sochi deals from seat 0, so seat 1 (a bot) speaks first and starts thinking as soon as the table is up
    table_id = new_table(client, variant="sochi", seed=5, bots=[None, "heuristic", "heuristic"])
    anna = Seat(client, table_id, join(client, table_id, 0))
    anna.send(type="ping")
    assert anna.recv_type("pong")["type"] == "pong"  # answered while the bot still waits at its gate
    gate.set()
    update = anna.update()
    assert update["events"][0]["seat"] == 1  # the bot's call, once it was let through
    assert seen and seen[0] is True  # the gate was opened by this test, not by the 10 s timeout
