"""Geography (I, 1): once per turn, trade goods and buildings go back to their own sea."""

from __future__ import annotations

from helpers import DAN, play, player, refused, town

# Dan (wealth 4): Geography, a trade good on 1g1 and a stronghold on 1b1.
DAN_ON_LAND = """
    end
    end
    end
    tech geography          # Dan: wealth 3
    move L-1
    cargo 1g1
    done
    end
    end
    end
    end
    employ                  # wealth 2, Lisboa 1
    move L-1
    done
    end
    end
    end
    end
    build 1b1               # wealth 0
"""


def test_goods_and_buildings_become_ships_in_their_own_sea() -> None:
    st = play(DAN_ON_LAND + "geography 1g1 1b1")
    assert town(st, 1)["goods"] == [None, None] and town(st, 1)["buildings"] == [None, None]
    dan = player(st, DAN)
    assert (dan["ships"], dan["lisboa"]) == ({"1": 2}, 1)  # the last banker went to Lisboa
    assert st.action_points == 1, "a free action"


def test_geography_is_once_per_turn() -> None:
    assert refused(DAN_ON_LAND + """
        geography 1g1
        geography 1b1
    """) == "geography 1b1: Geography was already used this turn"


def test_geography_again_next_turn() -> None:
    st = play(DAN_ON_LAND + """
        geography 1g1
        end
        end
        end
        end
        geography 1b1
    """)
    assert player(st, DAN)["ships"] == {"1": 2}


def test_the_ship_lands_in_the_sea_of_its_own_town() -> None:
    st = play("""
        end
        end
        end
        tech geography
        move L-1
        done
        end
        end
        end
        end
        move 1-2
        cargo 2g2
        done
        geography 2g2
    """)
    assert player(st, DAN)["ships"] == {"2": 1}


def test_geography_needs_the_technology_and_your_own_markers() -> None:
    assert refused("""
        move L-1
        cargo 1g1
        done
        geography 1g1
    """) == "geography 1g1: you do not own Geography"
    assert refused(DAN_ON_LAND + "geography 1g2") == "geography 1g2: you have no marker on 1g2"
    assert refused(DAN_ON_LAND + "geography") == "geography: geography needs at least one space"
    assert refused(DAN_ON_LAND + "geography 1g1 1g1") == (
        "geography 1g1 1g1: geography names 1g1 twice")
