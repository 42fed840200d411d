"""A table's seed (docs/protocol.md, "Creating a table"): without a chosen seed a table gets a random one of 63
bits, too many for a player who knows his own hand to search for the deal (2**31 seeds he could search in
hours); a chosen seed is refused outside 0 .. 2**63 - 1, what the store's signed 64-bit INTEGER keeps, in one
translated line; and a table dealt from a chosen seed says so in its public info, since its creator can know
every hand."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from helpers.server_client import Seat, drain_info, join, live, new_table  # noqa: E402
from preferans.core.server import lobby  # noqa: E402

TOP = 2**63 - 1  # 9223372036854775807, the largest signed 64-bit integer


def test_a_table_without_a_seed_gets_63_random_bits(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def randbits(k: int) -> int:
        asked.append(k)
        return TOP  # the largest the draw can give: the store must keep it exactly

    monkeypatch.setattr(lobby.secrets, "randbits", randbits)
    table_id = new_table(client, variant="sochi")
    assert asked == [63]
    assert live(client, table_id).row.seed == TOP
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["seed_chosen"] is False
    assert "seed_chosen" not in info["settings"]  # a fact of the table, not a setting a client could send


def test_the_default_seeds_are_not_below_2_31(client: TestClient) -> None:
    # four tables of real random seeds: each is below 2**31 with probability 2**-32, so all four with 2**-128
    seeds = [live(client, new_table(client, variant="sochi")).row.seed for _ in range(4)]
    assert all(0 <= s <= TOP for s in seeds)
    assert any(s >= 2**31 for s in seeds)


def test_a_chosen_seed_is_said_in_the_public_info(client: TestClient) -> None:
    table_id = new_table(client, variant="sochi", seed=TOP)  # the largest seed is taken and kept
    assert live(client, table_id).row.seed == TOP
    assert client.get(f"/api/tables/{table_id}").json()["seed_chosen"] is True
    seat = Seat(client, table_id, join(client, table_id, 0))  # and every seat's snapshot carries it
    drain_info([seat])
    assert seat.snapshot["table"]["seed_chosen"] is True
    # a seed of 63 bits deals as any other: ten cards, and the same seed the same hand at another table
    again = new_table(client, variant="sochi", seed=TOP)
    other = Seat(client, again, join(client, again, 0))
    assert len(seat.state["hands"]["0"]) == 10
    assert other.state["hands"]["0"] == seat.state["hands"]["0"]


def test_a_seed_outside_the_store_is_one_translated_line(client: TestClient) -> None:
    # "{key}: at most {limit} (the largest seed a table keeps), got {got}"; in ru "{key}: не больше {limit}
    # (наибольший сид, который хранит стол), получено: {got}" (сид: the word of docs/glossary/ru.md, never the
    # calque «зерно»); the key and the numbers as typed
    r = client.post("/api/tables", json={"seed": TOP + 1})
    assert (r.status_code, r.json()) == (400, {"type": "error", "code": "bad_table", "message":
                                               f"seed: at most {TOP} (the largest seed a table keeps), got {TOP + 1}"})
    r = client.post("/api/tables?lang=ru", json={"seed": 10**100})  # a huge one is described, never written out
    assert r.json()["message"] == (f"seed: не больше {TOP} (наибольший сид, который хранит стол), получено: "
                                   "<an integer of about 100 digits>")
    assert client.get(f"/api/tables/{new_table(client, seed=0)}").status_code == 200  # the server is still up


def test_a_client_cannot_say_the_seed_was_not_chosen(client: TestClient) -> None:
    r = client.post("/api/tables", json={"seed": 5, "settings": {"seed_chosen": False}})
    assert r.status_code == 400
    assert r.json()["message"].startswith("settings: unknown key 'seed_chosen'")
