"""Keeping the game's memory from creeping over a long session.

The computer players, the Hint and the review's adviser think in background threads,
building many short-lived positions. The C library behind CPython on Linux (glibc)
gives each thread a memory arena of its own and keeps freed pages in it: after a few
hundred such turns a session held a hundred megabytes it no longer used (the seeded
monkey at a three-player table grew from 313 MB to 451 MB). Two settings bound that,
where the library offers them: at most two arenas (``limit_arenas``, called before any
thread starts), and freed memory handed back to the system after each piece of
background thinking and each change of the drawing scale (``give_back``). Elsewhere
(Windows, macOS, musl) both do nothing: their allocators behave otherwise.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from functools import lru_cache

#: glibc's mallopt parameter for the number of arenas (malloc.h: M_ARENA_MAX).
_M_ARENA_MAX = -8
ARENAS = 2


@lru_cache(maxsize=1)
def _glibc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    if not (hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim")):
        return None  # another C library (musl): nothing to tune
    return libc


def limit_arenas(count: int = ARENAS) -> bool:
    """Let the C library keep at most ``count`` memory arenas; True when it took it."""
    libc = _glibc()
    return bool(libc is not None and libc.mallopt(_M_ARENA_MAX, count))


def give_back() -> bool:
    """Return the freed memory the C library holds to the system; True when some was."""
    libc = _glibc()
    return bool(libc is not None and libc.malloc_trim(0))


__all__ = ["ARENAS", "give_back", "limit_arenas"]
