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
echo is then ignored, and a refusal comes out of ``poll`` as ``Outcome.taken_back``
with the server's reason, the game back at the server's state. A step that turns a
town cannot be shown before the server says which card it is: ``submit`` answers
``Outcome.pending`` and ``poll`` later gives its real outcome.

**The connection.** Reconnection is the ``Connection``'s; this session's ``resume``
messages go first on every new socket, and the snapshot each brings is reconciled
with what is shown: steps made meanwhile come out of ``poll`` one by one; steps shown
here that the table never took come out as taken back.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from game import State, Step, StepError, apply, legal_steps, parse_step
from game.cards import CARDS
from game.outcome import Outcome, ReadOnly

from .client import Connected, Connection, Dropped, Event, Failed, Lost, Pushed, Reply
from .seats import TableSeats
from .tables import DEFAULT_AWAY
from .view import public_state
from .words import MAX_CHAT, Phrase, phrase, plain, said_of

CHAT_KEPT = 200  # chat lines kept (the oldest go first)
NOTICES_KEPT = 50


def known_deal(size: int, face_up: Sequence[str]) -> list[str]:
    """The deal as a seat knows it: ``face_up`` at positions 1.., then placeholders
    (the other towns, sorted) up to ``size`` towns."""
    seen = set(face_up)
    rest = [t for t in sorted(CARDS.towns) if t not in seen]
    return [*face_up, *rest[: size - len(face_up)]]


