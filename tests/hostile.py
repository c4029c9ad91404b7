"""A server the client cannot trust, for the tests: it seats the client at a real game
(the engine's states, the server's own view builder) and then says whatever its
script says, on 127.0.0.1, port 0.

``FakeServer(script)`` runs websockets' threaded server; each connection runs
``script(conn)`` with a ``Conn`` whose helpers read the client's requests and answer
them honestly (``Game`` builds the views and updates a real server would send), or
send anything else: frames that are not JSON, messages that lie, floods, close codes,
a frame dripped a byte at a time. ``FakeServer.url`` is where the client connects.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Response
from websockets.sync.server import ServerConnection, serve

from game import State, apply, parse_step
from game.record import parse_record, read_record_text, replay_states
from online.inbound import known_deal
from online.protocol import VERSION
from online.view import seat_view

NAMES = ["Ann", "Bob", "Cy"]
TABLE = "t-hostile"
TOKEN = "token-0"
#: Every wait of the fake server is bounded (seconds).
LIMIT = 10.0


class Game:
    """A 3-player game as a server keeps it, Ann (seat 0) at the client: Cy (seat 2)
    plays first, so the client waits for another machine's steps, then plays."""

    def __init__(self, first: int = 2, clock: dict | None = None) -> None:
        self.first = first
        self.deal = known_deal(9, ["T01", "T02", "T03", "T04", "T05", "T06"])[:9]
        self.states = [State.start(NAMES, self.deal, "standard", first)]
        self.steps: list[str] = []
        self.clock = clock
        self.record: str | None = None

    @classmethod
    def finished(cls, path: str) -> Game:
        """The game of a record, played to its end (names as the record writes them)."""
        record = parse_record(read_record_text(path))
        game = cls(0)
        game.deal = list(record.towns)
        game.states = replay_states(record)
        game.steps = record.step_texts()
        game.record = read_record_text(path)
        return game

    @property
    def state(self) -> State:
        return self.states[-1]

    def play(self, text: str | None = None) -> str:
        """One step of the seat to move (the first legal one, if none is given)."""
        from game.listing import legal_steps

        step = text or str(legal_steps(self.state)[0])
        self.states.append(apply(self.state, parse_step(step)))
        self.steps.append(step)
        return step

    def envelope(self, kind: str, **extra: Any) -> dict:
        st = self.state
        msg: dict = {"v": VERSION, "type": kind, "table": TABLE,
                     "status": "over" if st.over else "playing",
                     "options": {"players": 3, "variant": "standard", "first_game": False,
                                 "private": True, "clock": self.clock, "away_limit": 600},
                     "seats": [{"seat": i, "name": n, "kind": "human", "here": True}
                               for i, n in enumerate(st.names)],
                     "clocks": [600.0] * 3 if self.clock else None, "first": self.first}
        msg.update(extra)
        return msg

    def view(self, **extra: Any) -> dict:
        """The table for Ann, with its whole log."""
        return {**self.envelope("view"), **seat_view(self.state, 0, self.steps, self.record,
                                                      len(self.steps)), **extra}

    def update(self, **extra: Any) -> dict:
        """The table after its last step."""
        by = self.states[-2].active
        return {**self.envelope("update"), **seat_view(self.state, 0, None, self.record,
                                                        len(self.steps)),
                "step": self.steps[-1], "by": by, **extra}


class Conn:
    """One connection of the client, as the script sees it."""

    def __init__(self, ws: ServerConnection, number: int, game: Game) -> None:
        self.ws = ws
        self.number = number
        self.game = game
        #: Every request received, in order.
        self.heard: list[dict] = []

    def send(self, msg: dict | str | bytes) -> None:
        self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    def recv(self, timeout: float = LIMIT) -> dict | None:
        """The client's next request (None: none came, or the socket closed)."""
        try:
            raw = self.ws.recv(timeout)
        except (TimeoutError, ConnectionClosed):
            return None
        msg = json.loads(raw)
        self.heard.append(msg)
        return msg

    def expect(self, kind: str) -> dict:
        """The next request of ``kind`` (others are answered honestly meanwhile)."""
        deadline = time.monotonic() + LIMIT
        while time.monotonic() < deadline:
            msg = self.recv(max(0.01, deadline - time.monotonic()))
            if msg is None:
                break
            if msg.get("type") == kind:
                return msg
            self.answer(msg)
        raise AssertionError(f"the client never asked {kind}")

    def answer(self, msg: dict) -> None:
        """What an honest server answers."""
        kind, ref = msg.get("type"), msg.get("id")
        if kind in ("resume", "watch"):
            self.send({**self.game.view(), "id": ref})
        elif kind == "step":
            self.game.play(msg["step"])
            self.send({**self.game.update(), "id": ref})
        elif kind == "chat":
            self.send({"v": VERSION, "type": "chat", "table": TABLE, "seat": msg["seat"],
                       "name": NAMES[msg["seat"]], "text": msg["text"], "id": ref})
        elif kind == "rematch":
            self.send({"v": VERSION, "type": "rematch", "table": TABLE,
                       "new_table": TABLE + "-2", "id": ref})
        else:
            self.send({"v": VERSION, "type": "ok", "table": TABLE, "id": ref})

    def seat(self) -> None:
        """The client comes back to its seat: its ``resume`` answered with the table."""
        self.answer(self.expect("resume"))

    def honest(self, until: threading.Event) -> None:
        """Answer every request honestly until ``until`` is set or the socket closes."""
        while not until.is_set():
            try:
                raw = self.ws.recv(0.05)
            except TimeoutError:
                continue
            except ConnectionClosed:
                return
            msg = json.loads(raw)
            self.heard.append(msg)
            self.answer(msg)

    def drip(self, data: bytes, every: float, stop: threading.Event) -> None:
        """``data`` written to the socket a byte at a time (a frame that never ends in
        time), until ``stop``."""
        for byte in data:
            if stop.wait(every):
                return
            try:
                self.ws.socket.sendall(bytes([byte]))
            except OSError:
                return


class FakeServer:
    """The fake server on 127.0.0.1 (port 0): connection ``n`` runs ``script(conn)``."""

    def __init__(self, script: Callable[[Conn], None], game: Game | None = None,
                 process_request: Callable | None = None) -> None:
        self.script = script
        self.game = game or Game()
        self.conns: list[Conn] = []
        self.done = threading.Event()
        self.errors: list[BaseException] = []
        self._count = 0
        self._server = serve(self._run, "127.0.0.1", 0, compression=None, max_size=2**22,
                             process_request=process_request, ping_interval=None)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return self._server.socket.getsockname()[1]

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def _run(self, ws: ServerConnection) -> None:
        conn = Conn(ws, self._count, self.game)
        self._count += 1
        self.conns.append(conn)
        try:
            self.script(conn)
            conn.honest(self.done)
        except (ConnectionClosed, OSError):
            pass
        except Exception as exc:  # a broken script fails its test, not the thread
            self.errors.append(exc)

    def __enter__(self) -> FakeServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        self._server.shutdown()
        self._thread.join(LIMIT)


def redirect_to(url: str) -> Callable:
    """A handshake answered with a redirect to ``url``."""
    def answer(connection: object, request: object) -> Response:
        return Response(302, "Found", Headers([("Location", url)]), b"")
    return answer


@contextmanager
def serving(script: Callable[[Conn], None], game: Game | None = None,
            **options: Any) -> Iterator[FakeServer]:
    with FakeServer(script, game, **options) as server:
        yield server
    assert not server.errors, server.errors


__all__ = ["NAMES", "TABLE", "TOKEN", "Conn", "FakeServer", "Game", "redirect_to", "serving"]
