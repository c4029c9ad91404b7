"""Harbor Maintenance (I, 2): +1 VP per full 3 markers launched from Lisboa in a move
action, via a stronghold or not; not limited to once per turn."""

from __future__ import annotations

from helpers import ANN, ANN_RICH, DAN, THREE, play, player

# Dan (wealth 4): Harbor Maintenance, then four markers on Lisboa and no historian.
DAN_HARBOR = """
    end
    end
    end
    tech harbor-maintenance     # Dan: wealth 2
    employ                      # wealth 1, Lisboa 2
    end
    end
    end
    end
    employ                      # wealth 0: banker and marker to Lisboa (4)
"""


def test_three_launches_score_one_vp() -> None:
    st = play(DAN_HARBOR + "move L-1 L-1 L-1")
    dan = player(st, DAN)
    # the fourth Lisboa marker becomes the historian
    assert (dan["vp"], dan["historians"], dan["lisboa"], dan["ships"]) == (1, 1, 0, {"1": 3})


def test_only_full_threes_count() -> None:
    st = play(DAN_HARBOR + "move L-1 L-1")
    assert (player(st, DAN)["vp"], player(st, DAN)["lisboa"]) == (0, 2)


def test_moving_ships_already_at_sea_is_not_launching() -> None:
    st = play(DAN_HARBOR + """
        move L-1
        done
        end
        end
        end
        end
        move 1-2 L-1 L-1            # one ship moves, two launch
    """)
    assert player(st, DAN)["vp"] == 0


def test_not_limited_to_once_per_turn() -> None:
    st = play(DAN_HARBOR + """
        move L-1 L-1 L-1            # VP 1
        done
        end
        end
        end
        end
        return 1
        return 1
        return 1                    # three back on Lisboa, free
        move L-1 L-1 L-1            # VP 2
        done
        return 1
        return 1
        return 1
        move L-1 L-1 L-1            # VP 3
    """)
    assert player(st, DAN)["vp"] == 3


def test_launches_below_a_stronghold_count() -> None:
    st = play(ANN_RICH + """
        tech harbor-maintenance     # wealth 6 -> 4, Lisboa 2
        end
        end
        end
        move L-1 L-1
        done
        build 1b1                   # stronghold: wealth 2
        end
        end
        end
        employ
        employ                      # wealth 0, Lisboa 3
        end
        end
        end
        move L@1-2 L-1 L@1          # three launched, two of them via the stronghold
    """, players=THREE)
    ann = player(st, ANN)
    assert ann["ships"] == {"1": 3, "2": 1}
    assert (ann["vp"], ann["lisboa"]) == (2, 0)


def test_launching_every_lisboa_marker_leaves_none_for_the_historian() -> None:
    # the VP is gained after the move: Lisboa is empty and Dan has no historian
    st = play(DAN_HARBOR + "move L-1 L-1 L-1 L-1")
    dan = player(st, DAN)
    assert (dan["vp"], dan["historians"], dan["lisboa"], dan["ships"]) == (0, 0, 0, {"1": 4})


def test_harbor_vp_and_discovery_vp_together() -> None:
    st = play(ANN_RICH + """
        tech harbor-maintenance     # wealth 4, Lisboa 2
        end
        end
        end
        move L-1 L-1
        done
        move 1-2 1-2
        done
        end
        end
        end
        employ                      # Lisboa 1
        employ                      # Lisboa 2
        end
        end
        end
        move 2-3 2-3
        done
        move 3-4 L-1 L-1            # discovery +1, two launches: no harbor VP
    """, players=THREE)
    assert (player(st, ANN)["vp"], st.revealed) == (2, 4)
