"""Acquire technology: pay its cost, a scientist moves onto it; one owner, three each."""

from __future__ import annotations

from helpers import ANN, BOB, DAN, play, player, refused


def test_acquiring_pays_the_cost_and_moves_a_scientist() -> None:
    st = play("tech map")
    ann = player(st, ANN)
    assert (ann["techs"], ann["wealth"], ann["lisboa"], st.action_points) == (["map"], 0, 2, 1)
    assert st.scientists_home(ANN) == 2 and st.tech_owner_of("map") == ANN


def test_each_technology_cost_from_the_cards() -> None:
    st = play("""
        end
        end
        end
        tech bank-system    # Dan: 4 - 3
    """)
    assert player(st, DAN)["wealth"] == 1
    assert refused("tech bank-system") == "tech bank-system: Bank System costs 3 and you have 2"
    assert refused("tech renaissance") == "tech renaissance: Renaissance costs 4 and you have 2"


def test_a_technology_has_one_owner_forever() -> None:
    assert refused("""
        tech map
        end
        tech map            # Bob
    """) == "tech map: Map already belongs to Ann"
    assert refused("""
        tech geography
        tech geography
    """) == "tech geography: you already own Geography"


def test_at_most_three_technologies_per_player() -> None:
    steps = """
        tech metallurgy         # cost 0
        tech geography          # 1 - 1 = 0
        end
        end
        end
        end
        tech printing-press     # 1 - 1 = 0, and +1 VP
    """
    st = play(steps)
    ann = player(st, ANN)
    assert ann["techs"] == ["metallurgy", "geography", "printing-press"]
    assert (ann["wealth"], ann["vp"], st.scientists_home(ANN)) == (2, 1, 0)
    assert refused(steps + "tech map") == (
        "tech map: all three of your scientists already hold technologies")


def test_unknown_technology_is_refused() -> None:
    assert refused("tech compass") == "tech compass: unknown technology 'compass'"


def test_acquiring_costs_an_action_point() -> None:
    assert refused("""
        employ
        tech metallurgy
        tech geography
    """) == "tech geography: no action points left"


def test_another_players_technology_does_not_help_you() -> None:
    st = play("""
        tech metallurgy     # Ann
        end
        tech map            # Bob pays the full 2
    """)
    assert player(st, BOB)["wealth"] == 0 and player(st, ANN)["wealth"] == 2
