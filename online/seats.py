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

from .words import Phrase, phrase, plain

#: What a machine says when a seat goes to the table's computer, by the server's why
#: and whether the seat was this machine's (else the sentence without a why).
HANDED: dict[tuple[object, bool], str] = {
    ("time", False): "online.to_computer.time",
    ("away", False): "online.to_computer.away",
    ("left", False): "online.to_computer.left",
    ("time", True): "online.to_computer_mine.time",
}


class TableSeats:
    """The seats of an online table, read from the server's messages (a part of
    ``RemoteSession``, which keeps these fields)."""

    here: dict[int, str]
    presence: dict[int, bool]
    clocks: list[float | None] | None
    clocks_at: float
    away_limit: float
    now: Callable[[], float]
    _seat_info: dict[int, dict]
    _away_since: dict[int, float]
    _status: str
    _states: list[State]
    _steps: list[str]
    _confirmed: int

    def _note(self, notice: Phrase | str) -> None:
        raise NotImplementedError

    def _seat_fields(self, msg: dict) -> None:
        """The seats, presence, absences, the table's away limit and the clocks."""
        handed = msg.get("handed") if isinstance(msg.get("handed"), dict) else {}
        # news of a seat comes after this many steps (the log puts it there)
        after = msg["number"] if isinstance(msg.get("number"), int) else len(self._steps)
        for s in msg.get("seats", []):
            before = self._seat_info.get(s["seat"])
            name = plain(str(s.get("name", "")), 40)
            if (before is not None and before.get("kind") != "computer"
                    and s.get("kind") == "computer" and self._status == "playing"):
                # a person's seat handed to the table's computer: out of time, away
                # too long, or left; the server says which (an older one may not)
                level = phrase(f"level.{s.get('level') or 'medium'}")
                why = handed.get("why") if handed.get("seat") == s["seat"] else None
                mine = s["seat"] in self.here
                key = HANDED.get((why, mine),
                                 "online.to_computer_mine" if mine else "online.to_computer")
                self._note(phrase(key, name=name, level=level, seat=s["seat"], after=after))
            elif (handed.get("why") == "back" and handed.get("seat") == s["seat"]
                    and s["seat"] in self.here):
                # this machine's player is back: the computer played for them meanwhile
                self._note(phrase("online.back_mine", name=name, seat=s["seat"],
                                  after=after))
            elif (before is not None and before.get("kind") == "computer"
                    and s.get("kind") == "human" and self._status == "playing"
                    and s["seat"] not in self.here):
                self._note(phrase("online.from_computer", name=name, seat=s["seat"],
                                  after=after))
            self._seat_info[s["seat"]] = s
            self.presence[s["seat"]] = bool(s.get("here", True))
            gone = s.get("away_for")
            if isinstance(gone, (int, float)) and not isinstance(gone, bool) and gone >= 0 \
                    and not self.presence[s["seat"]]:
                self._away_since[s["seat"]] = self.now() - float(gone)
            else:
                self._away_since.pop(s["seat"], None)
        limit = (msg.get("options") or {}).get("away_limit") if isinstance(
            msg.get("options"), dict) else None
        if isinstance(limit, (int, float)) and not isinstance(limit, bool) and limit >= 0:
            self.away_limit = float(limit)
        if "clocks" in msg:
            clocks = msg["clocks"]
            if clocks is None or (isinstance(clocks, list) and all(
                    c is None or (isinstance(c, (int, float)) and not isinstance(c, bool))
                    for c in clocks)):
                self.clocks, self.clocks_at = clocks, self.now()

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
        info = self._seat_info.get(seat, {})
        if info.get("kind") == "computer":
            return str(info.get("level") or "medium")
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
