"""The ship-only-build variant: only a ship in the town's sea builds."""

from __future__ import annotations

from helpers import ANN, play, player, refused, town

SHIP_ONLY = "ship-only-build"


def test_building_from_a_trade_good_is_refused() -> None:
    assert refused("""
        move L-1
        cargo 1g1
        done
        build 1b1 from 1g1
    """, variant=SHIP_ONLY) == (
        "build 1b1 from 1g1: in these rules only a ship in the sea can build")


def test_building_from_a_building_is_refused() -> None:
    assert refused("""
        end
        end
        end
        move L-1            # Dan
        done
        build 1b1
        end
        end
        end
        end
        build 1b2 from 1b1
    """, variant=SHIP_ONLY) == (
        "build 1b2 from 1b1: in these rules only a ship in the sea can build")


def test_building_with_a_ship_is_allowed() -> None:
    st = play("""
        move L-1
        done
        build 1b1
    """, variant=SHIP_ONLY)
    assert town(st, 1)["buildings"] == ["red", None] and player(st, ANN)["wealth"] == 0
    assert st.to_json()["variant"] == SHIP_ONLY


def test_the_same_build_from_a_trade_good_is_legal_in_the_standard_game() -> None:
    st = play("""
        move L-1
        cargo 1g1
        done
        build 1b1 from 1g1
    """, variant="standard")
    assert town(st, 1)["buildings"] == ["red", None] and st.variant == "standard"
