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
    options: dict
    seed: str
    towns: list[str]
    status: str
    invite_hash: str | None
    created: float
    turn_started: float | None = None
    first: int = 0


@dataclass
class SeatRow:
    name: str
    kind: str
    level: str | None = None
    token_hash: str | None = None
    clock: float | None = None
    last_seen: float | None = None


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
                  "turn_started", "first")
_FIELDS = frozenset(_TABLE_COLUMNS) - {"id"}
_SEAT_COLUMNS = ("name", "kind", "level", "token_hash", "clock", "last_seen")


class StoreRefused(Said):
    """A store that cannot be opened: one sentence (key and values) saying what and
    where."""


__all__ = ["Change", "Holder", "LeaseLost", "Loaded", "Owner", "SeatRow", "StepRow", "StepTaken",
           "Store", "StoreFailed", "StoreRefused", "TableRow", "secret_hash"]
