"""A standing server killed with SIGKILL mid-game: restarted on the same file,
every acknowledged step is there and every seat rejoins."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from onlinehelp import Client

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(60)]
ROOT = Path(__file__).resolve().parent.parent


def _standing(db: Path) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "online", "serve", "--host", "127.0.0.1",
                             "--port", "0", "--db", str(db)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("listening on 127.0.0.1 "), line + proc.stderr.read()
    return proc, int(line.split()[-1])


async def test_kill_9_mid_game_and_resume(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    proc, port = _standing(db)
    try:
        c = await Client.open(port)
        table = (await c.ask(type="create", players=3, clock={"budget": 3600, "bonus": 5}))
        table = table["table"]
        seats = [await c.ask(type="sit", table=table, name=n) for n in ("Ann", "Bob", "Cy")]
        await c.ask(type="start", table=table, seat=0, token=seats[0]["token"])
        first = (await c.wait(lambda m: m.get("type") == "view" and "steps" in m))["first"]
        done = []
        for number, (seat, step) in enumerate([(first, "employ"), (first, "employ"),
                                               (first, "end")]):
            got = await c.ask(type="step", table=table, seat=seat, token=seats[seat]["token"],
                              number=number, step=step)
            assert got["type"] == "update" and got["step"], got
            done.append(step)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        await c.close()
    finally:
        if proc.poll() is None:
            proc.kill()
    proc, port = _standing(db)
    try:
        views = []
        for seat in range(3):
            back = await Client.open(port)
            view = await back.ask(type="resume", table=table, seat=seat,
                                  token=seats[seat]["token"])
            assert view["type"] == "view" and view["steps"] == done
            views.append(view)
            await back.close()
        second = (first + 1) % 3
        assert views[second]["state"]["active"] == second and "legal" in views[second]
        assert all(view["first"] == first for view in views)
        assert views[0]["clocks"][first] > 3000
        # And play goes on from there.
        back = await Client.open(port)
        got = await back.ask(type="step", table=table, seat=second,
                             token=seats[second]["token"], number=3, step="employ")
        assert got["type"] == "update"
        await back.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
        log = proc.stderr.read()
        assert log.rstrip().endswith("stopped")
        assert not any(s["token"] in log for s in seats)
    finally:
        if proc.poll() is None:
            proc.kill()
