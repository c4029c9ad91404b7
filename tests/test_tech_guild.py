"""Guild (III, 4): +2 VP at the end per marketplace you own."""

from __future__ import annotations

from helpers import ANN, ANN_RICH, THREE, play

from game.scoring import breakdown

GUILD = ANN_RICH + """
    tech guild              # wealth 6 -> 2
    end
    end
    end
    move L-1
    done
    move 1-2
    done
    end
    end
    end
"""


def test_two_per_marketplace() -> None:
    st = play(GUILD + "build 2b2", players=THREE)  # marketplace (coffee)
    b = breakdown(st, ANN)
    assert (b.marketplaces, b.tech_bonus) == (1, {"guild": 2})
    assert b.total == 1 + 1 + 2


def test_a_church_is_not_a_marketplace() -> None:
    st = play(GUILD + "build 2b1", players=THREE)  # church
    b = breakdown(st, ANN)
    assert b.tech_bonus == {"guild": 0} and b.total == 1 + 2
