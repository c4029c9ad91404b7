"""Architecture (II, 2): once per turn, after moving ships, build without an action
point (paying 2)."""

from __future__ import annotations

from helpers import ANN, ANN_RICH, DAN, THREE, play, player, refused, town

DAN_ARCHITECT = """
    end
    end
    end
    tech architecture       # Dan: wealth 2
"""


def test_build_after_the_move_without_an_action_point() -> None:
    st = play(DAN_ARCHITECT + """
        move L-1
        build 1b1
        done
    """)
    dan = player(st, DAN)
    assert town(st, 1)["buildings"] == ["yellow", None]
    assert (dan["wealth"], dan["ships"], st.action_points) == (0, {}, 0)


def test_the_architecture_build_may_use_a_marker_on_the_town() -> None:
    st = play(DAN_ARCHITECT + """
        move L-1
        cargo 1g2
        build 1b2 from 1g2
        done
    """)
    assert town(st, 1)["goods"] == [None, None] and town(st, 1)["buildings"] == [None, "yellow"]


def test_once_per_turn() -> None:
    assert refused(ANN_RICH + """
        tech architecture       # wealth 4
        end
        end
        end
        move L-1 L-1
        build 1b1               # wealth 2
        done
        move 1-2
        build 2b1
    """, players=THREE) == "build 2b1: Architecture was already used this turn"


def test_only_in_the_after_move_phase() -> None:
    # after done, a build is the ordinary action and needs a point
    assert refused(DAN_ARCHITECT + """
        move L-1
        done
        build 1b1
    """) == "build 1b1: no action points left"


def test_the_ordinary_build_still_costs_a_point_with_architecture() -> None:
    st = play(ANN_RICH + """
        tech architecture       # wealth 4
        end
        end
        end
        move L-1 L-1            # Lisboa 0
        done
        build 1b1               # an action: no move before it in this phase
    """, players=THREE)
    assert st.action_points == 0 and player(st, ANN)["wealth"] == 2


def test_the_architecture_build_still_costs_two() -> None:
    assert refused("""
        tech architecture       # Ann: wealth 0
        move L-1
        build 1b1
    """) == "build 1b1: a building costs 2 and you have 0"
