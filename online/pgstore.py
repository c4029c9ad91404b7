"""The store in PostgreSQL, for several server processes sharing one database.

The same interface and the same guarantees as the SQLite store (``online.store``):
one transaction per change, the step log keyed (table, number), the schema made and
versioned by the server at its start. Several processes may share it: each table is
served by one of them at a time, through a lease row (``leases``: the owner, the
address clients reach it by, until when, and when it last renewed). A change carries
its writer (``Holder``): a table it makes is leased to it, and every other table it
touches must be leased to it still, checked in the same transaction (a process that
lost a table to another can write nothing more there). A claim takes a table whose
lease is free or ran out; taking one over from a process that died, it moves the
table's running turn and its absences forward by the time nobody held it, so that
time is charged to nobody's clock.

psycopg 3 (synchronous): the server's core is synchronous and writes on a thread of
its own, and reads on the event loop are short, indexed queries; two connections,
one for each.
"""

from __future__ import annotations

import contextlib
import json
import threading
from typing import Any

from .rows import (
    _FIELDS,
    _RATING_COLUMNS,
    _SEAT_COLUMNS,
    _TABLE_COLUMNS,
    ADDED,
    FRESH,
    Change,
    LeaseLost,
    Loaded,
    Owner,
    RatingRow,
    SeatRow,
    StepTaken,
    StoreFailed,
    StoreRefused,
    TableRow,
    _json,
    rating_values,
    seat_values,
    table_values,
)

