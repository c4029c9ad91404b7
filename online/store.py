"""Where tables, seats and step logs live: one small interface and its SQLite form.

The server speaks only to ``Store``; a PostgreSQL store for several server
processes is another class with the same methods (see docs/online.md). A step row's
primary key is (table, number), so the store itself refuses a second step for the
same number, whatever the server's own checks did.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from typing import Protocol

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, options TEXT NOT NULL, seed TEXT NOT NULL, towns TEXT NOT NULL,
    status TEXT NOT NULL, invite TEXT, turn_started REAL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
    level TEXT, token_hash TEXT, clock REAL, last_seen REAL,
    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS steps (
    table_id TEXT NOT NULL, number INTEGER NOT NULL, text TEXT NOT NULL,
    seat INTEGER NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, number));
"""


class Store(Protocol):
    def add_table(self, row: dict) -> None: ...
    def update_table(self, table_id: str, **fields: object) -> None: ...
    def tables(self) -> list[dict]: ...
    def put_seat(self, table_id: str, seat: int, **fields: object) -> None: ...
    def drop_seat(self, table_id: str, seat: int) -> None: ...
    def seats(self, table_id: str) -> list[dict]: ...
    def append_step(self, table_id: str, number: int, text: str, seat: int, at: float) -> bool: ...
    def steps(self, table_id: str) -> list[str]: ...
    def close(self) -> None: ...


class SQLiteStore:
    """SQLite in WAL mode; each write is its own committed transaction, so whatever
    the server has acknowledged survives a kill -9."""

    def __init__(self, path: str) -> None:
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL keeps every commit across a process crash (only an OS crash
        # may lose the last ones), at a fraction of FULL's cost.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)

    def _run(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def add_table(self, row: dict) -> None:
        self._run("INSERT INTO tables (id, options, seed, towns, status, invite, turn_started,"
                  " created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                  (row["id"], json.dumps(row["options"]), row["seed"], json.dumps(row["towns"]),
                   row["status"], row["invite"], row.get("turn_started"), row["created"]))

    def update_table(self, table_id: str, **fields: object) -> None:
        names = ", ".join(f"{k} = ?" for k in fields)
        self._run(f"UPDATE tables SET {names} WHERE id = ?", (*fields.values(), table_id))

    def tables(self) -> list[dict]:
        rows = self._run("SELECT id, options, seed, towns, status, invite, turn_started, created"
                         " FROM tables ORDER BY created")
        return [{"id": r[0], "options": json.loads(r[1]), "seed": r[2], "towns": json.loads(r[3]),
                 "status": r[4], "invite": r[5], "turn_started": r[6], "created": r[7]}
                for r in rows]

    def put_seat(self, table_id: str, seat: int, **fields: object) -> None:
        cols = ("name", "kind", "level", "token_hash", "clock", "last_seen")
        values = tuple(fields.get(c) for c in cols)
        self._run("INSERT OR REPLACE INTO seats (table_id, seat, name, kind, level, token_hash,"
                  " clock, last_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                  (table_id, seat, *values))

    def drop_seat(self, table_id: str, seat: int) -> None:
        self._run("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))

    def seats(self, table_id: str) -> list[dict]:
        rows = self._run("SELECT seat, name, kind, level, token_hash, clock, last_seen"
                         " FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))
        return [dict(zip(("seat", "name", "kind", "level", "token_hash", "clock", "last_seen"),
                         r, strict=True)) for r in rows]

    def append_step(self, table_id: str, number: int, text: str, seat: int, at: float) -> bool:
        try:
            self._run("INSERT INTO steps (table_id, number, text, seat, at) VALUES (?, ?, ?, ?, ?)",
                      (table_id, number, text, seat, at))
        except sqlite3.IntegrityError:
            return False
        return True

    def steps(self, table_id: str) -> list[str]:
        return [r[0] for r in self._run(
            "SELECT text FROM steps WHERE table_id = ? ORDER BY number", (table_id,))]

    def close(self) -> None:
        with self._lock:
            self._db.close()
