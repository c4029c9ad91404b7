"""Keeping the game's memory from creeping over a long session.

The Hint, the review's adviser and the computer players whose thinking process is not to
be had (``scenes.core.computer``) think in background threads, building many short-lived
positions. The C library behind CPython on Linux (glibc) gives each thread a memory
arena of its own and keeps freed pages in it: after a few hundred such turns a session
held a hundred megabytes it no longer used (the seeded monkey at a three-player table
grew from 313 MB to 451 MB). Two settings bound that, where the library offers them: at
most two arenas (``limit_arenas``, called before any thread starts, which also has every
large picture mapped on its own, so freeing it hands its pages back at once), and freed
memory handed back to the system after each piece of background thinking and each change
of the drawing scale (``give_back``). Elsewhere (Windows, macOS, musl) both do nothing:
their allocators behave otherwise.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from functools import lru_cache

#: glibc's mallopt parameters (malloc.h): the number of arenas, and the size from
#: which a block is mapped on its own (and handed back the moment it is freed).
_M_ARENA_MAX = -8
_M_MMAP_THRESHOLD = -3
ARENAS = 2
#: A picture of this many bytes or more is mapped on its own. glibc's own threshold
#: grows with the largest block freed (up to 32 MB): after a 4K window's first frame
#: (33 MB freed) every later picture came from the heap, and its pages stayed with
#: the program after it was freed.
MAPPED = 256 * 1024


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
    """Let the C library keep at most ``count`` memory arenas, and map large blocks on
    their own (``MAPPED``); True when it took it."""
    libc = _glibc()
    if libc is None:
        return False
    libc.mallopt(_M_MMAP_THRESHOLD, MAPPED)
    return bool(libc.mallopt(_M_ARENA_MAX, count))


def give_back() -> bool:
    """Return the freed memory the C library holds to the system; True when some was."""
    libc = _glibc()
    return bool(libc is not None and libc.malloc_trim(0))


__all__ = ["ARENAS", "give_back", "limit_arenas"]
