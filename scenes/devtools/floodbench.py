"""``python -m scenes.devtools --bench-flood SECONDS``: the table's frames and the
program's memory while a server floods it with what it should not send.

A server on 127.0.0.1 (websockets' threaded one, here) seats this window's player at
a started 3-player table and then sends, as fast as its socket takes them, chat lines
(nine in ten), views of tables this program never asked about, and frames that are
no message (deeply nested, not JSON): a hostile server, flooding. The window holds
the seat at a real ``TableScene`` over a ``RemoteSession``; every ``App.frame`` is
timed. The last lines printed say how much the server wrote and how much the client
read meanwhile (it reads at its own pace, ``online.client.READ_RATE``, so TCP holds
the rest back and the server waits), the frame times (median, 99th centile, max) and
the process's memory at the start and the end.
"""

from __future__ import annotations

import json
import os
import statistics
import threading
import time

from websockets.exceptions import ConnectionClosed
from websockets.sync.server import ServerConnection, serve

from game import State
from online.client import Connection
from online.inbound import known_deal
from online.protocol import VERSION
from online.remote import RemoteSession
from online.view import seat_view
from scenes.core.app import App
from scenes.table.scene import TableScene

TABLE, TOKEN = "flood", "token"
NAMES = ["Ann", "Bob", "Cy"]
#: Every wait here is bounded (seconds).
LIMIT = 10.0


def _view() -> str:
    st = State.start(NAMES, known_deal(9, ["T01", "T02", "T03"]), "standard", 2)
    return json.dumps({
        "v": VERSION, "type": "view", "table": TABLE, "status": "playing",
        "options": {"players": 3, "variant": "standard", "first_game": False,
                    "private": True, "clock": None, "away_limit": 600},
        "seats": [{"seat": i, "name": n, "kind": "human", "here": True}
                  for i, n in enumerate(NAMES)],
        "clocks": None, "first": 2, **seat_view(st, 0, [], None, 0)})


class Flood:
    """The flooding server: answers the seat's ``resume`` with the table, then floods
    until ``stop``; ``sent`` counts what it offered."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.sent = 0
        self.view = _view()
        self._server = serve(self._run, "127.0.0.1", 0, compression=None,
                             ping_interval=None)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self._server.socket.getsockname()[1]}/"

    def _run(self, ws: ServerConnection) -> None:
        try:
            hello = json.loads(ws.recv(LIMIT))
            ws.send(self.view[:-1] + f', "id": {json.dumps(hello.get("id"))}}}')
            other = self.view.replace(f'"table": "{TABLE}"', '"table": "elsewhere-%d"')
            junk = ["[" * 10_000 + "]" * 10_000, "{", "\x00"]
            n = 0
            while not self.stop.is_set():
                n += 1
                if n % 10 == 0:
                    ws.send(other % n)
                elif n % 10 == 5:
                    ws.send(junk[n % 3])
                else:
                    ws.send(json.dumps({"v": VERSION, "type": "chat", "table": TABLE,
                                        "seat": 1, "name": "Bob", "text": f"line {n}"}))
                self.sent += 1
        except (ConnectionClosed, OSError, TimeoutError):
            pass

    def close(self) -> None:
        self.stop.set()
        self._server.shutdown()
        self._thread.join(LIMIT)


def _rss_mb() -> float:
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return float("nan")


def main(app: App, seconds: float) -> int:
    flood = Flood()
    read = [0]  # frames the connection took off the socket (its thread counts them)

    def count(_: str) -> None:
        read[0] += 1

    connection = Connection(flood.url, trace=count).start()
    try:
        session = RemoteSession(connection, TABLE, {0: TOKEN})
        deadline = time.monotonic() + LIMIT
        while not session.settle():
            if time.monotonic() > deadline:
                raise RuntimeError("the table never got ready")
            time.sleep(0.005)
        table = TableScene(session)
        app.start(table)
        for _ in range(10):
            app.frame(1 / 60)
        start_mb, read_before = _rss_mb(), read[0]
        began, times = time.perf_counter(), []
        while time.perf_counter() - began < seconds:
            t0 = time.perf_counter()
            app.frame(1 / 60)
            times.append((time.perf_counter() - t0) * 1000)
        took = time.perf_counter() - began
        taken = read[0] - read_before
        times.sort()
        print(f"flooding server: wrote {flood.sent} messages; the client read {taken} in "
              f"{took:.1f} s ({taken / took:.0f} a second), dropped {connection.dropped} "
              f"frames, the log kept {len(table.logpanel.chat)} chat lines")
        print(f"flooded table: {len(times)} frames in {took:.1f} s, frame ms median "
              f"{statistics.median(times):.1f}  p99 {times[int(len(times) * 0.99)]:.1f}  "
              f"max {times[-1]:.1f}")
        print(f"memory: {start_mb:.0f} MB at the start, {_rss_mb():.0f} MB at the end")
        return 0
    finally:
        connection.close(timeout=1.0)
        flood.close()


__all__ = ["Flood", "main"]
