"""The limits a connection keeps with a server it does not trust, and what the end of
a socket says.

A server may flood, drip, or close with any code. ``Bucket`` paces what is read (and
how many chat lines are kept a second), ``Gate`` keeps the program's log to a line a
second whatever a server sends (the rest counted), ``backoff`` spaces the tries after
a drop, ``check_address`` refuses what is not a ``ws://`` or ``wss://`` address (a
server's ``where`` too), and ``closed_why`` tells a server that stops from one that
refuses this program and from a socket just lost, in one sentence; ``Timing`` names a
connection's times (a test's quicker retries). No pygame, no sockets here.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from typing import TypedDict

from websockets.exceptions import InvalidURI
from websockets.uri import parse_uri

from . import protocol
from .words import Phrase, cut, phrase

#: What a server's close code says: it stops (or restarts), or it refuses this
#: program; any other code of the application's range refuses it too.
STOPPING = frozenset({1001, 1012, 1013})
REFUSING = frozenset({1002, 1003, 1007, 1008, 1009, 1010, int(protocol.Close.SLOW)})


class Timing(TypedDict, total=False):
    """A connection's times, given by name (a test's quicker retries, say)."""

    connect_timeout: float
    first_retry: float
    max_retry: float
    slow: float
    read_rate: float
    ping_interval: float | None


def check_address(url: str) -> Phrase | None:
    """Why ``url`` is not a server address (None: it is one, ws:// or wss://)."""
    try:
        parse_uri(url)
    except (InvalidURI, ValueError):
        return phrase("online.bad_address", where=cut(url, 80))
    return None


def backoff(first: float, cap: float) -> Iterator[float]:
    """The waits before each new try: ``first``, then doubling, never over ``cap``."""
    delay = first
    while True:
        yield min(delay, cap)
        delay = min(delay * 2, cap)


def closed_why(code: int | None) -> Phrase:
    """What a socket's end says, by the server's close code: it stops, it refused this
    program, or the connection was just lost."""
    if code in STOPPING:
        return phrase("online.stopping")
    if code is not None and (code in REFUSING or 3000 <= code <= 4999):
        return phrase("online.closed_on_us", code=code)
    return phrase("online.dropped")


class Bucket:
    """A token bucket: ``take`` says how long to wait before the next message."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at: float | None = None

    def _fill(self, now: float) -> None:
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + max(0.0, now - self.at) * self.rate)
        self.at = now

    def take(self, now: float, cost: float = 1.0) -> float:
        self._fill(now)
        self.tokens -= cost
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate

    def allow(self, now: float) -> bool:
        """Whether one more may go now (taken if so; nothing taken if not)."""
        self._fill(now)
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Gate:
    """The program's log, a line at most every ``every`` seconds: the lines held back
    are counted in the next one (a server sending nonsense cannot fill a log)."""

    def __init__(self, every: float = 1.0, log: logging.Logger | None = None) -> None:
        self.every, self.next, self.held = every, 0.0, 0
        self.log = log or logging.getLogger("online.client")

    def say(self, text: str, *args: object) -> None:
        now = time.monotonic()
        if now < self.next:
            self.held += 1
            return
        more = f" ({self.held} more like it not logged)" if self.held else ""
        self.log.warning(text + "%s", *args, more)
        self.held, self.next = 0, now + self.every


__all__ = ["REFUSING", "STOPPING", "Bucket", "Gate", "Timing", "backoff", "check_address",
           "closed_why"]
