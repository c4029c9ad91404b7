"""The server's tables and seats: each table found (loaded from the store when a
request names it), each seat's token checked, every watcher told (through
``online.view``); and the requests around a game: tables made and listed, seats taken
(by a person, by invite, by the table's computer), the start and its draw of the first
seat, spectators, a seat left or handed to the computer, a rematch. ``Seating`` is
the part of ``online.core.Core`` that holds them (the core's own part judges play and
lets time pass), a class of its own to keep each file to one concept.
"""

from __future__ import annotations

import hmac
import logging
import secrets
from collections.abc import Callable, Generator
from dataclasses import dataclass, replace
from typing import Any

from . import engine
from . import protocol as p
from .accounts import SHORT_SECRET
from .engine import Refused as StepRefused
from .guesses import Guesses
from .rows import FRESH
from .store import Change, RatingRow, Store, StoreFailed
from .tables import Bad, Kind, Seat, Status, Table, secret_hash, token_hash
from .view import seat_part, table_view

log = logging.getLogger("online")

#: The level of the table's computer when it takes over a seat.
STAND_IN = "medium"
OPEN, PLAYING, OVER = Status.OPEN, Status.PLAYING, Status.OVER
#: A request's or an event's work, written as a generator: it yields each change to be
#: written before it goes on (a write that fails is thrown in, as ``StoreFailed``, where
#: it yielded) and returns its result. The core drives it at once with its store
#: (``Core.handle``); the transport drives it with its writes on another thread.
Written = Generator[Change, Any, Any]
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


#: Why a seat changes hands that counts as a game left (beside a player's rating): left,
#: handed over for being away, or for missing a turn-a-day table's deadline.
ABANDONED = frozenset({"left", "away", "deadline"})


def standing_of(row: RatingRow | None) -> dict[str, Any]:
    """A player's rating as the lobby, the waiting room and the leaderboard show it:
    OpenSkill's conservative estimate (mu - 3 sigma, 0 for a new player), the games
    rated, and the games left before their end."""
    mu, sigma = (row.mu, row.sigma) if row else FRESH
    return {"rating": round(mu - 3 * sigma, 1), "games": row.games if row else 0,
            "left": row.left if row else 0}


class Moved(Exception):
    """The table is served by another process (several share the store): its address
    (empty when it is not known: ask where you came in)."""

    def __init__(self, table: str, where: str | None) -> None:
        super().__init__(f"table {table} is at {where}")
        self.table = table
        self.where = where or ""


