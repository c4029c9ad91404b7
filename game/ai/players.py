"""The computer players: one class per level behind one small interface.

A player is asked ``choose(st)`` whenever it is the seat to move and answers one
``Step``. It plans a whole turn at a time (``planner.TurnPlanner``) on its own
determinization of the state (``view.determinize``), plays the plan step by step,
and plans again whenever the position is not the one the plan expected (after a
discovery, which shows a card it could not know, or if someone else changed the
state); that loop is ``base.PlanningPlayer``. It never changes the state it is
given. Each player has its own ``random.Random``, seeded at construction, and uses
nothing else that is random. Easy, medium, hard and expert are here; the expert plays
the search of ``expert1`` (whole-turn plans played out against modelled opponents)
with the evaluation's weights tuned by self-play (``tune``); that search's first form,
``expert-1``, is kept frozen as a yardstick (not offered in the program: it is not in
``LEVELS``, only in ``BASELINES``). The tree search of ``expert`` (``expert-tree``) and
medium with the tuned weights (``medium-tuned``) are in ``EXPERIMENTS``: measured, not
offered (docs/ai.md).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from ..rules import apply
from ..state import AFTER_MOVE, State
from ..steps import Step
from .base import PlanningPlayer, Player
from .evaluate import EASY_WEIGHTS, MEDIUM_WEIGHTS, Weights, evaluate
from .expert import HorizonPlanner, TreeExpertPlayer
from .expert1 import EXPERT_PLAYOUTS, Expert1Player, SearchConfig, play_plan, starts_end, win_value
from .planner import PlannerConfig, TurnPlanner
from .tune import TUNED_FILE, TUNED_FILES, WeightedPlayer, load_tuned
from .value import ValueModel, load_turns, next_seat
from .view import determinize

__all__ = ["BASELINES", "EXPERIMENTS", "HINT_LEVEL", "HINT_SEARCH", "LEVELS", "REVIEW_SEARCH",
           "EasyPlayer", "Expert1Player", "ExpertPlayer", "HardPlayer", "MediumPlayer",
           "PlanningPlayer", "Player", "TreeExpertPlayer", "hint", "make_player"]

HARD_PLAYOUTS = 18     # rollouts per hard decision (see HardPlayer)
SAFETY_SECONDS = 5.0   # the hard player's wall-clock safety net, never reached normally


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


class MediumPlayer(WeightedPlayer):
    """The heuristic player: a beam search over its turn with the full evaluation (the
    tuner's player with the hand-set weights)."""

    level = "medium"

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed, MEDIUM_WEIGHTS)


ROLLOUT_CONFIG = PlannerConfig(weights=MEDIUM_WEIGHTS, beam=4, voyages=3, combo_tries=8)
CALM_CONFIG = PlannerConfig(weights=MEDIUM_WEIGHTS, beam=5, voyages=3, combo_tries=8, calm=True)
LOSS = 10.0  # what a hard rollout that ends in a lost game counts against it


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
                 horizon: int = 1, tuned: bool = False) -> None:
        super().__init__(seed)
        if playouts < 1:
            raise ValueError("playouts must be at least 1")
        # ``tuned``: the weights tuned by self-play (``tune``) everywhere (an experiment)
        self.weights = load_tuned() if tuned else MEDIUM_WEIGHTS
        self.planner = TurnPlanner(PlannerConfig(weights=self.weights, beam=5, voyages=3,
                                                 combo_tries=8))
        self.rollout = TurnPlanner(replace(ROLLOUT_CONFIG, weights=self.weights))
        self.calm = TurnPlanner(replace(CALM_CONFIG, weights=self.weights))
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
            discovering = step.kind == "move" and any(d > s.revealed for _, _, d in step.args)
            s = apply(s, step)
            if discovering and not s.over:
                # the town found may not be the one planned for (another determinization):
                # the rest of the turn is planned again, as the player itself would
                s = self._play_turn(s)
                break
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
        value = evaluate(s, seat, self.weights)
        if s.over and seat not in (s.winners or []):
            value -= LOSS  # a lost game is worse than any game still going on
        return value, s.revealed != revealed

    def make_plan(self, st: State, view: State) -> list[Step]:
        self.last_rollouts = 0
        plans = self.planner.ranked_plans(view, self.candidates)
        if len(plans) == 1 or (view.phase == AFTER_MOVE and view.ap == 0):
            return plans[0][1]
        plans = plans[: self.playouts]
        if view.last_seat < 0 and any(starts_end(view, play_plan(view, p)) for _, p in plans):
            # the end is not the only choice: the best plan that does not start it is tried
            calm = self.calm.plan(view)
            if all(calm != p for _, p in plans) and not starts_end(view, play_plan(view, calm)):
                plans = [*plans[: max(1, self.playouts - 1)], (float("-inf"), calm)]
        deadline = time.perf_counter() + self.max_seconds
        seat = st.active
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


