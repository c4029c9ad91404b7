"""What a machine knows of an online table's seats, as the server's views tell it:
who holds each (a person here, a person elsewhere, the table's computer), who is at
the table now and how long the others have been gone, each player's clock, and the
news when a seat changes hands.

``TableSeats`` is the seats' half of ``RemoteSession`` (the other half follows the
game itself); it reads the seat fields of every view and update.
"""

from __future__ import annotations

from collections.abc import Callable

from game import State

from .inbound import SeatInfo, TableView
from .words import Phrase, phrase, shown_name

#: What a machine says when a seat goes to the table's computer, by the server's why
#: and whether the seat was this machine's (else the sentence without a why).
HANDED: dict[tuple[object, bool], str] = {
    ("time", False): "online.to_computer.time",
    ("away", False): "online.to_computer.away",
    ("left", False): "online.to_computer.left",
    ("time", True): "online.to_computer_mine.time",
    ("deadline", False): "online.to_computer.deadline",
    ("deadline", True): "online.to_computer_mine.deadline",
}


class TableSeats:
    """The seats of an online table, read from the server's messages (a part of
    ``RemoteSession``, which keeps these fields)."""

    here: dict[int, str]
    presence: dict[int, bool]
    clocks: list[float | None] | None
    clocks_at: float
    #: At a turn-a-day table: the seconds the player to move had left when last told
    #: (None: no deadline), and each seat's vacation days left.
    deadline: float | None
    vacation: tuple[int, ...] | None
    away_limit: float
    now: Callable[[], float]
    _seat_info: dict[int, SeatInfo]
    _away_since: dict[int, float]
    _rested: set[tuple[int, int, int]]
    _status: str
    _states: list[State]
    _steps: list[str]
    _confirmed: int

    def _note(self, notice: Phrase | str) -> None:
        raise NotImplementedError

    def _seat_fields(self, msg: TableView) -> None:
        """The seats, presence, absences, the table's away limit and the clocks (only
        at a table with a clock: a clock the table has not is never shown)."""
        handed = msg.handed
        # news of a seat comes after this many steps (the log puts it there)
        after = msg.number if msg.number is not None else len(self._steps)
        for s in msg.seats:
            before = self._seat_info.get(s.seat)
            name = shown_name(s.name)
            why = handed.why if handed is not None and handed.seat == s.seat else None
            if (before is not None and before.kind != "computer" and s.kind == "computer"
                    and self._status == "playing"):
                # a person's seat handed to the table's computer: out of time, away
                # too long, or left; the server says which (an older one may not)
                level = phrase(f"level.{s.level or 'medium'}")
                mine = s.seat in self.here
                key = HANDED.get((why, mine),
                                 "online.to_computer_mine" if mine else "online.to_computer")
                self._note(phrase(key, name=name, level=level, seat=s.seat, after=after))
            elif why == "back" and s.seat in self.here:
                # this machine's player is back: the computer played for them meanwhile
                self._note(phrase("online.back_mine", name=name, seat=s.seat, after=after))
            elif (before is not None and before.kind == "computer" and s.kind == "human"
                    and self._status == "playing" and s.seat not in self.here):
                self._note(phrase("online.from_computer", name=name, seat=s.seat,
                                  after=after))
            self._seat_info[s.seat] = s
            self.presence[s.seat] = s.here
            if s.away_for is not None and not s.here:
                self._away_since[s.seat] = self.now() - s.away_for
            else:
                self._away_since.pop(s.seat, None)
        self.away_limit = msg.options.away_limit
        clocked = msg.options.clock is not None and msg.clocks is not None
        self.clocks = [None if c is None else max(0.0, c) for c in msg.clocks  # type: ignore[union-attr]
                       ] if clocked else None
        self.clocks_at = self.now()
        self.deadline = msg.deadline if msg.options.deadline is not None else None
        self.vacation = msg.vacation if msg.options.deadline is not None else None
        rested = msg.rested
        if rested is not None and (rested.seat, rested.left, after) not in self._rested:
            # (said once: a view sent again with the same news is not news)
            self._rested.add((rested.seat, rested.left, after))
            info = self._seat_info.get(rested.seat)
            name = shown_name(info.name) if info is not None else str(rested.seat + 1)
            self._note(phrase("online.rested", name=name, count=rested.left,
                              seat=rested.seat, after=after))

    def deadline_left(self) -> float | None:
        """At a turn-a-day table in play: the seconds the player to move has left,
        running down since the server said (None: no deadline)."""
        if self.deadline is None or self._status != "playing" or not self._states:
            return None
        return max(0.0, self.deadline - (self.now() - self.clocks_at))

    def vacation_left(self) -> tuple[int, ...] | None:
        """Each seat's vacation days left at a turn-a-day table (None: not one)."""
        return self.vacation

    def seats_here(self) -> list[int]:
        return sorted(self.here)

    def clocks_left(self) -> list[float | None] | None:
        """Each seat's time left, as the server last told it, the player to move (at
        the server's state) running down since."""
        if self.clocks is None:
            return None
        left = list(self.clocks)
        if self._status == "playing" and self._states and self._confirmed < len(self._states):
            active = self._states[self._confirmed].active
            if active < len(left) and left[active] is not None:
                left[active] = max(0.0, float(left[active]) - (self.now() - self.clocks_at))
        return left

    def seat_kind(self, seat: int) -> str:
        """"human" for a person's seat held here, the level for the server's computer
        seat, "remote" for a person at another machine."""
        info = self._seat_info.get(seat)
        if info is not None and info.kind == "computer":
            return info.level or "medium"
        return "human" if seat in self.here else "remote"

    def away_for(self) -> dict[int, float]:
        """Each person not at the table now: how many seconds they have been gone."""
        now = self.now()
        return {seat: max(0.0, now - since) for seat, since in self._away_since.items()}

    def can_hand_over(self, seat: int) -> bool:
        """Whether this machine may give ``seat`` to the table's computer now: a person
        at another machine, gone longer than the table allows, in a game under way."""
        gone = self.away_for().get(seat)
        over = bool(self._states) and self._states[-1].over
        return (bool(self.here) and self._status == "playing" and not over
                and self.seat_kind(seat) == "remote" and gone is not None
                and gone >= self.away_limit)


__all__ = ["HANDED", "TableSeats"]
