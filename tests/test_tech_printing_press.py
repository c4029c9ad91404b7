"""Printing Press (I, 1): once per turn, +1 VP on acquiring a technology (this one too)."""

from __future__ import annotations

from helpers import ANN, play, player


def test_printing_press_scores_for_itself() -> None:
    st = play("tech printing-press")
    ann = player(st, ANN)
    assert (ann["wealth"], ann["vp"], ann["historians"], ann["lisboa"]) == (1, 1, 1, 0)


def test_once_per_turn() -> None:
    st = play("""
        tech printing-press     # VP 1
        tech metallurgy         # no VP this turn
        end
        end
        end
        end
        tech geography          # 1 - 1 = 0: VP 2
    """)
    ann = player(st, ANN)
    assert (ann["vp"], ann["wealth"]) == (2, 1)


def test_acquired_second_in_a_turn_it_still_scores() -> None:
    st = play("""
        tech metallurgy
        tech printing-press     # 0 with Metallurgy, +1 VP
    """)
    assert (player(st, ANN)["vp"], player(st, ANN)["wealth"]) == (1, 2)


def test_a_banker_emptied_by_the_payment_becomes_the_historian() -> None:
    st = play("""
        employ                  # wealth 1, Lisboa 2
        move L-1 L-1            # Lisboa 0
        done
        end
        end
        end
        end
        tech printing-press     # pays the last 1: banker to Lisboa, then it is the historian
    """)
    ann = player(st, ANN)
    assert (ann["wealth"], ann["vp"], ann["bankers"], ann["historians"], ann["lisboa"]) == (
        0, 1, 0, 1, 0)


def test_the_use_is_spent_even_when_the_vp_is_lost() -> None:
    st = play("""
        move L-1                # Lisboa 0
        done
        end
        end
        end
        end
        tech printing-press     # no historian, no Lisboa marker: the VP is lost
        return 1                # now a Lisboa marker...
        tech metallurgy         # ...but the use is spent
    """)
    ann = player(st, ANN)
    assert (ann["vp"], ann["lisboa"], ann["wealth"]) == (0, 1, 1)
    assert ann["techs"] == ["metallurgy", "printing-press"]
