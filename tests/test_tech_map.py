"""Map (II, 2): on discovering a town, may pay 1 for +1 VP."""

from __future__ import annotations

from helpers import DAN, play, player, refused

# Dan (wealth 4): Map, two ships in sea 3 next to the face-down town 4, Lisboa empty,
# wealth 1, a new turn.
DAN_AT_3 = """
    end
    end
    end
    tech map                # Dan: wealth 2
    employ                  # wealth 1, Lisboa 2
    end
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
    end
    move 2-3 2-3
    done
    end
    end
    end
    end
"""


def test_map_pays_one_for_one_vp_and_the_emptied_banker_becomes_the_historian() -> None:
    st = play(DAN_AT_3 + """
        move 3-4            # town 4: the discovery VP is lost (no historian, Lisboa empty)
        map                 # pay the last 1: the banker goes to Lisboa and becomes a historian
    """)
    dan = player(st, DAN)
    assert (dan["wealth"], dan["vp"], dan["bankers"], dan["historians"], dan["lisboa"]) == (
        0, 1, 0, 1, 0)


def test_map_is_optional() -> None:
    st = play(DAN_AT_3 + """
        move 3-4
        done
    """)
    assert (player(st, DAN)["wealth"], player(st, DAN)["vp"]) == (1, 0)


def test_map_once_per_discovery() -> None:
    assert refused(DAN_AT_3 + """
        move 3-4
        return 4            # a Lisboa marker for the VP
        map
        map
    """) == "map: Map needs a town discovered in this move, and only once"


def test_map_only_for_a_town_discovered_in_this_action() -> None:
    assert refused(DAN_AT_3 + """
        move 3-4
        done
        move 4-3
        map
    """) == "map: Map needs a town discovered in this move, and only once"
    assert refused(DAN_AT_3 + "map") == "map: map only follows a move"


def test_map_needs_the_technology() -> None:
    assert refused("""
        move
        map
    """) == "map: you do not own Map"