_Turns = Callable[[State, int], float]
_Parts = tuple[TurnPlanner, TurnPlanner, TurnPlanner, TurnPlanner, Weights, SearchConfig,
               _Turns | None]


@dataclass(frozen=True, slots=True)
class ExpertSearch(SearchConfig):
    """expert-1's knobs and the expert's own: which parts of its search use the weights
    tuned by self-play (``tune``) instead of the hand-set ones."""

    tuned_leaf: bool = True        # a playout's last position valued with them
    tuned_plans: bool = True       # its candidate plans and its own turns in playouts
    tuned_replies: bool = False    # the other players' turns in playouts
    tuned_from: int = 3            # ... in games of at least this many players
    tuned_temperature: float = 0.0  # the win chance's spread with the tuned leaf (0: same)
    end_playouts: int = 0          # the playouts of a decision that may end the game (0: same)
    deviate_third: float = 0.0     # how often a modelled opponent takes its third plan ...
    deviate_fourth: float = 0.0    # ... and its fourth (``deviate``: its second)
    final_first: bool = False      # in the final round every opponent takes its first plan
    # three times expert-1's playouts a decision: no weaker at either size, stronger
    # against hard players at four (docs/ai.md); a plain ``SearchConfig`` (the Hint's)
    # keeps its own
    playouts: int = 3 * EXPERT_PLAYOUTS


class ExpertPlayer(Expert1Player):
    """The expert the program offers: sequential halving over the best whole-turn
    plans, each played out on determinizations against modelled opponents (see
    ``expert1``), its own plans and the positions they reach valued with the weights
    tuned in its own games for the table's size (``tune_expert``) and, at a table of
    four, with the turns left read from a table fitted on recorded games (``fit``,
    ``load_turns``), as those weights were tuned; the other players' turns are
    modelled with the hand-set weights they play with.
    The tuned weights measured stronger only used on both sides at once (docs/ai.md).
    A class of its own: ``expert-1`` stays frozen while this one may change."""

    level = "expert"
    config: ExpertSearch

    def __init__(self, seed: int | str | None = None,
                 config: SearchConfig | None = None, weights: Weights | None = None,
                 turns: ValueModel | None = None, **knobs: Any) -> None:
        # weights given here stand for the tuned file's (the tuner's own games)
        self.weights = weights
        # a fitted table of the turns left, in place of the weights' own estimate
        self.turns = turns
        base = config or ExpertSearch()
        search = base if isinstance(base, ExpertSearch) else ExpertSearch(
            **{f.name: getattr(base, f.name) for f in fields(SearchConfig)})
        if knobs:
            search = replace(search, **knobs)
        super().__init__(seed, search)
        # the hand-set planners (expert-1's) and, by table size, the tuned ones
        self._hand: _Parts = (self.planner, self.calm, self.policy, self.policy, MEDIUM_WEIGHTS,
                              self.config, None)
        self._by_size: dict[int, _Parts] = {}
        self._use(self._parts(4))

    def _parts(self, n: int) -> _Parts:
        """The planners and leaf weights for a table of ``n``: the hand-set ones below
        ``tuned_from`` players, else those tuned for that size (``load_tuned``)."""
        search = self.config
        tuned = search.tuned_leaf or search.tuned_plans or search.tuned_replies
        if n < search.tuned_from or not tuned:
            return self._hand
        if n not in self._by_size:
            weights = self.weights or load_tuned(TUNED_FILES.get(n, TUNED_FILE))
            # weights given (the tuner's, a seat's file) go with the table given, if any;
            # the shipped ones with the table they were tuned with
            turns = (self.turns if self.turns is not None or self.weights is not None
                     else load_turns(n))
            planner, calm, own, reply = self._hand[:4]
            if search.tuned_plans:
                wide = replace(planner.config, weights=weights)
                narrow = replace(self.policy.config, weights=weights)
                planner, calm, own = (self._planner(wide, turns),
                                      self._planner(replace(wide, calm=True), turns),
                                      self._planner(narrow, turns))
            if search.tuned_replies:
                reply = TurnPlanner(replace(self.policy.config, weights=weights))
            leaf, judged = MEDIUM_WEIGHTS, search
            if search.tuned_leaf:
                leaf = weights
                if search.tuned_temperature > 0:
                    judged = replace(search, temperature=search.tuned_temperature)
            left = None if turns is None else _turns_left(turns)
            self._by_size[n] = (planner, calm, own, reply, leaf, judged, left)
        return self._by_size[n]

    @staticmethod
    def _planner(config: PlannerConfig, turns: ValueModel | None) -> TurnPlanner:
        """A planner of the expert's own turns: with a fitted table of the turns left
        when it plays with one."""
        return TurnPlanner(config) if turns is None else HorizonPlanner(config, turns)

    def _use(self, parts: _Parts) -> None:
        (self.planner, self.calm, self.own_policy, self.reply_policy, self.leaf_weights,
         self.leaf_config, self.leaf_turns) = parts

    def make_plan(self, st: State, view: State) -> list[Step]:
        # weights tuned in four-player games measured far weaker at a table of three
        # (docs/ai.md), so each table size takes those tuned in its own games there
        self._use(self._parts(view.n))
        return super().make_plan(st, view)

    def budget(self, view: State, plans: list[list[Step]]) -> int:
        """More playouts when a plan would start the end, or the final round is on:
        those choices cannot be taken back, and games are often won or lost by a few
        points (docs/ai.md: with four times the playouts there, no more games won)."""
        more = self.config.end_playouts
        if more <= self.config.playouts:
            return self.config.playouts
        if view.last_seat >= 0 or any(starts_end(view, play_plan(view, p)) for p in plans):
            return more
        return self.config.playouts

    def _turn(self, s: State, seat: int = -1, luck: random.Random | None = None) -> State:
        """As expert-1's, but a modelled opponent may also take its third or fourth
        plan, as hard players were measured to do: medium's first plan about two turns
        in three, its third or fourth one turn in eight (docs/ai.md: modelled so, the
        expert won no more games against them). With ``final_first`` a turn of the final
        round is always the first plan (docs/ai.md: no more games won either)."""
        search = self.config
        if search.final_first and s.last_seat >= 0:
            # a last turn is played for points: hard players took medium's first plan
            # there 98 % of the time (docs/ai.md), not the second one in three
            luck = None
        far = search.deviate_third + search.deviate_fourth
        if luck is None or s.active == seat or far <= 0.0:
            return super()._turn(s, seat, luck)
        x = luck.random()
        rank = 0
        for i, share in enumerate((search.deviate, search.deviate_third,
                                   search.deviate_fourth), start=1):
            if x < share:
                rank = i
                break
            x -= share
        policy = self._policy(s, seat)
        plan = policy.plan(s) if rank == 0 else policy.ranked_plans(s, rank + 1)[-1][1]
        return play_plan(s, plan)

    def _policy(self, s: State, seat: int) -> TurnPlanner:
        if s.active == seat:
            return self.planner if self.config.own_wide else self.own_policy
        return self.reply_policy

    def leaf_value(self, s: State, seat: int) -> float:
        return win_value(s, seat, self.leaf_config, self.leaf_weights, self.leaf_turns)


