"""An online game, as the table sees it: the second kind of ``GameSession``.

``RemoteSession`` answers what the table asks of a game (``state``, ``steps``,
``states``, ``legal_steps``, ``submit``, ``poll``, ``seat_kind``...) the way the local
``scenes.core.session.Session`` does, while the game lives on a server that alone
knows the deal.

**What the client knows of the deal.** Never a face-down town. It keeps the deal as
this seat knows it: the face-up towns' real ids at positions 1..revealed (the view's
``state.towns_face_up``; every card once the game is over) and, after them,
placeholders: the towns not face up, in sorted order. Only a face-up town is ever
shown, so replaying the log from ``State.start`` on that deal gives every public
state of the game. When an update turns a town, the known deal grows and every
state is derived again. After each update the public part of the replayed state is
compared with the server's; a difference (there should be none) asks the server for
a fresh snapshot, and if that does not agree either, the server's state is taken.

**Steps.** ``submit`` judges a step with the engine at once. A step that turns no
town is shown at once (optimistic) and sent with the view's ``number``; the server's
answer is then no news, and a refusal comes out of ``poll`` as ``Outcome.taken_back``
with the server's reason, the game back at the server's state. A step that turns a
town cannot be shown before the server says which card it is: ``submit`` answers
``Outcome.pending`` and ``poll`` later gives its real outcome.

**The connection.** Reconnection is the ``Connection``'s; this session's ``resume``
messages go first on every new socket, and the snapshot each brings is reconciled
with what is shown: steps made meanwhile come out of ``poll`` one by one; steps shown
here that the table never took come out as taken back.

**A server is not trusted.** Every message was decoded and checked before it gets
here (``online.inbound``); what the game's half does with it is ``online.follow``'s.
What the table is told is bounded: ``poll`` takes at most ``EVENTS_A_POLL`` events a
frame, chat lines come in at most ``CHAT_RATE`` a second (the rest are dropped, said
once a minute), the last ``CHAT_KEPT`` are kept (``chat_total`` counts every one, so
the ship's log never stops taking them), notices and events for others are capped.
``link()`` says in one sentence what is wrong with the way to the server (lost,
stopping, refusing this program, slow, another version, given up, or a game it
cannot show) and ``trouble()`` whether the table cannot go on from here.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game import State, Step, StepError, apply, legal_steps
from game.outcome import Outcome, ReadOnly

from . import protocol as p
from .bounds import Bucket, Gate
from .client import Connected, Connection, Dropped, Event, Failed, Lost, Pushed, Reply
from .follow import TableLog
from .inbound import TableUpdate, TableView, Unreadable, known_deal
from .seats import TableSeats
from .tables import DEFAULT_AWAY
from .words import MAX_CHAT, Phrase, phrase, plain, said_of, shown_name

CHAT_KEPT = 200  # chat lines kept (the oldest go first; ``chat_total`` counts them all)
NOTICES_KEPT = 50
#: Events taken from the connection in one poll (a frame's share).
EVENTS_A_POLL = 200
#: Chat lines taken a second, and at once: more are dropped (said once a minute).
CHAT_RATE = 3.0
CHAT_BURST = 30.0
CHAT_FLOOD_SAID = 60.0
#: Events for a lobby or another table kept for whoever takes them (the newest).
UNCLAIMED_KEPT = 100


class RemoteSession(TableLog, TableSeats):
    """A game at a server's table, played by the seats held at this machine.

    ``seats`` maps each seat held here to its token (two people at one machine may
    each hold one). ``view`` is a snapshot already received (the ``view`` that
    started the game); without one the session is not ``ready`` until the server's
    answer to its ``resume`` arrives through ``poll``. The session owns the
    connection's events from then on: what it does not handle (answers to a
    ``Lobby``'s requests, other tables' messages) waits in ``unclaimed``.
    """

    def __init__(self, connection: Connection, table: str, seats: dict[int, str],
                 view: TableView | None = None, invite: str | None = None) -> None:
        self.connection = connection
        self.table = table
        self.here: dict[int, str] = dict(seats)
        self.invite = invite
        #: The GameSession's: an online game is kept by the server, never saved here.
        self.save_error: OSError | None = None
        self.can_chat = True
        #: The last ``CHAT_KEPT`` chat lines, oldest first: (seat, name, text), plain;
        #: ``chat_total`` counts every line taken since the session began.
        self.chat: list[tuple[int, str, str]] = []
        self.chat_total = 0
        #: Sentences for the player that are no step's outcome: a ``Phrase`` of the
        #: client's, or the server's own sentence (a str, in the server's words).
        self.notices: list[Phrase | str] = []
        #: Each seat: whether a connection holds it now (a computer's always).
        self.presence: dict[int, bool] = {}
        #: Seconds left per seat (None: the table has no clock), as last told, and
        #: when (by ``now``, a monotonic clock a test may replace).
        self.clocks: list[float | None] | None = None
        self.now: Callable[[], float] = time.monotonic
        self.clocks_at = 0.0
        self.deadline: float | None = None
        self.vacation: tuple[int, ...] | None = None
        self._rested: set[tuple[int, int, int]] = set()
        #: When (by ``now``) each seat's player, a person not at the table, was last
        #: seen; and how long the table lets one be gone before another seat may give
        #: the seat to the table's computer (the table's ``away_limit``).
        self._away_since: dict[int, float] = {}
        self.away_limit = DEFAULT_AWAY
        #: The table the server dealt for a rematch, once one is asked for.
        self.rematch: str | None = None
        #: Whether the socket is open; ``away`` says why not while it is not, and
        #: ``lost_at`` (by ``now``) since when.
        self.connected = connection.connected
        self.away: Phrase | None = None
        self.lost_at: float | None = None
        #: Set when the connection gave up for good.
        self.failed: Phrase | None = None
        #: Set while the server's word cannot be shown (see ``online.follow``).
        self.unshowable: Phrase | None = None
        #: Events for somebody else (a lobby's answers, other tables).
        self.unclaimed: list[Event] = []
        #: How often the server's state had to be taken over the replayed one.
        self.adopted = 0
        self._status = "open"
        self._start_names: list[str] = []
        self._variant = "standard"
        #: The seat that played first (the server draws it at the start).
        self.first = 0
        self._seat_info: dict = {}
        self._record: str | None = None
        self._offered: str | None = None
        self._record_checked: tuple[str, bool] | None = None
        self._legal: tuple[int, tuple[str, ...]] | None = None  # at which number
        self._known: tuple[str, ...] = ()
        self._deal: list[str] = []
        self._steps: list[str] = []
        self._states: list[State] = []
        self._confirmed = 0
        self._inflight: dict[int, int] = {}  # number -> request id of a step shown here
        self._pending: tuple[int, str, int] | None = None  # number, step, request id
        self._ignored: set[int] = set()  # answers no longer awaited
        self._resync: int | None = None  # the request id of a snapshot asked for
        self._early: list[Outcome] = []
        self._gate = Gate()
        self._chat_pace = Bucket(CHAT_RATE, CHAT_BURST)
        self._flood_said = -CHAT_FLOOD_SAID
        connection.on_reconnect = self._hello()
        if view is not None:
            self._early += self._snapshot(view)
        # every seat held here is present at the table; the answers awaited:
        self._greeting = {connection.send(msg) for msg in self._hello()}

    # ----- what the table reads ----------------------------------------------------------
    @property
    def ready(self) -> bool:
        """Whether the game has begun and its state is known."""
        return bool(self._states)

    @property
    def greeted(self) -> bool:
        """Whether the server has answered the first ``resume`` (or ``watch``) of each
        seat held here: the table shown is then the server's as of that answer, not
        only the view this session was made with."""
        return not self._greeting

    @property
    def state(self) -> State:
        if not self._states:
            raise RuntimeError("the online game has not begun (see RemoteSession.ready)")
        return self._states[-1]

    @property
    def steps(self) -> ReadOnly[str]:
        """Every step shown, oldest first (the last ones may wait for the server)."""
        return ReadOnly(self._steps)

    @property
    def states(self) -> ReadOnly[State]:
        return ReadOnly(self._states)

    @property
    def names(self) -> list[str]:
        return list(self.state.names) if self._states else [
            self._seat_info[i].name for i in sorted(self._seat_info)]

    @property
    def seats(self) -> list[str]:
        return [self.seat_kind(i) for i in range(len(self.names))]

    @property
    def status(self) -> str:
        """The table's status as the server last said: open, playing or over."""
        return self._status

    @property
    def over(self) -> bool:
        return bool(self._states) and self.state.over

    @property
    def waiting(self) -> bool:
        """Whether a step that turns a town waits for the server."""
        return self._pending is not None

    @property
    def known_towns(self) -> tuple[str, ...]:
        """The real town cards this client knows: those the server showed face up (at
        positions 1..), or every card once the game is over. Nothing else."""
        return self._known

    def view(self) -> State:
        """The state this machine may show (face-down towns are placeholders)."""
        return self.state

    @property
    def human_to_move(self) -> bool:
        """Whether a person at this machine is to make the next step now."""
        return (bool(self._states) and not self.over and self._pending is None
                and self.unshowable is None and self.seat_kind(self.state.active) == "human")

    def legal_steps(self) -> list[Step]:
        return legal_steps(self.state) if self._states and not self.over else []

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
        return self.unshowable or self.failed

    @property
    def unconfirmed(self) -> int:
        """How many of the steps shown the server has not confirmed yet."""
        return len(self._steps) - self._confirmed

    def server_legal(self) -> list[str] | None:
        """The legal steps the server listed for the state shown (None: it listed
        none for it, as the seat to move is not the one it tells this machine of)."""
        if self._legal is None or self._legal[0] != len(self._steps):
            return None
        return list(self._legal[1])

    def tag_seed(self) -> str | None:
        return None  # the deal's seed stays on the server

    def undo_blocker(self) -> str | None:
        return "online"

    def can_undo(self) -> bool:
        return False

    def undo(self) -> Outcome:
        st = self.state
        return Outcome(False, None, "online", st, st)

    def record_text(self) -> str | None:
        """The whole record (the deal and its seed in the header), once the game is
        over and the server has shown it, and only if it is the game shown; None
        before."""
        if self._offered is not None:
            self._take_record(self._offered)
        return self._record

    # ----- changing ---------------------------------------------------------------------
    def submit(self, step: Step) -> Outcome:
        """Make one step for the seat to move, held here (see the module docstring)."""
        if not self._states:
            return Outcome(False, step, "not_ready", said=phrase("online.not_ready"))
        before = self.state
        if self._pending is not None:
            return Outcome(False, step, "waiting", before, before,
                           said=phrase("online.waiting"))
        if self.unshowable is not None:
            return Outcome(False, step, "unshowable", before, before, said=self.unshowable)
        seat = before.active
        if not before.over and self.seat_kind(seat) != "human":
            return Outcome(False, step, "not_here", before, before,
                           said=phrase("online.not_here", name=before.names[seat]))
        try:
            after = apply(before, step)
        except StepError as exc:
            return Outcome(False, step, exc.reason, before, before, exc)
        canon = str(step)  # (the protocol's text: written here, read by the server)
        number = len(self._steps)
        rid = self.connection.send({"type": "step", "table": self.table, "seat": seat,
                                    "token": self.here[seat], "number": number, "step": canon})
        if after.revealed == before.revealed:
            self._steps.append(canon)
            self._states.append(after)
            self._inflight[number] = rid
            return Outcome(True, step, "", before, after)
        self._pending = (number, canon, rid)
        return Outcome(False, step, "pending", before, before, pending=True,
                       said=phrase("online.pending"))

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

    def ask_rematch(self) -> int:
        """Ask for a rematch (the game must be over); ``rematch`` then names the table."""
        seat = min(self.here)
        return self.connection.send({"type": "rematch", "table": self.table, "seat": seat,
                                     "token": self.here[seat]})

    def hand_over(self, target: int, level: str = "medium") -> int:
        """Ask the server to give an away player's seat to a computer."""
        seat = min(self.here)
        return self.connection.send({"type": "hand_over", "table": self.table, "seat": seat,
                                     "token": self.here[seat], "target": target,
                                     "level": level})

    def poll(self) -> list[Outcome]:
        """What happened since the last poll, in order: steps made elsewhere (other
        machines, the server's computers) and this machine's pending steps, each with
        the states around it; steps taken back; a new picture of the table; nothing
        for the answer to a step shown already. Also keeps ``connected``,
        ``presence``, ``chat``... up to date. At most ``EVENTS_A_POLL`` events are
        taken (the rest wait for the next poll)."""
        out, self._early = self._early, []
        for event in self.connection.events(EVENTS_A_POLL):
            out += self._handle(event)
        return out

    # ----- events -----------------------------------------------------------------------
    def _hello(self) -> list[dict]:
        """What asks the server for the table: a ``resume`` for each seat held here,
        or, with none (a spectator), a ``watch``."""
        if self.here:
            return [{"type": "resume", "table": self.table, "seat": seat,
                     "token": self.here[seat]} for seat in sorted(self.here)]
        msg = {"type": "watch", "table": self.table}
        if self.invite:
            msg["invite"] = self.invite
        return [msg]

    def _note(self, notice: Phrase | str) -> None:
        self.notices.append(notice)
        del self.notices[:-NOTICES_KEPT]

    def _handle(self, event: Event) -> list[Outcome]:
        if isinstance(event, Connected):
            self.connected, self.away, self.lost_at = True, None, None
        elif isinstance(event, Dropped):
            self.connected, self.away = False, event.reason
            self.lost_at = self.now() if self.lost_at is None else self.lost_at
        elif isinstance(event, Failed):
            self.connected, self.away, self.failed = False, event.sentence, event.sentence
            self.lost_at = self.now() if self.lost_at is None else self.lost_at
        elif isinstance(event, Lost):
            return self._lost(event)
        elif isinstance(event, Reply):
            return self._reply(event)
        elif isinstance(event, Pushed):
            return self._pushed(event)
        return []

    def _mine(self, msg: dict) -> bool:
        return msg.get("table") == self.table

    def _unclaimed(self, event: Event) -> list[Outcome]:
        """An event for somebody else, kept for them (the newest pushed ones only)."""
        self.unclaimed.append(event)
        pushed = [i for i, e in enumerate(self.unclaimed) if isinstance(e, Pushed)]
        if len(pushed) > UNCLAIMED_KEPT:
            del self.unclaimed[pushed[0]]
        return []

    def _lost(self, event: Lost) -> list[Outcome]:
        req = event.request
        self._greeting.discard(event.id)
        if not self._mine(req):
            return self._unclaimed(event)
        if req.get("type") == "step":
            return self._turned_down(event.id, req, "", event.reason)
        self._note(phrase("online.lost_chat") if req.get("type") == "chat" else event.reason)
        return []

    def _reply(self, event: Reply) -> list[Outcome]:
        req, msg = event.request, event.msg
        self._greeting.discard(event.id)
        if not self._mine(req):
            return self._unclaimed(event)
        kind = req.get("type")
        if event.id == self._resync and not isinstance(msg, TableView):
            self._resync = None  # asked again when the next update shows a gap
        if isinstance(msg, Unreadable) or (isinstance(msg, TableView)
                                           and msg.table != self.table):
            why = msg.why if isinstance(msg, Unreadable) else f"a view of {msg.table!r}"
            if kind in ("resume", "watch"):
                return self._cannot_show(f"its answer to {kind}: {why}")
            if kind == "step":
                return self._ask_snapshot()  # whether it was taken, the table says
            self._note(phrase("online.unreadable_answer"))
            return []
        failed = isinstance(msg, (p.Error, p.Refused))
        if kind == "step":
            if failed:
                return self._turned_down(event.id, req, plain(msg.reason, 200), None,
                                         said_of(msg))
            self._ignored.discard(event.id)  # taken: the answer is the table's update
            return self._update(msg) if isinstance(msg, TableUpdate) else []
        if kind in ("resume", "watch") and isinstance(msg, TableView):
            full = event.id == self._resync
            if full:
                self._resync = None
            return self._snapshot(msg, full)
        if kind == "chat" and isinstance(msg, p.ChatLine):  # the server's answer: our line
            self._chat_line(msg)
        elif kind == "rematch" and isinstance(msg, p.RematchMade):
            self.rematch = msg.new_table
        elif failed:
            said = said_of(msg)
            self._note(said)
            if kind == "resume" and isinstance(said, Phrase) and \
                    said.key == "server.wrong_token":
                return self._seat_lost(req)
        return []

    def _seat_lost(self, req: dict) -> list[Outcome]:
        """The server no longer knows this machine's token for a seat (it was left
        from another machine): the seat is not held here now, and with none left
        the table is watched, so it still shows and moves on."""
        seat = req.get("seat")
        if isinstance(seat, int) and seat in self.here:
            del self.here[seat]
        self.connection.on_reconnect = self._hello()
        if not self.here:
            self._resync = self.connection.send(self._hello()[0])
        return []

    def _pushed(self, event: Pushed) -> list[Outcome]:
        msg = event.msg
        if isinstance(msg, p.Error):
            self._note(said_of(msg))
            return []
        if getattr(msg, "table", None) != self.table:
            return self._unclaimed(event)
        if isinstance(msg, Unreadable):  # a view or update of this table: ask afresh
            return self._ask_snapshot()
        if isinstance(msg, TableUpdate):
            return self._update(msg)
        if isinstance(msg, TableView):
            return self._snapshot(msg)
        if isinstance(msg, p.ChatLine):
            self._chat_line(msg)
        elif isinstance(msg, p.RematchMade):
            self.rematch = msg.new_table
        return []

    def _chat_line(self, msg: p.ChatLine) -> None:
        """A line of chat, kept if the table does not say too many too fast."""
        now = self.now()
        if not self._chat_pace.allow(now):
            self._gate.say("chat lines from %s dropped: more than %s a second",
                           self.connection.url, CHAT_RATE)
            if now - self._flood_said >= CHAT_FLOOD_SAID:
                self._flood_said = now
                self._note(phrase("online.chat_flood"))
            return
        self.chat.append((msg.seat, self._chat_name(msg), plain(msg.text)))
        del self.chat[:-CHAT_KEPT]
        self.chat_total += 1

    def _chat_name(self, msg: p.ChatLine) -> str:
        return shown_name(msg.name)

    # ----- the seats' and the game's fields of every view -------------------------------------
    def _fields(self, msg: TableView) -> None:
        """What every view and update says besides the game: seats, presence, clocks."""
        self._status = msg.status
        self._seat_fields(msg)
        if msg.number is not None and msg.legal is not None:
            # (a machine holding two seats gets a view for each; only the seat to move's
            # lists the legal steps, and the other's must not forget them)
            self._legal = (msg.number, msg.legal)
        if msg.record:
            self._offered = msg.record  # read when asked for: the game may end after it


__all__ = ["CHAT_KEPT", "RemoteSession", "known_deal", "plain"]
