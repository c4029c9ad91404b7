"""Computer seats: thinking off the window's process, at a pace people can follow.

A computer player (``game.ai``) may take a noticeable fraction of a second to choose.
It thinks in the program's thinking process (``game.ai.worker``: one for the whole
program, started when a computer seat first has to think), so the window keeps
drawing at full speed on a core of its own: a thread of the window's process would
hold the interpreter for most of its think, and the frames would wait for their
turns at it (``python -m scenes.devtools --bench-frames 600 --thinking expert``).
The seat's steps are then made one at a time through the session like a human's,
with a pause between them so the players can see each one land. Nothing here draws:
the table asks for the next step each frame (``scenes.table.pacing``).

If that process cannot start or dies, the seats think in threads of the window's
process from then on, as they did before it existed (the worker logs one line); a
seat whose process died mid-think thinks again in its thread, so the table never
waits for an answer that will not come. ``SAIL_TO_INDIA_THINKING=thread`` asks for
threads from the start.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import weakref

from game.ai.players import PlanningPlayer, make_player
from game.ai.worker import Asked, Worker, choose_counted
from game.state import State
from game.steps import Step
from scenes.core.memory import give_back

COMPUTER_KINDS = ("easy", "medium", "hard", "expert")
# Seconds between two computer steps at normal animation speed; "end" waits longer
# so the turn's last move can be read before the board turns.
STEP_PAUSE = 0.7
END_PAUSE = 1.0
#: How long (seconds) a thread may hold the interpreter before another may take it,
#: while a computer thinks in a thread (the Hint, a review, a seat whose thinking
#: process is gone): Python's own 5 ms let a search thread keep the window's thread
#: waiting that long each time it wanted to run, so a frame could take 100 ms.
THINKING_SWITCH = 0.0005
#: The environment variable that says where computer seats think: ``process`` (the
#: program's thinking process, the default) or ``thread`` (in the window's process).
ENV_THINKING = "SAIL_TO_INDIA_THINKING"


class ThinkingFailed(RuntimeError):
    """A computer player failed in the thinking process (the text says how and where)."""


def keep_frames_smooth() -> None:
    """Let the window's thread take the interpreter back quickly from a thinking thread
    (called before a computer, the Hint or a review starts thinking in a thread)."""
    if sys.getswitchinterval() > THINKING_SWITCH:
        sys.setswitchinterval(THINKING_SWITCH)


_shared: Worker | None = None
_shared_lock = threading.Lock()


def shared_worker() -> Worker | None:
    """The program's thinking process, one for every table (its process starts with
    the first request), or None when seats are to think in threads (``ENV_THINKING``)."""
    global _shared
    if os.environ.get(ENV_THINKING, "process").strip().lower() == "thread":
        return None
    with _shared_lock:
        if _shared is None:
            _shared = Worker("sail-to-india-thinking")
        return _shared


def stop_thinking() -> None:
    """Stop the program's thinking process (the window is closing); a later seat would
    start another."""
    global _shared
    with _shared_lock:
        worker, _shared = _shared, None
    if worker is not None:
        worker.stop()


class Thinker:
    """One computer seat: its player (in the thinking process, or here in a thread)
    and the step it is choosing."""

    def __init__(self, level: str, seed: int | str | None = None,
                 worker: Worker | None = None) -> None:
        """``worker``: the process to think in (default: ``shared_worker()``)."""
        self.level = level
        self.seed = seed
        self.worker = worker if worker is not None else shared_worker()
        #: The player when it thinks in this process (made on the first such think).
        self.player: PlanningPlayer | None = None
        self._key = 0  # the player's key in the worker, once made there
        self._asking: Asked | None = None
        self._thread: threading.Thread | None = None
        self._result: Step | None = None
        self._error: BaseException | None = None
        self._asked: State | None = None
        #: Decisions a safety clock cut short, wherever they were thought: from there on
        #: the seat's steps depend on the machine's speed, not only on its seed.
        self.capped = 0

    @property
    def busy(self) -> bool:
        self._settle()
        if self._asking is not None:
            return True
        return self._thread is not None and self._thread.is_alive()

    def start(self, st: State) -> None:
        """Begin choosing a step for ``st`` (which is never changed)."""
        if self.busy:
            return
        self._result = None
        self._error = None
        self._asked = st
        self._asking = self._ask_worker(st)
        if self._asking is None:
            self._think_here(st)

    def result(self, st: State) -> Step | None:
        """The chosen step once ready, if it was chosen for this very state."""
        if self.busy or self._asked is None:
            return None
        if self._error is not None:
            error, self._error = self._error, None
            raise error
        step, asked = self._result, self._asked
        self._result = None
        self._asked = None
        return step if asked is st else None

    def thinking_about(self, st: State) -> bool:
        """Whether a step for this very state is being (or has been) chosen."""
        return self._asked is st

    def wait(self, timeout: float | None = None) -> None:
        """Block until the thinking is done (tests and tools; never the window)."""
        end = None if timeout is None else time.monotonic() + timeout
        if self._asking is not None:
            self._asking.done.wait(timeout)
            self._settle()  # (a worker that died: the thread thinks again)
        if self._thread is not None:
            self._thread.join(None if end is None else max(0.0, end - time.monotonic()))

    def _ask_worker(self, st: State) -> Asked | None:
        """The request to the thinking process, or None when it cannot be asked."""
        worker = self.worker
        if worker is None or worker.dead:
            return None
        if not self._key:
            key = worker.new_key()
            if not worker.create(key, self.level, self.seed):
                return None
            self._key = key
            weakref.finalize(self, worker.forget, key)  # the seat is gone: so is its player
        return worker.choose(self._key, st)

    def _settle(self) -> None:
        """Take the process's answer once it has come; if the process died first, the
        same position is thought about again here."""
        asking = self._asking
        if asking is None or not asking.done.is_set():
            return
        self._asking = None
        if asking.lost:
            if self._asked is not None:
                self._think_here(self._asked)
            return
        self._result = asking.step
        self.capped += asking.capped
        if asking.error is not None:
            self._error = ThinkingFailed(asking.error)

    def _think_here(self, st: State) -> None:
        """Think in a thread of this process (the player made here the first time)."""
        if self.player is None:
            self.player = make_player(self.level, self.seed)
        player = self.player

        def think() -> None:
            try:
                self._result, capped = choose_counted(player, st)
                self.capped += capped
            except BaseException as exc:  # reported on the main thread by result()
                self._error = exc
            finally:
                give_back()  # the positions it built and dropped

        keep_frames_smooth()
        self._thread = threading.Thread(target=think, name=f"computer-{self.level}",
                                        daemon=True)
        self._thread.start()


class ComputerSeats:
    """The thinkers of a table's computer seats, and the pause between their steps."""

    def __init__(self, seats: list[str], seed: int | str | None = None,
                 worker: Worker | None = None) -> None:
        self.thinkers = {seat: Thinker(kind, f"{seed}:{seat}", worker)
                         for seat, kind in enumerate(seats) if kind in COMPUTER_KINDS}
        self.pause = 0.0

    def plays(self, seat: int) -> bool:
        return seat in self.thinkers

    @property
    def capped(self) -> int:
        """Decisions of these seats a safety clock cut short (``Thinker.capped``)."""
        return sum(t.capped for t in self.thinkers.values())

    def after_step(self, step: Step, speed: float = 1.0) -> None:
        """Wait a moment before the next computer step (``speed`` 0 means no wait)."""
        pause = END_PAUSE if step.kind == "end" else STEP_PAUSE
        self.pause = pause * speed

    def wait(self, timeout: float | None = None) -> None:
        """Block until every seat's thinking is done (tests; never the window)."""
        for thinker in self.thinkers.values():
            thinker.wait(timeout)

    def tick(self, st: State, dt: float) -> Step | None:
        """Advance time; returns the step to make now, if the computer to move has one."""
        thinker = self.thinkers.get(st.active)
        if thinker is None or st.over:
            return None
        self.pause = max(0.0, self.pause - dt)
        if not thinker.busy and not thinker.thinking_about(st):
            thinker.start(st)
            return None
        if self.pause > 0:
            return None
        return thinker.result(st)


__all__ = ["COMPUTER_KINDS", "ENV_THINKING", "THINKING_SWITCH", "ComputerSeats", "Thinker",
           "ThinkingFailed", "keep_frames_smooth", "shared_worker", "stop_thinking"]
