"""The one owner of a game in progress: every change to the game goes through here.

Scenes never change a game state. They ask the session what is legal, submit a step
(a ``game.steps.Step``, a value) and redraw from ``session.state``. The session keeps
the record (the deal and every step, in the notation's text: ``steps``, read back as
values with ``recorded``), the states after each step (for undo, limited to the mover's own
turn and never past a discovery), and writes the record after every change through
an ``autosave`` callback (an atomic write, see ``saves``). A disk that refuses the
write never stops the game: the error waits in ``save_error`` for the table to tell
the player, and every later change tries again. It imports no pygame, so its
behaviour is tested without a window.

``GameSession`` is what the table needs of any game, this one or an online one
(``online.remote.RemoteSession``); ``OnlineTable`` what only an online game has, which
the table asks ``online()`` for once. The type checker proves both sessions are of the
``GameSession`` kind (the functions at the end, checked by ``tests/test_types.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from game.deal import deal_towns, random_seat_order
from game.listing import legal_steps
from game.outcome import Chat, News, Notice, Outcome, ReadOnly
from game.record import Record, RecordError, check_players, replay_states, write_record
from game.rules import apply, why_not
from game.state import State
from game.steps import Step, StepError, parse_step
from game.words import Phrase

SEAT_KINDS = ("human", "easy", "medium", "hard", "expert")
#: Why undo can be impossible: nothing of this turn is left, a town was discovered, or
#: the game is played online (a step sent to a table cannot be taken back).
UNDO_BLOCKERS = ("nothing", "discovery", "online")

class OnlineTable(Protocol):
    """What only a game kept by a server has besides the game itself: the way to the
    server, the players' clocks and absences, handing an away player's seat to the
    table's computer, and chat. The table asks a session for it once
    (``GameSession.online()``: None for a game at one machine)."""

    #: Whether the server can be reached now.
    connected: bool
    #: Seconds a player may be gone before another may let the computer play for them.
    away_limit: float

    def clocks_left(self) -> list[float | None] | None:
        """Each seat's time left in seconds, the player to move's running down (None:
        the table has no clock)."""

    def deadline_left(self) -> float | None:
        """At a turn-a-day table: the seconds the player to move has left (None: no
        deadline)."""

    def vacation_left(self) -> tuple[int, ...] | None:
        """At a turn-a-day table: each seat's vacation days left (None: not one)."""

    def out_of_reach(self) -> float:
        """Seconds since the server could last be reached (0: it can now)."""

    def link(self) -> Phrase | None:
        """What is wrong with the way to the server now, in one sentence (None:
        nothing)."""

    def trouble(self) -> Phrase | None:
        """Why the game cannot go on from here, in one sentence (None: it can): its
        server cannot be followed any more. The table then offers to leave."""

    def away_for(self) -> dict[int, float]:
        """Each player not at the table now (at another machine): seconds gone."""

    def can_hand_over(self, seat: int) -> bool:
        """Whether this machine may let the table's computer play ``seat`` now (its
        player gone longer than the table allows)."""

    def hand_over(self, target: int, level: str = "medium") -> int:
        """Let the table's computer play ``target`` (only when ``can_hand_over``)."""

    def send_chat(self, text: str) -> Phrase | None:
        """Say ``text`` to the table (None: sent; else why not)."""


class GameSession(Protocol):
    """What the table needs of a game, whoever keeps it: this machine (``Session``)
    or a server (``online.remote.RemoteSession``). The table holds one of these and
    never asks which: what only an online game has is ``online()``'s, asked once.

    News reaches the table one way, ``poll``: the outcomes of steps that arrive from
    elsewhere (another machine's seats, the server's computers) and an online table's
    notices and chat lines (``News``), in the order they came. A step submitted here
    may be refused at once (``Outcome.ok`` false), may wait for the server
    (``Outcome.pending``: it discovers a town, and its result comes out of ``poll``)
    and, remotely, a step already shown may be refused after the fact: ``poll`` then
    reports it taken back (``Outcome.taken_back``) with the server's reason."""

    save_error: OSError | None

    @property
    def names(self) -> list[str]: ...

    @property
    def seats(self) -> list[str]: ...

    @property
    def state(self) -> State: ...

    @property
    def steps(self) -> Sequence[str]: ...

    @property
    def states(self) -> Sequence[State]: ...

    @property
    def over(self) -> bool: ...

    @property
    def human_to_move(self) -> bool: ...

    def online(self) -> OnlineTable | None:
        """What only an online game has (None: a game at one machine)."""

    def view(self) -> State: ...

    def seats_here(self) -> list[int]: ...

    def seat_kind(self, seat: int) -> str: ...

    def tag_seed(self) -> str | None: ...

    def record_text(self) -> str | None:
        """The whole record (None while this machine does not know the whole deal: an
        online table before its end)."""

    def legal_steps(self) -> list[Step]: ...

    def submit(self, step: Step) -> Outcome: ...

    def poll(self) -> list[News]: ...

    def undo_blocker(self) -> str | None: ...

    def can_undo(self) -> bool: ...

    def undo(self) -> Outcome: ...


