"""Where the server's messages for an online table go, one event at a time.

``TableInbox`` is the part of ``RemoteSession`` that takes the connection's events
and hands each to the part it is for: the connection's comings and goings and every
view's seats to ``online.seats``, the game to ``online.follow``, chat lines (paced:
at most ``CHAT_RATE`` a second, the rest dropped and said once a minute) and the
server's refusals to the session's ``Outbox``. Events for somebody else (another
table, a lobby's answers) are dropped: since the game began nobody here asks for
them. It owns what only the routing needs: the greetings awaited, the chat's pace,
the rematch's table.
"""

from __future__ import annotations

from typing import Any

from game.outcome import Chat, Outcome

from . import protocol as p
from .bounds import Bucket, Gate
from .client import Connection, Event, Lost, Pushed, Reply
from .follow import TableLog
from .inbound import TableUpdate, TableView, Unreadable
from .news import Outbox
from .seats import TableSeats
from .words import Phrase, phrase, plain, said_of, shown_name

#: Chat lines taken a second, and at once: more are dropped (said once a minute).
CHAT_RATE = 3.0
CHAT_BURST = 30.0
CHAT_FLOOD_SAID = 60.0


class TableInbox:
    """Routes one table's events (see the module docstring)."""

    def __init__(self, connection: Connection, log: TableLog, seats: TableSeats,
                 news: Outbox, gate: Gate) -> None:
        self.connection = connection
        self.table = log.table
        self.log = log
        self.seats = seats
        self.news = news
        self._gate = gate
        #: The table the server dealt for a rematch, once one is asked for.
        self.rematch: str | None = None
        #: The answers awaited to this machine's first ``resume`` (or ``watch``).
        self.greeting: set[int] = set()
        self._chat_pace = Bucket(CHAT_RATE, CHAT_BURST)
        self._flood_said = -CHAT_FLOOD_SAID

    def take(self, event: Event) -> None:
        """One event: its news go to the outbox."""
        if isinstance(event, Lost):
            self.news.add(self._lost(event))
        elif isinstance(event, Reply):
            self.news.add(self._reply(event))
        elif isinstance(event, Pushed):
            self.news.add(self._pushed(event))
        else:
            self.seats.went(event)

    def heard(self, msg: TableView) -> None:
        """What every view and update says besides the game's state: seats, presence,
        clocks, the legal steps, the record."""
        self.seats.read(msg)
        self.log.heard(msg)

    def _mine(self, msg: dict[str, Any]) -> bool:
        return msg.get("table") == self.table

    def _lost(self, event: Lost) -> list[Outcome]:
        req = event.request
        self.greeting.discard(event.id)
        # a snapshot asked for and lost with its socket is no longer awaited: the next
        # gap asks again (the new socket's resume brings the table meanwhile)
        self.log.resynced(event.id)
        if not self._mine(req):
            return []
        if req.get("type") == "step":
            return self.log.turned_down(event.id, req, "", event.reason)
        self.news.note(phrase("online.lost_chat") if req.get("type") == "chat"
                       else event.reason)
        return []

    def _reply(self, event: Reply) -> list[Outcome]:
        req, msg = event.request, event.msg
        self.greeting.discard(event.id)
        if not self._mine(req):
            return []
        kind = req.get("type")
        if not isinstance(msg, TableView):
            self.log.resynced(event.id)  # asked again when the next update shows a gap
        if isinstance(msg, Unreadable) or (isinstance(msg, TableView)
                                           and msg.table != self.table):
            why = msg.why if isinstance(msg, Unreadable) else f"a view of {msg.table!r}"
            if kind in ("resume", "watch"):
                return self.log.cannot_show(f"its answer to {kind}: {why}")
            if kind == "step":
                return self.log.ask_snapshot()  # whether it was taken, the table says
            self.news.note(phrase("online.unreadable_answer"))
            return []
        failed = isinstance(msg, (p.Error, p.Refused))
        if kind == "step":
            if isinstance(msg, (p.Error, p.Refused)):
                return self.log.turned_down(event.id, req, plain(msg.reason, 200), None,
                                            said_of(msg))
            self.log.taken(event.id)  # taken: the answer is the table's update
            if isinstance(msg, TableUpdate):
                self.heard(msg)
                return self.log.update(msg)
            return []
        if kind in ("resume", "watch") and isinstance(msg, TableView):
            self.heard(msg)
            return self.log.snapshot(msg, self.log.resynced(event.id))
        if kind == "chat" and isinstance(msg, p.ChatLine):  # the server's answer: our line
            self._chat_line(msg)
        elif kind == "rematch" and isinstance(msg, p.RematchMade):
            self.rematch = msg.new_table
        elif failed:
            said = said_of(msg)
            self.news.note(said)
            if kind == "resume" and isinstance(said, Phrase) and \
                    said.key == "server.wrong_token":
                self._seat_lost(req)
        return []

    def _seat_lost(self, req: dict[str, Any]) -> None:
        """The server no longer knows this machine's token for a seat (it was left
        from another machine): the seat is not held here now, and with none left
        the table is watched, so it still shows and moves on."""
        self.seats.lose(req.get("seat"))
        self.connection.on_reconnect = self.seats.hello()
        if not self.seats.here:
            self.log.ask_snapshot(again=True)

    def _pushed(self, event: Pushed) -> list[Outcome]:
        msg = event.msg
        if isinstance(msg, p.Error):
            self.news.note(said_of(msg))
            return []
        if getattr(msg, "table", None) != self.table:
            return []
        if isinstance(msg, Unreadable):  # a view or update of this table: ask afresh
            return self.log.ask_snapshot()
        if isinstance(msg, TableUpdate):
            self.heard(msg)
            return self.log.update(msg)
        if isinstance(msg, TableView):
            self.heard(msg)
            return self.log.snapshot(msg)
        if isinstance(msg, p.ChatLine):
            self._chat_line(msg)
        elif isinstance(msg, p.RematchMade):
            self.rematch = msg.new_table
        return []

    def _chat_line(self, msg: p.ChatLine) -> None:
        """A line of chat, passed on if the table does not say too many too fast."""
        now = self.seats.now()
        if not self._chat_pace.allow(now):
            self._gate.say("chat lines from %s dropped: more than %s a second",
                           self.connection.url, CHAT_RATE)
            if now - self._flood_said >= CHAT_FLOOD_SAID:
                self._flood_said = now
                self.news.note(phrase("online.chat_flood"))
            return
        self.news.chat(Chat(msg.seat, shown_name(msg.name), plain(msg.text)))


__all__ = ["CHAT_RATE", "TableInbox"]
