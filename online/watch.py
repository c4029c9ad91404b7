"""Your turn, everywhere: the program keeps up with every table in My online games.

Why: a player with games on several servers, played over days, must learn that it is
their turn without opening each table, whatever screen the program shows. While the
program runs it keeps one light connection to each server where it holds a seat
(``online.client.Connection``, on its own thread), and asks that server to ``follow``
those seats: the answer says where each table stands, and every step at one of them
sends a ``turn`` (whose turn, the step number, a turn-a-day deadline) without the
table's views. A reconnection follows them again.

Nothing here waits. ``keep(games)`` says which seats to follow (the connections open,
or close, to match), ``poll()``, once a frame on the main thread, drains the
connections and returns the tables whose standing changed; ``turns`` holds every
table's last standing and ``mine()`` the ones where the player is to move, the
longest waiting first. A server that cannot be reached is tried again by its
connection; until it answers its tables keep what was last heard. This module imports
no pygame.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from .client import Connection, Failed, Pushed, Reply
from .inbound import FollowedAll, TurnNews

#: The most events drained from one connection a frame (the rest wait: a frame stays
#: short whatever a server sends).
EVENTS_A_FRAME = 50


class Link(Protocol):
    """What the watcher needs of a connection (``online.client.Connection``)."""

    on_reconnect: list[dict[str, Any]]

    def start(self) -> Any: ...
    def send(self, msg: dict[str, Any], resend: bool | None = None) -> int: ...
    def events(self, limit: int | None = None) -> list[Any]: ...
    def close(self, timeout: float = 5.0) -> None: ...


@dataclass(frozen=True)
class Held:
    """A seat this program holds (from My online games)."""

    server: str
    table: str
    seat: int
    token: str


@dataclass(frozen=True)
class Standing:
    """Where one followed table stands, as its server last said: its status, the seat
    to move (None before the start and after the end), the next step's number, the
    seconds left to a turn-a-day deadline (as of ``heard``), or why it cannot be
    followed (``refused``: a sentence key)."""

    server: str
    table: str
    seats: frozenset[int]
    status: str | None = None
    active: int | None = None
    number: int | None = None
    deadline: float | None = None
    refused: str | None = None
    heard: float = 0.0
    #: Where the table is served now (another process of the same server), when the
    #: server said so instead of its standing.
    where: str | None = None

    @property
    def my_turn(self) -> bool:
        return self.status == "playing" and self.active in self.seats


def _default_link(url: str) -> Link:
    return Connection(url, first_retry=2.0, max_retry=60.0)


class Watcher:
    """Every followed table's standing (see the module's docstring)."""

    def __init__(self, link: Callable[[str], Link] = _default_link,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._link = link
        self._clock = clock
        self._links: dict[str, Link] = {}
        self._held: dict[str, tuple[Held, ...]] = {}
        #: Each followed table's standing, by (server, table).
        self.turns: dict[tuple[str, str], Standing] = {}
        #: Servers whose connection gave up (the sentence's key), by server.
        self.unreachable: dict[str, str] = {}

    # ----- what to follow ----------------------------------------------------------------
    def keep(self, seats: Iterable[Held]) -> None:
        """Follow exactly these seats: a server with a new set is asked to follow it
        (a server no longer named is let go)."""
        by_server: dict[str, list[Held]] = {}
        for held in seats:
            by_server.setdefault(held.server, []).append(held)
        for server in [s for s in self._links if s not in by_server]:
            self._links.pop(server).close(timeout=0.5)
            self._held.pop(server, None)
            self.unreachable.pop(server, None)
        for key in [k for k in self.turns if k[0] not in by_server]:
            del self.turns[key]
        for server, kept in by_server.items():
            chosen = tuple(sorted(set(kept), key=lambda h: (h.table, h.seat)))
            if self._held.get(server) == chosen:
                continue
            self._held[server] = chosen
            link = self._links.get(server)
            if link is None:
                link = self._links[server] = self._link(server)
                link.start()
            follow = {"type": "follow", "seats": [
                {"table": h.table, "seat": h.seat, "token": h.token} for h in chosen]}
            link.on_reconnect = [follow]
            link.send(follow, resend=True)
            tables = {h.table for h in chosen}
            for key in [k for k in self.turns if k[0] == server and k[1] not in tables]:
                del self.turns[key]

    # ----- what the servers say ----------------------------------------------------------
    def poll(self) -> list[Standing]:
        """Drain every connection (never waits): the tables whose standing changed."""
        changed: dict[tuple[str, str], Standing] = {}
        now = self._clock()
        for server, link in list(self._links.items()):
            for event in link.events(EVENTS_A_FRAME):
                for standing in self._heard(server, event, now):
                    key = (server, standing.table)
                    before = self.turns.get(key)
                    self.turns[key] = standing
                    if before is None or replace(before, heard=0.0, deadline=None) != \
                            replace(standing, heard=0.0, deadline=None):
                        changed[key] = standing
        return list(changed.values())

    def _heard(self, server: str, event: Any, now: float) -> list[Standing]:
        if isinstance(event, Failed):
            self.unreachable[server] = event.sentence.key
            return []
        msg = event.msg if isinstance(event, (Reply, Pushed)) else None
        if msg is not None:
            self.unreachable.pop(server, None)
        seats = self._seats(server)
        if isinstance(msg, FollowedAll):
            out = []
            for entry in msg.tables:
                if entry.table not in seats:
                    continue  # (an answer to a list no longer followed)
                out.append(Standing(server, entry.table, seats[entry.table], entry.status,
                                    entry.active, entry.number, entry.deadline,
                                    entry.refused, now, entry.where))
            return out
        if isinstance(msg, TurnNews) and msg.table in seats:
            return [Standing(server, msg.table, seats[msg.table], msg.status, msg.active,
                             msg.number, msg.deadline, None, now)]
        return []

    def _seats(self, server: str) -> dict[str, frozenset[int]]:
        seats: dict[str, set[int]] = {}
        for held in self._held.get(server, ()):
            seats.setdefault(held.table, set()).add(held.seat)
        return {table: frozenset(s) for table, s in seats.items()}

    # ----- what the screens ask ----------------------------------------------------------
    def mine(self) -> list[Standing]:
        """The tables where the player is to move: the nearest deadline first, then the
        longest heard of."""
        mine = [s for s in self.turns.values() if s.my_turn]
        return sorted(mine, key=lambda s: (s.deadline is None, s.deadline or 0.0, s.heard,
                                           s.server, s.table))

    def deadline_left(self, standing: Standing) -> float | None:
        """The seconds left to ``standing``'s deadline now (it runs down since heard)."""
        if standing.deadline is None:
            return None
        return max(0.0, standing.deadline - (self._clock() - standing.heard))

    def close(self) -> None:
        for link in self._links.values():
            link.close(timeout=0.5)
        self._links.clear()
        self._held.clear()


__all__ = ["EVENTS_A_FRAME", "Held", "Link", "Standing", "Watcher"]
