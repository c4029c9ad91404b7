"""``expert-1``: the first expert player, kept frozen as the baseline every stronger
player is measured against (``python -m game tournament --seats expert,expert-1,...``).
It is not offered in the program. Nothing here may change what it plays: a golden
test (``tests/test_ai_frozen.py``) holds its choices, and those of the other levels,
on a set of positions. It is a search over whole-turn plans on determinizations of
the face-down towns, with the medium turn planner as its playout policy.

Why this shape of search. A turn in Sail to India is several steps that only make
sense together, so the moves searched are whole-turn *plans* (``planner``): the
twelve best plans with different first steps, from a planner wider than medium's
(beam 8, five composed voyages). The face-down towns are hidden information: the
player never reads them, it samples *determinizations* (``view.determinize``),
deals of the unseen cards drawn from its own generator. The other players' choices
are hidden too: a playout models each opponent's turn by the medium planner, and
on every deal but the first, an opponent plays its second-best plan instead on 40%
of its turns (hard players were measured to follow medium's first choice about 70%
of the time), from a generator seeded once per deal. A plan is thus judged against
what the opponents may do, not one guess of it; without this the expert was a
hard player with a wider view and won about 38% against three hard players, with it
about 50%.

This is information-set Monte Carlo tree search (ISMCTS) cut to the depth the
budget affords: with 32 playouts a decision, every level of a tree below the root
would be visited a handful of times, so the tree is the root alone, a bandit over
the candidate plans, and everything below it is the playout policy. The budget is
spent by *sequential halving*: every candidate gets playouts on the same worlds
(the k-th playout of each plan deals the same cards and the same opponents' luck,
so plans are compared on equal luck), then the worse half is dropped and the
survivors get more, until the budget is spent. The second action of a turn is
searched again once the first is played (the plan's second action was only the
planner's guess).

A playout plays the plan (after a discovery, the rest of that turn is planned
again, as the player would), then every other player's turn, then the expert's own
next turn without its end, and evaluates the position. Near the end of the game
(the final round started, India or an empty second stock within reach) playouts go
on to the end of the game instead (at most two rounds more), so a plan that starts
the end is judged by who wins, not by an estimate.

The value is a win chance, not a lead: a finished game is worth the player's share
of the win (a lost game nothing), an unfinished one a softmax of the players'
values (``evaluate.player_value``) at a temperature fitted to hard players' games.
So a player behind does not end a game it loses while a game going on still gives
it a chance, and a player ahead races for the end, because a won end is worth more
than any estimate. When the best plan would start the end, the best plan that does
not (``PlannerConfig.calm``) is always among the candidates, so the choice exists.

Thinking is bounded by a playout count, so the same seed and position give the same
step on any machine; the clock (``max_seconds``) is only a safety net, and every
decision it cut short is counted (``capped_decisions``).
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
from ..steps import Step
from .base import PlanningPlayer
from .evaluate import (
    MEDIUM_WEIGHTS,
    Weights,
    info_of,
    player_value,
    remaining_turns,
)
from .planner import PlannerConfig, TurnPlanner
from .view import determinize

__all__ = ["EXPERT_PLAYOUTS", "Expert1Player", "SearchConfig", "end_near", "play_plan",
           "starts_end", "win_value"]

EXPERT_PLAYOUTS = 32
EXPERT_SAFETY_SECONDS = 3.0

TIEBREAK = 1e-4    # per point of lead, so of two equal chances the larger lead is taken
MIN_CHANCE = 3e-3  # the least an unfinished game is worth (a lost one is worth 0)

POLICY = PlannerConfig(weights=MEDIUM_WEIGHTS, beam=4, voyages=3, combo_tries=8)
CANDIDATES = PlannerConfig(weights=MEDIUM_WEIGHTS, beam=5, voyages=3, combo_tries=8)


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """The expert's knobs (the tournament measures them; tests shrink the budget)."""

    candidates: int = 12           # plans with different first steps tried at the root
    playouts: int = EXPERT_PLAYOUTS
    max_seconds: float = EXPERT_SAFETY_SECONDS
    horizon: int = 1               # own turns played after the plan (1: the next one)
    end_rounds: int = 2            # rounds a playout may go on to reach the end
    temperature: float = 2.0       # the win chance's spread in points of value (fitted)
    beam: int = 8                  # the candidate planner's beam ...
    voyages: int = 5               # ... composed voyages per position ...
    combo_tries: int = 12          # ... and single moves tried in composing one
    own_wide: bool = False         # the expert's own turns in playouts by that planner
    deviate: float = 0.4           # how often a modelled opponent takes its second plan


def starts_end(before: State, after: State) -> bool:
    """Whether the steps from ``before`` to ``after`` started the end of the game."""
    return before.last_seat < 0 and after.last_seat >= 0


