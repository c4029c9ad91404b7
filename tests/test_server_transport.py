"""The server's transport over real sockets on 127.0.0.1: what reaches it that is not
a request (and is answered or closed with a code, the other connections going on), a
reader too slow for its table, a flood, the server stopping, the file of tables
shared by nobody, and a start that cannot be made, said in one line."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from onlinehelp import Client, FirstSeat
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from online import protocol as p
from online.store import open_store
from online.thread import ServerThread
from online.transport import Server

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(60)]
ROOT = Path(__file__).resolve().parent.parent
V = p.VERSION


async def _table(port: int, players: int = 3) -> tuple[Client, str, list[dict]]:
    c = await Client.open(port)
    table = (await c.ask(type="create", players=players))["table"]
    seats = [await c.ask(type="sit", table=table, name=n) for n in ("Ann", "Bob", "Cy", "Dee")
             [:players]]
    return c, table, seats


async def _still_fine(port: int, table: str) -> None:
    other = await Client.open(port)
    got = await other.ask(type="watch", table=table)
    assert got["type"] == "view"
    listed = await other.ask(type="list")
    assert listed["type"] == "tables"
    await other.close()


# ----- what is not a request ------------------------------------------------------------
def _create(extra: str) -> str:
    """A create request with ``extra`` written as raw JSON text (as Python's JSON would
    not write it)."""
    return '{"v": ' + str(V) + ', "type": "create", "players": 3, ' + extra + "}"


async def test_malformed_unknown_missing_and_wrong_typed(server: ServerThread) -> None:
    c, table, _ = await _table(server.port)
    for raw, key in (("{not json", "server.not_json"), ("[1, 2]", "server.not_object"),
                     (json.dumps({"v": V, "type": "dance"}), "server.unknown_type"),
                     (json.dumps({"v": V, "type": "sit", "name": "Dan"}), "server.field_missing"),
                     (json.dumps({"v": V, "type": "create", "players": "four"}),
                      "server.field_type"),
                     (json.dumps({"v": V, "type": "create", "players": True}),
                      "server.field_type"),
                     (json.dumps({"v": V, "type": "create", "players": 5}), "server.players"),
                     (json.dumps({"v": V, "type": "create", "players": 3.0}),
                      "server.field_type"),
                     (_create('"away_limit": 1e400'), "server.field_range"),
                     (_create('"away_limit": NaN'), "server.not_json"),
                     (_create('"clock": {"budget": 1e400}'), "server.clock"),
                     (_create('"clock": {"budget": 60, "bonus": -1}'), "server.clock"),
                     ("[" * 20_000 + "]" * 20_000, "server.too_deep"),
                     (_create('"x": ' + "[" * 9 + "]" * 9), "server.too_deep")):
        await c.ws.send(raw)
        got = await c.wait(lambda m: m.get("type") == "error")
        assert got["said"]["key"] == key, (raw[:80], got)
    await c.ws.send(b"\x00\x01")
    assert (await c.wait(lambda m: m.get("type") == "error"))["said"]["key"] == "server.binary"
    # Nothing infinite was stored: every listing is still JSON, for everyone.
    await _still_fine(server.port, table)
    await c.close()


@pytest.mark.parametrize("version", [99, True, "2", None, 2.0])
async def test_another_protocol_version_is_told_ours_first(server: ServerThread,
                                                           version: object) -> None:
    async with connect(f"ws://127.0.0.1:{server.port}") as ws:
        msg = {"type": "list"} if version is None else {"v": version, "type": "list"}
        await ws.send(json.dumps(msg))
        first = json.loads(await ws.recv())
        assert first["type"] == "error" and first["said"] == {
            "key": "server.version", "values": {"version": V}}
        with pytest.raises(ConnectionClosed) as closed:
            await ws.recv()
        assert closed.value.rcvd.code == p.Close.VERSION == 4001


async def test_a_message_over_64_kib_closes_with_1009(server: ServerThread) -> None:
    c, table, _ = await _table(server.port)
    async with connect(f"ws://127.0.0.1:{server.port}", max_size=None) as ws:
        await ws.send(json.dumps({"v": V, "type": "chat", "text": "x" * 70_000}))
        with pytest.raises(ConnectionClosed) as closed:
            await ws.recv()
        assert closed.value.rcvd.code == p.Close.TOO_BIG
    await _still_fine(server.port, table)
    await c.close()


async def test_a_flood_is_closed_with_1008_at_once(server: ServerThread) -> None:
    c, table, _ = await _table(server.port)
    async with connect(f"ws://127.0.0.1:{server.port}") as ws:
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(2000):
                await ws.send(json.dumps({"v": V, "type": "list"}))
            while True:  # (the server does not wait for an answer to its closing frame)
                await asyncio.wait_for(ws.recv(), 5)
        assert closed.value.rcvd.code == p.Close.FLOOD
    await _still_fine(server.port, table)
    await c.close()


async def test_a_foreign_web_origin_is_refused(server: ServerThread) -> None:
    with pytest.raises(InvalidStatus):
        async with connect(f"ws://127.0.0.1:{server.port}", origin="https://evil.example"):
            pass


async def test_a_client_vanishing_mid_game_loses_nothing(server: ServerThread) -> None:
    c, table, seats = await _table(server.port)
    await c.ask(type="start", table=table, seat=0, token=seats[0]["token"])
    out = await c.ask(type="step", table=table, seat=0, token=seats[0]["token"], number=0,
                      step="employ")
    assert out["type"] == "update" and out["by"] == 0
    c.ws.transport.abort()  # gone without a close frame
    back = await Client.open(server.port)
    view = await back.ask(type="resume", table=table, seat=0, token=seats[0]["token"])
    assert view["steps"] == ["employ"] and view["number"] == 1 and "legal" in view
    await back.close()


# ----- a reader too slow for its table ---------------------------------------------------
async def _silent(port: int) -> tuple[object, socket.socket]:
    """A connection that reads nothing once open: a small receive window, and a
    client that takes one frame at most into its own queue."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # (before the window is set)
    sock.connect(("127.0.0.1", port))
    ws = await connect(f"ws://127.0.0.1:{port}", sock=sock, max_queue=1, max_size=None,
                       ping_interval=None)
    return ws, sock


