"""Factory (II, 3): +1 wealth when selling."""

from __future__ import annotations

from helpers import ANN, ANN_RICH, BOB, THREE, play, player

FACTORY = ANN_RICH + """
    tech factory            # wealth 6 -> 3, Lisboa 2
    end
    end
    end
    move L-1 L-1
    cargo 1g1
    cargo 1g2
    done
"""


def test_factory_adds_one_wealth_to_a_sale() -> None:
    st = play(FACTORY + "sell 1g1 1g2", players=THREE)  # 2 types + 1
    ann = player(st, ANN)
    assert (ann["wealth"], ann["vp"], ann["lisboa"]) == (6, 1, 1)


def test_factory_on_a_single_good() -> None:
    st = play(FACTORY + "sell 1g1", players=THREE)
    assert player(st, ANN)["wealth"] == 5


def test_only_the_owner_gains() -> None:
    st = play(FACTORY + """
        sell 1g1 1g2        # Ann
        end
        move L-1            # Bob
        cargo 1g1
        done
        end
        end                 # Cy
        end                 # Ann
        sell 1g1            # Bob: 2 + 1 type, no Factory
    """, players=THREE)
    assert player(st, BOB)["wealth"] == 3
