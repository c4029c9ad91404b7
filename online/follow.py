"""The game of an online table as this machine shows it, held against the server's word.

``TableLog`` is the game's half of ``RemoteSession`` (``online.seats`` is the seats'
half): the known deal, the steps and the states shown, and how each view and update
of the server is brought in. Every message it reads was decoded and checked first
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

from game import State, Step, StepError, apply, parse_step
from game.outcome import Outcome
from game.record import RecordError, parse_record, replay_states

from .bounds import Gate
from .client import Connection
from .inbound import PublicState, TableView, known_deal
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


def shown_public(st: PublicState) -> dict:
    """A public state as ``public_state`` gives it for the state shown here."""
    out = st.public()
    out["names"] = [shown_name(n) for n in st.names]
    return out


class TableLog:
    """The game's half of ``RemoteSession`` (which keeps these fields)."""

    connection: Connection
    table: str
    here: dict[int, str]
    first: int
    adopted: int
    unshowable: Phrase | None
    _gate: Gate
    _states: list[State]
    _steps: list[str]
    _confirmed: int
    _deal: list[str]
    _known: tuple[str, ...]
    _start_names: list[str]
    _variant: str
    _inflight: dict[int, int]
    _pending: tuple[int, str, int] | None
    _ignored: set[int]
    _resync: int | None
    _record: str | None
    _record_checked: tuple[str, bool] | None

    def _note(self, notice: Phrase | str) -> None:
        raise NotImplementedError

    def _hello(self) -> list[dict]:
        raise NotImplementedError

    _fields: Callable[[TableView], None]

    # ----- the server's word ------------------------------------------------------------
    def _update(self, msg: TableView) -> list[Outcome]:
        self._fields(msg)
        assert msg.number is not None and msg.step is not None  # (checked when decoded)
        index = msg.number - 1
        if index < self._confirmed:
            return []  # told already (a snapshot came first)
        if index > self._confirmed or not self._states:
            return self._ask_snapshot()  # something was missed
        try:
            apply(self._states[self._confirmed], parse_step(msg.step))
        except StepError as exc:  # a step the engine cannot make here: the table, afresh
            self._gate.say("the table %s at %s: its step %r cannot be made here (%s)",
                           self.table, self.connection.url, msg.step[:40], exc.reason)
            return self._ask_snapshot()
        return self._reconcile([*self._steps[: self._confirmed], msg.step], msg)

    def _snapshot(self, view: TableView, full: bool = False) -> list[Outcome]:
        self._fields(view)
        if view.state is None or view.number is None:
            return []  # the table has not started
        if view.steps is None:
            if view.number > self._confirmed or not self._states:
                return self._ask_snapshot()
            if view.number == self._confirmed:
                return self._check(view, full)
            return []
        return self._reconcile(list(view.steps), view, full)

    def _ask_snapshot(self) -> list[Outcome]:
        if self._resync is None:
            self._resync = self.connection.send(self._hello()[0])
        return []

    def _cannot_show(self, why: str) -> list[Outcome]:
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
        if known == self._known and self._deal:
            return False
        self._known = known
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
        if not self._states:
            return self._begin(log, view, st)
        if self._learn(st) or full:
            shown = self._states[-1]
            try:
                states = self._replay(self._steps)
            except StepError as exc:
                return self._cannot_show(f"its log does not replay here ({exc.reason})")
            self._states[:] = states
            if public_state(shown) != public_state(self._states[-1]):
                out.append(self._new_picture(shown))  # not a step's doing
        shown_steps = self._steps
        same = 0
        while same < min(len(shown_steps), len(log)) and shown_steps[same] == log[same]:
            same += 1
        if same < len(shown_steps) and same < len(log):
            out.append(self._take_back(same, "overtaken", phrase("online.overtaken")))
        made: list[tuple[str, Step, State]] = []
        st_now = self._states[-1]
        for text in log[len(self._steps):]:
            try:
                step = parse_step(text)  # the server's text, read once, here
                after = apply(st_now, step)
            except StepError as exc:
                return [*out, *self._cannot_show(f"its step {text[:40]!r} cannot be made "
                                                 f"here ({exc.reason})")]
            made.append((text, step, after))
            st_now = after
        for text, step, after in made:
            before = self._states[-1]
            self._steps.append(text)
            self._states.append(after)
            out.append(Outcome(True, step, "", before, after))
        self._confirmed = len(log)
        self.unshowable = None
        for number in [n for n in self._inflight if n < len(log)]:
            del self._inflight[number]
        if self._pending is not None and self._pending[0] < len(log):
            number, text, rid = self._pending
            self._pending = None
            if log[number] != text:
                self._ignored.add(rid)
                now = self._states[-1]
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
            return self._cannot_show(f"its log does not replay here ({exc})")
        self._start_names, self._variant, self.first = names, variant, first
        self._learn(st)
        if not log and view.first is not None:  # the game begins: whom the draw named
            self._note(phrase("online.first", name=names[first], seat=first))
        self._states, self._steps = states, list(log)
        self._confirmed = len(log)
        self.unshowable = None
        return self._check(view, True)

    def _new_picture(self, shown: State) -> Outcome:
        """The table as the server has it, replacing what was shown: a new picture."""
        self._note(phrase("online.resynced"))
        return Outcome(False, None, "resync", shown, self._states[-1], taken_back=True,
                       said=phrase("online.resynced"))

    def _take_back(self, number: int, reason: str, said: Phrase) -> Outcome:
        """Steps ``number``.. were shown here and the table does not have them."""
        before, step = self._states[-1], self._steps[number]
        del self._steps[number:]
        del self._states[number + 1:]
        for n in [n for n in self._inflight if n >= number]:
            self._ignored.add(self._inflight.pop(n))
        return Outcome(False, as_step(step), reason, before, self._states[-1],
                       taken_back=True, said=said)

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
            now = self._states[-1]
            if said is None and isinstance(why, Phrase):
                said = why
            return [Outcome(False, as_step(text), reason or "lost", now, now,
                            said=said if said is not None else phrase(
                                "online.taken_back", step=text, reason=why or reason))]
        if self._inflight.get(number) == rid:  # type: ignore[arg-type]
            said = said or phrase("online.taken_back", step=text, reason=why or reason)
            return [self._take_back(number, reason or "lost", said)]  # type: ignore[arg-type]
        return []  # a second copy of a step the table had taken already

    def _check(self, view: TableView, full: bool) -> list[Outcome]:
        """The replayed state at the server's number against the server's state."""
        number, st = view.number, view.state
        if st is None or number is None or number != self._confirmed \
                or number >= len(self._states):
            return []
        theirs = shown_public(st)
        if public_state(self._states[number]) == theirs:
            return []
        if not full:
            return self._ask_snapshot()
        return self._adopt(number, st)

    def _adopt(self, number: int, st: PublicState) -> list[Outcome]:
        """Take the server's state as it is (the replay of its log does not reach it):
        the steps are the server's, their states the replay's, and the last one the
        server's: a new picture of the table."""
        self.adopted += 1
        shown = self._states[-1]
        theirs = st.state(self._deal)
        theirs.names = tuple(self._start_names)
        for n in list(self._inflight):
            self._ignored.add(self._inflight.pop(n))
        del self._steps[number:]
        del self._states[number + 1:]
        self._states[-1] = theirs
        self._confirmed = number
        self._gate.say("the table %s at %s: its state taken as the server has it (the "
                       "replay of its log differs)", self.table, self.connection.url)
        return [self._new_picture(shown)]

    # ----- the record, once the game is over ----------------------------------------------
    def _take_record(self, text: str | None) -> None:
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
        return (last.over and bool(self._states) and self._states[-1].over
                and tuple(record.towns) == self._known and record.variant == self._variant
                and [shown_name(name) for name in record.names] == turn_order
                and record.step_texts() == self._steps)


__all__ = ["TableLog", "shown_public"]
