"""The server's WebSocket side: it reads frames, decodes them, hands them to the core,
and sends what the core answers. No rule of the game lives here.

One asyncio event loop holds every connection (``websockets``: compression off,
frames up to ``protocol.MAX_FRAME``, its own keepalive and origin check). The core
(``online.core``) runs on a thread of its own, one request after another, so its
store writes never hold up the loop; computer players think on daemon threads of
their own and their steps go back to the core's thread.

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

from . import protocol as p
from .core import Core, Out, Think, error
from .store import Store
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
#: How many queued calls the core takes at once before it hands their answers over.
BATCH = 256


def _alive(core: Core, now: float) -> list[Out]:
    core.store.alive(now)
    return []


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
        self.closing: asyncio.Task | None = None
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


class CoreThread:
    """The core on a thread of its own: ``submit`` queues a call (given the time), and
    what it returns is encoded there and delivered on the loop."""

    def __init__(self, make: Callable[[float], Core], clock: Callable[[], float],
                 deliver: Callable[[list[tuple[Conn, str]]], None], thinkers: int) -> None:
        self.clock = clock
        self.deliver = deliver
        self.core: Core | None = None
        self._calls: queue.SimpleQueue[Callable[[Core, float], list[Out]] | None] = \
            queue.SimpleQueue()
        self._thinking: queue.SimpleQueue[Think | None] = queue.SimpleQueue()
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(make,), name="table-core",
                                        daemon=True)
        self._thinkers = [threading.Thread(target=self._think, name=f"computer-{i}",
                                           daemon=True) for i in range(thinkers)]

    def start(self) -> Core:
        self._thread.start()
        for thread in self._thinkers:
            thread.start()
        self._ready.wait()
        if self._failed is not None:
            raise self._failed
        assert self.core is not None
        return self.core

    def submit(self, call: Callable[[Core, float], list[Out]]) -> None:
        self._calls.put(call)

    def stop(self, timeout: float) -> None:
        self._calls.put(None)
        for _ in self._thinkers:
            self._thinking.put(None)
        self._thread.join(timeout)

    def _run(self, make: Callable[[float], Core]) -> None:
        try:
            self.core = make(self.clock())
        except BaseException as exc:
            self._failed = exc
            self._ready.set()
            return
        self._ready.set()
        core = self.core
        self._jobs(core)
        while True:
            # Whatever else is queued goes in the same batch: one hand-over to the loop.
            calls = [self._calls.get()]
            while len(calls) < BATCH:
                try:
                    calls.append(self._calls.get_nowait())
                except queue.Empty:
                    break
            out: list[Out] = []
            for call in calls:
                if call is None:
                    break
                try:
                    out += call(core, self.clock())
                except Exception:
                    log.exception("the core failed on a request")
            self._jobs(core)
            if out:
                self.deliver(self._encoded(out))
            if None in calls:
                return

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

    def _jobs(self, core: Core) -> None:
        jobs, core.jobs = core.jobs, []
        for job in jobs:
            self._thinking.put(job)

    def _think(self) -> None:
        while True:
            job = self._thinking.get()
            if job is None:
                return
            try:
                text = job.run()
            except Exception:
                log.exception("a computer player failed at table %s", job.table)
                continue
            self.submit(lambda core, now, job=job, text=text: core.computer_step(job, text, now))


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
        self.origins = [None, *(origins or [])]
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
        self._ticker: asyncio.Task | None = None
        self._core: CoreThread | None = None
        self._tasks: set[asyncio.Task] = set()

    @property
    def core(self) -> Core:
        assert self._core is not None and self._core.core is not None
        return self._core.core

    @property
    def tables(self) -> dict:
        """The tables in memory now (for tests and tools: the core's own)."""
        return self.core.tables

    # ----- life ------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen (port 0: any free one) and return the port. OSError when it cannot."""
        self._loop = asyncio.get_running_loop()
        self._core = CoreThread(lambda now: Core(self.store, now, where=self.where,
                                                     rng=self.rng),
                                self.clock, self._deliver_threadsafe, self.thinkers)
        await asyncio.to_thread(self._core.start)
        try:
            self._ws = await serve(self._serve, host, port, compression=None,
                                   max_size=p.MAX_FRAME, origins=self.origins,
                                   close_timeout=CLOSE_WAIT, ping_interval=20, ping_timeout=20)
        except BaseException:
            self._core.stop(STOP_WITHIN)
            raise
        self.port = self._ws.sockets[0].getsockname()[1]
        self._ticker = asyncio.create_task(self._tick())
        return self.port

    async def stop(self) -> None:
        """Every connection closed (``Close.GOING_AWAY``), the core stopped and the store
        closed, within ``STOP_WITHIN`` seconds."""
        if self._ticker is not None:
            self._ticker.cancel()
        if self._ws is not None:
            self._ws.close(close_connections=False)
            for conn in list(self.conns):
                self._drop(conn, p.Close.GOING_AWAY, "the server stops")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._ws.wait_closed(), STOP_WITHIN * 2 / 3)
            for conn in list(self.conns):  # whatever did not close in time
                with contextlib.suppress(Exception):
                    conn.ws.transport.abort()
        if self._core is not None:
            core = self._core
            core.submit(_alive)
            await asyncio.to_thread(core.stop, STOP_WITHIN / 3)  # (its threads are daemons)
        with contextlib.suppress(Exception):
            self.store.close()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            self._submit(lambda core, now: core.tick(now))

    def _submit(self, call: Callable[[Core, float], list[Out]]) -> None:
        assert self._core is not None
        self._core.submit(call)

    def inside(self, look: Callable[[Core, float], Any], timeout: float = 10) -> Any:
        """``look(core, now)`` run on the core's thread, from any other thread, and its
        answer (for tests and tools: the core is never touched from two threads)."""
        done: concurrent.futures.Future = concurrent.futures.Future()

        def call(core: Core, now: float) -> list[Out]:
            try:
                done.set_result(look(core, now))
            except BaseException as exc:
                done.set_exception(exc)
            return []

        self._submit(call)
        return done.result(timeout)

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
                self._submit(lambda core, now, msg=msg: core.handle(conn, msg, now))
        except ConnectionClosed:
            pass
        finally:
            conn.closed = True
            self.conns.discard(conn)
            self._submit(lambda core, now: core.closed(conn, now))
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

    def _deliver_threadsafe(self, pairs: list[tuple[Conn, str]]) -> None:
        assert self._loop is not None
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to tell
            self._loop.call_soon_threadsafe(self._deliver, pairs)

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
           "CoreThread", "Server"]
