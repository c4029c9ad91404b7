"""Helpers for the online client's tests: servers on 127.0.0.1, tables seated through
the lobby, and a pump that polls sessions until something holds (bounded in count
and in time, never asserting on either)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from onlinehelp import force_deal

from game.outcome import Chat, Notice, Outcome, outcomes
from game.words import Phrase
from online.client import Connection
from online.lobby import Ask, Lobby
from online.remote import RemoteSession
from online.thread import ServerThread
from online.view import public_state

FAST = {"connect_timeout": 2.0, "first_retry": 0.05, "max_retry": 0.2}


def url(port: int) -> str:
    return f"ws://127.0.0.1:{port}/"


def settle(poll: Callable[[], object], until: Callable[[], bool], rounds: int = 3000,
           pause: float = 0.002, limit: float = 15.0) -> None:
    """Call ``poll`` until ``until()`` holds: at most ``rounds`` times and ``limit``
    seconds (a bound, not a measure: reaching it fails the test)."""
    deadline = time.monotonic() + limit
    for _ in range(rounds):
        poll()
        if until():
            return
        if time.monotonic() > deadline:
            break
        time.sleep(pause)
    raise AssertionError("the sessions never reached the expected point")


class Heard:
    """A session's news as a test reads them: each ``poll`` taken through here keeps
    the notices (``said``) and the chat lines (seat, name, text), and gives the
    steps' outcomes."""

    def __init__(self, session: RemoteSession) -> None:
        self.session = session
        self.notices: list[Phrase | str] = []
        self.chat: list[tuple[int, str, str]] = []

    def poll(self) -> list[Outcome]:
        news = self.session.poll()
        self.notices += [n.said for n in news if isinstance(n, Notice)]
        self.chat += [(c.seat, c.name, c.text) for c in news if isinstance(c, Chat)]
        return outcomes(news)


def answered(lobby: Lobby, ask: Ask) -> Any:
    settle(lobby.poll, lambda: ask.done)
    assert ask.ok, ask.error
    assert ask.reply is not None
    return ask.reply




@dataclass
class Machine:
    """One player's machine: a connection (every frame it received kept) and a lobby."""

    connection: Connection
    lobby: Lobby
    raw: list[str] = field(default_factory=list)
    seats: dict[int, str] = field(default_factory=dict)

    @classmethod
    def open(cls, port: int, **options: float) -> Machine:
        raw: list[str] = []
        connection = Connection(url(port), trace=raw.append, **{**FAST, **options}).start()
        return cls(connection, Lobby(connection), raw)


#: The invite secret of each table ``seated_table`` made (the server keeps only hashes).
INVITES: dict[str, str] = {}


def invite_of(table: str) -> str:
    return INVITES[table]


def seated_table(server: ServerThread, names: list[str], towns: list[str] | None = None,
                 variant: str = "standard", computers: tuple[str, ...] = (),
                 machines: int | None = None) -> tuple[str, list[Machine]]:
    """A private table with ``names`` seated (one machine each, unless ``machines``
    is 1: then one machine holds every seat) and ``computers`` after them; started."""
    count = len(names) if machines is None else machines
    ms = [Machine.open(server.port) for _ in range(count)]
    made = answered(ms[0].lobby, ms[0].lobby.create(len(names) + len(computers),
                                                   variant=variant, private=True))
    table = made.table
    INVITES[table] = made.invite
    if towns is not None:
        force_deal(server, table, towns)
    for i, name in enumerate(names):
        m = ms[i % count]
        got = answered(m.lobby, m.lobby.sit(table, name, made.invite))
        assert got.seat == i
        m.seats[i] = got.token
    host = ms[0]
    token = host.seats[0]
    for level in computers:
        answered(host.lobby, host.lobby.add_computer(table, 0, token, level))
    answered(host.lobby, host.lobby.start(table, 0, token))
    # (the start's answer comes first, then every seat's view of the game begun)
    for m in ms:
        settle(m.lobby.poll, lambda m=m: getattr(m.lobby.views.get(table), "steps", None)
               is not None)
    return table, ms


def sessions_for(table: str, ms: list[Machine]) -> list[RemoteSession]:
    out = []
    for m in ms:
        view = m.lobby.views.get(table)
        started = view if view is not None and view.steps is not None else None
        out.append(RemoteSession(m.connection, table, m.seats, started))
    return out


def server_public(server: ServerThread, table: str) -> dict:
    return public_state(server.server.tables[table].state)


def close_all(ms: list[Machine]) -> None:
    for m in ms:
        m.connection.close()


def db(tmp: Path) -> str:
    return str(tmp / "tables.db")
