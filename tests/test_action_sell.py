"""Sell trade goods: distinct types plus marketplaces, the wealth and VP tables."""

from __future__ import annotations

from helpers import ANN, ANN_FOUR_GOODS, THREE, play, player, refused, town

SIX_TYPES = ANN_FOUR_GOODS + """
    sell 1g1 1g2 2g1 2g2    # wealth 4, VP 1, Lisboa 2
    move L-1 L-1
    done
    end
    end
    end
    employ                  # wealth 3, Lisboa 1
    move 1-2 1-2 L-1
    cargo 1g1               # gold
    done
    end
    end
    end
    build 2b2               # marketplace (coffee) with the ship in sea 2: wealth 1
    employ                  # wealth 0: Lisboa 2
    return historian        # VP 0: Lisboa 3
    end
    end
    end
    move 2-3 L-1 L-1 L-1
    cargo 3g1               # sugar
    done
    move 1-2 1-2 1-2
    cargo 2g1               # jewels
    cargo 2g2               # cloth
    done
    end
    end
    end
    move 2-3
    cargo 3g2               # spices
    done
"""
"""Ann (wealth 0, VP 0, Lisboa 0, 1 point) owns the coffee marketplace on 2b2 and
trade goods of the five other types on 1g1 2g1 2g2 3g1 3g2."""


def test_selling_six_types_with_a_marketplace() -> None:
    st = play(SIX_TYPES + "sell 1g1 2g1 2g2 3g1 3g2", players=THREE)
    ann = player(st, ANN)
    # six types: wealth 6 (two bankers) and VP 4 (one historian), all from Lisboa
    assert (ann["wealth"], ann["vp"], ann["lisboa"]) == (6, 4, 2)
    assert st.bankers(ANN) == [5, 1] and st.historians(ANN) == [4]
    assert town(st, 2)["buildings"] == [None, "red"], "a marketplace is never returned"
    assert [town(st, p)["goods"] for p in (1, 2, 3)] == [[None, None]] * 3


def test_five_types_without_the_marketplace() -> None:
    st = play(SIX_TYPES + """
        return 2b2
        sell 1g1 2g1 2g2 3g1 3g2
    """, players=THREE)
    ann = player(st, ANN)
    assert (ann["wealth"], ann["vp"], ann["lisboa"]) == (5, 2, 4)


def test_two_types_give_two_wealth_and_no_vp() -> None:
    st = play(ANN_FOUR_GOODS + "sell 1g1 1g2", players=THREE)
    ann = player(st, ANN)
    assert (ann["wealth"], ann["vp"], ann["lisboa"], st.action_points) == (2, 0, 1, 1)
    assert town(st, 1)["goods"] == [None, None] and town(st, 2)["goods"] == ["red", "red"]


def test_three_types_give_three_wealth_and_one_vp() -> None:
    st = play(ANN_FOUR_GOODS + "sell 1g1 1g2 2g1", players=THREE)
    ann = player(st, ANN)
    assert (ann["wealth"], ann["vp"], ann["lisboa"]) == (3, 1, 1)


def test_two_goods_of_one_type_count_once() -> None:
    st = play("""
        employ
        move L-1 L-1
        cargo 1g1           # gold of T01
        done
        end
        end
        end
        move 1-2
        cargo 2g1           # gold of T02
        done
        sell 1g1 2g1
    """, players=THREE, towns="T01 T02 T07 T12 T05 T03 T09 T11 T08")
    ann = player(st, ANN)
    assert (ann["wealth"], ann["vp"], ann["lisboa"]) == (2, 0, 2)


MARKET = ANN_FOUR_GOODS + """
    sell 1g1 1g2            # wealth 2
    build 2b2 from 2g2      # the cloth good becomes the coffee marketplace: wealth 0
    end
    end
    end
"""


def test_a_marketplace_adds_its_type() -> None:
    st = play(MARKET + "sell 2g1", players=THREE)  # jewels + coffee marketplace
    ann = player(st, ANN)
    assert (ann["wealth"], ann["vp"], ann["lisboa"]) == (2, 0, 2)


def test_a_marketplace_type_already_sold_is_not_counted_twice() -> None:
    st = play(MARKET + """
        move L-1 L-1
        cargo 1g1               # gold
        cargo 1g2               # coffee, as the marketplace
        done
        sell 1g1 1g2 2g1        # gold, coffee, jewels: 3 types, not 4
    """, players=THREE)
    ann = player(st, ANN)
    assert (ann["wealth"], ann["vp"], ann["lisboa"]) == (3, 1, 1)


def test_a_marketplace_alone_cannot_be_sold() -> None:
    assert refused(MARKET + "sell 2b2", players=THREE) == (
        "sell 2b2: '2b2' is not a goods space like 3g1")
    assert refused(MARKET + "sell", players=THREE) == "sell: sell needs at least one space"


def test_only_your_own_trade_goods_are_sold() -> None:
    assert refused(ANN_FOUR_GOODS + """
        end
        sell 1g1                # Bob
    """, players=THREE) == "sell 1g1: 1g1 is not your trade good"
    assert refused(ANN_FOUR_GOODS + "sell 3g1", players=THREE) == (
        "sell 3g1: 3g1 is not your trade good")


def test_a_space_named_twice_is_refused() -> None:
    assert refused(ANN_FOUR_GOODS + "sell 1g1 1g1", players=THREE) == (
        "sell 1g1 1g1: sell names 1g1 twice")


def test_a_sale_costs_an_action_point() -> None:
    assert refused(ANN_FOUR_GOODS + """
        sell 1g1
        sell 1g2
        sell 2g1
    """, players=THREE) == "sell 2g1: no action points left"
