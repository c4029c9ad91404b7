"""Where tables, seats and step logs live: one small interface and its SQLite form.

The server's core speaks only to ``Store``. Every change it makes is one ``Change``,
written in one transaction *before* the core changes what it holds in memory: the
step row, the table's fields and the seats' clocks together, or nothing. A step row's
primary key is (table, number), so the store itself refuses a second step for the
same number, whatever the core's own checks did.

``open_store`` opens a store from a path or URL (the command line, the benchmark, the
desktop program's own hosting and the tests all come through it) and refuses, in
one sentence, what it cannot use: a folder, a missing folder, a damaged or read-only
file, a file another server holds. One server per SQLite file: a lock file beside it
(``<file>.lock``) is held while the server runs. The files it writes are its owner's
alone (0600): they hold the deals and the invite secrets' hashes.

The store also keeps the server's last sign of life (a change's ``alive``), so that a
server started again after a stop or a crash charges the time it was down to nobody's
clock (``wake``).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

from .lockfile import try_lock
from .rows import (
    _FIELDS,
    _RATING_COLUMNS,
    _SEAT_COLUMNS,
    _TABLE_COLUMNS,
    ADDED,
    FRESH,
    Change,
    Holder,
    LeaseLost,
    Loaded,
    Owner,
    RatingRow,
    SeatRow,
    StepRow,
    StepTaken,
    Store,
    StoreFailed,
    StoreRefused,
    TableRow,
    _json,
    rating_values,
    seat_values,
    secret_hash,
    table_values,
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, options TEXT NOT NULL, seed TEXT NOT NULL, towns TEXT NOT NULL,
    status TEXT NOT NULL, invite_hash TEXT, turn_started REAL, created REAL NOT NULL,
    first INTEGER NOT NULL DEFAULT 0, deadline_at REAL);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
    level TEXT, token_hash TEXT, clock REAL, last_seen REAL, player_hash TEXT,
    human_steps INTEGER NOT NULL DEFAULT 0, computer_steps INTEGER NOT NULL DEFAULT 0,
    vacation_left INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS ratings (
    player_hash TEXT NOT NULL, players INTEGER NOT NULL, mu REAL NOT NULL,
    sigma REAL NOT NULL, games INTEGER NOT NULL DEFAULT 0,
    left_games INTEGER NOT NULL DEFAULT 0, name TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (player_hash, players));
CREATE TABLE IF NOT EXISTS steps (
    table_id TEXT NOT NULL, number INTEGER NOT NULL, text TEXT NOT NULL,
    seat INTEGER NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, number));
CREATE TABLE IF NOT EXISTS server (name TEXT PRIMARY KEY, value REAL);
CREATE INDEX IF NOT EXISTS tables_by_status ON tables (status);
CREATE INDEX IF NOT EXISTS tables_by_invite ON tables (invite_hash);
CREATE INDEX IF NOT EXISTS seats_by_player ON seats (player_hash);
"""
#: The schema's version (``PRAGMA user_version``): 1 added the starting seat, kept
#: invite secrets only as hashes, and the server's sign of life; 2 the players known
#: across tables, their ratings, and deadlines.
SCHEMA_VERSION = 2


