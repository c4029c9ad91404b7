"""Finding a game and keeping up with it: a quick game, a player known across tables
and rated, tables followed from afar, and turn-a-day deadlines.

Why a module of its own: these are the requests and events of a standing server's
regulars (many games at once, over days, with strangers), on top of ``Seating``'s
tables and seats; the core's own part judges play and lets time pass, and calls in
here when a game ends (``_rated``) and when a deadline passes (``_deadline``).

A player is known by a player key. The client sends each server its own secret for
it (derived from the key and the server's address, so one server cannot pose as the
player on another); the server keeps only that secret's hash, beside each seat and
in its ratings. Ratings are OpenSkill's Plackett-Luce model, one per player count,
of finished games among people: a seat is rated when its person made at least half
of its steps (a seat the computer played most of the game is not), and only at a
table where at least two such seats remain, each of a different player.
"""

from __future__ import annotations

import logging
from collections.abc import Generator
from dataclasses import replace
from typing import Any

from openskill.models import PlackettLuce

from . import engine
from . import protocol as p
from .rows import FRESH
from .seating import OPEN, PLAYING, STAND_IN, Moved, Seating, Written, standing_of
from .store import Change, LeaseLost, RatingRow, StoreFailed
from .tables import Bad, Kind, Table, secret_hash, token_hash
from .words import Said

log = logging.getLogger("online")

#: A vacation day: how far one moves a turn-a-day table's deadline.
DAY = 86_400.0
_MODEL = PlackettLuce()


def ratings_work() -> bool:
    """Whether the rating model loads and rates (the self-test asks: in the standalone
    executable it is a compiled library that must have been bundled whole)."""
    teams = _MODEL.rate([[_MODEL.rating()], [_MODEL.rating()], [_MODEL.rating()]],
                        ranks=[1, 2, 3])
    return teams[0][0].mu > FRESH[0] > teams[2][0].mu