def end_near(st: State) -> bool:
    """Whether the end may come within a round or so: the final round has started,
    at most two towns are face down, or a second stock is nearly empty."""
    if st.last_seat >= 0:
        return True
    if st.size - st.revealed <= 2:
        return True
    return sorted(st.stock)[1] <= 2


def win_value(st: State, seat: int, config: SearchConfig = SearchConfig(),
              w: Weights = MEDIUM_WEIGHTS,
              turns: Callable[[State, int], float] | None = None) -> float:
    """The seat's chance of winning, as the search counts it (0..1, plus a tiny
    tiebreak by the lead, so a sure thing is still won by more).

    A finished game: the seat's share of the win. Otherwise a softmax over the
    players' values (score plus what their assets will likely bring,
    ``evaluate.player_value``) at a temperature fitted to hard players' games: the
    chance of each player winning is ``exp(value / T)`` over the sum of them all.
    ``turns`` gives each player's turns left in place of the weights' own estimate
    (``evaluate.remaining_turns``); expert-1 never passes it."""
    n = st.n
    if st.over:
        scores = st.scores or [0] * n
        winners = st.winners or []
        share = 1.0 / len(winners) if seat in winners else 0.0
        lead: float = scores[seat] - max(scores[s] for s in range(n) if s != seat)
        return share + TIEBREAK * _squash(lead)
    info = info_of(st)
    left = turns or (lambda s, p: remaining_turns(s, p, w))
    values = [player_value(st, s, left(st, s), w, info) for s in range(n)]
    top = max(values)
    temp = config.temperature
    weights = [math.exp((v - top) / temp) for v in values]
    chance = weights[seat] / sum(weights)
    lead = values[seat] - max(values[s] for s in range(n) if s != seat)
    # a game still going on always leaves a chance: more than a lost end is worth, less
    # than a won one
    return MIN_CHANCE + (1.0 - 2 * MIN_CHANCE) * chance + TIEBREAK * _squash(lead)


def _squash(lead: float) -> float:
    """The lead, smoothly bounded to (-10, 10) so the tiebreak stays a tiebreak."""
    return 10.0 * lead / (10.0 + abs(lead))