class Session:
    """A game: its deal, its steps, the state after each, and who sits where. The
    local kind of ``GameSession``: every seat sits at this machine."""

    def __init__(self, names: list[str], towns: list[str], variant: str = "standard",
                 tags: list[tuple[str, str]] | None = None,
                 seats: list[str] | None = None,
                 autosave: Callable[[str], None] | None = None) -> None:
        check_players(names)  # a game whose record could not be read back never starts
        self.names = list(names)
        self.towns = list(towns)
        self.variant = variant
        self.tags = [(t, v) for t, v in (tags or []) if t.lower() != "seats"]
        self.seats = list(seats) if seats else ["human"] * len(names)
        self.autosave = autosave
        #: Why the last autosave failed (None: it was written, or there is none to write).
        self.save_error: OSError | None = None
        self._steps: list[str] = []  # the record's text (as it is saved)
        self._played: list[Step] = []  # the same steps, as values
        self._states: list[State] = [State.start(self.names, self.towns, variant)]
        # Index into states where the current turn began / undo may not go below.
        self._turn_start = 0
        self._undo_floor = 0

    # ----- making games --------------------------------------------------------
    @classmethod
    def new(cls, names: list[str], seed: int | str | None = None, first_game: bool = False,
            variant: str = "standard", random_start: bool = False,
            seats: list[str] | None = None,
            autosave: Callable[[str], None] | None = None) -> Session:
        """A fresh deal. With ``random_start`` the starting player is drawn (seats rotate,
        and the seat kinds rotate with their players). Names that break the one rule
        for a name are refused (``IllegalStep``, a ValueError), before anything is saved."""
        order = list(names)
        kinds = list(seats) if seats else ["human"] * len(names)
        if random_start:
            order = random_seat_order(order, seed)
            shift = names.index(order[0])
            kinds = kinds[shift:] + kinds[:shift]
        tags = []
        if seed is not None:
            tags.append(("Seed", str(seed)))
        if first_game:
            tags.append(("Setup", "first-game"))
        session = cls(order, deal_towns(len(order), seed, first_game), variant, tags, kinds,
                      autosave)
        session.save()
        return session

    @classmethod
    def from_record(cls, record: Record,
                    autosave: Callable[[str], None] | None = None) -> Session:
        """Open a record and go on from its last step (raises RecordError)."""
        seats = None
        raw = record.tag("Seats")
        if raw:
            seats = [s.strip().lower() for s in raw.split(",")]
            if len(seats) != len(record.names) or any(s not in SEAT_KINDS for s in seats):
                seats = None
        session = cls(record.names, record.towns, record.variant, record.tags, seats, autosave)
        session._states = replay_states(record)
        session._played = [parse_step(text) for _, text in record.steps]  # (the record: text)
        session._steps = [str(step) for step in session._played]
        session._reset_turn_marks()
        return session

    def _reset_turn_marks(self) -> None:
        """After loading, undo may not reach into what was played before."""
        self._turn_start = self._undo_floor = len(self._states) - 1

    # ----- reading ----------------------------------------------------------------
    @property
    def steps(self) -> ReadOnly[str]:
        """Every step played, in the notation, oldest first."""
        return ReadOnly(self._steps)

    @property
    def states(self) -> ReadOnly[State]:
        """The state at the deal, then after each step (one more than ``steps``)."""
        return ReadOnly(self._states)

    @property
    def state(self) -> State:
        return self._states[-1]

    @property
    def over(self) -> bool:
        return self.state.over

    def view(self) -> State:
        """The state this machine may show (here, all of it: every seat is here)."""
        return self.state

    def seats_here(self) -> list[int]:
        """The seats played at this machine, people and computers alike."""
        return list(range(len(self.names)))

    def poll(self) -> list[News]:
        """News since the last poll: none, as every seat is here (the computer seats'
        steps are submitted by the table as it paces them)."""
        return []

    def online(self) -> None:
        """None: every seat sits at this machine (no server, clock, chat or absence)."""
        return None

    def legal_steps(self) -> list[Step]:
        return legal_steps(self.state)

    def why_not(self, step: Step) -> str | None:
        return why_not(self.state, step)

    def tag_seed(self) -> str | None:
        """The deal's seed if the record names one (the computers seed from it)."""
        for tag, value in self.tags:
            if tag.lower() == "seed":
                return value
        return None

    def tag(self, name: str) -> str | None:
        """The value of one header tag of the record (None when it has none)."""
        for tag, value in self.tags:
            if tag.lower() == name.lower():
                return value
        return None

    def seat_kind(self, seat: int) -> str:
        return self.seats[seat]

    @property
    def human_to_move(self) -> bool:
        return not self.over and self.seats[self.state.active] == "human"

    def record_text(self) -> str:
        tags = [*self.tags]
        if any(kind != "human" for kind in self.seats):
            tags.append(("Seats", ", ".join(self.seats)))
        return write_record(self.names, self.towns, self._steps, self.variant, tags)

    def record(self) -> Record:
        from game.record import parse_record

        return parse_record(self.record_text())

    # ----- changing ------------------------------------------------------------------
    def submit(self, step: Step) -> Outcome:
        """Make one step; a refused step changes nothing and says why."""
        before = self.state
        try:
            after = apply(before, step)
        except StepError as exc:  # a step that is not legal
            return Outcome(False, step, exc.reason, before, before, exc)
        self._played.append(step)
        self._steps.append(str(step))
        self._states.append(after)
        if step.kind == "end":
            self._turn_start = self._undo_floor = len(self._states) - 1
        elif after.revealed != before.revealed:
            self._undo_floor = len(self._states) - 1  # a discovery is new information
        self.save()
        return Outcome(True, step, "", before, after)

    def undo_blocker(self) -> str | None:
        """Why undo is not possible now, as one of ``UNDO_BLOCKERS`` (None when it is);
        the client puts it into words (``undo.<blocker>``)."""
        if len(self._states) - 1 <= self._undo_floor:
            if self._undo_floor > self._turn_start:
                return "discovery"
            return "nothing"
        return None

    def can_undo(self) -> bool:
        return self.undo_blocker() is None

    def undo(self) -> Outcome:
        """Take back the last step of this turn (else ``reason`` is the blocker)."""
        reason = self.undo_blocker()
        if reason:
            return Outcome(False, None, reason, self.state, self.state)
        before = self._states.pop()
        self._steps.pop()
        step = self._played.pop()
        self.save()
        return Outcome(True, step, "", before, self.state)

    def set_tag(self, name: str, value: str | None) -> None:
        """Write one header tag (None removes it) and save: a note the client keeps with
        the record, such as where a lesson stands; the game itself is not touched."""
        self.tags = [(t, v) for t, v in self.tags if t.lower() != name.lower()]
        if value is not None:
            self.tags.append((name, value))
        self.save()

    def save(self) -> None:
        """Write the record through the autosave callback. An OSError from it (a
        read-only or full disk) is kept in ``save_error``, not raised: play goes on, and
        the next change tries again (and clears it when the write succeeds)."""
        if self.autosave is None:
            return
        try:
            self.autosave(self.record_text())
        except OSError as exc:
            self.save_error = exc
        else:
            self.save_error = None


def recorded(steps: Sequence[str], start: int = 0) -> list[Step]:
    """The steps of a game's record from ``start`` on (``steps``: a session's, kept in
    the record's text, as saved and sent), as values: with the record's own reading,
    the client's one way from a step's text back to a step (a step made here is a
    value from the start)."""
    return [parse_step(text) for text in steps[start:]]


def load_session(text: str, autosave: Callable[[str], None] | None = None) -> Session:
    """A session from a record's text (raises RecordError with a line number)."""
    from game.record import parse_record

    return Session.from_record(parse_record(text), autosave)


if TYPE_CHECKING:
    # The type checker's proof (tests/test_types.py) that both kinds of session are
    # what the table takes, and an online game's ``online()`` what the table asks of it.
    from online.remote import RemoteSession
    from online.seats import TableSeats

    def _local(session: Session) -> GameSession:
        return session

    def _remote(session: RemoteSession) -> GameSession:
        return session

    def _online(place: TableSeats) -> OnlineTable:
        return place


__all__ = ["SEAT_KINDS", "UNDO_BLOCKERS", "Chat", "GameSession", "News", "Notice",
           "OnlineTable", "Outcome", "ReadOnly", "RecordError", "Session", "load_session",
           "recorded"]
