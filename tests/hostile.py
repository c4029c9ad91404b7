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
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Response
from websockets.sync.server import ServerConnection, serve

from game import State, apply, parse_step
from game.outcome import Chat, Notice
from game.record import parse_record, read_record_text, replay_states
from online import client as C
from online import remote as R
from online.inbound import known_deal
from online.protocol import VERSION
from online.view import seat_view
from scenes.core.navigator import Screen
from scenes.main import make_app
from scenes.selftest.gestures import Hand
from scenes.table import logpanel
from scenes.table.news import link_banner
from scenes.table.scene import TableScene
from scenes.text.catalog import t
from scenes.ui.overlays import Confirm

NAMES = ["Ann", "Bob", "Cy"]
TABLE = "../../evil/t-hostile"  # a table id no file is ever named by
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


# ----- the real program at the fake server's table ------------------------------------------
#: The client's patience in these tests (seconds): quick retries, a short "slow".
QUICK = {"connect_timeout": 2.0, "first_retry": 0.05, "max_retry": 0.2, "slow": 0.3}


def message(msg: dict) -> dict:
    """A message of this protocol's version."""
    return {"v": VERSION, **msg}


def _home() -> Path:
    return Path(os.environ["SAIL_TO_INDIA_HOME"])


def data_files() -> set[str]:
    home = _home()
    return {str(p.relative_to(home)) for p in home.rglob("*") if p.is_file()}


def until(hand: Hand, ok: Callable[[], bool], seconds: float = 20.0) -> None:
    """Frames until ``ok()`` (bounded in time, so in frames: the bound fails the test)."""
    hand.until(ok, seconds)


def words(scene: TableScene) -> list[str]:
    """Every sentence the table shows now: its status line, its banner, its log, the
    question on top of it."""
    out = [scene.view.status, *(line.text for line in scene.logpanel.lines)]
    banner = link_banner(scene.online)
    if banner:
        out.append(banner)
    top = scene.stack.top if scene.stack is not None else None
    if isinstance(top, Confirm):
        out.append(top.question)
    return out


def truthful(scene: TableScene) -> None:
    """Whole sentences only: never blank, no template's braces, no Python repr, one
    line each, of a readable length."""
    assert scene.view.status.strip(), "a blank status line"
    for text in words(scene):
        assert "{" not in text and "}" not in text, text
        assert "Phrase(" not in text and "\n" not in text, text
        assert len(text) <= 600, text[:80]


def bounded(scene: TableScene) -> None:
    session = scene.session
    assert session.connection.waiting <= C.MAX_WAITING
    held = session.news.held  # (what waits for the table's next poll)
    assert sum(isinstance(n, Chat) for n in held) <= R.CHAT_KEPT
    assert sum(isinstance(n, Notice) for n in held) <= R.NOTICES_KEPT
    assert len(scene.logpanel.chat) <= logpanel.CHAT_KEPT
    assert len(session.steps) <= 1000


def seat_then(bad: Callable[[Conn], None],
              later: Callable[[Conn], None] | None = None) -> Callable[[Conn], None]:
    """A fake server's script: the first connection takes the client's seat (``sit``
    answered, the game begun, the client's ``resume`` answered with the table), then
    runs ``bad``; every later connection runs ``later`` (by default none: honest)."""
    def run(conn: Conn) -> None:
        if conn.number:
            if later is not None:
                later(conn)
            return
        sit = conn.expect("sit")
        conn.send(message({"type": "seated", "table": TABLE, "seat": 0, "token": TOKEN,
                      "id": sit["id"]}))
        conn.send(conn.game.view())
        conn.seat()
        bad(conn)
    return run


@contextmanager
def at_table(bad: Callable[[Conn], None], game: Game | None = None,
             later: Callable[[Conn], None] | None = None,
             **options: float) -> Iterator[tuple[Hand, TableScene]]:
    """The real program seated at the fake server's table (through Play online's
    waiting room, as a player joining), the server then running ``bad``."""
    before = data_files()
    with serving(seat_then(bad, later), game) as server:
        app = make_app()
        app.netplay.connection_options = {**QUICK, **options}
        hand = Hand(app)
        try:
            app.navigator.start(Screen.WAITING_ROOM, url=server.url, name="Ann", table=TABLE)
            until(hand, lambda: isinstance(hand.top(), TableScene))
            scene = hand.top()
            assert isinstance(scene, TableScene)
            yield hand, scene
            bounded(scene)
        finally:
            app.netplay.close()
    after = data_files()
    new = after - before
    assert all(name in ("online-games.json", "player.key") or name.startswith("games" + os.sep)
               for name in new), new
    assert not any(TABLE in name or "evil" in name for name in after), after


def cy_plays(conn: Conn) -> None:
    """The server goes on honestly: Cy's turn (an employ, then the end of her turn),
    each step to every watcher; Ann plays next."""
    for step in ("employ", "end"):
        conn.game.play(step)
        conn.send(conn.game.update())


def healed(hand: Hand, scene: TableScene) -> None:
    """The table follows the server again: Cy's turn shown, Ann's turn said."""
    session = scene.session
    until(hand, lambda: list(session.steps) == ["employ", "end"] and session.human_to_move)
    assert session.place.trouble() is None
    until(hand, lambda: scene.view.status == t("status.your_turn", name="Ann",
                                               count=session.state.ap))
    truthful(scene)


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


__all__ = ["NAMES", "QUICK", "TABLE", "TOKEN", "Conn", "FakeServer", "Game", "at_table",
           "bounded", "cy_plays", "data_files", "healed", "message", "redirect_to",
           "seat_then", "serving", "truthful", "until", "words"]
