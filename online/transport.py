"""The server's WebSocket side: it reads frames, decodes them, hands them to the core,
sends what the core answers, and writes what the core asks to be written. No rule of
the game lives here.

One asyncio event loop holds every connection (``websockets``: compression off,
frames up to ``protocol.MAX_FRAME``, its own keepalive and origin check) and runs the
core (``online.core``). The core's work asks for its changes to be written before it
goes on: ``Writer``, a thread of its own, writes them (one transaction each, those
waiting taken together), so a write never holds up the loop; meanwhile the loop
serves every other table, and a table's next piece of work waits its turn (one at a
time per table). Computer players think on daemon threads of their own; their steps
come back to the loop.

Each connection has a bounded outgoing queue: a message for it is put there and the
loop goes on, and a connection whose queue fills up (it does not read) is closed
with ``Close.SLOW``. So a peer that never reads stalls nobody. A connection sending
more than ``RATE`` messages a second (``BURST`` at once) is closed with
``Close.FLOOD`` at once, without waiting for its answer. ``stop`` closes every
connection with ``Close.GOING_AWAY`` and returns within ``STOP_WITHIN`` seconds
whatever the connections do.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import ipaddress
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from websockets.asyncio.server import Server as WSServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from . import protocol as p
from .core import Core, Out, Think, Work, error
from .store import Change, Store, StoreFailed
from .words import Said

log = logging.getLogger("online")

#: How many messages, and how many characters, may wait for a connection that does
#: not read before it is closed.
QUEUE_MESSAGES = 512
QUEUE_CHARS = 8 * 1024 * 1024
#: How often the core's clocks are looked at (seconds).
TICK = 0.5
#: How long ``stop`` may take, at most (seconds).
STOP_WITHIN = 1.5
#: How long a closing handshake is waited for before the socket is dropped.
CLOSE_WAIT = 0.5
#: How many changes the writer takes at once before it hands their results back.
BATCH = 256


class Conn:
    """One client's connection as the core sees it: an address, and a queue."""

    __slots__ = ("address", "bucket", "chars", "closed", "closing", "last", "outbox", "wake",
                 "ws")

    def __init__(self, ws: Any, address: str) -> None:
        self.ws = ws
        self.address = address
        self.outbox: deque[str] = deque()
        self.chars = 0
        self.wake = asyncio.Event()
        #: No more is sent to it (it went, or is being closed).
        self.closed = False
        #: The task closing it, once the server closes it.
        self.closing: asyncio.Task[None] | None = None
        self.bucket = p.BURST
        self.last = time.monotonic()

    def take(self, now: float) -> bool:
        """One message's worth from the rate bucket; False when it is empty."""
        self.bucket = min(p.BURST, self.bucket + (now - self.last) * p.RATE)
        self.last = now
        if self.bucket < 1:
            return False
        self.bucket -= 1
        return True


class Writer:
    """The store's writes on a thread of their own: ``write`` queues one (a piece of
    work and its change), and ``done`` gets, on the loop, each piece of work with
    what became of its change (None: written; else the ``StoreFailed``) and what the
    write gave (a claim's owner, a renewal's tables)."""

    def __init__(self, store: Store, loop: asyncio.AbstractEventLoop,
                 done: Callable[[list[tuple[Work, StoreFailed | None, Any]]], None]) -> None:
        self.store = store
        self.loop = loop
        self.done = done
        # What the loop asks for in one of its rounds goes over in one hand-over (each
        # hand-over between the threads costs more than a write).
        self._round: list[tuple[Work | None, Change]] = []
        self._queue: queue.SimpleQueue[list[tuple[Work | None, Change]] | None] = \
            queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="table-writer", daemon=True)
        self._thread.start()

    def write(self, work: Work | None, change: Change) -> None:
        """Write ``change`` for ``work`` (None: for nobody; a failure is not told)."""
        if not self._round:
            self.loop.call_soon(self._hand_over)
        self._round.append((work, change))

    def _hand_over(self) -> None:
        self._queue.put(self._round)
        self._round = []

    def finish(self) -> None:
        """(On the loop) what is asked for is written, then the thread stops."""
        if self._round:
            self._hand_over()
        self._queue.put(None)

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            batch = [self._queue.get()]
            while len(batch) < BATCH:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            results: list[tuple[Work, StoreFailed | None, Any]] = []
            for item in [one for given in batch if given is not None for one in given]:
                work, change = item
                try:
                    result, failure = self.store.write(change), None
                except StoreFailed as exc:
                    result, failure = None, exc
                if work is not None:
                    results.append((work, failure, result))
            if results:
                with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
                    self.loop.call_soon_threadsafe(self.done, results)
            if None in batch:
                return


