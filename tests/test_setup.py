"""Setup: the start position, the deal and the header of a record."""

from __future__ import annotations

import pytest
from helpers import ANN, BOB, CY, DAN, THREE, TOWNS, TOWNS_3, places, play, player, town

from game.cards import CARDS
from game.deal import deal_towns
from game.record import RecordError, parse_record


def test_four_players_start_with_13_markers_stock_7_and_wealth_2_2_3_4() -> None:
    st = play("")
    for seat, wealth in zip((ANN, BOB, CY, DAN), (2, 2, 3, 4), strict=True):
        assert places(st, seat) == {
            "stock": 7, "lisboa": 1, "ships": 0, "goods": 0, "buildings": 0,
            "bankers": 1, "historians": 0, "ship builder": 1, "scientists": 3,
        }
        p = player(st, seat)
        assert (p["wealth"], p["vp"], p["speed"], p["ships"], p["techs"]) == (
            wealth, 0, 1, {}, [])
    assert [p["color"] for p in st.to_json()["players"]] == ["red", "blue", "green", "yellow"]


def test_start_of_play_belongs_to_the_first_seat_with_two_action_points() -> None:
    summary = play("").to_json()
    assert (summary["active"], summary["action_points"], summary["phase"]) == (0, 2, "actions")
    assert (summary["over"], summary["winners"], summary["india"]) == (False, None, None)


def test_towns_one_to_three_are_face_up_and_the_rest_face_down() -> None:
    st = play("")
    assert [town(st, p)["face_up"] for p in range(1, 13)] == [True] * 3 + [False] * 9
    assert [town(st, p)["card"] for p in range(1, 13)] == TOWNS.split()
    assert all(town(st, p)["goods"] == [None, None] for p in range(1, 13))


def test_three_players_play_with_nine_towns_and_wealth_2_2_3() -> None:
    st = play("", players=THREE)
    assert st.size == 9 and len(st.to_json()["towns"]) == 9
    assert [player(st, s)["wealth"] for s in range(3)] == [2, 2, 3]
    assert [player(st, s)["stock"] for s in range(3)] == [7, 7, 7]


@pytest.mark.parametrize(("players", "towns", "why"), [
    (THREE, TOWNS, "line 3: 3 players play with 9 towns, [Towns] has 12"),
    ("Ann, Bob, Cy, Dan", TOWNS_3, "line 3: 4 players play with 12 towns, [Towns] has 9"),
    ("Ann, Bob", "T01 T02", "line 2: [Players] needs 3 or 4 names, got 2"),
    (THREE, "T01 T01 T02 T03 T04 T05 T06 T07 T08", "line 3: [Towns] names a card twice"),
    (THREE, "T01 T02 T03 T04 T05 T06 T07 T08 T13", "line 3: [Towns] names an unknown card 'T13'"),
])
def test_a_deal_that_does_not_fit_the_players_is_refused(players: str, towns: str,
                                                          why: str) -> None:
    text = f'[Game "Sail to India"]\n[Players "{players}"]\n[Towns "{towns}"]\nend\n'
    with pytest.raises(RecordError) as info:
        parse_record(text)
    assert str(info.value) == why


def test_first_game_deal_puts_the_recommended_towns_first() -> None:
    for seed in range(5):
        four = deal_towns(4, seed, first_game=True)
        assert four[:3] == ["T01", "T07", "T12"]
        assert sorted(four) == sorted(CARDS.towns)
        three = deal_towns(3, seed, first_game=True)
        assert three[:3] == ["T01", "T07", "T12"] and len(set(three)) == 9


def test_a_random_deal_uses_every_card_once_and_three_players_drop_three() -> None:
    four = deal_towns(4, 7)
    assert sorted(four) == sorted(CARDS.towns)
    assert deal_towns(4, 7) == four, "a seed fixes the deal"
    three = deal_towns(3, 7)
    assert len(three) == 9 and len(set(three)) == 9 and set(three) <= set(CARDS.towns)


def test_header_tags_and_variant_are_read_case_insensitively() -> None:
    text = ('[game "Sail to India"]\n[PLAYERS "Ann, Bob, Cy"]\n'
            f'[towns "{TOWNS_3.lower()}"]\n[Variant "Ship-Only-Build"]\n[Event "club"]\n')
    record = parse_record(text)
    assert record.towns == TOWNS_3.split() and record.variant == "ship-only-build"
    assert record.tag("event") == "club"


@pytest.mark.parametrize(("extra", "why"), [
    ('[Variant "ships"]', "line 4: unknown [Variant] 'ships' (known: standard, ship-only-build)"),
    ('[Players "X, Y, Z"]', "line 4: [Players] is given twice"),
])
def test_bad_header_lines_are_refused_with_their_line(extra: str, why: str) -> None:
    text = f'[Game "Sail to India"]\n[Players "{THREE}"]\n[Towns "{TOWNS_3}"]\n{extra}\n'
    with pytest.raises(RecordError) as info:
        parse_record(text)
    assert str(info.value) == why