class Seating:
    """Tables and seats: each table found (loaded when asked for), each seat's token
    checked, everyone told; and the requests that seat players and make tables."""

    store: Store
    where: str
    node: str
    rng: Any
    new_id: Callable[[int], str]
    guesses: Guesses
    tables: dict[str, Table]
    jobs: list[Think]

    def __init__(self) -> None:
        #: The tables each connection is known at (watching or holding a seat).
        self._at: dict[Any, set[str]] = {}
        #: What to send, to whom, as the request at hand is answered.
        self._out: list[tuple[Any, Any]] = []

    # ----- tables and seats ---------------------------------------------------------------
    def _load(self, table_id: str, now: float) -> Table | None:
        loaded = self.store.load(table_id)
        if loaded is None:
            return None
        t = self.tables[table_id] = Table.of(loaded, now)
        self._standings(t)
        return t

    def _standings(self, t: Table) -> None:
        """Each seat's player's rating at this table's player count, as the lobby and the
        waiting room show it beside the name (a seat without a player key has none)."""
        hashes = sorted({s.player_hash for s in t.seats.values() if s.player_hash})
        if not hashes:
            return
        try:
            found = self.store.ratings(hashes, t.size)
        except StoreFailed:
            return  # (shown without: the next look tries again)
        for s in t.seats.values():
            if s.player_hash:
                s.standing = standing_of(found.get(s.player_hash))

    def _table(self, table_id: str, now: float) -> Generator[Change, Any, Table]:
        """The table ``table_id``: in memory, else read from the store. Where several
        processes share the store, its lease is claimed first (Moved when another
        process holds it)."""
        t = self.tables.get(table_id)
        if t is None:
            if self.store.shared:
                owner = yield Change(claim=table_id)
                if owner is None:
                    raise Bad("server.no_table")
                if owner.node != self.node:
                    raise Moved(table_id, owner.url)
                if owner.down:
                    log.info("table %s taken over, nobody had it for %.1f s", table_id,
                             owner.down)
            # (another request may have loaded it while the claim was written)
            t = self.tables.get(table_id) or self._load(table_id, now)
            if t is None:
                raise Bad("server.no_table")
            self._maybe_computer(t)
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

    # ----- what the table is told -----------------------------------------------------------

    def view(self, t: Table, seat: int | None, now: float, with_steps: bool = True,
             **extra: Any) -> p.View:
        """The snapshot of a table for one seat (None: a spectator), built by
        ``online.view`` alone."""
        part = {"seat": seat} if t.state is None else seat_part(t.state, seat)
        return p.View(**self._shared(t, now, with_steps), **part, **extra)

    def _shared(self, t: Table, now: float, with_steps: bool) -> dict[str, Any]:
        """What every watcher of ``t`` is told (one set of objects, encoded once)."""
        shared: dict[str, Any] = {"table": t.id, "status": t.status.value,
                        "options": t.public_options(), "seats": t.seats_now(now),
                        "clocks": t.clocks_left(now)}
        if t.state is not None:
            shared["first"] = t.first
            if t.options.get("deadline"):
                shared["deadline"] = (None if t.deadline_at is None or t.state.over
                                      else round(max(0.0, t.deadline_at - now), 1))
                shared["vacation"] = [t.seats[i].vacation_left for i in range(t.size)]
            shared.update(table_view(t.state, t.steps if with_steps else None, t.record(),
                                     len(t.steps)))
        return shared

    def _tell(self, t: Table, now: float, cls: type = p.View, with_steps: bool = False,
              skip: Any = None, answer: tuple[Any, int] | None = None, **extra: Any) -> Any:
        """Every watcher of ``t`` (but ``skip``) is sent its view (``cls``: a view or an
        update, with ``extra``): what all may see is built once, each seat's own part
        added (the legal steps listed once). The message for ``answer`` (a connection
        and a seat) is returned instead, to be that connection's direct reply."""
        shared = self._shared(t, now, with_steps)
        st = t.state
        seen = {seat for seats in t.watchers.values() for seat in seats}
        listed = engine.legal(st) if st is not None and st.active in (
            seen | ({answer[1]} if answer else set())) else None

        def message(seat: int | None) -> Any:
            part = {"seat": seat} if st is None else seat_part(st, seat, listed)
            return cls(**shared, **part, **extra)

        for conn, seats in list(t.watchers.items()):
            if conn is skip:
                continue
            told: list[int | None] = [*sorted(seats)] or [None]  # (none: a spectator)
            self._out += [(conn, message(seat)) for seat in told
                          if answer is None or (conn, seat) != answer]
        if t.followers:
            turn = p.Turn(table=t.id, status=t.status.value, number=len(t.steps),
                          active=None if st is None or st.over else st.active,
                          deadline=shared.get("deadline"))
            self._out += [(conn, turn) for conn in t.followers if conn not in t.watchers]
        return None if answer is None else message(answer[1])

    def _event(self, t: Table, what: str, level: int = logging.INFO) -> None:
        log.log(level, "table %s %s", t.id, what)

    # ----- the lobby ----------------------------------------------------------------------------
    def _create(self, conn: Any, msg: p.Create, now: float) -> Written:
        clock = None if msg.clock is None else {"budget": msg.clock.budget,
                                                "bonus": msg.clock.bonus}
        options = {"players": msg.players, "variant": msg.variant,
                   "first_game": msg.first_game, "private": msg.private, "clock": clock,
                   "away_limit": msg.away_limit}
        if msg.deadline is not None:  # (a turn-a-day table)
            options.update(deadline=msg.deadline, vacation=msg.vacation)
        secret = secrets.token_hex(SHORT_SECRET) if msg.private else None
        t = self._new_table(options, secret, now)
        yield Change(tables=[t.row()])
        self.tables[t.id] = t
        self._event(t, f"created for {msg.players} players")
        return p.Created(table=t.id, where=self.where, invite=secret)

    def _new_table(self, options: dict[str, Any], secret: str | None, now: float) -> Table:
        seed = engine.new_seed()
        towns = engine.deal(options["players"], seed, options["first_game"])
        return Table(self.new_id(6), options, seed, towns, OPEN,
                     secret_hash(secret) if secret else None, now, touched=now)

    def _list(self, conn: Any, msg: p.List, now: float) -> p.Tables:
        """The public tables waiting for players (``open``), or being played (to watch:
        those this process serves, with a clock or a deadline, or someone at them)."""
        wanted = Status(msg.status)
        if not self.store.shared or wanted is not OPEN:
            return p.Tables(tables=[t.lobby_entry(self.where) for t in self.tables.values()
                                    if t.status is wanted and not t.options["private"]])
        # Every process's open tables, each where it is served (a table nobody holds
        # now is served by whoever is asked first: this one, say).
        listed = []
        for loaded, url in self.store.open_tables(now):
            if not loaded.row.options.get("private"):
                t = self.tables.get(loaded.row.id) or Table.of(loaded, now)
                if t.id not in self.tables:
                    self._standings(t)
                listed.append(t.lobby_entry(url or self.where))
        return p.Tables(tables=listed)

    def _check_invite(self, conn: Any, t: Table, invite: str | None, now: float) -> None:
        if not t.invite_hash:
            return
        self.guesses.allowed(conn.address, now)
        if not hmac.compare_digest(t.invite_hash, secret_hash(invite or "")):
            self.guesses.wrong(conn.address, now)
            raise Bad("server.private")

    def _by_invite(self, conn: Any, invite: str, now: float) -> Generator[Change, Any, Table]:
        """The private table whose invite secret this is (a short code names no table:
        the secret finds it)."""
        self.guesses.allowed(conn.address, now)
        found = self.store.find_invite(secret_hash(invite))
        t = (yield from self._table(found, now)) if found else None
        if t is None or t.invite_hash is None:
            self.guesses.wrong(conn.address, now)
            raise Bad("server.no_invite")
        return t

    def _sit(self, conn: Any, msg: p.Sit, now: float) -> Written:
        if msg.table is None:
            if msg.invite is None:
                raise Bad("server.field_missing", {"name": repr("table")})
            t = yield from self._by_invite(conn, msg.invite, now)
        else:
            t = yield from self._table(msg.table, now)
            self._check_invite(conn, t, msg.invite, now)
        self._allowed(t, msg)
        return (yield from self._take(conn, t, msg.name, msg.player, now))

    def _take(self, conn: Any, t: Table, name: str, player: str | None, now: float) -> Written:
        """A person sits at ``t`` (``player``: their player key for this server, kept as
        its hash). A quick game's table starts itself once its seats are full."""
        seat = t.free_seat()
        if seat is None:
            raise Bad("server.full")
        problem = engine.name_problem(name, [s.name for s in t.seats.values()])
        if problem:
            raise Bad(problem.key, problem.values, str(problem))
        token = secrets.token_urlsafe(24)
        taken = Seat(name, Kind.HUMAN, token_hash=token_hash(token), last_seen=now,
                     player_hash=secret_hash(player) if player else None)
        yield Change().seat(t.id, seat, taken.row())
        t.seats[seat] = taken
        self._standings(t)
        self._watch(conn, t, seat)
        self._hold(conn, t, seat)
        self._event(t, f"seat {seat} taken by {name}")
        if not (yield from self._starts_itself(t, now)):
            self._tell(t, now)
        return p.Seated(table=t.id, seat=seat, token=token)

    def _starts_itself(self, t: Table, now: float) -> Generator[Change, Any, bool]:
        """A quick game's table begins as soon as its seats are full (nobody hosts it)."""
        if not t.options.get("quick") or len(t.seats) < t.size:
            return False
        yield from self._begin(t, now, Change())
        return True

    def _computer(self, conn: Any, msg: p.Computer, now: float) -> Written:
        t = yield from self._table(msg.table, now)
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
        yield Change().seat(t.id, seat, added.row())
        t.seats[seat] = added
        self._event(t, f"seat {seat} given to the {msg.level} computer")
        if not (yield from self._starts_itself(t, now)):
            self._tell(t, now)
        return p.Ok(table=t.id, seat=seat)

    def _start(self, conn: Any, msg: p.Start, now: float) -> Written:
        t = yield from self._table(msg.table, now)
        self._seat(t, msg, now)
        self._allowed(t, msg)
        if len(t.seats) < t.size:
            raise Bad("server.unfilled")
        yield from self._begin(t, now, Change())
        return p.Ok(table=t.id)

    def _begin(self, t: Table, now: float, change: Change) -> Written:
        """The game begins (its change written with ``change``): the starting seat is
        drawn, each clock set, everyone told."""
        first = engine.draw_first(t.size, self.rng)
        state = engine.start(t.names(), t.towns, t.options["variant"], first)
        clocks = {i: t.clock["budget"] if t.clock and s.kind is Kind.HUMAN else s.clock
                  for i, s in t.seats.items()}
        deadline = t.options.get("deadline")
        days = int(t.options.get("vacation", 0)) if deadline else 0
        due = now + deadline if deadline else None
        change.table(t.id, status=PLAYING.value, turn_started=now, first=first, deadline_at=due)
        for i, s in t.seats.items():
            if clocks[i] != s.clock or days != s.vacation_left:
                change.seat(t.id, i, replace(s.row(), clock=clocks[i], vacation_left=days))
        yield change
        t.state, t.status, t.turn_started, t.first = state, PLAYING, now, first
        t.deadline_at = due
        for i, s in t.seats.items():
            s.clock, s.vacation_left = clocks[i], days
        self._event(t, f"started, seat {first} first")
        self._tell(t, now, with_steps=True)
        self._maybe_computer(t)

    def _watch_table(self, conn: Any, msg: p.Watch, now: float) -> Written:
        t = yield from self._table(msg.table, now)
        self._check_invite(conn, t, msg.invite, now)
        self._watch(conn, t, None)
        return self.view(t, None, now)

    def _leave(self, conn: Any, msg: p.Leave, now: float) -> Written:
        t = yield from self._table(msg.table, now)
        seat = self._seat(t, msg, now, computer_too=True)
        s = t.seats[seat]
        handed = t.status is PLAYING and s.kind is Kind.HUMAN
        if t.status is OPEN:
            yield Change().seat(t.id, seat, None)
            del t.seats[seat]
        elif handed:
            # The seat stays in the game; its token ends (a seat left is not taken back)
            # and the table's computer plays it from now on (which tells the others).
            yield from self._to_computer(t, seat, STAND_IN, "left", now, skip=conn,
                                         token_hash=None, last_seen=0.0)
        else:
            yield Change().seat(t.id, seat, replace(s.row(), token_hash=None, last_seen=0.0))
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

    def _rematch(self, conn: Any, msg: p.Rematch, now: float) -> Written:
        t = yield from self._table(msg.table, now)
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
                                    s.last_seen, s.player_hash)
            change = Change(tables=[new.row()])
            change.table(t.id, options={**t.options, "rematch": new.id})
            for i, s in new.seats.items():
                change.seat(new.id, i, s.row())
            self.tables[new.id] = new
            try:
                yield from self._begin(new, now, change)
            except BaseException:
                del self.tables[new.id]
                raise
            t.options["rematch"] = new.id
            self._event(t, f"rematch at {new.id}")
            made = p.RematchMade(table=t.id, new_table=new.id)
            self._out += [(w, made) for w in t.watchers if w is not conn]
        return p.RematchMade(table=t.id, new_table=t.options["rematch"])

    # ----- a seat changing hands ------------------------------------------------------------
    def _to_computer(self, t: Table, seat: int, level: str, why: str, now: float,
                     skip: Any = None, **row: Any) -> Written:
        """The table's computer plays ``seat`` from now on; everyone is told ``why``
        ("away", "time" or "left") with the view that shows it. ``row``: the seat's
        other fields that change with it (its clock, its token)."""
        s = t.seats[seat]
        # The token stays unless ``row`` ends it: a player handed over for being away
        # takes the seat back by resuming it; one out of time only watches.
        after = replace(s.row(), kind=Kind.COMPUTER.value, level=level, **row)
        change = Change().seat(t.id, seat, after)
        if why in ABANDONED and s.player_hash and t.status is PLAYING:
            change.left.append((s.player_hash, t.size, s.name))
        yield change
        if why in ABANDONED and s.standing is not None:
            s.standing = {**s.standing, "left": s.standing["left"] + 1}
        t.seats[seat] = replace(Seat.of(after), standing=s.standing)
        for held in t.holders.values():
            held.discard(seat)
        for watching in t.watchers.values():
            watching.discard(seat)  # (one watching nothing else watches as a spectator)
        self._event(t, f"seat {seat} handed to the {level} computer ({why})")
        self._tell(t, now, skip=skip, handed={"seat": seat, "why": why})
        self._maybe_computer(t)

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


__all__ = ["ABANDONED", "ALLOWED", "OPEN", "OVER", "PLAYING", "STAND_IN", "Moved", "Seating",
           "Think", "Written", "standing_of"]
