"""Wrong invite codes, counted per address, so a private table's secret cannot be
guessed: an address that got too many wrong in the window is refused outright
(right code or not) until the oldest of them leaves the window.

An invite secret is 40 bits. At ``MAX_GUESSES`` a ``WINDOW``, one address would need
half a million years, on average, to find one table's. Behind a reverse proxy every
connection comes from the proxy's address: the transport then counts the address the
proxy names (``X-Forwarded-For``), and only for proxies it was told to trust.
"""

from __future__ import annotations

from .tables import Bad

MAX_GUESSES = 20
WINDOW = 600.0
#: Past this many addresses, those with nothing in the window are forgotten.
ADDRESSES_KEPT = 10_000


class Guesses:
    """The wrong codes each remote address tried, and when (seconds of the clock the
    core is given)."""

    def __init__(self) -> None:
        self._tried: dict[str, list[float]] = {}

    def allowed(self, address: str, now: float) -> None:
        """Nothing when ``address`` may try a code; Bad ``server.guesses``, with the
        minutes to wait, when it may not."""
        if len(self._tried) > ADDRESSES_KEPT:
            self._tried = {a: at for a, at in self._tried.items() if at and now - at[-1] < WINDOW}
        tried = [at for at in self._tried.get(address, []) if now - at < WINDOW]
        self._tried[address] = tried
        if len(tried) >= MAX_GUESSES:
            wait = WINDOW - (now - tried[0])
            raise Bad("server.guesses", {"minutes": max(1, round(wait / 60))})

    def wrong(self, address: str, now: float) -> None:
        self._tried.setdefault(address, []).append(now)


__all__ = ["MAX_GUESSES", "WINDOW", "Guesses"]
