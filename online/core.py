"""The server's core: every rule of the online tables, without a socket or a clock.

``Core.handle(connection, request, now)`` judges one request and returns the messages
to send, each to a connection: the direct reply first, then what everyone else at
the table is told. ``closed`` says a connection went, ``tick`` lets time pass (clocks
run out, idle tables are unloaded, the server's sign of life is written) and
``computer_step`` hands back a computer player's step. Nothing here waits: a computer
player's thinking is a ``Think`` job in ``jobs`` for whoever runs the core to do
elsewhere; ``online.transport`` runs the core on a thread of its own for the
WebSocket server, and the tests call it directly with a fake clock.

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

import hmac
import logging
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from . import engine
from . import protocol as p
from .accounts import SHORT_SECRET
from .engine import Refused as StepRefused
from .guesses import Guesses
from .store import Change, StepRow, StepTaken, Store, StoreFailed
from .tables import Bad, Kind, Seat, Status, Table, secret_hash, token_hash
from .view import seat_view
from .words import MAX_CHAT, Said, clean_chat

log = logging.getLogger("online")

#: How often (seconds) the server writes its sign of life, so that a restart charges
#: the time it was down (give or take this) to nobody's clock.
ALIVE_EVERY = 2.0
#: How long (seconds) a table nobody is at stays in memory.
UNLOAD_AFTER = 600.0
#: The level of the table's computer when it takes over a seat.
STAND_IN = "medium"

OPEN, PLAYING, OVER = Status.OPEN, Status.PLAYING, Status.OVER
#: Which request is allowed in which status of its table, and what the others are
#: told (requests not listed are allowed in every status).
ALLOWED: dict[type, tuple[frozenset[Status], str]] = {
    p.Sit: (frozenset({OPEN}), "server.started_resume"),
    p.Computer: (frozenset({OPEN}), "server.seats_before_start"),
    p.Start: (frozenset({OPEN}), "server.started"),
    p.Step: (frozenset({PLAYING}), "server.not_in_play"),
    p.HandOver: (frozenset({PLAYING}), "server.hand_over"),
    p.Rematch: (frozenset({OVER}), "server.rematch"),
}

Out = tuple[Any, Any]  # (connection, message)


@dataclass(frozen=True)
class Think:
    """A computer player's turn to think: its step comes back through
    ``Core.computer_step``."""

    table: str
    seat: int
    number: int
    player: object
    state: engine.State

    def run(self) -> str:
        return engine.think(self.player, self.state)


def error(said: Said) -> p.Error:
    return p.Error(reason=str(said), said=p.Sentence(key=said.key, values=dict(said.values)))


class Core:
    """Every table of one server (see the module's docstring)."""

    def __init__(self, store: Store, now: float, *, where: str = "",
                 rng: random.Random | None = None, unload_after: float = UNLOAD_AFTER,
                 new_id: Callable[[int], str] = secrets.token_hex) -> None:
        self.store = store
        self.where = where
        self.rng = rng or random.SystemRandom()
        self.unload_after = unload_after
        self.new_id = new_id
        self.guesses = Guesses()
        self.tables: dict[str, Table] = {}
        #: Computer players' turns to think, for whoever runs the core to take.
        self.jobs: list[Think] = []
        #: The tables each connection is known at (watching or holding a seat).
        self._at: dict[Any, set[str]] = {}
        self._out: list[Out] = []
        self._alive_at = now
        #: How long the server was down before this start (charged to nobody).
        self.downtime = store.wake(now)
        for table_id in store.live():
            self._load(table_id, now)
        for t in self.tables.values():
            self._maybe_computer(t)

    # ----- the four doors ------------------------------------------------------------------
    def handle(self, conn: Any, msg: Any, now: float) -> list[Out]:
        """The messages that answer ``msg`` from ``conn``: its reply first, then the
        others'."""
        self._out = []
        try:
            reply = self._handlers[type(msg)](self, conn, msg, now)
        except StepRefused as said:
            if not isinstance(msg, p.Step):
                reply = error(said)
            else:
                reply = p.Refused(table=msg.table, number=msg.number, step=msg.step,
                                  reason=str(said), said=error(said).said)
        except Said as said:
            reply = error(said)
        except StoreFailed:
            log.warning("a write failed: %s refused", msg.TYPE)
            reply = error(Bad("server.store_failed"))
        out, self._out = self._out, []
        if reply is None:
            return out
        return [(conn, replace(reply, id=msg.id)), *out]

    def closed(self, conn: Any, now: float) -> list[Out]:
        """``conn`` went: its seats were seen last now, and a seat no other connection
        holds is shown to the table as away."""
        self._out = []
        for table_id in self._at.pop(conn, ()):
            t = self.tables.get(table_id)
            if t is None:
                continue
            t.watchers.pop(conn, None)
            held = sorted(t.holders.get(conn, ()))
            if not held:
                continue
            seen = Change()
            for seat in held:
                if seat in t.seats:
                    seen.seat(t.id, seat, replace(t.seats[seat].row(), last_seen=now))
            try:  # (not written, the time is kept in memory: it is no player's loss)
                self.store.write(seen)
            except StoreFailed:
                log.warning("table %s: when seats were last seen was not written", t.id)
            for seat in held:
                if seat in t.seats:
                    t.seats[seat].last_seen = now
            t.touched = now
            if t.let_go(conn) and t.watchers:
                self._tell(t, now)
        out, self._out = self._out, []
        return out

    def tick(self, now: float) -> list[Out]:
        """Time passes: a clock that runs out hands its seat to the table's computer;
        tables nobody is at are unloaded; the server's sign of life is written."""
        self._out = []
        for t in list(self.tables.values()):
            st = t.state
            if t.status is PLAYING and st is not None and t.clock and not st.over:
                s = t.seats[st.active]
                left = t.clock_left(st.active, now)
                if s.kind is Kind.HUMAN and left is not None and left <= 0:
                    try:
                        self._to_computer(t, st.active, STAND_IN, "time", now, clock=0.0)
                    except StoreFailed:
                        log.warning("table %s: a clock ran out but was not written", t.id)
            if t.idle() and now - t.touched > self.unload_after and not self._waits(t):
                del self.tables[t.id]
        if now - self._alive_at >= ALIVE_EVERY:
            self.store.alive(now)
            self._alive_at = now
        out, self._out = self._out, []
        return out

    def computer_step(self, job: Think, text: str, now: float) -> list[Out]:
        """A computer player's step, thought about on ``job``'s state."""
        self._out = []
        t = self.tables.get(job.table)
        if t is not None and t.thinking == job.number:
            t.thinking = None
            try:
                self._play(t, job.seat, job.number, text, now, by_computer=True)
            except (StepRefused, StoreFailed) as exc:
                log.warning("table %s: the computer's step %s not made: %s", t.id, text, exc)
            self._maybe_computer(t)
        out, self._out = self._out, []
        return out

    # ----- tables and seats --------------------------------------------------------------------
    def _load(self, table_id: str, now: float) -> Table | None:
        loaded = self.store.load(table_id)
        if loaded is None:
            return None
        t = self.tables[table_id] = Table.of(loaded, now)
        return t

    def _table(self, table_id: str, now: float) -> Table:
        t = self.tables.get(table_id) or self._load(table_id, now)
        if t is None:
            raise Bad("server.no_table")
        t.touched = now
        return t

    def _allowed(self, t: Table, msg: Any) -> None:
        rule = ALLOWED.get(type(msg))
        if rule is not None and t.status not in rule[0]:
            raise (StepRefused if isinstance(msg, p.Step) else Bad)(rule[1])

    def _seat(self, t: Table, msg: Any, now: float, computer_too: bool = False) -> int:
        """The seat the message speaks for, after its token is checked. A seat the
        table's computer plays keeps its player's token (they may come back for it:
        see ``_resume``) but speaks for nothing else."""
        s = t.seats.get(msg.seat)
        if s is None or s.token_hash is None or not hmac.compare_digest(
                s.token_hash, token_hash(msg.token)):
            raise Bad("server.wrong_token")
        if s.kind is Kind.COMPUTER and not computer_too:
            raise Bad("server.computer_plays")
        s.last_seen = now
        return int(msg.seat)

    def _watch(self, conn: Any, t: Table, seat: int | None) -> None:
        seats = t.watchers.setdefault(conn, set())
        if seat is not None:
            seats.add(seat)
        self._at.setdefault(conn, set()).add(t.id)

    def _hold(self, conn: Any, t: Table, seat: int) -> bool:
        self._at.setdefault(conn, set()).add(t.id)
        return t.hold(conn, seat)

    def _check_invite(self, conn: Any, t: Table, invite: str | None, now: float) -> None:
        if not t.invite_hash:
            return
        self.guesses.allowed(conn.address, now)
        if not hmac.compare_digest(t.invite_hash, secret_hash(invite or "")):
            self.guesses.wrong(conn.address, now)
            raise Bad("server.private")

    def _by_invite(self, conn: Any, invite: str, now: float) -> Table:
        """The private table whose invite secret this is (a short code names no table:
        the secret finds it)."""
        self.guesses.allowed(conn.address, now)
        found = self.store.find_invite(secret_hash(invite))
        t = self._table(found, now) if found else None
        if t is None or t.invite_hash is None:
            self.guesses.wrong(conn.address, now)
            raise Bad("server.no_invite")
        return t

    # ----- what the table is told ------------------------------------------------------------
    def view(self, t: Table, seat: int | None, now: float, with_steps: bool = True,
             **extra: Any) -> p.View:
        """The snapshot of a table for one seat (None: a spectator), through
        ``seat_view`` alone."""
        return p.View(**self._common(t, now), **self._seat_part(t, seat, with_steps), **extra)

    def _common(self, t: Table, now: float) -> dict:
        common: dict = {"table": t.id, "status": t.status.value,
                        "options": t.public_options(), "seats": t.seats_now(now),
                        "clocks": t.clocks_left(now)}
        if t.state is not None:
            common["first"] = t.first
        return common

    def _seat_part(self, t: Table, seat: int | None, with_steps: bool) -> dict:
        if t.state is None:
            return {"seat": seat}
        return seat_view(t.state, seat, t.steps if with_steps else None, t.record(),
                         len(t.steps))

    def _tell(self, t: Table, now: float, cls: type = p.View, with_steps: bool = False,
              skip: Any = None, **extra: Any) -> None:
        """Every watcher of ``t`` (but ``skip``) is sent its view (``cls``: a view or an
        update, with ``extra``)."""
        common = self._common(t, now)
        for conn, seats in list(t.watchers.items()):
            if conn is skip:
                continue
            for seat in sorted(seats) or [None]:
                self._out.append((conn, cls(**common, **self._seat_part(t, seat, with_steps),
                                            **extra)))

    def _event(self, t: Table, what: str, level: int = logging.INFO) -> None:
        log.log(level, "table %s %s", t.id, what)

    # ----- the lobby -----------------------------------------------------------------------------
    def _create(self, conn: Any, msg: p.Create, now: float) -> p.Created:
        clock = None if msg.clock is None else {"budget": msg.clock.budget,
                                                "bonus": msg.clock.bonus}
        options = {"players": msg.players, "variant": msg.variant,
                   "first_game": msg.first_game, "private": msg.private, "clock": clock,
                   "away_limit": msg.away_limit}
        secret = secrets.token_hex(SHORT_SECRET) if msg.private else None
        t = self._new_table(options, secret, now)
        self.store.write(Change(tables=[t.row()]))
        self.tables[t.id] = t
        self._event(t, f"created for {msg.players} players")
        return p.Created(table=t.id, where=self.where, invite=secret)

    def _new_table(self, options: dict, secret: str | None, now: float) -> Table:
        seed = engine.new_seed()
        towns = engine.deal(options["players"], seed, options["first_game"])
        return Table(self.new_id(6), options, seed, towns, OPEN,
                     secret_hash(secret) if secret else None, now, touched=now)

    def _list(self, conn: Any, msg: p.List, now: float) -> p.Tables:
        return p.Tables(tables=[t.lobby_entry(self.where) for t in self.tables.values()
                                if t.status is OPEN and not t.options["private"]])

    def _sit(self, conn: Any, msg: p.Sit, now: float) -> p.Seated:
        if msg.table is None:
            if msg.invite is None:
                raise Bad("server.field_missing", {"name": repr("table")})
            t = self._by_invite(conn, msg.invite, now)
        else:
            t = self._table(msg.table, now)
            self._check_invite(conn, t, msg.invite, now)
        self._allowed(t, msg)
        seat = t.free_seat()
        if seat is None:
            raise Bad("server.full")
        problem = engine.name_problem(msg.name, [s.name for s in t.seats.values()])
        if problem:
            raise Bad(problem.key, problem.values, str(problem))
        token = secrets.token_urlsafe(24)
        taken = Seat(msg.name, Kind.HUMAN, token_hash=token_hash(token), last_seen=now)
        self.store.write(Change().seat(t.id, seat, taken.row()))
        t.seats[seat] = taken
        self._watch(conn, t, seat)
        self._hold(conn, t, seat)
        self._event(t, f"seat {seat} taken by {msg.name}")
        self._tell(t, now)
        return p.Seated(table=t.id, seat=seat, token=token)

    def _computer(self, conn: Any, msg: p.Computer, now: float) -> p.Ok:
        t = self._table(msg.table, now)
        self._seat(t, msg, now)
        self._allowed(t, msg)
        seat = t.free_seat()
        if seat is None:
            raise Bad("server.full")
        # The host's program names it in the host's language; a bare client gets a name.
        name = msg.name or f"{msg.level.title()} {seat + 1}"
        problem = engine.name_problem(name, [s.name for s in t.seats.values()])
        if problem:
            raise Bad(problem.key, problem.values, str(problem))
        added = Seat(name, Kind.COMPUTER, msg.level)
        self.store.write(Change().seat(t.id, seat, added.row()))
        t.seats[seat] = added
        self._event(t, f"seat {seat} given to the {msg.level} computer")
        self._tell(t, now)
        return p.Ok(table=t.id, seat=seat)

    def _start(self, conn: Any, msg: p.Start, now: float) -> p.Ok:
        t = self._table(msg.table, now)
        self._seat(t, msg, now)
        self._allowed(t, msg)
        if len(t.seats) < t.size:
            raise Bad("server.unfilled")
        self._begin(t, now, Change())
        return p.Ok(table=t.id)

    def _begin(self, t: Table, now: float, change: Change) -> None:
        """The game begins (its change written with ``change``): the starting seat is
        drawn, each clock set, everyone told."""
        first = engine.draw_first(t.size, self.rng)
        state = engine.start(t.names(), t.towns, t.options["variant"], first)
        clocks = {i: t.clock["budget"] if t.clock and s.kind is Kind.HUMAN else s.clock
                  for i, s in t.seats.items()}
        change.table(t.id, status=PLAYING.value, turn_started=now, first=first)
        for i, s in t.seats.items():
            if clocks[i] != s.clock:
                change.seat(t.id, i, replace(s.row(), clock=clocks[i]))
        self.store.write(change)
        t.state, t.status, t.turn_started, t.first = state, PLAYING, now, first
        for i, s in t.seats.items():
            s.clock = clocks[i]
        self._event(t, f"started, seat {first} first")
        self._tell(t, now, with_steps=True)
        self._maybe_computer(t)

    def _watch_table(self, conn: Any, msg: p.Watch, now: float) -> p.View:
        t = self._table(msg.table, now)
        self._check_invite(conn, t, msg.invite, now)
        self._watch(conn, t, None)
        return self.view(t, None, now)

    def _resume(self, conn: Any, msg: p.Resume, now: float) -> p.View:
        t = self._table(msg.table, now)
        seat = self._seat(t, msg, now, computer_too=True)
        s = t.seats[seat]
        news: dict = {}
        if s.kind is Kind.COMPUTER and t.status is PLAYING and (
                not t.clock or s.clock is None or s.clock > 0):
            # Handed over while its player was away: back to them, with the time they had.
            self.store.write(Change().seat(t.id, seat, replace(s.row(), kind="human",
                                                                level=None)))
            s.kind, s.level = Kind.HUMAN, None
            t.players.pop(seat, None)
            news = {"handed": {"seat": seat, "why": "back"}}
            self._event(t, f"seat {seat} taken back from the computer")
        self._watch(conn, t, seat)
        self._event(t, f"seat {seat} back", logging.DEBUG)
        if s.kind is Kind.HUMAN and self._hold(conn, t, seat):  # the others see it back
            self._tell(t, now, skip=conn, **news)
        return self.view(t, seat, now, **news)

    def _chat(self, conn: Any, msg: p.Chat, now: float) -> p.ChatLine:
        t = self._table(msg.table, now)
        seat = self._seat(t, msg, now, computer_too=True)
        text = clean_chat(msg.text)
        if not 0 < len(text) <= MAX_CHAT:
            raise Bad("server.chat_length", {"limit": MAX_CHAT})
        line = p.ChatLine(table=t.id, seat=seat, name=t.seats[seat].name, text=text)
        self._out += [(w, line) for w in t.watchers if w is not conn]
        return line

    def _leave(self, conn: Any, msg: p.Leave, now: float) -> p.Ok:
        t = self._table(msg.table, now)
        seat = self._seat(t, msg, now, computer_too=True)
        s = t.seats[seat]
        handed = t.status is PLAYING and s.kind is Kind.HUMAN
        if t.status is OPEN:
            self.store.write(Change().seat(t.id, seat, None))
            del t.seats[seat]
        elif handed:
            # The seat stays in the game; its token ends (a seat left is not taken back)
            # and the table's computer plays it from now on (which tells the others).
            self._to_computer(t, seat, STAND_IN, "left", now, skip=conn, token_hash=None,
                              last_seen=0.0)
        else:
            gone = replace(s.row(), token_hash=None, last_seen=0.0)
            self.store.write(Change().seat(t.id, seat, gone))
            s.token_hash, s.last_seen = None, 0.0
        watching = t.watchers.get(conn)
        if watching is not None:
            watching.discard(seat)
            if not watching:
                del t.watchers[conn]
        t.let_go(conn, seat)
        self._event(t, f"seat {seat} left")
        if not handed:
            self._tell(t, now, skip=conn)
        return p.Ok(table=t.id)

    def _hand_over(self, conn: Any, msg: p.HandOver, now: float) -> p.Ok:
        t = self._table(msg.table, now)
        self._seat(t, msg, now)
        self._allowed(t, msg)
        s = t.seats.get(msg.target)
        if s is None or s.kind is not Kind.HUMAN:
            raise Bad("server.hand_over")
        if t.present(msg.target) or now - s.last_seen < t.away_limit:
            raise Bad("server.not_gone")
        self._to_computer(t, msg.target, msg.level, "away", now)
        return p.Ok(table=t.id)

    def _to_computer(self, t: Table, seat: int, level: str, why: str, now: float,
                     skip: Any = None, **row: Any) -> None:
        """The table's computer plays ``seat`` from now on; everyone is told ``why``
        ("away", "time" or "left") with the view that shows it. ``row``: the seat's
        other fields that change with it (its clock, its token)."""
        s = t.seats[seat]
        # The token stays unless ``row`` ends it: a player handed over for being away
        # takes the seat back by resuming it; one out of time only watches.
        after = replace(s.row(), kind=Kind.COMPUTER.value, level=level, **row)
        self.store.write(Change().seat(t.id, seat, after))
        t.seats[seat] = Seat.of(after)
        for held in t.holders.values():
            held.discard(seat)
        for watching in t.watchers.values():
            watching.discard(seat)  # (one watching nothing else watches as a spectator)
        self._event(t, f"seat {seat} handed to the {level} computer ({why})")
        self._tell(t, now, skip=skip, handed={"seat": seat, "why": why})
        self._maybe_computer(t)

    def _rematch(self, conn: Any, msg: p.Rematch, now: float) -> p.RematchMade:
        t = self._table(msg.table, now)
        self._seat(t, msg, now, computer_too=True)
        self._allowed(t, msg)
        if "rematch" not in t.options:
            options = t.public_options()
            new = self._new_table(options, None, now)
            new.invite_hash = t.invite_hash  # the same friends, the same invite
            for i, s in t.seats.items():
                # a seat handed to the computer goes back to its player for the new game
                person = s.token_hash is not None
                new.seats[i] = Seat(s.name, Kind.HUMAN if person else s.kind,
                                    None if person else s.level, s.token_hash, None,
                                    s.last_seen)
            change = Change(tables=[new.row()])
            change.table(t.id, options={**t.options, "rematch": new.id})
            for i, s in new.seats.items():
                change.seat(new.id, i, s.row())
            self.tables[new.id] = new
            try:
                self._begin(new, now, change)
            except BaseException:
                del self.tables[new.id]
                raise
            t.options["rematch"] = new.id
            self._event(t, f"rematch at {new.id}")
            made = p.RematchMade(table=t.id, new_table=new.id)
            self._out += [(w, made) for w in t.watchers if w is not conn]
        return p.RematchMade(table=t.id, new_table=t.options["rematch"])

    # ----- play ----------------------------------------------------------------------------------
    def _step(self, conn: Any, msg: p.Step, now: float) -> p.Accepted | None:
        t = self._table(msg.table, now)
        seat = self._seat(t, msg, now)
        self._allowed(t, msg)
        text = self._play(t, seat, msg.number, msg.step, now)
        return p.Accepted(table=t.id, number=msg.number, step=text)

    def _play(self, t: Table, seat: int, number: int, text: str, now: float,
              by_computer: bool = False) -> str:
        """Judge one step, write it, then make it and tell everyone (StepRefused, with
        nothing changed, when it may not be made)."""
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
        if t.clock and s.kind is Kind.HUMAN and clock is not None and t.turn_started:
            clock -= now - t.turn_started
            if after.active != seat or after.over:
                clock += t.clock["bonus"]
            change.seat(t.id, seat, replace(s.row(), clock=clock))
        status = OVER if after.over else PLAYING
        if after.over or t.clock:
            # Without a clock the turn's start matters to nobody: one row a step.
            change.table(t.id, status=status.value, turn_started=now)
        try:
            self.store.write(change)
        except StepTaken:
            raise StepRefused("server.step_taken", {"number": number}) from None
        except StoreFailed:
            raise StepRefused("server.store_failed") from None
        t.steps.append(judged.text)
        t.state, t.status, t.turn_started, s.clock = after, status, now, clock
        t.touched = now
        self._event(t, f"step {number} by seat {seat}: {judged.text}", logging.DEBUG)
        if after.over:
            self._event(t, "over")
        self._tell(t, now, p.Update, step=judged.text, by=seat)
        self._maybe_computer(t)
        return judged.text

    def _maybe_computer(self, t: Table) -> None:
        st = t.state
        if t.status is not PLAYING or st is None or st.over or t.thinking is not None:
            return
        s = t.seats[st.active]
        if s.kind is not Kind.COMPUTER:
            return
        player = t.players.get(st.active)
        if player is None:
            player = t.players[st.active] = engine.computer(s.level or STAND_IN,
                                                            f"{t.seed}:{st.active}")
        t.thinking = len(t.steps)
        self.jobs.append(Think(t.id, st.active, len(t.steps), player, st))

    def _waits(self, t: Table) -> bool:
        """Whether the table must stay loaded though nobody is at it: a clock runs."""
        return t.status is PLAYING and bool(t.clock)

    _handlers: ClassVar[dict[type, Callable[..., Any]]] = {
        p.Create: _create, p.List: _list, p.Sit: _sit, p.Computer: _computer,
        p.Start: _start, p.Watch: _watch_table, p.Resume: _resume, p.Chat: _chat,
        p.Leave: _leave, p.HandOver: _hand_over, p.Rematch: _rematch, p.Step: _step}


__all__ = ["ALIVE_EVERY", "ALLOWED", "STAND_IN", "UNLOAD_AFTER", "Core", "Out", "Think", "error"]
