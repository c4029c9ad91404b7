"""``python -m scenes.devtools --bench-title N``: the title's frame time, with and without
the app following 30 online tables on 3 servers.

Why: "your turn, everywhere" runs whatever the screen, so it must cost the title
nothing it can feel. Three game servers are started on 127.0.0.1 (port 0, in a
temporary folder), 10 tables on each are started, and this program holds one seat at
each in My online games (a temporary data folder: the player's own is never touched).
The title is timed for N frames with no online game kept, then for N frames with the
30 seats followed (once every table's standing is heard), while a thread of the bench
ends a turn at one table or another every 50 ms (the program's seat's turns too), so
that news keep arriving, a turn becoming the player's and going again. Each
``App.frame`` is timed, events to flip, by the clock and by the drawing thread's own
processor time; the last two lines are ``frame ms: median X  p99 Y`` without, then
with the watcher.
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
from pathlib import Path

import pygame

from online.accounts import MyGame
from online.client import Connection, Reply
from online.thread import ServerThread
from scenes.core import gfx
from scenes.core.app import App
from scenes.core.navigator import Screen
from scenes.core.saves import ENV_HOME
from scenes.devtools.framebench import report

SERVERS, TABLES = 3, 10
NAMES = ("Ann", "Bob", "Cy")


class _First:
    """The server's draw of the first seat: seat 0."""

    def randrange(self, players: int) -> int:
        return 0


def _ask(connection: Connection, msg: dict, limit: float = 15.0) -> object:
    wanted = connection.send(msg)
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for event in connection.events():
            if isinstance(event, Reply) and event.id == wanted:
                return event.msg
        time.sleep(0.002)
    raise SystemExit(f"the bench's server did not answer {msg['type']}")


def _tables(connection: Connection) -> list[tuple[str, list[str]]]:
    out = []
    for _ in range(TABLES):
        table = _ask(connection, {"type": "create", "players": 3}).table  # type: ignore[attr-defined]
        tokens = [_ask(connection, {"type": "sit", "table": table,  # type: ignore[attr-defined]
                                    "name": n}).token for n in NAMES]
        _ask(connection, {"type": "start", "table": table, "seat": 0, "token": tokens[0]})
        out.append((table, tokens))
    return out


def _frames(app: App, n: int) -> tuple[list[float], list[float]]:
    """Milliseconds per frame by the clock, and of the drawing thread's own processor
    time (what a frame costs when the game has the machine: a shared machine's clock
    counts the others' turns too)."""
    times, cpu = [], []
    for i in range(n + 30):  # the first 30 warm the caches
        start, own = time.perf_counter(), time.thread_time()
        app.frame(1 / 60)
        if i >= 30:
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - own) * 1000)
    return times, cpu


def main(make_app, frames: int) -> int:
    folder = Path(tempfile.mkdtemp(prefix="sail-to-india-titlebench-"))
    os.environ[ENV_HOME] = str(folder / "home")
    servers, links, games = [], [], []
    try:
        for i in range(SERVERS):
            server = ServerThread(str(folder / f"tables{i}.db"), rng=_First())
            server.start()
            url = f"ws://127.0.0.1:{server.port}/"
            link = Connection(url).start()
            servers.append(server)
            links.append(link)
            games += [(link, url, table, tokens) for table, tokens in _tables(link)]
        app = make_app()
        app.navigator.start(Screen.TITLE)
        without = _frames(app, frames)
        for _, url, table, tokens in games:
            app.netplay.games.put(MyGame(url, table, 1, tokens[1], list(NAMES), "Ann", None,
                                         "playing"))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (
                app.turns.watcher is not None and len(app.turns.watcher.turns) == len(games)):
            app.frame(1 / 60)
        heard = len(app.turns.watcher.turns) if app.turns.watcher is not None else 0
        stop = threading.Event()

        def play() -> None:  # every seat ends its turn in order, table after table
            numbers = [0] * len(games)
            k = 0
            while not stop.wait(0.05):
                i = k % len(games)
                link, _, table, tokens = games[i]
                seat = numbers[i] % 3  # (the bench program's seat 1 too: news both ways)
                link.send({"type": "step", "table": table, "seat": seat,
                           "token": tokens[seat], "number": numbers[i], "step": "end"})
                numbers[i] += 1
                k += 1

        player = threading.Thread(target=play, daemon=True)
        player.start()
        with_watcher = _frames(app, frames)
        stop.set()
        player.join(2)
        w, h = gfx.window().get_size()
        print(f"frames: {frames}  window: {w}x{h}  tables followed: {heard} on "
              f"{SERVERS} servers  your turn at: {len(app.turns.mine())}")
        print(report(without[1], "title frame cpu ms, no online game"))
        print(report(with_watcher[1], "title frame cpu ms, 30 tables followed"))
        print(report(without[0], "title frame ms, no online game"))
        print(report(with_watcher[0], "title frame ms, 30 tables followed"))
        app.netplay.close()
    finally:
        for link in links:
            link.close(timeout=1.0)
        for server in servers:
            server.stop()
    pygame.quit()
    return 0


__all__ = ["main"]
