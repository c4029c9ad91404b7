"""The evaluation every level plans with: the fast ``player_value`` gives the very
same numbers as its plain reference, on positions from real games (buildings,
marketplaces, goods, ships, technologies, the final round and the end), with the
hand-set weights and the expert's tuned ones; and the turn planner, which keeps the
values it has already found instead of valuing a position again, plans as one that
values every position afresh."""

from __future__ import annotations

import pytest
from reference import player_value_reference

from game.ai import EasyPlayer, MediumPlayer
from game.ai.evaluate import (
    EASY_WEIGHTS,
    MEDIUM_WEIGHTS,
    Weights,
    player_value,
    score_now,
)
from game.ai.planner import PlannerConfig, TurnPlanner
from game.ai.tune import TUNED_FILES, load_tuned
from game.deal import deal_towns
from game.rules import apply
from game.scoring import final_scores
from game.state import AFTER_MOVE, State
from game.steps import Step

NAMES = ("Ann", "Bea", "Cy", "Dan")
TUNED = {n: load_tuned(path) for n, path in TUNED_FILES.items()}


def _positions(players: int, seed: int) -> list[State]:
    """Every position of a game between medium and easy players."""
    st = State.start(NAMES[:players], deal_towns(players, seed))
    bots = [(MediumPlayer if s % 2 == 0 else EasyPlayer)(seed * 10 + s) for s in range(players)]
    out = [st]
    while not st.over:
        st = apply(st, bots[st.active].choose(st))
        out.append(st)
    return out


@pytest.mark.parametrize("players,seed", [(3, 2), (4, 4)])
def test_the_fast_player_value_is_the_reference(players: int, seed: int) -> None:
    positions = _positions(players, seed)
    assert positions[-1].over
    owned = 0
    for st in positions[::3] + positions[-3:]:
        for seat in range(players):
            owned += st.buildings.count(seat) + st.goods.count(seat)
            for w in (MEDIUM_WEIGHTS, EASY_WEIGHTS, TUNED[players]):
                for turns in (0.0, 0.5, 1.0, 2.5, 8.0):
                    fast = player_value(st, seat, turns, w)
                    slow = player_value_reference(st, seat, turns, w)
                    assert fast == slow, (seat, turns, st.to_dict())
    assert owned > 0  # the positions do hold goods and buildings


def test_the_score_now_at_the_end_is_the_final_score() -> None:
    st = _positions(4, 6)[-1]
    assert st.over
    assert [score_now(st, seat) for seat in range(4)] == final_scores(st)
    for seat in range(4):
        assert int(player_value(st, seat, 0.0, MEDIUM_WEIGHTS)) == final_scores(st)[seat]


class _Afresh(TurnPlanner):
    """The planner valuing every position it looks at, even one it has valued already."""

    def resolve_after_move(self, st: State) -> tuple[list[Step], State, float]:
        steps, final, _ = super().resolve_after_move(st)
        return steps, final, self.value(final)

    def candidates(self, st: State) -> list[tuple[list[Step], State, float | None]]:
        return [(steps, child, None) for steps, child, _ in super().candidates(st)]


@pytest.mark.parametrize("players,seed", [(3, 3), (4, 5)])
def test_the_planner_plans_as_one_that_values_every_position_afresh(players: int,
                                                                    seed: int) -> None:
    weights: list[Weights] = [MEDIUM_WEIGHTS, EASY_WEIGHTS, TUNED[players]]
    after_move = 0
    for i, st in enumerate(_positions(players, seed)[::2]):
        if st.over:
            continue
        after_move += st.phase == AFTER_MOVE
        config = PlannerConfig(weights=weights[i % 3], calm=i % 4 == 1,
                               beam=8 if i % 5 == 0 else 4)
        assert TurnPlanner(config).ranked_plans(st, 4) == _Afresh(config).ranked_plans(st, 4)
    assert after_move > 0  # a plan from the middle of a voyage is among them
