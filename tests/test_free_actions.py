"""Free actions: return a ship, trade good, building, banker or historian to Lisboa."""

from __future__ import annotations

from helpers import ANN, ANN_FOUR_GOODS, ANN_RICH, THREE, places, play, player, refused, town


def test_return_a_ship() -> None:
    st = play("""
        move L-1
        done
        return 1
    """)
    ann = player(st, ANN)
    assert (ann["ships"], ann["lisboa"], st.action_points) == ({}, 1, 1)


def test_return_a_trade_good_and_a_building() -> None:
    st = play("""
        end
        end
        end
        employ              # Dan: wealth 3, Lisboa 2
        move L-1 L-1
        cargo 1g1
        done
        end
        end
        end
        end
        build 1b1           # with the ship: wealth 1
        return 1g1
        return 1b1
    """)
    dan = player(st, 3)
    assert town(st, 1)["goods"] == [None, None] and town(st, 1)["buildings"] == [None, None]
    assert (dan["lisboa"], dan["wealth"], st.action_points) == (2, 1, 1)
    places(st, 3)


def test_return_banker_takes_the_smallest_with_its_holding() -> None:
    st = play(ANN_RICH + "return banker", players=THREE)  # 5 + 1: the 1 goes
    ann = player(st, ANN)
    assert (ann["wealth"], ann["bankers"], ann["lisboa"]) == (5, 1, 2)
    st = play(ANN_RICH + """
        return banker
        return banker       # the full one
    """, players=THREE)
    assert (player(st, ANN)["wealth"], player(st, ANN)["lisboa"]) == (0, 3)


def test_return_historian_takes_its_vp() -> None:
    st = play(ANN_FOUR_GOODS + """
        sell 1g1 1g2 2g1 2g2
        return historian
    """, players=THREE)
    assert (player(st, ANN)["vp"], player(st, ANN)["lisboa"]) == (0, 3)


def test_returns_need_something_to_return() -> None:
    assert refused("return 1") == "return 1: you have no ship in sea 1"
    assert refused("return 1g1") == "return 1g1: you have no marker on 1g1"
    assert refused("return 1b1") == "return 1b1: you have no marker on 1b1"
    assert refused("return historian") == "return historian: you have no historian"
    assert refused("""
        employ
        employ
        return banker
    """) == "return banker: you have no banker"
    assert refused("return 13") == "return 13: there is no town at 13"


def test_only_your_own_markers_return() -> None:
    assert refused("""
        move L-1
        cargo 1g1
        done
        end
        return 1g1          # Bob
    """) == "return 1g1: you have no marker on 1g1"


def test_free_actions_do_not_cost_action_points() -> None:
    st = play("""
        move L-1
        done
        return 1
        move L-1
        done
        return 1
        return banker
    """)
    ann = player(st, ANN)
    assert (st.action_points, ann["lisboa"], ann["wealth"]) == (0, 2, 0)


def test_scientists_and_ship_builder_never_return() -> None:
    assert refused("return scientist") == (
        "return scientist: 'scientist' is not a space like 3g1 or 3b2")
