"""Computer seats: thinking off the main loop, at a pace people can follow.

A computer player (``game.ai``) may take a noticeable fraction of a second to choose,
so it thinks in a background thread while the window keeps drawing; its steps are
then made one at a time through the session like a human's, with a pause between
them so the players can see each one land. Nothing here draws: the table asks for
the next step each frame (``scenes.table.pacing``).
"""

from __future__ import annotations

import sys
import threading

from game.ai.players import PlanningPlayer, make_player
from game.state import State
from game.steps import Step
from scenes.core.memory import give_back

COMPUTER_KINDS = ("easy", "medium", "hard", "expert")
# Seconds between two computer steps at normal animation speed; "end" waits longer
# so the turn's last move can be read before the board turns.
STEP_PAUSE = 0.7
END_PAUSE = 1.0
#: How long (seconds) a thread may hold the interpreter before another may take it,
#: while a computer thinks: Python's own 5 ms let a search thread keep the window's
#: thread waiting that long each time it wanted to run, so a frame could take 100 ms
#: (``python -m scenes.devtools --bench-frames 600 --thinking expert``).
THINKING_SWITCH = 0.0005


def keep_frames_smooth() -> None:
    """Let the window's thread take the interpreter back quickly from a thinking thread
    (called before a computer, the Hint or a review starts thinking in a thread)."""
    if sys.getswitchinterval() > THINKING_SWITCH:
        sys.setswitchinterval(THINKING_SWITCH)


class Thinker:
    """One computer seat: a player object and, while it thinks, its thread."""

    def __init__(self, level: str, seed: int | str | None = None) -> None:
        self.level = level
        self.player: PlanningPlayer = make_player(level, seed)
        self._thread: threading.Thread | None = None
        self._result: Step | None = None
        self._error: BaseException | None = None
        self._asked: State | None = None

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, st: State) -> None:
        """Begin choosing a step for ``st`` (which is never changed)."""
        if self.busy:
            return
        self._result = None
        self._error = None
        self._asked = st

        def think() -> None:
            try:
                self._result = self.player.choose(st)
            except BaseException as exc:  # reported on the main thread by result()
                self._error = exc
            finally:
                give_back()  # the positions it built and dropped

        keep_frames_smooth()
        self._thread = threading.Thread(target=think, name=f"computer-{self.level}",
                                        daemon=True)
        self._thread.start()

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
        """Block until the thinking thread is done (tests; never the window)."""
        if self._thread is not None:
            self._thread.join(timeout)


class ComputerSeats:
    """The thinkers of a table's computer seats, and the pause between their steps."""

    def __init__(self, seats: list[str], seed: int | str | None = None) -> None:
        self.thinkers = {seat: Thinker(kind, f"{seed}:{seat}") for seat, kind in enumerate(seats)
                         if kind in COMPUTER_KINDS}
        self.pause = 0.0

    def plays(self, seat: int) -> bool:
        return seat in self.thinkers

    def after_step(self, step: Step, speed: float = 1.0) -> None:
        """Wait a moment before the next computer step (``speed`` 0 means no wait)."""
        pause = END_PAUSE if step.kind == "end" else STEP_PAUSE
        self.pause = pause * speed

    def wait(self, timeout: float | None = None) -> None:
        """Block until every thinking thread is done (tests; never the window)."""
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


__all__ = ["COMPUTER_KINDS", "THINKING_SWITCH", "ComputerSeats", "Thinker", "keep_frames_smooth"]
