"""The client's rooms keep their promises: zone names parsed in one place, screens
reached by name, a read-only session, a picture redrawn only when it changes, and a
right-click menu that lists what the engine lists."""

from __future__ import annotations

import pygame
import pytest
from tablehelp import table_at

from game.listing import legal_steps
from game.rules import return_amount
from game.steps import parse_step
from scenes.core import zones as Z
from scenes.core.layout import table_layout
from scenes.core.navigator import NavigationError, Navigator, Screen
from scenes.core.scene import Fade, Scene, SceneStack
from scenes.core.session import Session
from scenes.main import register_screens
from scenes.screens.title import TitleScene
from scenes.table.targets import CHOOSE_GEOGRAPHY, menu_entries

TOWNS = ["T01", "T07", "T12", "T05", "T03", "T09", "T02", "T11", "T08"]


# ----- zone names -----------------------------------------------------------------------
def test_every_layout_zone_parses_and_prints_back() -> None:
    for name in table_layout().names():
        assert str(Z.parse(name)) == name, name


@pytest.mark.parametrize(("name", "fields"), [
    ("sea_3", {"kind": "sea", "pos": 3}),
    ("ship_3_0", {"kind": "ship", "pos": 3, "seat": 0}),
    ("goods_3_1", {"kind": "goods", "pos": 3, "k": 1, "space": ("g", 3, 1)}),
    ("building_12_2", {"kind": "building", "pos": 12, "k": 2, "space": ("b", 12, 2)}),
    ("banker_2_5", {"kind": "banker", "seat": 2, "value": 5, "board_seat": 2}),
    ("lisboa", {"kind": "lisboa", "seat": None}),
    ("lisboa_1", {"kind": "lisboa", "seat": 1}),
    ("tech_bank-system", {"kind": "tech", "word": "bank-system"}),
    ("button_end_turn", {"kind": "button", "word": "end_turn"}),
    ("log_open", {"kind": "log_open"}),
])
def test_zone_names_take_apart(name: str, fields: dict) -> None:
    zone = Z.parse(name)
    for field, value in fields.items():
        assert getattr(zone, field) == value, field


def test_the_builders_make_the_layout_names() -> None:
    layout = table_layout()
    made = [Z.sea(4), Z.ship(4, 3), Z.space(("g", 2, 1)), Z.space(("b", 2, 2)), Z.lisboa(),
            Z.lisboa(3), Z.stock(0), Z.speed(1, 3), Z.scientist(2, 1), Z.banker(0, 1),
            Z.historian(3, 5), Z.tech("map"), Z.india(9), *Z.BUTTONS]
    assert [name for name in made if not layout.has(name)] == []


# ----- moving between screens -----------------------------------------------------------
def test_screens_are_made_by_name_and_a_change_of_screen_fades() -> None:
    stack = SceneStack()
    navigator = Navigator(stack)
    register_screens(navigator)
    assert all(navigator.knows(screen) for screen in Screen)
    navigator.start(Screen.TITLE)
    assert isinstance(stack.top, TitleScene)
    navigator.go(Screen.SETUP)
    stack.apply()
    assert isinstance(stack.top, Fade), "a change of screen goes behind a fade"
    with pytest.raises(NavigationError):
        Navigator(SceneStack()).make(Screen.TITLE)


def test_a_scene_without_a_host_goes_nowhere() -> None:
    scene = Scene()
    scene.go(Screen.TITLE)  # no window: nothing to do, and no error
    scene.open(Screen.RULES)


# ----- the session is read by scenes, changed only through submit/undo --------------------
def test_session_lists_are_read_only_views() -> None:
    session = Session(["Ann", "Bob", "Cy"], TOWNS)
    assert session.submit(parse_step("employ")).ok
    steps, states = session.steps, session.states
    assert steps == ["employ"] and len(states) == 2 and states[-1] is session.state
    assert not hasattr(steps, "append") and not hasattr(states, "pop")
    with pytest.raises(TypeError):
        steps[0] = "speed"  # type: ignore[index]
    assert steps[:1] == ["employ"]
    assert session.undo().ok and steps == [], "the view follows the session"


# ----- the picture is redrawn when what it shows changes, not otherwise -------------------
def test_the_base_picture_is_redrawn_only_when_it_changes(app) -> None:
    hand = table_at(app, [], speed="off")
    table = hand.table
    drawn = table.renderer.redraws
    for x in range(300, 900, 60):  # the pointer wanders: nothing the base shows changes
        hand.post(pygame.MOUSEMOTION, (x, 980))
    hand.frames(5)
    assert table.renderer.redraws == drawn
    hand.drag(hand.at("stock_0"), hand.at("lisboa"))
    assert table.session.steps == ["employ"]
    assert table.renderer.redraws > drawn, "a step redraws the base"
    after_step = table.renderer.redraws
    hand.frames(5)
    assert table.renderer.redraws == after_step
    table.renderer.invalidate()
    hand.frames(1)
    assert table.renderer.redraws == after_step + 1, "invalidate redraws once"


# ----- the right-click menu is what legal_steps says ------------------------------------
def test_menu_entries_are_the_legal_free_steps_at_the_zone() -> None:
    session = Session(["Ann", "Bob", "Cy"], TOWNS)
    for step in ["move L-1", "cargo 1g1", "done", "end", "end", "end", "tech geography"]:
        assert session.submit(parse_step(step)).ok, step
    st = session.state
    legal = legal_steps(st)
    at = table_layout().zones_at
    goods = menu_entries(st, legal, at(table_layout().rect("goods_1_1").center))
    assert [(e.key, str(e.step)) for e in goods] == [("menu.return_good", "return 1g1")]
    banker = menu_entries(st, legal, at(table_layout().rect("banker_0_1").center))
    assert [(e.key, dict(e.values), str(e.step)) for e in banker] == [
        ("menu.return_banker", {"n": return_amount(st, 0, "banker")}, "return banker")]
    geo = menu_entries(st, legal, at(table_layout().rect("tech_geography").center))
    assert [e.step for e in geo] == [CHOOSE_GEOGRAPHY]
    assert menu_entries(st, legal, at(table_layout().rect("goods_2_1").center)) == [], \
        "nothing of Ann's there"
    offered = {str(e.step) for name in table_layout().names()
               for e in menu_entries(st, legal, [name]) if e.step != CHOOSE_GEOGRAPHY}
    assert offered == {str(s) for s in legal if s.kind in ("return", "bank")}, \
        "every return the engine lists is reachable, and nothing else"
