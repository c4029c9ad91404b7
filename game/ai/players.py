"""The computer players: one class per level behind one small interface.

A player is asked ``choose(st)`` whenever it is the seat to move and answers one
``Step``. It plans a whole turn at a time (``planner.TurnPlanner``) on its own
determinization of the state (``view.determinize``), plays the plan step by step,
and plans again whenever the position is not the one the plan expected (after a
discovery, which shows a card it could not know, or if someone else changed the
state). It never changes the state it is given. Each player has its own
``random.Random``, seeded at construction, and uses nothing else that is random.
"""

from __future__ import annotations

import random
import time
from typing import Protocol

from ..rules import apply, is_legal, ship_moves
from ..state import ACTION_POINTS, AFTER_MOVE, State
from ..steps import IllegalStep, Step
from .evaluate import EASY_WEIGHTS, MEDIUM_WEIGHTS, evaluate
from .planner import PlannerConfig, TurnPlanner
from .view import determinize

__all__ = ["LEVELS", "EasyPlayer", "HardPlayer", "MediumPlayer", "Player", "hint",
           "make_player"]

MAX_STEPS_PER_TURN = 60
STALL_ROUNDS = 40
HARD_PLAYOUTS = 18     # rollouts per hard decision (see HardPlayer)
SAFETY_SECONDS = 5.0   # the hard player's wall-clock safety net, never reached normally


class Player(Protocol):
    """What the client and the tournament need from a computer player."""

    level: str

    def choose(self, st: State) -> Step:
        """The next step for ``st.active`` (the seat this player plays)."""
        ...


