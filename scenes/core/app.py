"""The window, the main loop and the ``sail-to-india`` command.

One logical 1920x1080 surface is drawn every frame and pygame scales it to the window
(``SCALED | RESIZABLE``), so every scene works in logical pixels and the game is the
same at 1280x720 or on a 4K screen. The loop hands events to the scene stack, updates
the top scene with the frame's ``dt``, draws, and only then applies queued scene
changes. ``main`` parses the command line; see ``sail-to-india --help``.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from scenes.layout import LOGICAL_SIZE
from scenes.saves import Settings, load_settings, save_settings
from scenes.scene import Scene, SceneStack
from scenes.text import set_language, t

if TYPE_CHECKING:
    from scenes.session import Session

FPS = 60


def _scaling_hints() -> None:
    """Let SCALED shrink the table smoothly to any window size.

    pygame's SCALED mode only scales by whole numbers unless the hint named
    ``SDL_HINT_RENDER_SCALE_QUALITY`` is set, so a 1280x720 window would show a
    cropped 1920x1080 table. Setting it (and linear filtering, which keeps text
    readable when shrunk) is done through the environment before the window opens;
    a value the player set is kept."""
    os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
    os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")


class App:
    """The window and the scene stack. Create one per process."""

    def __init__(self, *, window: tuple[int, int] | None = None,
                 settings: Settings | None = None, notice: str | None = None) -> None:
        _scaling_hints()
        pygame.display.init()
        pygame.font.init()
        if settings is None:
            settings, notice = load_settings()
        self.settings = settings
        set_language(settings.language)
        self.size = LOGICAL_SIZE
        flags = pygame.SCALED | pygame.RESIZABLE
        with warnings.catch_warnings():
            # Headless (dummy driver) there is no GPU renderer; pygame warns, harmlessly.
            warnings.filterwarnings("ignore", message="no fast renderer")
            self.screen = pygame.display.set_mode(self.size, flags)
        pygame.display.set_caption(t("game.title"))
        self.fullscreen = False
        fit_window(window or settings.window_size)
        if settings.fullscreen and window is None:
            self.apply_window()
        #: One sentence for the player (a settings problem, a refused record...).
        self.notice = notice
        self.stack = SceneStack(self)
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        #: Called after each frame is drawn (tests, the smoke run, screenshots).
        self.after_frame: list[Callable[[App], None]] = []

    # ----- scenes -----------------------------------------------------------------
    def start(self, scene: Scene) -> None:
        self.stack.push(scene)
        self.stack.apply()

    def quit(self) -> None:
        self.running = False

    def apply_window(self) -> None:
        """Make the window what the settings say: full screen, or the chosen size."""
        want = self.settings.fullscreen
        if want != self.fullscreen:
            try:
                pygame.display.toggle_fullscreen()
                self.fullscreen = want
            except pygame.error:
                self.fullscreen = False  # no full screen here (a headless driver)
        if not self.fullscreen:
            fit_window(self.settings.window_size or desktop_fit())

    def save_settings(self) -> None:
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.notice = str(exc)

    # ----- the loop ---------------------------------------------------------------
    def frame(self, dt: float) -> None:
        """One frame: events, update, draw, then the queued scene changes."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
                continue
            self.stack.handle(event)
        self.stack.update(dt)
        self.screen.fill((0, 0, 0))
        self.stack.draw(self.screen)
        pygame.display.flip()
        self.frames += 1
        for hook in list(self.after_frame):
            hook(self)
        self.stack.apply()
        if not self.stack.scenes:
            self.quit()

    def run(self, max_frames: int | None = None, fixed_dt: float | None = None) -> int:
        """Run until quit (or ``max_frames``); ``fixed_dt`` makes time deterministic."""
        while self.running and (max_frames is None or self.frames < max_frames):
            ms = self.clock.tick(FPS) if fixed_dt is None else 0
            dt = fixed_dt if fixed_dt is not None else min(ms / 1000.0, 0.1)
            self.frame(dt)
        return 0

    def screenshot(self, path: str | Path) -> None:
        pygame.image.save(self.screen, str(path))


MIN_WINDOW = (960, 540)


def _window() -> pygame.Window | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error):
        return None


def desktop_fit() -> tuple[int, int]:
    """The logical size, or the largest 16:9 window the desktop holds if it is smaller."""
    try:
        dw, dh = pygame.display.get_desktop_sizes()[0]
    except (IndexError, pygame.error):
        return LOGICAL_SIZE
    if dw >= LOGICAL_SIZE[0] and dh >= LOGICAL_SIZE[1]:
        return LOGICAL_SIZE
    k = min(dw / LOGICAL_SIZE[0], (dh - 60) / LOGICAL_SIZE[1])  # room for a title bar
    return (max(MIN_WINDOW[0], int(LOGICAL_SIZE[0] * k)),
            max(MIN_WINDOW[1], int(LOGICAL_SIZE[1] * k)))


