"""One connection to a game server, kept on a thread of its own.

The game's main thread never waits on the network. It queues requests with
``send`` (which adds the protocol's ``"v"`` and a fresh ``"id"`` and returns the id)
and, once a frame, drains ``events()``: plain frozen values saying what happened.

- ``Connected(again)`` — the socket is open (``again``: after a drop).
- ``Reply(id, msg, request)`` — the server's direct answer to a request.
- ``Pushed(msg)`` — a message nobody asked for: ``view``, ``update``, ``chat``,
  ``rematch`` (and the ``error`` a server of another version sends first).
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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, InvalidURI, WebSocketException
from websockets.uri import parse_uri

from . import protocol
from .words import Phrase, english, phrase

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
    msg: dict
    request: dict


@dataclass(frozen=True)
class Pushed:
    msg: dict


@dataclass(frozen=True)
class Lost:
    id: int
    request: dict
    reason: Phrase


@dataclass(frozen=True)
class Failed:
    sentence: Phrase


Event = Connected | Dropped | Reply | Pushed | Lost | Failed


def check_address(url: str) -> Phrase | None:
    """Why ``url`` is not a server address (None: it is one, ws:// or wss://)."""
    try:
        parse_uri(url)
    except (InvalidURI, ValueError):
        return phrase("online.bad_address", where=url)
    return None


def backoff(first: float, cap: float) -> Iterator[float]:
    """The waits before each new try: ``first``, then doubling, never over ``cap``."""
    delay = first
    while True:
        yield min(delay, cap)
        delay = min(delay * 2, cap)


class _GiveUp(Exception):
    def __init__(self, sentence: Phrase) -> None:
        super().__init__(sentence.key)
        self.sentence = sentence


class Connection:
    """One connection to one server URL (``ws://HOST:PORT/``), on its own thread and
    event loop; see the module's docstring for the events it reports."""

    def __init__(self, url: str, *, connect_timeout: float = 3.0, first_retry: float = 1.0,
                 max_retry: float = 10.0, version: int = PROTOCOL,
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
        #: Called on the connection's thread with every frame received, as it came
        #: (for tests: what reached this machine).
        self.trace = trace
        #: Sent first on every reconnection (the owner's ``resume`` messages); read
        #: afresh each time, so the owner may replace it whenever it likes.
        self.on_reconnect: list[dict] = []
        #: Whether the socket is open now.
        self.connected = False
        #: The sentence of a ``Failed``, once the connection has given up.
        self.failed: Phrase | None = None
        #: When the next try is due (``time.monotonic``), while one is waited for.
        self.retry_at: float | None = None
        self._events: queue.Queue[Event] = queue.Queue()
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._outbox: deque[tuple[int, dict, bool]] = deque()
        # id -> (request, may go twice, sent by on_reconnect); the loop's thread only
        self._unanswered: dict[int, tuple[dict, bool, bool]] = {}
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

    def send(self, msg: dict, resend: bool | None = None) -> int:
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

    def events(self) -> list[Event]:
        """Everything that happened since the last call, in order (never waits)."""
        out: list[Event] = []
        while True:
            try:
                out.append(self._events.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout: float) -> Event | None:
        """The next event, waiting at most ``timeout`` seconds (None: none came). For
        tests and command lines; the game's own thread drains ``events()``."""
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

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

    def _emit(self, event: Event) -> None:
        self._events.put(event)

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
                await self._serve(ws, again)
            finally:
                self.connected = False
            if self._stop.is_set():
                return
            if ws.close_code == CLOSE_VERSION:
                self._give_up(phrase("online.version", where=self.url))
                return
            self._dropped()
            delays = backoff(self.first_retry, self.max_retry)  # afresh after each drop
            if self._moving:  # (to where the table lives: at once)
                self._moving, soon, self._soon = False, self._soon, 0.0
                if soon and await self._pause(soon):
                    return
                continue
            if await self._pause(next(delays)):
                return

    async def _open(self, again: bool) -> ClientConnection | None:
        """The socket, once open (None: closed by the owner meanwhile)."""
        host = parse_uri(self.url).host

        secure: dict = {}  # (wss:// trusts the system's certificates, and the one given)
        if self.url.startswith("wss:") and self.ca_file:
            secure["ssl"] = ssl.create_default_context(cafile=self.ca_file)

        async def dial() -> ClientConnection:
            return await connect(self.url, open_timeout=self.connect_timeout,
                                 compression=None, max_size=MAX_INBOUND, close_timeout=1,
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

    def _dropped(self) -> None:
        """The socket closed under us: what was asked and may not go twice is
        reported lost; the rest waits for the next connection."""
        self._emit(Dropped(phrase("online.dropped")))
        for rid, (req, again, auto) in sorted(self._unanswered.items()):
            if auto or not again:
                del self._unanswered[rid]
            if not auto and not again:
                self._emit(Lost(rid, req, phrase("online.lost")))

    async def _serve(self, ws: ClientConnection, again: bool) -> None:
        reader = asyncio.create_task(self._read(ws))
        first: list[tuple[int, dict, bool, bool]] = []
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
            if self._stop.is_set():
                await ws.close()
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader

    async def _read(self, ws: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in ws:
                text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
                if self.trace is not None:
                    self.trace(text)
                try:
                    msg: Any = protocol.parse(text)
                except (ValueError, RecursionError):
                    continue
                if not isinstance(msg, dict):
                    continue
                rid = msg.get("id")
                found = self._unanswered.pop(rid, None) if isinstance(rid, int) else None
                if msg.get("type") == "moved":
                    if self._follow(msg):
                        if found is not None:  # (not done there: asked where it lives)
                            self._unanswered[rid] = (found[0], True, found[2])
                        await ws.close()
                        return
                    msg = self._not_followed(msg)
                if found is not None:
                    self._emit(Reply(rid, msg, found[0]))
                else:
                    self._emit(Pushed(msg))

    def _follow(self, msg: dict) -> bool:
        """Whether to go where a ``moved`` message says a table lives (and the way
        there set): only to another address of the same server (the same scheme and
        host as the one first asked for; an empty one means that one)."""
        where = msg.get("where")
        target = where if isinstance(where, str) and where else self.home
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
    def _not_followed(msg: dict) -> dict:
        """A ``moved`` this connection does not follow, as the refusal it is here."""
        where = str(msg.get("where", ""))[:200]
        said = phrase("online.moved_away", where=where)
        return {"type": "error", "table": msg.get("table"), "reason": english(said),
                "said": {"key": said.key, "values": dict(said.values)}}


__all__ = ["PROTOCOL", "RESEND", "Connected", "Connection", "Dropped", "Event", "Failed",
           "Lost", "Pushed", "Reply", "backoff", "check_address"]
