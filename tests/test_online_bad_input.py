"""Bad input over real sockets: each is refused or closed with a code, and the
other connections and tables go on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from onlinehelp import Client
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from online.thread import ServerThread

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(60)]


@pytest.fixture
def server(tmp_path: Path):
    s = ServerThread(str(tmp_path / "tables.db"))
    s.start()
    yield s
    s.stop()


async def _table(port: int) -> tuple[Client, str, list[dict]]:
    c = await Client.open(port)
    table = (await c.ask(type="create", players=3))["table"]
    seats = [await c.ask(type="sit", table=table, name=n) for n in ("Ann", "Bob", "Cy")]
    return c, table, seats


async def _still_fine(port: int, table: str) -> None:
    other = await Client.open(port)
    got = await other.ask(type="watch", table=table)
    assert got["type"] == "view"
    await other.close()


async def test_malformed_unknown_missing_and_wrong_typed(server: ServerThread) -> None:
    c, table, _ = await _table(server.port)
    for raw, words in (("{not json", "not JSON"), ("[1, 2]", "JSON object"),
                       (json.dumps({"v": 1, "type": "dance"}), "Unknown message type"),
                       (json.dumps({"v": 1, "type": "sit", "name": "Dan"}), "'table'"),
                       (json.dumps({"v": 1, "type": "create", "players": "four"}), "wrong type"),
                       (json.dumps({"v": 1, "type": "create", "players": True}), "wrong type"),
                       (json.dumps({"v": 1, "type": "create", "players": 5}), "3 or 4")):
        await c.ws.send(raw)
        got = await c.wait(lambda m: m.get("type") == "error")
        assert words in got["reason"], (raw, got)
    await c.ws.send(b"\x00\x01")
    assert "binary" in (await c.wait(lambda m: m.get("type") == "error"))["reason"]
    await _still_fine(server.port, table)
    await c.close()


async def test_another_protocol_version_is_told_ours_first(server: ServerThread) -> None:
    async with connect(f"ws://127.0.0.1:{server.port}") as ws:
        await ws.send(json.dumps({"v": 99, "type": "list"}))
        first = json.loads(await ws.recv())
        assert first["type"] == "error" and "protocol version 1" in first["reason"]
        with pytest.raises(ConnectionClosed) as closed:
            await ws.recv()
        assert closed.value.rcvd.code == 4001


async def test_a_message_over_64_kib_closes_with_1009(server: ServerThread) -> None:
    c, table, _ = await _table(server.port)
    async with connect(f"ws://127.0.0.1:{server.port}", max_size=None) as ws:
        await ws.send(json.dumps({"v": 1, "type": "chat", "text": "x" * 70_000}))
        with pytest.raises(ConnectionClosed) as closed:
            await ws.recv()
        assert closed.value.rcvd.code == 1009
    await _still_fine(server.port, table)
    await c.close()


async def test_a_flood_closes_with_1008(server: ServerThread) -> None:
    c, table, _ = await _table(server.port)
    async with connect(f"ws://127.0.0.1:{server.port}") as ws:
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(2000):
                await ws.send(json.dumps({"v": 1, "type": "list"}))
            while True:
                await ws.recv()
        assert closed.value.rcvd.code == 1008
    await _still_fine(server.port, table)
    await c.close()


async def test_a_foreign_web_origin_is_refused(server: ServerThread) -> None:
    with pytest.raises(InvalidStatus):
        async with connect(f"ws://127.0.0.1:{server.port}", origin="https://evil.example"):
            pass


async def test_every_seat_message_needs_its_token(server: ServerThread) -> None:
    c, table, seats = await _table(server.port)
    started = await c.ask(type="start", table=table, seat=0, token="wrong")
    assert "token" in started["reason"]
    assert (await c.ask(type="start", table=table, seat=0, token=seats[0]["token"]))["type"] == "ok"
    extra = {"step": {"number": 0, "step": "employ"}, "chat": {"text": "hi"},
             "hand_over": {"target": 1}, "computer": {"level": "easy"}, "resume": {},
             "leave": {}, "rematch": {}, "start": {}}
    for kind, fields in extra.items():
        for seat, token in ((0, seats[1]["token"]), (0, "x" * 32), (7, seats[0]["token"])):
            got = await c.ask(type=kind, table=table, seat=seat, token=token, **fields)
            assert got["type"] == "error" and "token" in got["reason"], (kind, got)
        got = await c.ask(type=kind, table=table, seat=0, **fields)
        assert got["type"] == "error" and "'token'" in got["reason"], (kind, got)
    # A token is never stored as itself.
    with open(server.db, "rb") as f:
        stored = f.read()
    assert not any(s["token"].encode() in stored for s in seats)
    await c.close()


async def test_a_client_vanishing_mid_game_loses_nothing(server: ServerThread) -> None:
    c, table, seats = await _table(server.port)
    await c.ask(type="start", table=table, seat=0, token=seats[0]["token"])
    out = await c.ask(type="step", table=table, seat=0, token=seats[0]["token"], number=0,
                      step="employ")
    assert out["type"] == "accepted"
    c.ws.transport.abort()  # gone without a close frame
    back = await Client.open(server.port)
    view = await back.ask(type="resume", table=table, seat=0, token=seats[0]["token"])
    assert view["steps"] == ["employ"] and view["number"] == 1 and "legal" in view
    await back.close()


async def test_guessing_invite_codes_is_held_back_per_address(server: ServerThread) -> None:
    """Twenty wrong codes in ten minutes and that address's next codes are refused,
    the right one too, until the oldest wrong one leaves the window."""
    gs = server.server
    assert gs is not None
    now = [1000.0]
    gs.guesses.clock = lambda: now[0]
    host = await Client.open(server.port)
    made = await host.ask(type="create", players=3, private=True)
    table, secret = made["table"], made["invite"]
    wrong = "0" * 10 if secret != "0" * 10 else "1" * 10
    guesser = await Client.open(server.port)
    for i in range(20):
        now[0] += 1
        if i % 2:  # a code that finds no table, and a wrong code for a named table
            got = await guesser.ask(type="sit", name=f"G{i}", invite=wrong)
            assert got["said"]["key"] == "server.no_invite", got
        else:
            got = await guesser.ask(type="sit", table=table, name=f"G{i}", invite=wrong)
            assert got["said"]["key"] == "server.private", got
    for msg in ({"type": "sit", "name": "Dee", "invite": secret},
                {"type": "watch", "table": table, "invite": secret}):
        got = await guesser.ask(**msg)
        assert got["type"] == "error" and got["said"]["key"] == "server.guesses", got
        assert got["said"]["values"] == {"minutes": 10}
    # a table without a secret asks for no code and is not held back
    public = (await host.ask(type="create", players=3))["table"]
    assert (await guesser.ask(type="watch", table=public))["type"] == "view"
    now[0] = 1001 + 600.5  # only the first wrong code left the window: one more try
    seated = await guesser.ask(type="sit", name="Dee", invite=secret)
    assert seated["type"] == "seated" and seated["table"] == table
    await guesser.close()
    await host.close()


async def test_a_computer_seat_takes_a_name_checked_as_a_persons(server: ServerThread) -> None:
    c = await Client.open(server.port)
    table = (await c.ask(type="create", players=3))["table"]
    ann = await c.ask(type="sit", table=table, name="Ann")
    seat = {"table": table, "seat": 0, "token": ann["token"]}
    taken = await c.ask(type="computer", level="easy", name="Ann", **seat)
    assert taken["type"] == "error" and taken["said"]["key"] == "server.name_taken"
    named = await c.ask(type="computer", level="easy", name="Capitaine 2", **seat)
    assert named["type"] == "ok" and named["seat"] == 1
    plain = await c.ask(type="computer", level="hard", **seat)  # a bare client's
    view = await c.ask(type="watch", table=table)
    assert plain["seat"] == 2
    assert [s["name"] for s in view["seats"]] == ["Ann", "Capitaine 2", "Hard 3"]
    await c.close()
