"""Metallurgy (I, 0): technologies cost you 1 less, never below 0."""

from __future__ import annotations

from helpers import ANN, DAN, play, player


def test_metallurgy_itself_costs_nothing() -> None:
    st = play("tech metallurgy")
    assert (player(st, ANN)["wealth"], player(st, ANN)["techs"]) == (2, ["metallurgy"])


def test_later_technologies_cost_one_less() -> None:
    st = play("""
        tech metallurgy
        tech map            # 2 - 1
    """)
    assert player(st, ANN)["wealth"] == 1
    st = play("""
        end
        end
        end
        tech metallurgy
        tech bank-system    # Dan: 3 - 1 = 2
    """)
    assert player(st, DAN)["wealth"] == 2


def test_the_discount_never_goes_below_zero() -> None:
    st = play("""
        employ
        employ              # wealth 0
        end
        end
        end
        end
        tech metallurgy     # 0
        tech geography      # 1 - 1 = 0
    """)
    ann = player(st, ANN)
    assert (ann["wealth"], ann["techs"]) == (0, ["metallurgy", "geography"])
    assert ann["lisboa"] == 4
