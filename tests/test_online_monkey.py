"""The UI monkey at an online table: this program hosts on 127.0.0.1, a friend's bare
client sits and plays its turns, the server's computer plays the third seat, and the
monkey throws its random events (clicks, drags, keys, menus, resizes, chat lines,
legal steps by the gesture robot) at the host's window.

After every event the monkey's own checks hold (no exception, every player's 13
markers in the game and on the table), and this machine's table agrees with the
server: every step the server confirmed is the one shown here, in order. At the end,
settled, the table shows exactly the server's log."""

from __future__ import annotations

import random
import time

import pygame
import pytest
from clienthelp import settle

from game.bench import careless_step
from online.client import Connection
from online.lobby import Lobby
from online.remote import RemoteSession
from scenes.core.intents import Play
from scenes.core.navigator import Screen
from scenes.core.netplay import read_code
from scenes.main import make_app
from scenes.screens.online import OnlineScene
from scenes.screens.waiting_room import WaitingRoomScene
from scenes.selftest.gestures import frames_until
from scenes.selftest.monkey import SMALL_SIZES, Monkey, MonkeyCrash
from scenes.table.scene import TableScene

pytestmark = pytest.mark.timeout(240)


class OnlineMonkey(Monkey):
    """The monkey, at one online table: it never deals a game of its own (away from
    the table too long, it opens this one again), a friend at another client plays
    Bob's turns, and the record check is the server's log."""

    def __init__(self, app, seed: int, remote: RemoteSession, friend: RemoteSession,
                 server, table: str) -> None:
        super().__init__(app, seed, players=3, sizes=SMALL_SIZES)
        self.remote, self.friend, self.server, self.table_id = remote, friend, server, table
        self.friend_rng = random.Random(seed + 2)
        self.friend_steps = 0
        self.agreed = 0  # steps checked against the server's log

    def deal(self) -> RemoteSession:  # type: ignore[override]
        self.app.navigator.start(Screen.TABLE, session=self.remote)
        self.hand.frames(2)
        self.follow()
        return self.remote

    def come_back(self) -> None:
        self.away = 0
        self.deal()
        # Away, the monkey may have hosted another table on this server: its waiting
        # room read the same connection and dropped this table's news. A player coming
        # back opens the game again, and that session asks for the table; this test's
        # kept session asks instead.
        self.remote.log.ask_snapshot(again=True)

    def settle(self) -> None:
        super().settle()
        friend = self.friend
        friend.poll()
        if friend.ready and friend.human_to_move and friend.log.pending is None:
            out = friend.submit(careless_step(friend.state, self.friend_rng))
            self.friend_steps += out.ok or out.pending

    def key(self) -> str:
        """Now and then a chat line (C, a few letters, Enter), else the monkey's keys."""
        if self.rng.random() < 0.1:
            self.hand.key(pygame.K_c)
            for ch in "ahoy":
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            self.hand.key(pygame.K_RETURN)
            return "chat line"
        return super().key()

    def check_record(self, session, autosave: bool = False) -> None:  # type: ignore[override]
        """What the server confirmed is what this table shows, in order (at any online
        table: the events may host another, or play a rematch; a game at this machine
        they lead to is checked as the monkey checks one)."""
        if not isinstance(session, RemoteSession):
            super().check_record(session, autosave)
            return
        logged = list(self.server.tables[session.table].steps)
        shown = list(session.steps)
        confirmed = len(shown) - session.log.unconfirmed
        if shown[:confirmed] != logged[:confirmed]:
            raise MonkeyCrash(f"seed {self.report.seed}: the table shows {shown[:confirmed]} "
                              f"where the server logged {logged[:confirmed]}")
        if session is self.remote:
            self.agreed = max(self.agreed, confirmed)
        self.report.replays += 1
        self.report.checks += 1

    def check(self) -> None:
        super().check()
        if self.session is not None:
            self.check_record(self.session)


def _frames(app, n: int = 1) -> None:
    for _ in range(n):
        app.run(max_frames=app.frames + 1, fixed_dt=1 / 30)
        time.sleep(0.002)


def _until(app, ok, seconds: float = 20.0) -> None:
    if not frames_until(app, ok, seconds):
        raise AssertionError("never reached")


