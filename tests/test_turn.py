"""A turn: two action points, free actions, ending, one discovery, the after-move phase."""

from __future__ import annotations

from helpers import ANN, BOB, THREE, play, player, refusal, refused, town


def test_a_turn_has_two_action_points() -> None:
    st = play("""
        employ
        employ
    """)
    assert (st.active, st.action_points) == (ANN, 0)
    assert refused("""
        employ
        employ
        employ
    """) == "employ: no action points left"


def test_the_same_action_may_be_taken_twice_and_end_passes_to_the_next_seat() -> None:
    st = play("""
        employ      # Ann: 2 -> 1 wealth
        employ      # Ann: 1 -> 0
        end
    """)
    assert (st.active, st.action_points, st.turn) == (BOB, 2, 2)
    assert (player(st, ANN)["wealth"], player(st, ANN)["stock"]) == (0, 5)


def test_free_actions_are_allowed_after_both_points_are_spent() -> None:
    st = play("""
        move L-1
        done
        employ          # both points spent: wealth 1, Lisboa 1
        return 1        # free: the ship goes home
    """)
    ann = player(st, ANN)
    assert (st.action_points, ann["lisboa"], ann["ships"], ann["wealth"]) == (0, 2, {}, 1)
    assert st.active == ANN, "the turn goes on until the player ends it"


def test_a_turn_may_end_with_points_unspent() -> None:
    st = play("""
        employ
        end         # Ann forfeits her second point
        end         # Bob forfeits both
    """)
    assert (st.active, st.action_points) == (2, 2)
    assert player(st, BOB)["wealth"] == 2 and player(st, BOB)["stock"] == 7


def test_unspent_points_are_not_carried_over() -> None:
    assert refused("""
        end         # Ann
        end         # Bob
        end         # Cy
        end         # Dan
        employ
        employ
        employ
    """) == "employ: no action points left"


def test_a_move_with_no_ships_is_legal_and_costs_a_point() -> None:
    st = play("""
        move
        done
    """)
    assert (st.action_points, st.phase) == (1, "actions")
    assert player(st, ANN)["lisboa"] == 1


def test_end_is_refused_while_the_after_move_phase_is_open() -> None:
    assert refused("""
        move L-1
        end
    """) == "end: finish the voyage first: cargo, map, build or done"


def test_actions_wait_until_the_after_move_phase_is_closed() -> None:
    assert refused("""
        move L-1
        employ
    """) == "employ: employ must wait: finish the voyage (done) first"
    assert refused("""
        move L-1
        move 1-2
    """) == "move 1-2: move must wait: finish the voyage (done) first"


def test_cargo_done_and_map_only_follow_a_move() -> None:
    assert refused("cargo 1g1") == "cargo 1g1: cargo only follows a move"
    assert refused("done") == "done: done only follows a move"
    assert refused("map") == "map: map only follows a move"
    assert refused("""
        move L-1
        done
        cargo 1g1
    """) == "cargo 1g1: cargo only follows a move"


def test_free_actions_are_allowed_in_the_after_move_phase() -> None:
    st = play("""
        move L-1
        return 1
    """)
    assert (st.phase, player(st, ANN)["lisboa"], player(st, ANN)["ships"]) == (
        "after-move", 1, {})


def test_one_discovery_per_turn_over_both_move_actions() -> None:
    steps = """
        employ              # Ann: Lisboa 2
        move L-1 L-1
        done
        end
        end
        end
        move 1-2 1-2
        done
        move 2-3 2-3
        done
        end
        end
        end
        move 3-4            # discovers town 4
        done
        move 3-4            # the second ship may follow into the town now face up
        done
        end
        end
        end
    """
    st = play(steps, players=THREE)
    assert st.revealed == 4 and player(st, ANN)["ships"] == {"4": 2}
    assert refused(steps + """
        move 4-5            # discovers town 5
        done
        move 5-6
    """, players=THREE) == "move 5-6: you have already entered an undiscovered town this turn"


def test_only_one_ship_per_turn_enters_a_face_down_town() -> None:
    steps = """
        employ
        move L-1 L-1
        done
        end
        end
        end
        move 1-2 1-2
        done
        move 2-3 2-3
        done
        end
        end
        end
    """
    assert refused(steps + "move 3-4 3-4", players=THREE) == (
        "move 3-4 3-4: only one ship per turn may enter an undiscovered town")


def test_the_next_turn_may_discover_again() -> None:
    st = play("""
        move L-1
        done
        move 1-2
        done
        end
        end
        end
        move 2-3
        done
        move 3-4        # town 4
        done
        end
        end
        end
        move 4-5        # town 5, a new turn
        done
    """, players=THREE)
    assert st.revealed == 5 and town(st, 5)["face_up"] and not town(st, 6)["face_up"]


def test_a_step_with_extra_words_is_refused_with_its_line() -> None:
    err = refusal("""
        employ
        employ 2
    """)
    assert err.line == 5 and err.message == "employ 2: employ takes no more words"


def test_steps_are_made_by_the_player_whose_turn_it_is() -> None:
    st = play("""
        end
        employ      # Bob
    """)
    assert player(st, BOB)["lisboa"] == 2 and player(st, ANN)["lisboa"] == 1
