"""A process of its own for the computer players' thinking, and the program's end of it.

A computer player's search is pure Python: in a thread of the window's process it
holds the interpreter (the GIL) for most of its think, and the window's frames wait
for their turns at it. In a process of its own it has its own interpreter and, on a
machine with two cores or more, its own core. ``serve`` is that process's loop;
``Worker`` starts it (``multiprocessing``, spawned: the window's process has threads,
which a fork would copy half-way through what they do) and talks to it over one
pipe.

The player objects live in the worker, one under each key a program's seat asked
for, so a seat's generator and its plan for the turn carry over from one decision to
the next exactly as they do in a thread: the same seed and positions give the same
steps either way. Requests and answers cross the pipe pickled (what
``multiprocessing`` does): a ``State`` is about 1.6 KB of pickle in the middle of a
four-player game and takes some 20 microseconds each way; a request's round trip
adds about a quarter of a millisecond to the think itself. Only our own objects
cross it, between two processes of the same program; nothing read from a player's
files or from the network is ever unpickled here.

One worker thinks for every table of a program, one request at a time. If it cannot
start or it dies, every request still waiting is answered as lost (``Asked.lost``),
the worker says so once in the log and answers nothing more: its caller thinks in
its own process from then on. Standard library only: this module never imports
pygame or the client. (A spawned process first imports the program's main script
again, as ``__mp_main__``: a script that does its work outside ``if __name__ ==
"__main__"`` would do it twice, and an executable must call
``multiprocessing.freeze_support()`` before anything else, as ``scenes/__main__.py``
does; ``python -m scenes`` and the executable import nothing of the client into the
worker.)
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import itertools
import logging
import multiprocessing
import os
import signal
import threading
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from ..state import State
from ..steps import Step
from .base import PlanningPlayer
from .players import make_player

__all__ = ["Asked", "Choose", "Chosen", "Create", "Failed", "Forget", "Stop", "Worker",
           "choose_counted", "serve"]

log = logging.getLogger(__name__)

#: How much lower the thinking process's priority is than the window's (Unix ``nice``).
THINKING_NICE = 5
#: How long ``Worker.stop`` waits for the worker to finish before ending it (seconds).
STOP_WAIT = 1.0


# ----- what crosses the pipe -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Create:
    """Make a player of ``level`` with ``seed`` under ``key`` (replacing any there)."""

    key: int
    level: str
    seed: int | str | None


@dataclass(frozen=True, slots=True)
class Choose:
    """The step the player under ``key`` chooses for ``state``; request number ``ask``."""

    key: int
    ask: int
    state: State


@dataclass(frozen=True, slots=True)
class Forget:
    """Drop the player under ``key`` (its seat is gone); a ``Choose`` for it still
    waiting in the pipe is not thought about."""

    key: int


@dataclass(frozen=True, slots=True)
class Stop:
    """End the loop."""


@dataclass(frozen=True, slots=True)
class Chosen:
    """The answer to request ``ask``: the step chosen, and whether the player's
    wall-clock safety net cut that decision short (so another run may choose
    differently: the budget, not the clock, makes a decision repeatable)."""

    ask: int
    step: Step
    capped: bool = False


@dataclass(frozen=True, slots=True)
class Failed:
    """The answer to request ``ask`` when the player could not choose: why, as text
    (the exception and where it came from)."""

    ask: int
    text: str


Request = Create | Choose | Forget | Stop
Answer = Chosen | Failed


# ----- the worker process ----------------------------------------------------------------
def serve(conn: Connection) -> None:
    """The worker's loop: requests in, one at a time, answers out, until ``Stop`` or
    until the program's end of the pipe is closed (the program has gone)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is for the program to handle
    if hasattr(os, "nice"):  # (not on Windows)
        # the window's frames come first: when the two want the same core, the window
        # wins it, and the thinking, paced between steps anyway, waits a little
        with contextlib.suppress(OSError):
            os.nice(THINKING_NICE)
    players: dict[int, PlanningPlayer] = {}
    unmade: dict[int, str] = {}  # keys whose player could not be made, and why
    waiting: collections.deque[Request] = collections.deque()
    try:
        while True:
            if not waiting:
                waiting.append(conn.recv())
            while conn.poll():  # all that was sent meanwhile: a Forget cancels a Choose
                waiting.append(conn.recv())
            match waiting.popleft():
                case Stop():
                    return
                case Create(key, level, seed):
                    unmade.pop(key, None)
                    try:
                        players[key] = make_player(level, seed)
                    except Exception as exc:
                        players.pop(key, None)
                        unmade[key] = _text(exc)
                case Forget(key):
                    players.pop(key, None)
                    unmade.pop(key, None)
                case Choose(key, ask, state):
                    if any(isinstance(r, Forget) and r.key == key for r in waiting):
                        conn.send(Failed(ask, "the seat was forgotten before its turn came"))
                        continue
                    conn.send(_choose(players.get(key), unmade.get(key), ask, state))
    except (EOFError, OSError):  # the program has gone: nobody is left to answer
        return


def _choose(player: PlanningPlayer | None, unmade: str | None, ask: int,
            state: State) -> Answer:
    if player is None:
        return Failed(ask, unmade or "no player was made for this seat")
    try:
        return Chosen(ask, *choose_counted(player, state))
    except Exception as exc:
        return Failed(ask, _text(exc))


def choose_counted(player: PlanningPlayer, state: State) -> tuple[Step, bool]:
    """The player's step, and whether a safety clock cut that decision short (in this
    process or in a thread of the window's, ``scenes.core.computer``)."""
    before = getattr(player, "capped_decisions", 0)
    step = player.choose(state)
    return step, getattr(player, "capped_decisions", 0) > before


