"""Window sizes asked for by a settings file or the command line are clamped to what
can be shown: a settings file asking for 99999x99999 once made SDL allocate gigabytes
and crashed every start."""

from __future__ import annotations

import json

import pygame

from scenes.core import gfx
from scenes.core.app import MAX_HEADLESS, MIN_WINDOW, clamp_window
from scenes.core.saves import settings_path
from scenes.main import make_app


def test_clamp_keeps_sizes_between_the_smallest_window_and_the_screen() -> None:
    assert clamp_window((99999, 99999)) == MAX_HEADLESS  # no real screen: the largest kept
    assert clamp_window((16000, 9000)) == MAX_HEADLESS
    assert clamp_window((1280, 720)) == (1280, 720)
    assert clamp_window((10, 10)) == MIN_WINDOW
    assert clamp_window((2560, 1440)) == (2560, 1440)


def test_a_settings_file_asking_for_a_huge_window_starts_at_a_size_that_fits() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"window": "99999x99999", "fullscreen": False}))
    app = make_app()
    w, h = pygame.display.get_surface().get_size()
    assert w <= MAX_HEADLESS[0] and h <= MAX_HEADLESS[1]
    app.frame(1 / 30)  # and it draws
    assert app.canvas.surface.get_size()[0] <= MAX_HEADLESS[0]


def test_the_command_line_window_is_clamped_too() -> None:
    app = make_app(window=(16000, 9000))
    w, h = pygame.display.get_surface().get_size()
    assert (w, h) == MAX_HEADLESS
    app.frame(1 / 30)
    make_app(window=(1280, 720))
    assert pygame.display.get_surface().get_size() == (1280, 720)


def test_the_frame_is_the_apps_own_never_a_part_of_the_windows_surface() -> None:
    """SDL frees the window's surface when the window changes; a frame kept inside it
    (a subsurface) drew into freed memory on a real screen. The frame is never a part
    of the window's surface: where the table fills the window it is drawn straight into
    the window's surface (fetched anew each frame: no copy of the whole frame), where
    bars surround it a surface of its own, and what it shows reaches the window."""
    app = make_app(window=(1280, 720))
    app.frame(1 / 30)
    window = pygame.display.get_surface()
    frame = app.canvas.surface
    assert frame is window and frame.get_parent() is None, "drawn straight into the window"
    app = make_app(window=(1280, 800))  # bars above and below the table
    app.frame(1 / 30)
    window = pygame.display.get_surface()
    frame = app.canvas.surface
    assert frame is not window and frame.get_parent() is None
    pygame.draw.rect(frame, (200, 40, 40), (0, 0, 4, 4))
    app._present()
    assert tuple(window.get_at(gfx.WINDOW.offset))[:3] == (200, 40, 40)