def _online_table(app) -> tuple[RemoteSession, RemoteSession, Connection, str, str]:
    """Ann hosts through Play online, Bob sits from a bare client, a computer takes
    the third seat, the game starts: Ann's session, Bob's, his connection, the table
    and its invite secret."""
    app.navigator.start(Screen.ONLINE)
    _frames(app, 3)
    online = app.stack.top
    assert isinstance(online, OnlineScene)
    online.name.value = "Ann"
    online.host()
    _until(app, lambda: isinstance(app.stack.top, WaitingRoomScene)
           and app.stack.top.phase == "open" and app.stack.top.view is not None)
    room = app.stack.top
    url, _, secret = read_code(room.invite_code())
    friend = Connection(url).start()
    lobby = Lobby(friend)
    sat = lobby.sit(None, "Bob", secret)
    _until(app, lambda: (lobby.poll(), sat.done)[1])
    assert sat.ok and sat.reply is not None
    _until(app, lambda: len(room.seats) == 2)
    room.add_computer()
    _until(app, lambda: room.asking is None and len(room.seats) == 3)
    room.start()
    _until(app, lambda: isinstance(app.stack.top, TableScene))
    remote = app.stack.top.session
    assert isinstance(remote, RemoteSession)
    bob = RemoteSession(friend, room.table, {sat.reply.seat: sat.reply.token},
                        None, secret)
    _until(app, lambda: (bob.poll(), remote.ready and bob.ready)[1])
    return remote, bob, friend, room.table, secret


def test_the_monkey_at_an_online_table() -> None:
    app = make_app(window=(960, 540))
    friend: Connection | None = None
    try:
        remote, bob, friend, table, _ = _online_table(app)
        server = app.netplay.server.server
        monkey = OnlineMonkey(app, 11, remote, bob, server, table)
        report = monkey.run(200)
        assert report.events == 200
        assert {"click", "drag", "key", "menu pick", "legal step"} <= set(report.kinds)
        assert report.robot_steps >= 5 and monkey.friend_steps >= 1, (
            report.robot_steps, monkey.friend_steps)
        # Settled, this table shows exactly what the server logged.
        monkey.come_back()
        logged = server.tables[table].steps
        try:
            settle(lambda: (_frames(app), bob.poll()), lambda: remote.log.unconfirmed == 0
                   and remote.log.pending is None and len(remote.steps) == len(logged),
                   limit=60.0)
        except AssertionError as exc:  # (what stood in the way, for a failure on a busy machine)
            raise AssertionError(
                f"{exc}: {len(remote.steps)} steps shown of {len(logged)} logged, "
                f"{remote.log.unconfirmed} unconfirmed, pending {remote.log.pending}, "
                f"link {remote.place.link()}, top {type(app.stack.top).__name__}") from exc
        assert list(remote.steps) == list(server.tables[table].steps)
        assert len(remote.steps) >= 10 and monkey.agreed >= 10
    finally:
        if friend is not None:
            friend.close()
        app.netplay.close()


def test_the_monkey_at_the_end_of_an_online_game() -> None:
    """The final round, the scoring screen, the record kept, Play again: the game is
    played carelessly into its final round, and the monkey takes it from there."""
    app = make_app(window=(960, 540))
    friend: Connection | None = None
    rng = random.Random(5)
    try:
        remote, bob, friend, table, _ = _online_table(app)
        deadline = time.monotonic() + 60
        while not remote.state.final_round and time.monotonic() < deadline:
            _frames(app)
            bob.poll()
            top = app.stack.top
            if not isinstance(top, TableScene) or top.session is not remote:
                continue
            if remote.human_to_move and not top.films.animating and remote.log.pending is None:
                top.act(Play(careless_step(remote.state, rng)))
            elif bob.ready and bob.human_to_move and bob.log.pending is None:
                bob.submit(careless_step(bob.state, rng))
        assert remote.state.final_round and not remote.over
        server = app.netplay.server.server
        monkey = OnlineMonkey(app, 12, remote, bob, server, table)
        monkey.run(300)
        assert remote.over, "the monkey and the friend played the game to its end"
        assert server.tables[table].status.value == "over"
        assert list(remote.steps) == list(server.tables[table].steps)
    finally:
        if friend is not None:
            friend.close()
        app.netplay.close()