class RemoteSession(TableSeats):
    """A game at a server's table, played by the seats held at this machine.

    ``seats`` maps each seat held here to its token (two people at one machine may
    each hold one). ``view`` is a snapshot already received (the ``view`` that
    started the game); without one the session is not ``ready`` until the server's
    answer to its ``resume`` arrives through ``poll``. The session owns the
    connection's events from then on: what it does not handle (answers to a
    ``Lobby``'s requests, other tables' messages) waits in ``unclaimed``.
    """

    def __init__(self, connection: Connection, table: str, seats: dict[int, str],
                 view: dict | None = None, invite: str | None = None) -> None:
        self.connection = connection
        self.table = table
        self.here: dict[int, str] = dict(seats)
        self.invite = invite
        #: The GameSession's: an online game is kept by the server, never saved here.
        self.save_error: OSError | None = None
        self.can_chat = True
        #: Chat lines received, oldest first: (seat, name, text), the text plain.
        self.chat: list[tuple[int, str, str]] = []
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
        #: Events for somebody else (a lobby's answers, other tables).
        self.unclaimed: list[Event] = []
        #: How often the server's state had to be taken over the replayed one.
        self.adopted = 0
        self._status = "open"
        self._start_names: list[str] = []
        self._variant = "standard"
        #: The seat that played first (the server draws it at the start).
        self.first = 0
        self._seat_info: dict[int, dict] = {}
        self._record: str | None = None
        self._legal: tuple[int, list[str]] | None = None  # at which number
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
        connection.on_reconnect = self._hello()
        if view is not None:
            self._early += self._snapshot(view)
        for msg in self._hello():  # every seat held here is present at the table
            connection.send(msg)

    # ----- what the table reads ----------------------------------------------------------
    @property
    def ready(self) -> bool:
        """Whether the game has begun and its state is known."""
        return bool(self._states)

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
            self._seat_info[i]["name"] for i in sorted(self._seat_info)]

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
                and self.seat_kind(self.state.active) == "human")

    def legal_steps(self) -> list[Step]:
        return legal_steps(self.state) if self._states and not self.over else []

    def out_of_reach(self) -> float:
        """Seconds since the server could last be reached (0: it can now)."""
        return 0.0 if self.lost_at is None else max(0.0, self.now() - self.lost_at)

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
        return Outcome(False, "undo", "online", st, st)

    def record_text(self) -> str | None:
        """The whole record (the deal and its seed in the header), once the game is
        over and the server has shown it; None before."""
        return self._record

    # ----- changing ---------------------------------------------------------------------
    def submit(self, step: str | Step) -> Outcome:
        """Make one step for the seat to move, held here (see the module docstring)."""
        text = str(step)
        if not self._states:
            return Outcome(False, text, "not_ready", said=phrase("online.not_ready"))
        before = self.state
        if self._pending is not None:
            return Outcome(False, text, "waiting", before, before,
                           said=phrase("online.waiting"))
        seat = before.active
        if not before.over and self.seat_kind(seat) != "human":
            return Outcome(False, text, "not_here", before, before,
                           said=phrase("online.not_here", name=before.names[seat]))
        try:
            parsed = parse_step(text.strip()) if isinstance(step, str) else step
            after = apply(before, parsed)
        except StepError as exc:
            return Outcome(False, text, exc.reason, before, before, exc)
        canon = str(parsed)
        number = len(self._steps)
        rid = self.connection.send({"type": "step", "table": self.table, "seat": seat,
                                    "token": self.here[seat], "number": number, "step": canon})
        if after.revealed == before.revealed:
            self._steps.append(canon)
            self._states.append(after)
            self._inflight[number] = rid
            return Outcome(True, canon, "", before, after)
        self._pending = (number, canon, rid)
        return Outcome(False, canon, "pending", before, before, pending=True,
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
        the states around it; steps taken back; nothing for the echo of a step shown
        already. Also keeps ``connected``, ``presence``, ``chat``... up to date."""
        out, self._early = self._early, []
        for event in self.connection.events():
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

    def _lost(self, event: Lost) -> list[Outcome]:
        req = event.request
        if not self._mine(req):
            self.unclaimed.append(event)
            return []
        if req.get("type") == "step":
            return self._turned_down(event.id, req, "", event.reason)
        self._note(phrase("online.lost_chat") if req.get("type") == "chat" else event.reason)
        return []

    def _reply(self, event: Reply) -> list[Outcome]:
        req, msg = event.request, event.msg
        if not self._mine(req):
            self.unclaimed.append(event)
            return []
        kind = req.get("type")
        failed = msg.get("type") in ("refused", "error")
        if kind == "step":
            if failed:
                return self._turned_down(event.id, req, str(msg.get("reason", "")), None,
                                         said_of(msg))
            self._ignored.discard(event.id)  # taken: the answer is the table's update
            return self._update(msg) if msg.get("type") == "update" else []
        if kind in ("resume", "watch") and msg.get("type") == "view":
            full = event.id == self._resync
            if full:
                self._resync = None
            return self._snapshot(msg, full)
        if kind == "chat" and msg.get("type") == "chat":  # the server's answer: our line
            self._chat_line(msg)
        elif kind == "rematch" and not failed:
            self.rematch = msg.get("new_table")
        elif failed:
            if event.id == self._resync:
                self._resync = None  # asked again when the next update shows a gap
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
        kind = msg.get("type")
        if kind == "error":
            self._note(said_of(msg))
            return []
        if not self._mine(msg):
            self.unclaimed.append(event)
            return []
        if kind == "update":
            return self._update(msg)
        if kind == "view":
            return self._snapshot(msg)
        if kind == "chat":
            self._chat_line(msg)
        elif kind == "rematch":
            self.rematch = msg.get("new_table")
        return []

    def _chat_line(self, msg: dict) -> None:
        seat, name = msg.get("seat"), msg.get("name")
        if isinstance(seat, int) and isinstance(name, str) and isinstance(msg.get("text"), str):
            self.chat.append((seat, plain(name, 40), plain(msg["text"])))
            del self.chat[:-CHAT_KEPT]

    # ----- the server's word against what is shown ----------------------------------------
    def _fields(self, msg: dict) -> None:
        """What every view and update says besides the game: seats, presence, clocks."""
        self._status = msg.get("status", self._status)
        self._seat_fields(msg)
        if "number" in msg and msg.get("legal") is not None:
            # (a machine holding two seats gets a view for each; only the seat to move's
            # lists the legal steps, and the other's must not forget them)
            self._legal = (msg["number"], list(msg["legal"]))
        if msg.get("record"):
            self._record = msg["record"]

    def _update(self, msg: dict) -> list[Outcome]:
        self._fields(msg)
        index = msg["number"] - 1
        if index < self._confirmed:
            return []  # told already (a snapshot came first)
        if index > self._confirmed:
            return self._ask_snapshot()  # something was missed
        return self._reconcile([*self._steps[: self._confirmed], msg["step"]], msg)

    def _snapshot(self, view: dict, full: bool = False) -> list[Outcome]:
        self._fields(view)
        if "state" not in view:
            return []  # the table has not started
        if "steps" not in view:
            if view["number"] > self._confirmed or not self._states:
                return self._ask_snapshot()
            if view["number"] == self._confirmed:
                return self._check(view, full)
            return []
        return self._reconcile(list(view["steps"]), view, full)

    def _ask_snapshot(self) -> list[Outcome]:
        if self._resync is None:
            self._resync = self.connection.send(self._hello()[0])
        return []

    def _learn(self, st: dict) -> bool:
        """Take the towns the server shows; whether the known deal changed."""
        known = tuple(st.get("towns") or st["towns_face_up"])
        if known == self._known and self._deal:
            return False
        self._known = known
        self._deal = known_deal(st["revealed"] + st["face_down"], known)
        return True

    def _replay(self, steps: list[str]) -> list[State]:
        st = State.start(self._names_of(), self._deal, self._variant, self.first)
        states = [st]
        for text in steps:
            st = apply(st, parse_step(text))
            states.append(st)
        return states

    def _names_of(self) -> list[str]:
        return list(self._start_names)

    def _reconcile(self, log: list[str], view: dict, full: bool = False) -> list[Outcome]:
        """Bring what is shown in line with the server's ``log`` (its state in
        ``view``): steps new to this machine come out as outcomes, steps shown here
        that the table did not take as one taken back."""
        st = view["state"]
        out: list[Outcome] = []
        if not self._states:
            self._start_names, self._variant = list(st["names"]), st["variant"]
            first = view.get("first", 0)
            if type(first) is int and 0 <= first < len(self._start_names):
                self.first = first
            self._learn(st)
            if not log and "first" in view:  # the game begins: whom the draw named
                self._note(phrase("online.first", name=self._start_names[self.first],
                                  seat=self.first))
            try:
                self._states = self._replay(log)
            except StepError:
                self._states = self._replay([])
                self._steps = []
                return self._adopt(log, view)
            self._steps = list(log)
            self._confirmed = len(log)
            return self._check(view, True)
        if self._learn(st) or full:
            shown = self._states[-1]
            try:
                self._states[:] = self._replay(self._steps)
            except StepError:
                return self._adopt(log, view)
            if public_state(shown) != public_state(self._states[-1]):
                # not a step's doing: what was shown differed from the game
                self._note(phrase("online.resynced"))
                out.append(Outcome(False, "", "resync", shown, self._states[-1],
                                   taken_back=True, said=phrase("online.resynced")))
        shown_steps = self._steps
        same = 0
        while same < min(len(shown_steps), len(log)) and shown_steps[same] == log[same]:
            same += 1
        if same < len(shown_steps) and same < len(log):
            out.append(self._take_back(same, "overtaken", phrase("online.overtaken")))
        for text in log[len(self._steps):]:
            before = self._states[-1]
            try:
                after = apply(before, parse_step(text))
            except StepError:
                return [*out, *self._adopt(log, view)]
            self._steps.append(text)
            self._states.append(after)
            out.append(Outcome(True, text, "", before, after))
        self._confirmed = len(log)
        for number in [n for n in self._inflight if n < len(log)]:
            del self._inflight[number]
        if self._pending is not None and self._pending[0] < len(log):
            number, text, rid = self._pending
            self._pending = None
            if log[number] != text:
                self._ignored.add(rid)
                now = self.state
                out.append(Outcome(False, text, "overtaken", now, now,
                                   said=phrase("online.overtaken")))
        return out + self._check(view, full)

    def _take_back(self, number: int, reason: str, said: Phrase) -> Outcome:
        """Steps ``number``.. were shown here and the table does not have them."""
        before, step = self._states[-1], self._steps[number]
        del self._steps[number:]
        del self._states[number + 1:]
        for n in [n for n in self._inflight if n >= number]:
            self._ignored.add(self._inflight.pop(n))
        return Outcome(False, step, reason, before, self._states[-1], taken_back=True,
                       said=said)

    def _turned_down(self, rid: int, req: dict, reason: str, said: Phrase | None,
                     why: Phrase | str = "") -> list[Outcome]:
        """The server refused (``why``, its sentence) or never answered (``said``, the
        connection's) the step request ``rid``."""
        if rid in self._ignored:
            self._ignored.discard(rid)
            return []
        number, text = req.get("number"), str(req.get("step", ""))
        if self._pending is not None and self._pending[2] == rid:
            self._pending = None
            now = self.state
            if said is None and isinstance(why, Phrase):
                said = why
            return [Outcome(False, text, reason or "lost", now, now, said=said)]
        if self._inflight.get(number) == rid:
            said = said or phrase("online.taken_back", step=text, reason=why or reason)
            return [self._take_back(number, reason or "lost", said)]
        return []  # a second copy of a step the table had taken already

    def _check(self, view: dict, full: bool) -> list[Outcome]:
        """The replayed state at the server's number against the server's state."""
        number = view["number"]
        if number != self._confirmed or number >= len(self._states):
            return []
        theirs = {k: v for k, v in view["state"].items() if k != "towns"}
        if public_state(self._states[number]) == theirs:
            return []
        if not full:
            return self._ask_snapshot()
        return self._adopt(self._steps[:number], view)

    def _adopt(self, log: list[str], view: dict) -> list[Outcome]:
        """Take the server's state as it is (the replay does not reach it): the log
        is the server's, the states as far as the replay goes, then the server's."""
        self.adopted += 1
        before = self._states[-1]
        theirs = State.from_dict({**view["state"], "towns": self._deal})
        states = [self._states[0]]
        for text in log:
            try:
                states.append(apply(states[-1], parse_step(text)))
            except StepError:
                states.append(theirs)
        states[-1] = theirs
        for n in list(self._inflight):
            self._ignored.add(self._inflight.pop(n))
        self._steps[:] = list(log)
        self._states[:] = states
        self._confirmed = len(log)
        self._note(phrase("online.resynced"))
        return [Outcome(False, "", "resync", before, theirs, taken_back=True,
                        said=phrase("online.resynced"))]


__all__ = ["RemoteSession", "known_deal", "plain"]
