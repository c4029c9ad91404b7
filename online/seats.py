"""What a machine knows of an online table besides its game, as the server's views
and its connection tell it: who holds each seat (a person here, a person elsewhere,
the table's computer), who is at the table now and how long the others have been
gone, each player's clock or deadline, the news when a seat changes hands, and the
way to the server (lost, given up, slow).

``TableSeats`` is the seats' part of ``RemoteSession`` (``online.follow`` holds the
game, ``online.inbox`` routes the server's messages) and owns this state. It is also
what the table asks of an online game besides the game (``scenes.core.session.
OnlineTable``, through ``RemoteSession.online()``): the clocks, the absences, handing
a seat over, chat, and what is wrong with the link.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .client import Connected, Connection, Dropped, Event, Failed
from .follow import TableLog
from .inbound import SeatInfo, TableView
from .news import Outbox
from .protocol import DEFAULT_AWAY
from .words import MAX_CHAT, Phrase, phrase, plain, shown_name

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
    """The seats of an online table and this machine's way to it (see the module
    docstring); the game itself is ``log``'s, read here, never changed."""

    def __init__(self, connection: Connection, table: str, here: dict[int, str],
                 log: TableLog, news: Outbox, invite: str | None = None) -> None:
        self.connection = connection
        self.table = table
        #: The invite code a spectator watches a private table with.
        self.invite = invite
        #: Each seat held at this machine and its token (two people at one machine
        #: may each hold one); none: a spectator.
        self.here = dict(here)
        self.log = log
        self.news = news
        #: The table's status as the server last said: open, playing or over.
        self.status = "open"
        #: Each seat: whether a connection holds it now (a computer's always).
        self.presence: dict[int, bool] = {}
        #: Seconds left per seat (None: the table has no clock), as last told, and
        #: when (by ``now``, a monotonic clock a test may replace).
        self.clocks: list[float | None] | None = None
        self.now: Callable[[], float] = time.monotonic
        self.clocks_at = 0.0
        #: At a turn-a-day table: the seconds the player to move had left when last
        #: told (None: no deadline), and each seat's vacation days left.
        self.deadline: float | None = None
        self.vacation: tuple[int, ...] | None = None
        #: How long the table lets a player be gone before another seat may give the
        #: seat to the table's computer.
        self.away_limit = DEFAULT_AWAY
        #: Whether the socket is open; ``away`` says why not while it is not, and
        #: ``lost_at`` (by ``now``) since when; ``failed`` once it gave up for good.
        self.connected = connection.connected
        self.away: Phrase | None = None
        self.lost_at: float | None = None
        self.failed: Phrase | None = None
        self._seat_info: dict[int, SeatInfo] = {}
        #: When (by ``now``) each seat's player, a person not at the table, was last seen.
        self._away_since: dict[int, float] = {}
        self._rested: set[tuple[int, int, int]] = set()

    @property
    def names(self) -> list[str]:
        """The players' names as the seats say (before the game's own are known)."""
        return [self._seat_info[i].name for i in sorted(self._seat_info)]

    # ----- the way to the server ----------------------------------------------------------
    def went(self, event: Event) -> None:
        """The connection opened, dropped or gave up."""
        if isinstance(event, Connected):
            self.connected, self.away, self.lost_at = True, None, None
            return
        if isinstance(event, Dropped):
            self.connected, self.away = False, event.reason
        elif isinstance(event, Failed):
            self.connected, self.away, self.failed = False, event.sentence, event.sentence
        self.lost_at = self.now() if self.lost_at is None else self.lost_at

    def out_of_reach(self) -> float:
        """Seconds since the server could last be reached (0: it can now)."""
        return 0.0 if self.lost_at is None else max(0.0, self.now() - self.lost_at)

    def link(self) -> Phrase | None:
        """What is wrong with the way to the server now, in one sentence (None:
        nothing): a game it sent that cannot be shown, the connection given up, lost
        (and why), or a server slow to answer."""
        if self.trouble() is not None:
            return self.trouble()
        if not self.connected:
            return self.away or phrase("online.dropped")
        if self.connection.slow_for() >= self.connection.slow:
            return phrase("online.slow", seconds=round(self.connection.slow))
        return None

    def trouble(self) -> Phrase | None:
        """Why the table cannot go on from here (None: it can): the connection gave up
        for good, or the server sent a game this program cannot show."""
        return self.log.unshowable or self.failed

    # ----- what this machine asks ------------------------------------------------------------
    def hello(self) -> list[dict[str, Any]]:
        """What asks the server for the table: a ``resume`` for each seat held here,
        or, with none (a spectator), a ``watch`` (with the invite, if one was given)."""
        if self.here:
            return [{"type": "resume", "table": self.table, "seat": seat,
                     "token": self.here[seat]} for seat in sorted(self.here)]
        msg = {"type": "watch", "table": self.table}
        if self.invite:
            msg["invite"] = self.invite
        return [msg]

    def send_chat(self, text: str, seat: int | None = None) -> Phrase | None:
        """Say one line to the table (from ``seat``, by default the first held here);
        why not, when the line is empty or too long."""
        if not self.here:
            return phrase("online.chat_seatless")
        line = plain(text, MAX_CHAT + 1)
        if not 0 < len(line) <= MAX_CHAT:
            return phrase("online.chat_length", limit=MAX_CHAT)
        seat = min(self.here) if seat is None or seat not in self.here else seat
        self.connection.send({"type": "chat", "table": self.table, "seat": seat,
                              "token": self.here[seat], "text": line})
        return None

    def hand_over(self, target: int, level: str = "medium") -> int:
        """Ask the server to give an away player's seat to a computer."""
        return self.ask({"type": "hand_over", "target": target, "level": level})

    def ask(self, request: dict[str, Any]) -> int:
        """Send ``request`` for this table from the first seat held here."""
        seat = min(self.here)
        return self.connection.send({**request, "table": self.table, "seat": seat,
                                     "token": self.here[seat]})

    def lose(self, seat: object) -> None:
        """The server no longer knows this machine's token for ``seat`` (it was left
        from another machine): the seat is not held here now."""
        if isinstance(seat, int) and seat in self.here:
            del self.here[seat]

    # ----- the server's word -------------------------------------------------------------------
    def read(self, msg: TableView) -> None:
        """The seats, presence, absences, the table's away limit and the clocks (only
        at a table with a clock: a clock the table has not is never shown)."""
        self.status = msg.status
        handed = msg.handed
        # news of a seat comes after this many steps (the log puts it there)
        after = msg.number if msg.number is not None else len(self.log.steps)
        for s in msg.seats:
            before = self._seat_info.get(s.seat)
            name = shown_name(s.name)
            why = handed.why if handed is not None and handed.seat == s.seat else None
            if (before is not None and before.kind != "computer" and s.kind == "computer"
                    and self.status == "playing"):
                # a person's seat handed to the table's computer: out of time, away
                # too long, or left; the server says which (an older one may not)
                level = phrase(f"level.{s.level or 'medium'}")
                mine = s.seat in self.here
                key = HANDED.get((why, mine),
                                 "online.to_computer_mine" if mine else "online.to_computer")
                self.news.note(phrase(key, name=name, level=level, seat=s.seat, after=after))
            elif why == "back" and s.seat in self.here:
                # this machine's player is back: the computer played for them meanwhile
                self.news.note(phrase("online.back_mine", name=name, seat=s.seat, after=after))
            elif (before is not None and before.kind == "computer" and s.kind == "human"
                    and self.status == "playing" and s.seat not in self.here):
                self.news.note(phrase("online.from_computer", name=name, seat=s.seat,
                                  after=after))
            self._seat_info[s.seat] = s
            self.presence[s.seat] = s.here
            if s.away_for is not None and not s.here:
                self._away_since[s.seat] = self.now() - s.away_for
            else:
                self._away_since.pop(s.seat, None)
        self.away_limit = msg.options.away_limit
        told = msg.clocks if msg.options.clock is not None else None
        self.clocks = None if told is None else [None if c is None else max(0.0, c)
                                                 for c in told]
        self.clocks_at = self.now()
        self.deadline = msg.deadline if msg.options.deadline is not None else None
        self.vacation = msg.vacation if msg.options.deadline is not None else None
        rested = msg.rested
        if rested is not None and (rested.seat, rested.left, after) not in self._rested:
            # (said once: a view sent again with the same news is not news)
            self._rested.add((rested.seat, rested.left, after))
            info = self._seat_info.get(rested.seat)
            name = shown_name(info.name) if info is not None else str(rested.seat + 1)
            self.news.note(phrase("online.rested", name=name, count=rested.left,
                              seat=rested.seat, after=after))

    def deadline_left(self) -> float | None:
        """At a turn-a-day table in play: the seconds the player to move has left,
        running down since the server said (None: no deadline)."""
        if self.deadline is None or self.status != "playing" or not self.log.states:
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
        states, confirmed = self.log.states, self.log.confirmed
        if self.status == "playing" and confirmed < len(states):
            active = states[confirmed].active
            running = left[active] if active < len(left) else None
            if running is not None:
                left[active] = max(0.0, running - (self.now() - self.clocks_at))
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
        over = bool(self.log.states) and self.log.states[-1].over
        return (bool(self.here) and self.status == "playing" and not over
                and self.seat_kind(seat) == "remote" and gone is not None
                and gone >= self.away_limit)


__all__ = ["HANDED", "TableSeats"]