class SQLiteStore:
    """SQLite in WAL mode. Each ``Change`` is one transaction: what the server has
    acknowledged survives a kill -9 (``synchronous=NORMAL`` in WAL loses a commit only
    to an operating system's crash). One server per file: it serves every table, and a
    change's leases mean nothing here (a claim is always its own)."""

    shared = False

    def __init__(self, path: str, *, timeout: float = 2.0) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None,
                                   timeout=timeout)
        # Reads have a connection of their own (WAL lets them go on beside a write: the
        # server reads on its event loop and writes on another thread); one in memory is
        # one database, one connection.
        self._reader, self._read_lock = self._db, self._lock
        try:
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._migrate()
            if path != ":memory:":
                self._reader = sqlite3.connect(path, check_same_thread=False,
                                               isolation_level=None, timeout=timeout)
                self._read_lock = threading.Lock()
        except BaseException:
            self._db.close()
            raise

    def _migrate(self) -> None:
        """A file of an earlier version brought up to this one (an empty one made)."""
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        columns = {r[1] for r in self._db.execute("PRAGMA table_info(tables)")}
        if version >= SCHEMA_VERSION:
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            if "invite" in columns:  # the first version kept the secrets themselves
                self._db.execute("ALTER TABLE tables RENAME COLUMN invite TO invite_hash")
                self._db.execute("ALTER TABLE tables ADD COLUMN first INTEGER NOT NULL "
                                 "DEFAULT 0")
                rows = self._db.execute("SELECT id, invite_hash FROM tables WHERE "
                                        "invite_hash IS NOT NULL").fetchall()
                for table_id, secret in rows:
                    self._db.execute("UPDATE tables SET invite_hash = ? WHERE id = ?",
                                     (secret_hash(secret), table_id))
            for table, column, declared in ADDED:  # (a file of an earlier version)
                have = {r[1] for r in self._db.execute(f"PRAGMA table_info({table})")}
                if have and column not in have:
                    self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declared}")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            raise

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._read_lock:
            return self._reader.execute(sql, args).fetchall()

    # ----- writing ------------------------------------------------------------------
    def write(self, change: Change) -> Any:
        """Write ``change`` in one transaction (StoreFailed, StepTaken: nothing was);
        its result: a claim's ``Owner`` (always its holder here), a renewal's tables."""
        if change.claim is not None:
            assert change.holder is not None
            return Owner(change.holder.node, change.holder.url)
        if change.renew:
            return None  # (every table is this one server's)
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    self._apply(db, change)
                    db.execute("COMMIT")
                except BaseException:
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                    raise
            except sqlite3.IntegrityError as exc:
                if change.steps:
                    raise StepTaken(str(exc)) from None
                raise StoreFailed(str(exc)) from None
            except (sqlite3.Error, OSError, ValueError) as exc:
                raise StoreFailed(str(exc)) from None

    @staticmethod
    def _apply(db: sqlite3.Connection, change: Change) -> None:
        if change.alive is not None:
            db.execute("INSERT OR REPLACE INTO server (name, value) VALUES ('alive', ?)",
                       (change.alive,))
        for t in change.tables:
            db.execute(f"INSERT INTO tables ({', '.join(_TABLE_COLUMNS)}) VALUES "
                       f"({', '.join('?' * len(_TABLE_COLUMNS))})", table_values(t))
        for s in change.steps:
            db.execute("INSERT INTO steps (table_id, number, text, seat, at) VALUES "
                       "(?, ?, ?, ?, ?)", (s.table, s.number, s.text, s.seat, s.at))
        for table_id, values in change.fields.items():
            if not values:
                continue
            bad = set(values) - _FIELDS
            if bad:
                raise ValueError(f"no such column: {sorted(bad)}")
            args = [_json(v) if k in ("options", "towns") else v for k, v in values.items()]
            names = ", ".join(f"{k} = ?" for k in values)
            db.execute(f"UPDATE tables SET {names} WHERE id = ?", (*args, table_id))
        for table_id, seat, row in change.seats:
            if row is None:
                db.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))
            else:
                db.execute(f"INSERT OR REPLACE INTO seats (table_id, seat, "
                           f"{', '.join(_SEAT_COLUMNS)}) VALUES "
                           f"(?, ?, {', '.join('?' * len(_SEAT_COLUMNS))})",
                           (table_id, seat, *seat_values(row)))
        for rating in change.ratings:
            db.execute(f"INSERT OR REPLACE INTO ratings ({', '.join(_RATING_COLUMNS)}) "
                       f"VALUES ({', '.join('?' * len(_RATING_COLUMNS))})",
                       rating_values(rating))
        for player, players, name in change.left:
            db.execute("INSERT INTO ratings (player_hash, players, mu, sigma, left_games, "
                       "name) VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (player_hash, players) "
                       "DO UPDATE SET left_games = left_games + 1, name = excluded.name",
                       (player, players, *FRESH, name))

    # ----- reading ------------------------------------------------------------------
    def load(self, table_id: str) -> Loaded | None:
        with self._read_lock:
            db = self._reader
            db.execute("BEGIN")  # (the table, its seats and its log as of one moment)
            try:
                found = db.execute(f"SELECT {', '.join(_TABLE_COLUMNS)} FROM tables WHERE "
                                   "id = ?", (table_id,)).fetchone()
                seats = db.execute(f"SELECT seat, {', '.join(_SEAT_COLUMNS)} FROM seats "
                                   "WHERE table_id = ? ORDER BY seat", (table_id,)).fetchall()
                steps = db.execute("SELECT text FROM steps WHERE table_id = ? ORDER BY number",
                                   (table_id,)).fetchall()
            finally:
                db.execute("COMMIT")
        if found is None:
            return None
        row = TableRow(found[0], json.loads(found[1]), found[2], json.loads(found[3]), *found[4:])
        return Loaded(row, {s[0]: SeatRow(*s[1:]) for s in seats}, [s[0] for s in steps])

    def live(self) -> list[str]:
        """The tables not over (open and playing), oldest first."""
        return [r[0] for r in self._read("SELECT id FROM tables WHERE status IN ('open', "
                                         "'playing') ORDER BY created")]

    def find_invite(self, invite_hash: str) -> str | None:
        found = self._read("SELECT id FROM tables WHERE invite_hash = ? AND status != 'over' "
                           "ORDER BY created DESC LIMIT 1", (invite_hash,))
        return found[0][0] if found else None

    def steps(self, table_id: str) -> list[str]:
        return [r[0] for r in self._read(
            "SELECT text FROM steps WHERE table_id = ? ORDER BY number", (table_id,))]

    def open_tables(self, now: float) -> list[tuple[Loaded, str | None]]:
        return []  # (one server: the open tables are in its memory)

    def ratings(self, hashes: list[str], players: int) -> dict[str, RatingRow]:
        if not hashes:
            return {}
        rows = self._read(f"SELECT {', '.join(_RATING_COLUMNS)} FROM ratings WHERE players = ? "
                          f"AND player_hash IN ({', '.join('?' * len(hashes))})",
                          (players, *hashes))
        return {r[0]: RatingRow(*r) for r in rows}

    def leaders(self, players: int, limit: int) -> list[RatingRow]:
        rows = self._read(f"SELECT {', '.join(_RATING_COLUMNS)} FROM ratings WHERE players = ? "
                          "AND games > 0 ORDER BY mu - 3 * sigma DESC, games DESC LIMIT ?",
                          (players, limit))
        return [RatingRow(*r) for r in rows]

    def owner(self, table_id: str, now: float) -> str | None:
        return None

    # ----- the server's life -----------------------------------------------------------
    def wake(self, now: float) -> float:
        """The server starts at ``now``: the time since its last sign of life is
        charged to nobody (each turn's start and each absence move forward by it).
        Returns that time (0 for a new file)."""
        with self._lock:
            found = self._db.execute("SELECT value FROM server WHERE name = 'alive'").fetchone()
            down = max(0.0, now - found[0]) if found and found[0] is not None else 0.0
            try:
                self._db.execute("BEGIN IMMEDIATE")
                if down:
                    self._db.execute("UPDATE tables SET turn_started = turn_started + ? WHERE "
                                     "status = 'playing' AND turn_started IS NOT NULL", (down,))
                    self._db.execute("UPDATE tables SET deadline_at = deadline_at + ? WHERE "
                                     "status = 'playing' AND deadline_at IS NOT NULL", (down,))
                    self._db.execute("UPDATE seats SET last_seen = last_seen + ? WHERE "
                                     "last_seen IS NOT NULL AND last_seen > 0", (down,))
                self._db.execute("INSERT OR REPLACE INTO server (name, value) VALUES "
                                 "('alive', ?)", (now,))
                self._db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
                raise
        return down

    def close(self) -> None:
        with self._lock:
            self._db.close()
        if self._reader is not self._db:
            with self._read_lock:
                self._reader.close()


