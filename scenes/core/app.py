"""The window and the main loop, knowing no screen.

Every scene works in the layout's logical 1920x1080 units, and draws on a
``gfx.Canvas`` that maps them onto the window's real pixels: one scale (the largest
at which the whole table fits, letterboxed) is chosen when the window's size settles,
so text and art are drawn sharp at 1280x720, 1920x1080 or 2560x1440 alike. The canvas
is a frame of the app's own, copied to the window's surface as it is *now* at the end
of every frame: SDL frees and re-creates the window's surface when the window changes
(full screen, a resize), so nothing may keep a pointer into it between frames. While the
player drags the window's edge the last picture is stretched to follow, and drawn
again at the new scale once the size has held still for ``SETTLE`` seconds. Mouse
events reach the scenes in logical units. The loop hands events to the scene stack, updates
the top scene with the frame's ``dt``, draws, and only then applies queued scene
changes. Which screens exist is not this module's business: ``scenes.main`` registers
them with the app's ``navigator`` and parses the command line.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol

import pygame

from online.accounts import MyGame
from scenes.core import gfx, keymap, memory
from scenes.core.audio import Sounds
from scenes.core.gfx import LOGICAL_SIZE
from scenes.core.navigator import Navigator
from scenes.core.netplay import Netplay
from scenes.core.notify import Notifier
from scenes.core.saves import Notice, Settings, data_dir, save_settings, why_not_written
from scenes.core.scene import INPUT, Scene, SceneStack
from scenes.core.turns import Turns

FPS = 60
#: Seconds a new window size must hold before everything is drawn again at its scale.
SETTLE = 0.2
#: Window events after which the window's pixels may not be the last frame's (a new
#: surface, a size, the window shown or exposed again): the next frame is drawn whole.
WINDOW_CHANGES = frozenset({
    pygame.VIDEORESIZE, pygame.VIDEOEXPOSE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED,
    pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED,
    pygame.WINDOWMINIMIZED, pygame.WINDOWDISPLAYCHANGED,
})


def _real_pixels() -> None:
    """Ask for the screen's real pixels where the system would scale the window up
    (Windows at 125 % or 150 % display scaling), so the table is drawn at full
    resolution there too; X11 windows are in real pixels already. A value the player
    set in the environment is kept."""
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def _headless() -> bool:
    """No real screen (tests, the smoke run): the window is the logical size."""
    return os.environ.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen")


#: SDL's video drivers that show nothing: used only when SDL_VIDEODRIVER asks for one.
INVISIBLE_DRIVERS = ("dummy", "offscreen")


class TurnWords(Protocol):
    """The words of the player's turns, given by ``scenes.main`` (the words live above)."""

    def caption(self, count: int) -> str: ...
    def notice(self, game: MyGame) -> tuple[str, str]: ...


class NoDisplay(RuntimeError):
    """No screen to open the window on (over SSH with no X, say); ``main`` says so in
    one sentence and exits, instead of playing on, unseen, on SDL's offscreen driver."""


@contextlib.contextmanager
def _held_stderr() -> Iterator[list[bytes]]:
    """What the display's libraries write to the process's stderr meanwhile, held back:
    the caller writes it out when a display opened and drops it when none did, so the
    player reads one sentence, not a library's complaint ("XDG_RUNTIME_DIR is invalid")."""
    held: list[bytes] = []
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (AttributeError, OSError, ValueError):  # no stderr (a windowed executable)
        yield held
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield held
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            held.append(sink.read())


def _open_display() -> None:
    """Start SDL's video, or raise ``NoDisplay``. Without a screen SDL falls back to its
    offscreen driver, where the game would run unseen forever; that driver (or the dummy
    one) is taken only when SDL_VIDEODRIVER names it (tests, the smoke run)."""
    with _held_stderr() as held:
        try:
            pygame.display.init()
            driver = pygame.display.get_driver()
        except pygame.error as exc:
            raise NoDisplay(str(exc)) from None
        asked = os.environ.get("SDL_VIDEODRIVER", "").lower().split(",")
        if driver in INVISIBLE_DRIVERS and driver not in asked:
            pygame.display.quit()
            raise NoDisplay(driver)
    if held and held[0]:
        os.write(2, held[0])  # a display opened: what was said on the way is kept


