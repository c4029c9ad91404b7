"""The lobby's requests, for the screens before a table: create, list, sit (by table
or invite code), quick game, the leaderboard, add a computer, start, watch, leave,
rematch, hand over.

Nothing here waits. Each request returns an ``Ask`` at once; ``Lobby.poll()``, called
once a frame, drains the connection and fills in the answers (``Ask.done``,
``Ask.reply``, ``Ask.error``), the last lobby listing (``tables``) and the last view
of each table (``views``). Once the game starts (a table's view says ``playing``),
make a ``RemoteSession`` over the same connection with the seats taken here: from
then on the session drains the connection (and drops what is not its table's).

Every answer is a typed message, checked when it was decoded (``online.inbound``):
an answer that could not be read fails its ``Ask`` with one sentence. Views are
kept only for the tables this lobby asked about (a server cannot fill the memory
with views of others), and at most ``EVENTS_A_POLL`` events are taken a poll.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import Any, TypeVar

from . import protocol as p
from .client import Connected, Connection, Dropped, Event, Failed, Lost, Pushed, Reply
from .inbound import Listing, LobbyEntry, ServerMessage, TableView, Unreadable
from .words import Phrase, phrase, said_of

M = TypeVar("M")

#: Events taken from the connection in one poll (a frame's share).
EVENTS_A_POLL = 200


@dataclass
class Ask:
    """One request and, once ``done``, its answer."""

    id: int
    request: dict[str, Any]
    reply: ServerMessage | Unreadable | None = None
    lost: Phrase | None = None

    @property
    def done(self) -> bool:
        return self.reply is not None or self.lost is not None

    @property
    def ok(self) -> bool:
        return self.reply is not None and not isinstance(
            self.reply, (p.Error, p.Refused, Unreadable))

    def answer(self, kind: type[M]) -> M:
        """The answer, which must be a ``kind`` (ValueError: it is not, or none yet)."""
        if not isinstance(self.reply, kind):
            raise ValueError(f"the answer to {self.request.get('type')!r} is not a "
                             f"{kind.__name__} but {type(self.reply).__name__}")
        return self.reply

    @property
    def error(self) -> Phrase | str | None:
        """Why not: the server's sentence, or the connection's ``Phrase`` (None: done
        well, or not done yet)."""
        if self.lost is not None:
            return self.lost
        if isinstance(self.reply, Unreadable):
            return phrase("online.unreadable_answer")
        if self.reply is not None and not self.ok:
            return said_of(self.reply)
        return None


class Lobby:
    """The lobby's requests over one ``Connection`` (see the module docstring)."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        #: The open, listed tables, as the last ``list`` answer gave them.
        self.tables: list[LobbyEntry] = []
        #: The last view of each table this lobby asked about, by table id.
        self.views: dict[str, TableView] = {}
        #: The tables this lobby asked about (the only ones whose views it keeps).
        self.asked: set[str] = set()
        #: The seats taken through this lobby: table -> {seat: token}.
        self.seated: dict[str, dict[int, str]] = {}
        self.connected = connection.connected
        self.failed: Phrase | None = None
        self._asks: dict[int, Ask] = {}

    def _ask(self, msg: dict[str, Any]) -> Ask:
        if isinstance(msg.get("table"), str):
            self.asked.add(msg["table"])
        ask = Ask(0, msg)
        ask.id = self.connection.send(msg)
        self._asks[ask.id] = ask
        return ask

    # ----- requests ----------------------------------------------------------------
    def create(self, players: int = 3, *, variant: str = "standard", first_game: bool = False,
               private: bool = False, clock: dict[str, Any] | None = None,
               away_limit: float | None = None, deadline: float | None = None,
               vacation: int = 0) -> Ask:
        """A new table; the reply (``created``) has ``table`` and, if private, ``invite``.
        With ``deadline`` (seconds a move) it is a turn-a-day table, each player having
        ``vacation`` days to take when a deadline passes."""
        msg: dict[str, Any] = {"type": "create", "players": players, "variant": variant,
                     "first_game": first_game, "private": private, "clock": clock}
        if away_limit is not None:
            msg["away_limit"] = away_limit
        if deadline is not None:
            msg["deadline"] = deadline
            msg["vacation"] = vacation
        return self._ask(msg)

    def list(self, status: str = "open") -> Ask:
        """The public tables ``open`` (to sit at) or ``playing`` (to watch); the answer
        (``Listing``) is this ask's reply, and an ``open`` one is kept in ``tables``."""
        msg: dict[str, Any] = {"type": "list"}
        if status != "open":
            msg["status"] = status
        return self._ask(msg)

    def sit(self, table: str | None, name: str, invite: str | None = None,
            player: str | None = None) -> Ask:
        """Take the next free seat; the reply (``seated``) has ``table``, ``seat`` and
        ``token``. With no ``table``, the ``invite`` secret finds it (a short code).
        ``player`` is the player key's secret for this server (rated games)."""
        msg: dict[str, Any] = {"type": "sit", "name": name}
        if table is not None:
            msg["table"] = table
        if invite:
            msg["invite"] = invite
        if player:
            msg["player"] = player
        return self._ask(msg)

    def quick(self, players: int, name: str, player: str | None = None) -> Ask:
        """A seat at the public table for ``players`` that will start soonest (or at a
        new one): the reply is ``seated``, as for ``sit``."""
        msg: dict[str, Any] = {"type": "quick", "players": players, "name": name}
        if player:
            msg["player"] = player
        return self._ask(msg)

    def leaders(self, players: int, player: str | None = None, limit: int = 20) -> Ask:
        """The best-rated players at ``players``-player tables, and the asker's own
        standing (``Leaderboard``)."""
        msg: dict[str, Any] = {"type": "leaders", "players": players, "limit": limit}
        if player:
            msg["player"] = player
        return self._ask(msg)

    def add_computer(self, table: str, seat: int, token: str, level: str,
                     name: str | None = None) -> Ask:
        msg = {"type": "computer", "table": table, "seat": seat, "token": token,
               "level": level}
        if name:
            msg["name"] = name
        return self._ask(msg)

    def start(self, table: str, seat: int, token: str) -> Ask:
        return self._ask({"type": "start", "table": table, "seat": seat, "token": token})

    def watch(self, table: str, invite: str | None = None) -> Ask:
        msg = {"type": "watch", "table": table}
        if invite:
            msg["invite"] = invite
        return self._ask(msg)

    def resume(self, table: str, seat: int, token: str) -> Ask:
        """Come back to a seat taken before (its token kept): the reply is the table's
        ``view`` for that seat, kept in ``views`` like any other."""
        return self._ask({"type": "resume", "table": table, "seat": seat, "token": token})

    def leave(self, table: str, seat: int, token: str) -> Ask:
        return self._ask({"type": "leave", "table": table, "seat": seat, "token": token})

    def rematch(self, table: str, seat: int, token: str) -> Ask:
        """The reply (``rematch``) names ``new_table``: the same seats and tokens."""
        return self._ask({"type": "rematch", "table": table, "seat": seat, "token": token})

    def hand_over(self, table: str, seat: int, token: str, target: int,
                  level: str = "medium") -> Ask:
        return self._ask({"type": "hand_over", "table": table, "seat": seat, "token": token,
                          "target": target, "level": level})

    # ----- answers -------------------------------------------------------------------
    def poll(self) -> builtins.list[Event]:  # (``list`` is a request of the lobby)
        """Drain the connection (at most ``EVENTS_A_POLL`` events): answers fill their
        ``Ask``, views and listings are kept. Returns the events, for the screen."""
        got = self.connection.events(EVENTS_A_POLL)
        for event in got:
            if isinstance(event, Connected):
                self.connected = True
            elif isinstance(event, Dropped):
                self.connected = False
            elif isinstance(event, Failed):
                self.connected, self.failed = False, event.sentence
            elif isinstance(event, Lost):
                ask = self._asks.pop(event.id, None)
                if ask is not None:
                    ask.lost = event.reason
            elif isinstance(event, Reply):
                self._answer(event)
            elif isinstance(event, Pushed):
                self._seen(event.msg)
        return got

    def _answer(self, event: Reply) -> None:
        msg = event.msg
        ask = self._asks.pop(event.id, None)
        if ask is not None:
            ask.reply = msg
        if isinstance(msg, Listing) and (ask is None or "status" not in ask.request):
            self.tables = list(msg.tables)
        elif isinstance(msg, p.Created):
            self.asked.add(msg.table)
        elif isinstance(msg, p.Seated):
            self.asked.add(msg.table)
            self.seated.setdefault(msg.table, {})[msg.seat] = msg.token
        elif isinstance(msg, TableView):
            self._seen(msg)

    def _seen(self, msg: ServerMessage | Unreadable) -> None:
        if isinstance(msg, TableView) and msg.table in self.asked:
            self.views[msg.table] = msg


__all__ = ["EVENTS_A_POLL", "Ask", "Lobby"]
