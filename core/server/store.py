"""The server's database: one SQLite file (the standard library's ``sqlite3``) in WAL mode.

Its tables: ``tables`` (a table's variant config, seed, names and settings), ``seats`` (who holds each
seat: a person by the SHA-256 of a token, or a bot by name), ``actions`` (every applied action, numbered
from 1 per table), ``deals`` (the pack of every deal dealt, written as it is dealt: a table shuffles each
deal from the system's secret source, so its seed predicts nothing), ``chat`` (the table's lines) and
``claims`` (each claim, its answers and its outcome).
An action is committed before the server acknowledges or broadcasts it, so a server killed
at any moment has every action anybody was told of, and a restarted one replays each open table from here.
With WAL, ``synchronous=NORMAL`` keeps every committed transaction through a killed process (only a power cut
can lose the last ones); ``durable=True`` asks for ``FULL``.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL,
    first_dealer INTEGER NOT NULL,
    settings TEXT NOT NULL,
    created REAL NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    creator TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    token_hash TEXT,
    next_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS deals (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    pack TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS claims (
    table_id TEXT NOT NULL REFERENCES tables(id),
    id INTEGER NOT NULL,
    at INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    hand INTEGER NOT NULL,
    tricks INTEGER NOT NULL,
    answers TEXT NOT NULL,
    outcome TEXT,
    PRIMARY KEY (table_id, id)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""


PRIVATE = 0o600
"""The mode of the database and its WAL files: they hold every table's deals (its seed, its actions), so no
other user of the machine may read them."""
WAL_FILES = ("-wal", "-shm")


def _private(path: str) -> None:
    """Create the database file readable by its owner alone, or narrow an existing one to that. SQLite creates
    the WAL and shared-memory files with the database's own mode. Not a umask: it is the whole process's, and
    other threads (a test's server, the bots' workers) may create files meanwhile."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, PRIVATE)
    try:
        if os.fstat(fd).st_mode & 0o077:
            os.fchmod(fd, PRIVATE)
    finally:
        os.close(fd)
    for suffix in WAL_FILES:
        if os.path.exists(path + suffix):
            os.chmod(path + suffix, PRIVATE)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class SeatRow:
    seat: int
    name: str
    bot: str | None
    token_hash: str | None
    next_hash: str | None


@dataclass
class TableRow:
    id: str
    config: dict[str, Any]
    seed: int
    first_dealer: int
    settings: dict[str, Any]
    over: bool


