"""The evaluation every level plans with: the fast ``player_value`` gives the very
same numbers as its plain reference, on positions from real games (buildings,
marketplaces, goods, ships, technologies, the final round and the end)."""

from __future__ import annotations

import pytest
from reference import player_value_reference

from game.ai import EasyPlayer, MediumPlayer
from game.ai.evaluate import (
    EASY_WEIGHTS,
    MEDIUM_WEIGHTS,
    player_value,
    score_now,
)
from game.deal import deal_towns
from game.rules import apply
from game.scoring import final_scores
from game.state import State

NAMES = ("Ann", "Bea", "Cy", "Dan")


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
            for w in (MEDIUM_WEIGHTS, EASY_WEIGHTS):
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
