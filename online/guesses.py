"""Wrong invite codes, counted per address, so a private table's secret cannot be
guessed: an address that got too many wrong in the window is refused outright
(right code or not) until the oldest of them leaves it.

An invite secret is 40 bits. At ``MAX_GUESSES`` a ``WINDOW``, one address would need
half a million years, on average, to find one table's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .tables import Bad

MAX_GUESSES = 20
WINDOW = 600.0
#: Past this many addresses, those with nothing in the window are forgotten.
ADDRESSES_KEPT = 10_000


class Guesses:
    """The wrong codes each remote address tried, by when (``clock``: monotonic
    seconds, which a test may replace)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._tried: dict[str, list[float]] = {}

    def allowed(self, ws: Any) -> str:
        """The address of ``ws`` once it may try a code (Bad ``server.guesses``, with
        the minutes to wait, when it may not)."""
        where = getattr(ws, "remote_address", None)
        address = str(where[0]) if isinstance(where, tuple) and where else "?"
        now = self.clock()
        if len(self._tried) > ADDRESSES_KEPT:
            self._tried = {a: at for a, at in self._tried.items() if at and now - at[-1] < WINDOW}
        tried = [at for at in self._tried.get(address, []) if now - at < WINDOW]
        self._tried[address] = tried
        if len(tried) >= MAX_GUESSES:
            wait = WINDOW - (now - tried[0])
            raise Bad("server.guesses", {"minutes": max(1, round(wait / 60))})
        return address

    def wrong(self, address: str) -> None:
        self._tried.setdefault(address, []).append(self.clock())


__all__ = ["MAX_GUESSES", "WINDOW", "Guesses"]
