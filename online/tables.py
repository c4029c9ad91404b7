"""What the server knows of a table: its seats, its log, who is connected to it, and
the checks every message's fields go through.

``server`` serves tables; this module only describes them, so each stays one
concept (and under the project's 600 lines a module).
"""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass, field
from typing import Any

from . import engine
from .engine import State
from .words import Said

#: How long (seconds) a player may be gone before another seat may let the table's
#: computer play for them, unless the table says otherwise (its ``away_limit``).
DEFAULT_AWAY = 600.0


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Seat:
    name: str
    kind: str  # "human" or "computer"
    level: str | None = None
    token_hash: str | None = None
    clock: float | None = None
    last_seen: float = 0.0


@dataclass
class Table:
    id: str
    options: dict
    seed: str
    towns: list[str]
    status: str  # open, playing, over
    invite: str | None
    created: float
    turn_started: float | None = None
    seats: dict[int, Seat] = field(default_factory=dict)
    steps: list[str] = field(default_factory=list)
    state: State | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: Each watching connection and the seat whose view it is sent (None: a spectator).
    watchers: dict[Any, int | None] = field(default_factory=dict)
    #: Each connection and every seat it has proven with a token (two people at one
    #: machine share a connection and hold two seats): who is present.
    holders: dict[Any, set[int]] = field(default_factory=dict)
    players: dict[int, object] = field(default_factory=dict)
    thinking: bool = False

    @property
    def size(self) -> int:
        return self.options["players"]

    def record(self) -> str | None:
        if self.state is None or not self.state.over:
            return None
        return engine.record(list(self.state.names), self.towns, self.steps,
                             self.options["variant"], self.seed)

    def names(self) -> list[str]:
        return [self.seats[i].name for i in range(self.size)]

    def public_options(self) -> dict:
        return {k: v for k, v in self.options.items() if k != "rematch"}

    def lobby_entry(self, where: str) -> dict:
        """The table as a listing shows it (``where``: the server that owns it)."""
        return {"table": self.id, "players": self.size, "variant": self.options["variant"],
                "first_game": self.options["first_game"], "clock": self.options["clock"],
                "status": self.status, "where": where,
                "seats": [{"seat": i, "name": s.name, "kind": s.kind,
                           **({"level": s.level} if s.kind == "computer" else {})}
                          for i, s in sorted(self.seats.items())]}

    def seats_now(self, where: str, now: float) -> list[dict]:
        """The listing's seats, each saying whether it is held now (``here``) and, for
        a person not at the table, how long since they were last seen (``away_for``)."""
        seats = [{**s, "here": self.present(s["seat"])} for s in self.lobby_entry(where)["seats"]]
        for s in seats:
            if not s["here"] and s["kind"] == "human":
                s["away_for"] = round(max(0.0, now - self.seats[s["seat"]].last_seen), 1)
        return seats

    def clocks_left(self, now: float) -> list[float | None] | None:
        """Each seat's time left (the player to move's running since the turn began);
        None without a clock."""
        if not self.options["clock"]:
            return None
        out: list[float | None] = []
        for i in range(self.size):
            s = self.seats.get(i)
            left = s.clock if s else None
            if (left is not None and self.state is not None and not self.state.over
                    and self.state.active == i and self.turn_started):
                left -= now - self.turn_started
            out.append(None if left is None else round(left, 1))
        return out

    def present(self, seat: int) -> bool:
        """Whether a connection holds ``seat`` now (a computer's seat always is)."""
        s = self.seats.get(seat)
        if s is not None and s.kind == "computer":
            return True
        return any(seat in held for held in self.holders.values())

    def hold(self, ws: Any, seat: int) -> bool:
        """``ws`` has proven ``seat``; whether the seat was away until now."""
        was = self.present(seat)
        self.holders.setdefault(ws, set()).add(seat)
        return not was

    def let_go(self, ws: Any, seat: int | None = None) -> list[int]:
        """``ws`` gives up ``seat`` (None: every seat, as it closed); the seats that
        are away now."""
        held = self.holders.get(ws, set())
        gone = set(held) if seat is None else held & {seat}
        held -= gone
        if not held:
            self.holders.pop(ws, None)
        return sorted(s for s in gone if not self.present(s))


class Bad(Said):
    """A request the server refuses: one sentence for the player (see ``Said``)."""


def field_of(msg: dict, name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    """The field ``name`` of a message, of type ``kind`` (Bad when missing, unless a
    ``default`` is given, or of another type)."""
    if name not in msg:
        if default is ...:
            raise Bad("server.field_missing", {"name": repr(name)})
        return default
    value = msg[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise Bad("server.field_type", {"name": repr(name)})
    return value


__all__ = ["DEFAULT_AWAY", "Bad", "Seat", "Table", "field_of", "token_hash"]
