"""Your turn, everywhere: the watcher keeps one light connection to each server it holds
seats at (real servers on 127.0.0.1), follows those seats, and knows within moments
when it becomes the player's turn at any of them; a server's lying answer changes
nothing; a server that goes away leaves its tables as last heard."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from onlinehelp import Client, FirstSeat

from online.thread import ServerThread
from online.watch import Held, Watcher

pytestmark = [pytest.mark.timeout(60)]


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[ServerThread]]:
    started = [ServerThread(str(tmp_path / f"tables{i}.db"), rng=FirstSeat()) for i in range(2)]
    for s in started:
        s.start()
    yield started
    for s in started:
        s.stop()


async def _game(port: int, players: int = 3) -> tuple[Client, str, list[dict]]:
    """A started table whose seats one connection holds (seat 0 plays first)."""
    c = await Client.open(port)
    table = (await c.ask(type="create", players=players))["table"]
    seats = [await c.ask(type="sit", table=table, name=n) for n in ("Ann", "Bob", "Cy", "Dee")
             [:players]]
    await c.ask(type="start", table=table, seat=0, token=seats[0]["token"])
    return c, table, seats


async def _until(watcher: Watcher, ok, seconds: float = 10.0) -> list:
    """Poll as the program does once a frame, until ``ok()`` (bounded in time)."""
    heard: list = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        heard += watcher.poll()
        if ok():
            return heard
        await asyncio.sleep(0.02)
    raise AssertionError(f"not within {seconds} s: {watcher.turns}")


@pytest.mark.asyncio
async def test_the_players_turn_is_known_at_tables_on_two_servers(
        servers: list[ServerThread]) -> None:
    (one, t1, s1), (two, t2, s2) = [await _game(s.port) for s in servers]
    urls = [f"ws://127.0.0.1:{s.port}/" for s in servers]
    watcher = Watcher()
    try:
        # This program holds seat 1 at the first table and seat 2 at the second.
        watcher.keep([Held(urls[0], t1, 1, s1[1]["token"]),
                      Held(urls[1], t2, 2, s2[2]["token"])])
        await _until(watcher, lambda: len(watcher.turns) == 2)
        assert watcher.mine() == []
        assert {(s.table, s.active, s.number) for s in watcher.turns.values()} == \
            {(t1, 0, 0), (t2, 0, 0)}
        # Seat 0 ends its turn at the first table: it is seat 1's, this player's.
        await one.ask(type="step", table=t1, seat=0, token=s1[0]["token"], number=0,
                      step="end")
        heard = await _until(watcher, lambda: bool(watcher.mine()))
        assert [s.table for s in heard] == [t1]
        assert [(s.table, s.active) for s in watcher.mine()] == [(t1, 1)]
        # And at the second table, two turns on.
        for seat, number in ((0, 0), (1, 1)):
            await two.ask(type="step", table=t2, seat=seat, token=s2[seat]["token"],
                          number=number, step="end")
        await _until(watcher, lambda: len(watcher.mine()) == 2)
        # Played at the first table: only the second is the player's turn now.
        await one.ask(type="step", table=t1, seat=1, token=s1[1]["token"], number=1,
                      step="end")
        await _until(watcher, lambda: [s.table for s in watcher.mine()] == [t2])
    finally:
        watcher.close()
        await one.close()
        await two.close()


@pytest.mark.asyncio
async def test_a_seat_no_longer_held_or_a_wrong_token_is_not_followed(
        servers: list[ServerThread]) -> None:
    one, t1, s1 = await _game(servers[0].port)
    url = f"ws://127.0.0.1:{servers[0].port}/"
    watcher = Watcher()
    try:
        watcher.keep([Held(url, t1, 1, "not-the-token")])
        await _until(watcher, lambda: (url, t1) in watcher.turns)
        assert watcher.turns[(url, t1)].refused == "server.wrong_token"
        watcher.keep([Held(url, t1, 0, s1[0]["token"])])
        await _until(watcher, lambda: watcher.turns.get((url, t1)) is not None
                     and watcher.turns[(url, t1)].refused is None)
        assert [s.table for s in watcher.mine()] == [t1]
        watcher.keep([])
        assert watcher.turns == {} and watcher.mine() == []
    finally:
        watcher.close()
        await one.close()


@pytest.mark.asyncio
async def test_a_server_gone_leaves_its_tables_as_last_heard(tmp_path: Path) -> None:
    server = ServerThread(str(tmp_path / "tables.db"), rng=FirstSeat())
    server.start()
    one, t1, s1 = await _game(server.port)
    url = f"ws://127.0.0.1:{server.port}/"
    watcher = Watcher()
    try:
        watcher.keep([Held(url, t1, 0, s1[0]["token"])])
        await _until(watcher, lambda: bool(watcher.mine()))
        await one.close()
        server.stop()
        for _ in range(20):
            watcher.poll()
            await asyncio.sleep(0.02)
        assert [s.table for s in watcher.mine()] == [t1]
    finally:
        watcher.close()


class _FakeLink:
    """A connection that sends what the test puts in it."""

    opened: ClassVar[list[_FakeLink]] = []

    def __init__(self, url: str) -> None:
        self.url = url
        self.on_reconnect: list[dict] = []
        self.sent: list[dict] = []
        self.pending: list = []
        self.closed = False
        _FakeLink.opened.append(self)

    def start(self) -> _FakeLink:
        return self

    def send(self, msg: dict, resend: bool | None = None) -> int:
        self.sent.append(msg)
        return len(self.sent)

    def events(self, limit: int | None = None) -> list:
        out, self.pending = self.pending[:limit], self.pending[limit:]
        return out

    def close(self, timeout: float = 5.0) -> None:
        self.closed = True


def test_thirty_tables_on_three_servers_take_three_connections_and_one_follow_each() -> None:
    _FakeLink.opened = []
    watcher = Watcher(link=_FakeLink, clock=lambda: 100.0)
    seats = [Held(f"ws://s{i % 3}:47147/", f"t{i:02d}", i % 4, f"tok{i}") for i in range(30)]
    watcher.keep(seats)
    assert len(_FakeLink.opened) == 3
    assert all(len(link.sent) == 1 and len(link.sent[0]["seats"]) == 10
               for link in _FakeLink.opened)
    assert all(link.on_reconnect == link.sent for link in _FakeLink.opened)
    watcher.keep(seats)  # (the same seats again: nothing sent)
    assert all(len(link.sent) == 1 for link in _FakeLink.opened)
    watcher.keep(seats[:20])  # (fewer: each server told its new list)
    assert [len(link.sent[-1]["seats"]) for link in _FakeLink.opened] == [7, 7, 6]


def test_what_a_server_says_of_tables_not_followed_is_not_taken() -> None:
    from online.client import Pushed, Reply
    from online.inbound import Followed, FollowedAll, TurnNews

    _FakeLink.opened = []
    watcher = Watcher(link=_FakeLink, clock=lambda: 100.0)
    watcher.keep([Held("ws://s:1/", "mine", 2, "tok")])
    link = _FakeLink.opened[0]
    link.pending = [
        Reply(1, FollowedAll(tables=(Followed(table="mine", seat=2, status="playing",
                                              number=4, active=0),
                                     Followed(table="other", seat=0, status="playing",
                                              number=1, active=0))), {}),
        Pushed(TurnNews(table="other", status="playing", active=0, number=2)),
        Pushed(TurnNews(table="mine", status="playing", active=2, number=5, deadline=60.0)),
    ]
    changed = watcher.poll()
    assert set(watcher.turns) == {("ws://s:1/", "mine")}
    assert [(s.table, s.number) for s in changed] == [("mine", 5)]
    (mine,) = watcher.mine()
    assert mine.my_turn and watcher.deadline_left(mine) == 60.0
