"""The Connection against a scripted server on 127.0.0.1: what a dropped socket does
to the requests under way (re-sent or reported lost, never dropped in silence), the
order of the first messages on a new socket, a refused handshake, and close()."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from clienthelp import url
from websockets.datastructures import Headers
from websockets.http11 import Response
from websockets.sync.server import ServerConnection, serve

from online.client import Connected, Connection, Dropped, Event, Failed, Lost, Reply
from online.protocol import VERSION

pytestmark = pytest.mark.timeout(30)


@contextmanager
def scripted(handler: Callable[[ServerConnection, int], None], **options) -> Iterator[int]:
    """A server whose n-th connection (from 0) runs ``handler(ws, n)``; its port."""
    count = iter(range(1000))

    def run(ws: ServerConnection) -> None:
        handler(ws, next(count))

    with serve(run, "127.0.0.1", 0, compression=None, **options) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield server.socket.getsockname()[1]
        finally:
            server.shutdown()
            thread.join(10)


def _until(c: Connection, done: Callable[[list[Event]], bool], rounds: int = 100) -> list[Event]:
    got: list[Event] = []
    for _ in range(rounds):
        event = c.wait(0.1)
        if event is not None:
            got.append(event)
            if done(got):
                return got
    raise AssertionError(f"never came: {got}")


def test_a_drop_resends_what_may_go_twice_and_reports_the_rest() -> None:
    heard: list[list[dict]] = [[], []]

    def handler(ws: ServerConnection, n: int) -> None:
        if n == 0:  # hears two requests, answers none, and the socket goes
            heard[0] += [json.loads(ws.recv()), json.loads(ws.recv())]
            ws.socket.close()
            return
        for raw in ws:  # then answers everything, in order
            msg = json.loads(raw)
            heard[1].append(msg)
            ws.send(json.dumps({"v": VERSION, "type": "ok", "id": msg["id"]}))

    with scripted(handler) as port:
        c = Connection(url(port), first_retry=0.05, max_retry=0.1).start()
        try:
            c.on_reconnect = [{"type": "resume", "table": "t", "seat": 0, "token": "x"}]
            made = c.send({"type": "create", "players": 3})
            listed = c.send({"type": "list"})
            got = _until(c, lambda g: sum(isinstance(e, Reply) for e in g) == 2)
            kinds = [type(e) for e in got]
            assert kinds == [Connected, Dropped, Lost, Connected, Reply, Reply]
            assert got[2] == Lost(made, {"type": "create", "players": 3}, got[2].reason)
            assert got[2].reason.key == "online.lost"
            assert got[3] == Connected(again=True)
            # on the new socket: the owner's resume first, then the unanswered list
            assert [m["type"] for m in heard[1]] == ["resume", "list"]
            assert heard[1][1]["id"] == listed and heard[1][0]["id"] not in (made, listed)
            assert got[4].request["type"] == "resume" and got[5].id == listed
            assert all(m["v"] == VERSION for m in heard[0] + heard[1])
            # a request queued while the socket is open goes at once
            again = c.send({"type": "chat", "text": "hi"})
            (reply,) = _until(c, lambda g: bool(g))
            assert reply.id == again and c.connected
        finally:
            c.close()
    assert not c.alive


def test_a_refused_handshake_fails_with_a_sentence() -> None:
    def refuse(connection, request) -> Response:
        return Response(403, "Forbidden", Headers(), b"no")

    with scripted(lambda ws, n: None, process_request=refuse) as port:
        c = Connection(url(port)).start()
        try:
            (failed,) = _until(c, lambda g: bool(g))
            assert isinstance(failed, Failed) and failed.sentence.key == "online.refused"
            assert failed.sentence.values["why"] == "HTTP 403"
        finally:
            c.close()


def test_close_is_prompt_while_waiting_to_try_again() -> None:
    def once(ws: ServerConnection, n: int) -> None:
        if n == 0:
            ws.socket.close()
        else:
            raise AssertionError("no second connection was wanted")

    with scripted(once) as port:
        c = Connection(url(port), first_retry=60.0).start()  # the next try is far off
        _until(c, lambda g: isinstance(g[-1], Dropped))
        c.close(timeout=5.0)
        assert not c.alive
