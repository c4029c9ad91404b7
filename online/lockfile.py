"""An exclusive lock on a file, held by this process until it closes the file or ends
(``flock`` on POSIX, ``msvcrt.locking`` on Windows): how one program keeps a game,
and one server a file of tables, to itself.
"""

from __future__ import annotations

import errno
import sys

#: What a lock held by another program is refused with (flock: EWOULDBLOCK; Windows'
#: ``msvcrt.locking``: EACCES or EDEADLOCK).
CONTENDED = frozenset({errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES,
                       getattr(errno, "EDEADLOCK", errno.EDEADLK)})


def try_lock(fd: int) -> bool:
    """Take an exclusive OS lock on an open file without waiting; False when another
    program holds it. The system lets go of it when this program ends, however.

    Where locks cannot be had at all (a file system without them, a platform without
    either module) nothing is locked: refusing would stop everything for a reason the
    player cannot change."""
    try:
        if sys.platform.startswith("win"):
            import msvcrt
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except ImportError:
        return True
    except OSError as exc:
        return exc.errno not in CONTENDED
    return True


__all__ = ["CONTENDED", "try_lock"]
