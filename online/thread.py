"""The game server on a thread of its own: how the desktop program hosts a table
while its window runs, and how the tests start one (port 0: any free port).

Its event loop runs on that thread alone; ``call`` hands it a coroutine from another
thread and waits for the answer.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from .server import GameServer
from .store import SQLiteStore


class ServerThread:
    """A server on a thread of its own, for the desktop program and for tests:
    ``start()`` returns the bound port, ``stop()`` closes every connection and waits."""

    def __init__(self, db: str, host: str = "127.0.0.1", port: int = 0,
                 origins: list[str | None] | None = None) -> None:
        self.db, self.host, self.port, self.origins = db, host, port, origins
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="game-server",
                                        daemon=True)
        self.server: GameServer | None = None

    def start(self) -> int:
        self._thread.start()
        self.server = GameServer(SQLiteStore(self.db), self.origins)
        future = asyncio.run_coroutine_threadsafe(self.server.start(self.host, self.port),
                                                  self._loop)
        self.port = future.result(timeout=30)
        return self.port

    def call(self, coro: Any, timeout: float = 30) -> Any:
        """Run a coroutine on the server's loop from another thread and wait for it."""
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout=timeout)

    def stop(self) -> None:
        if self.server is not None:
            asyncio.run_coroutine_threadsafe(self.server.stop(), self._loop).result(timeout=30)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=30)
        self._loop.close()


__all__ = ["ServerThread"]
