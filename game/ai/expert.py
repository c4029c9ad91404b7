"""``expert-tree``: information-set Monte Carlo tree search over whole turns, with
the fitted evaluation (``value``) as its planner's guide, its prior and its cut-off.

It is not offered in the program: over 200 four-player games against three hard
players it won 44 %, where the search of ``expert1`` (which the program's expert
plays) won 60 to 63.5 % (docs/ai.md). It is kept to be measured and made stronger
(``python -m game tournament --seats expert-tree,...``).

Why this shape. A turn in Sail to India is several steps that only make sense
together, so the moves of the tree are whole-turn *plans* (``planner``): at each node
the player to move has its best few plans (by a planner that values positions with
the fitted evaluation), more for the expert itself at the root. The face-down towns
are hidden information: every iteration deals them anew from the expert's own
generator (a *determinization* of its seat's view, ``view.determinize``) and plays
down the one tree of the expert's information set, so a plan's statistics are
gathered over many deals (Cowling, Powley and Whitehouse's single-observer ISMCTS).
The other players' choices are hidden too: at their nodes each picks among its own
best plans by its own chance of winning (every node keeps every player's value), so a
plan is judged against the replies that hurt it most where they are also good for
the one who makes them, not against one guess.

An iteration selects a plan at each node (PUCT: the mean chance of winning of the
player to move there, plus an exploration bonus weighted by the planner's opinion of
the plan), plays it on the iteration's deal (after a discovery the rest of that turn
is planned again on what was found, as a player would), and goes on for one round
of turns, or until the end of the game when it is near (the final round started, few
towns face down, or a second stock nearly empty). Each new node met is expanded at
once (its plans made on that deal). The position reached is valued by the fitted
evaluation: every player's chance of winning from there (a finished game: its
result). The chances are added up along the path.

Thinking is bounded by an iteration count, so the same seed and position give the
same step on any machine; the clock (``max_seconds``) is only a safety net, and every
decision it cut short is counted (``capped_decisions``). The most visited plan at the
root is played; its second action is searched again once the first is played.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..rules import apply
from ..state import ACTION_POINTS, ACTIONS, AFTER_MOVE, State
from ..steps import IllegalStep, Step
from .base import PlanningPlayer
from .evaluate import MEDIUM_WEIGHTS, info_of, player_value, remaining_turns
from .expert1 import end_near, play_plan, starts_end
from .planner import PlannerConfig, TurnPlanner
from .value import ValueModel, load_model, next_seat
from .view import determinize

__all__ = ["ExpertConfig", "TreeExpertPlayer", "ValuePlanner"]

EXPERT_ITERATIONS = 100
EXPERT_SAFETY_SECONDS = 2.5
TIEBREAK = 1e-4  # a leaf's value per point of lead (bounded): a tiebreak between chances


@dataclass(frozen=True, slots=True)
class ExpertConfig:
    """The expert's knobs (the tournament measures them; tests shrink the budget)."""

    iterations: int = EXPERT_ITERATIONS
    work: int = 10 * EXPERT_ITERATIONS  # turns planned (nodes expanded, turns finished)
    max_seconds: float = EXPERT_SAFETY_SECONDS
    root_plans: int = 10        # the expert's plans with different first steps at the root
    reply_plans: int = 3        # each other player's plans at its nodes
    own_plans: int = 3          # the expert's plans at its own later nodes
    rounds: int = 1             # rounds of turns an iteration plays ...
    end_rounds: int = 2         # ... and when the end is near
    own_next: bool = True       # ... then the expert's own next turn too (not its end)
    explore: float = 0.6        # PUCT's exploration weight
    prior_points: float = 1.0   # the planner values' spread in the prior (points)
    sample_replies: bool = True  # the others' plans drawn by the prior, not searched
    beam: int = 6               # the root planner's beam ...
    voyages: int = 4            # ... composed voyages per position ...
    combo_tries: int = 10       # ... and single moves tried in composing one
    others: float = 1.0         # the planners' weight of the best opponent's value
    fitted_planner: bool = False  # the planners value positions with the fitted evaluation
    fitted_leaf: bool = False   # leaves valued by the fitted chances (else the hand softmax)
    fitted_turns: bool = False  # the hand evaluation with the fitted turns left
    temperature: float = 2.0    # the hand softmax's temperature (points)


def _draw(weights: list[float], luck: Callable[[], float]) -> int:
    """An index drawn with these probabilities (they add up to 1)."""
    x = luck()
    for i, w in enumerate(weights):
        x -= w
        if x < 0.0:
            return i
    return len(weights) - 1


