"""Mission Church (III, 4): +2 VP at the end per church you own."""

from __future__ import annotations

from helpers import ANN, ANN_RICH, THREE, play

from game.scoring import breakdown, final_scores

MISSION = ANN_RICH + """
    tech mission-church     # wealth 6 -> 2
    end
    end
    end
    move L-1 L-1
    done
"""


def test_two_per_church() -> None:
    st = play(MISSION + "build 1b2", players=THREE)  # T01's church: wealth 0
    b = breakdown(st, ANN)
    assert (b.churches, b.tech_bonus) == (1, {"mission-church": 2})
    assert b.total == 1 + 2 + 2  # VP, church, bonus
    assert final_scores(st)[ANN] == 5


def test_other_buildings_do_not_count() -> None:
    st = play(MISSION + "build 1b1", players=THREE)  # a stronghold
    b = breakdown(st, ANN)
    assert b.tech_bonus == {"mission-church": 0} and b.total == 1 + 1
