"""The benchmarks' client: one seat's connection, as light as a client can be (the
benchmarks' clients share the server's cores). It speaks the protocol through
websockets' own protocol object, without a task of its own, reads each frame as it
comes, and reads an update only when it is looked at.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

from . import protocol as p

UPDATE = f'{{"v":{p.VERSION},"type":"update"'
#: The address the bench's clients ask for (the host header; the socket is 127.0.0.1's).
URL_OF_BENCH = "ws://127.0.0.1/"


class Seat(asyncio.Protocol):
    """One seat's connection, as light as a client can be (the bench's clients share
    the server's cores): the WebSocket protocol without a task of its own, each frame
    read as it comes, an update read only when it is looked at."""

    def __init__(self) -> None:
        self.ws = ClientProtocol(parse_uri(URL_OF_BENCH))
        self.transport: asyncio.Transport | None = None
        self.open = asyncio.get_running_loop().create_future()
        self._view: dict[str, Any] | None = None
        self._unread: str | None = None
        self.replies: dict[int, asyncio.Future[tuple[float, dict[str, Any]]]] = {}
        self.changed = asyncio.Event()
        #: Set when the connection closed.
        self.gone = asyncio.Event()
        self.ids = 0

    @classmethod
    async def connect(cls, port: int) -> Seat:
        loop = asyncio.get_running_loop()
        _, seat = await loop.create_connection(cls, "127.0.0.1", port)
        await seat.open
        return seat

    # ----- asyncio's side ------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self.ws.send_request(self.ws.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Response):
                if not self.open.done():
                    self.open.set_result(None)
            elif isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                self._text(bytes(event.data).decode())
        self._flush()
        if self.ws.state is not State.OPEN and self.transport is not None:
            self.transport.close()  # (the server closes it: the seat is cut off)

    def connection_lost(self, exc: Exception | None) -> None:
        self.gone.set()
        if not self.open.done():
            self.open.set_exception(exc or ConnectionError("closed"))
        for fut in self.replies.values():  # (nothing will answer them now)
            if not fut.done():
                fut.set_exception(ConnectionError("closed"))
                fut.add_done_callback(lambda f: f.exception())  # (told, if nobody asks)
        self.replies.clear()
        self.changed.set()

    def _flush(self) -> None:
        assert self.transport is not None
        for data in self.ws.data_to_send():
            if data:
                self.transport.write(data)

    # ----- the seat's side -------------------------------------------------------------------
    @property
    def view(self) -> dict[str, Any] | None:
        """The last view or update (an update is read only when it is looked at: most
        are never looked at)."""
        if self._unread is not None:
            self._view, self._unread = p.parse(self._unread, p.MAX_DEPTH), None
        return self._view

    def _text(self, raw: str) -> None:
        if raw.startswith(UPDATE) and not raw.startswith(',"id"', len(UPDATE)):
            # a broadcast (a reply names its id first, after its type)
            self._unread = raw
            self.changed.set()
            return
        msg = p.parse(raw, p.MAX_DEPTH)
        ref = msg.get("id")
        if ref in self.replies:
            self.replies.pop(ref).set_result((time.perf_counter(), msg))
        if "state" in msg:
            self._view, self._unread = msg, None
            self.changed.set()

    async def ask(self, **msg: object) -> asyncio.Future[tuple[float, dict[str, Any]]]:
        self.ids += 1
        fut = asyncio.get_running_loop().create_future()
        if self.gone.is_set() or self.ws.state is not State.OPEN:
            fut.set_exception(ConnectionError("closed"))
            return fut
        self.replies[self.ids] = fut
        self.ws.send_text(p.dumps({"v": p.VERSION, "id": self.ids, **msg}).encode())
        self._flush()
        return fut

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


__all__ = ["Seat"]
