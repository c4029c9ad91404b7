"""Employ marker: pay 1, one marker from stock to Lisboa."""

from __future__ import annotations

from helpers import ANN, ANN_RICH, BOB, THREE, places, play, player, refused


def test_employ_pays_one_and_moves_one_marker_from_stock_to_lisboa() -> None:
    st = play("employ")
    ann = player(st, ANN)
    assert (ann["wealth"], ann["stock"], ann["lisboa"], st.action_points) == (1, 6, 2, 1)
    assert player(st, BOB)["stock"] == 7


def test_paying_the_last_wealth_sends_the_banker_to_lisboa_not_stock() -> None:
    st = play("""
        employ
        employ      # wealth 1 -> 0: the banker goes to Lisboa
    """)
    assert places(st, ANN) | {} == {
        "stock": 5, "lisboa": 4, "ships": 0, "goods": 0, "buildings": 0,
        "bankers": 0, "historians": 0, "ship builder": 1, "scientists": 3,
    }


def test_employ_without_wealth_is_refused() -> None:
    assert refused("""
        employ
        employ
        end
        end         # Bob
        end         # Cy
        end         # Dan
        employ
    """) == "employ: employing a marker costs 1 and you have 0"


def test_employ_from_an_empty_stock_is_refused() -> None:
    steps = ANN_RICH + """
        employ          # stock 4 (wealth 6 -> 5: one banker back to Lisboa)
        end
        end
        end
        employ          # stock 3
        employ          # stock 2
        end
        end
        end
        employ          # stock 1
        employ          # stock 0, wealth 1
        end
        end
        end
    """
    st = play(steps, players=THREE)
    assert (player(st, ANN)["stock"], player(st, ANN)["wealth"]) == (0, 1)
    assert player(st, ANN)["lisboa"] == 7  # 1 + a banker + 5 employed
    assert refused(steps + "employ", players=THREE) == "employ: your stock is empty"


def test_one_marker_per_employ() -> None:
    st = play("""
        end
        end
        end
        employ      # Dan: 4 -> 3
    """)
    dan = player(st, 3)
    assert (dan["wealth"], dan["stock"], dan["lisboa"], dan["bankers"]) == (3, 6, 2, 1)