def _softmax(values: list[float], temperature: float) -> list[float]:
    top = max(values)
    e = [math.exp((v - top) / temperature) for v in values]
    total = sum(e)
    return [x / total for x in e]


class ValuePlanner(TurnPlanner):
    """The turn planner with the fitted evaluation: a position is worth the player's
    predicted final score less ``others`` times the best opponent's."""

    def __init__(self, config: PlannerConfig, model: ValueModel, others: float = 1.0) -> None:
        super().__init__(config)
        self.model = model
        self.others = others
        #: By the end, the towns, the stocks and the technologies' owners: the best other
        #: player's predicted score (``value``).
        self._others: dict[tuple[Any, ...], float] = {}

    def _begin(self, seat: int) -> None:
        super()._begin(seat)
        self._others = {}

    def value(self, st: State) -> float:
        self.evals += 1
        seat = self._seat
        info = info_of(st)
        to_move = next_seat(st)
        model = self.model
        mine = model.final(st, seat, to_move, info)
        if self.others <= 0.0:
            return mine
        key = (st.last_seat, st.over, st.revealed, tuple(st.stock), tuple(st.tech_owner))
        best = self._others.get(key)
        if best is None:
            best = max(model.final(st, s, to_move, info) for s in range(st.n) if s != seat)
            self._others[key] = best
        return mine - self.others * best


class HorizonPlanner(TurnPlanner):
    """The turn planner with the hand-weighted evaluation (``evaluate.player_value``)
    but the fitted turns left (``ValueModel.turns_left``) in place of its own estimate."""

    def __init__(self, config: PlannerConfig, model: ValueModel) -> None:
        super().__init__(config)
        self.model = model

    def turns_left(self, st: State, seat: int) -> float:
        return self.model.turns_left(st, seat, next_seat(st))


