"""The end: India or two empty stocks, the final round, the score and the tiebreaks."""

from __future__ import annotations

from helpers import ANN, ANN_RICH, BOB, CY, THREE, play, player, refused, town

from game.scoring import breakdown, deciding_tiebreak, final_scores

# Three players race to India (position 9) at speed 2, one discovery per turn.
# Ann and Bob paid their last wealth for speed, so their bankers wait on Lisboa for
# the first discovery VP; Cy (wealth 1 after speed) launched his only Lisboa marker.
RACE = """
    speed               # Ann: wealth 0, Lisboa 2
    move L-2
    done
    end
    speed               # Bob: wealth 0, Lisboa 2
    move L-2
    done
    end
    speed               # Cy: wealth 1, Lisboa 1
    move L-2
    done
    end
    move 2-4            # Ann discovers 4: VP 1
    done
    end
    move 2-4            # Bob
    done
    move 4-5            # Bob discovers 5: VP 1
    done
    end
    move 2-4            # Cy
    done
    move 4-6            # Cy discovers 6: the VP is lost, Lisboa is empty
    done
    end
    move 4-6            # Ann
    done
    move 6-7            # Ann discovers 7: VP 2
    done
    end
    move 5-7            # Bob
    done
    move 7-8            # Bob discovers 8: VP 2
    done
    end
    move 6-8            # Cy
    done
"""
INDIA = RACE + "move 8-9"   # Cy discovers India


def test_discovering_india_triggers_the_final_round() -> None:
    st = play(INDIA, players=THREE)
    summary = st.to_json()
    assert (summary["final_round"], summary["over"], summary["india"]) == (True, False, "Cy")
    assert town(st, 9)["face_up"] and st.revealed == 9
    assert [player(st, s)["vp"] for s in (ANN, BOB, CY)] == [2, 2, 0]


def test_india_is_worth_two_vp() -> None:
    st = play(RACE + """
        return banker       # Cy: wealth 0, a marker on Lisboa for the historian
        move 8-9            # +1 VP for the town, +1 for India
    """, players=THREE)
    assert (player(st, CY)["vp"], player(st, CY)["lisboa"]) == (2, 0)


def test_the_triggering_player_finishes_the_turn() -> None:
    st = play(INDIA + """
        done
        return 9            # free actions still allowed
    """, players=THREE)
    assert (st.active, st.over) == (CY, False) and player(st, CY)["lisboa"] == 1


def test_every_other_player_gets_exactly_one_more_turn() -> None:
    st = play(INDIA + """
        done
        end                 # Cy's turn ends
    """, players=THREE)
    assert (st.active, st.over) == (ANN, False)
    st = play(INDIA + """
        done
        end
        end                 # Ann's last turn
    """, players=THREE)
    assert (st.active, st.over) == (BOB, False)
    st = play(INDIA + """
        done
        end
        end
        end                 # Bob's last turn: the game is over, Cy does not play again
    """, players=THREE)
    assert st.over
    assert refused(INDIA + """
        done
        end
        end
        end
        end
    """, players=THREE) == "end: the game is over"


def test_final_scores_and_a_shared_win() -> None:
    st = play(INDIA + """
        done
        end
        end
        end
    """, players=THREE)
    summary = st.to_json()
    assert [p["score"] for p in summary["players"]] == [2, 2, 0]
    # Ann and Bob tie on points, wealth (0) and historian VP (2); Cy found India but
    # has fewer points
    assert sorted(summary["winners"]) == ["Ann", "Bob"]
    assert deciding_tiebreak(st, st.scores) == "shared"


def test_tie_goes_to_the_india_discoverer() -> None:
    st = play(RACE + """
        return banker
        move 8-9            # Cy: VP 2
        done
        end
        end
        end
    """, players=THREE)
    assert st.scores == [2, 2, 2]
    assert st.to_json()["winners"] == ["Cy"]
    assert deciding_tiebreak(st, st.scores) == "india"


def test_then_most_wealth() -> None:
    st = play(INDIA + """
        done
        end
        move                # Ann's last turn: her ship at 7 takes cargo and sells it
        cargo 7g1
        done
        sell 7g1            # wealth 1, no VP
        end
        end
    """, players=THREE)
    assert st.scores == [2, 2, 0] and player(st, ANN)["wealth"] == 1
    assert st.to_json()["winners"] == ["Ann"]
    assert deciding_tiebreak(st, st.scores) == "wealth"


