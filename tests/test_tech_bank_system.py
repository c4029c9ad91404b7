"""Bank System (II, 3): once per turn, pay 2 wealth, gain 1 VP."""

from __future__ import annotations

from helpers import ANN, ANN_RICH, THREE, play, player, refused

BANKER = ANN_RICH + """
    tech bank-system        # wealth 6 -> 3, Lisboa 2
"""


def test_bank_pays_two_for_one_vp_as_a_free_action() -> None:
    st = play(BANKER + "bank", players=THREE)
    ann = player(st, ANN)
    assert (ann["wealth"], ann["vp"], ann["lisboa"], st.action_points) == (1, 2, 2, 0)


def test_once_per_turn() -> None:
    st = play(ANN_RICH + """
        employ                  # wealth 5
        end
        end
        end
        tech bank-system        # 5 -> 2
        bank                    # 2 -> 0
    """, players=THREE)
    assert player(st, ANN)["vp"] == 2
    assert refused(BANKER + """
        bank
        bank
    """, players=THREE) == "bank: Bank System was already used this turn"


def test_a_banker_emptied_by_the_payment_becomes_the_historian() -> None:
    st = play(ANN_RICH + """
        return historian        # VP 0, Lisboa 2
        employ                  # wealth 5, Lisboa 4
        end
        end
        end
        tech bank-system        # wealth 2
        move L-1 L-1 L-1 L-1    # Lisboa 0
        done
        bank                    # 2 -> 0: the banker reaches Lisboa and becomes the historian
    """, players=THREE)
    ann = player(st, ANN)
    assert (ann["wealth"], ann["vp"], ann["bankers"], ann["historians"], ann["lisboa"]) == (
        0, 1, 0, 1, 0)


def test_bank_needs_two_wealth_and_the_technology() -> None:
    assert refused(BANKER + """
        bank
        end
        end
        end
        bank
    """, players=THREE) == "bank: Bank System costs 2 and you have 1"
    assert refused("bank") == "bank: you do not own Bank System"
