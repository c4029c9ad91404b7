"""The window under a real X server: full screen and new sizes, many times, between
frames, must never leave the game drawing into a freed surface.

SDL frees and re-creates the window's surface when the window goes full screen or
changes size; a canvas kept pointing into the old one wrote into freed memory and
crashed natively. This runs the game on its own Xvfb (skipped where Xvfb is not
installed) in a process of its own, as pygame's display is one per process and the
rest of the suite uses the dummy driver. The window's first size is checked there
too: "Fit screen" fills the real desktop, whatever its size, and a size asked for by
the settings is never larger than the desktop (99999x99999 once crashed every start).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed")

ROOT = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def xvfb(screen: str = "2560x1440") -> Iterator[str]:
    """An Xvfb of our own with one screen of ``screen`` pixels, on a free display (Xvfb
    picks it and says which through ``-displayfd``); its name (":N")."""
    read, write = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{screen}x24",
                             "-nolisten", "tcp"], pass_fds=(write,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        if not number:
            pytest.skip("Xvfb did not start")
        yield f":{number}"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def xserver() -> Iterator[str]:
    """An Xvfb at 2560x1440, as in the report that found the crash."""
    with xvfb() as display:
        yield display


def game_env(display: str, home: Path) -> dict[str, str]:
    """The game on ``display`` through SDL's real X11 driver (not the suite's dummy one),
    silent, in a data folder of its own."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", SAIL_TO_INDIA_HOME=str(home),
               LANGUAGE="en", PYTHONPATH=str(ROOT),
               PYTHONFAULTHANDLER="1")  # a crash below Python still says where it was
    return env


SCRIPT = textwrap.dedent('''
    import sys
    import pygame
    from scenes.core import gfx
    from scenes.core.navigator import Screen
    from scenes.main import make_app
    from scenes.ui.overlays import Confirm
    from tests.tablehelp import table_at

    SIZES = [(1280, 720), (2560, 1440), (1600, 900), (1920, 1080), (1366, 768)]
    app = make_app()
    app.settings.window = "1920x1080"
    app.apply_window()
    window_changes = 0

    def frames(n=3):
        app.run(max_frames=app.frames + n, fixed_dt=1 / 30)

    def churn(label, spot):
        """Full screen and sizes, 50 times between frames; after each, the frame
        shown must have the button drawn where it belongs (the window's pixel under
        it is the frame's, and not the black of an undrawn window)."""
        global window_changes
        for i in range(50):
            app.settings.fullscreen = i % 5 == 2
            app.settings.window = "%dx%d" % SIZES[i % len(SIZES)]
            app.apply_window()
            window_changes += 1
            frames(1)
            window = pygame.display.get_surface()
            shown = tuple(window.get_at(gfx.to_window(spot)))[:3]
            drawn = tuple(app.canvas.get_at(spot))[:3]
            assert shown == drawn, (label, i, shown, drawn)
            assert shown != (0, 0, 0), (label, i)
        app.settings.fullscreen = False
        app.settings.window = "1920x1080"
        app.apply_window()
        frames(3)

    # the title: its first button
    app.navigator.start(Screen.TITLE)
    frames(3)
    title = app.stack.top
    before = tuple(app.canvas.get_at(title.buttons[0].rect.center))
    churn("title", title.buttons[0].rect.center)
    assert tuple(app.canvas.get_at(title.buttons[0].rect.center)) == before

    # the table with the keyboard's ring shown
    app.stack.scenes.clear()
    hand = table_at(app, [])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0,
                                         unicode="\\t", scancode=0))
    frames(3)
    table = app.stack.top
    assert table.keys.showing, "the ring shows after Tab"
    spot = table.keys.focus.current.rect.center
    churn("table", (20, 20))

    # an overlay over the table: its Yes button, and the table dimmed beneath
    corner = tuple(app.canvas.get_at((30, 1060)))
    app.stack.push(Confirm("Leave the table?", lambda yes: None))
    app.stack.apply()
    frames(3)
    confirm = app.stack.top
    yes = confirm.buttons[0].rect.center
    churn("overlay", yes)
    dimmed = tuple(app.canvas.get_at((30, 1060)))
    assert sum(dimmed[:3]) < sum(corner[:3]), (corner, dimmed)
    print("frames", app.frames, "window changes", window_changes)
''')


def test_full_screen_and_sizes_between_frames(xserver: str, tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=game_env(xserver, tmp_path),
                         timeout=240, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "window changes 150" in run.stdout


@pytest.mark.parametrize(("screen", "settings", "expected"), [
    ("1280x720", {}, (1280, 720)),                     # Fit screen on a small laptop
    ("3840x2160", {}, (3840, 2160)),                   # and on a 4K monitor: all of it
    ("2560x1440", {"window": "99999x99999"}, (2560, 1440)),
    ("1920x1080", {"window": "16000x9000", "fullscreen": True}, (1920, 1080)),
])
def test_the_first_window_fits_the_real_desktop(screen: str, settings: dict,
                                                expected: tuple[int, int],
                                                tmp_path: Path) -> None:
    """A fresh start with these settings opens a window of ``expected`` pixels on a
    desktop of ``screen``, draws the title into it and exits by itself."""
    home = tmp_path / "home"
    home.mkdir()
    if settings:
        (home / "settings.json").write_text(json.dumps(settings))
    shot = tmp_path / "title.png"
    with xvfb(screen) as display:
        run = subprocess.run([sys.executable, "-m", "scenes", "--screenshot", str(shot)],
                             cwd=ROOT, env=game_env(display, home), timeout=120,
                             capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    import pygame

    picture = pygame.image.load(str(shot))
    assert picture.get_size() == expected
    # the title's plate is drawn (parchment, not black) beside its buttons
    r, g, b = tuple(picture.get_at((expected[0] * 36 // 100, expected[1] // 2)))[:3]
    assert r > 200 and g > 190 and b > 150, (r, g, b)
    if settings:  # what the player saved is kept as it was
        assert json.loads((home / "settings.json").read_text())["window"] == settings["window"]
