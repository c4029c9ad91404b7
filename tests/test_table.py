"""The table, driven by synthesised mouse events at positions taken from the layout.

One test at least for every row of the drag mapping (issue 3), refusals that slide
back with the engine's reason, the hot-seat handoff, and a whole game played through
the table by events alone.
"""

from __future__ import annotations

import random

import pygame
import pytest
from tablehelp import TOWNS, table_at

from game.bench import careless_step
from game.record import parse_record
from scenes.core.app import App
from scenes.core.session import Session
from scenes.screens.scoring import ScoringScene
from scenes.selftest.gestures import Hand
from scenes.table.scene import TableScene
from scenes.ui.overlays import Confirm, ContextMenu, Handoff


def steps_of(hand: Hand) -> list[str]:
    return hand.table.session.steps


def test_stock_to_lisboa_employs(app: App) -> None:
    hand = table_at(app, [])
    hand.drag(hand.at("stock_0"), hand.at("lisboa"))
    assert steps_of(hand) == ["employ"]
    assert hand.table.state.lisboa[0] == 2 and hand.table.state.stock[0] == 6


def test_ship_builder_to_next_speed_space(app: App) -> None:
    hand = table_at(app, [])
    hand.drag(hand.at("speed_0_1"), hand.at("speed_0_2"))
    assert steps_of(hand) == ["speed"] and hand.table.state.speed[0] == 2


def test_scientist_to_technology_acquires_it(app: App) -> None:
    hand = table_at(app, [])
    hand.drag(hand.at("scientist_0_1"), hand.at("tech_map"))
    assert steps_of(hand) == ["tech map"] and hand.table.state.has_tech(0, "map")


def test_voyage_is_staged_then_committed_as_one_move(app: App) -> None:
    hand = table_at(app, ["employ", "end", "end", "end"])  # Ann: 2 markers on Lisboa
    hand.drag(hand.at("lisboa_0"), hand.at("sea_1"))
    hand.drag(hand.at("lisboa_0"), hand.at("sea_1"))
    table = hand.table
    assert steps_of(hand)[-1] == "end", "staged moves are not steps yet"
    assert table.staging.moves == [(0, 0, 1), (0, 0, 1)]
    assert table.button_states()["button_sail"] == "normal"
    hand.click(hand.at("button_sail"))
    assert steps_of(hand)[-1] == "move L-1 L-1"
    assert table.state.ships_at(0, 1) == 2 and table.staging.empty


def test_enter_commits_the_staged_voyage(app: App) -> None:
    hand = table_at(app, [])
    hand.drag(hand.at("lisboa_0"), hand.at("sea_1"))
    hand.key(pygame.K_RETURN)
    assert steps_of(hand) == ["move L-1"]


def test_ship_sails_and_undo_takes_back_a_staged_move(app: App) -> None:
    hand = table_at(app, ["move L-1", "done", "end", "end", "end"])
    hand.drag(hand.at("ship_1_0"), hand.at("sea_2"))
    assert hand.table.staging.moves == [(1, 0, 2)]
    hand.click(hand.at("button_undo"))
    assert hand.table.staging.empty and steps_of(hand)[-1] == "end"
    hand.drag(hand.at("ship_1_0"), hand.at("sea_2"))
    hand.click(hand.at("button_sail"))
    assert steps_of(hand)[-1] == "move 1-2"


def test_entering_a_face_down_town_flips_it_at_commit(app: App) -> None:
    hand = table_at(app, ["move L-1", "done", "end", "end", "end", "move 1-2", "done", "end",
                          "end", "end", "move 2-3", "done", "end", "end", "end"])
    table = hand.table
    hand.drag(hand.at("ship_3_0"), hand.at("sea_4"))
    assert table.state.revealed == 3, "still face down while staged"
    hand.click(hand.at("button_sail"))
    assert steps_of(hand)[-1] == "move 3-4" and table.state.revealed == 4
    assert any("discovers the town at 4" in text for _, text, _ in table.log)


