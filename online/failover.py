"""``sail-to-india-server bench --nodes N``: several server processes on one PostgreSQL
database, played as ``bench`` plays one, and shown to survive the loss of one.

The N processes listen on 127.0.0.1, each told its own address (``--node-url``).
Tables are made at each in turn; their four seats play one step a second. With
``--kill-one``, halfway through, the process serving the most tables is killed with
SIGKILL: each of its tables' clients, cut off, asks another process (where it first
came in, else any), is told where the table lives (``moved``) or finds it taken over
once its lease ran out, resumes every seat and plays on. With ``--restart`` every
process is stopped (SIGTERM) and started again in turn instead, from a quarter of the
way through: a rolling restart.

Besides the usual ``bench:`` line it prints
``failover: nodes N tables T killed K moved M resumed p50 X s max Y s lost L
duplicated D``: the tables cut off and back (each one's time from the loss of its
process to the first view of it again), steps answered as taken but missing from the
log (lost) and numbers taken twice (duplicated). Everything on 127.0.0.1; every wait
bounded; it stops by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field

from .benchclient import Seat
from .pgtemp import Cluster
from .ports import quiet_port
from .store import open_store

#: How long a cut-off table may take to come back before the bench gives up on it.
GIVE_UP = 60.0
#: How long a client waits for an answer before it takes its server for gone.
ANSWER = 5.0


@dataclass
class Node:
    """One server process."""

    db: str
    port: int = field(default_factory=quiet_port)
    proc: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "online", "serve", "--host", "127.0.0.1", "--port",
             str(self.port), "--db", self.db, "--node-url", self.url],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line.startswith("listening"):
            raise RuntimeError(f"a server did not start on port {self.port}")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(30)
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(30)


@dataclass
class Played:
    """One table and its four seats' clients, wherever the table is served now."""

    table: str
    tokens: list[str]
    port: int
    seats: list[Seat] = field(default_factory=list)
    cut_at: float | None = None
    back_after: list[float] = field(default_factory=list)


class Run:
    def __init__(self, nodes: list[Node], seconds: float) -> None:
        self.nodes = nodes
        self.seconds = seconds
        self.rtts: list[float] = []
        self.taken: dict[str, list[tuple[int, str]]] = {}
        self.rng = random.Random(0)
        # the tables play on past ``until`` while processes are still being stopped
        # and for a while after the last one, so every table cut off notices it (on a
        # loaded machine the restarts can outlast the run)
        self.after = 0.0

    def port_of(self, url: str) -> int | None:
        return next((n.port for n in self.nodes if n.url == url), None)

    async def seated(self, played: Played, port: int) -> None:
        """Every seat of ``played`` at the process on ``port``, resumed there (following
        ``moved``); ConnectionError when it cannot be done now."""
        for seat in played.seats:
            seat.close()
        played.seats = []
        for _ in range(3):  # moved at most twice
            seats = [await Seat.connect(port) for _ in range(4)]
            replies = [await asyncio.wait_for(await s.ask(type="resume", table=played.table,
                                                          seat=i, token=played.tokens[i]),
                                              ANSWER) for i, s in enumerate(seats)]
            moved = [r for _, r in replies if r.get("type") == "moved"]
            if not moved:
                if any(r.get("type") != "view" for _, r in replies):
                    raise ConnectionError(f"not resumed: {replies[0][1]}")
                played.seats, played.port = seats, port
                return
            for s in seats:
                s.close()
            where = self.port_of(str(moved[0].get("where", "")))
            port = where if where is not None else port
        raise ConnectionError("moved too often")

    async def back(self, played: Played) -> None:
        """A table cut off from its process: asked again of each process in turn until
        one serves it (bounded)."""
        cut = played.cut_at = played.cut_at or time.monotonic()
        ports = [n.port for n in self.nodes]
        start = ports.index(played.port) if played.port in ports else 0
        for attempt in range(int(GIVE_UP / 0.2)):
            port = ports[(start + 1 + attempt) % len(ports)]
            with contextlib.suppress(ConnectionError, OSError, TimeoutError):
                await self.seated(played, port)
                played.back_after.append(time.monotonic() - cut)
                played.cut_at = None
                return
            await asyncio.sleep(0.2)
        raise ConnectionError(f"table {played.table} never came back")

    async def play(self, played: Played, until: float, rng: random.Random) -> None:
        await asyncio.sleep(rng.random())
        while time.monotonic() < max(until, self.after):
            tick = time.monotonic()
            try:
                if not await self.one_step(played, rng, until):
                    return
            except (ConnectionError, TimeoutError, OSError):
                await self.back(played)
                continue
            await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - tick)))

    async def one_step(self, played: Played, rng: random.Random, until: float) -> bool:
        seats = played.seats
        if any(s.gone.is_set() for s in seats):
            raise ConnectionError("cut off")
        view = seats[0].view
        if view is None or view.get("number") is None:
            raise ConnectionError("no view")
        if view["state"]["over"]:
            return False
        active = view["state"]["active"]
        mine = seats[active]
        deadline = time.monotonic() + ANSWER
        while mine.view is None or mine.view.get("number") != view["number"] or \
                "legal" not in mine.view:
            if mine.gone.is_set() or time.monotonic() > deadline:
                raise ConnectionError("no turn")
            mine.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(mine.changed.wait(), 0.5)
        number = mine.view["number"]
        step = rng.choice(mine.view["legal"])
        sent = time.perf_counter()
        fut = await mine.ask(type="step", table=played.table, seat=active,
                             token=played.tokens[active], number=number, step=step)
        got_at, reply = await asyncio.wait_for(fut, ANSWER)
        if reply.get("type") == "update":
            self.rtts.append((got_at - sent) * 1000)
            self.taken.setdefault(played.table, []).append((number, str(reply["step"])))
        elif reply.get("type") == "moved":
            raise ConnectionError("moved")
        return True