def _key(st: State) -> tuple:
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
        self._expect: tuple | None = None
        self._turn_key: tuple[int, int] | None = None
        self._turn_steps = 0
        self._idle = 0
        self._view: State | None = None
        self.last_think = 0.0

    def make_plan(self, st: State, view: State) -> list[Step]:
        raise NotImplementedError

    def choose(self, st: State) -> Step:
        if st.over:
            raise ValueError("the game is over")
        turn = (st.turn, st.active)
        if turn != self._turn_key:
            self._turn_key, self._turn_steps = turn, 0
        self._turn_steps += 1
        if self._turn_steps > MAX_STEPS_PER_TURN:  # a safety net; plans always end
            return Step("done") if st.phase == AFTER_MOVE else Step("end")
        start = time.perf_counter()
        if not self._plan or _key(st) != self._expect:
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
                self._expect = _key(self._view)
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
        discovery (India comes nearer). The rest of the turn is planned afterwards."""
        employ = Step("employ")
        if is_legal(st, employ):
            return [employ]
        for move in ship_moves(st):
            if move[2] > st.revealed:
                return [Step("move", (move,))]
        return None


class EasyPlayer(PlanningPlayer):
    """A plain greedy player: one action at a time, a crude idea of value (no sets of
    goods, no sense of time), and now and then a second-best choice."""

    level = "easy"
    CONFIG = PlannerConfig(weights=EASY_WEIGHTS, beam=1, voyages=2, combo_tries=3,
                           techs=True, free_actions=False)

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.planner = TurnPlanner(self.CONFIG)

    def make_plan(self, st: State, view: State) -> list[Step]:
        plans = self.planner.ranked_plans(view, 3)
        if len(plans) > 1 and self.rng.random() < 0.3:
            return self.rng.choice(plans[1:])[1]
        return plans[0][1]


class MediumPlayer(PlanningPlayer):
    """The heuristic player: a beam search over its turn with the full evaluation."""

    level = "medium"
    CONFIG = PlannerConfig(weights=MEDIUM_WEIGHTS, beam=4, voyages=3, combo_tries=8)

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.planner = TurnPlanner(self.CONFIG)

    def make_plan(self, st: State, view: State) -> list[Step]:
        return self.planner.plan(view)


ROLLOUT_CONFIG = PlannerConfig(weights=MEDIUM_WEIGHTS, beam=4, voyages=3, combo_tries=8)


class HardPlayer(PlanningPlayer):
    """Medium's best few turn plans, each tried against the other players' replies on
    several determinizations of the unseen towns; the plan with the best average
    position at the end of its own next turn is played.

    Thinking is bounded by a budget, not by the clock: a decision makes at most
    ``playouts`` rollouts, spent in rounds. The first round tries every candidate plan
    on the player's own view; each later round draws a fresh determinization and
    tries again only the plans whose last rollout met a face-down town (the others'
    values cannot depend on the cards). It stops when the budget is spent or no plan
    is left in doubt. So the same seed and state give the same step after the same
    number of rollouts on any machine. ``max_seconds`` is only a safety net, far above
    what a decision takes; ``capped_decisions`` counts the decisions it cut short
    (only those depend on the machine's speed).
    """

    level = "hard"

    def __init__(self, seed: int | str | None = None, candidates: int = 6,
                 playouts: int = HARD_PLAYOUTS, max_seconds: float = SAFETY_SECONDS,
                 horizon: int = 1) -> None:
        super().__init__(seed)
        if playouts < 1:
            raise ValueError("playouts must be at least 1")
        self.planner = TurnPlanner(PlannerConfig(weights=MEDIUM_WEIGHTS, beam=5, voyages=3,
                                                 combo_tries=8))
        self.rollout = TurnPlanner(ROLLOUT_CONFIG)
        self.candidates = candidates
        self.playouts = playouts
        self.max_seconds = max_seconds
        self.horizon = horizon
        self.rollouts = 0          # rollouts made over this player's life
        self.last_rollouts = 0     # rollouts made for the latest plan
        self.capped_decisions = 0  # decisions cut short by the safety net

    def _play_turn(self, s: State) -> State:
        for step in self.rollout.plan(s):
            s = apply(s, step)
            if s.over:
                break
        return s

    def _rollout(self, view: State, plan: list[Step], seat: int) -> tuple[float, bool]:
        """The position after ``plan`` and the replies until this seat's next turn is
        played; also whether any town was discovered on the way (a card used)."""
        s = view
        revealed = s.revealed
        for step in plan:
            s = apply(s, step)
        for turn in range(self.horizon):
            while not s.over and s.active != seat:
                s = self._play_turn(s)
            if s.over:
                break
            if turn < self.horizon - 1:
                s = self._play_turn(s)
            else:  # our own next turn, evaluated before its end
                for step in self.rollout.plan(s)[:-1]:
                    s = apply(s, step)
        self.rollouts += 1
        self.last_rollouts += 1
        return evaluate(s, seat, MEDIUM_WEIGHTS), s.revealed != revealed

    def make_plan(self, st: State, view: State) -> list[Step]:
        self.last_rollouts = 0
        plans = self.planner.ranked_plans(view, self.candidates)
        if len(plans) == 1 or (view.phase == AFTER_MOVE and view.ap == 0):
            return plans[0][1]
        deadline = time.perf_counter() + self.max_seconds
        seat = st.active
        plans = plans[: self.playouts]
        totals = [0.0] * len(plans)
        counts = [0] * len(plans)
        budget = self.playouts
        in_doubt = list(range(len(plans)))
        v = view
        capped = False
        while in_doubt and budget:
            still: list[int] = []
            for i in in_doubt:
                if not budget:
                    break
                value, used_cards = self._rollout(v, plans[i][1], seat)
                budget -= 1
                totals[i] += value
                counts[i] += 1
                if used_cards:
                    still.append(i)
                if time.perf_counter() > deadline:
                    capped = True
                    break
            if capped:
                self.capped_decisions += 1
                break
            in_doubt = still
            if in_doubt and budget:
                v = determinize(st, self.rng)
        best_v, best_plan = float("-inf"), plans[0][1]
        for (_, plan), total, count in zip(plans, totals, counts, strict=True):
            if count and total / count > best_v + 1e-9:
                best_v, best_plan = total / count, plan
        return best_plan


LEVELS: dict[str, type[PlanningPlayer]] = {
    "easy": EasyPlayer, "medium": MediumPlayer, "hard": HardPlayer,
}


def make_player(level: str, seed: int | str | None = None) -> PlanningPlayer:
    """A fresh player of this level ("easy", "medium" or "hard") with its own RNG."""
    try:
        cls = LEVELS[level.lower()]
    except KeyError:
        raise ValueError(f"unknown level {level!r}: choose easy, medium or hard") from None
    return cls(seed)


def hint(st: State, seed: int | str | None = 0) -> Step:
    """The step the medium player would take now (for the hint button)."""
    return MediumPlayer(seed).choose(st)