def test_launch_through_a_stronghold(app: App) -> None:
    # Cy builds a stronghold at 1, employs, and launches beyond speed from it.
    hand = table_at(app, ["end", "end", "move L-1", "done", "build 1b1", "end", "end", "end",
                          "employ"])
    hand.drag(hand.at("lisboa_2"), hand.at("sea_2"))
    hand.click(hand.at("button_sail"))
    assert steps_of(hand)[-1] == "move L@1-2"


def test_ship_to_goods_space_is_cargo_after_the_move(app: App) -> None:
    hand = table_at(app, ["move L-1"])
    hand.drag(hand.at("ship_1_0"), hand.at("goods_1_2"))
    assert steps_of(hand)[-1] == "cargo 1g2"
    assert hand.table.state.good_owner(1, 2) == 0
    hand.click(hand.at("button_done"))
    assert steps_of(hand)[-1] == "done"


def test_ship_to_building_space_builds(app: App) -> None:
    hand = table_at(app, ["move L-1", "done"])
    hand.drag(hand.at("ship_1_0"), hand.at("building_1_2"))
    assert steps_of(hand)[-1] == "build 1b2"
    assert hand.table.state.building_owner(1, 2) == 0


def test_marker_on_the_town_builds_from_there(app: App) -> None:
    hand = table_at(app, ["end", "end", "move L-1", "cargo 1g1", "done"])
    hand.drag(hand.at("goods_1_1"), hand.at("building_1_1"))
    assert steps_of(hand)[-1] == "build 1b1 from 1g1"


def test_architecture_builds_in_the_after_move_phase(app: App) -> None:
    hand = table_at(app, ["end", "end", "tech metallurgy", "tech architecture", "end", "end",
                          "end", "move L-1"])
    hand.drag(hand.at("ship_1_2"), hand.at("building_1_1"))
    assert steps_of(hand)[-1] == "build 1b1"
    assert hand.table.state.ap == 1, "Architecture spends no action point"
    assert hand.table.state.phase == "after-move"


def test_goods_to_lisboa_are_staged_as_one_sale_with_its_gain(app: App) -> None:
    hand = table_at(app, ["move L-1", "cargo 1g1", "done", "employ", "end", "end", "end",
                          "move L-1", "cargo 1g2", "done"])
    table = hand.table
    hand.drag(hand.at("goods_1_1"), hand.at("lisboa"))
    hand.drag(hand.at("goods_1_2"), hand.at("lisboa"))
    assert table.staging.sale == [("g", 1, 1), ("g", 1, 2)]
    assert "2 types: +2 wealth, +0 VP" in table.view.status
    hand.click(hand.at("button_sell"))
    assert steps_of(hand)[-1] == "sell 1g1 1g2"
    assert table.state.lisboa[0] == 2


@pytest.mark.parametrize(("steps", "zone", "expected"), [
    (["move L-1", "done"], "ship_1_0", "return 1"),
    (["move L-1", "cargo 1g1"], "goods_1_1", "return 1g1"),
    (["move L-1", "done", "build 1b2"], "building_1_2", "return 1b2"),
    ([], "banker_0_2", "return banker"),
])
def test_free_returns_from_the_right_click_menu(app: App, steps: list[str], zone: str,
                                                expected: str) -> None:
    hand = table_at(app, steps)
    hand.click(hand.at(zone), button=3)
    assert isinstance(hand.top(), ContextMenu)
    hand.menu_choose(0)
    assert steps_of(hand)[-1] == expected


def test_bank_system_by_clicking_the_owned_technology(app: App) -> None:
    hand = table_at(app, [
        "end", "end", "tech bank-system", "move L-1", "cargo 1g1", "done", "end",
        "end", "end", "sell 1g1", "employ", "end",
        "end", "end", "move L-1 L-1", "cargo 1g1", "cargo 1g2", "done", "sell 1g1 1g2",
    ])
    assert hand.table.state.wealth[2] == 2
    hand.click(hand.at("tech_bank-system"))
    assert steps_of(hand)[-1] == "bank"
    assert hand.table.state.vp[2] == 1 and hand.table.state.wealth[2] == 0


