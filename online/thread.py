"""The game server on a thread of its own: how the desktop program hosts a table
while its window runs, and how the tests start one (port 0: any free port).

Its event loop runs on that thread alone; ``call`` hands it a coroutine from another
thread and waits for the answer.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from .store import open_store
from .transport import Server


class ServerThread:
    """A server on a thread of its own, for the desktop program and for tests:
    ``start()`` returns the bound port (StoreRefused when the file of tables cannot be
    used, OSError when the port cannot), ``stop()`` closes every connection and waits."""

    def __init__(self, db: str, host: str = "127.0.0.1", port: int = 0,
                 origins: list[str | None] | None = None, rng: Any = None) -> None:
        self.db, self.host, self.port, self.origins = db, host, port, origins
        #: What draws the starting seat (a test may fix it; by default the system's).
        self.rng = rng
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="game-server",
                                        daemon=True)
        self.server: Server | None = None

    def start(self) -> int:
        store = open_store(self.db)
        server = Server(store, origins=self.origins, rng=self.rng)
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(server.start(self.host, self.port),
                                                  self._loop)
        try:
            self.port = future.result(timeout=30)
        except BaseException:
            store.close()
            self._end()
            raise
        self.server = server
        return self.port

    def call(self, coro: Any, timeout: float = 30) -> Any:
        """Run a coroutine on the server's loop from another thread and wait for it."""
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout=timeout)

    def stop(self) -> None:
        if self.server is not None:
            asyncio.run_coroutine_threadsafe(self.server.stop(), self._loop).result(timeout=30)
            self.server = None
        self._end()

    def _end(self) -> None:
        if self._loop.is_closed():
            return
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=30)
        self._loop.close()


__all__ = ["ServerThread"]
