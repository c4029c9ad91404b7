"""``sail-to-india-server bench``: the server's capacity, shown rather than asserted.

Starts a standing server on 127.0.0.1 (a process of its own, so its memory is its
own), seats four clients at each of ``--tables`` tables, and has every table play
one step a second for ``--seconds`` seconds, each step a legal one its seat was
offered. It stops by itself and prints one line: step round-trip times (from
sending a step to its answer, the sender's update), steps never answered (lost), numbers accepted
twice or logged differently (duplicated), the server's peak resident memory, and the
processor time each step cost the server and the clients (less sensitive to what else
the machine runs than the round trips).

``--start-with N`` times something else: a server's start (until it listens) on a
file of N finished tables, each with a whole game's log.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from . import engine
from .benchclient import Seat
from .store import Change, StepRow, open_store


async def _table(port: int) -> tuple[str, list[Seat], list[dict[str, Any]]]:
    seats = [await Seat.connect(port) for _ in range(4)]
    made = (await (await seats[0].ask(type="create", players=4)))[1]
    table = made["table"]
    held = []
    for i, s in enumerate(seats):
        held.append((await (await s.ask(type="sit", table=table, name=f"P{i}")))[1])
    return table, seats, held


async def _play(table: str, seats: list[Seat], held: list[dict[str, Any]], until: float,
                rng: random.Random, rtts: list[float], tally: dict[str, Any]) -> None:
    await asyncio.sleep(rng.random())  # tables start spread across the first second
    while time.monotonic() < until:
        tick = time.monotonic()
        view = seats[0].view
        while view is None or view.get("number") is None:
            await seats[0].changed.wait()
            seats[0].changed.clear()
            view = seats[0].view
        if view["state"]["over"]:
            return
        active = view["state"]["active"]
        mine = seats[active]
        while mine.view is None or mine.view["number"] != view["number"] or \
                "legal" not in mine.view:
            mine.changed.clear()
            await asyncio.wait_for(mine.changed.wait(), 5)
        number = mine.view["number"]
        step = rng.choice(mine.view["legal"])
        sent = time.perf_counter()
        tally["sent"] += 1
        fut = await mine.ask(type="step", table=table, seat=active, token=held[active]["token"],
                             number=number, step=step)
        try:
            got_at, reply = await asyncio.wait_for(fut, 5)
        except TimeoutError:
            continue
        tally["answered"] += 1
        if reply["type"] == "update":
            rtts.append((got_at - sent) * 1000)
            tally["accepted"].setdefault(table, []).append(number)
        while (seats[0].view or {}).get("number", 0) <= number and time.monotonic() < until:
            seats[0].changed.clear()
            await asyncio.wait_for(seats[0].changed.wait(), 5)
        await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - tick)))


def _cpu_seconds(pid: int) -> float:
    """The processor time a process has used so far (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def _bench(tables: int, seconds: float) -> str:
    folder = tempfile.mkdtemp(prefix="sail-bench-")
    db = os.path.join(folder, "bench.db")
    proc = subprocess.Popen([sys.executable, "-m", "online", "serve", "--host", "127.0.0.1",
                             "--port", "0", "--db", db], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None  # (piped)
    try:
        port = int(proc.stdout.readline().split()[-1])
        made = []
        for _ in range(tables):
            made.append(await _table(port))
        for table, seats, held in made:
            fut = await seats[0].ask(type="start", table=table, seat=0, token=held[0]["token"])
            await fut
        rtts: list[float] = []
        tally: dict[str, Any] = {"sent": 0, "answered": 0, "accepted": {}}
        until = time.monotonic() + seconds
        rng = random.Random(0)
        cpu = _cpu_seconds(proc.pid), time.process_time()
        await asyncio.gather(*(_play(t, s, h, until, random.Random(rng.random()), rtts, tally)
                               for t, s, h in made), return_exceptions=True)
        cpu = _cpu_seconds(proc.pid) - cpu[0], time.process_time() - cpu[1]
        rss = _peak_rss_mb(proc.pid)
        for _, seats, _ in made:
            for s in seats:
                s.close()
    finally:
        proc.terminate()
        proc.wait(30)
    store = open_store(db)
    duplicated = 0
    for table, numbers in tally["accepted"].items():
        duplicated += len(numbers) - len(set(numbers))
        if len(store.steps(table)) != len(set(numbers)):
            duplicated += abs(len(store.steps(table)) - len(set(numbers)))
    store.close()
    lost = tally["sent"] - tally["answered"]
    steps = len(rtts)
    q = statistics.quantiles(rtts, n=100) if len(rtts) > 1 else [float("nan")] * 99
    per_step = [1000 * c / max(1, steps) for c in cpu]
    return (f"bench: tables {tables} seats {4 * tables} steps {steps} rtt p50 {q[49]:.1f} ms "
            f"p99 {q[98]:.1f} ms lost {lost} duplicated {duplicated} rss {rss:.0f} MB "
            f"cpu/step server {per_step[0]:.2f} ms clients {per_step[1]:.2f} ms")


def _finished_file(db: str, count: int) -> int:
    """A file of ``count`` finished four-seat tables, each with a whole game's log (one
    game played carelessly, logged under every table's id); how many steps in all."""
    from game.bench import careless_step

    from .tables import Kind, Seat, Status, Table
    names = ["Ann", "Bob", "Cy", "Dee"]
    towns = engine.deal(4, "bench", False)
    st, rng = engine.start(names, towns, "standard"), random.Random(0)
    steps: list[str] = []
    while not st.over:
        step = careless_step(st, rng)
        st, steps = engine.judge(st, str(step)).state, [*steps, str(step)]
    store = open_store(db)
    options = {"players": 4, "variant": "standard", "first_game": False, "private": False,
               "clock": None, "away_limit": 600.0}
    for first in range(0, count, 1000):
        change = Change()
        for i in range(first, min(count, first + 1000)):
            t = Table(f"done{i:06}", options, "bench", towns, Status.OVER, None, 0.0)
            change.tables.append(t.row())
            for seat, name in enumerate(names):
                change.seat(t.id, seat, Seat(name, Kind.HUMAN).row())
            change.steps += [StepRow(t.id, n, text, n % 4, 0.0) for n, text in enumerate(steps)]
        store.write(change)
    store.close()
    return count * len(steps)


def _start_with(finished: int) -> str:
    """How long a server takes to start (until it listens) on a file of ``finished``
    finished tables."""
    db = os.path.join(tempfile.mkdtemp(prefix="sail-bench-"), "bench.db")
    rows = _finished_file(db, finished)
    began = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "online", "serve", "--host", "127.0.0.1",
                             "--port", "0", "--db", db], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        took = time.perf_counter() - began
    finally:
        proc.terminate()
        proc.wait(30)
    if not line.startswith("listening"):
        return "bench: the server did not start"
    return (f"bench: start with {finished} finished tables ({rows} steps, "
            f"{os.path.getsize(db) / 2**20:.0f} MB) listening after {took:.2f} s")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="sail-to-india-server bench",
                                description="Play many tables against a local server.")
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--start-with", type=int, metavar="N",
                   help="instead: time a start on a file of N finished tables")
    p.add_argument("--nodes", type=int, metavar="N",
                   help="several server processes on one PostgreSQL database (--db, else "
                        "a throw-away one)")
    p.add_argument("--db", metavar="URL", help="with --nodes: the PostgreSQL database")
    p.add_argument("--kill-one", action="store_true",
                   help="with --nodes: kill (SIGKILL) the busiest process halfway")
    p.add_argument("--restart", action="store_true",
                   help="with --nodes: stop and start every process in turn, halfway")
    args = p.parse_args(argv)
    if args.nodes is not None:
        if not 1 <= args.nodes <= 8 or not 1 <= args.tables <= 2000:
            p.error("--nodes is 1 to 8 and --tables 1 to 2000")
        from .failover import cluster_bench
        print(cluster_bench(args.nodes, args.db, args.tables, args.seconds, args.kill_one,
                            args.restart), flush=True)
        return 0
    if args.start_with is not None:
        if not 0 <= args.start_with <= 100_000:
            p.error("--start-with is 0 to 100000")
        print(_start_with(args.start_with), flush=True)
        return 0
    if not 1 <= args.tables <= 2000 or not 1 <= args.seconds <= 3600:
        p.error("--tables is 1 to 2000 and --seconds 1 to 3600")
    print(asyncio.run(_bench(args.tables, args.seconds)), flush=True)
    return 0