def test_map_prompt_after_a_discovery(app: App) -> None:
    # Cy buys Map and sails out; no Lisboa marker is left for the discovery VP, but
    # Map's payment frees a banker in time to hold the Map VP.
    steps = ["end", "end", "tech map", "move L-1", "done", "end", "end", "end",
             "move 1-2", "done", "end", "end", "end", "move 2-3", "done", "end", "end", "end"]
    hand = table_at(app, steps)
    hand.drag(hand.at("ship_3_2"), hand.at("sea_4"))
    hand.click(hand.at("button_sail"))
    assert isinstance(hand.top(), Confirm)
    hand.answer(True)
    assert steps_of(hand)[-2:] == ["move 3-4", "map"]
    assert hand.table.state.vp[2] == 1 and hand.table.state.wealth[2] == 0


def test_geography_by_clicking_the_owned_technology(app: App) -> None:
    steps = ["tech geography", "move L-1", "cargo 1g1", "done"]
    hand = table_at(app, steps)
    hand.click(hand.at("tech_geography"))
    hand.click(hand.at("goods_1_1"))
    hand.click(hand.at("tech_geography"))
    assert steps_of(hand)[-1] == "geography 1g1"
    assert hand.table.state.ships_at(0, 1) == 1


def test_illegal_drop_slides_back_with_the_engines_reason(app: App) -> None:
    hand = table_at(app, [])
    hand.drag(hand.at("lisboa_0"), hand.at("sea_3"))
    table = hand.table
    assert steps_of(hand) == [] and table.staging.empty
    assert table.view.status == "Not there: speed is 1, sea 3 is 3 away."
    assert table.drag.slides, "the marker slides back"
    hand.frames(20)
    assert not table.drag.slides
    hand.drag(hand.at("scientist_0_1"), hand.at("tech_renaissance"))
    assert table.view.status == "Not there: Renaissance costs 4 and you have 2."


def test_picking_up_lights_every_legal_target(app: App) -> None:
    hand = table_at(app, ["move L-1", "done"])
    table = hand.table
    hand.post(pygame.MOUSEMOTION, hand.at("ship_1_0"))
    hand.post(pygame.MOUSEBUTTONDOWN, hand.at("ship_1_0"))
    hand.frames()
    assert table.drag.held is not None
    assert table.view.lit == {"sea_2", "building_1_1", "building_1_2"}
    hand.post(pygame.MOUSEBUTTONUP, (960, 1070))
    hand.frames()
    assert table.drag.held is None and table.view.lit == set()


def test_end_turn_asks_when_points_are_left_and_hands_over(app: App) -> None:
    hand = table_at(app, ["employ"])
    hand.click(hand.at("button_end_turn"))
    assert isinstance(hand.top(), Confirm)
    hand.answer(True)
    assert steps_of(hand)[-1] == "end"
    assert isinstance(hand.top(), Handoff) and hand.top().name == "Bob"
    hand.dismiss_handoff()
    assert hand.top() is hand.table and hand.table.state.active == 1


def test_undo_button_and_ctrl_z(app: App) -> None:
    hand = table_at(app, [])
    hand.drag(hand.at("stock_0"), hand.at("lisboa"))
    hand.click(hand.at("button_undo"))
    assert steps_of(hand) == []
    hand.drag(hand.at("stock_0"), hand.at("lisboa"))
    hand.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert steps_of(hand) == []
    hand.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert hand.table.view.status == "Cannot undo: nothing to undo this turn."


def test_a_whole_game_through_the_table_by_events_alone(app: App) -> None:
    rng = random.Random(4)
    session = Session(["Ann", "Bob", "Cy"], TOWNS)
    app.start(TableScene(session))
    hand = Hand(app)
    hand.frames(2)
    for _ in range(2000):
        if session.over:
            break
        hand.play(str(careless_step(session.state, rng)))
    assert session.over
    hand.frames(30)
    assert isinstance(app.stack.top, ScoringScene)
    record = parse_record(session.record_text())
    assert len(record.steps) == len(session.steps) > 100