class Thinkers:
    """Computer players' turns, thought on daemon threads (a server that stops does not
    wait for a thought); each step is handed back on the loop."""

    def __init__(self, count: int, loop: asyncio.AbstractEventLoop,
                 done: Callable[[Think, str], None]) -> None:
        self.loop = loop
        self.done = done
        self._queue: queue.SimpleQueue[Think | None] = queue.SimpleQueue()
        self._threads = [threading.Thread(target=self._run, name=f"computer-{i}", daemon=True)
                         for i in range(count)]
        for thread in self._threads:
            thread.start()

    def think(self, job: Think) -> None:
        self._queue.put(job)

    def stop(self) -> None:
        for _ in self._threads:
            self._queue.put(None)

    def _run(self) -> None:
        while (job := self._queue.get()) is not None:
            try:
                text = job.run()
            except Exception:
                log.exception("a computer player failed at table %s", job.table)
                continue
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self.done, job, text)


def _networks(addresses: Iterable[str]) -> list[Any]:
    return [ipaddress.ip_network(a, strict=False) for a in addresses]


class Server:
    """The WebSocket server around one ``Core`` (see the module's docstring)."""

    def __init__(self, store: Store, *, where: str = "", origins: list[str | None] | None = None,
                 trusted_proxies: Iterable[str] = (), thinkers: int = 2,
                 clock: Callable[[], float] = time.time, rng: Any = None,
                 queue_limit: tuple[int, int] = (QUEUE_MESSAGES, QUEUE_CHARS)) -> None:
        self.store = store
        self.where = where
        self.origins: list[Origin | None] = [None, *(None if o is None else Origin(o)
                                                     for o in origins or [])]
        self.trusted = _networks(trusted_proxies)
        self.clock = clock
        self.thinkers = thinkers
        self.rng = rng
        #: How many messages and characters may wait for a connection that does not read.
        self.queue_limit = queue_limit
        self.port = 0
        self.conns: set[Conn] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: WSServer | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._core: Core | None = None
        self._writer: Writer | None = None
        self._thinking: Thinkers | None = None
        #: The pieces of work waiting their turn at each table (one under way there).
        self._waiting: dict[str, deque[Work]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def core(self) -> Core:
        assert self._core is not None
        return self._core

    @property
    def tables(self) -> dict[str, Any]:
        """The tables in memory now (for tests and tools: the core's own)."""
        return self.core.tables

    # ----- life ------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen (port 0: any free one) and return the port. OSError when it cannot."""
        loop = self._loop = asyncio.get_running_loop()
        # (the tables not over are read and replayed here, before anyone connects)
        self._core = Core(self.store, self.clock(), where=self.where, rng=self.rng)
        self._writer = Writer(self.store, loop, self._written)
        self._thinking = Thinkers(self.thinkers, loop, self._thought)
        self._jobs()
        try:
            self._ws = await serve(self._serve, host, port, compression=None,
                                   max_size=p.MAX_FRAME, origins=self.origins,
                                   close_timeout=CLOSE_WAIT, ping_interval=20, ping_timeout=20)
        except BaseException:
            self._thinking.stop()
            self._writer.finish()
            raise
        self.port = self._ws.sockets[0].getsockname()[1]
        self._ticker = asyncio.create_task(self._tick())
        return self.port

    async def stop(self) -> None:
        """Every connection closed (``Close.GOING_AWAY``), what waits to be written
        written, the store closed, within ``STOP_WITHIN`` seconds."""
        if self._ticker is not None:
            self._ticker.cancel()
        if self._writer is not None and self._core is not None:
            # Its tables given up first: another process takes them when their players
            # come back (closed below, they do at once).
            self._start(self._core.leave_all(self.clock()))
        if self._ws is not None:
            self._ws.close(close_connections=False)
            for conn in list(self.conns):
                self._drop(conn, p.Close.GOING_AWAY, "the server stops")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._ws.wait_closed(), STOP_WITHIN * 2 / 3)
            for conn in list(self.conns):  # whatever did not close in time
                with contextlib.suppress(Exception):
                    conn.ws.transport.abort()
        if self._thinking is not None:
            self._thinking.stop()
        if self._writer is not None:
            self._writer.write(None, Change(alive=self.clock()))  # its last sign of life
            self._writer.finish()
            await asyncio.to_thread(self._writer.join, STOP_WITHIN / 3)
        with contextlib.suppress(Exception):
            self.store.close()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            for work in self.core.time(self.clock()):
                self._start(work)
            self._jobs()

    def inside(self, look: Callable[[Core, float], Any], timeout: float = 10) -> Any:
        """``look(core, now)`` run on the loop (the core's thread), from any other
        thread, and its answer (for tests and tools: the core is never touched from two
        threads at once)."""
        assert self._loop is not None
        done: concurrent.futures.Future[Any] = concurrent.futures.Future()

        def call() -> None:
            try:
                done.set_result(look(self.core, self.clock()))
            except BaseException as exc:
                done.set_exception(exc)

        self._loop.call_soon_threadsafe(call)
        return done.result(timeout)

    # ----- the core's work -------------------------------------------------------------
    def _start(self, work: Work) -> None:
        """Do ``work`` now, or once the work before it at its table is done."""
        if work.key is not None:
            waiting = self._waiting.get(work.key)
            if waiting is not None:
                waiting.append(work)
                return
            self._waiting[work.key] = deque()
        self._advance(work)

    def _advance(self, work: Work | None, failure: StoreFailed | None = None,
                 result: Any = None) -> None:
        """Go on with ``work`` to its next write (handed to the writer) or its end (its
        messages sent, and the next piece of work at its table begun)."""
        while work is not None:
            try:
                change = self.core.advance(work, failure, result)
            except Exception:
                log.exception("the core failed on a piece of work")
                change = None
            self._jobs()
            if change is not None:
                assert self._writer is not None
                self._writer.write(work, change)
                return
            self._deliver(self._encoded(work.out))
            work, failure, result = self._next(work.key), None, None

    def _next(self, key: str | None) -> Work | None:
        """The piece of work waiting its turn at table ``key`` (None: none waits)."""
        if key is None:
            return None
        waiting = self._waiting[key]
        if waiting:
            return waiting.popleft()
        del self._waiting[key]
        return None

    def _written(self, results: list[tuple[Work, StoreFailed | None, Any]]) -> None:
        for work, failure, result in results:
            self._advance(work, failure, result)

    def _thought(self, job: Think, text: str) -> None:
        self._start(self.core.computer(job, text, self.clock()))

    def _jobs(self) -> None:
        assert self._thinking is not None
        jobs, self.core.jobs = self.core.jobs, []
        for job in jobs:
            self._thinking.think(job)

    @staticmethod
    def _encoded(out: list[Out]) -> list[tuple[Conn, str]]:
        # A message sent to many is written once, and so is what messages share (the
        # state every seat's update carries): ``out`` keeps them all alive meanwhile.
        texts: dict[int, str] = {}
        memo: dict[int, str] = {}
        pairs = []
        for conn, msg in out:
            text = texts.get(id(msg))
            if text is None:
                try:
                    text = texts[id(msg)] = p.encode(msg, memo)
                except ValueError:
                    log.exception("a message that is not JSON was not sent: %s", msg.TYPE)
                    continue
            pairs.append((conn, text))
        return pairs

    # ----- connections -------------------------------------------------------------------
    def _address(self, ws: ServerConnection) -> str:
        """Where the connection comes from: behind a trusted proxy, the address the
        proxy names (the last one in ``X-Forwarded-For`` that is no trusted proxy)."""
        where = ws.remote_address
        peer = str(where[0]) if isinstance(where, tuple) and where else "?"
        if not self.trusted or not self._trusted(peer):
            return peer
        forwarded = ws.request.headers.get_all("X-Forwarded-For") if ws.request else []
        hops = [h.strip() for line in forwarded for h in line.split(",") if h.strip()]
        for hop in reversed(hops):
            if not self._trusted(hop):
                return hop
        return peer

    def _trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in self.trusted)

    async def _serve(self, ws: ServerConnection) -> None:
        conn = Conn(ws, self._address(ws))
        self.conns.add(conn)
        writer = asyncio.create_task(self._write(conn))
        try:
            async for raw in ws:
                if conn.closed:
                    break
                if not conn.take(time.monotonic()):
                    self._drop(conn, p.Close.FLOOD, "too many messages")
                    break
                msg = p.decode_request(raw)
                if isinstance(msg, p.Refusal):
                    self._refuse(conn, msg)
                    if msg.close is not None:
                        self._drop(conn, msg.close, f"protocol version {p.VERSION}", flush=True)
                        break
                    continue
                self._start(self.core.request(conn, msg, self.clock()))
        except ConnectionClosed:
            pass
        finally:
            conn.closed = True
            self.conns.discard(conn)
            for work in self.core.went(conn, self.clock()):
                self._start(work)
            conn.wake.set()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await writer
            if conn.closing is not None:  # our close, not the library's, ends it
                with contextlib.suppress(asyncio.CancelledError):
                    await conn.closing

    def _refuse(self, conn: Conn, refusal: p.Refusal) -> None:
        said = error(Said(refusal.key, refusal.values))
        self._deliver([(conn, p.encode(p.Error(id=refusal.id, reason=said.reason,
                                                said=said.said)))])

    def _deliver(self, pairs: list[tuple[Conn, str]]) -> None:
        """Each text into its connection's queue; a queue that overflows closes its
        connection (it does not read: nobody waits for it)."""
        for conn, text in pairs:
            if conn.closed:
                continue
            conn.outbox.append(text)
            conn.chars += len(text)
            if len(conn.outbox) > self.queue_limit[0] or conn.chars > self.queue_limit[1]:
                log.info("a connection from %s reads too slowly: closed", conn.address)
                self._drop(conn, p.Close.SLOW, "too slow to read")
                continue
            conn.wake.set()

    async def _write(self, conn: Conn) -> None:
        ws = conn.ws
        while not conn.closed:
            await conn.wake.wait()
            conn.wake.clear()
            while conn.outbox and not conn.closed:
                text = conn.outbox.popleft()
                conn.chars -= len(text)
                await ws.send(text)

    def _drop(self, conn: Conn, code: int, reason: str, flush: bool = False) -> None:
        """Close ``conn`` now: what waits for it is sent first when ``flush`` (else
        dropped), the closing frame sent, its answer waited for ``CLOSE_WAIT`` at most,
        and the socket dropped."""
        if conn.closing is not None:
            return
        left = list(conn.outbox) if flush else []
        conn.closed = True
        conn.outbox.clear()
        conn.chars = 0
        conn.wake.set()

        async def close() -> None:
            try:
                async with asyncio.timeout(CLOSE_WAIT):
                    for text in left:
                        await conn.ws.send(text)
                    await conn.ws.close(code, reason)
            except Exception:
                with contextlib.suppress(Exception):
                    conn.ws.transport.abort()

        conn.closing = asyncio.create_task(close())
        self._tasks.add(conn.closing)
        conn.closing.add_done_callback(self._tasks.discard)


__all__ = ["BATCH", "CLOSE_WAIT", "QUEUE_CHARS", "QUEUE_MESSAGES", "STOP_WITHIN", "TICK", "Conn",
           "Server", "Thinkers", "Writer"]
