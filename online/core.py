"""The server's core: every rule of the online tables, without a socket or a clock.

``Core.handle(connection, request, now)`` judges one request and returns the messages
to send, each to a connection: the direct reply first, then what everyone else at
the table is told. ``closed`` says a connection went, ``tick`` lets time pass (clocks
run out, idle tables are unloaded, the server's sign of life is written) and
``computer_step`` hands back a computer player's step. Nothing here waits: each of
these is a piece of work (``Work``), a generator that yields every change it needs
written before it goes on; ``handle`` and the others drive it at once with the
core's store (the tests do, with a fake clock and a store in memory), while
``online.transport`` drives it on its event loop with the writes on a thread of their
own (``request``, ``went``, ``time``, ``computer`` and ``advance``). A computer
player's thinking is a ``Think`` job in ``jobs`` for whoever runs the core to do
elsewhere.

A connection is any hashable object with an ``address`` (text): the transport's, or
a test's. A table's status and a seat's kind are enums, and one table (``ALLOWED``)
says which request is allowed in which status.

Every change is written to the store first, in one transaction, and only then made
in memory: a write the store refuses changes nothing, and its request is answered
with one sentence (``server.store_failed``); the next request works once the store
does. Tables are loaded from the store when a request names them and unloaded
again when nobody has been at them for ``unload_after`` seconds; the server starts
with the tables not over.
"""

from __future__ import annotations

import contextlib
import logging
import random
import secrets
from collections import Counter
from collections.abc import Callable, Generator
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from . import engine
from . import protocol as p
from .engine import Refused as StepRefused
from .guesses import Guesses
from .seating import ALLOWED, OPEN, OVER, PLAYING, STAND_IN, Moved, Think, Written
from .standing import Standing
from .store import Change, Holder, LeaseLost, StepRow, StepTaken, Store, StoreFailed
from .tables import Bad, Kind, Table, secret_hash
from .words import MAX_CHAT, Said, clean_chat

log = logging.getLogger("online")

#: How often (seconds) the server writes its sign of life, so that a restart charges
#: the time it was down (give or take this) to nobody's clock.
ALIVE_EVERY = 2.0
#: How long (seconds) a table nobody is at stays in memory.
UNLOAD_AFTER = 600.0
#: Where several processes share the store: how long a table's lease lasts, and how
#: often each process renews its leases (seconds). A process that dies leaves its
#: tables to be taken over once their leases run out.
LEASE = 6.0
RENEW_EVERY = 2.0

Out = tuple[Any, Any]  # (connection, message)


def error(said: Said) -> p.Error:
    return p.Error(reason=str(said), said=p.Sentence(key=said.key, values=dict(said.values)))


@dataclass(eq=False)
class Work:
    """One request's (or event's) work: the table it must wait its turn at (``key``:
    one piece of work at a time per table; None: it waits for nothing), the generator
    that does it (``Written``), when it was asked for, and what it sends, once done
    (``out``)."""

    key: str | None
    gen: Written
    now: float
    out: list[Out] = field(default_factory=list)


