"""Build building: pay 2, a ship in the town's sea or a marker already on the town."""

from __future__ import annotations

from helpers import ANN, DAN, THREE, play, player, refused, town


def test_build_with_a_ship_in_the_sea() -> None:
    st = play("""
        move L-1
        done
        build 1b2           # church of T01
    """)
    ann = player(st, ANN)
    assert town(st, 1)["buildings"] == [None, "red"]
    assert (ann["ships"], ann["wealth"], ann["bankers"], ann["lisboa"]) == ({}, 0, 0, 1)
    assert st.action_points == 0


def test_build_from_a_trade_good_on_the_town() -> None:
    st = play("""
        move L-1
        cargo 1g1
        done
        build 1b1 from 1g1
    """)
    assert town(st, 1)["goods"] == [None, None]
    assert town(st, 1)["buildings"] == ["red", None]
    assert player(st, ANN)["wealth"] == 0


def test_build_from_another_building_on_the_town() -> None:
    st = play("""
        end
        end
        end
        move L-1            # Dan, wealth 4
        done
        build 1b1           # 4 -> 2
        end
        end
        end
        end
        build 1b2 from 1b1  # 2 -> 0: the marker moves from the stronghold to the church
    """)
    assert town(st, 1)["buildings"] == [None, "yellow"]
    assert player(st, DAN)["wealth"] == 0


def test_the_builder_must_be_on_the_same_town() -> None:
    assert refused("""
        move L-1
        cargo 1g1
        done
        build 2b1 from 1g1
    """) == "build 2b1 from 1g1: the builder must already be on the town at 2"


def test_the_builder_must_be_your_own_marker() -> None:
    assert refused("""
        move L-1
        cargo 1g1
        done
        end
        build 1b1 from 1g1      # Bob
    """) == "build 1b1 from 1g1: you have no marker on 1g1"
    assert refused("""
        move L-1
        done
        end
        build 1b1               # Bob has no ship in sea 1
    """) == "build 1b1: you have no ship in sea 1 to build with"


def test_an_occupied_building_space_is_refused() -> None:
    assert refused("""
        move L-1
        done
        build 1b1
        end
        move L-1                # Bob
        done
        build 1b1
    """) == "build 1b1: 1b1 is already built on by Ann"


def test_build_on_a_face_down_or_missing_town_is_refused() -> None:
    assert refused("build 4b1") == "build 4b1: the town at 4 is not discovered yet"
    assert refused("build 13b1") == "build 13b1: there is no town at 13"
    assert refused("build 10b1", players=THREE) == "build 10b1: there is no town at 10"


def test_build_costs_two() -> None:
    assert refused("""
        employ                  # wealth 1
        move L-1
        done
        end
        end
        end
        end
        build 1b1
    """) == "build 1b1: a building costs 2 and you have 1"


def test_build_costs_an_action_point() -> None:
    assert refused("""
        end
        end
        end
        move L-1 # Dan
        done
        employ
        build 1b1
    """) == "build 1b1: no action points left"


def test_build_right_after_a_move_needs_architecture() -> None:
    assert refused("""
        move L-1
        build 1b1
    """) == "build 1b1: after a move only Architecture lets you build; you do not own it"
