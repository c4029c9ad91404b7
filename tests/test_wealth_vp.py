"""Wealth and VP: bankers and historians, Lisboa markers, surplus, payment then gain."""

from __future__ import annotations

from helpers import ANN, ANN_FOUR_GOODS, ANN_RICH, THREE, places, play, player, refused


def test_gaining_from_zero_wealth_turns_a_lisboa_marker_into_a_banker() -> None:
    # Lisboa is empty and Ann has no banker: the sold marker reaches Lisboa first
    st = play(ANN_FOUR_GOODS + "sell 1g1", players=THREE)
    ann = player(st, ANN)
    # the sold marker reaches Lisboa first, then becomes the banker holding 1
    assert (ann["wealth"], ann["bankers"], ann["lisboa"]) == (1, 1, 0)


def test_a_sale_needing_a_banker_and_a_historian_takes_both_from_lisboa() -> None:
    st = play(ANN_FOUR_GOODS + "sell 1g1 1g2 2g1 2g2", players=THREE)
    ann = player(st, ANN)
    assert (ann["wealth"], ann["vp"], ann["bankers"], ann["historians"], ann["lisboa"]) == (
        4, 1, 1, 1, 2)


def test_the_rich_opening() -> None:
    st = play(ANN_RICH, players=THREE)
    ann = player(st, ANN)
    assert (ann["wealth"], ann["vp"], ann["lisboa"], ann["stock"]) == (6, 1, 1, 5)
    assert st.bankers(ANN) == [5, 1] and st.historians(ANN) == [1]
    assert st.action_points == 1


def test_paying_2_from_6_sends_a_banker_back_to_lisboa() -> None:
    st = play(ANN_RICH + "speed", players=THREE)
    assert st.bankers(ANN) == [4]
    assert (player(st, ANN)["lisboa"], player(st, ANN)["stock"]) == (2, 5)
    places(st, ANN)


def test_bankers_are_reshuffled_after_a_payment() -> None:
    # 5 + 1 pay 1: the engine keeps one full banker (5), not 4 + 1
    st = play(ANN_RICH + "employ", players=THREE)
    assert st.bankers(ANN) == [5]
    assert player(st, ANN)["lisboa"] == 3  # banker back + the employed marker


def test_the_first_vp_needs_a_marker_on_lisboa() -> None:
    voyage = """
        move L-1            # Ann's only Lisboa marker
        done
        move 1-2
        done
        end
        end
        end
        move 2-3
        done
    """
    lost = play(voyage + """
        move 3-4            # town 4: +1 VP, but no historian and Lisboa is empty
    """, players=THREE)
    ann = player(lost, ANN)
    assert lost.revealed == 4 and (ann["vp"], ann["historians"], ann["lisboa"]) == (0, 0, 0)

    kept = play(voyage + """
        employ              # Lisboa 1
        end
        end
        end
        move 3-4            # +1 VP: the Lisboa marker becomes the first historian
    """, players=THREE)
    ann = player(kept, ANN)
    assert (ann["vp"], ann["historians"], ann["lisboa"], ann["wealth"]) == (1, 1, 0, 1)


def test_returning_a_new_historian_declines_it() -> None:
    st = play(ANN_FOUR_GOODS + """
        sell 1g1 1g2 2g1 2g2
        return historian
    """, players=THREE)
    ann = player(st, ANN)
    assert (ann["vp"], ann["historians"], ann["lisboa"], ann["wealth"]) == (0, 0, 3, 4)


def test_a_payment_cannot_exceed_the_wealth() -> None:
    assert refused("""
        end
        end
        end
        speed       # Dan: 4 -> 2
        speed       # 4 for speed 3, only 2 left
    """) == "speed: raising speed to 3 costs 4 and you have 2"
