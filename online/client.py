"""One connection to a game server, kept on a thread of its own.

The game's main thread never waits on the network. It queues requests with
``send`` (which adds the protocol's ``"v"`` and a fresh ``"id"`` and returns the id)
and, once a frame, drains ``events()``: plain frozen values saying what happened.

- ``Connected(again)`` — the socket is open (``again``: after a drop).
- ``Reply(id, msg, request)`` — the server's direct answer to a request.
- ``Pushed(msg)`` — a message nobody asked for: ``view``, ``update``, ``chat``,
  ``rematch``.
- ``Dropped(reason)`` — the socket closed after it was open; the connection tries
  again by itself (first within ``first_retry``, then twice as long each time, at
  most ``max_retry``). On each reconnection it first sends ``on_reconnect`` (the
  owner's ``resume`` messages), then every request that was not answered and may
  safely go twice (``RESEND``: a step carries its number, so a second copy of a step
  the server already took is refused by that number and changes nothing), then
  whatever was queued meanwhile.
- ``Lost(id, request, reason)`` — a request the socket dropped before its answer, not
  sent again (``create``, ``sit``, ``chat``...): it may or may not have been done.
- ``Failed(sentence)`` — the connection gives up, for good: no server at the
  address (the first connection only: within ``connect_timeout``, never a hang), the
  server refused the handshake, or it speaks another protocol version (close code
  4001). Every request still waiting is reported ``Lost`` first.

**A server is not trusted.** Every frame is decoded on the connection's thread by
``online.inbound.decode_server`` before anything reads it: a message is a checked,
typed value (``msg`` above), and a frame that is not one is ``Unreadable``: a line
in the program's log (at most one a second, with a count of the rest), and then
nothing more, unless it was the answer to a request (its ``Reply`` carries the
``Unreadable``) or a view or update of a table (pushed, so the table can ask for a
fresh one). A frame of another protocol version ends the connection as a close
with 4001 does. Reading is bounded: at most ``READ_RATE`` messages a second (a
server that sends more waits, as TCP makes it), at most ``MAX_WAITING`` pushed
messages (or ``MAX_WAITING_TEXT`` characters) waiting for the owner (more are
dropped: the table asks again for what it missed), and ``events(limit)`` takes a
frame's share. No HTTP redirect is followed. How the socket ended says why in one
sentence: the server stopping (1001), refusing this program (1008, 1009, 4002, any
other code of its own), or just gone; ``slow_for()`` says how long the oldest
request has waited for its answer on an open socket.

Sentences are ``Phrase`` values (``online.words``): the table says them in the
player's language. ``close()`` stops the thread promptly. This module imports
``websockets`` and the engine's words, never pygame.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import queue
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException
from websockets.uri import parse_uri

from . import protocol
from .bounds import Bucket, Gate, backoff, check_address, closed_why
from .inbound import ServerMessage, Unreadable, decode_server
from .words import Phrase, cut, english, phrase

PROTOCOL = protocol.VERSION
CLOSE_VERSION = protocol.Close.VERSION
#: How long an address that could not be reached is not gone back to when a server
#: says a table lives there, and how soon to ask again meanwhile (seconds).
UNREACHABLE_FOR = 10.0
MOVED_AGAIN = 0.5
#: The requests sent again after a reconnection when they were not answered.
RESEND = frozenset({"list", "watch", "resume", "step", "rematch"})
#: The largest message taken from a server (a view carries a whole game's log).
MAX_INBOUND = protocol.MAX_INBOUND
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: At most this many messages a second are read from a server, and this many at once
#: (an honest one sends a few a step); one that sends more is read at this pace.
READ_RATE = 200.0
READ_BURST = 400.0
#: And at most this many characters a second (and at once): a frame of a megabyte
#: costs as much as a few hundred small ones.
READ_CHARS = 2 * 1024 * 1024.0
READ_CHARS_BURST = 4 * 1024 * 1024.0
#: Pushed messages waiting for the owner to take them, at most (and their characters):
#: more are dropped (a table that missed an update asks for a fresh view).
MAX_WAITING = 1000
MAX_WAITING_TEXT = 16 * 1024 * 1024
#: Frames websockets itself keeps read ahead of this module.
FRAMES_AHEAD = 8
#: A request unanswered this long (seconds) on an open socket: the server is slow.
SLOW = 10.0
log = logging.getLogger("online.client")


@dataclass(frozen=True)
class Connected:
    again: bool = False


@dataclass(frozen=True)
class Dropped:
    reason: Phrase


@dataclass(frozen=True)
class Reply:
    id: int
    msg: ServerMessage | Unreadable
    request: dict[str, Any]


@dataclass(frozen=True)
class Pushed:
    msg: ServerMessage | Unreadable


@dataclass(frozen=True)
class Lost:
    id: int
    request: dict[str, Any]
    reason: Phrase


@dataclass(frozen=True)
class Failed:
    sentence: Phrase


Event = Connected | Dropped | Reply | Pushed | Lost | Failed


class _Dial(connect):
    """websockets' ``connect``, following no redirect: the client goes only where the
    player asked."""

    def process_redirect(self, exc: Exception) -> Exception | str:
        return exc


class _GiveUp(Exception):
    def __init__(self, sentence: Phrase) -> None:
        super().__init__(sentence.key)
        self.sentence = sentence


class Connection:
    """One connection to one server URL (``ws://HOST:PORT/``), on its own thread and
    event loop; see the module's docstring for the events it reports."""

    def __init__(self, url: str, *, connect_timeout: float = 3.0, first_retry: float = 1.0,
                 max_retry: float = 10.0, version: int = PROTOCOL, slow: float = SLOW,
                 read_rate: float = READ_RATE, ping_interval: float | None = 20.0,
                 trace: Callable[[str], None] | None = None,
                 ca_file: str | None = None) -> None:
        #: Where the connection is now, and where it was first asked to go (a table
        #: served by another process of the same server moves it there; cut off from
        #: that one, it goes back to the first).
        self.url = self.home = url
        #: A certificate file to trust for ``wss://`` besides the system's (a server on
        #: a LAN with a certificate of its own).
        self.ca_file = ca_file
        self._moving = False
        #: Addresses (other than the first) that could not be reached lately, and until
        #: when (by ``time.monotonic``) a ``moved`` there is not followed.
        self._unreachable: dict[str, float] = {}
        self._soon = 0.0  # how long to wait before going back where it was just now
        self.connect_timeout = connect_timeout
        self.first_retry = first_retry
        self.max_retry = max_retry
        self.version = version
        #: How long a request may wait for its answer before the server is slow.
        self.slow = slow
        self.read_rate = read_rate
        self.ping_interval = ping_interval
        #: Called on the connection's thread with every frame received, as it came
        #: (for tests: what reached this machine).
        self.trace = trace
        #: Sent first on every reconnection (the owner's ``resume`` messages); read
        #: afresh each time, so the owner may replace it whenever it likes.
        self.on_reconnect: list[dict[str, Any]] = []
        #: Whether the socket is open now.
        self.connected = False
        #: The sentence of a ``Failed``, once the connection has given up.
        self.failed: Phrase | None = None
        #: When the next try is due (``time.monotonic``), while one is waited for.
        self.retry_at: float | None = None
        #: Frames not read (unreadable, or pushed while too many waited), ever.
        self.dropped = 0
        self._events: queue.Queue[tuple[Event, int]] = queue.Queue()
        self._waiting = [0, 0]  # pushed events queued now, and their characters
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._outbox: deque[tuple[int, dict[str, Any], bool]] = deque()
        # id -> (request, may go twice, sent by on_reconnect); the loop's thread only
        self._unanswered: dict[int, tuple[dict[str, Any], bool, bool]] = {}
        self._asked: dict[int, float] = {}  # id -> when sent on this socket (loop's thread)
        self._oldest: float | None = None  # the oldest of those (read by the owner)
        self._other_version = False
        self._gate = Gate()
        self._loop = asyncio.new_event_loop()
        self._wake = asyncio.Event()
        self._stop = asyncio.Event()
        self._closing = False
        self._gone = False  # no request is carried any more (set under the lock)
        self._thread = threading.Thread(target=self._run, name="online-connection",
                                        daemon=True)

    # ----- the main thread's side ---------------------------------------------------
    def start(self) -> Connection:
        self._thread.start()
        return self

    def __enter__(self) -> Connection:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, msg: dict[str, Any], resend: bool | None = None) -> int:
        """Queue one request (its ``type`` and fields; ``v`` and ``id`` are added) and
        return its id. ``resend``: whether it goes again after a reconnection if it
        was not answered (by default, for the types in ``RESEND``)."""
        again = msg.get("type") in RESEND if resend is None else resend
        with self._lock:
            rid = next(self._ids)
            if self._gone:  # given up or closed: nothing will carry it
                self._emit(Lost(rid, dict(msg), phrase("online.lost")))
                return rid
            self._outbox.append((rid, dict(msg), again))
        self._poke(self._wake)
        return rid

    def events(self, limit: int | None = None) -> list[Event]:
        """What happened since the last call, in order (never waits): at most ``limit``
        events (the rest wait for the next call)."""
        out: list[Event] = []
        while limit is None or len(out) < limit:
            try:
                event, size = self._events.get_nowait()
            except queue.Empty:
                break
            self._taken(size)
            out.append(event)
        return out

    def wait(self, timeout: float) -> Event | None:
        """The next event, waiting at most ``timeout`` seconds (None: none came). For
        tests and command lines; the game's own thread drains ``events()``."""
        try:
            event, size = self._events.get(timeout=timeout)
        except queue.Empty:
            return None
        self._taken(size)
        return event

    def _taken(self, size: int) -> None:
        if size >= 0:
            with self._lock:
                self._waiting[0] -= 1
                self._waiting[1] -= size

    @property
    def waiting(self) -> int:
        """How many pushed messages wait to be taken now."""
        return self._waiting[0]

    def slow_for(self) -> float:
        """Seconds the oldest request sent on the open socket has waited for its answer
        (0: none waits, or the socket is not open)."""
        since = self._oldest
        return 0.0 if since is None or not self.connected else max(0.0,
                                                                    time.monotonic() - since)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def close(self, timeout: float = 5.0) -> None:
        """Close the socket and stop the thread (promptly: at most ``timeout``). What
        was still queued or unanswered is let go; a request sent afterwards comes back
        ``Lost``."""
        with self._lock:
            self._gone = True
        self._closing = True
        self._poke(self._stop)
        self._poke(self._wake)
        if self._thread.is_alive():
            self._thread.join(timeout)
        elif self._thread.ident is None and not self._loop.is_closed():
            self._loop.close()  # never started

    def _poke(self, event: asyncio.Event) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: nothing to wake
            self._loop.call_soon_threadsafe(event.set)

    # ----- the connection's thread ----------------------------------------------------
    def _run(self) -> None:
        try:
            self._loop.run_until_complete(self._main())
        except Exception as exc:  # a bug must not leave the owner waiting for ever
            log.exception("the connection to %s stopped", self.url)
            self._give_up(phrase("online.broken", error=type(exc).__name__))
        finally:
            pending = asyncio.all_tasks(self._loop)
            for task in pending:
                task.cancel()
            if pending:
                self._loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self._loop.close()

    def _emit(self, event: Event, pushed: int = -1) -> None:
        self._events.put((event, pushed))

    def _give_up(self, sentence: Phrase) -> None:
        self.connected = False
        self.retry_at = None
        with self._lock:
            queued = list(self._outbox)
            self._outbox.clear()
            self._gone = True
        waiting = [(rid, req) for rid, (req, _, auto) in sorted(self._unanswered.items())
                   if not auto]
        self._unanswered.clear()
        self._answered(None)
        for rid, req in [*waiting, *((rid, req) for rid, req, _ in queued)]:
            self._emit(Lost(rid, req, phrase("online.lost")))
        self.failed = sentence
        self._emit(Failed(sentence))

    async def _main(self) -> None:
        bad = check_address(self.url)
        if bad is not None:
            self._give_up(bad)
            return
        ever = False
        delays = backoff(self.first_retry, self.max_retry)
        missed = 0
        while not self._stop.is_set():
            try:
                ws = await self._open(ever)
                if ws is None:
                    return
            except _GiveUp as stop:
                self._give_up(stop.sentence)
                return
            except (OSError, TimeoutError, WebSocketException):
                if not ever:
                    self._give_up(phrase("online.unreachable", where=self.url))
                    return
                missed += 1
                if self.url != self.home and missed >= 2:  # that process is gone: ask home
                    self._unreachable[self.url] = time.monotonic() + UNREACHABLE_FOR
                    self.url = self.home
                    continue
                if await self._pause(next(delays)):
                    return
                continue
            missed = 0
            again, ever = ever, True
            self.connected = True
            self._emit(Connected(again))
            try:
                await self._until_stopped(ws, again)
            finally:
                self.connected = False
            if self._stop.is_set():
                return
            if ws.close_code == CLOSE_VERSION or self._other_version:
                self._give_up(phrase("online.version", where=self.url))
                return
            self._dropped(closed_why(ws.close_code))
            delays = backoff(self.first_retry, self.max_retry)  # afresh after each drop
            if self._moving:  # (to where the table lives: at once)
                self._moving, soon, self._soon = False, self._soon, 0.0
                if soon and await self._pause(soon):
                    return
                continue
            if await self._pause(next(delays)):
                return

    async def _until_stopped(self, ws: ClientConnection, again: bool) -> None:
        """Serve the socket until it ends or the owner closes: then the socket closes
        its own way (at most a second and a half), or is cut (a send to a server that
        reads nothing would otherwise wait for ever)."""
        task = asyncio.create_task(self._serve(ws, again))
        stopping = asyncio.create_task(self._stop.wait())
        try:
            await asyncio.wait({task, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if not task.done():
                await asyncio.wait({task}, timeout=1.5)
        finally:
            stopping.cancel()
            if not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
                ws.transport.abort()
        if not task.cancelled():
            task.result()  # (a fault of its own is the thread's: said, and given up)

    async def _open(self, again: bool) -> ClientConnection | None:
        """The socket, once open (None: closed by the owner meanwhile)."""
        host = parse_uri(self.url).host

        secure: dict[str, Any] = {}  # (wss:// trusts the system's certificates, and the one given)
        if self.url.startswith("wss:") and self.ca_file:
            secure["ssl"] = ssl.create_default_context(cafile=self.ca_file)

        async def dial() -> ClientConnection:
            return await _Dial(self.url, open_timeout=self.connect_timeout,
                               compression=None, max_size=MAX_INBOUND, close_timeout=1,
                               max_queue=FRAMES_AHEAD, ping_interval=self.ping_interval,
                               proxy=None if host in LOOPBACK else True, **secure)

        opening = asyncio.create_task(dial())
        stopping = asyncio.create_task(self._stop.wait())
        await asyncio.wait({opening, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if not opening.done():
            opening.cancel()
            with contextlib.suppress(BaseException):
                await opening
            return None
        try:
            return opening.result()
        except ssl.SSLCertVerificationError:
            raise _GiveUp(phrase("online.untrusted", where=self.url)) from None
        except InvalidStatus as exc:
            status = exc.response.status_code
            if again and status >= 500:  # a proxy while the server restarts: try again
                raise
            if 300 <= status < 400:
                to = exc.response.headers.get("Location", "")
                raise _GiveUp(phrase("online.redirected", where=self.url,
                                     to=cut(to, 80) or f"HTTP {status}")) from None
            raise _GiveUp(phrase("online.refused", where=self.url,
                                 why=f"HTTP {status}")) from None

    async def _pause(self, delay: float) -> bool:
        """Wait ``delay`` seconds before the next try; True when closed meanwhile."""
        self.retry_at = time.monotonic() + delay
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), delay)
        finally:
            self.retry_at = None
        return self._stop.is_set()

    def _dropped(self, why: Phrase) -> None:
        """The socket closed under us: what was asked and may not go twice is
        reported lost; the rest waits for the next connection."""
        self._emit(Dropped(why))
        self._answered(None)
        for rid, (req, again, auto) in sorted(self._unanswered.items()):
            if auto or not again:
                del self._unanswered[rid]
            if not auto and not again:
                self._emit(Lost(rid, req, phrase("online.lost")))

    def _answered(self, rid: int | None) -> None:
        """Request ``rid`` was answered (None: every one on the socket is let go)."""
        if rid is None:
            self._asked.clear()
        else:
            self._asked.pop(rid, None)
        self._oldest = min(self._asked.values()) if self._asked else None

    async def _serve(self, ws: ClientConnection, again: bool) -> None:
        reader = asyncio.create_task(self._read(ws))
        first: list[tuple[int, dict[str, Any], bool, bool]] = []
        if again:
            with self._lock:
                first += [(next(self._ids), dict(m), True, True) for m in self.on_reconnect]
            first += [(rid, req, True, False)
                      for rid, (req, _, _) in sorted(self._unanswered.items())]
        try:
            while not self._stop.is_set():
                self._wake.clear()
                with self._lock:
                    batch = [(rid, msg, resend, False) for rid, msg, resend in self._outbox]
                    self._outbox.clear()
                for rid, msg, resend, auto in first + batch:
                    self._unanswered[rid] = (msg, resend, auto)
                    self._asked[rid] = time.monotonic()
                    if self._oldest is None:
                        self._oldest = self._asked[rid]
                    await ws.send(protocol.dumps({**msg, "v": self.version, "id": rid}))
                first = []
                if reader.done():
                    break
                woken = asyncio.create_task(self._wake.wait())
                await asyncio.wait({reader, woken}, return_when=asyncio.FIRST_COMPLETED)
                woken.cancel()
                if reader.done():
                    break
        except ConnectionClosed:
            pass
        finally:
            if self._stop.is_set() or self._other_version:
                with contextlib.suppress(Exception):
                    await ws.close()
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader

    async def _read(self, ws: ClientConnection) -> None:
        pace = Bucket(self.read_rate, max(1.0, self.read_rate * READ_BURST / READ_RATE))
        chars = Bucket(READ_CHARS, READ_CHARS_BURST)
        with contextlib.suppress(ConnectionClosed):
            async for raw in ws:
                now = time.monotonic()
                delay = max(pace.take(now), chars.take(now, len(raw)))
                if delay:
                    await asyncio.sleep(delay)
                if self.trace is not None:
                    self.trace(raw if isinstance(raw, str) else raw.decode("utf-8", "replace"))
                if not self._take(raw):
                    if self._moving:  # (to where the table lives: this socket is done)
                        await ws.close()
                    return

    def _take(self, raw: str | bytes) -> bool:
        """One frame decoded and handed on; False when the connection must end (another
        protocol version, or a ``moved`` followed)."""
        msg = decode_server(raw)
        if isinstance(msg, Unreadable):
            self.dropped += 1
            self._gate.say("a frame from %s was dropped: %s", self.url, msg.why)
            if msg.version:
                self._other_version = True
                return False
        rid = msg.id if type(msg.id) is int else None  # (an answer names a request of ours)
        found = self._unanswered.pop(rid, None) if rid is not None else None
        if isinstance(msg, protocol.Moved):
            if self._follow(msg.where):
                if found is not None and rid is not None:  # (asked where it lives)
                    self._unanswered[rid] = (found[0], True, found[2])
                return False
            msg = self._not_followed(msg)
        if found is not None and rid is not None:
            self._answered(rid)
            self._emit(Reply(rid, msg, found[0]))
        elif not isinstance(msg, Unreadable) or (msg.table and msg.type in ("view", "update")):
            self._push(Pushed(msg), len(raw))
        return True

    def _push(self, event: Pushed, size: int) -> None:
        with self._lock:
            full = (self._waiting[0] >= MAX_WAITING
                    or self._waiting[1] + size > MAX_WAITING_TEXT)
            if not full:
                self._waiting[0] += 1
                self._waiting[1] += size
        if full:
            self.dropped += 1
            self._gate.say("a message from %s was dropped: %d wait to be read already",
                           self.url, MAX_WAITING)
            return
        self._emit(event, size)

    def _follow(self, where: str) -> bool:
        """Whether to go where a ``moved`` message says a table lives (and the way
        there set): only to another address of the same server (the same scheme and
        host as the one first asked for; an empty one means that one)."""
        target = where or self.home
        if check_address(target) is not None:
            return False
        first, there = urlsplit(self.home), urlsplit(target)
        if (there.scheme, there.hostname) != (first.scheme, first.hostname):
            return False
        if target == self.url or self._unreachable.get(target, 0.0) > time.monotonic():
            # (said to be where it is, or where nobody answered lately: its process
            # may have died, and the table is taken over once its lease runs out)
            self._moving, self._soon = True, MOVED_AGAIN
            return True
        self.url, self._moving = target, True
        return True

    @staticmethod
    def _not_followed(msg: protocol.Moved) -> protocol.Error:
        """A ``moved`` this connection does not follow, as the refusal it is here."""
        said = phrase("online.moved_away", where=cut(msg.where, 80))
        return protocol.Error(id=msg.id, reason=english(said),
                              said=protocol.Sentence(key=said.key, values=dict(said.values)))


__all__ = ["MAX_WAITING", "PROTOCOL", "READ_RATE", "RESEND", "SLOW", "Bucket", "Connected",
           "Connection", "Dropped", "Event", "Failed", "Gate", "Lost", "Pushed", "Reply",
           "backoff", "check_address", "closed_why"]
