"""What every computer player shares: one small interface and the plan-playing loop.

A player is asked ``choose(st)`` whenever it is the seat to move and answers one
``Step``. The first thing ``PlanningPlayer.choose`` does is to take the seat's view
of the state (``view.seat_view``: the face-down towns replaced by placeholders), and
only the view goes further, so no level can read a face-down card. It plays a plan
for the whole turn, made by its subclass on its own determinization of the view
(``view.determinize``), step by step, and
plans again whenever the position is not the one the plan expected (after a
discovery, which shows a card it could not know, or if someone else changed the
state). It never changes the state it is given. Each player has its own
``random.Random``, seeded at construction, and uses nothing else that is random.
It also keeps games from running forever: a player that has passed twice in a row
brings the end nearer instead (employ, or discover).
"""

from __future__ import annotations

import random
import time
from typing import Any, Protocol

from ..listing import ship_moves
from ..rules import apply, is_legal
from ..state import ACTION_POINTS, AFTER_MOVE, State
from ..steps import IllegalStep, Step
from .view import determinize, seat_view

__all__ = ["MAX_STEPS_PER_TURN", "STALL_ROUNDS", "PlanningPlayer", "Player", "plan_key"]

MAX_STEPS_PER_TURN = 60
STALL_ROUNDS = 40


class Player(Protocol):
    """What the client and the tournament need from a computer player."""

    level: str

    def choose(self, st: State) -> Step:
        """The next step for ``st.active`` (the seat this player plays)."""
        ...


def plan_key(st: State) -> tuple[Any, ...]:
    """Everything a plan depends on except the cards (compared between steps)."""
    return (st.active, st.ap, st.phase, st.flags, st.revealed, st.turn, st.map_pending,
            st.last_seat, tuple(st.goods), tuple(st.buildings), tuple(st.ships),
            tuple(st.stock), tuple(st.lisboa), tuple(st.wealth), tuple(st.vp),
            tuple(st.speed), tuple(st.tech_owner), st.board.towns[: st.revealed])


class PlanningPlayer:
    """Plays a plan for the whole turn; subclasses decide how the plan is made."""

    level = "base"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)
        self._plan: list[Step] = []
        self._expect: tuple[Any, ...] | None = None
        self._turn_key: tuple[int, int] | None = None
        self._turn_steps = 0
        self._idle = 0
        self._view: State | None = None
        self.last_think = 0.0

    def make_plan(self, st: State, view: State) -> list[Step]:
        """A plan for the rest of the turn: ``st`` is the seat's view (face-down towns
        are placeholders), ``view`` a determinization of it drawn for this plan."""
        raise NotImplementedError

    def choose(self, st: State) -> Step:
        if st.over:
            raise ValueError("the game is over")
        st = seat_view(st)  # from here on, nothing of the deal but the face-up towns
        turn = (st.turn, st.active)
        if turn != self._turn_key:
            self._turn_key, self._turn_steps = turn, 0
        self._turn_steps += 1
        if self._turn_steps > MAX_STEPS_PER_TURN:  # a safety net; plans always end
            return Step("done") if st.phase == AFTER_MOVE else Step("end")
        start = time.perf_counter()
        if not self._plan or plan_key(st) != self._expect:
            view = determinize(st, self.rng)
            plan = self._progress(st) if self._stalling(st) else None
            self._plan = plan or self.make_plan(st, view) or [Step("end")]
            self._view = view
        step = self._plan.pop(0)
        if step.kind == "end":
            self._idle = self._idle + 1 if st.ap == ACTION_POINTS else 0
        # what the plan expects next, computed on the player's own view
        discovering = step.kind == "move" and any(d > st.revealed for _, _, d in step.args)
        if discovering or not self._plan:
            self._plan, self._expect = [], None
        else:
            try:
                assert self._view is not None
                self._view = apply(self._view, step)
                self._expect = plan_key(self._view)
            except IllegalStep:  # the plan went wrong: plan again next time
                self._plan, self._expect = [], None
        self.last_think = time.perf_counter() - start
        return step

    def _stalling(self, st: State) -> bool:
        """True when the game risks going on forever: this player has passed twice in a
        row (every computer at the table may be waiting for the others), or the game
        is far longer than any real game."""
        return st.phase != AFTER_MOVE and st.ap > 0 and (
            self._idle >= 2 or st.turn > STALL_ROUNDS * st.n)

    @staticmethod
    def _progress(st: State) -> list[Step] | None:
        """An action that brings the end nearer: employ (stocks run out), else a
        discovery (India comes nearer), else a sale (money to employ with), else a ship
        sailing further out than any is (towards the next discovery). The rest of the
        turn is planned afterwards. (Without the last two, a table of players with no
        money and no ship near the face-down towns could pass forever.)"""
        employ = Step("employ")
        if is_legal(st, employ):
            return [employ]
        moves = ship_moves(st)
        for move in moves:
            if move[2] > st.revealed:
                return [Step("move", (move,))]
        seat = st.active
        goods = tuple(space for space in st.land(seat) if space[0] == "g")
        if goods:
            return [Step("sell", goods)]
        furthest = max((pos for pos in range(1, st.revealed + 1) if st.ships_at(seat, pos)),
                       default=0)
        out = [move for move in moves if move[2] > furthest]
        if out:
            return [Step("move", (max(out, key=lambda move: move[2]),))]
        return None
