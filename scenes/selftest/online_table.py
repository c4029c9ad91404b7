"""A started online table on 127.0.0.1, seen from one seat, and a way to stall its
server: what the test of a stalled server (tests/test_online_table.py) and the
developers' ``--bench-stall`` (``scenes.devtools.stallbench``) both stand on.

A server hosts a 3-seat private table; one connection holds Ann's seat (the first to
play), a second Bob's, and the server plays the third. ``stall`` blocks the server's
event loop, as a server that neither answers nor reads would.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

from online import protocol as p
from online.client import Connection
from online.lobby import Lobby
from online.remote import RemoteSession
from online.thread import ServerThread
from scenes.selftest.online_smoke import HostFirst

#: Every wait here is bounded (seconds).
LIMIT = 30.0


def _wait(ok: Callable[[], bool], poll: Callable[[], object] = lambda: None) -> None:
    deadline = time.monotonic() + LIMIT
    while not ok():
        poll()
        if time.monotonic() > deadline:
            raise RuntimeError("the table never got ready")
        time.sleep(0.005)


def online_table(folder: str) -> tuple[ServerThread, RemoteSession, RemoteSession]:
    """A started 3-seat table on 127.0.0.1, Ann's seat first: (the server, the seat 0
    session, seat 1's)."""
    server = ServerThread(os.path.join(folder, "tables.sqlite3"), rng=HostFirst())
    port = server.start()
    url = f"ws://127.0.0.1:{port}/"
    one, two = Connection(url).start(), Connection(url).start()
    lobby_one, lobby_two = Lobby(one), Lobby(two)
    made = lobby_one.create(3, private=True)
    _wait(lambda: made.done, lobby_one.poll)
    created = made.answer(p.Created)
    table, secret = created.table, created.invite
    ann = lobby_one.sit(table, "Ann", secret)
    _wait(lambda: ann.done, lobby_one.poll)
    bob = lobby_two.sit(table, "Bob", secret)
    _wait(lambda: bob.done, lobby_two.poll)
    token = ann.answer(p.Seated).token
    computer = lobby_one.add_computer(table, 0, token, "easy")
    _wait(lambda: computer.done, lobby_one.poll)
    start = lobby_one.start(table, 0, token)
    _wait(lambda: start.done, lobby_one.poll)
    here = RemoteSession(one, table, {0: token})
    there = RemoteSession(two, table, {1: bob.answer(p.Seated).token})
    _wait(lambda: here.ready and there.ready, lambda: (here.poll(), there.poll()))
    return server, here, there


def stall(server: ServerThread, release: threading.Event) -> None:
    """Block the server's event loop until ``release`` is set (or LIMIT passes)."""
    server._loop.call_soon_threadsafe(release.wait, LIMIT)


__all__ = ["LIMIT", "online_table", "stall"]