class Node:
    """One decision of the tree: the start (or the rest) of a player's turn."""

    __slots__ = ("children", "kept", "n", "plans", "prior", "seat", "totals", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.kept: list[int] = []  # the root's plans sequential halving kept
        self.plans: list[list[Step]] | None = None
        self.prior: list[float] = []
        self.visits: list[int] = []
        self.totals: list[list[float]] = []
        self.children: list[Node | None] = []
        self.n = 0

    def expand(self, plans: list[tuple[float, list[Step]]], players: int,
               spread: float) -> None:
        self.plans = [plan for _, plan in plans]
        top = max(v for v, _ in plans)
        weights = [math.exp((v - top) / spread) for v, _ in plans]
        total = sum(weights)
        self.prior = [w / total for w in weights]
        self.visits = [0] * len(plans)
        self.totals = [[0.0] * players for _ in plans]
        self.children = [None] * len(plans)

    def select(self, explore: float) -> int:
        """PUCT for the player to move here, on its mean chances scaled to the spread
        seen at this node (chances differ by little; unscaled, the prior would decide)."""
        seat = self.seat
        means = [t[seat] / v for t, v in zip(self.totals, self.visits, strict=True) if v]
        if means:
            low, high = min(means), max(means)
            spread = high - low
            first = (sum(means) / len(means) - low) / spread if spread > 0 else 0.5
        else:
            low, spread, first = 0.0, 0.0, 0.5
        root = math.sqrt(self.n + 1)
        best, best_i = -1e9, 0
        for i, (p, v, t) in enumerate(zip(self.prior, self.visits, self.totals, strict=True)):
            if not v:
                q = first
            elif spread > 0:
                q = (t[seat] / v - low) / spread
            else:
                q = 0.5
            score = q + explore * p * root / (1 + v)
            if score > best:
                best, best_i = score, i
        return best_i


class TreeExpertPlayer(PlanningPlayer):
    """Information-set MCTS over whole-turn plans; see the module's docstring."""

    level = "expert-tree"

    def __init__(self, seed: int | str | None = None, config: ExpertConfig | None = None,
                 **knobs: Any) -> None:
        super().__init__(seed)
        config = config or ExpertConfig()
        if knobs:
            config = replace(config, **knobs)
        if config.iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.config = config
        self.model = load_model()
        base = PlannerConfig(beam=4, voyages=3, combo_tries=8)
        wide = replace(base, beam=config.beam, voyages=config.voyages,
                       combo_tries=config.combo_tries)
        self.planner: TurnPlanner
        self.calm: TurnPlanner
        self.policy: TurnPlanner
        if config.fitted_turns:
            self.planner = HorizonPlanner(wide, self.model)
            self.calm = HorizonPlanner(replace(wide, calm=True), self.model)
            self.policy = HorizonPlanner(base, self.model)
        elif config.fitted_planner:
            self.planner = ValuePlanner(wide, self.model, config.others)
            self.calm = ValuePlanner(replace(wide, calm=True), self.model, config.others)
            self.policy = ValuePlanner(base, self.model, config.others)
        else:
            self.planner = TurnPlanner(wide)
            self.calm = TurnPlanner(replace(wide, calm=True))
            self.policy = TurnPlanner(base)
        self.iterations = 0        # iterations made over this player's life
        self.last_iterations = 0   # iterations made for the latest plan
        self.capped_decisions = 0  # decisions cut short by the safety net
        self._searched_at: tuple[int, int, int] | None = None
        self._work = 0

    def choose(self, st: State) -> Step:
        """As every planning player, but the second action of a turn is searched again:
        the plan's second action was only a guess, the search may prefer another."""
        if (st.phase == ACTIONS and 0 < st.ap < ACTION_POINTS and not st.over
                and (st.turn, st.active, st.ap) != self._searched_at):
            self._plan = []
        return super().choose(st)

    # ----- the root's plans ----------------------------------------------------------
    def candidates(self, view: State) -> list[tuple[float, list[Step]]]:
        """The planner's best plans with different first steps, and the best calm plan
        when one of them would start the end."""
        plans = self.planner.ranked_plans(view, self.config.root_plans)
        if view.last_seat < 0 and any(starts_end(view, play_plan(view, p)) for _, p in plans):
            calm = self.calm.ranked_plans(view, 1)[0]
            if all(calm[1] != p for _, p in plans) and not starts_end(
                    view, play_plan(view, calm[1])):
                plans.append(calm)
        return plans

    # ----- one iteration -------------------------------------------------------------
    def _play(self, s: State, plan: list[Step]) -> State:
        """A node's plan played on this iteration's deal: after a discovery (a card this
        deal may have dealt differently from the deal the plan was made on) the rest of
        the turn is planned again; a step this deal refuses ends the plan there."""
        for step in plan:
            discovering = step.kind == "move" and any(d > s.revealed for _, _, d in step.args)
            try:
                s = apply(s, step)
            except IllegalStep:
                return self._finish(s)
            if s.over:
                return s
            if discovering:
                return self._finish(s)
        return s

    def _finish(self, s: State) -> State:
        """The rest of the active player's turn by the policy planner."""
        self._work += 1
        for step in self.policy.plan(s):
            s = apply(s, step)
            if s.over:
                break
        return s

    def _expand(self, node: Node, s: State, seat: int) -> None:
        config = self.config
        self._work += 1
        k = config.own_plans if node.seat == seat else config.reply_plans
        node.expand(self.policy.ranked_plans(s, k), s.n, config.prior_points)

    def _descend(self, root: Node, first: int, world: State, luck: random.Random,
                 seat: int) -> None:
        """One iteration: the root's plan ``first`` played on ``world``, then down the
        tree (each node's plan chosen by its player) for the round, valued, and the
        values added up along the path. ``luck`` draws the others' plans when they are
        drawn (``sample_replies``): each root plan meets the same luck on a world."""
        config = self.config
        rounds = config.end_rounds if end_near(world) else config.rounds
        limit = rounds * world.n
        s = self._play(world, root.plans[first])  # type: ignore[index]
        path: list[tuple[Node, int]] = [(root, first)]
        node = root.children[first]
        if node is None and not s.over:
            node = root.children[first] = Node(s.active)
        turns = 1
        while node is not None and not s.over and turns < limit:
            if node.plans is None:
                self._expand(node, s, seat)
            if config.sample_replies and node.seat != seat:
                i = _draw(node.prior, luck.random)
            else:
                i = node.select(config.explore)
            assert node.plans is not None
            s = self._play(s, node.plans[i])
            path.append((node, i))
            child = node.children[i]
            if child is None and not s.over:
                child = node.children[i] = Node(s.active)
            turns += 1
            if turns == limit and not s.over and end_near(s) and rounds < config.end_rounds:
                limit = config.end_rounds * s.n  # the end came near: play on to it
                rounds = config.end_rounds
            node = child
        if config.own_next and node is not None and not s.over and s.active == seat:
            # the expert's own next turn, valued before its end (what it will do with
            # what the round left it)
            if node.plans is None:
                self._expand(node, s, seat)
            i = node.select(config.explore)
            assert node.plans is not None
            plan = node.plans[i]
            s = self._play(s, plan[:-1] if plan[-1].kind == "end" else plan)
            path.append((node, i))
            values = self.leaf_values(s, next_seat(s))
        else:
            values = self.leaf_values(s, s.active)
        for node_, i in path:
            node_.n += 1
            node_.visits[i] += 1
            totals = node_.totals[i]
            for p, v in enumerate(values):
                totals[p] += v

    def leaf_values(self, s: State, to_move: int) -> list[float]:
        """Every player's chance of winning from ``s``, where ``to_move`` is the next to
        start a turn (the active player's own when ``s`` is the start of its turn), plus
        a tiebreak by its lead (so of two equal chances, a sure win or a sure loss, the
        larger lead or the smaller gap is taken). A finished game: each winner's share."""
        n = s.n
        if s.over:
            scores = s.scores or [0] * n
            won = s.winners or []
            values = [float(v) for v in scores]
            chances = [1.0 / len(won) if p in won else 0.0 for p in range(n)]
        elif self.config.fitted_leaf:
            values, mean_turns = self.model.predicted(s, to_move)
            chances = _softmax(values, self.model.temperature(n, mean_turns))
        else:
            info = info_of(s)
            w = MEDIUM_WEIGHTS
            if self.config.fitted_turns:
                turns = self.model.turns_left
                values = [player_value(s, p, turns(s, p, to_move), w, info) for p in range(n)]
            else:
                values = [player_value(s, p, remaining_turns(s, p, w), w, info)
                          for p in range(n)]
            chances = _softmax(values, self.config.temperature)
        out = []
        for p in range(n):
            lead = values[p] - max(values[q] for q in range(n) if q != p)
            out.append(chances[p] + TIEBREAK * 10.0 * lead / (10.0 + abs(lead)))
        return out

    # ----- the search ----------------------------------------------------------------
    def make_plan(self, st: State, view: State) -> list[Step]:
        self.last_iterations = 0
        self._searched_at = (st.turn, st.active, st.ap)
        if view.phase == AFTER_MOVE and view.ap == 0:
            return self.policy.plan(view)
        root = self.search(st, view)
        assert root.plans is not None
        return root.plans[self.best(root)]

    @staticmethod
    def best(root: Node) -> int:
        """The root's plan to play: the best mean among those the halving kept (ties:
        more visits, then the planner's order)."""
        seat = root.seat
        kept = root.kept or list(range(len(root.visits)))
        return max(kept, key=lambda i: (root.totals[i][seat] / max(1, root.visits[i]),
                                        root.visits[i], -i))

    def search(self, st: State, view: State) -> Node:
        """The tree of this decision: the root holds the candidate plans, each searched
        below by sequential halving of the iterations (none when there is one
        candidate). The k-th iteration of every root plan plays on the same deal with the
        same luck (the first on ``view``), so the plans are compared on equal luck."""
        seat = st.active
        config = self.config
        root = Node(seat)
        root.expand(self.candidates(view), st.n, config.prior_points)
        assert root.plans is not None
        m = len(root.plans)
        if m == 1:
            return root
        deadline = time.perf_counter() + config.max_seconds
        self._work = 0
        worlds: list[State] = [view]
        lucks: list[int] = [self.rng.getrandbits(32)]
        alive = list(range(m))
        budget = config.iterations
        phases = max(1, math.ceil(math.log2(m)))
        stop = False
        for phase in range(phases):
            share = max(1, (budget // (phases - phase)) // len(alive))
            for _ in range(share):
                for i in alive:
                    k = root.visits[i]
                    while len(worlds) <= k:
                        worlds.append(determinize(st, self.rng))
                        lucks.append(self.rng.getrandbits(32))
                    self._descend(root, i, worlds[k], random.Random(lucks[k]), seat)
                    budget -= 1
                    self.iterations += 1
                    self.last_iterations += 1
                    if budget <= 0 or self._work >= config.work:
                        stop = True
                    elif time.perf_counter() > deadline:
                        self.capped_decisions += 1
                        stop = True
                    if stop:
                        break
                if stop:
                    break
            if stop:
                break
            if phase < phases - 1:
                alive.sort(key=lambda i: (root.totals[i][seat] / max(1, root.visits[i]), -i),
                           reverse=True)
                alive = alive[: max(2, (len(alive) + 1) // 2)]
        root.kept = alive
        return root
