"""The scene stack and the menu scenes, driven by synthesised pygame events."""

from __future__ import annotations

import gc
import os
import weakref

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from tablehelp import read_done

from scenes.core import tween as anim
from scenes.core.scene import Fade, Scene, SceneStack, go_to


class Probe(Scene):
    """Records what happens to it; optionally pushes another scene on a click."""

    def __init__(self, name: str, log: list[str], on_click: Scene | None = None) -> None:
        super().__init__()
        self.name, self.log, self.on_click = name, log, on_click
        self.updates = 0.0

    def enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def handle(self, event: pygame.event.Event) -> bool:
        self.log.append(f"{self.name}.handle")
        if self.on_click is not None and self.stack is not None:
            self.stack.push(self.on_click)
            return True
        return False

    def update(self, dt: float) -> None:
        self.updates += dt


CLICK = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1)


def test_changes_wait_for_apply() -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b = Probe("a", log), Probe("b", log)
    a.on_click = b
    stack.push(a)
    assert stack.scenes == [] and stack.pending == 1, "queued, not applied"
    stack.apply()
    assert stack.scenes == [a] and log == ["a.enter"]
    assert stack.handle(CLICK)
    assert stack.top is a, "the push made while handling waits for the frame's end"
    stack.apply()
    assert stack.top is b
    assert log == ["a.enter", "a.handle", "a.pause", "b.enter"]
    stack.pop()
    stack.apply()
    assert stack.top is a and log[-2:] == ["b.exit", "a.resume"]
    c = Probe("c", log)
    stack.replace(c)
    stack.apply()
    assert stack.scenes == [c] and log[-2:] == ["a.exit", "c.enter"]



@pytest.mark.parametrize("leave", ["pop", "replace", "clear_to", "remove"])
def test_a_scene_that_leaves_is_freed_at_once_with_its_pictures(leave: str) -> None:
    """Scenes sit in reference cycles (callbacks bound to themselves); the pixels they
    hold are invisible to the collector's thresholds, so the stack collects when a
    scene leaves rather than letting left scenes and their pictures pile up (issue 22)."""
    log: list[str] = []
    stack = SceneStack()
    base, gone = Probe("base", log), Probe("gone", log)
    gone.cycle = gone.enter  # a bound method of its own: only the collector frees it
    gone.picture = pygame.Surface((64, 64))
    stack.push(base)
    stack.push(gone)
    stack.apply()
    alive = weakref.ref(gone)
    del gone
    was = gc.isenabled()
    gc.disable()  # no automatic pass: only the stack's own collection may free it
    try:
        if leave == "remove":
            stack.remove(alive())
        elif leave == "pop":
            stack.pop()
        else:
            getattr(stack, leave)(Probe("next", log))
        stack.apply()
        assert alive() is None, "the scene and its picture are freed when it leaves"
    finally:
        if was:
            gc.enable()

def test_events_go_down_until_consumed_and_only_the_top_updates() -> None:
    log: list[str] = []
    stack = SceneStack()
    below, above = Probe("below", log), Probe("above", log)
    stack.push(below)
    stack.push(above)
    stack.apply()
    log.clear()
    stack.handle(CLICK)
    assert log == ["above.handle", "below.handle"], "not consumed above: goes below"
    stack.update(0.5)
    assert above.updates == 0.5 and below.updates == 0


def test_a_fade_swallows_input_and_swaps_at_its_midpoint() -> None:
    log: list[str] = []
    stack = SceneStack()
    first, second = Probe("first", log), Probe("second", log)
    stack.push(first)
    stack.apply()
    go_to(stack, second, fade=0.4)
    stack.apply()
    fade = stack.top
    assert isinstance(fade, Fade) and fade.modal
    log.clear()
    assert stack.handle(CLICK) and log == [], "nothing below sees the click"
    stack.update(0.1)
    stack.apply()
    assert stack.scenes[0] is first and fade.alpha > 0
    stack.update(0.15)  # past the midpoint: the scene under the fade is swapped
    stack.apply()
    assert stack.scenes == [second, fade]
    stack.update(0.2)
    stack.apply()
    assert stack.scenes == [second]
    assert "first.exit" in log and "second.enter" in log


