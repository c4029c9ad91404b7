"""Eastern India Incorporated (III, 4): +2 VP at the end per stronghold you own."""

from __future__ import annotations

from helpers import ANN, ANN_RICH, THREE, play

from game.scoring import breakdown

EASTERN = ANN_RICH + """
    tech eastern-india      # wealth 6 -> 2
    end
    end
    end
    move L-1 L-1
    done
"""


def test_two_per_stronghold() -> None:
    st = play(EASTERN + "build 1b1", players=THREE)
    b = breakdown(st, ANN)
    assert (b.strongholds, b.tech_bonus) == (1, {"eastern-india": 2})
    assert b.total == 1 + 1 + 2


def test_a_returned_stronghold_no_longer_counts() -> None:
    st = play(EASTERN + """
        build 1b1
        return 1b1
    """, players=THREE)
    b = breakdown(st, ANN)
    assert b.tech_bonus == {"eastern-india": 0} and b.total == 1
