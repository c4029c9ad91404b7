"""``python -m scenes.devtools --bench-stall SECONDS``: the table's frames while the
online table's server does not answer.

A server on 127.0.0.1 hosts a table; this window holds one seat of it at a real
``TableScene`` over a ``RemoteSession``, a second connection holds another, and the
server plays the third. The server's event loop is then blocked for SECONDS (a
stalled server: no answer, no read), and during it the player makes a step; every
``App.frame`` is timed. The last line printed is ``stalled server: N frames in S s,
frame ms median X  max Y``: the window keeps drawing at its pace (the network runs on
its own thread), and the step is confirmed once the server wakes.
"""

from __future__ import annotations

import statistics
import tempfile
import threading
import time
from collections.abc import Callable

from game.listing import legal_steps
from scenes.core.app import App
from scenes.core.intents import Play
from scenes.selftest.online_table import LIMIT, online_table, stall
from scenes.table.scene import TableScene


def _wait(ok: Callable[[], bool], poll: Callable[[], object] = lambda: None) -> None:
    deadline = time.monotonic() + LIMIT
    while not ok():
        poll()
        if time.monotonic() > deadline:
            raise RuntimeError("the step was never confirmed")
        time.sleep(0.005)


def main(app: App, seconds: float) -> int:
    folder = tempfile.mkdtemp(prefix="sail-to-india-stall-")
    server, here, there = online_table(folder)
    try:
        table = TableScene(here)
        app.start(table)
        for _ in range(10):
            app.frame(1 / 60)
        release = threading.Event()
        stall(server, release)
        began, times = time.perf_counter(), []
        stepped = False
        while time.perf_counter() - began < seconds:
            t0 = time.perf_counter()
            if not stepped and here.human_to_move:
                table.act(Play(legal_steps(here.state)[0]))
                stepped = True
            app.frame(1 / 60)
            times.append((time.perf_counter() - t0) * 1000)
        release.set()
        _wait(lambda: here.log.unconfirmed == 0, here.poll)
        print(f"the step made during the stall: {here.steps[-1] if stepped else 'none'}, "
              f"confirmed once the server woke")
        print(f"stalled server: {len(times)} frames in {seconds:.1f} s, frame ms median "
              f"{statistics.median(times):.1f}  max {max(times):.1f}")
        return 0
    finally:
        for session in (here, there):
            session.connection.close(timeout=1.0)
        server.stop()


__all__ = ["main"]