def test_easing_is_pure_and_tweens_run_on_given_time() -> None:
    for ease in (anim.linear, anim.ease_in_quad, anim.ease_out_quad, anim.ease_in_out_cubic,
                 anim.ease_out_back, anim.ease_out_sine):
        assert ease(0) == pytest.approx(0) and ease(1) == pytest.approx(1)
        assert ease(-3) == ease(0) and ease(7) == ease(1)
    tween = anim.Tween(10, 20, duration=1.0, easing=anim.linear, delay=0.5)
    tween.update(0.5)
    assert tween.value == 10 and not tween.done
    tween.update(0.5)
    assert tween.value == pytest.approx(15)
    tween.update(5)
    assert tween.value == 20 and tween.done


# ----- the real window, title and setup -----------------------------------------------
@pytest.fixture
def app(home: Path) -> Iterator:
    """The conftest's app, in a data folder not made yet, the display closed after."""
    from scenes.main import make_app

    application = make_app()
    yield application
    pygame.display.quit()


def click(app, pos: tuple[int, int], frames: int = 30) -> None:
    """A real left click through pygame's queue, then enough frames for any fade."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run(max_frames=app.frames + frames, fixed_dt=1 / 30)


def test_title_to_setup_by_mouse_and_continue_greyed(app) -> None:
    from scenes.screens.setup import SetupScene
    from scenes.screens.title import TitleScene

    app.start(TitleScene())
    title = app.stack.top
    assert not title.continue_button.enabled, "no autosave yet"
    click(app, title.continue_button.rect.center)
    assert app.stack.top is title, "a greyed button does nothing"
    click(app, title.new_button.rect.center)
    assert isinstance(app.stack.top, SetupScene)


def test_a_click_needs_press_and_release_on_the_button(app) -> None:
    from scenes.screens.title import TitleScene

    app.start(TitleScene())
    title = app.stack.top
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=title.new_button.rect.center,
                                         button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    app.run(max_frames=app.frames + 20, fixed_dt=1 / 30)
    assert app.stack.top is title, "dragging off the button cancels the click"


def test_setup_deals_a_game_autosaves_and_continue_lights_up(app, tmp_path: Path) -> None:
    from scenes.core.saves import list_games
    from scenes.screens.continue_game import ContinueScene
    from scenes.screens.setup import SetupScene
    from scenes.screens.title import TitleScene
    from scenes.table.scene import TableScene
    from scenes.ui.overlays import Handoff

    app.start(SetupScene())
    setup = app.stack.top
    click(app, setup.count.segment(0).center)  # three players
    assert setup.players == 3
    for seat in (1, 2):  # people in every seat (the first setup offers the computer)
        click(app, setup.kinds[seat].segment(0).center, frames=2)
    setup.seed.value = "42"
    click(app, setup.start_button.rect.center)
    assert isinstance(app.stack.top, Handoff), "the first player is announced"
    table = app.stack.scenes[-2]
    assert isinstance(table, TableScene) and table.session is not None
    names = table.state.names
    assert sorted(names) == ["Ann", "Bob", "Cy"] and table.state.size == 9
    assert names in (("Ann", "Bob", "Cy"), ("Bob", "Cy", "Ann"), ("Cy", "Ann", "Bob")), \
        "a drawn starting player keeps the seating order"
    text = list_games()[0].read_text("utf-8")
    assert f'[Players "{", ".join(names)}"]' in text and '[Seed "42"]' in text
    assert app.settings.first_game is True, "the first-game deal stays as the player left it"
    app.stack.replace(TitleScene())
    app.stack.apply()
    title = app.stack.top
    app.run(max_frames=app.frames + 1, fixed_dt=1 / 30)
    assert title.continue_button.enabled
    click(app, title.continue_button.rect.center)
    listing = app.stack.top
    assert isinstance(listing, ContinueScene) and listing.entries == list_games()
    read_done(listing)
    click(app, listing.buttons[1].rect.center)  # the game just dealt
    read_done(listing)
    app.run(max_frames=app.frames + 30, fixed_dt=1 / 30)
    again = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    assert again.session.steps == table.session.steps
    assert again.session.autosave.path == list_games()[0]


def test_setup_remembers_seats_names_and_options_for_the_next_game(app) -> None:
    import json

    from scenes.core.saves import load_settings, settings_path
    from scenes.screens.setup import SetupScene

    app.start(SetupScene())
    setup = app.stack.top
    assert [k.value for k in setup.kinds] == ["human", "easy", "medium", "medium"], \
        "a new player: alone against the computer"
    click(app, setup.count.segment(0).center)  # three players
    setup.names[1].value = "Bea"
    setup.kinds[1].index = setup.kinds[1].options.index("hard")
    setup.kinds[2].index = setup.kinds[2].options.index("easy")
    click(app, setup.first_game.rect.center, frames=2)  # the first-game deal off
    assert setup.first_game.value is False
    click(app, setup.start_button.rect.center)
    saved, notice = load_settings()
    assert notice is None
    assert saved.seats == ["human", "hard", "easy", "medium"] and saved.players == 3
    assert saved.names[:3] == ["Ann", "Bea", "Cy"] and saved.first_game is False

    app.settings = saved  # the next run reads them back
    app.stack.replace(SetupScene())
    app.stack.apply()
    again = app.stack.top
    assert again.players == 3 and [f.value for f in again.names[:3]] == ["Ann", "Bea", "Cy"]
    assert [k.value for k in again.kinds] == ["human", "hard", "easy", "medium"]
    assert again.first_game.value is False

    # A settings file from before seats were remembered, or with a kind no longer known.
    data = json.loads(settings_path().read_text("utf-8"))
    del data["seats"]
    settings_path().write_text(json.dumps(data), "utf-8")
    assert load_settings()[0].seats == []
    data["seats"] = ["hard", "genius", 3]
    settings_path().write_text(json.dumps(data), "utf-8")
    assert load_settings()[0].seats == [], "a list that is not of names is not taken"
    data["seats"] = ["hard", "genius"]
    settings_path().write_text(json.dumps(data), "utf-8")
    assert load_settings()[0].seats == ["hard", "human"]


def test_setup_refuses_twin_names_and_can_choose_who_starts(app) -> None:
    from scenes.screens.setup import SetupScene

    app.start(SetupScene())
    setup = app.stack.top
    click(app, setup.count.segment(1).center)  # four players
    setup.names[1].value = "ann"
    click(app, setup.start_button.rect.center)
    assert app.stack.top is setup and setup.message
    setup.names[1].value = "Bob"
    click(app, setup.start_choice.segment(3).center)  # the third seat starts
    chosen = setup.chosen()
    assert chosen["names"] == ["Cy", "Dan", "Ann", "Bob"] and not chosen["random_start"]
    setup.swap(1)
    assert [f.value for f in setup.names] == ["Bob", "Ann", "Cy", "Dan"]


def test_typing_a_name(app) -> None:
    from scenes.screens.setup import SetupScene

    app.start(SetupScene())
    setup = app.stack.top
    field = setup.names[0]
    click(app, field.rect.center, frames=2)
    assert field.focused
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                         unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x,"))
    app.run(max_frames=app.frames + 2, fixed_dt=1 / 30)
    assert field.value == "Anx", "a comma would break the record header"


def test_corrupt_settings_reach_the_title_as_one_sentence(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text("{not json", "utf-8")
    monkeypatch.setenv("SAIL_TO_INDIA_HOME", str(home))
    from scenes.main import make_app
    from scenes.screens.title import TitleScene

    application = make_app()
    try:
        application.start(TitleScene())
        assert application.stack.top.message and "settings" in application.stack.top.message
    finally:
        pygame.display.quit()


def test_a_fade_removes_itself_even_under_a_scene_pushed_meanwhile() -> None:
    log: list[str] = []
    stack = SceneStack()
    stack.push(Probe("a", log))
    stack.apply()
    fade = Fade(Probe("b", log), duration=0.2)
    stack.push(fade)
    stack.apply()
    stack.update(0.15)  # past the midpoint: b is swapped in under the fade
    stack.apply()
    overlay = Probe("overlay", log)
    stack.push(overlay)  # pushed over the fade before it ends
    stack.apply()
    fade.update(0.1)
    stack.apply()
    assert [type(s).__name__ for s in stack.scenes] == ["Probe", "Probe"]
    assert stack.top is overlay and fade not in stack.scenes
