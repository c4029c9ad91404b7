"""Drop targets: each kind of marker offers exactly the zones the engine accepts."""

from __future__ import annotations

from game.record import parse_record, replay
from game.state import State
from scenes.table.targets import Staging, drops_for, explain, sale_preview, shown_state

HEADER = '[Players "Ann, Bob, Cy"]\n[Towns "T01 T07 T12 T05 T03 T09 T02 T11 T08"]\n'


def at(steps: str) -> State:
    return replay(parse_record(HEADER + steps))


def test_stock_to_lisboa_is_employ() -> None:
    drops = drops_for(at(""), ("stock", 0), Staging())
    assert drops == {"lisboa": drops["lisboa"]} and str(drops["lisboa"].step) == "employ"
    assert drops_for(at(""), ("stock", 1), Staging()) == {}, "not your marker"


def test_builder_to_next_speed_space() -> None:
    drops = drops_for(at(""), ("builder", 0), Staging())
    assert list(drops) == ["speed_0_2"] and str(drops["speed_0_2"].step) == "speed"
    assert drops_for(at("employ\n"), ("builder", 0), Staging()) == {}, "1 wealth cannot pay 2"


def test_scientist_to_affordable_free_technologies() -> None:
    drops = drops_for(at(""), ("scientist", 0), Staging())
    assert set(drops) == {"tech_metallurgy", "tech_geography", "tech_printing-press",
                          "tech_harbor-maintenance", "tech_architecture", "tech_map"}
    assert str(drops["tech_map"].step) == "tech map"


def test_lisboa_marker_stages_a_launch_within_speed() -> None:
    drops = drops_for(at(""), ("lisboa", 0), Staging())
    assert list(drops) == ["sea_1"] and drops["sea_1"].stage_move == (0, 0, 1)


def test_staged_voyage_limits_further_moves() -> None:
    st = at("employ\nend\nend\nend\n")  # Ann has 2 markers on Lisboa, speed 1
    staging = Staging(moves=[(0, 0, 1)])
    assert "sea_1" in drops_for(st, ("lisboa", 0), staging)
    staging.moves.append((0, 0, 1))
    assert drops_for(st, ("lisboa", 0), staging) == {}, "only two markers on Lisboa"
    shown = shown_state(st, staging)
    assert shown.ships_at(0, 1) == 2 and shown.lisboa[0] == 0
    assert st.ships_at(0, 1) == 0 and st.lisboa[0] == 2, "the real state is untouched"
    assert str(staging.voyage_step()) == "move L-1 L-1"


def test_ship_builds_and_cargo_after_move() -> None:
    st = at("move L-1\n")
    drops = drops_for(st, ("ship", 0, 1), Staging())
    assert str(drops["goods_1_1"].step) == "cargo 1g1"
    assert str(drops["goods_1_2"].step) == "cargo 1g2"
    assert "building_1_1" not in drops, "no Architecture: no build after a move"
    st = at("move L-1\ndone\n")
    drops = drops_for(st, ("ship", 0, 1), Staging())
    assert str(drops["building_1_1"].step) == "build 1b1"
    assert drops["sea_2"].stage_move == (1, 0, 2)


def test_goods_stage_a_sale_and_build_from_the_town() -> None:
    st = at("move L-1\ncargo 1g1\ndone\n")
    drops = drops_for(st, ("good", 1, 1), Staging())
    assert drops["lisboa"].stage_good == ("g", 1, 1)
    assert str(drops["building_1_2"].step) == "build 1b2 from 1g1"
    staging = Staging(sale=[("g", 1, 1)])
    assert sale_preview(st, staging) == (1, 1, 0)
    assert str(staging.sale_step()) == "sell 1g1"
    assert drops_for(st, ("good", 1, 1), staging) == {}, "already staged"


def test_refused_drops_say_why_in_the_engines_words() -> None:
    st = at("")
    assert explain(st, ("lisboa", 0), "sea_3", Staging()) == "speed is 1, sea 3 is 3 away"
    assert explain(st, ("scientist", 0), "tech_renaissance", Staging()) == (
        "Renaissance costs 4 and you have 2")
    assert explain(st, ("stock", 0), "sea_1", Staging()) == "nowhere"
    assert explain(st, ("lisboa", 0), "sea_1", Staging()) is None
    st = at("move L-1\ncargo 1g1\ndone\n")
    assert explain(st, ("good", 1, 1), "lisboa", Staging(moves=[(0, 0, 1)])) == "staging"


def test_launch_through_a_stronghold_when_direct_is_too_far() -> None:
    st = at("end\nend\nmove L-1\ndone\nbuild 1b1\nend\nend\nend\nemploy\n")
    drops = drops_for(st, ("lisboa", 2), Staging())
    assert drops["sea_1"].stage_move == (0, 0, 1)
    assert drops["sea_2"].stage_move == (0, 1, 2), "L@1-2: from the stronghold at 1"
