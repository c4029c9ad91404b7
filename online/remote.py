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

**Its parts.** The session composes three parts, each owning its own state:
``log`` (``online.follow.TableLog``: the known deal, the steps and states shown, the
steps sent), ``place`` (``online.seats.TableSeats``: the seats held here, presence,
clocks, absences, the way to the server) and ``inbox`` (``online.inbox.TableInbox``:
routes each of the connection's events to the part it is for). What they have to
tell the player waits in an ``online.news.Outbox`` until ``poll`` takes it.

**News.** ``poll`` is the table's one way to hear of the game: the outcomes of steps,
notices (``Notice``: a seat handed over, a player back, a request lost) and chat lines
(``Chat``), in the order they came (``game.outcome.News``). What only an online table
has besides its game (clocks, absences, handing a seat over, sending chat, the link)
is ``online()``'s: the ``place``, the table's ``OnlineTable``.

**A server is not trusted.** Every message was decoded and checked before it gets
here (``online.inbound``); what the game's part does with it is ``online.follow``'s.
What the table is told is bounded: ``poll`` takes at most ``EVENTS_A_POLL`` events a
frame, chat lines come in at most ``CHAT_RATE`` a second (the rest are dropped, said
once a minute), and while nobody polls (a waiting room that only wants the game to
begin: ``settle``) at most ``NOTICES_KEPT`` notices and ``CHAT_KEPT`` chat lines
wait; events for another table or a lobby are dropped. ``link()`` says in one
sentence what is wrong with the way to the server (lost, stopping, refusing this
program, slow, another version, given up, or a game it cannot show) and
``trouble()`` whether the table cannot go on from here.
"""

from __future__ import annotations

from game import State, Step, StepError, apply, legal_steps
from game.outcome import News, Outcome, ReadOnly

from .bounds import Gate
from .client import Connection
from .follow import TableLog
from .inbound import TableView, known_deal
from .inbox import CHAT_RATE, TableInbox
from .news import CHAT_KEPT, NOTICES_KEPT, Outbox
from .seats import TableSeats
from .words import phrase, plain

#: Events taken from the connection in one poll (a frame's share).
EVENTS_A_POLL = 200


class RemoteSession:
    """A game at a server's table, played by the seats held at this machine.

    ``seats`` maps each seat held here to its token (two people at one machine may
    each hold one). ``view`` is a snapshot already received (the ``view`` that
    started the game); without one the session is not ``ready`` until the server's
    answer to its ``resume`` arrives through ``poll`` (or ``settle``). The session
    owns the connection's events from then on.
    """

    def __init__(self, connection: Connection, table: str, seats: dict[int, str],
                 view: TableView | None = None, invite: str | None = None) -> None:
        self.connection = connection
        self.table = table
        #: The GameSession's: an online game is kept by the server, never saved here.
        self.save_error: OSError | None = None
        #: What waits for the next ``poll`` (bounded: see ``online.news``).
        self.news = Outbox()
        gate = Gate()
        self.log = TableLog(connection, table, self.news, gate, lambda: place.hello())
        place = self.place = TableSeats(connection, table, seats, self.log, self.news,
                                        invite)
        self.inbox = TableInbox(connection, self.log, place, self.news, gate)
        connection.on_reconnect = place.hello()
        if view is not None:
            self.inbox.heard(view)
            self.news.add(self.log.snapshot(view))
        # every seat held here is present at the table; the answers awaited:
        self.inbox.greeting = {connection.send(msg) for msg in place.hello()}

    def online(self) -> TableSeats:
        """What the table has besides the game: clocks, absences, chat, the link."""
        return self.place

    # ----- what the table reads ----------------------------------------------------------
    @property
    def ready(self) -> bool:
        """Whether the game has begun and its state is known."""
        return bool(self.log.states)

    @property
    def greeted(self) -> bool:
        """Whether the server has answered the first ``resume`` (or ``watch``) of each
        seat held here: the table shown is then the server's as of that answer, not
        only the view this session was made with."""
        return not self.inbox.greeting

    @property
    def state(self) -> State:
        if not self.log.states:
            raise RuntimeError("the online game has not begun (see RemoteSession.ready)")
        return self.log.states[-1]

    @property
    def steps(self) -> ReadOnly[str]:
        """Every step shown, oldest first (the last ones may wait for the server)."""
        return ReadOnly(self.log.steps)

    @property
    def states(self) -> ReadOnly[State]:
        return ReadOnly(self.log.states)

    @property
    def names(self) -> list[str]:
        return list(self.state.names) if self.log.states else self.place.names

    @property
    def seats(self) -> list[str]:
        return [self.seat_kind(i) for i in range(len(self.names))]

    @property
    def over(self) -> bool:
        return bool(self.log.states) and self.state.over

    def view(self) -> State:
        """The state this machine may show (face-down towns are placeholders)."""
        return self.state

    @property
    def human_to_move(self) -> bool:
        """Whether a person at this machine is to make the next step now."""
        return (bool(self.log.states) and not self.over and self.log.pending is None
                and self.log.unshowable is None
                and self.seat_kind(self.state.active) == "human")

    def seats_here(self) -> list[int]:
        return self.place.seats_here()

    def seat_kind(self, seat: int) -> str:
        """"human" for a person's seat held here, the level for the server's computer
        seat, "remote" for a person at another machine."""
        return self.place.seat_kind(seat)

    def legal_steps(self) -> list[Step]:
        return legal_steps(self.state) if self.log.states and not self.over else []

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
        """The whole record, once the game is over and the server has shown it, and
        only if it is the game shown; None before."""
        return self.log.record_text()

    # ----- changing ---------------------------------------------------------------------
    def submit(self, step: Step) -> Outcome:
        """Make one step for the seat to move, held here (see the module docstring)."""
        if not self.log.states:
            return Outcome(False, step, "not_ready", said=phrase("online.not_ready"))
        before = self.state
        if self.log.pending is not None:
            return Outcome(False, step, "waiting", before, before,
                           said=phrase("online.waiting"))
        if self.log.unshowable is not None:
            return Outcome(False, step, "unshowable", before, before,
                           said=self.log.unshowable)
        seat = before.active
        if not before.over and self.seat_kind(seat) != "human":
            return Outcome(False, step, "not_here", before, before,
                           said=phrase("online.not_here", name=before.names[seat]))
        try:
            after = apply(before, step)
        except StepError as exc:
            return Outcome(False, step, exc.reason, before, before, exc)
        return self.log.send(seat, self.place.here[seat], step, after)

    def ask_rematch(self) -> int:
        """Ask for a rematch (the game must be over); ``inbox.rematch`` then names the
        table."""
        return self.place.ask({"type": "rematch"})

    def poll(self) -> list[News]:
        """What happened since the last poll, in order: steps made elsewhere (other
        machines, the server's computers) and this machine's pending steps, each with
        the states around it; steps taken back; a new picture of the table; the
        table's notices and chat lines. At most ``EVENTS_A_POLL`` events are taken
        (the rest wait for the next poll)."""
        for event in self.connection.events(EVENTS_A_POLL):
            self.inbox.take(event)
        return self.news.take()

    def settle(self) -> bool:
        """Take the connection's events before the table shows the game (a waiting
        room, a lobby watching, a replay's fetch); whether it is ``ready``. No step
        is told (the table's first picture is the whole game); the words heard wait
        for the table's first ``poll``."""
        for event in self.connection.events(EVENTS_A_POLL):
            self.inbox.take(event)
        self.news.forget_steps()
        return self.ready


__all__ = ["CHAT_KEPT", "CHAT_RATE", "EVENTS_A_POLL", "NOTICES_KEPT", "RemoteSession",
           "known_deal", "plain"]
