"""One drop followed all the way: from the pointer's events to the engine and back to
the picture, watching every call made on the way.

The table's scene is the only part that calls down: the input router and the keys
answer with values (intents, sentences, screen commands), the actions answer with
results, and none of them, nor the engine, calls the scene back. A profile hook sees
every Python call made while real mouse events for one drop go through the app's
loop, so a call into the scene from below it cannot hide.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from types import FrameType

import pygame
from tablehelp import table_at

import scenes.table.scene as table_scene
from game.steps import Step
from scenes.core import gfx
from scenes.core.app import App
from scenes.core.intents import Lit, Said, Stepped
from scenes.table.actions import Put
from scenes.table.commands import Gesture

ROOT = Path(table_scene.__file__).resolve().parents[2]
#: The layers below the scene: whatever is in them may be called by it, never call it.
BELOW = ("game", "scenes/core/intents.py", "scenes/core/session.py", "scenes/table")
#: Above or beside it: the app's loop, the scene stack, the test's hand.
ABOVE = ("scenes/core/app.py", "scenes/core/scene.py", "scenes/selftest", "tests")


_WHERE: dict[str, str] = {}


def _where(frame: FrameType) -> str:
    """The file of a frame's code, from the repository's root."""
    name = frame.f_code.co_filename
    where = _WHERE.get(name)
    if where is None:
        path = Path(name).resolve()
        try:
            where = path.relative_to(ROOT).as_posix()
        except ValueError:
            where = path.as_posix()  # the standard library, pygame: neither above nor below
        _WHERE[name] = where
    return where


class Watch:
    """Every call into the table scene (its own code, or the Scene base's run on it),
    who made it; who handed intents to the actions and steps to the session; what
    the input router and the keys returned."""

    def __init__(self, table: object) -> None:
        self.table = table
        self.into_scene: list[tuple[str, str]] = []  # (callee, caller's file)
        self.handed: list[str] = []  # callers of TableActions.handle
        self.submitted: list[str] = []  # callers of the session's submit
        self.applied = 0  # the engine's apply, reached
        self.answered: list[tuple[str, object]] = []  # what input / keys returned

    def __call__(self, frame: FrameType, event: str, arg: object) -> None:
        code = frame.f_code
        where = _where(frame)
        if event == "return":
            if where in ("scenes/table/input.py", "scenes/table/keyboard.py") \
                    and code.co_name in ("handle", "key", "gesture", "settle"):
                self.answered.append((f"{where}:{code.co_name}", arg))
            return
        if event != "call" or frame.f_back is None:
            return
        caller = _where(frame.f_back)
        if where == "scenes/table/scene.py" or (
                where == "scenes/core/scene.py" and frame.f_locals.get("self") is self.table):
            self.into_scene.append((code.co_name, caller))
        elif where == "scenes/table/actions.py" and code.co_name == "handle":
            self.handed.append(caller)
        elif where == "scenes/core/session.py" and code.co_name == "submit":
            self.submitted.append(caller)
        elif where == "game/rules.py" and code.co_name == "apply":
            self.applied += 1


def _pixels(rect: pygame.Rect) -> bytes:
    screen = pygame.display.get_surface()
    return pygame.image.tobytes(screen.subsurface(gfx.real_rect(rect)), "RGB")


def test_one_drop_goes_down_as_values_and_comes_back_as_a_picture(app: App) -> None:
    hand = table_at(app, [])
    table = hand.table
    lisboa, stock = table.layout.rect("lisboa"), table.layout.rect("stock_0")
    lisboa_before, stock_before = _pixels(lisboa), _pixels(stock)
    watch = Watch(table)
    sys.setprofile(watch)
    try:
        hand.drag(hand.at("stock_0"), hand.at("lisboa"))  # real mouse events, one drop
        hand.until(lambda: not table.films.animating)
    finally:
        sys.setprofile(None)

    # down: the router answered with values only, the drop among them as one Put
    answers = [out for name, out in watch.answered if name.endswith(":handle")]
    commands = [c for out in answers if out for c in out]
    assert commands and all(dataclasses.is_dataclass(c) and type(c).__dataclass_params__.frozen
                            for c in commands), commands
    puts = [c for c in commands if isinstance(c, Put)]
    assert len(puts) == 1 and puts[0].drop.step == Step("employ")
    assert any(isinstance(c, Lit) and c.zones for c in commands), "the pick-up lit its zones"
    assert any(isinstance(c, Said) for c in commands), "the pick-up said so"
    # the scene alone hands intents to the actions, the actions alone reach the session
    assert watch.handed and set(watch.handed) == {"scenes/table/scene.py"}
    assert watch.submitted == ["scenes/table/actions.py"]
    assert watch.applied >= 1 and table.session.steps == ["employ"]
    # nothing below the scene called into it
    from_below = [(callee, caller) for callee, caller in watch.into_scene
                  if caller.startswith(BELOW) and caller != "scenes/table/scene.py"]
    assert not from_below, from_below
    callers = {caller for _, caller in watch.into_scene}
    assert all(c == "scenes/table/scene.py" or c.startswith(ABOVE) for c in callers), callers
    assert ("carry_out", "scenes/table/scene.py") in watch.into_scene
    assert ("present", "scenes/table/scene.py") in watch.into_scene

    # back up: the step came back as a result, and the picture shows the game after it
    assert table.state.lisboa[0] == 2 and table.state.stock[0] == 6
    assert _pixels(lisboa) != lisboa_before and _pixels(stock) != stock_before
    hand.frames(2)
    shown_lisboa, shown_stock = _pixels(lisboa), _pixels(stock)
    # the same game drawn afresh (no film, no hand) looks the same there
    fresh = table_at(app, ["employ"])
    assert fresh.table is not table
    assert _pixels(lisboa) == shown_lisboa and _pixels(stock) == shown_stock


def test_one_drop_by_the_keys_takes_the_same_way(app: App) -> None:
    """The same drop made with the keys: the keyboard answers with gestures along the
    mouse's path, the router with the drop, and neither calls the scene."""
    hand = table_at(app, [], speed="off")
    table = hand.table
    focus = table.keys.focus
    for _ in range(60):  # Tab to the stock marker (the ring shows at the first key)
        if focus.visible and focus.key == ("piece", ("stock", 0)):
            break
        hand.key(pygame.K_TAB)
    assert focus.key == ("piece", ("stock", 0))
    watch = Watch(table)
    sys.setprofile(watch)
    try:
        hand.key(pygame.K_SPACE)  # picked up: only Lisboa takes the focus
        hand.key(pygame.K_SPACE)  # dropped there
    finally:
        sys.setprofile(None)
    assert table.session.steps == ["employ"]
    keys = [c for name, out in watch.answered if name.endswith("keyboard.py:handle") and out
            for c in out]
    assert [type(c) for c in keys] == [Gesture, Gesture], "a press, then a release"
    routed = [c for name, out in watch.answered if name.endswith("input.py:gesture")
              for c in out]
    puts = [c for c in routed if isinstance(c, Put)]
    assert len(puts) == 1 and puts[0].drop.step == Step("employ")
    assert set(watch.handed) == {"scenes/table/scene.py"}
    assert watch.submitted == ["scenes/table/actions.py"]
    callers = {caller for _, caller in watch.into_scene}
    assert all(c == "scenes/table/scene.py" or c.startswith(ABOVE) for c in callers), callers


def test_the_scene_presents_what_the_actions_return(app: App) -> None:
    """The step made by the drop reached the scene as a ``Stepped`` result, handed back
    by the actions, not as a call from them."""
    hand = table_at(app, [])
    table = hand.table
    seen: list[object] = []
    real = table.present

    def present(results: list) -> None:  # type: ignore[type-arg]
        seen.extend(results)
        real(results)

    table.present = present  # type: ignore[method-assign]
    hand.drag(hand.at("stock_0"), hand.at("lisboa"))
    stepped = [r for r in seen if isinstance(r, Stepped)]
    assert len(stepped) == 1 and stepped[0].outcome.step == Step("employ")
    assert stepped[0].dropped, "made by the player's drop"
