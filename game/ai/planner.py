"""The turn planner: a whole turn (actions, voyage, cargo, free actions, end) at once.

A turn in Sail to India is several steps, and the steps only make sense together
(move a ship, then load it as cargo, then sell the set it completes). The planner
searches over the actions of the rest of the turn with a small beam: each node is
a position after some actions, each edge one action (a ``move`` edge includes the
after-move phase resolved greedily), and the positions are compared with
``evaluate.evaluate``. Voyages, the one action that combines many parts, are
composed here: every single ship move is tried, then the good ones are added
together greedily while that improves the position (several launches from Lisboa,
a discovery plus cargo runs, three launches for Harbor Maintenance).

Every plan ends with ``end``. Free actions are only ever ones that cannot repeat
(returns send markers to Lisboa and nothing free brings them back; Bank System
once a turn), so a turn always ends. The planner never changes the state it is
given; it plans on whatever state it gets, so players hand it a determinization.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..listing import after_move_steps, legal_steps, ship_moves
from ..rules import apply, voyage_fits
from ..state import AFTER_MOVE, State
from ..steps import ShipMove, Space, Step
from .evaluate import MEDIUM_WEIGHTS, Weights, info_of, player_value, remaining_turns

__all__ = ["PlannerConfig", "TurnPlanner"]

END = Step("end")
DONE = Step("done")
EPS = 1e-6


@dataclass(frozen=True, slots=True)
class PlannerConfig:
    """How wide the planner looks: the levels and the search's rollouts differ here."""

    weights: Weights = MEDIUM_WEIGHTS
    beam: int = 4               # positions kept after each action
    voyages: int = 3            # composed voyages offered as candidate moves
    combo_tries: int = 8        # single moves tried when composing a voyage
    techs: bool = True          # consider acquiring technologies
    free_actions: bool = True   # bank / return a ship for a historian at the end
    calm: bool = False          # leave out actions that would start the end of the game


@dataclass(slots=True)
class _Node:
    st: State
    steps: list[Step]
    value: float
    first: Step | None