async def _made(port: int) -> Played:
    seats = [await Seat.connect(port) for _ in range(4)]
    made = (await (await seats[0].ask(type="create", players=4)))[1]
    tokens = []
    for i, s in enumerate(seats):
        tokens.append((await (await s.ask(type="sit", table=made["table"], name=f"P{i}")))[1]
                      ["token"])
    await (await seats[0].ask(type="start", table=made["table"], seat=0, token=tokens[0]))
    return Played(made["table"], tokens, port, seats)


async def run_cluster(nodes: int, db: str, tables: int, seconds: float, kill: bool,
                      restart: bool) -> Figures:
    """Play ``tables`` at ``nodes`` processes on the PostgreSQL database ``db`` for
    ``seconds``; with ``kill``, one killed halfway; with ``restart``, each restarted."""
    servers = [Node(db) for _ in range(nodes)]
    try:
        for node in servers:
            node.start()
        run = Run(servers, seconds)
        played = [await _made(servers[i % nodes].port) for i in range(tables)]
        for p in played:  # (each table's views arrive after the start's answer)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(p.seats[0].changed.wait(), ANSWER)
        until = time.monotonic() + seconds
        rng = random.Random(0)
        games = [asyncio.create_task(run.play(p, until, random.Random(rng.random())))
                 for p in played]
        killed, cut = 0, set()
        if kill or restart:
            await asyncio.sleep(seconds / 2 if kill else seconds / 4)
            run.after = math.inf
            if kill:
                counts = {n.port: sum(1 for p in played if p.port == n.port) for n in servers}
                victim = max(servers, key=lambda n: counts[n.port])
                cut = {p.table for p in played if p.port == victim.port}
                await asyncio.to_thread(victim.stop, signal.SIGKILL)
                killed = 1
            else:
                for node in servers:  # (on a thread each: the tables play on meanwhile)
                    cut |= {p.table for p in played if p.port == node.port}
                    await asyncio.to_thread(node.stop, signal.SIGTERM)
                    await asyncio.to_thread(node.start)
                    await asyncio.sleep(1.0)
                killed = len(servers)
            run.after = time.monotonic() + 3.0
        done = await asyncio.gather(*games, return_exceptions=True)
        failed = [d for d in done if isinstance(d, BaseException)]
        for p in played:
            for s in p.seats:
                s.close()
    finally:
        for node in servers:
            node.stop()
    store = open_store(db)
    lost = duplicated = 0
    for table, taken in run.taken.items():
        logged = store.steps(table)
        numbers = [n for n, _ in taken]
        duplicated += len(numbers) - len(set(numbers))
        lost += sum(1 for n, text in taken if n >= len(logged) or logged[n] != text)
    store.close()
    backs = [b for p in played for b in p.back_after]
    return Figures(tables, len(run.rtts), run.rtts, nodes, killed, len(cut),
                   sum(1 for p in played if p.back_after), backs, lost, duplicated,
                   [str(f) for f in failed])


@dataclass
class Figures:
    """What a run of the cluster bench measured."""

    tables: int
    steps: int
    rtts: list[float]
    nodes: int
    killed: int
    cut: int
    moved: int
    backs: list[float]
    lost: int
    duplicated: int
    failed: list[str]

    def lines(self, failover: bool) -> str:
        q = statistics.quantiles(self.rtts, n=100) if len(self.rtts) > 1 else \
            [float("nan")] * 99
        line = (f"bench: tables {self.tables} seats {4 * self.tables} steps {self.steps} rtt "
                f"p50 {q[49]:.1f} ms p99 {q[98]:.1f} ms lost {self.lost} duplicated "
                f"{self.duplicated}")
        if failover:
            line += (f"\nfailover: nodes {self.nodes} tables {self.tables} killed "
                     f"{self.killed} moved {self.moved} resumed p50 "
                     f"{statistics.median(self.backs) if self.backs else 0:.1f} s max "
                     f"{max(self.backs, default=0):.1f} s lost {self.lost} duplicated "
                     f"{self.duplicated}")
            if self.cut > self.moved:
                line += f" (of {self.cut} cut off, {self.cut - self.moved} not back)"
        if self.failed:
            line += f"\nfailed: {len(self.failed)} tables ({self.failed[0]})"
        return line


def cluster_bench(nodes: int, db: str | None, tables: int, seconds: float, kill: bool,
                  restart: bool) -> str:
    if db:
        figures = asyncio.run(run_cluster(nodes, db, tables, seconds, kill, restart))
    else:
        with Cluster() as cluster:
            figures = asyncio.run(run_cluster(nodes, cluster.url, tables, seconds, kill,
                                              restart))
    return figures.lines(kill or restart)


__all__ = ["Figures", "cluster_bench", "run_cluster"]