def _text(exc: BaseException) -> str:
    return "".join(traceback.format_exception(exc)).rstrip()


# ----- the program's end -----------------------------------------------------------------
class Asked:
    """A request to choose, as the program holds it until its answer comes."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.step: Step | None = None
        self.error: str | None = None
        #: The safety net cut the decision short (``Chosen.capped``).
        self.capped = False
        #: The worker died (or was stopped) before it answered.
        self.lost = False


class Worker:
    """The program's handle on its thinking process: started by the first request,
    answered on a reader thread of its own, stopped by ``stop``.

    Once it could not start or has died it stays ``dead``: every request then
    returns None at once, and the caller thinks elsewhere."""

    def __init__(self, name: str = "thinking") -> None:
        self.name = name
        self.dead = False
        self.process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._lock = threading.Lock()  # the state below; never held while the pipe is used
        self._sending = threading.Lock()  # one message at a time into the pipe
        self._stopping = False
        self._waiting: dict[int, Asked] = {}
        self._forgotten: collections.deque[int] = collections.deque()
        self._keys = itertools.count(1)
        self._asks = itertools.count(1)

    @property
    def running(self) -> bool:
        """Whether its process is up and may be asked."""
        process = self.process
        return (process is not None and process.is_alive() and not self.dead
                and not self._stopping)

    def new_key(self) -> int:
        """A key of its own for one seat's player."""
        return next(self._keys)

    def create(self, key: int, level: str, seed: int | str | None) -> bool:
        """Have a player of ``level`` made under ``key``; False when the worker cannot
        be asked (it could not start, it has died or it was stopped)."""
        with self._lock:
            if self.dead or self._stopping:
                return False
        return self._send(Create(key, level, seed))

    def choose(self, key: int, st: State) -> Asked | None:
        """Ask the player under ``key`` for its step in ``st``; what will hold the
        answer, or None when the worker cannot be asked."""
        asked = Asked()
        ask = next(self._asks)
        with self._lock:
            if self.dead or self._stopping:
                return None
            self._waiting[ask] = asked
        if not self._send(Choose(key, ask, st)):
            with self._lock:
                self._waiting.pop(ask, None)
            return None
        return asked

    def forget(self, key: int) -> None:
        """The player under ``key`` is no longer needed. Safe from any thread and from
        a finalizer: the message goes with the next request."""
        self._forgotten.append(key)

    def stop(self, wait: float = STOP_WAIT) -> None:
        """End the worker: asked to stop, given ``wait`` seconds to finish what it is
        thinking about, then ended. Requests still waiting are answered as lost."""
        with self._lock:
            if self._stopping:
                return
            self._stopping = True
            started = self.process is not None and not self.dead
        atexit.unregister(self.stop)
        if started:
            self._send(Stop(), stopping=True)
        process = self.process
        if process is not None:
            process.join(wait)
            if process.is_alive():
                process.terminate()
                process.join(wait)
        self._lose_all()
        if self._conn is not None:
            self._conn.close()

    # ----- the pipe ----------------------------------------------------------------------
    def _send(self, request: Request, stopping: bool = False) -> bool:
        with self._sending:
            if self._conn is None and not self._start():
                return False
            conn = self._conn
            assert conn is not None
            try:
                while not stopping and self._forgotten:
                    conn.send(Forget(self._forgotten.popleft()))
                conn.send(request)
            except (OSError, ValueError) as exc:  # a closed pipe: the worker has gone
                self._died(f"its pipe broke ({exc})")
                return False
        return True

    def _start(self) -> bool:
        """Start the worker process and the thread that reads its answers (the caller
        holds ``_sending``)."""
        try:
            context = multiprocessing.get_context("spawn")
            conn, theirs = context.Pipe()
            process = context.Process(target=serve, args=(theirs,), daemon=True,
                                      name=self.name)
            process.start()
        except Exception as exc:  # no process to be had here (a sandbox, no resources)
            self._died(f"it could not start ({exc})")
            return False
        theirs.close()  # so the worker's end closes when the worker does
        self.process, self._conn = process, conn
        # Stopped, not found dead, when the program ends without stopping it: before
        # multiprocessing's own exit ends its daemons (atexit runs the latest first).
        atexit.register(self.stop)
        threading.Thread(target=self._read, args=(conn,), name=f"{self.name}-answers",
                         daemon=True).start()
        return True

    def _read(self, conn: Connection) -> None:
        """The reader thread: each answer to the request waiting for it."""
        try:
            while True:
                answer = conn.recv()
                with self._lock:
                    asked = self._waiting.pop(answer.ask, None)
                if asked is None:
                    continue
                if isinstance(answer, Chosen):
                    asked.step, asked.capped = answer.step, answer.capped
                else:
                    asked.error = answer.text
                asked.done.set()
        except (EOFError, OSError):
            pass
        with self._lock:
            stopping = self._stopping
        if not stopping:
            process = self.process
            if process is not None:
                process.join(STOP_WAIT)
            code = None if process is None else process.exitcode
            self._died(f"it ended (exit code {code})")
        self._lose_all()

    def _died(self, why: str) -> None:
        """Once only: dead, one line in the log, every waiting request lost."""
        with self._lock:
            first = not self.dead and not self._stopping
            self.dead = True
        if first:
            log.warning("The computer players' thinking process is not available: %s; "
                        "they think in the program's own process from now on.", why)
        self._lose_all()

    def _lose_all(self) -> None:
        with self._lock:
            lost = list(self._waiting.values())
            self._waiting.clear()
        for asked in lost:
            asked.lost = True
            asked.done.set()
