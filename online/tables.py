"""What the server holds of a table in memory: its seats, its log, who is connected
to it; and how a table is read from the store and written back as rows.

``core`` serves tables; this module only describes them, so each stays one concept.
A table's status and a seat's kind are enums: the core's table of which request is
allowed in which status reads them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from . import engine
from .engine import State
from .protocol import DEFAULT_AWAY
from .store import Loaded, SeatRow, TableRow, secret_hash
from .words import Said


class Status(Enum):
    OPEN = "open"        # seats being taken
    PLAYING = "playing"  # the game is under way
    OVER = "over"        # finished: its record may be shown


class Kind(Enum):
    HUMAN = "human"
    COMPUTER = "computer"


#: A seat's token is kept only as its hash, as is a private table's invite secret.
token_hash = secret_hash


@dataclass
class Seat:
    name: str
    kind: Kind
    level: str | None = None
    token_hash: str | None = None
    clock: float | None = None
    last_seen: float = 0.0
    #: The player key's hash (None: no key given), the steps its person and the
    #: table's computer made, the vacation days left (a table with a deadline a move).
    player_hash: str | None = None
    human_steps: int = 0
    computer_steps: int = 0
    vacation_left: int = 0
    #: The player's rating as shown beside the name (``online.seating.standing_of``;
    #: read from the store, never written with the seat).
    standing: dict[str, Any] | None = field(default=None, compare=False)

    def row(self) -> SeatRow:
        return SeatRow(self.name, self.kind.value, self.level, self.token_hash, self.clock,
                       self.last_seen, self.player_hash, self.human_steps,
                       self.computer_steps, self.vacation_left)

    @classmethod
    def of(cls, row: SeatRow) -> Seat:
        return cls(row.name, Kind(row.kind), row.level, row.token_hash, row.clock,
                   row.last_seen or 0.0, row.player_hash, row.human_steps or 0,
                   row.computer_steps or 0, row.vacation_left or 0)


@dataclass
class Table:
    id: str
    options: dict[str, Any]
    seed: str
    towns: list[str]
    status: Status
    invite_hash: str | None
    created: float
    turn_started: float | None = None
    #: The seat that played first (drawn at the start).
    first: int = 0
    #: When the player to move must have moved (a table with a deadline a move).
    deadline_at: float | None = None
    seats: dict[int, Seat] = field(default_factory=dict)
    steps: list[str] = field(default_factory=list)
    state: State | None = None
    #: Each watching connection and the seats whose views it is sent, one message each
    #: (none: a spectator's view).
    watchers: dict[Any, set[int]] = field(default_factory=dict)
    #: Each connection and every seat it has proven with a token (two people at one
    #: machine share a connection and hold two seats): who is present.
    holders: dict[Any, set[int]] = field(default_factory=dict)
    #: Each connection that follows the table from afar (whose turn it is, without the
    #: views: a player with many games at once) and the seats it holds there.
    followers: dict[Any, set[int]] = field(default_factory=dict)
    #: The computer players of the table's computer seats (they keep a turn's plan).
    players: dict[int, object] = field(default_factory=dict)
    #: The step number a computer player is thinking about (None: none is).
    thinking: int | None = None
    #: When anything last happened at the table (it may be unloaded once idle).
    touched: float = 0.0

    # ----- store rows ------------------------------------------------------------------
    def row(self) -> TableRow:
        return TableRow(self.id, self.options, self.seed, self.towns, self.status.value,
                        self.invite_hash, self.created, self.turn_started, self.first,
                        self.deadline_at)

    @classmethod
    def of(cls, loaded: Loaded, now: float) -> Table:
        """A table read back from the store, its game replayed from the log."""
        r = loaded.row
        t = cls(r.id, r.options, r.seed, list(r.towns), Status(r.status), r.invite_hash,
                r.created, r.turn_started, r.first, r.deadline_at, touched=now)
        t.seats = {i: Seat.of(s) for i, s in loaded.seats.items()}
        if t.status is not Status.OPEN:
            t.steps = list(loaded.steps)
            t.state = engine.replay(t.names(), t.towns, t.options["variant"], t.steps, t.first)
        return t

    # ----- what it says of itself ---------------------------------------------------------
    @property
    def size(self) -> int:
        return int(self.options["players"])

    @property
    def clock(self) -> dict[str, Any] | None:
        return self.options.get("clock")

    @property
    def away_limit(self) -> float:
        return float(self.options.get("away_limit", DEFAULT_AWAY))

    def record(self) -> str | None:
        if self.state is None or not self.state.over:
            return None
        return engine.record(list(self.state.names), self.towns, self.steps,
                             self.options["variant"], self.seed, self.first)

    def names(self) -> list[str]:
        return [self.seats[i].name for i in range(self.size)]

    def free_seat(self) -> int | None:
        return next((i for i in range(self.size) if i not in self.seats), None)

    def public_options(self) -> dict[str, Any]:
        return {k: v for k, v in self.options.items() if k != "rematch"}

    def seat_entries(self) -> list[dict[str, Any]]:
        return [{"seat": i, "name": s.name, "kind": s.kind.value,
                 **({"level": s.level} if s.kind is Kind.COMPUTER else {}),
                 **(s.standing or {})}
                for i, s in sorted(self.seats.items())]

    def lobby_entry(self, where: str) -> dict[str, Any]:
        """The table as a listing shows it (``where``: the server that owns it)."""
        entry = {"table": self.id, "players": self.size, "variant": self.options["variant"],
                 "first_game": self.options["first_game"], "clock": self.clock,
                 "status": self.status.value, "where": where, "seats": self.seat_entries()}
        for key in ("deadline", "vacation", "quick"):
            if key in self.options:
                entry[key] = self.options[key]
        if self.state is not None:
            entry["number"] = len(self.steps)
        return entry

    def seats_now(self, now: float) -> list[dict[str, Any]]:
        """The listing's seats, each saying whether it is held now (``here``) and, for
        a person not at the table, how long since they were last seen (``away_for``)."""
        seats = self.seat_entries()
        for s in seats:
            s["here"] = here = self.present(s["seat"])
            if not here and s["kind"] == "human":
                s["away_for"] = round(max(0.0, now - self.seats[s["seat"]].last_seen), 1)
        return seats

    def clock_left(self, seat: int, now: float) -> float | None:
        """A seat's time left now (the player to move's running since the turn began)."""
        s = self.seats.get(seat)
        left = s.clock if s else None
        if (left is not None and self.state is not None and not self.state.over
                and self.state.active == seat and self.turn_started):
            left -= now - self.turn_started
        return left

    def clocks_left(self, now: float) -> list[float | None] | None:
        """Each seat's time left; None without a clock."""
        if not self.clock:
            return None
        out: list[float | None] = []
        for i in range(self.size):
            left = self.clock_left(i, now)
            out.append(None if left is None else round(left, 1))
        return out

    # ----- who is here ---------------------------------------------------------------------
    def present(self, seat: int) -> bool:
        """Whether a connection holds ``seat`` now (a computer's seat always is)."""
        s = self.seats.get(seat)
        if s is not None and s.kind is Kind.COMPUTER:
            return True
        return any(seat in held for held in self.holders.values())

    def hold(self, conn: Any, seat: int) -> bool:
        """``conn`` has proven ``seat``; whether the seat was away until now."""
        was = self.present(seat)
        self.holders.setdefault(conn, set()).add(seat)
        return not was

    def let_go(self, conn: Any, seat: int | None = None) -> list[int]:
        """``conn`` gives up ``seat`` (None: every seat, as it closed); the seats that
        are away now."""
        held = self.holders.get(conn, set())
        gone = set(held) if seat is None else held & {seat}
        held -= gone
        if not held:
            self.holders.pop(conn, None)
        return sorted(s for s in gone if not self.present(s))

    def idle(self) -> bool:
        """Whether nobody is connected to the table and nothing waits on it."""
        return (not self.watchers and not self.holders and not self.followers
                and self.thinking is None)


class Bad(Said):
    """A request the server refuses: one sentence for the player (see ``Said``)."""


__all__ = ["DEFAULT_AWAY", "Bad", "Kind", "Seat", "Status", "Table", "secret_hash", "token_hash"]