async def test_a_spectator_that_never_reads_stalls_nobody(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "tables.db"))
    server = Server(store, rng=FirstSeat(), queue_limit=(32, 64 * 1024))
    port = await server.start()
    try:
        host, table, seats = await _table(port, players=3)
        others = [host, await Client.open(port), await Client.open(port)]
        for i, c in enumerate(others):
            await c.ask(type="resume", table=table, seat=i, token=seats[i]["token"])
        known = set(server.conns)
        sleeper, _ = await _silent(port)
        await sleeper.send(json.dumps({"v": V, "type": "watch", "table": table}))
        # A slow network: the server's side of the socket buffers little (Linux would
        # otherwise take megabytes for a peer that reads nothing).
        for _ in range(100):
            if set(server.conns) - known:
                break
            await asyncio.sleep(0.01)
        (slow,) = set(server.conns) - known
        slow.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET,
                                                              socket.SO_SNDBUF, 4096)
        await host.ask(type="start", table=table, seat=0, token=seats[0]["token"])
        late: list[float] = []
        for number in range(60):  # each seat in turn chats, and ends its turn
            seat = number % 3
            for k in range(3):
                await others[k].send(type="chat", table=table, seat=k,
                                     token=seats[k]["token"], text=f"{number} " + "x" * 400)
            actor = others[seat]
            ref = await actor.send(type="step", table=table, seat=seat,
                                   token=seats[seat]["token"], number=number, step="end")
            reply = await actor.wait(lambda m, ref=ref: m.get("id") == ref)
            answered = time.monotonic()
            assert reply["type"] == "update", reply
            for c in others:
                if c is not actor:
                    await c.wait(lambda m, n=number + 1: m.get("type") == "update"
                                 and m["number"] == n)
                    late.append(time.monotonic() - answered)
        assert len(late) == 120 and max(late) < 0.1, max(late)
        # The sleeper was let go (its queue filled up), and the table played on.
        assert slow.closed and slow.closing is not None
        await asyncio.wait_for(slow.closing, 5)
        for _ in range(100):
            if slow not in server.conns:
                break
            await asyncio.sleep(0.01)
        assert server.conns == {c for c in server.conns if c is not slow} and len(
            server.conns) == 3
        for c in others:
            await c.close()
        sleeper.transport.abort()
    finally:
        await server.stop()


# ----- stopping --------------------------------------------------------------------------
def _standing(db: Path, *extra: str) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "online", "serve", "--host", "127.0.0.1",
                             "--port", "0", "--db", str(db), *extra], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("listening on 127.0.0.1 "), line + proc.stderr.read()
    return proc, int(line.split()[-1])


async def test_sigterm_stops_within_two_seconds_whatever_the_connections_do(
        tmp_path: Path) -> None:
    proc, port = _standing(tmp_path / "tables.db")
    try:
        c, table, _ = await _table(port)
        sleeper, _ = await _silent(port)
        await sleeper.send(json.dumps({"v": V, "type": "watch", "table": table}))
        flood = await connect(f"ws://127.0.0.1:{port}")
        with contextlib.suppress(ConnectionClosed):
            for _ in range(400):
                await flood.send(json.dumps({"v": V, "type": "list"}))
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(2) == 0
        await asyncio.wait_for(c.ws.wait_closed(), 5)
        assert c.ws.close_code == p.Close.GOING_AWAY
    finally:
        if proc.poll() is None:
            proc.kill()


