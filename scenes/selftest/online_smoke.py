"""The self-test's online part: this program hosts a table on 127.0.0.1, a second
connection joins it with the invite code (as a friend's program would), and each
makes a step, the host's by a drag at the table. It proves the executable carries
what online play needs (the server, the client, websockets, SQLite)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from game.listing import legal_steps
from game.words import Phrase
from online import protocol as p
from online.client import Connection
from online.lobby import Lobby
from online.remote import RemoteSession
from scenes.core.app import App
from scenes.core.navigator import Screen
from scenes.core.netplay import read_code
from scenes.core.scene import Scene
from scenes.screens.online import OnlineScene
from scenes.screens.waiting_room import WaitingRoomScene
from scenes.selftest.gestures import GestureError, Hand, frames_until
from scenes.table.scene import TableScene

#: Every wait below is bounded: this many seconds at most (and so frames).
SECONDS = 30.0


def _until(app: App, ok: Callable[[], bool], also: Callable[[], object] = lambda: None) -> bool:
    def done() -> bool:
        also()
        return ok()
    return frames_until(app, done, SECONDS)


class HostFirst:
    """The starting seat the server draws, fixed at the host's (seat 0), so that the
    self-test's script knows who plays first."""

    @staticmethod
    def randrange(players: int) -> int:
        return 0


S = TypeVar("S", bound=Scene)


def _top(app: App, kind: type[S]) -> S:
    """The scene in front, which must be a ``kind``."""
    top = app.stack.top
    if not isinstance(top, kind):
        raise GestureError(f"{kind.__name__} is not in front but {type(top).__name__}")
    return top


def online_smoke(app: App, hand: Hand) -> str:
    """Host, join, a step each; a sentence saying what was done (GestureError when
    something did not happen)."""
    app.netplay.rng = HostFirst()
    app.navigator.start(Screen.ONLINE)
    if not _until(app, lambda: type(app.stack.top).__name__ == "OnlineScene"):
        raise GestureError("Play online did not open")
    online = _top(app, OnlineScene)
    online.name.value = "Ann"
    online.host()
    room = app.stack.top
    if not _until(app, lambda: getattr(app.stack.top, "phase", "") == "open"
                  and getattr(app.stack.top, "view", None) is not None):
        raise GestureError(f"the hosted table did not open ({getattr(room, 'message', '')})")
    room = _top(app, WaitingRoomScene)
    code = room.invite_code()
    read = read_code(code or "")
    if isinstance(read, Phrase) or not read[0].startswith("ws://127.0.0.1:"):
        raise GestureError(f"the invite code {code!r} does not lead to 127.0.0.1")
    url, table, secret = read
    friend = Connection(url).start()
    try:
        lobby = Lobby(friend)
        ask = lobby.sit(table, "Bob", secret)
        if not _until(app, lambda: ask.done, lobby.poll) or not ask.ok or ask.reply is None:
            raise GestureError(f"the friend could not sit ({ask.error})")
        seated = ask.answer(p.Seated)
        table = seated.table  # a short code names no table: the server did
        if not _until(app, lambda: len(room.seats) == 2):
            raise GestureError("the waiting room never showed the friend")
        room.add_computer()
        if not _until(app, lambda: len(room.seats) == 3 and room.asking is None):
            raise GestureError("no computer took the last seat")
        room.start()
        if not _until(app, lambda: any(isinstance(s, TableScene) for s in app.stack.scenes)):
            raise GestureError("the game did not start")
        if not _until(app, lambda: isinstance(app.stack.top, TableScene)):
            raise GestureError("the table never came to the front")
        table_scene = hand.table
        hand.play("employ")  # the host's step, by a drag
        bob = RemoteSession(friend, table, {1: seated.token})
        if not _until(app, lambda: bob.ready and "employ" in bob.steps[:1], bob.poll):
            raise GestureError("the friend never saw the host's step")
        hand.play("employ")
        hand.play("end")
        if not _until(app, lambda: bob.human_to_move, bob.poll):
            raise GestureError("the turn never came to the friend")
        bob.submit(legal_steps(bob.state)[0])
        made = len(bob.steps)
        if not _until(app, lambda: len(table_scene.session.steps) >= made):
            raise GestureError("the host never saw the friend's step")
        return (f"online: hosted on 127.0.0.1, joined by code, {made} steps seen on both "
                f"machines")
    finally:
        friend.close()
        app.netplay.close()


__all__ = ["HostFirst", "online_smoke"]
