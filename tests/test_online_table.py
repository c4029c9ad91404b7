"""The table over an online session, headless, against a server on 127.0.0.1: the
window keeps drawing while the server stalls, a socket dropped mid-turn says so and
comes back with nothing lost, a step the server refuses slides back with its reason,
and the other machine's chat reaches the log."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest

from game.listing import legal_steps
from game.steps import parse_step
from online.client import Connection, Reply
from online.remote import RemoteSession
from online.thread import ServerThread
from scenes.core.intents import Play
from scenes.main import make_app
from scenes.selftest.online_table import online_table, stall
from scenes.table.scene import TableScene
from scenes.text.catalog import t

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
def table(tmp_path) -> Iterator[tuple[object, TableScene, ServerThread, RemoteSession]]:
    server, here, there = online_table(str(tmp_path))
    app = make_app()
    scene = TableScene(here)
    app.start(scene)
    try:
        yield app, scene, server, there
    finally:
        for session in (here, there):
            session.connection.close(timeout=1.0)
        server.stop()


def frames_until(app, ok: Callable[[], bool], also: Callable[[], object] = lambda: None,
                 frames: int = 2000, limit: float = 20.0) -> int:
    """Frames until ``ok()`` (bounded in frames and seconds); how many were drawn."""
    deadline = time.monotonic() + limit
    for n in range(frames):
        also()
        if ok():
            return n
        app.frame(1 / 60)
        time.sleep(0.002)
        if time.monotonic() > deadline:
            break
    raise AssertionError("never reached")


def test_the_window_draws_on_while_the_server_stalls(table) -> None:
    app, scene, server, _there = table
    here = scene.session
    release = threading.Event()
    stall(server, release)
    step = legal_steps(here.state)[0]
    scene.act(Play(step))
    drawn = app.frames
    for _ in range(120):  # two seconds of frames with no answer from the server
        app.frame(1 / 60)
    assert app.frames - drawn == 120
    assert list(here.steps) == [str(step)] and here.log.unconfirmed == 1, (
        "shown at once, unconfirmed")
    release.set()
    frames_until(app, lambda: here.log.unconfirmed == 0)


def test_a_socket_dropped_mid_turn_is_said_and_healed(table) -> None:
    app, scene, server, _there = table
    here = scene.session
    scene.act(Play(legal_steps(here.state)[0]))
    frames_until(app, lambda: here.log.unconfirmed == 0)
    tbl = server.server.tables[here.table]
    for conn in [c for c, held in tbl.holders.items() if 0 in held]:
        server._loop.call_soon_threadsafe(conn.ws.transport.abort)
    frames_until(app, lambda: scene.view.status == t("status.online.away"))
    # back: the standing sentence again (whose turn it is), said by itself
    frames_until(app, lambda: here.place.connected and scene.view.status != t("status.online.away"))
    step = legal_steps(here.state)[0]
    scene.act(Play(step))
    frames_until(app, lambda: here.log.unconfirmed == 0)
    assert list(here.steps)[-1] == str(step)


def test_a_step_the_server_refuses_slides_back_with_its_reason(table) -> None:
    app, scene, server, _there = table
    here = scene.session
    # the server's table moves on behind this machine's back: a stale step is refused
    frames_until(app, lambda: here.human_to_move)
    first = str(legal_steps(here.state)[0])
    elsewhere = Connection(f"ws://127.0.0.1:{server.port}/").start()  # seat 0's other device
    try:
        token = here.place.here[0]
        elsewhere.send({"type": "resume", "table": here.table, "seat": 0, "token": token})
        rid = elsewhere.send({"type": "step", "table": here.table, "seat": 0, "token": token,
                              "number": 0, "step": first})
        for _ in range(200):
            got = elsewhere.wait(0.1)
            if isinstance(got, Reply) and got.id == rid:
                assert got.msg.TYPE == "update", got.msg
                break
        else:
            raise AssertionError("the step from elsewhere was never answered")
    finally:
        elsewhere.close()
    stale = str(legal_steps(here.state)[-1])
    scene.act(Play(parse_step(stale)))
    frames_until(app, lambda: list(here.steps) == [first] and here.log.unconfirmed == 0)
    assert scene.view.status == t("status.online.taken_back", step=stale,
                                  reason=t("online.overtaken"))


def test_chat_from_another_machine_reaches_the_log(table) -> None:
    app, scene, _server, there = table
    assert there.place.send_chat("Fair winds!") is None
    frames_until(app, lambda: any("Fair winds!" in line.text for line in scene.logpanel.lines),
                 also=there.poll)
    line = next(line for line in scene.logpanel.lines if "Fair winds!" in line.text)
    assert line.seat == 1 and line.text == t("online.chat.line", name="Bob", text="Fair winds!")