class Store:
    """The database of one server. Every method commits before it returns."""

    def __init__(self, path: str | Path, durable: bool = False) -> None:
        self.path = str(path)
        _private(self.path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        columns = {r[1] for r in self.db.execute("PRAGMA table_info(tables)")}
        if "creator" not in columns:  # a database of an older server: its tables count for no address
            self.db.execute("ALTER TABLE tables ADD COLUMN creator TEXT NOT NULL DEFAULT ''")
        for suffix in WAL_FILES:  # SQLite gives them the database's mode; an older server's may be wider
            if os.path.exists(self.path + suffix):
                os.chmod(self.path + suffix, PRIVATE)

    def close(self) -> None:
        self.db.close()

    # ---------------------------------------------------------------- tables and seats

    def create_table(self, config: dict[str, Any], seed: int, first_dealer: int, settings: dict[str, Any],
                     names: list[str], bots: list[str | None], creator: str = "") -> str:
        """A new table's id; ``creator`` is the client address it was made from (counted by the limits)."""
        table_id = secrets.token_urlsafe(8)
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO tables (id, config, seed, first_dealer, settings, created, creator) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?)",
                            (table_id, json.dumps(config), seed, first_dealer, json.dumps(settings), time.time(),
                             creator))
            for seat, (name, bot) in enumerate(zip(names, bots, strict=True)):
                self.db.execute("INSERT INTO seats (table_id, seat, name, bot) VALUES (?, ?, ?, ?)",
                                (table_id, seat, name, bot))
        return table_id

    def table(self, table_id: str) -> TableRow | None:
        row = self.db.execute("SELECT id, config, seed, first_dealer, settings, over FROM tables WHERE id = ?",
                              (table_id,)).fetchone()
        if row is None:
            return None
        return TableRow(row[0], json.loads(row[1]), row[2], row[3], json.loads(row[4]), bool(row[5]))

    def recent_tables(self, over: bool = False, limit: int = 100) -> list[str]:
        """The ids of the newest open tables (``over``: finished ones), newest first."""
        return [r[0] for r in self.db.execute("SELECT id FROM tables WHERE over = ? ORDER BY created DESC LIMIT ?",
                                              (int(over), limit))]

    def open_tables(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT id FROM tables WHERE over = 0 ORDER BY created")]

    def count_open(self, creator: str | None = None) -> int:
        """Open tables, all or those made from address ``creator``."""
        if creator is None:
            row = self.db.execute("SELECT COUNT(*) FROM tables WHERE over = 0").fetchone()
        else:
            row = self.db.execute("SELECT COUNT(*) FROM tables WHERE over = 0 AND creator = ?",
                                  (creator,)).fetchone()
        return int(row[0])

    def last_active(self, table_id: str) -> float:
        """When the table was made or last acted at (seconds since the epoch)."""
        row = self.db.execute("SELECT MAX(t.created, COALESCE(MAX(a.at), 0)) FROM tables t LEFT JOIN actions a "
                              "ON a.table_id = t.id WHERE t.id = ?", (table_id,)).fetchone()
        return float(row[0] or 0.0)

    def delete_table(self, table_id: str) -> None:
        """Remove a table and everything of it (an idle table expired)."""
        with self.db:
            self.db.execute("BEGIN")
            for sql in ("DELETE FROM actions WHERE table_id = ?", "DELETE FROM seats WHERE table_id = ?",
                        "DELETE FROM deals WHERE table_id = ?", "DELETE FROM chat WHERE table_id = ?",
                        "DELETE FROM claims WHERE table_id = ?", "DELETE FROM tables WHERE id = ?"):
                self.db.execute(sql, (table_id,))

    def mark_over(self, table_id: str) -> None:
        with self.db:
            self.db.execute("UPDATE tables SET over = 1 WHERE id = ?", (table_id,))

    def seats(self, table_id: str) -> list[SeatRow]:
        rows = self.db.execute("SELECT seat, name, bot, token_hash, next_hash FROM seats WHERE table_id = ? "
                               "ORDER BY seat", (table_id,)).fetchall()
        return [SeatRow(*r) for r in rows]

    def claim_seat(self, table_id: str, seat: int, name: str) -> str | None:
        """A new token for a free seat (no person holds it), or ``None`` when it is taken."""
        token = new_token()
        with self.db:
            cur = self.db.execute("UPDATE seats SET name = ?, token_hash = ?, next_hash = NULL "
                                  "WHERE table_id = ? AND seat = ? AND token_hash IS NULL AND bot IS NULL",
                                  (name, token_hash(token), table_id, seat))
        return token if cur.rowcount == 1 else None

    def rejoin(self, table_id: str, token: str) -> tuple[int, str] | None:
        """The seat ``token`` holds and the token that replaces it, or ``None`` for a token no seat holds.

        The current token stays good until the client confirms the new one (:meth:`confirm`) or joins with it,
        so a reply lost on the way (a dropped connection, a killed server) never locks a player out; after
        that the old token is refused."""
        digest = token_hash(token)
        fresh = new_token()
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            row = self.db.execute("SELECT seat, token_hash, next_hash FROM seats WHERE table_id = ? "
                                  "AND (token_hash = ? OR next_hash = ?)", (table_id, digest, digest)).fetchone()
            if row is None:
                return None
            seat = row[0]
            # joining with the pending token confirms it: the one before it is dead from now on
            self.db.execute("UPDATE seats SET token_hash = ?, next_hash = ? WHERE table_id = ? AND seat = ?",
                            (digest, token_hash(fresh), table_id, seat))
        return seat, fresh

    def seat_of(self, table_id: str, token: str) -> int | None:
        """The seat ``token`` holds (its current or its pending token), without replacing it (a replay)."""
        digest = token_hash(token)
        row = self.db.execute("SELECT seat FROM seats WHERE table_id = ? AND (token_hash = ? OR next_hash = ?)",
                              (table_id, digest, digest)).fetchone()
        return None if row is None else int(row[0])

    def confirm(self, table_id: str, seat: int) -> None:
        """The client has the new token: the old one is refused from now on."""
        with self.db:
            self.db.execute("UPDATE seats SET token_hash = next_hash, next_hash = NULL WHERE table_id = ? "
                            "AND seat = ? AND next_hash IS NOT NULL", (table_id, seat))

    # ---------------------------------------------------------------- the action log

    def append(self, table_id: str, n: int, seat: int, action: str) -> None:
        """Action number ``n`` (from 1), committed when this returns; a number already written is an error
        (two writers on one table), never a silent overwrite."""
        self.append_many(table_id, n, [(seat, action)])

    def append_many(self, table_id: str, first: int, moves: list[tuple[int, str]],
                    packs: Sequence[tuple[int, str]] = (), claim: tuple[int, str] | None = None) -> None:
        """Actions numbered from ``first`` with the packs of the deals they dealt (``(number, cards)``) and,
        for an accepted claim, its ``(id, outcome)``: all committed together or none."""
        now = time.time()
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany("INSERT INTO actions (table_id, n, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                                [(table_id, first + i, seat, action, now) for i, (seat, action) in enumerate(moves)])
            self.db.executemany("INSERT INTO deals (table_id, number, pack) VALUES (?, ?, ?)",
                                [(table_id, number, pack) for number, pack in packs])
            if claim is not None:
                self.db.execute("UPDATE claims SET outcome = ? WHERE table_id = ? AND id = ?",
                                (claim[1], table_id, claim[0]))

    def add_pack(self, table_id: str, number: int, pack: str) -> None:
        """The pack of deal ``number``, as it was dealt (``"7S 8S ..."``, the 32 cards in dealing order)."""
        with self.db:
            self.db.execute("INSERT INTO deals (table_id, number, pack) VALUES (?, ?, ?)", (table_id, number, pack))

    def packs(self, table_id: str) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT pack FROM deals WHERE table_id = ? ORDER BY number",
                                              (table_id,))]

    # ---------------------------------------------------------------- chat and claims

    def add_chat(self, table_id: str, seat: int | None, name: str, text: str) -> dict[str, Any]:
        """A chat line, written; as the protocol sends it."""
        now = time.time()
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            row = self.db.execute("SELECT COALESCE(MAX(n), 0) FROM chat WHERE table_id = ?", (table_id,)).fetchone()
            self.db.execute("INSERT INTO chat (table_id, n, seat, name, text, at) VALUES (?, ?, ?, ?, ?, ?)",
                            (table_id, row[0] + 1, seat, name, text, now))
        return {"seat": seat, "name": name, "text": text, "at": now}

    def chat(self, table_id: str, last: int = 50) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT seat, name, text, at FROM chat WHERE table_id = ? ORDER BY n DESC LIMIT ?",
                               (table_id, last)).fetchall()
        return [{"seat": r[0], "name": r[1], "text": r[2], "at": r[3]} for r in reversed(rows)]

    def add_claim(self, table_id: str, at: int, seat: int, hand: int, tricks: int, answers: dict[str, Any]) -> int:
        """A new claim waiting for its answers; its id."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            row = self.db.execute("SELECT COALESCE(MAX(id), 0) FROM claims WHERE table_id = ?", (table_id,)).fetchone()
            self.db.execute("INSERT INTO claims (table_id, id, at, seat, hand, tricks, answers) VALUES "
                            "(?, ?, ?, ?, ?, ?, ?)",
                            (table_id, row[0] + 1, at, seat, hand, tricks, json.dumps(answers)))
        return int(row[0]) + 1

    def answer_claim(self, table_id: str, claim_id: int, answers: dict[str, Any], outcome: str | None = None) -> None:
        with self.db:
            self.db.execute("UPDATE claims SET answers = ?, outcome = ? WHERE table_id = ? AND id = ?",
                            (json.dumps(answers), outcome, table_id, claim_id))

    def claims(self, table_id: str) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT id, at, seat, hand, tricks, answers, outcome FROM claims WHERE table_id = ? "
                               "ORDER BY id", (table_id,)).fetchall()
        return [{"id": r[0], "at": r[1], "seat": r[2], "hand": r[3], "tricks": r[4], "answers": json.loads(r[5]),
                 "outcome": r[6]} for r in rows]

    def actions(self, table_id: str) -> list[tuple[int, str]]:
        """(seat, action) of every action written, in order."""
        return [(r[0], r[1]) for r in self.db.execute(
            "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY n", (table_id,))]
