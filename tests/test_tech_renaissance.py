"""Renaissance (III, 4): +3 VP at the end, not kept by historians."""

from __future__ import annotations

from helpers import DAN, play, player

from game.scoring import breakdown, final_scores


def test_renaissance_scores_three_at_the_end() -> None:
    st = play("""
        end
        end
        end
        tech renaissance        # Dan: wealth 4 -> 0
    """)
    dan = player(st, DAN)
    assert (dan["wealth"], dan["vp"], dan["historians"], dan["techs"]) == (
        0, 0, 0, ["renaissance"])
    b = breakdown(st, DAN)
    assert b.tech_bonus == {"renaissance": 3} and b.total == 3
    assert final_scores(st) == [0, 0, 0, 3]


def test_without_renaissance_no_bonus() -> None:
    st = play("""
        end
        end
        end
        tech factory
    """)
    assert breakdown(st, DAN).tech_bonus == {} and final_scores(st)[DAN] == 0