SCHEMA_VERSION = 2
SCHEMA = [
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY, options TEXT NOT NULL, seed TEXT NOT NULL, towns TEXT NOT NULL,
        status TEXT NOT NULL, invite_hash TEXT, created DOUBLE PRECISION NOT NULL,
        turn_started DOUBLE PRECISION, first INTEGER NOT NULL DEFAULT 0)""",
    """CREATE TABLE IF NOT EXISTS seats (
        table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
        level TEXT, token_hash TEXT, clock DOUBLE PRECISION, last_seen DOUBLE PRECISION,
        PRIMARY KEY (table_id, seat))""",
    """CREATE TABLE IF NOT EXISTS steps (
        table_id TEXT NOT NULL, number INTEGER NOT NULL, text TEXT NOT NULL,
        seat INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, number))""",
    """CREATE TABLE IF NOT EXISTS ratings (
        player_hash TEXT NOT NULL, players INTEGER NOT NULL, mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL DEFAULT 0,
        left_games INTEGER NOT NULL DEFAULT 0, name TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (player_hash, players))""",
    """CREATE TABLE IF NOT EXISTS leases (
        table_id TEXT PRIMARY KEY, node TEXT NOT NULL, url TEXT NOT NULL,
        expires DOUBLE PRECISION NOT NULL, alive DOUBLE PRECISION NOT NULL)""",
    "CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS tables_by_status ON tables (status)",
    "CREATE INDEX IF NOT EXISTS tables_by_invite ON tables (invite_hash)",
    "CREATE INDEX IF NOT EXISTS leases_by_node ON leases (node)",
    *(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} "
      f"{declared.replace('REAL', 'DOUBLE PRECISION')}" for table, column, declared in ADDED),
    "CREATE INDEX IF NOT EXISTS seats_by_player ON seats (player_hash)",
]
#: The advisory lock that keeps two processes from making the schema at once.
SCHEMA_LOCK = 0x5A11


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StoreRefused("server.db_driver", {}) from None
    return psycopg


class PostgresStore:
    """The store in a PostgreSQL database (see the module's docstring)."""

    shared = True

    def __init__(self, url: str) -> None:
        psycopg = _psycopg()
        self.url = url
        self._errors = psycopg.Error
        self._unique = psycopg.errors.UniqueViolation
        self._lock, self._read_lock = threading.Lock(), threading.Lock()
        self._db = psycopg.connect(url, autocommit=True, connect_timeout=5)
        try:
            self._reader = psycopg.connect(url, autocommit=True, connect_timeout=5)
        except BaseException:
            self._db.close()
            raise
        self._migrate()

    def _migrate(self) -> None:
        with self._lock, self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            for statement in SCHEMA:
                self._db.execute(statement)
            found = self._db.execute("SELECT value FROM meta WHERE name = 'schema'").fetchone()
            if found is not None and int(found[0]) > SCHEMA_VERSION:
                raise StoreRefused("server.db_newer", {"path": self.url})
            self._db.execute("INSERT INTO meta (name, value) VALUES ('schema', %s) ON CONFLICT "
                             "(name) DO UPDATE SET value = EXCLUDED.value", (str(SCHEMA_VERSION),))

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._read_lock:
            rows: list[tuple[Any, ...]] = self._reader.execute(sql, args).fetchall()
        return rows

    # ----- writing ----------------------------------------------------------------------
    def write(self, change: Change) -> Any:
        with self._lock:
            try:
                with self._db.transaction():
                    return self._apply(change)
            except self._unique as exc:
                if change.steps:
                    raise StepTaken(str(exc)) from None
                raise StoreFailed(str(exc)) from None
            except self._errors as exc:
                raise StoreFailed(str(exc)) from None

    def _apply(self, change: Change) -> Any:
        db, holder = self._db, change.holder
        result: Owner | set[str] | None = None  # (what the change asked for, if anything)
        if holder is not None:
            for table_id in sorted(change.touched()):  # (each still this holder's)
                renewed = db.execute(  # (not one given up: its expiry is 0)
                    "UPDATE leases SET expires = %s, alive = %s WHERE table_id = %s AND "
                    "node = %s AND expires > 0", (holder.now + holder.ttl, holder.now,
                                                  table_id, holder.node))
                if renewed.rowcount != 1:
                    raise LeaseLost(table_id)
            if change.claim is not None:
                result = self._claim(change.claim, holder)
            if change.renew:
                result = {r[0] for r in db.execute(
                    "UPDATE leases SET expires = %s, alive = %s WHERE node = %s AND "
                    "expires > 0 RETURNING table_id", (holder.now + holder.ttl, holder.now,
                                                        holder.node))}
            if change.release:  # (the row stays: its ``alive`` says since when nobody holds it)
                db.execute("UPDATE leases SET expires = 0, alive = %s WHERE node = %s AND "
                           "table_id = ANY(%s)", (holder.now, holder.node, change.release))
        for t in change.tables:
            db.execute(f"INSERT INTO tables ({', '.join(_TABLE_COLUMNS)}) VALUES "
                       f"({', '.join(['%s'] * len(_TABLE_COLUMNS))})", table_values(t))
            if holder is not None:
                db.execute("INSERT INTO leases (table_id, node, url, expires, alive) VALUES "
                           "(%s, %s, %s, %s, %s)", (t.id, holder.node, holder.url,
                                                   holder.now + holder.ttl, holder.now))
        for s in change.steps:
            db.execute("INSERT INTO steps (table_id, number, text, seat, at) VALUES "
                       "(%s, %s, %s, %s, %s)", (s.table, s.number, s.text, s.seat, s.at))
        for table_id, values in change.fields.items():
            if not values:
                continue
            bad = set(values) - _FIELDS
            if bad:
                raise StoreFailed(f"no such column: {sorted(bad)}")
            args = [_json(v) if k in ("options", "towns") else v for k, v in values.items()]
            names = ", ".join(f"{k} = %s" for k in values)
            db.execute(f"UPDATE tables SET {names} WHERE id = %s", (*args, table_id))
        for table_id, seat, row in change.seats:
            if row is None:
                db.execute("DELETE FROM seats WHERE table_id = %s AND seat = %s",
                           (table_id, seat))
                continue
            db.execute(f"INSERT INTO seats (table_id, seat, {', '.join(_SEAT_COLUMNS)}) "
                       f"VALUES (%s, %s, {', '.join(['%s'] * len(_SEAT_COLUMNS))}) "
                       f"ON CONFLICT (table_id, seat) DO UPDATE SET "
                       + ", ".join(f"{c} = EXCLUDED.{c}" for c in _SEAT_COLUMNS),
                       (table_id, seat, *seat_values(row)))
        for rating in change.ratings:
            db.execute(f"INSERT INTO ratings ({', '.join(_RATING_COLUMNS)}) VALUES "
                       f"({', '.join(['%s'] * len(_RATING_COLUMNS))}) ON CONFLICT "
                       f"(player_hash, players) DO UPDATE SET "
                       + ", ".join(f"{c} = EXCLUDED.{c}" for c in _RATING_COLUMNS[2:]),
                       rating_values(rating))
        for player, players, name in change.left:
            db.execute("INSERT INTO ratings (player_hash, players, mu, sigma, left_games, "
                       "name) VALUES (%s, %s, %s, %s, 1, %s) ON CONFLICT (player_hash, "
                       "players) DO UPDATE SET left_games = ratings.left_games + 1, name = "
                       "EXCLUDED.name", (player, players, *FRESH, name))
        if change.alive is not None:
            db.execute("INSERT INTO meta (name, value) VALUES ('alive', %s) ON CONFLICT (name) "
                       "DO UPDATE SET value = EXCLUDED.value", (repr(change.alive),))
        return result

    def _claim(self, table_id: str, holder: Any) -> Owner | None:
        """The lease of ``table_id``, taken when it is free or ran out (None: no such
        table). A table taken over from another process has its running turn and its
        absences moved forward by the time it had nobody."""
        db = self._db
        if db.execute("SELECT 1 FROM tables WHERE id = %s", (table_id,)).fetchone() is None:
            return None
        found = db.execute("SELECT node, url, expires, alive FROM leases WHERE table_id = %s "
                           "FOR UPDATE", (table_id,)).fetchone()
        if found is not None and found[0] != holder.node and found[2] >= holder.now:
            return Owner(found[0], found[1])
        down = max(0.0, holder.now - found[3]) if found is not None and \
            found[0] != holder.node else 0.0
        db.execute("INSERT INTO leases (table_id, node, url, expires, alive) VALUES "
                   "(%s, %s, %s, %s, %s) ON CONFLICT (table_id) DO UPDATE SET node = "
                   "EXCLUDED.node, url = EXCLUDED.url, expires = EXCLUDED.expires, alive = "
                   "EXCLUDED.alive", (table_id, holder.node, holder.url,
                                      holder.now + holder.ttl, holder.now))
        if down:
            db.execute("UPDATE tables SET turn_started = turn_started + %s WHERE id = %s AND "
                       "status = 'playing' AND turn_started IS NOT NULL", (down, table_id))
            db.execute("UPDATE tables SET deadline_at = deadline_at + %s WHERE id = %s AND "
                       "status = 'playing' AND deadline_at IS NOT NULL", (down, table_id))
            db.execute("UPDATE seats SET last_seen = last_seen + %s WHERE table_id = %s AND "
                       "last_seen > 0", (down, table_id))
        return Owner(holder.node, holder.url, down)

    # ----- reading ------------------------------------------------------------------------
    def load(self, table_id: str) -> Loaded | None:
        with self._read_lock, self._reader.transaction():
            db = self._reader
            found = db.execute(f"SELECT {', '.join(_TABLE_COLUMNS)} FROM tables WHERE id = %s",
                               (table_id,)).fetchone()
            if found is None:
                return None
            seats = db.execute(f"SELECT seat, {', '.join(_SEAT_COLUMNS)} FROM seats WHERE "
                               "table_id = %s ORDER BY seat", (table_id,)).fetchall()
            steps = db.execute("SELECT text FROM steps WHERE table_id = %s ORDER BY number",
                               (table_id,)).fetchall()
        row = TableRow(found[0], json.loads(found[1]), found[2], json.loads(found[3]),
                       *found[4:])
        return Loaded(row, {s[0]: SeatRow(*s[1:]) for s in seats}, [s[0] for s in steps])

    def live(self) -> list[str]:
        return [r[0] for r in self._read("SELECT id FROM tables WHERE status IN ('open', "
                                         "'playing') ORDER BY created")]

    def find_invite(self, invite_hash: str) -> str | None:
        found = self._read("SELECT id FROM tables WHERE invite_hash = %s AND status != 'over' "
                           "ORDER BY created DESC LIMIT 1", (invite_hash,))
        return found[0][0] if found else None

    def steps(self, table_id: str) -> list[str]:
        return [r[0] for r in self._read(
            "SELECT text FROM steps WHERE table_id = %s ORDER BY number", (table_id,))]

    def open_tables(self, now: float) -> list[tuple[Loaded, str | None]]:
        """Every open table with its seats, and the address of the process serving it
        (None: nobody holds its lease now)."""
        with self._read_lock, self._reader.transaction():
            db = self._reader
            rows = db.execute(f"SELECT {', '.join('t.' + c for c in _TABLE_COLUMNS)}, l.url, "
                              "l.expires FROM tables t LEFT JOIN leases l ON l.table_id = t.id "
                              "WHERE t.status = 'open' ORDER BY t.created").fetchall()
            seats = db.execute(f"SELECT s.table_id, s.seat, {', '.join(_SEAT_COLUMNS)} FROM "
                               "seats s JOIN tables t ON t.id = s.table_id WHERE t.status = "
                               "'open' ORDER BY s.table_id, s.seat").fetchall()
        by_table: dict[str, dict[int, SeatRow]] = {}
        for s in seats:
            by_table.setdefault(s[0], {})[s[1]] = SeatRow(*s[2:])
        out = []
        for r in rows:
            n = len(_TABLE_COLUMNS)
            row = TableRow(r[0], json.loads(r[1]), r[2], json.loads(r[3]), *r[4:n])
            held = r[n + 1] is not None and r[n + 1] >= now
            out.append((Loaded(row, by_table.get(row.id, {}), []), r[n] if held else None))
        return out

    def ratings(self, hashes: list[str], players: int) -> dict[str, RatingRow]:
        if not hashes:
            return {}
        rows = self._read(f"SELECT {', '.join(_RATING_COLUMNS)} FROM ratings WHERE players = "
                          "%s AND player_hash = ANY(%s)", (players, list(hashes)))
        return {r[0]: RatingRow(*r) for r in rows}

    def leaders(self, players: int, limit: int) -> list[RatingRow]:
        rows = self._read(f"SELECT {', '.join(_RATING_COLUMNS)} FROM ratings WHERE players = "
                          "%s AND games > 0 ORDER BY mu - 3 * sigma DESC, games DESC LIMIT %s",
                          (players, limit))
        return [RatingRow(*r) for r in rows]

    def owner(self, table_id: str, now: float) -> str | None:
        """The address of the process holding ``table_id``'s lease now (None: nobody)."""
        found = self._read("SELECT url FROM leases WHERE table_id = %s AND expires >= %s",
                           (table_id, now))
        return found[0][0] if found else None

    # ----- the server's life ---------------------------------------------------------------
    def wake(self, now: float) -> float:
        """(Several processes: the time a table had nobody is charged to nobody when it is
        claimed again, table by table; nothing to do at a start.)"""
        return 0.0

    def close(self) -> None:
        for lock, db in ((self._lock, self._db), (self._read_lock, self._reader)):
            with lock, contextlib.suppress(Exception):
                db.close()


def open_postgres(url: str) -> PostgresStore:
    """The store at a PostgreSQL URL, or StoreRefused saying in one sentence why not."""
    psycopg = _psycopg()
    try:
        return PostgresStore(url)
    except StoreRefused:
        raise
    except psycopg.Error as exc:
        why = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise StoreRefused("server.db_unreachable", {"path": _safe(url), "why": why}) from None


def _safe(url: str) -> str:
    """A URL as it may be said (its password left out)."""
    if "@" in url and ":" in url.split("@", 1)[0].split("//", 1)[-1]:
        scheme, rest = url.split("//", 1)
        user, host = rest.split("@", 1)
        return f"{scheme}//{user.split(':', 1)[0]}:…@{host}"
    return url


__all__ = ["SCHEMA_VERSION", "PostgresStore", "open_postgres"]