# ----- opening -------------------------------------------------------------------------
def _classify(exc: sqlite3.Error, path: str) -> StoreRefused:
    text = str(exc).lower()
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return StoreRefused("server.db_damaged", {"path": path})
    if "readonly" in text or "read-only" in text:
        return StoreRefused("server.db_read_only", {"path": path})
    if "locked" in text or "busy" in text:
        return StoreRefused("server.db_busy", {"path": path})
    return StoreRefused("server.db_unopenable", {"path": path, "why": str(exc)})


class LockedStore(SQLiteStore):
    """A store on a file, with the lock that keeps other servers off it."""

    def __init__(self, path: str, lock_fd: int) -> None:
        self._lock_fd = lock_fd
        super().__init__(path)

    def close(self) -> None:
        try:
            super().close()
        finally:
            with contextlib.suppress(OSError):
                os.close(self._lock_fd)


MEMORY = (":memory:", "memory:", "sqlite://:memory:")


def open_store(where: str) -> SQLiteStore:
    """The store at ``where``: a file's path, ``sqlite:///path``, ``:memory:`` or a
    PostgreSQL URL (``postgresql://user@host:port/database``, several servers sharing
    it). StoreRefused, with one sentence, when it cannot be used."""
    if where in MEMORY:
        return SQLiteStore(":memory:")
    if where.startswith(("postgres://", "postgresql://")):
        from .pgstore import open_postgres
        return open_postgres(where)  # type: ignore[return-value]
    path = where[len("sqlite:///"):] if where.startswith("sqlite:///") else where
    path = os.path.abspath(os.path.expanduser(path))
    folder = os.path.dirname(path)
    if os.path.isdir(path):
        raise StoreRefused("server.db_folder", {"path": path})
    if not os.path.isdir(folder):
        raise StoreRefused("server.db_no_folder", {"path": path, "folder": folder})
    try:
        lock_fd = os.open(path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        raise StoreRefused("server.db_folder_read_only", {"path": path,
                                                         "folder": folder}) from None
    try:
        if not try_lock(lock_fd):
            raise StoreRefused("server.db_busy", {"path": path})
        try:
            os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
        except PermissionError:
            if os.path.exists(path):
                raise StoreRefused("server.db_read_only", {"path": path}) from None
            raise StoreRefused("server.db_folder_read_only", {"path": path,
                                                             "folder": folder}) from None
        except OSError as exc:
            raise StoreRefused("server.db_unopenable", {"path": path,
                                                        "why": exc.strerror or str(exc)}) from None
        with contextlib.suppress(OSError):  # an older server's file: its owner's alone now
            if os.stat(path).st_mode & 0o077:
                os.chmod(path, 0o600)
        try:
            store = LockedStore(path, lock_fd)
        except sqlite3.Error as exc:
            raise _classify(exc, path) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.close(lock_fd)
        raise
    try:  # (the store holds the lock from here: closing it lets go)
        store.live()  # a damaged file says so now rather than at its first use
    except sqlite3.Error as exc:
        store.close()
        raise _classify(exc, path) from None
    return store


def folder_private(folder: Path) -> None:
    """A data folder only its owner may enter (0700)."""
    with contextlib.suppress(OSError):
        if folder.stat().st_mode & 0o077:
            folder.chmod(0o700)


__all__ = ["MEMORY", "SCHEMA_VERSION", "Change", "Holder", "LeaseLost", "Loaded", "Owner",
           "RatingRow", "SQLiteStore", "SeatRow", "StepRow", "StepTaken", "Store", "StoreFailed",
           "StoreRefused", "TableRow", "folder_private", "open_store", "secret_hash"]
