"""The game of an online table as this machine shows it, held against the server's word.

``TableLog`` is the game's part of ``RemoteSession`` (``online.seats`` holds the seats,
``online.inbox`` routes the server's messages): it owns the known deal, the steps and
the states shown, the steps sent and not yet answered, and how each view and update
of the server is brought in. Its news (outcomes, notices) goes to the session's
``Outbox``. Every message it reads was decoded and checked first
(``online.inbound``): its state is one the engine can hold. What it does with one:

- an update with the next step: the step is made by the engine and shown;
- an update past a step not heard of, or a view that disagrees with what is shown:
  a fresh view is asked for (once at a time);
- a view with the whole log: steps new here are made one by one, steps shown here
  that the table did not take are taken back, and where the replayed state still
  differs from the server's, the server's is taken as a **new picture** of the table
  (an ``Outcome`` with ``reason`` "resync", never a step to animate);
- a log the engine cannot follow (a step it cannot read or make), or a fresh view
  that cannot be read: the table stays as it was and ``unshowable`` says, in one
  sentence, that this server sent something this program cannot show.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from game import State, Step, StepError, apply, parse_step
from game.outcome import Outcome
from game.record import RecordError, parse_record, replay_states

from .bounds import Gate
from .client import Connection
from .inbound import PublicState, TableUpdate, TableView, known_deal
from .news import Outbox
from .view import public_state
from .words import Phrase, phrase, shown_name

log = logging.getLogger("online.client")

def as_step(text: str) -> Step | None:
    """A step this table showed or sent, as a value (its text came from the server's
    log or from this machine's own request; None if it is not a step at all)."""
    try:
        return parse_step(text)
    except StepError:
        return None


def shown_public(st: PublicState) -> dict[str, Any]:
    """A public state as ``public_state`` gives it for the state shown here."""
    out = st.public()
    out["names"] = [shown_name(n) for n in st.names]
    return out


class TableLog:
    """The game of one online table as shown here: its own state, changed only by the
    server's word (``update``, ``snapshot``) and this machine's steps (``send``)."""

    def __init__(self, connection: Connection, table: str, news: Outbox, gate: Gate,
                 hello: Callable[[], list[dict[str, Any]]]) -> None:
        self.connection = connection
        self.table = table
        self.news = news
        #: What asks the server for the whole table afresh (the first of it is sent).
        self.hello = hello
        self._gate = gate
        #: The steps and the states shown (one more state: the deal's), and how many
        #: of the steps the server has confirmed.
        self.steps: list[str] = []
        self.states: list[State] = []
        self.confirmed = 0
        #: The real town cards known here (face up, or all once the game is over).
        self.known: tuple[str, ...] = ()
        #: The seat that played first (the server draws it at the start).
        self.first = 0
        #: Set while the server's word cannot be shown (see the module docstring).
        self.unshowable: Phrase | None = None
        #: How often the server's state had to be taken over the replayed one.
        self.adopted = 0
        #: A step that turns a town, sent and not shown: number, step, request id.
        self.pending: tuple[int, str, int] | None = None
        self._deal: list[str] = []
        self._start_names: list[str] = []
        self._variant = "standard"
        self._inflight: dict[int, int] = {}  # number -> request id of a step shown here
        self._ignored: set[int] = set()  # answers no longer awaited
        self._resync: int | None = None  # the request id of a snapshot asked for
        self._legal: tuple[int, tuple[str, ...]] | None = None  # at which number
        self._offered: str | None = None
        self._record: str | None = None
        self._record_checked: tuple[str, bool] | None = None

    # ----- what the session reads ---------------------------------------------------------
    @property
    def unconfirmed(self) -> int:
        """How many of the steps shown the server has not confirmed yet."""
        return len(self.steps) - self.confirmed

    def server_legal(self) -> list[str] | None:
        """The legal steps the server listed for the state shown (None: it listed
        none for it, as the seat to move is not the one it tells this machine of)."""
        if self._legal is None or self._legal[0] != len(self.steps):
            return None
        return list(self._legal[1])

    def record_text(self) -> str | None:
        """The whole record (the deal and its seed in the header), once the game is
        over and the server has shown it, and only if it is the game shown; None
        before."""
        if self._offered is not None:
            self.take_record(self._offered)
        return self._record

    def resynced(self, rid: int) -> bool:
        """Whether ``rid`` asked for the whole table afresh (the answer then replaces
        what is shown wherever it differs); it is no longer awaited."""
        if rid != self._resync:
            return False
        self._resync = None
        return True

    # ----- this machine's steps -------------------------------------------------------------
    def send(self, seat: int, token: str, step: Step, after: State) -> Outcome:
        """Send a step the engine made from the state shown: shown at once, or, when it
        turns a town, pending until the server says which card."""
        # (the protocol's text: written here, read by the server)
        before, canon, number = self.states[-1], str(step), len(self.steps)
        rid = self.connection.send({"type": "step", "table": self.table, "seat": seat,
                                    "token": token, "number": number, "step": canon})
        if after.revealed == before.revealed:
            self.steps.append(canon)
            self.states.append(after)
            self._inflight[number] = rid
            return Outcome(True, step, "", before, after)
        self.pending = (number, canon, rid)
        return Outcome(False, step, "pending", before, before, pending=True,
                       said=phrase("online.pending"))

    def taken(self, rid: int) -> None:
        """The server took the step request ``rid``: its answer is the table's update."""
        self._ignored.discard(rid)

    def heard(self, msg: TableView) -> None:
        """What every view and update says of the game besides its state: the legal
        steps at its number and, once over, the record."""
        if msg.number is not None and msg.legal is not None:
            # (a machine holding two seats gets a view for each; only the seat to move's
            # lists the legal steps, and the other's must not forget them)
            self._legal = (msg.number, msg.legal)
        if msg.record:
            self._offered = msg.record  # read when asked for: the game may end after it

    # ----- the server's word ------------------------------------------------------------
    def update(self, msg: TableUpdate) -> list[Outcome]:
        assert msg.number is not None and msg.step is not None  # (checked when decoded)
        index = msg.number - 1
        if index < self.confirmed:
            return []  # told already (a snapshot came first)
        if index > self.confirmed or not self.states:
            return self.ask_snapshot()  # something was missed
        try:
            apply(self.states[self.confirmed], parse_step(msg.step))
        except StepError as exc:  # a step the engine cannot make here: the table, afresh
            self._gate.say("the table %s at %s: its step %r cannot be made here (%s)",
                           self.table, self.connection.url, msg.step[:40], exc.reason)
            return self.ask_snapshot()
        return self._reconcile([*self.steps[: self.confirmed], msg.step], msg)

    def snapshot(self, view: TableView, full: bool = False) -> list[Outcome]:
        if view.state is None or view.number is None:
            return []  # the table has not started
        if view.steps is None:
            if view.number > self.confirmed or not self.states:
                return self.ask_snapshot()
            if view.number == self.confirmed:
                return self._check(view, full)
            return []
        return self._reconcile(list(view.steps), view, full)

    def ask_snapshot(self, again: bool = False) -> list[Outcome]:
        """Ask the server for the whole table (once at a time, unless ``again``)."""
        if self._resync is None or again:
            self._resync = self.connection.send(self.hello()[0])
        return []

    def cannot_show(self, why: str) -> list[Outcome]:
        """The server's word cannot be followed: the table stays as it was, and says so
        (and the program's log says why)."""
        self._gate.say("the table %s at %s cannot be shown: %s", self.table,
                       self.connection.url, why)
        if self.unshowable is None:
            self.unshowable = phrase("online.unshowable")
        return []

    def _learn(self, st: PublicState) -> bool:
        """Take the towns the server shows; whether the known deal changed."""
        known = tuple(st.towns or st.towns_face_up)
        if known == self.known and self._deal:
            return False
        self.known = known
        self._deal = known_deal(st.revealed + st.face_down, known)
        return True

    def _replay(self, steps: list[str]) -> list[State]:
        """The states of ``steps`` from the start (StepError: the engine cannot)."""
        st = State.start(self._start_names, self._deal, self._variant, self.first)
        states = [st]
        for text in steps:
            st = apply(st, parse_step(text))
            states.append(st)
        return states

    def _reconcile(self, log: list[str], view: TableView, full: bool = False) -> list[Outcome]:
        """Bring what is shown in line with the server's ``log`` (its state in
        ``view``): steps new to this machine come out as outcomes, steps shown here
        that the table did not take as one taken back."""
        st = view.state
        assert st is not None
        out: list[Outcome] = []
        if not self.states:
            return self._begin(log, view, st)
        if self._learn(st) or full:
            shown = self.states[-1]
            try:
                states = self._replay(self.steps)
            except StepError as exc:
                return self.cannot_show(f"its log does not replay here ({exc.reason})")
            self.states[:] = states
            if public_state(shown) != public_state(self.states[-1]):
                out.append(self._new_picture(shown))  # not a step's doing
        shown_steps = self.steps
        same = 0
        while same < min(len(shown_steps), len(log)) and shown_steps[same] == log[same]:
            same += 1
        if same < len(shown_steps) and same < len(log):
            out.append(self._take_back(same, "overtaken", phrase("online.overtaken")))
        made: list[tuple[str, Step, State]] = []
        st_now = self.states[-1]
        for text in log[len(self.steps):]:
            try:
                step = parse_step(text)  # the server's text, read once, here
                after = apply(st_now, step)
            except StepError as exc:
                return [*out, *self.cannot_show(f"its step {text[:40]!r} cannot be made "
                                                 f"here ({exc.reason})")]
            made.append((text, step, after))
            st_now = after
        for text, step, after in made:
            before = self.states[-1]
            self.steps.append(text)
            self.states.append(after)
            out.append(Outcome(True, step, "", before, after))
        self.confirmed = len(log)
        self.unshowable = None
        for number in [n for n in self._inflight if n < len(log)]:
            del self._inflight[number]
        if self.pending is not None and self.pending[0] < len(log):
            number, text, rid = self.pending
            self.pending = None
            if log[number] != text:
                self._ignored.add(rid)
                now = self.states[-1]
                out.append(Outcome(False, as_step(text), "overtaken", now, now,
                                   said=phrase("online.overtaken")))
        return out + self._check(view, full)

    def _begin(self, log: list[str], view: TableView, st: PublicState) -> list[Outcome]:
        """The game's first view here: its players, its deal as known, its log."""
        names, variant = [shown_name(n) for n in st.names], st.variant
        first = view.first if view.first is not None else 0
        deal = known_deal(st.revealed + st.face_down, tuple(st.towns or st.towns_face_up))
        try:
            start = State.start(names, deal, variant, first)
            states = [start]
            for text in log:
                states.append(apply(states[-1], parse_step(text)))
        except (StepError, ValueError) as exc:
            return self.cannot_show(f"its log does not replay here ({exc})")
        self._start_names, self._variant, self.first = names, variant, first
        self._learn(st)
        if not log and view.first is not None:  # the game begins: whom the draw named
            self.news.note(phrase("online.first", name=names[first], seat=first))
        self.states, self.steps = states, list(log)
        self.confirmed = len(log)
        self.unshowable = None
        return self._check(view, True)

    def _new_picture(self, shown: State) -> Outcome:
        """The table as the server has it, replacing what was shown: a new picture."""
        self.news.note(phrase("online.resynced"))
        return Outcome(False, None, "resync", shown, self.states[-1], taken_back=True,
                       said=phrase("online.resynced"))

    def _take_back(self, number: int, reason: str, said: Phrase) -> Outcome:
        """Steps ``number``.. were shown here and the table does not have them."""
        before, step = self.states[-1], self.steps[number]
        del self.steps[number:]
        del self.states[number + 1:]
        for n in [n for n in self._inflight if n >= number]:
            self._ignored.add(self._inflight.pop(n))
        return Outcome(False, as_step(step), reason, before, self.states[-1],
                       taken_back=True, said=said)

    def turned_down(self, rid: int, req: dict[str, Any], reason: str, said: Phrase | None,
                     why: Phrase | str = "") -> list[Outcome]:
        """The server refused (``why``, its sentence) or never answered (``said``, the
        connection's) the step request ``rid``."""
        if rid in self._ignored:
            self._ignored.discard(rid)
            return []
        number, text = req.get("number"), str(req.get("step", ""))
        if self.pending is not None and self.pending[2] == rid:
            self.pending = None
            now = self.states[-1]
            if said is None and isinstance(why, Phrase):
                said = why
            return [Outcome(False, as_step(text), reason or "lost", now, now,
                            said=said if said is not None else phrase(
                                "online.taken_back", step=text, reason=why or reason))]
        if isinstance(number, int) and self._inflight.get(number) == rid:
            said = said or phrase("online.taken_back", step=text, reason=why or reason)
            return [self._take_back(number, reason or "lost", said)]
        return []  # a second copy of a step the table had taken already

    def _check(self, view: TableView, full: bool) -> list[Outcome]:
        """The replayed state at the server's number against the server's state."""
        number, st = view.number, view.state
        if st is None or number is None or number != self.confirmed \
                or number >= len(self.states):
            return []
        theirs = shown_public(st)
        if public_state(self.states[number]) == theirs:
            return []
        if not full:
            return self.ask_snapshot()
        return self._adopt(number, st)

    def _adopt(self, number: int, st: PublicState) -> list[Outcome]:
        """Take the server's state as it is (the replay of its log does not reach it):
        the steps are the server's, their states the replay's, and the last one the
        server's: a new picture of the table."""
        self.adopted += 1
        shown = self.states[-1]
        theirs = st.state(self._deal)
        theirs.names = tuple(self._start_names)
        for n in list(self._inflight):
            self._ignored.add(self._inflight.pop(n))
        del self.steps[number:]
        del self.states[number + 1:]
        self.states[-1] = theirs
        self.confirmed = number
        self._gate.say("the table %s at %s: its state taken as the server has it (the "
                       "replay of its log differs)", self.table, self.connection.url)
        return [self._new_picture(shown)]

    # ----- the record, once the game is over ----------------------------------------------
    def take_record(self, text: str | None) -> None:
        """The whole record, kept when it is one and its game is the one shown (so the
        scoring screen and the review may read it); else left out, said in the log."""
        if not text or (self._record_checked and self._record_checked[0] == text):
            return
        good = self._record_fits(text)
        self._record_checked = (text, good)
        self._record = text if good else None
        if not good:
            self._gate.say("the record of the table %s at %s is not its game: left out",
                           self.table, self.connection.url)

    def _record_fits(self, text: str) -> bool:
        """Whether ``text`` is the record of the game shown: its towns, its players in
        turn order from the first, its steps, replayed to the end."""
        try:
            record = parse_record(text)
            last = replay_states(record)[-1]
        except (RecordError, StepError, ValueError, KeyError, IndexError):
            return False
        n, first = len(self._start_names), self.first
        turn_order = [self._start_names[(first + i) % n] for i in range(n)]
        return (last.over and bool(self.states) and self.states[-1].over
                and tuple(record.towns) == self.known and record.variant == self._variant
                and [shown_name(name) for name in record.names] == turn_order
                and record.step_texts() == self.steps)


__all__ = ["TableLog", "shown_public"]
