"""When a computer seat's next step lands on the table.

The computer seats think off the window's process (``scenes.core.computer``); this module
decides when the table takes their next step: never while a film plays or a marker
is in a person's hand, and after a pause that follows the animation speed, so that
people can read each step as it lands.
"""

from __future__ import annotations

from game.state import State
from game.steps import Step
from scenes.core.computer import ComputerSeats

#: How long a computer waits between its steps, by animation speed (1.0 = normal).
ANIM_PACE: dict[str, float] = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.6}


class Pacing:
    """The table's computer seats and the rhythm of their steps."""

    def __init__(self, seats: list[str], seed: int | str | None = None) -> None:
        self.seats = ComputerSeats(seats, seed=seed)

    def plays(self, seat: int) -> bool:
        return self.seats.plays(seat)

    def after_step(self, seat: int, step: Step, anim_speed: str) -> None:
        """A step was made: if a computer made it, wait a moment before its next."""
        if self.seats.plays(seat):
            self.seats.after_step(step, ANIM_PACE.get(anim_speed, 1.0))

    def next_step(self, st: State, dt: float, *, busy: bool) -> Step | None:
        """The computer's step to make now, if the seat to move is a computer that has
        chosen and the table is free (``busy``: a film plays or a marker is held)."""
        if st.over or not self.seats.plays(st.active) or busy:
            return None
        return self.seats.tick(st, dt)

    def wait(self, timeout: float | None = None) -> None:
        """Block until the thinking is done (tests only)."""
        self.seats.wait(timeout)


__all__ = ["ANIM_PACE", "Pacing"]