class Standing(Seating):
    """Quick games, ratings, followers and deadlines (see the module's docstring)."""

    # ----- a quick game ----------------------------------------------------------------------
    def _quick_choice(self, msg: p.Quick, now: float) -> str | None:
        """The public table a quick game sits at: the one that will start soonest (the
        most seats taken, then the oldest), None for a new one. It is chosen when the
        request comes, as the table its work waits its turn at (so that no other
        request takes the same seat meanwhile). Where several processes share the store,
        a table another process holds is left to it."""
        found = [t for t in self.tables.values() if self._joins(t, msg)]
        if self.store.shared:
            try:
                others = self.store.open_tables(now)
            except StoreFailed:
                others = []
            found += [Table.of(loaded, now) for loaded, url in others
                      if loaded.row.id not in self.tables and (not url or url == self.where)]
        found = [t for t in found if self._joins(t, msg)]
        found.sort(key=lambda t: (-len(t.seats), t.created, t.id))
        return found[0].id if found else None

    def _quick(self, conn: Any, msg: p.Quick, now: float, chosen: str | None) -> Written:
        """A seat at the table chosen for ``msg`` or, when there is none (or it filled
        up, or another has the name, while this waited), at a new quick table, which
        starts itself once full."""
        if chosen is not None:
            try:
                t = yield from self._table(chosen, now)
                if self._joins(t, msg):
                    return (yield from self._take(conn, t, msg.name, msg.player, now))
            except (Moved, Bad):
                pass  # (taken over by another process, or gone: a new table)
        options = {"players": msg.players, "variant": msg.variant, "first_game": False,
                   "private": False, "clock": None, "away_limit": p.DEFAULT_AWAY,
                   "quick": True}
        t = self._new_table(options, None, now)
        yield Change(tables=[t.row()])
        self.tables[t.id] = t
        self._event(t, f"opened for a quick game of {msg.players}")
        return (yield from self._take(conn, t, msg.name, msg.player, now))

    @staticmethod
    def _joins(t: Table, msg: p.Quick) -> bool:
        """Whether a quick game of ``msg``'s may sit at ``t``: open, public, a free seat,
        the same players and variant, not a turn-a-day table, the name free."""
        o = t.options
        return (t.status is OPEN and t.free_seat() is not None
                and o["players"] == msg.players and o["variant"] == msg.variant
                and not o["private"] and not o.get("deadline") and t.invite_hash is None
                and engine.name_problem(msg.name, [s.name for s in t.seats.values()]) is None)

    # ----- the leaderboard -------------------------------------------------------------------
    def _leaders(self, conn: Any, msg: p.Leaders, now: float) -> p.Board:
        try:
            rows = self.store.leaders(msg.players, msg.limit)
            you = (self.store.ratings([secret_hash(msg.player)], msg.players)
                   .get(secret_hash(msg.player)) if msg.player else None)
        except StoreFailed:
            raise Bad("server.store_failed") from None
        return p.Board(players=msg.players,
                       rows=[{"name": r.name, **standing_of(r)} for r in rows],
                       you=None if msg.player is None else standing_of(you))

    # ----- tables followed from afar ---------------------------------------------------------
    def _follow(self, conn: Any, msg: p.Follow, now: float) -> Generator[Change, Any, p.Turns]:
        """``conn`` follows these seats' tables from now on (instead of those it named
        before): the answer says where each stands; each table that moves on sends it
        a ``turn``."""
        for table_id in self._at.get(conn, set()):
            t = self.tables.get(table_id)
            if t is not None:
                t.followers.pop(conn, None)
        entries = []
        for held in msg.seats:
            entry: dict[str, Any] = {"table": held.table, "seat": held.seat}
            try:
                t = yield from self._table(held.table, now)
            except Moved as moved:
                entries.append({**entry, "where": moved.where})
                continue
            except Said as said:
                entries.append({**entry, "refused": said.key})
                continue
            s = t.seats.get(held.seat)
            if s is None or s.token_hash is None or s.token_hash != token_hash(held.token):
                entries.append({**entry, "refused": "server.wrong_token"})
                continue
            t.followers.setdefault(conn, set()).add(held.seat)
            self._at.setdefault(conn, set()).add(t.id)
            st = t.state
            entry.update(status=t.status.value, number=len(t.steps),
                         active=None if st is None or st.over else st.active)
            if t.options.get("deadline") and t.deadline_at is not None and st and not st.over:
                entry["deadline"] = round(max(0.0, t.deadline_at - now), 1)
            entries.append(entry)
        return p.Turns(tables=entries)

    # ----- ratings ---------------------------------------------------------------------------
    def _rated(self, t: Table, after: engine.State, change: Change, last: int,
               counts: dict[str, int]) -> list[RatingRow]:
        """The new ratings of a game just over (written with its last step's
        ``change``; ``counts``: the step counts of the seat ``last`` that made it): see
        the module's docstring for who is rated."""
        def played(i: int) -> bool:
            s = t.seats[i]
            human = counts.get("human_steps", s.human_steps) if i == last else s.human_steps
            computer = (counts.get("computer_steps", s.computer_steps) if i == last
                        else s.computer_steps)
            return bool(s.player_hash) and human > 0 and human >= computer

        seats = [i for i in sorted(t.seats) if played(i)]
        hashes = [t.seats[i].player_hash for i in seats]
        seats = [i for i in seats if hashes.count(t.seats[i].player_hash) == 1]
        if len(seats) < 2:
            return []
        try:
            known = self.store.ratings([t.seats[i].player_hash or "" for i in seats], t.size)
        except StoreFailed:
            log.warning("table %s: the ratings could not be read: the game is not rated", t.id)
            return []
        places = engine.places(after)
        before = [known.get(t.seats[i].player_hash or "") for i in seats]
        teams = [[_MODEL.rating(*((r.mu, r.sigma) if r else FRESH))] for r in before]
        rated = _MODEL.rate(teams, ranks=[places[i] for i in seats])
        rows = []
        for i, old, team in zip(seats, before, rated, strict=True):
            s = t.seats[i]
            rows.append(RatingRow(s.player_hash or "", t.size, team[0].mu, team[0].sigma,
                                  (old.games if old else 0) + 1, old.left if old else 0,
                                  s.name))
        change.ratings.extend(rows)
        return rows

    def _show_ratings(self, t: Table, rows: list[RatingRow]) -> None:
        by_hash = {r.player_hash: r for r in rows}
        for s in t.seats.values():
            if s.player_hash in by_hash:
                s.standing = standing_of(by_hash[s.player_hash])
        if rows:
            self._event(t, f"rated ({len(rows)} players)")

    # ----- turn-a-day deadlines --------------------------------------------------------------
    def _due(self, t: Table, now: float) -> bool:
        """Whether the player to move at ``t`` has let its deadline pass."""
        st = t.state
        return (t.status is PLAYING and st is not None and not st.over
                and t.deadline_at is not None and now >= t.deadline_at
                and t.seats[st.active].kind is Kind.HUMAN)

    def _deadline(self, t: Table, now: float) -> Written:
        """A deadline passed: the player takes a vacation day if one is left (the deadline
        moves a day on), else the table's computer plays the seat (its player may take
        it back, as one handed over for being away)."""
        if not self._due(t, now) or t.state is None:
            return  # (moved, or handled, while this waited its turn)
        seat = t.state.active
        s = t.seats[seat]
        try:
            if s.vacation_left > 0:
                due = (t.deadline_at or now) + DAY
                yield Change(fields={t.id: {"deadline_at": due}}).seat(
                    t.id, seat, replace(s.row(), vacation_left=s.vacation_left - 1))
                s.vacation_left -= 1
                t.deadline_at = due
                self._event(t, f"seat {seat} takes a vacation day ({s.vacation_left} left)")
                self._tell(t, now, rested={"seat": seat, "left": s.vacation_left})
            else:
                yield from self._to_computer(t, seat, STAND_IN, "deadline", now)
        except LeaseLost:
            raise  # (the table is served elsewhere now: the core lets it go)
        except StoreFailed:
            log.warning("table %s: a deadline passed but was not written", t.id)


__all__ = ["DAY", "Standing", "ratings_work"]
