"""The window and the main loop, knowing no screen.

One logical 1920x1080 surface is drawn every frame and pygame scales it to the window
(``SCALED | RESIZABLE``), so every scene works in logical pixels and the game is the
same at 1280x720 or on a 4K screen. The loop hands events to the scene stack, updates
the top scene with the frame's ``dt``, draws, and only then applies queued scene
changes. Which screens exist is not this module's business: ``scenes.main`` registers
them with the app's ``navigator`` and parses the command line.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from pathlib import Path

import pygame

from scenes.core.audio import Sounds
from scenes.core.layout import LOGICAL_SIZE
from scenes.core.navigator import Navigator
from scenes.core.saves import Notice, Settings, save_settings, why_not_written
from scenes.core.scene import Scene, SceneStack

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

    def __init__(self, settings: Settings, *, window: tuple[int, int] | None = None,
                 notice: Notice | None = None, caption: str = "") -> None:
        _scaling_hints()
        pygame.display.init()
        pygame.font.init()
        self.settings = settings
        self.size = LOGICAL_SIZE
        flags = pygame.SCALED | pygame.RESIZABLE
        with warnings.catch_warnings():
            # Headless (dummy driver) there is no GPU renderer; pygame warns, harmlessly.
            warnings.filterwarnings("ignore", message="no fast renderer")
            self.screen = pygame.display.set_mode(self.size, flags)
        if caption:
            pygame.display.set_caption(caption)
        self.fullscreen = False
        fit_window(window or settings.window_size)
        if settings.fullscreen and window is None:
            self.apply_window()
        #: One sentence for the player (a settings problem, a refused record...).
        self.notice: Notice | None = notice
        self.stack = SceneStack(self)
        #: Screens by name; ``scenes.main`` registers them.
        self.navigator = Navigator(self.stack)
        #: The effects and the music (silent when there is no audio device).
        self.sounds = Sounds(settings)
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

    def save_settings(self) -> Notice | None:
        """Save the settings; when the disk refuses, the notice saying why (also kept
        for the title), and the settings hold for this run anyway."""
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.notice = Notice.of("msg.settings_not_saved", reason=why_not_written(exc))
            return self.notice
        return None

    # ----- the loop ---------------------------------------------------------------
    def frame(self, dt: float) -> None:
        """One frame: events, update, draw, then the queued scene changes."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if not self.stack.handle(event):
                self.unhandled(event)
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
            return
        # The screen (the bottom scene; overlays do not count) says whether music plays.
        self.sounds.want_music(self.stack.scenes[0].music)

    def unhandled(self, event: pygame.event.Event) -> None:
        """A key no scene took: M mutes or unmutes, wherever that makes sense (a scene
        that takes typing, such as a name being entered, keeps its keys)."""
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_m
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)):
            self.toggle_mute()

    def toggle_mute(self) -> bool:
        """Every sound off, or back on, and remembered; True when now muted."""
        muted = self.sounds.toggle_mute()
        self.save_settings()
        return muted

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
    size = requested or desktop_fit()
    if requested is None and size == LOGICAL_SIZE:
        return  # the desktop holds the whole table: the window keeps its own size
    window.size = size
    window.position = pygame.WINDOWPOS_CENTERED


__all__ = ["FPS", "MIN_WINDOW", "App", "desktop_fit", "fit_window"]