# Ann and Cy each empty their stock of 7 (Cy at turn 18); Bob builds a stronghold.
STOCK = """
    employ
    employ              # Ann: wealth 0, stock 5, Lisboa 4
    end
    move L-1            # Bob
    done
    build 1b1           # Bob's stronghold: wealth 0
    end
    employ
    employ              # Cy: wealth 1, stock 5, Lisboa 3
    end
    move L-1 L-1 L-1 L-1
    cargo 1g1
    cargo 1g2
    done
    move 1-2 1-2
    cargo 2g1
    cargo 2g2
    done
    end
    end
    employ              # Cy: wealth 0, stock 4, Lisboa 5
    end
    sell 1g1 1g2 2g1 2g2    # Ann: wealth 4, VP 1
    employ              # stock 4
    end
    end
    move L-1 L-1 L-1 L-1 L-1    # Cy
    cargo 1g1
    cargo 1g2
    done
    move 1-2 1-2 1-2
    cargo 2g1
    cargo 2g2
    done
    end
    employ
    employ              # Ann: stock 2, wealth 1
    end
    end
    sell 1g1 1g2 2g1 2g2    # Cy: wealth 4, VP 1
    employ              # stock 3
    end
    employ              # Ann: stock 1, wealth 0
    move L-1
    cargo 1g1
    done
    end
    end
    employ
    employ              # Cy: stock 1, wealth 1
    end
    sell 1g1            # Ann: wealth 1
    employ              # Ann: stock 0 (one empty stock is not enough)
    end
    move L-1            # Bob
    cargo 1g2
    done
    sell 1g2            # Bob: wealth 1
    end
"""
"""Turn 18, Cy to move with stock 1, wealth 1, a ship in sea 2; Ann's stock is empty;
Bob has wealth 1 and a stronghold."""


def test_one_empty_stock_does_not_end_the_game() -> None:
    st = play(STOCK, players=THREE)
    assert [player(st, s)["stock"] for s in (ANN, BOB, CY)] == [0, 7, 1]
    assert (st.active, st.turn, st.final_round) == (CY, 18, False)


def test_two_empty_stocks_trigger_the_final_round() -> None:
    st = play(STOCK + "employ", players=THREE)
    assert [player(st, s)["stock"] for s in (ANN, BOB, CY)] == [0, 7, 0]
    assert st.final_round and not st.over and st.action_points == 1


def test_end_by_stock_with_the_final_round() -> None:
    st = play(STOCK + """
        employ              # Cy: the second empty stock
        move 2-3            # Cy finishes his turn
        done
        end
        end                 # Ann's last turn
        employ              # Bob: the condition is checked again, which changes nothing
        end                 # Bob's last turn
    """, players=THREE)
    assert st.over and player(st, BOB)["stock"] == 6
    assert st.scores == [1, 1, 1]
    b = breakdown(st, BOB)
    assert (b.historian_vp, b.strongholds, b.total) == (0, 1, 1)
    # all tie on points and on wealth (0); Bob has less historian VP
    assert sorted(st.to_json()["winners"]) == ["Ann", "Cy"]


def test_then_most_historian_vp() -> None:
    st = play(STOCK + """
        employ
        return historian    # Cy gives up his VP: 0 points
        end
        end
        employ              # Bob: wealth 0
        end
    """, players=THREE)
    assert st.scores == [1, 1, 0]
    assert [player(st, s)["wealth"] for s in (ANN, BOB)] == [0, 0]
    assert st.to_json()["winners"] == ["Ann"]
    assert deciding_tiebreak(st, st.scores) == "vp"


def test_no_employ_once_the_stock_is_empty_in_the_final_round() -> None:
    assert refused(STOCK + """
        employ
        end
        employ              # Ann
    """, players=THREE) == "employ: your stock is empty"


def test_building_points_in_the_score() -> None:
    st = play(ANN_RICH + """
        employ              # wealth 5, Lisboa 3
        end
        end
        end
        move L-1 L-1
        done
        build 1b2           # church: 2 points; wealth 3
        end
        end
        end
        move 1-2
        done
        build 2b2           # marketplace: 1 point; wealth 1
    """, players=THREE)
    b = breakdown(st, ANN)
    assert (b.churches, b.marketplaces, b.strongholds, b.historian_vp) == (1, 1, 0, 1)
    assert b.building_points == {"stronghold": 0, "church": 2, "marketplace": 1}
    assert b.total == 4 and final_scores(st) == [4, 0, 0]