class TurnPlanner:
    """Plans the rest of the active player's turn on the state it is given."""

    def __init__(self, config: PlannerConfig | None = None) -> None:
        self.config = config or PlannerConfig()
        self.evals = 0
        #: By the end, the towns, the stocks and the seat to move: the planning seat's
        #: turns left and the best other player's value (``value``).
        self._known: dict[tuple[Any, ...], tuple[float, float]] = {}
        self._seat = 0

    # ----- evaluation --------------------------------------------------------------
    def value(self, st: State) -> float:
        """The position for the planning seat, once its turn is over. The turns left
        change only with the end, the towns and the stocks, and within one planning the
        best other player's value is taken as changing only with them too, so both are
        remembered by those."""
        self.evals += 1
        w = self.config.weights
        seat = self._seat
        info = info_of(st)
        key = (st.last_seat, st.over, st.revealed, tuple(st.stock), st.active)
        known = self._known.get(key)
        if known is None:
            best = 0.0
            if w.others > 0.0:
                best = max(player_value(st, s, self.turns_left(st, s), w, info)
                           for s in range(st.n) if s != seat)
            known = self._known[key] = (self.turns_left(st, seat), best)
        mine = player_value(st, seat, known[0], w, info)
        if w.others <= 0.0:
            return mine
        return mine - w.others * known[1]

    def turns_left(self, st: State, seat: int) -> float:
        """The seat's turns left as this planner counts them: the weights' own estimate
        (a planner reading a fitted table counts them from it)."""
        return remaining_turns(st, seat, self.config.weights)

    def _begin(self, seat: int) -> None:
        """A new planning for ``seat``: what was remembered was for another position."""
        self._seat = seat
        self._known = {}

    # ----- public ------------------------------------------------------------------
    def plan(self, st: State) -> list[Step]:
        """The best plan for the rest of the turn, ending with ``end``."""
        return self.ranked_plans(st, 1)[0][1]

    def ranked_plans(self, st: State, k: int) -> list[tuple[float, list[Step]]]:
        """Up to ``k`` plans with different first steps, best first, with their values."""
        self._begin(st.active)
        prefix: list[Step] = []
        if st.phase == AFTER_MOVE:
            prefix, st, root_value = self.resolve_after_move(st)
        else:
            root_value = self.value(st)
        root = _Node(st, prefix, root_value, None)
        nodes = [root]
        frontier = [root]
        while frontier:
            children: list[_Node] = []
            for node in frontier:
                if node.st.ap <= 0 or node.st.over:
                    continue
                for steps, child, known in self.candidates(node.st):
                    first = node.first if node.first is not None else steps[0]
                    value = self.value(child) if known is None else known
                    children.append(_Node(child, node.steps + steps, value, first))
            if not children:
                break
            children.sort(key=lambda n: n.value, reverse=True)
            nodes.extend(children)
            frontier = children[: self.config.beam]
        # best plan per distinct first step
        best_by_first: dict[Step | None, _Node] = {}
        for node in nodes:
            key = node.first if not prefix else None
            old = best_by_first.get(key)
            if old is None or node.value > old.value + EPS:
                best_by_first[key] = node
        ranked = sorted(best_by_first.values(), key=lambda n: n.value, reverse=True)[:k]
        out = []
        for node in ranked:
            tail, final = self.finish(node.st)
            out.append((self.value(final), node.steps + tail + [END]))
        out.sort(key=lambda p: p[0], reverse=True)
        return out

    # ----- pieces of a turn ----------------------------------------------------------
    def _greedy(self, st: State, offered: Callable[[State], list[Step]], margin: float,
                rounds: int) -> tuple[list[Step], State, float]:
        """Take, one at a time, the offered step that raises the value most (by more than
        ``margin``), while one does, at most ``rounds`` times; the steps, the position
        after them and its value."""
        steps: list[Step] = []
        current = self.value(st)
        for _ in range(rounds):
            best_v, best_s, best_st = current + margin, None, None
            for s in offered(st):
                child = apply(st, s)
                v = self.value(child)
                if v > best_v:
                    best_v, best_s, best_st = v, s, child
            if best_s is None or best_st is None:
                break
            steps.append(best_s)
            st, current = best_st, best_v
        return steps, st, current

    def resolve_after_move(self, st: State) -> tuple[list[Step], State, float]:
        """Cargo, Map and the Architecture build, greedily while they help; then done.
        With the value of the position it ends in, which is that of the last position
        the greedy search valued: ``done`` changes only the phase and a pending Map,
        which no value reads, and within one planning the value of the best other
        player is remembered by what ``done`` leaves alone."""
        steps, st, value = self._greedy(st, after_move_steps, EPS, 12)
        steps.append(DONE)
        return steps, apply(st, DONE), value

    def finish(self, st: State) -> tuple[list[Step], State]:
        """Free actions worth taking before ending the turn (Bank System, or a ship
        sent home so the next historian has a marker)."""
        if not self.config.free_actions or st.over:
            return [], st

        def wanted(now: State, s: Step) -> bool:
            ship_home = (s.kind == "return" and isinstance(s.args[0], int)
                         and now.lisboa[now.active] == 0)
            return s.kind == "bank" or ship_home

        def offered(now: State) -> list[Step]:
            return [s for s in legal_steps(now) if wanted(now, s)]

        steps, st, _ = self._greedy(st, offered, 0.05, 3)
        return steps, st

    def candidates(self, st: State) -> list[tuple[list[Step], State, float | None]]:
        """Each action worth considering now, as (steps, position after them, its value
        where the search already has it): a voyage was valued when it was composed; the
        other actions are valued by the caller, in the order listed, so the best other
        player is remembered by the same positions whatever is reused."""
        seat = st.active
        out: list[tuple[list[Step], State, float | None]] = []
        goods: list[Space] = []
        for s in legal_steps(st):
            kind = s.kind
            if kind in ("employ", "speed", "build") or (kind == "tech" and self.config.techs):
                out.append(([s], apply(st, s), None))
            elif kind == "sell":
                if len(s.args) == 1:
                    goods.append(s.args[0])
                else:
                    out.append(([s], apply(st, s), None))
        if len(goods) == 1:
            s = Step("sell", (goods[0],))
            out.append(([s], apply(st, s), None))
        elif len(goods) > 1:
            # one of each type, keeping duplicates for a later set
            gtype = st.board.goods_type
            seen: dict[str, Space] = {}
            for sp in goods:
                seen.setdefault(gtype[(sp[1] - 1) * 2 + sp[2] - 1], sp)
            if len(seen) < len(goods):
                s = Step("sell", tuple(sorted(seen.values())))
                out.append(([s], apply(st, s), None))
        if st.lisboa[seat] or any(st.ships_at(seat, p) for p in range(1, st.revealed + 1)):
            out.extend(self.voyages(st))
        if self.config.calm and st.last_seat < 0:
            out = [(steps, child, v) for steps, child, v in out if child.last_seat < 0]
        return out

    # ----- voyages -------------------------------------------------------------------
    def _voyage(self, st: State, moves: tuple[ShipMove, ...],
                cache: dict[tuple[Any, ...], tuple[float, list[Step], State]]
                ) -> tuple[float, list[Step], State]:
        key = tuple(sorted(moves))
        hit = cache.get(key)
        if hit is not None:
            return hit
        step = Step("move", key)
        after = apply(st, step)
        tail, final, value = self.resolve_after_move(after)
        result = (value, [step, *tail], final)
        cache[key] = result
        return result

    def voyages(self, st: State) -> list[tuple[list[Step], State, float | None]]:
        """Candidate ``move`` actions, the best single ship moves and composed voyages,
        each with its value."""
        cache: dict[tuple[Any, ...], tuple[float, list[Step], State]] = {}
        singles = ship_moves(st)
        if not singles:
            return []
        scored = []
        for m in singles:
            v, _, _ = self._voyage(st, (m,), cache)
            scored.append((v, m))
        scored.sort(key=lambda x: x[0], reverse=True)
        order = [m for _, m in scored]
        # greedy composition from the best single, and from the best launch
        starts = [order[0]]
        launch = next((m for m in order if m[0] == 0), None)
        if launch is not None and launch != order[0]:
            starts.append(launch)
        for start in starts:
            current = [start]
            cur_v = self._voyage(st, (start,), cache)[0]
            tries = 0
            for m in order:
                if tries >= self.config.combo_tries:
                    break
                trial = [*current, m]
                if not voyage_fits(st, trial):
                    continue
                tries += 1
                v = self._voyage(st, tuple(trial), cache)[0]
                if v > cur_v + EPS:
                    current, cur_v = trial, v
            # a second pass: moves that now fit (more launches for Harbor Maintenance)
            for m in order[:4]:
                trial = [*current, m]
                if voyage_fits(st, trial):
                    v = self._voyage(st, tuple(trial), cache)[0]
                    if v > cur_v + EPS:
                        current, cur_v = trial, v
        seat = st.active
        lis = st.lisboa[seat]
        if lis > 1:
            for d in range(1, min(st.speed[seat], st.revealed) + 1):
                self._voyage(st, ((0, 0, d),) * lis, cache)
        found = list(cache.values())
        if self.config.calm and st.last_seat < 0:  # voyages that start the end left out
            found = [r for r in found if r[2].last_seat < 0]
        best = sorted(found, key=lambda r: r[0], reverse=True)[: self.config.voyages]
        return [(steps, final, value) for value, steps, final in best]