def fit_window(requested: tuple[int, int] | None = None) -> None:
    """Let the window be smaller than the logical size, and fit it to the desktop.

    pygame's SCALED mode makes the logical size the window's minimum and opens the
    window at that size even on a smaller desktop (a 1280x720 laptop would see a
    third of the table). The minimum is lowered, and the window is sized to the
    request or to the largest 16:9 size that fits the desktop."""
    window = _window()
    if window is None:
        return
    window.minimum_size = MIN_WINDOW
    size = requested
    if size is None:
        try:
            dw, dh = pygame.display.get_desktop_sizes()[0]
        except (IndexError, pygame.error):
            return
        if dw >= LOGICAL_SIZE[0] and dh >= LOGICAL_SIZE[1]:
            return
        k = min(dw / LOGICAL_SIZE[0], (dh - 60) / LOGICAL_SIZE[1])  # room for a title bar
        size = (max(MIN_WINDOW[0], int(LOGICAL_SIZE[0] * k)),
                max(MIN_WINDOW[1], int(LOGICAL_SIZE[1] * k)))
    window.size = size
    window.position = pygame.WINDOWPOS_CENTERED


# ----- opening records ------------------------------------------------------------------
def open_record(path: str | Path) -> Session:
    """A session from a record file, autosaving from then on (ValueError if unreadable).

    Nothing is written until the first step is played, so a record that fails to open
    never replaces the autosave."""
    from game.record import RecordError, read_record_file
    from scenes.saves import write_autosave
    from scenes.session import Session as _Session

    try:
        return _Session.from_record(read_record_file(path), autosave=write_autosave)
    except RecordError as exc:
        message = str(exc)
        if exc.line is not None:
            message = f"{path}: {message}"
        raise ValueError(message) from None


# ----- the command ---------------------------------------------------------------------
def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="sail-to-india",
        description="Sail to India: a hot-seat digital edition for 3-4 players.")
    parser.add_argument("record", nargs="?", metavar="RECORD",
                        help="open this game record at the table and play on from its last step")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--smoke", action="store_true",
                        help="headless self-test: title, setup, table; exit 0 when all is well")
    parser.add_argument("--bench-frames", type=int, metavar="N",
                        help="time N frames of a mid-game table with a drag and animations "
                             "running; the last line is 'frame ms: median X  p99 Y'")
    parser.add_argument("--preview", action="store_true",
                        help="show the table with sample markers (to judge the look)")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4,
                        help="players in the --preview sample (default 4)")
    parser.add_argument("--palette", choices=("classic", "colorblind"),
                        help="marker colours (default: the saved setting)")
    parser.add_argument("--window", metavar="WxH", help="initial window size, e.g. 1280x720")
    parser.add_argument("--screenshot", metavar="PNG",
                        help="save the screen to this file after a few frames, then exit")
    return parser.parse_args(argv)


def _window_size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"sail-to-india: --window wants WIDTHxHEIGHT, not {text!r}") from None
    return (w, h)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.version:
        from game.version import version

        print(f"sail-to-india {version()}")
        return 0
    if args.smoke or args.bench_frames:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.smoke:
        from scenes.smoke import run_smoke

        return run_smoke()
    session = None
    if args.record:
        try:
            session = open_record(args.record)
        except ValueError as exc:
            print(f"sail-to-india: {exc}", file=sys.stderr)
            return 2
    window = _window_size(args.window)
    if args.bench_frames and window is None:
        window = LOGICAL_SIZE  # the logical size shown 1:1: the figure the budget is for
    app = App(window=window)
    if args.palette:
        app.settings.palette = args.palette
    first: Scene
    if args.bench_frames:
        return _bench(app, args.bench_frames, args.players)
    if args.preview:
        from scenes.preview import TablePreview, sample_state

        first = TablePreview(sample_state(args.players))
    elif session is not None:
        from scenes.table import TableScene

        first = TableScene(session, handoff_first=True)
    else:
        from scenes.title import TitleScene

        first = TitleScene()
    app.start(first)
    if args.screenshot:
        shot = args.screenshot

        def take(app: App) -> None:
            if app.frames >= 3:
                app.screenshot(shot)
                app.quit()

        app.after_frame.append(take)
    code = app.run()
    pygame.quit()
    return code


def _bench(app: App, frames: int, players: int) -> int:
    from scenes.framebench import main as bench_frames

    return bench_frames(app, frames, players)


if __name__ == "__main__":
    sys.exit(main())