class App:
    """The window and the scene stack. Create one per process."""

    def __init__(self, settings: Settings, *, window: tuple[int, int] | None = None,
                 notice: Notice | None = None, caption: str = "") -> None:
        _real_pixels()
        memory.limit_arenas()  # before the computer players' threads start
        if memory.give_back not in gfx._rescale_hooks:
            gfx.on_rescale(memory.give_back)  # after the caches drawn at a scale emptied
        _open_display()
        pygame.font.init()
        INPUT.keyboard = False  # a new window: no key pressed yet, no focus ring
        self.settings = settings
        keymap.use(settings.keys)  # the player's own keys, from the first key pressed
        self.size = LOGICAL_SIZE
        size = clamp_window(window or settings.window_size
                            or (LOGICAL_SIZE if _headless() else desktop_fit()))
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="no fast renderer")
            try:
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            except pygame.error as exc:  # a display, but no window on it
                raise NoDisplay(str(exc)) from None
        if caption:
            pygame.display.set_caption(caption)
        self.fullscreen = False
        fit_window(size)
        #: The frame every scene draws on, in logical units over real pixels (``place``);
        #: copied to the window at the end of each frame.
        self.canvas: gfx.Canvas = gfx.surface(LOGICAL_SIZE, alpha=False)
        #: The last frame drawn straight into the window, noting where each drawing
        #: landed (None: the next frame puts everything back).
        self._recorded: gfx.Recording | None = None
        self._placed: tuple[int, int] = (0, 0)
        self._settle = 0.0  # seconds left before a new window size is drawn anew
        self._chosen: tuple[int, int] | None = None  # a size set here, not dragged
        self.place()
        if settings.fullscreen and window is None:
            self.apply_window()
        #: One sentence for the player (a settings problem, a refused record...).
        self.notice: Notice | None = notice
        self.stack = SceneStack(self)
        #: Screens by name; ``scenes.main`` registers them.
        self.navigator = Navigator(self.stack)
        #: The effects and the music (silent when there is no audio device).
        self.sounds = Sounds(settings)
        #: Online play: the table this machine hosts, the connections, my online games.
        self.netplay = Netplay(data_dir())
        #: Every online seat kept, followed whatever the screen (your turn, everywhere).
        self.turns = Turns(self.netplay)
        self.netplay.closing.append(self.turns.close)
        #: Desktop notifications, off the main thread (a no-op where there is no service).
        self.notifier = Notifier("Sail to India")
        #: The caption and the notifications in the player's words (``scenes.main``).
        self.turn_words: TurnWords | None = None
        self._caption = ""
        #: Whether the window has the keyboard now (a test may say it has not).
        self.focused: Callable[[], bool] = pygame.key.get_focused
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
        """Make the window what the settings say: full screen, or the chosen size.

        Full screen is SDL2's desktop full screen (the window covers the desktop at the
        desktop's own mode), not ``toggle_fullscreen``, which re-creates the window."""
        want = self.settings.fullscreen
        window = _window()
        if want != self.fullscreen and window is not None:
            try:
                if want:
                    # a borderless window over the whole desktop first: where no window
                    # manager honours the full screen request (a bare X server) the
                    # window still covers the screen, at the size SDL believes it has
                    window.borderless = True
                    desktop = _desktop()
                    if desktop is not None:
                        window.position = (0, 0)
                        window.size = desktop
                    window.set_fullscreen(desktop=True)
                else:
                    window.set_windowed()
                    window.borderless = False
                self.fullscreen = want
            except pygame.error:
                self.fullscreen = False  # no full screen here
        if not self.fullscreen:
            fit_window(self.settings.window_size or desktop_fit())
        # the player chose this size: drawn at once, not stretched while it "settles"
        self._settle = 0.0
        self._chosen = gfx.window().get_size()

    def save_settings(self) -> Notice | None:
        """Save the settings; when the disk refuses, the notice saying why (also kept
        for the title), and the settings hold for this run anyway."""
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.notice = Notice.of("msg.settings_not_saved", reason=why_not_written(exc))
            return self.notice
        return None

    # ----- the window's pixels -------------------------------------------------------
    def text_size(self) -> float:
        """The player's text size setting as a factor (1.0, 1.25, 1.5)."""
        return max(1.0, min(2.0, getattr(self.settings, "text_size", 100) / 100))

    def place(self) -> None:
        """Fit the logical table to the window's real pixels, centred with bars where
        the window is not 16:9, and draw everything at that scale from now on."""
        self.screen = gfx.window()
        w, h = self.screen.get_size()
        gfx.set_scale(gfx.fit_scale((w, h)), self.text_size())
        rw, rh = min(w, gfx.px(LOGICAL_SIZE[0])), min(h, gfx.px(LOGICAL_SIZE[1]))
        ox, oy = (w - rw) // 2, (h - rh) // 2
        gfx.WINDOW.offset = (ox, oy)
        if (ox, oy) == (0, 0) and (rw, rh) == (w, h):
            self.canvas = gfx.Canvas(self.screen, LOGICAL_SIZE)  # (drawn into: ``_draw``)
        elif self.canvas.surface.get_size() != (rw, rh) or self.canvas.surface is self.screen:
            # a frame of our own where there are bars round it, never a subsurface of the
            # window's surface: SDL frees that one whenever the window changes, and a
            # subsurface would point into it (``_draw`` draws straight into a window the
            # table fills, fetched anew each frame)
            self.canvas = gfx.Canvas(pygame.Surface((rw, rh)), LOGICAL_SIZE)
        self._placed = (w, h)
        self.screen.fill((0, 0, 0))
        self._recorded = None

    def _present(self) -> None:
        """Copy the frame to the window's surface as it is now (fetched anew: the one
        from the last frame may have been freed), with black bars around it."""
        window = gfx.window()
        self.screen = window
        ox, oy = gfx.WINDOW.offset
        rw, rh = self.canvas.surface.get_size()
        w, h = window.get_size()
        black = (0, 0, 0)
        if ox > 0:
            window.fill(black, (0, 0, ox, h))
            window.fill(black, (ox + rw, 0, w - ox - rw, h))
        if oy > 0:
            window.fill(black, (0, 0, w, oy))
            window.fill(black, (0, oy + rh, w, h - oy - rh))
        window.blit(self.canvas.surface, (ox, oy))

    def _draw(self) -> None:
        window = gfx.window()
        if window.get_size() != self._placed:
            if self._settle <= 0:
                self.place()
            else:
                # the edge is still being dragged: the last scale's picture, stretched
                # to follow, until the size holds still
                picture = gfx.surface(LOGICAL_SIZE, alpha=False)
                self.stack.draw(picture)
                w, h = window.get_size()
                k = min(w / picture.surface.get_width(), h / picture.surface.get_height())
                size = (max(1, round(picture.surface.get_width() * k)),
                        max(1, round(picture.surface.get_height() * k)))
                window.fill((0, 0, 0))
                shown = pygame.transform.smoothscale(picture.surface, size)
                window.blit(shown, shown.get_rect(center=(w // 2, h // 2)))
                return
        if gfx.WINDOW.offset == (0, 0) and window.get_size() == self.canvas.surface.get_size():
            # the window holds the table exactly: drawn straight into it (fetched anew
            # each frame, as SDL may replace it), without a copy of the whole frame;
            # where each drawing landed is noted, so that the next frame puts back the
            # table's picture only there (while the window keeps its pixels)
            last = self._recorded if self._recorded is not None and (
                self._recorded.surface is window) else None
            self.canvas = self._recorded = gfx.Recording(window, LOGICAL_SIZE, last)
            self.stack.draw(self.canvas)
            return
        self._recorded = None
        self.stack.draw(self.canvas)
        self._present()

    # ----- the loop ---------------------------------------------------------------
    def frame(self, dt: float) -> None:
        """One frame: events, update, draw, then the queued scene changes."""
        self._settle -= dt
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if (event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)
                    and gfx.window().get_size() != self._chosen):
                self._settle = SETTLE  # an edge being dragged
            if event.type in WINDOW_CHANGES:
                self._recorded = None  # (the window's pixels may be new: drawn whole)
            event = self.keys(gfx.logical_event(event))
            if not self.stack.handle(event):
                self.unhandled(event)
        self.stack.update(dt)
        self.netplay.tick()
        self.keep_up()
        self._draw()
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

    def keep_up(self) -> None:
        """The servers' news of My online games, once a frame: the caption counts the
        player's turns; a turn that has just become theirs while the window is not
        looked at flashes it and, unless the settings say no, is notified."""
        became = self.turns.poll()
        words = self.turn_words
        if words is None:
            return
        caption = words.caption(len(self.turns.mine()))
        if caption != self._caption:
            self._caption = caption
            pygame.display.set_caption(caption)
        if not became or self.focused():
            return
        window = _window()
        if window is not None:
            with contextlib.suppress(pygame.error, AttributeError):
                window.flash(pygame.FLASH_UNTIL_FOCUSED)
        if self.settings.notify_turns:
            for game in became[:3]:  # (a handful at once; the caption counts them all)
                self.notifier.notify(*words.notice(game))

    def keys(self, event: pygame.event.Event) -> pygame.event.Event:
        """A key press as the screens read it: the player's own key for an action
        arrives as the action's usual key (``keymap``), where the top screen is; a key
        being typed into a field, or chosen in Settings, arrives as it is."""
        top = self.stack.top
        if top is None or top.typing:
            return event
        return keymap.KEYS.translate(event, top.key_scope)

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
        pygame.image.save(gfx.window(), str(path))


MIN_WINDOW = (960, 540)
#: The largest window drawn without a real screen to measure (the dummy driver).
MAX_HEADLESS = (3840, 2160)


def _window() -> pygame.Window | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error):
        return None


def _desktop() -> tuple[int, int] | None:
    """The desktop's size in pixels, or None when there is no real screen to ask."""
    if _headless():
        return None
    try:
        dw, dh = pygame.display.get_desktop_sizes()[0]
    except (IndexError, pygame.error):
        return None
    return (dw, dh) if dw > 0 and dh > 0 else None


def desktop_fit() -> tuple[int, int]:
    """The whole desktop ("Fit screen"): a 1280x720 laptop and a 2560x1440 monitor
    alike get a window filling the screen, and the table is drawn at that scale."""
    desktop = _desktop()
    if desktop is None:
        return LOGICAL_SIZE
    return clamp_window(desktop)


def clamp_window(size: tuple[int, int]) -> tuple[int, int]:
    """A window size the desktop can show: no larger than the desktop (a settings
    file or a command line asking for 99999x99999 would otherwise ask SDL for gigabytes
    of framebuffer), no smaller than ``MIN_WINDOW``."""
    top = _desktop() or MAX_HEADLESS
    w = min(max(int(size[0]), MIN_WINDOW[0]), max(top[0], MIN_WINDOW[0]))
    h = min(max(int(size[1]), MIN_WINDOW[1]), max(top[1], MIN_WINDOW[1]))
    return (w, h)


def fit_window(requested: tuple[int, int] | None = None) -> None:
    """Keep the window no smaller than ``MIN_WINDOW`` and size it to the request
    (clamped to the desktop) or to the whole desktop, centred."""
    window = _window()
    if window is None:
        return
    window.minimum_size = MIN_WINDOW
    size = clamp_window(requested) if requested else desktop_fit()
    if tuple(window.size) != tuple(size):
        window.size = size
    window.position = pygame.WINDOWPOS_CENTERED


__all__ = ["FPS", "MIN_WINDOW", "App", "NoDisplay", "clamp_window", "desktop_fit",
           "fit_window"]
