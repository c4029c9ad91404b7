"""Increase ship speed: pay 2 for 1 -> 2, pay 4 for 2 -> 3, one step per action."""

from __future__ import annotations

from helpers import ANN, ANN_RICH, THREE, play, player, refused


def test_speed_one_to_two_costs_two() -> None:
    st = play("speed")
    ann = player(st, ANN)
    assert (ann["speed"], ann["wealth"], ann["bankers"], ann["lisboa"]) == (2, 0, 0, 2)
    assert st.action_points == 1


def test_one_step_per_action_and_two_to_three_costs_four() -> None:
    st = play(ANN_RICH + """
        speed           # 6 -> 4, speed 2
        end
        end
        end
        speed           # 4 -> 0, speed 3
    """, players=THREE)
    ann = player(st, ANN)
    assert (ann["speed"], ann["wealth"], ann["bankers"], ann["lisboa"]) == (3, 0, 0, 3)


def test_speed_beyond_three_is_refused() -> None:
    assert refused(ANN_RICH + """
        speed
        end
        end
        end
        speed
        speed
    """, players=THREE) == "speed: your ships already sail at speed 3"


def test_speed_that_cannot_be_paid_is_refused() -> None:
    assert refused("""
        employ
        speed
    """) == "speed: raising speed to 2 costs 2 and you have 1"
    assert refused(ANN_RICH + """
        employ          # wealth 5
        end
        end
        end
        speed           # 5 -> 3
        speed           # 2 -> 3 costs 4
    """, players=THREE) == "speed: raising speed to 3 costs 4 and you have 3"


def test_speed_two_reaches_two_seas_and_no_further() -> None:
    st = play("""
        speed
        move L-2
    """)
    assert player(st, ANN)["ships"] == {"2": 1}
    assert refused("""
        speed
        move L-3
    """) == "move L-3: speed is 2, sea 3 is 3 away"
