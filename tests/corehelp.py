"""The server's core without sockets, for the tests: connections that are plain
objects, a clock the test moves, a store in memory (or on a file), and a store that
fails when told to."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from online import protocol as p
from online.core import Core
from online.store import Change, SQLiteStore, StoreFailed, open_store


class Conn:
    """A connection as the core sees one: an address, and what it was sent."""

    def __init__(self, address: str = "10.0.0.1") -> None:
        self.address = address

    def __repr__(self) -> str:
        return f"Conn({self.address})@{id(self) % 1000}"


class Failing:
    """A store whose writes fail while ``failing`` is set (a full disk, a file made
    read-only): it passes everything else to the store under it."""

    def __init__(self, store: SQLiteStore) -> None:
        self.store = store
        self.failing = False
        self.writes = 0

    def write(self, change: Change) -> None:
        if self.failing:
            raise StoreFailed("database or disk is full")
        self.writes += 1
        self.store.write(change)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)


def request(**fields: Any) -> Any:
    """A request as a client writes it, read as the server reads it (it must be one)."""
    msg = p.decode_request(json.dumps({"v": p.VERSION, **fields}))
    assert not isinstance(msg, p.Refusal), msg
    return msg


@dataclass
class Room:
    """A core, its clock, and what was sent to each connection."""

    core: Core
    now: float = 1000.0
    sent: dict[Any, list[Any]] = field(default_factory=dict)

    @classmethod
    def new(cls, store: Any = None, seed: int = 1, now: float = 1000.0, **kw: Any) -> Room:
        store = store if store is not None else open_store(":memory:")
        return cls(Core(store, now, rng=random.Random(seed), **kw), now)

    def ask(self, conn: Any, **fields: Any) -> Any:
        """Send one request; its direct reply (everything sent is kept in ``sent``)."""
        out = self.core.handle(conn, request(**fields), self.now)
        self._keep(out)
        assert out and out[0][0] is conn, out
        return out[0][1]

    def _keep(self, out: list) -> None:
        for conn, msg in out:
            p.encode(msg)  # everything the core sends can be written as JSON
            self.sent.setdefault(conn, []).append(msg)

    def close(self, conn: Any) -> None:
        self._keep(self.core.closed(conn, self.now))

    def tick(self, seconds: float = 0.0) -> None:
        self.now += seconds
        self._keep(self.core.tick(self.now))

    def think(self, limit: int = 10_000) -> int:
        """Every computer player's turn played, as the thinkers would; how many."""
        done = 0
        while self.core.jobs and done < limit:
            job = self.core.jobs.pop(0)
            self._keep(self.core.computer_step(job, job.run(), self.now))
            done += 1
        return done

    def last(self, conn: Any, kind: type = p.View) -> Any:
        return next(m for m in reversed(self.sent.get(conn, [])) if type(m) is kind)

    def table(self, players: int = 3, names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Dee"),
              start: bool = True, **options: Any) -> tuple[str, list[Any], list[str]]:
        """A table with every seat a person at a connection of their own; the table,
        the connections, the tokens."""
        conns = [Conn(f"10.0.0.{i + 1}") for i in range(players)]
        made = self.ask(conns[0], type="create", players=players, **options)
        tokens = []
        for conn, name in zip(conns, names, strict=False):
            seated = self.ask(conn, type="sit", table=made.table, name=name,
                              **({"invite": made.invite} if made.invite else {}))
            assert isinstance(seated, p.Seated), seated
            tokens.append(seated.token)
        if start:
            ok = self.ask(conns[0], type="start", table=made.table, seat=0, token=tokens[0])
            assert isinstance(ok, p.Ok), ok
        return made.table, conns, tokens

    def play(self, table: str, conns: list[Any], tokens: list[str], step: str | None = None,
             pick: Any = None) -> Any:
        """The seat to move plays ``step`` (or the first legal step); the reply."""
        t = self.core.tables[table]
        seat = t.state.active
        if step is None:
            legal = self.last(conns[seat]).legal if pick is None else None
            step = legal[0] if legal is not None else pick(t.state)
        return self.ask(conns[seat], type="step", table=table, seat=seat, token=tokens[seat],
                        number=len(t.steps), step=step)


__all__ = ["Conn", "Failing", "Room", "request"]