class Expert1Player(PlanningPlayer):
    """Sequential halving over the best few turn plans, each played out on shared
    determinizations against medium replies; see the module's docstring."""

    level = "expert-1"

    def __init__(self, seed: int | str | None = None,
                 config: SearchConfig | None = None, **knobs: Any) -> None:
        super().__init__(seed)
        config = config or SearchConfig()
        if knobs:
            config = replace(config, **knobs)
        if config.playouts < 1:
            raise ValueError("playouts must be at least 1")
        self.config = config
        wide = replace(CANDIDATES, beam=config.beam, voyages=config.voyages,
                       combo_tries=config.combo_tries)
        self.planner = TurnPlanner(wide)
        self.calm = TurnPlanner(replace(wide, calm=True))
        self.policy = TurnPlanner(POLICY)
        self.rollouts = 0          # playouts made over this player's life
        self.last_rollouts = 0     # playouts made for the latest plan
        self.capped_decisions = 0  # decisions cut short by the safety net
        self._searched_at: tuple[int, int, int] | None = None

    @property
    def playouts(self) -> int:
        return self.config.playouts

    def choose(self, st: State) -> Step:
        """As every planning player, but the second action of a turn is searched again:
        the plan's second action was only the planner's guess, the search's playouts
        may prefer another."""
        if (st.phase == ACTIONS and 0 < st.ap < ACTION_POINTS and not st.over
                and (st.turn, st.active, st.ap) != self._searched_at):
            self._plan = []
        return super().choose(st)

    # ----- candidates ------------------------------------------------------------------
    def candidates(self, view: State) -> list[list[Step]]:
        """The planner's best plans with different first steps, and the best calm plan
        when one of them would start the end."""
        plans = [plan for _, plan in self.planner.ranked_plans(view, self.config.candidates)]
        if view.last_seat < 0 and any(starts_end(view, play_plan(view, p)) for p in plans):
            calm = self.calm.plan(view)
            if calm not in plans and not starts_end(view, play_plan(view, calm)):
                plans.append(calm)
        return plans

    # ----- playouts ------------------------------------------------------------------------
    def _policy(self, s: State, seat: int) -> TurnPlanner:
        """Who plans a turn in a playout: the medium planner, or for the expert's own
        turns its wider candidate planner when ``own_wide`` is set."""
        return self.planner if self.config.own_wide and s.active == seat else self.policy

    def _turn(self, s: State, seat: int = -1, luck: random.Random | None = None) -> State:
        """The active player's turn (what is left of it) by the policy; with ``luck``
        an opponent now and then plays its second-best plan instead (``deviate``)."""
        policy = self._policy(s, seat)
        if luck is not None and s.active != seat and luck.random() < self.config.deviate:
            plan = policy.ranked_plans(s, 2)[-1][1]
        else:
            plan = policy.plan(s)
        for step in plan:
            s = apply(s, step)
            if s.over:
                break
        return s

    def playout(self, world: State, plan: list[Step], seat: int,
                luck: random.Random | None = None) -> tuple[float, bool]:
        """The value of ``plan`` played on this determinization, and whether a card
        that was face down mattered (a town was discovered on the way)."""
        s = world
        revealed = s.revealed
        to_end = end_near(s)
        for step in plan:
            discovering = step.kind == "move" and any(d > s.revealed for _, _, d in step.args)
            s = apply(s, step)
            if s.over:
                break
            if discovering:  # the rest of this turn is planned again, as the player would
                s = self._turn(s, seat)
                break
        if not s.over and (to_end or end_near(s)):
            limit = s.turn + self.config.end_rounds * s.n
            while not s.over and s.turn < limit:
                s = self._turn(s, seat, luck)
        else:
            for own in range(self.config.horizon):
                while not s.over and s.active != seat:
                    s = self._turn(s, seat, luck)
                if s.over:
                    break
                if own < self.config.horizon - 1:
                    s = self._turn(s, seat, luck)
                else:  # the own next turn, evaluated before its end
                    for step in self._policy(s, seat).plan(s)[:-1]:
                        s = apply(s, step)
        self.rollouts += 1
        self.last_rollouts += 1
        return self.leaf_value(s, seat), s.revealed != revealed

    def leaf_value(self, s: State, seat: int) -> float:
        """What a playout's last position is worth to ``seat`` (a later expert may
        value it with other weights)."""
        return win_value(s, seat, self.config)

    # ----- the search ----------------------------------------------------------------------
    def make_plan(self, st: State, view: State) -> list[Step]:
        self.last_rollouts = 0
        self._searched_at = (st.turn, st.active, st.ap)
        if view.phase == AFTER_MOVE and view.ap == 0:
            return self.policy.plan(view)
        plans = self.candidates(view)
        if len(plans) == 1:
            return plans[0]
        seat = st.active
        deadline = time.perf_counter() + self.config.max_seconds
        worlds: list[State] = [view]
        lucks: list[int | None] = [None]  # the first world's opponents play as modelled
        noisy = self.config.deviate > 0.0
        totals = [0.0] * len(plans)
        counts = [0] * len(plans)
        # without deviations a playout that met no face-down town is exact: the policy
        # is deterministic and the cards never mattered, so it is not played again
        exact: dict[int, float] = {}
        alive = list(range(len(plans)))
        budget = self.budget(view, plans)
        phases = max(1, math.ceil(math.log2(len(plans))))
        capped = False
        for phase in range(phases):
            if capped or budget <= 0:
                break
            doubtful = [i for i in alive if i not in exact]
            if not doubtful:
                break
            share = max(1, (budget // (phases - phase)) // len(doubtful))
            for _ in range(share):
                for i in doubtful:
                    if budget <= 0 or i in exact:
                        continue
                    k = counts[i]
                    while len(worlds) <= k:
                        worlds.append(determinize(st, self.rng))
                        lucks.append(self.rng.getrandbits(32) if noisy else None)
                    seed = lucks[k]
                    luck = None if seed is None else random.Random(seed)
                    value, used_cards = self.playout(worlds[k], plans[i], seat, luck)
                    budget -= 1
                    totals[i] += value
                    counts[i] += 1
                    if not used_cards and not noisy and counts[i] == 1:
                        exact[i] = value
                    if time.perf_counter() > deadline:
                        capped = True
                        break
                if capped:
                    break
            if phase < phases - 1:
                alive.sort(key=lambda i: self._mean(i, totals, counts, exact), reverse=True)
                alive = alive[: max(2, (len(alive) + 1) // 2)]
        if capped:
            self.capped_decisions += 1
        best = max(alive, key=lambda i: (self._mean(i, totals, counts, exact), -i))
        return plans[best]

    def budget(self, view: State, plans: list[list[Step]]) -> int:
        """The playouts this decision may make (a later expert may spend more on some)."""
        return self.config.playouts

    @staticmethod
    def _mean(i: int, totals: list[float], counts: list[int], exact: dict[int, float]) -> float:
        if i in exact:
            return exact[i]
        return totals[i] / counts[i] if counts[i] else float("-inf")


def play_plan(st: State, plan: list[Step]) -> State:
    """The position after a plan (on the player's own view)."""
    for step in plan:
        st = apply(st, step)
        if st.over:
            break
    return st