class Core(Standing):
    """Every table of one server (see the module's docstring)."""

    def __init__(self, store: Store, now: float, *, where: str = "",
                 rng: random.Random | None = None, unload_after: float = UNLOAD_AFTER,
                 new_id: Callable[[int], str] = secrets.token_hex) -> None:
        super().__init__()
        self.store = store
        #: The address clients reach this process by (lobby entries say it; where
        #: several processes share the store, a table's lease names it).
        self.where = where
        self.node = secrets.token_hex(8)
        self.rng = rng or random.SystemRandom()
        self.unload_after = unload_after
        self.new_id = new_id
        self.guesses = Guesses()
        self.tables: dict[str, Table] = {}
        #: Computer players' turns to think, for whoever runs the core to take.
        self.jobs: list[Think] = []
        #: How many pieces of work each table has, under way or waiting (it stays loaded).
        self._busy: Counter[str] = Counter()
        self._alive_at = now
        self._renewed_at = now
        #: How long the server was down before this start (charged to nobody).
        self.downtime = store.wake(now)
        if not store.shared:  # (several processes: each table is claimed when asked for)
            for table_id in store.live():
                self._load(table_id, now)
        for t in self.tables.values():
            self._maybe_computer(t)

    # ----- the doors: each gives work, done at once here or driven by the transport -------
    def request(self, conn: Any, msg: Any, now: float) -> Work:
        """The work of answering ``msg`` from ``conn``: its reply first, then what the
        others are told."""
        key = self.key(msg, now)
        return self._work(key, self._answer(conn, msg, now, key), now)

    def went(self, conn: Any, now: float) -> list[Work]:
        """``conn`` went: at each table it was at, its seats were seen last now, and a
        seat no other connection holds is shown to the table as away."""
        return [self._work(table_id, self._gone(conn, table_id, now), now)
                for table_id in sorted(self._at.pop(conn, ()))]

    def time(self, now: float) -> list[Work]:
        """Time passes: a clock that runs out hands its seat to the table's computer;
        tables nobody is at are unloaded; the server's sign of life is written."""
        works, unloaded = [], []
        for t in list(self.tables.values()):
            st = t.state
            if t.status is PLAYING and st is not None and t.clock and not st.over:
                left = t.clock_left(st.active, now)
                if t.seats[st.active].kind is Kind.HUMAN and left is not None and left <= 0:
                    works.append(self._work(t.id, self._time_out(t, st.active, now), now))
            if self._due(t, now) and not self._busy[t.id]:
                works.append(self._work(t.id, self._deadline_passed(t, now), now))
            self._maybe_computer(t)  # (one whose step could not be written tries again)
            if (t.idle() and now - t.touched > self.unload_after and not self._waits(t)
                    and not self._busy[t.id]):
                del self.tables[t.id]
                unloaded.append(t.id)
        if now - self._alive_at >= ALIVE_EVERY:
            self._alive_at = now
            works.append(self._work(None, self._alive(now), now))
        if self.store.shared and unloaded:  # (another process may take them at once)
            works.append(self._work(None, self._write_only(Change(release=unloaded)), now))
        if self.store.shared and now - self._renewed_at >= RENEW_EVERY:
            self._renewed_at = now
            works.append(self._work(None, self._renew(now), now))
        return works

    def leave_all(self, now: float) -> Work:
        """The work of a process that stops: every lease it holds given up, so that
        others take its tables at once (and it serves them no more)."""
        change = Change(release=list(self.tables))
        if self.store.shared:
            self.tables.clear()
        return self._work(None, self._write_only(change), now)

    def computer(self, job: Think, text: str, now: float) -> Work:
        """A computer player's step, thought about on ``job``'s state."""
        return self._work(job.table, self._computer_step(job, text, now), now)

    def advance(self, work: Work, failure: StoreFailed | None = None,
                result: Any = None) -> Change | None:
        """Go on with ``work`` (``result``: what writing the last change it asked for
        gave; ``failure``: it could not be written) to the next change it asks to be
        written first; None when it is done and ``work.out`` holds what it sends."""
        self._out = work.out
        try:
            change = work.gen.send(result) if failure is None else work.gen.throw(failure)
            if self.store.shared:  # (who writes: its leases are checked with the write)
                change.holder = Holder(self.node, self.where, work.now, LEASE)
            return change
        except StopIteration:
            if work.key is not None:
                self._busy[work.key] -= 1
                if not self._busy[work.key]:
                    del self._busy[work.key]
            return None
        finally:
            self._out = []

    def key(self, msg: Any, now: float = 0.0) -> str | None:
        """The table a request must wait its turn at (a short invite code's, found by
        its secret; a quick game's, chosen now)."""
        if isinstance(msg, p.Quick):
            return self._quick_choice(msg, now)
        table = getattr(msg, "table", None)
        if table is None and isinstance(msg, p.Sit) and msg.invite:
            found = secret_hash(msg.invite)
            table = next((t.id for t in self.tables.values() if t.invite_hash == found
                          and t.status is not OVER), None) or self.store.find_invite(found)
        return table

    # ----- the same doors, done at once (the tests', and any caller without a transport) -----
    def handle(self, conn: Any, msg: Any, now: float) -> list[Out]:
        return self.run(self.request(conn, msg, now))

    def closed(self, conn: Any, now: float) -> list[Out]:
        return [out for work in self.went(conn, now) for out in self.run(work)]

    def tick(self, now: float) -> list[Out]:
        return [out for work in self.time(now) for out in self.run(work)]

    def computer_step(self, job: Think, text: str, now: float) -> list[Out]:
        return self.run(self.computer(job, text, now))

    def run(self, work: Work) -> list[Out]:
        """``work`` done now, each change written by this core's store as it asks."""
        failure: StoreFailed | None = None
        result: Any = None
        while (change := self.advance(work, failure, result)) is not None:
            try:
                result, failure = self.store.write(change), None
            except StoreFailed as exc:
                result, failure = None, exc
        return work.out

    # ----- the work itself -----------------------------------------------------------------
    def _work(self, key: str | None, gen: Written, now: float) -> Work:
        if key is not None:
            self._busy[key] += 1
        return Work(key, gen, now)

    def _answer(self, conn: Any, msg: Any, now: float, key: str | None = None) -> Written:
        try:
            if isinstance(msg, p.Quick):  # (at the table chosen when it was asked for)
                got = self._quick(conn, msg, now, key)
            else:
                got = getattr(self, self._handlers[type(msg)])(conn, msg, now)
            reply = (yield from got) if isinstance(got, Generator) else got
        except StepRefused as said:
            if not isinstance(msg, p.Step):
                reply = error(said)
            else:
                reply = p.Refused(table=msg.table, number=msg.number, step=msg.step,
                                  reason=str(said), said=error(said).said)
        except Said as said:
            reply = error(said)
        except Moved as moved:
            reply = p.Moved(table=moved.table, where=moved.where)
        except LeaseLost as lost:
            self._lost(lost.table, now)
            reply = p.Moved(table=lost.table, where=self.store.owner(lost.table, now) or "")
        except StoreFailed:
            log.warning("a write failed: %s refused", msg.TYPE)
            reply = error(Bad("server.store_failed"))
        if reply is not None:
            self._out.insert(0, (conn, replace(reply, id=msg.id)))

    def _gone(self, conn: Any, table_id: str, now: float) -> Written:
        t = self.tables.get(table_id)
        if t is None:
            return
        t.watchers.pop(conn, None)
        t.followers.pop(conn, None)
        held = sorted(seat for seat in t.holders.get(conn, ()) if seat in t.seats)
        if not held:
            return
        seen = Change()
        for seat in held:
            seen.seat(t.id, seat, replace(t.seats[seat].row(), last_seen=now))
        try:  # (not written, the time is kept in memory: it is no player's loss)
            yield seen
        except StoreFailed:
            log.warning("table %s: when seats were last seen was not written", t.id)
        for seat in held:
            t.seats[seat].last_seen = now
        t.touched = now
        if t.let_go(conn) and t.watchers:
            self._tell(t, now)

    def _time_out(self, t: Table, seat: int, now: float) -> Written:
        s, st = t.seats[seat], t.state
        if st is None or st.active != seat or s.kind is not Kind.HUMAN:
            return  # (played, or handed over, while it waited its turn)
        try:
            yield from self._to_computer(t, seat, STAND_IN, "time", now, clock=0.0)
        except LeaseLost:
            self._lost(t.id, now)
        except StoreFailed:
            log.warning("table %s: a clock ran out but was not written", t.id)

    def _deadline_passed(self, t: Table, now: float) -> Written:
        try:
            yield from self._deadline(t, now)
        except LeaseLost:
            self._lost(t.id, now)

    def _renew(self, now: float) -> Written:
        """Every lease of this process renewed; a table it no longer holds (it was too
        slow: another took it over) is let go, and its watchers told where it went."""
        try:
            held = yield Change(renew=True)
        except StoreFailed:
            log.warning("the leases were not renewed")
            return
        for table_id in [t for t in self.tables if t not in held]:
            self._lost(table_id, now)

    def _lost(self, table_id: str, now: float) -> None:
        t = self.tables.pop(table_id, None)
        if t is None:
            return
        where = self.store.owner(table_id, now) or ""
        log.info("table %s is served elsewhere now (%s)", table_id, where or "?")
        moved = p.Moved(table=table_id, where=where)
        self._out += [(conn, moved) for conn in t.watchers]

    def _write_only(self, change: Change) -> Written:
        with contextlib.suppress(StoreFailed):
            yield change

    def _alive(self, now: float) -> Written:
        with contextlib.suppress(StoreFailed):  # (not written: the next one tries)
            yield Change(alive=now)

    def _computer_step(self, job: Think, text: str, now: float) -> Written:
        t = self.tables.get(job.table)
        if t is None or t.thinking != job.number:
            return
        t.thinking = None
        if job.number != len(t.steps):  # the table moved on meanwhile: think again
            self._maybe_computer(t)
            return
        try:  # (a step not made is tried again at the next tick)
            yield from self._play(t, job.seat, job.number, text, now, by_computer=True)
        except LeaseLost:
            self._lost(t.id, now)
        except (StepRefused, StoreFailed) as exc:
            log.warning("table %s: the computer's step %s not made: %s", t.id, text, exc)

    # ----- around the play (the lobby's requests are ``Seating``'s) -----------------------------
    def _resume(self, conn: Any, msg: p.Resume, now: float) -> Written:
        t = yield from self._table(msg.table, now)
        seat = self._seat(t, msg, now, computer_too=True)
        s = t.seats[seat]
        news: dict[str, Any] = {}
        if s.kind is Kind.COMPUTER and t.status is PLAYING and (
                not t.clock or s.clock is None or s.clock > 0):
            # Handed over while its player was away: back to them, with the time they had.
            change = Change().seat(t.id, seat, replace(s.row(), kind="human", level=None))
            st, deadline = t.state, t.options.get("deadline")
            due = t.deadline_at
            if deadline and st is not None and st.active == seat:  # (a whole move's time)
                due = max(due or now, now + deadline)
                change.table(t.id, deadline_at=due)
            yield change
            s.kind, s.level, t.deadline_at = Kind.HUMAN, None, due
            t.players.pop(seat, None)
            news = {"handed": {"seat": seat, "why": "back"}}
            self._event(t, f"seat {seat} taken back from the computer")
        self._watch(conn, t, seat)
        self._event(t, f"seat {seat} back", logging.DEBUG)
        if s.kind is Kind.HUMAN and self._hold(conn, t, seat):  # the others see it back
            self._tell(t, now, skip=conn, **news)
        return self.view(t, seat, now, **news)

    def _chat(self, conn: Any, msg: p.Chat, now: float) -> Written:
        t = yield from self._table(msg.table, now)
        seat = self._seat(t, msg, now, computer_too=True)
        text = clean_chat(msg.text)
        if not 0 < len(text) <= MAX_CHAT:
            raise Bad("server.chat_length", {"limit": MAX_CHAT})
        line = p.ChatLine(table=t.id, seat=seat, name=t.seats[seat].name, text=text)
        self._out += [(w, line) for w in t.watchers if w is not conn]
        return line

    def _hand_over(self, conn: Any, msg: p.HandOver, now: float) -> Written:
        t = yield from self._table(msg.table, now)
        self._seat(t, msg, now)
        self._allowed(t, msg)
        s = t.seats.get(msg.target)
        if s is None or s.kind is not Kind.HUMAN:
            raise Bad("server.hand_over")
        if t.present(msg.target) or now - s.last_seen < t.away_limit:
            raise Bad("server.not_gone")
        yield from self._to_computer(t, msg.target, msg.level, "away", now)
        return p.Ok(table=t.id)

    # ----- play ----------------------------------------------------------------------------------
    def _step(self, conn: Any, msg: p.Step, now: float) -> Written:
        """A step: its answer is the sender's update (with the request's id), which says
        it was taken; everyone else is told with theirs."""
        t = yield from self._table(msg.table, now)
        seat = self._seat(t, msg, now)
        self._allowed(t, msg)
        return (yield from self._play(t, seat, msg.number, msg.step, now, answer=conn))

    def _play(self, t: Table, seat: int, number: int, text: str, now: float,
              by_computer: bool = False, answer: Any = None) -> Written:
        """Judge one step, write it, then make it and tell everyone (StepRefused, with
        nothing changed, when it may not be made). The update for ``answer`` (the
        connection that sent the step) is returned, as its reply."""
        st = t.state
        if t.status is not PLAYING or st is None or st.over:
            raise StepRefused("server.not_in_play")
        if number != len(t.steps):
            raise StepRefused("server.step_number", {"at": len(t.steps), "number": number})
        if seat != st.active:
            raise StepRefused("server.not_your_turn")
        if by_computer != (t.seats[seat].kind is Kind.COMPUTER):
            raise StepRefused("server.computer_plays")
        judged = engine.judge(st, text)
        after = judged.state
        s = t.seats[seat]
        change = Change(steps=[StepRow(t.id, number, judged.text, seat, now)])
        clock = s.clock
        passes = after.active != seat or after.over
        if t.clock and s.kind is Kind.HUMAN and clock is not None and t.turn_started:
            clock -= now - t.turn_started
            if passes:
                clock += t.clock["bonus"]
        # A seat with a player key counts whose steps they were (a seat the computer
        # played most of the game is not rated).
        counts: dict[str, int] = ({"computer_steps": s.computer_steps + 1} if by_computer
                                  else {"human_steps": s.human_steps + 1}) if s.player_hash else {}
        if clock != s.clock or counts:
            change.seat(t.id, seat, replace(
                s.row(), clock=clock, human_steps=counts.get("human_steps", s.human_steps),
                computer_steps=counts.get("computer_steps", s.computer_steps)))
        status = OVER if after.over else PLAYING
        due = t.deadline_at
        if t.options.get("deadline") and passes:
            due = None if after.over else now + t.options["deadline"]
            change.table(t.id, deadline_at=due)
        if after.over or t.clock:
            # Without a clock the turn's start matters to nobody: one row a step.
            change.table(t.id, status=status.value, turn_started=now)
        rated = self._rated(t, after, change, seat, counts) if after.over else []
        try:
            yield change
        except StepTaken:
            raise StepRefused("server.step_taken", {"number": number}) from None
        except LeaseLost:
            raise  # (the table is served elsewhere now: the sender is told where)
        except StoreFailed:
            raise StepRefused("server.store_failed") from None
        t.steps.append(judged.text)
        t.state, t.status, t.turn_started, s.clock = after, status, now, clock
        t.deadline_at = due
        s.human_steps = counts.get("human_steps", s.human_steps)
        s.computer_steps = counts.get("computer_steps", s.computer_steps)
        self._show_ratings(t, rated)
        t.touched = now
        self._event(t, f"step {number} by seat {seat}: {judged.text}", logging.DEBUG)
        if after.over:
            self._event(t, "over")
        reply = self._tell(t, now, p.Update, step=judged.text, by=seat,
                           answer=None if answer is None else (answer, seat))
        self._maybe_computer(t)
        return reply

    def _waits(self, t: Table) -> bool:
        """Whether the table must stay loaded though nobody is at it: it is open (the
        lobby lists it from memory), or a clock runs."""
        return t.status is OPEN or (t.status is PLAYING and bool(t.clock or t.deadline_at))

    #: The method that answers each request.
    _handlers: ClassVar[dict[type, str]] = {
        p.Create: "_create", p.List: "_list", p.Sit: "_sit", p.Computer: "_computer",
        p.Start: "_start", p.Watch: "_watch_table", p.Resume: "_resume", p.Chat: "_chat",
        p.Leave: "_leave", p.HandOver: "_hand_over", p.Rematch: "_rematch", p.Step: "_step",
        p.Quick: "_quick", p.Leaders: "_leaders", p.Follow: "_follow"}


__all__ = ["ALIVE_EVERY", "ALLOWED", "LEASE", "RENEW_EVERY", "STAND_IN", "UNLOAD_AFTER", "Core",
           "Out", "Think", "Work", "error"]