def _turns_left(model: ValueModel) -> _Turns:
    """A player's turns left as the fitted table has them, once the active player's
    turn is over (what ``evaluate.remaining_turns`` estimates from the weights)."""
    def turns(st: State, seat: int) -> float:
        return model.turns_left(st, seat, next_seat(st))
    return turns


class TunedMediumPlayer(WeightedPlayer):
    """Medium with the weights tuned by self-play (``tune``): an experiment, the first
    yardstick of whether the tuning found better weights."""

    level = "medium-tuned"

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed, load_tuned())


#: The levels the program offers.
LEVELS: dict[str, type[PlanningPlayer]] = {
    "easy": EasyPlayer, "medium": MediumPlayer, "hard": HardPlayer, "expert": ExpertPlayer,
}
#: Frozen players kept only to measure the levels against (``python -m game tournament``).
BASELINES: dict[str, type[PlanningPlayer]] = {"expert-1": Expert1Player}
#: Players being worked on, measured in tournaments, not offered in the program.
EXPERIMENTS: dict[str, type[PlanningPlayer]] = {"expert-tree": TreeExpertPlayer,
                                                "medium-tuned": TunedMediumPlayer}


def make_player(level: str, seed: int | str | None = None) -> PlanningPlayer:
    """A fresh player of this level (easy, medium, hard or expert, or a baseline such
    as expert-1) with its own RNG."""
    key = level.lower()
    cls = LEVELS.get(key) or BASELINES.get(key) or EXPERIMENTS.get(key)
    if cls is None:
        raise ValueError(f"unknown level {level!r}: choose "
                         + ", ".join([*LEVELS, *BASELINES, *EXPERIMENTS])) from None
    return cls(seed)


HINT_LEVEL = "expert"
# The hint's search: the expert's, with a clock well under a second (a hint is asked
# for on the window's own thread). It thinks about as long as the tree search's short
# form did and plays stronger (docs/ai.md); its times are measured there too.
HINT_SEARCH = SearchConfig(max_seconds=0.8)
#: The review's expert (``scenes.core.review``): the Hint's search, with a looser clock
#: (a review waits in a thread, nobody at the table waits for it).
REVIEW_SEARCH = replace(HINT_SEARCH, max_seconds=3.0)


def hint(st: State, seed: int | str | None = 0, level: str = HINT_LEVEL) -> Step:
    """The step a computer player would take now, for the Hint button: the expert with
    the Hint's clock (``HINT_SEARCH``) unless another level is named."""
    if level == HINT_LEVEL:
        return ExpertPlayer(seed, HINT_SEARCH).choose(st)
    return make_player(level, seed).choose(st)
