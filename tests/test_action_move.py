"""Move ships: moving and launching, discovery, face-down towns, strongholds, the
after-move phase (cargo, done)."""

from __future__ import annotations

from helpers import ANN, BOB, THREE, play, player, refusal, refused, town


def test_launching_a_lisboa_marker_opens_the_after_move_phase() -> None:
    st = play("move L-1")
    ann = player(st, ANN)
    assert (ann["ships"], ann["lisboa"], st.phase, st.action_points) == (
        {"1": 1}, 0, "after-move", 1)


def test_a_ship_moves_at_most_speed_cards() -> None:
    assert refused("move L-2") == "move L-2: speed is 1, sea 2 is 2 away"
    assert refused("""
        move L-1
        done
        move 1-3
    """) == "move 1-3: speed is 1, sea 3 is 2 away from sea 1"


def test_ships_move_toward_lisboa_too() -> None:
    st = play("""
        move L-1
        done
        move 1-2
        done
        end
        end
        end
        end
        move 2-1
        done
    """)
    assert player(st, ANN)["ships"] == {"1": 1}


def test_ships_never_stand_on_lisboa_going_home_is_return() -> None:
    assert refused("""
        move L-1
        done
        move 1-0
    """) == "move 1-0: there is no sea 0"
    assert refused("""
        move L-1
        done
        move 1-L
    """) == "move 1-L: '1-l' is not a ship move like L-3, 2-5 or L@4-6"


def test_a_ship_move_must_end_in_another_sea() -> None:
    assert refused("""
        move L-1
        done
        move 1-1
    """) == "move 1-1: a ship move must end in another sea"


def test_each_ship_moves_at_most_once_per_move_action() -> None:
    # the launched marker cannot go on from sea 1 in the same action
    assert refused("move L-1 1-2") == "move L-1 1-2: you have no ship in sea 1"
    assert refused("""
        move L-1
        done
        move 1-2 1-2
    """) == "move 1-2 1-2: you move 2 ships from sea 1 but have 1 there"


def test_a_ship_may_move_again_in_the_second_move_action() -> None:
    st = play("""
        move L-1
        done
        move 1-2
        done
    """)
    assert player(st, ANN)["ships"] == {"2": 1} and st.action_points == 0


def test_launching_more_markers_than_lisboa_holds_is_refused() -> None:
    assert refused("move L-1 L-1") == "move L-1 L-1: you launch 2 but have 1 on Lisboa"


def test_ships_of_several_players_share_a_sea() -> None:
    st = play("""
        move L-1
        done
        end
        move L-1        # Bob
        done
    """)
    assert player(st, ANN)["ships"] == {"1": 1} and player(st, BOB)["ships"] == {"1": 1}


def test_entering_a_face_down_town_discovers_it_for_one_vp() -> None:
    st = play("""
        employ              # a Lisboa marker for the historian
        move L-1
        done
        end
        end
        end
        move 1-2
        done
        move 2-3
        done
        end
        end
        end
        move 3-4
    """, players=THREE)
    assert town(st, 4)["face_up"] and not town(st, 5)["face_up"]
    ann = player(st, ANN)
    assert (ann["vp"], ann["historians"], ann["lisboa"], ann["ships"]) == (1, 1, 0, {"4": 1})
    assert st.phase == "after-move"


def test_ships_cannot_pass_a_face_down_town() -> None:
    assert refused("""
        speed
        move L-2
        done
        end
        end
        end
        move 2-3
        done
        move 3-5
    """, players=THREE) == "move 3-5: sea 5 lies beyond the undiscovered town at 4"


def test_discovery_comes_after_all_ships_have_moved() -> None:
    # the ship entering 4 does not open the way for the other ship in the same action
    assert refused("""
        speed               # wealth 0: the banker goes to Lisboa (Lisboa 2)
        move L-2 L-2
        done
        end
        end
        end
        move 2-3 2-3
        done
        move 3-4 3-5
    """, players=THREE) == "move 3-4 3-5: sea 5 lies beyond the undiscovered town at 4"


def test_stronghold_lets_a_lisboa_marker_start_below_it() -> None:
    record = """
        move L-1
        done
        build 1b1           # stronghold, wealth 2 -> 0: the banker goes to Lisboa
        end
        end
        end
    """
    st = play(record + "move L@1-2", players=THREE)
    ann = player(st, ANN)
    assert (ann["ships"], ann["lisboa"]) == ({"2": 1}, 0)
    assert town(st, 1)["buildings"] == ["red", None]
    stay = play(record + "move L@1", players=THREE)
    assert player(stay, ANN)["ships"] == {"1": 1}
    assert refused(record + "move L-2", players=THREE) == "move L-2: speed is 1, sea 2 is 2 away"


def test_stronghold_launch_moves_up_to_speed_from_the_stronghold() -> None:
    assert refused("""
        move L-1
        done
        build 1b1
        end
        end
        end
        move L@1-3
    """, players=THREE) == "move L@1-3: speed is 1, sea 3 is 2 away from sea 1"


def test_only_a_stronghold_of_your_own_launches() -> None:
    assert refused("move L@1") == "move L@1: you have no stronghold at 1"
    assert refused("""
        move L-1
        done
        build 1b2           # a church, not a stronghold
        end
        end
        end
        move L@1
    """, players=THREE) == "move L@1: you have no stronghold at 1"
    assert refused("""
        move L-1
        done
        build 1b1           # Ann's stronghold
        end
        move L@1            # Bob
    """, players=THREE) == "move L@1: you have no stronghold at 1"


def test_cargo_turns_a_ship_into_a_trade_good() -> None:
    st = play("""
        move L-1
        cargo 1g2
        done
    """)
    assert town(st, 1)["goods"] == [None, "red"]
    assert player(st, ANN)["ships"] == {} and st.phase == "actions"


def test_cargo_may_use_a_ship_that_did_not_move_in_this_action() -> None:
    st = play("""
        move L-1
        done
        move
        cargo 1g1
    """)
    assert town(st, 1)["goods"] == ["red", None]


def test_cargo_needs_a_ship_below_the_town_and_an_empty_space() -> None:
    assert refused("""
        move L-1
        cargo 2g1
    """) == "cargo 2g1: you have no ship in sea 2"
    assert refused("""
        move L-1
        cargo 1g1
        done
        end
        move L-1        # Bob
        cargo 1g1
    """) == "cargo 1g1: 1g1 is already taken by Ann"


def test_a_refused_move_names_its_line() -> None:
    err = refusal("""
        move L-1
        done
        move L-1
    """)
    assert err.line == 6
    assert err.message == "move L-1: you launch 1 but have 0 on Lisboa"