# ----- the file of tables -------------------------------------------------------------------
def _start_fails(*args: str) -> str:
    """A standing server that cannot start: its one line on standard error."""
    done = subprocess.run([sys.executable, "-m", "online", "serve", "--host", "127.0.0.1",
                           *args], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 2, done
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout == ""
    return lines[0]


@contextlib.contextmanager
def _read_only(path: Path) -> Iterator[None]:
    """``path`` cannot be written to, even by root (which the permission bits do not
    stop: then the file system's immutable flag does)."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(mode & ~0o222)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    if shutil.which("chattr") is None or subprocess.run(
            ["chattr", "+i", str(path)], capture_output=True).returncode:
        pytest.skip("no way to make a file read-only for root here")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


async def test_a_start_that_cannot_be_made_is_one_line(tmp_path: Path) -> None:
    port = ["--port", "0"]
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(os.urandom(8192))
    assert "damaged" in _start_fails("--db", str(damaged), *port)
    good = tmp_path / "good.db"
    store = open_store(str(good))
    store.close()
    with sqlite3.connect(good) as db:
        db.execute("CREATE TABLE filler (x)")
        db.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,)] * 400)
    cut = tmp_path / "cut.db"
    cut.write_bytes(good.read_bytes()[:3000])
    assert "damaged" in _start_fails("--db", str(cut), *port)
    assert "is a folder" in _start_fails("--db", str(tmp_path), *port)
    assert "does not exist" in _start_fails("--db", str(tmp_path / "no" / "t.db"), *port)
    with _read_only(good):
        assert "read-only" in _start_fails("--db", str(good), *port)
    folder = tmp_path / "shut"
    folder.mkdir()
    with _read_only(folder):
        assert "cannot be written to" in _start_fails("--db", str(folder / "t.db"), *port)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = str(taken.getsockname()[1])
        assert "already in use" in _start_fails("--db", str(tmp_path / "p.db"), "--port", busy)


async def test_one_server_per_file_and_its_files_are_private(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    old = os.umask(0o022)
    try:
        proc, _ = _standing(db)
        try:
            line = _start_fails("--db", str(db), "--port", "0")
            assert "Another server is already using" in line and str(db) in line
            with pytest.raises(Exception, match="Another server"):
                ServerThread(str(db)).start()
            for name in ("tables.db", "tables.db-wal", "tables.db-shm", "tables.db.lock"):
                mode = stat.S_IMODE((tmp_path / name).stat().st_mode)
                assert mode == 0o600, (name, oct(mode))
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)
    finally:
        os.umask(old)
    # Once it stopped, the file is free for the next server.
    proc, _ = _standing(db)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(10) == 0


# ----- behind a proxy --------------------------------------------------------------------------
async def _guess(port: int, forwarded: str | None) -> str:
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    async with connect(f"ws://127.0.0.1:{port}", additional_headers=headers) as ws:
        await ws.send(json.dumps({"v": V, "type": "sit", "name": "G", "invite": "0" * 10}))
        return json.loads(await ws.recv())["said"]["key"]


@pytest.mark.parametrize("trusted", [True, False])
async def test_wrong_invites_count_the_address_a_trusted_proxy_names(trusted: bool) -> None:
    server = Server(open_store(":memory:"), trusted_proxies=["127.0.0.1"] if trusted else [])
    port = await server.start()
    try:
        for i in range(20):
            assert await _guess(port, f"10.0.0.{i % 2}, 10.1.1.1") == "server.no_invite"
        assert await _guess(port, "192.0.2.7, 10.1.1.1") == "server.guesses"
        other = await _guess(port, "10.2.2.2")
        assert other == ("server.no_invite" if trusted else "server.guesses")
    finally:
        await server.stop()


async def test_a_quick_game_fills_and_starts_and_a_follower_hears_its_turns(
        server: ServerThread) -> None:
    """Over real sockets: three quick games of 3 meet at one table, which starts by
    itself; a fourth connection following one seat hears each turn, never a view."""
    players = [await Client.open(server.port) for _ in range(3)]
    seated = [await c.ask(type="quick", players=3, name=n, player=f"{n}-player-key-0000")
              for c, n in zip(players, ("Ann", "Bob", "Cy"), strict=True)]
    assert len({s["table"] for s in seated}) == 1 and [s["seat"] for s in seated] == [0, 1, 2]
    table = seated[0]["table"]
    first = await players[0].wait(lambda m: m.get("type") == "view"
                                  and m.get("status") == "playing")
    far = await Client.open(server.port)
    held = {"table": table, "seat": 1, "token": seated[1]["token"]}
    turns = await far.ask(type="follow", seats=[held])
    assert turns["type"] == "turns" and turns["tables"][0]["active"] == first["first"]
    mover = first["first"]
    view = players[mover].view  # (the start's view, with the steps and its legal steps)
    assert view is not None and view["legal"]
    await players[mover].ask(type="step", table=table, seat=mover,
                             token=seated[mover]["token"], number=0, step=view["legal"][0])
    turn = await far.wait(lambda m: m.get("type") == "turn")
    assert turn["table"] == table and turn["number"] == 1
    board = await far.ask(type="leaders", players=3)
    assert board["type"] == "leaders" and board["rows"] == []
    for c in (*players, far):
        await c.close()
