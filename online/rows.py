"""What a store holds and what is written to it, apart from any store: a table's,
a seat's and a step's rows, a change (one transaction), the leases by which several
server processes share a store, the store's interface, and how a write or an opening
fails. ``online.store`` (SQLite) and ``online.pgstore`` (PostgreSQL) both build on it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from .words import Said


@dataclass
class TableRow:
    id: str
    options: dict[str, Any]
    seed: str
    towns: list[str]
    status: str
    invite_hash: str | None
    created: float
    turn_started: float | None = None
    first: int = 0
    #: When the player to move must have moved (a table with a deadline a move).
    deadline_at: float | None = None


@dataclass
class SeatRow:
    name: str
    kind: str
    level: str | None = None
    token_hash: str | None = None
    clock: float | None = None
    last_seen: float | None = None
    #: The hash of the player key of whoever took the seat (a player known across
    #: tables); the steps made at it by its person and by the table's computer (a seat
    #: played mostly by the computer is not rated); vacation days it has left.
    player_hash: str | None = None
    human_steps: int = 0
    computer_steps: int = 0
    vacation_left: int = 0


#: A new player's rating (OpenSkill's own start: mu 25, sigma 25/3).
FRESH = (25.0, 25.0 / 3)


@dataclass
class RatingRow:
    """A player's rating at one player count (OpenSkill's Plackett-Luce: ``mu`` and
    ``sigma``), the games rated and the games left before their end, and the name they
    last played under."""

    player_hash: str
    players: int
    mu: float
    sigma: float
    games: int = 0
    left: int = 0
    name: str = ""


@dataclass
class StepRow:
    table: str
    number: int
    text: str
    seat: int
    at: float


@dataclass
class Loaded:
    """A table as the store holds it."""

    row: TableRow
    seats: dict[int, SeatRow]
    steps: list[str]


@dataclass(frozen=True)
class Holder:
    """A server process as a table's owner (several share a store): its id, the address
    clients reach it by, the time, and how long a lease it takes or renews lasts."""

    node: str
    url: str
    now: float
    ttl: float


@dataclass(frozen=True)
class Owner:
    """Who holds a table's lease after a claim: the process and its address, and how
    long the table had nobody (the time the last owner was gone, charged to nobody)."""

    node: str
    url: str
    down: float = 0.0


@dataclass
class Change:
    """What one request changes, written in one transaction: tables made, fields of
    tables (the options as an object), seats put (or dropped: None), steps added.

    Where several processes share the store, ``holder`` says who writes: a table made
    is leased to it, and every other table the change touches must be leased to it
    still (else ``LeaseLost``, and nothing is written). A change may also ``claim`` a
    table's lease (the write's result is then its ``Owner``), ``renew`` every lease of
    its holder (the result: the tables still held) or ``release`` leases."""

    tables: list[TableRow] = field(default_factory=list)
    fields: dict[str, dict[str, object]] = field(default_factory=dict)
    seats: list[tuple[str, int, SeatRow | None]] = field(default_factory=list)
    steps: list[StepRow] = field(default_factory=list)
    #: The server's sign of life (when it was last alive), if this change says it.
    alive: float | None = None
    holder: Holder | None = None
    claim: str | None = None
    renew: bool = False
    release: list[str] | None = None
    #: Ratings written whole (after a rated game), and games left counted (a player
    #: key, the player count and the name).
    ratings: list[RatingRow] = field(default_factory=list)
    left: list[tuple[str, int, str]] = field(default_factory=list)

    def touched(self) -> set[str]:
        """The tables (made before) this change writes to."""
        made = {t.id for t in self.tables}
        return ({*self.fields, *(s[0] for s in self.seats), *(s.table for s in self.steps)}
                - made)

    def table(self, table_id: str, **values: object) -> Change:
        self.fields.setdefault(table_id, {}).update(values)
        return self

    def seat(self, table_id: str, seat: int, row: SeatRow | None) -> Change:
        self.seats.append((table_id, seat, row))
        return self


class StoreFailed(Exception):
    """A write that did not happen (a full disk, a file made read-only...): nothing
    of it was written."""


class StepTaken(StoreFailed):
    """A step row for a number the log has already."""


class LeaseLost(StoreFailed):
    """The change touches a table whose lease its holder no longer has (another
    process took the table over): nothing was written."""

    def __init__(self, table: str) -> None:
        super().__init__(f"the lease of table {table} is held elsewhere")
        self.table = table


class Store(Protocol):
    #: Whether several server processes share this store (leases decide who serves
    #: a table); False: one server per store, which serves every table.
    shared: bool

    def write(self, change: Change) -> Any: ...
    def load(self, table_id: str) -> Loaded | None: ...
    def live(self) -> list[str]: ...
    def find_invite(self, invite_hash: str) -> str | None: ...
    def steps(self, table_id: str) -> list[str]: ...
    def open_tables(self, now: float) -> list[tuple[Loaded, str | None]]: ...
    def owner(self, table_id: str, now: float) -> str | None: ...
    def ratings(self, hashes: list[str], players: int) -> dict[str, RatingRow]: ...
    def leaders(self, players: int, limit: int) -> list[RatingRow]: ...
    def wake(self, now: float) -> float: ...
    def close(self) -> None: ...


def secret_hash(secret: str) -> str:
    """What the store keeps of a secret (a seat's token, a private table's invite):
    its SHA-256, so the file of tables opens no seat and no table."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


#: (in the order of ``TableRow``'s fields)
_TABLE_COLUMNS = ("id", "options", "seed", "towns", "status", "invite_hash", "created",
                  "turn_started", "first", "deadline_at")
_FIELDS = frozenset(_TABLE_COLUMNS) - {"id"}
_SEAT_COLUMNS = ("name", "kind", "level", "token_hash", "clock", "last_seen", "player_hash",
                 "human_steps", "computer_steps", "vacation_left")
_RATING_COLUMNS = ("player_hash", "players", "mu", "sigma", "games", "left_games", "name")
def table_values(t: TableRow) -> tuple[Any, ...]:
    """A table row's values in the order of ``_TABLE_COLUMNS`` (its lists as JSON)."""
    return (t.id, _json(t.options), t.seed, _json(t.towns), t.status, t.invite_hash,
            t.created, t.turn_started, t.first, t.deadline_at)


def seat_values(row: SeatRow) -> tuple[Any, ...]:
    """A seat row's values in the order of ``_SEAT_COLUMNS``."""
    return tuple(getattr(row, c) for c in _SEAT_COLUMNS)


def rating_values(row: RatingRow) -> tuple[Any, ...]:
    return (row.player_hash, row.players, row.mu, row.sigma, row.games, row.left, row.name)


#: Columns later versions added: (table, column, its declaration), for a store made by
#: an earlier one.
ADDED = (("tables", "deadline_at", "REAL"), ("seats", "player_hash", "TEXT"),
         ("seats", "human_steps", "INTEGER NOT NULL DEFAULT 0"),
         ("seats", "computer_steps", "INTEGER NOT NULL DEFAULT 0"),
         ("seats", "vacation_left", "INTEGER NOT NULL DEFAULT 0"))


class StoreRefused(Said):
    """A store that cannot be opened: one sentence (key and values) saying what and
    where."""


__all__ = ["ADDED", "FRESH", "Change", "Holder", "LeaseLost", "Loaded", "Owner", "RatingRow",
           "SeatRow", "StepRow", "StepTaken", "Store", "StoreFailed", "StoreRefused", "TableRow",
           "rating_values", "seat_values", "secret_hash", "table_values"]
