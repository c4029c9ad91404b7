"""Headless clients for the online tests: real websockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from online.protocol import VERSION

V = VERSION


class Client:
    """One connection; keeps every message it received, raw, in order."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.raw: list[str] = []
        self.inbox: asyncio.Queue[dict] = asyncio.Queue()
        self._ids = itertools.count(1)
        self._reader = asyncio.create_task(self._read())
        self.steps: list[str] = []
        self.view: dict | None = None

    @classmethod
    async def open(cls, port: int) -> Client:
        return cls(await connect(f"ws://127.0.0.1:{port}", compression=None))

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                self.raw.append(raw)
                msg = json.loads(raw)
                if msg.get("type") == "view" and "steps" in msg:
                    self.steps = list(msg["steps"])
                    self.view = msg
                elif msg.get("type") == "update":
                    self.steps.append(msg["step"])
                    self.view = msg
                await self.inbox.put(msg)
        except Exception:  # the connection closed: the tests look at close codes
            pass

    async def send(self, **msg: Any) -> int:
        ref = next(self._ids)
        await self.ws.send(json.dumps({"v": V, "id": ref, **msg}))
        return ref

    async def wait(self, pred: Any, timeout: float = 10) -> dict:
        async def go() -> dict:
            while True:
                msg = await self.inbox.get()
                if pred(msg):
                    return msg
        return await asyncio.wait_for(go(), timeout)

    async def ask(self, **msg: Any) -> dict:
        ref = await self.send(**msg)
        return await self.wait(lambda m: m.get("id") == ref)

    async def close(self) -> None:
        await self.ws.close()
        self._reader.cancel()


class FirstSeat:
    """A draw of the starting seat that always gives ``seat``: the golden records, and
    the tests that play from seat 0, start there (the server draws it at random)."""

    def __init__(self, seat: int = 0) -> None:
        self.seat = seat

    def randrange(self, players: int) -> int:
        return self.seat % players


def force_deal(server: Any, table: str, towns: list[str]) -> None:
    """The tests' one look inside the server: a table gets a known deal (written as
    the core writes, on the core's own thread)."""
    from online.store import Change

    def put(core: Any, now: float) -> None:
        core.store.write(Change().table(table, towns=list(towns)))
        core.tables[table].towns = list(towns)

    server.server.inside(put)
