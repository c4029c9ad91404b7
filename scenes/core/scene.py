"""The Scene base class, the scene stack, and what a scene may ask of its host.

A scene is one screen (title, setup, table, scoring) or an overlay on top of one (a
confirm dialog, a transition). Scenes receive events from the top of the stack down
until one consumes it; only the top scene is updated; drawing starts at the highest
opaque scene so overlays show what is under them. Changes to the stack are queued
and applied between frames, never while a frame walks the stack.

A scene knows its host (the window, ``scenes.core.app.App``) only through the small
``Host`` protocol below, and other screens only by name: ``go`` and ``open`` ask the
host's navigator, so no screen imports another.
"""

from __future__ import annotations

import gc
from typing import Protocol

import pygame

from scenes.core import gfx, memory
from scenes.core.audio import Sounds
from scenes.core.netplay import Netplay
from scenes.core.saves import Notice, Settings
from scenes.core.turns import Turns


class Navigate(Protocol):
    """Moving between screens by name (``scenes.core.navigator.Navigator``)."""

    def go(self, screen: str, /, **args: object) -> None: ...

    def open(self, screen: str, /, **args: object) -> None: ...


class Host(Protocol):
    """What a scene may use of the window that shows it."""

    settings: Settings
    notice: Notice | None
    navigator: Navigate
    sounds: Sounds
    netplay: Netplay
    #: Whose turn it is at the online tables the player follows.
    turns: Turns

    def quit(self) -> None: ...

    def toggle_mute(self) -> bool: ...

    def save_settings(self) -> Notice | None: ...

    def apply_window(self) -> None: ...

    def place(self) -> None: ...


class Scene:
    """One screen or overlay. Override what you need; every method has a default."""

    #: Draws every pixel: the scenes below need not be drawn.
    opaque: bool = True
    #: The quiet music loop plays while this is the screen shown (the bottom scene of
    #: the stack decides; an overlay above it does not).
    music: bool = True
    #: Swallows every event (transitions, modal dialogs): nothing below sees input.
    modal: bool = False
    #: Which actions its keys are (``scenes.core.keymap``): "menu", "table" or "review".
    key_scope: str = "menu"

    def __init__(self) -> None:
        self.app: Host | None = None
        self.stack: SceneStack | None = None
        self._own_settings: Settings | None = None

    @property
    def settings(self) -> Settings:
        """The player's settings; a scene on a bare stack (a test's) keeps defaults of
        its own, so what it changes is still there when it reads them again."""
        if self.app is not None:
            return self.app.settings
        if self._own_settings is None:
            self._own_settings = Settings()
        return self._own_settings

    # moving between screens -------------------------------------------------------
    def go(self, screen: str, /, **args: object) -> None:
        """Leave for another screen (behind a fade), named as in ``Screen``."""
        if self.app is not None:
            self.app.navigator.go(screen, **args)

    def open(self, screen: str, /, **args: object) -> None:
        """Open an overlay screen (settings, rules...) over this one."""
        if self.app is not None:
            self.app.navigator.open(screen, **args)

    # life cycle -----------------------------------------------------------------
    def enter(self) -> None:
        """Pushed onto the stack (or put in by a replace)."""

    def exit(self) -> None:
        """Popped off the stack (or replaced)."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene over this one was popped."""

    @property
    def typing(self) -> bool:
        """Whether the keys are a text's now, so the player's own keys are not
        translated (``App.keys``): by default, while a text field of the scene's (an
        attribute, or in a list of them) is being typed in."""
        for value in vars(self).values():
            fields = value if isinstance(value, list | tuple) else (value,)
            if any(getattr(f, "takes_keys", False) is True for f in fields):
                return True
        return False

    # frame ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """React to an event; True when consumed (scenes below will not see it)."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (only the top scene is updated)."""

    def draw(self, surface: gfx.Canvas) -> None:
        """Draw onto the 1920x1080 logical surface."""


class _Input:
    """Which hand leads: a key press makes it the keyboard's, a click the mouse's. A
    screen's focus ring starts shown only when the keyboard leads, so a mouse player
    never sees it at start-up and a keyboard player keeps it from screen to screen."""

    keyboard: bool = False

    def saw(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.keyboard = True
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard = False


INPUT = _Input()


class SceneStack:
    """Scenes, bottom to top, with push/pop/replace queued until ``apply``."""

    def __init__(self, app: Host | None = None) -> None:
        self.app = app
        self.scenes: list[Scene] = []
        self._pending: list[tuple[str, Scene | None]] = []

    # queueing --------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self._pending.append(("push", scene))

    def pop(self) -> None:
        self._pending.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        """Queue: the top scene leaves and ``scene`` takes its place."""
        self._pending.append(("replace", scene))

    def replace_under(self, scene: Scene) -> None:
        """Queue: the scene just below the top is replaced (a transition's midpoint)."""
        self._pending.append(("replace_under", scene))

    def remove(self, scene: Scene) -> None:
        """Queue: ``scene`` leaves wherever it stands (a transition ending itself, even
        if something was pushed over it meanwhile)."""
        self._pending.append(("remove", scene))

    def clear_to(self, scene: Scene) -> None:
        """Queue: every scene leaves and ``scene`` is the only one."""
        self._pending.append(("clear", scene))

    @property
    def pending(self) -> int:
        return len(self._pending)

    # applying --------------------------------------------------------------------
    def apply(self) -> None:
        """Carry out the queued changes, in order (called between frames).

        A screen that left (not a menu or a question over one) is collected at once:
        scenes sit in reference cycles (their widgets' callbacks, the session's
        listeners) that only the cyclic collector frees, and the pictures they hold
        (pixels in SDL's memory, which the collector does not count) would otherwise
        pile up until it next runs its full pass, rarely, and fragment the heap so the
        process never shrinks back: a long session's memory crept up scene change
        after scene change (issue 22)."""
        if not self._pending:
            return  # the usual frame: nothing queued, nothing to compare
        before = list(self.scenes)
        while self._pending:
            op, scene = self._pending.pop(0)
            if op == "push":
                assert scene is not None
                if self.scenes:
                    self.scenes[-1].pause()
                self._attach(scene)
                self.scenes.append(scene)
                scene.enter()
            elif op == "pop":
                if self.scenes:
                    self.scenes.pop().exit()
                if self.scenes:
                    self.scenes[-1].resume()
            elif op == "replace":
                assert scene is not None
                if self.scenes:
                    self.scenes.pop().exit()
                self._attach(scene)
                self.scenes.append(scene)
                scene.enter()
            elif op == "replace_under":
                assert scene is not None
                if len(self.scenes) >= 2:
                    self.scenes[-2].exit()
                    self._attach(scene)
                    self.scenes[-2] = scene
                    scene.enter()
                    scene.pause()
                else:
                    self._attach(scene)
                    self.scenes.insert(0, scene)
                    scene.enter()
                    scene.pause()
            elif op == "remove":
                if scene in self.scenes:
                    was_top = self.scenes[-1] is scene
                    self.scenes.remove(scene)
                    scene.exit()
                    if was_top and self.scenes:
                        self.scenes[-1].resume()
            elif op == "clear":
                assert scene is not None
                while self.scenes:
                    self.scenes.pop().exit()
                self._attach(scene)
                self.scenes.append(scene)
                scene.enter()
        left = [old for old in before if all(old is not now for now in self.scenes)]
        # a screen's pictures are worth a full pass (some 50 ms); a menu or a question
        # closing is not, and would stall a frame for it
        if any(getattr(old, "opaque", True) for old in left):
            scene = None  # the last one removed is not kept alive by this frame
            del left, before
            gc.collect()
            memory.give_back()  # (what they held goes back to the system, not kept)
        elif left:
            scene = None
            del left, before
            memory.give_back()  # an overlay's pictures (the rules' pages: megabytes)

    def _attach(self, scene: Scene) -> None:
        scene.stack = self
        scene.app = self.app

    # the frame ---------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def handle(self, event: pygame.event.Event) -> bool:
        INPUT.saw(event)
        return any(scene.handle(event) or scene.modal for scene in reversed(self.scenes))

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].update(dt)

    def draw(self, surface: gfx.Canvas) -> None:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.draw(surface)


class Fade(Scene):
    """A transition: darkens, swaps the scene under it at the midpoint, brightens.

    It is modal, so no click reaches a scene while it changes."""

    opaque = False
    modal = True

    def __init__(self, target: Scene, duration: float = 0.36,
                 color: tuple[int, int, int] = (6, 16, 30)) -> None:
        super().__init__()
        self.target = target
        self.duration = max(0.01, duration)
        self.color = color
        self.elapsed = 0.0
        self.swapped = False
        self.finished = False

    def handle(self, event: pygame.event.Event) -> bool:
        return True

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if not self.swapped and self.elapsed >= self.duration / 2:
            self.swapped = True
            assert self.stack is not None
            self.stack.replace_under(self.target)
        if not self.finished and self.elapsed >= self.duration:
            self.finished = True
            assert self.stack is not None
            self.stack.remove(self)

    @property
    def alpha(self) -> int:
        half = self.duration / 2
        k = self.elapsed / half if self.elapsed < half else 2 - self.elapsed / half
        return max(0, min(255, round(255 * k)))

    def draw(self, surface: gfx.Canvas) -> None:
        """The scene under it darkened toward the fade's colour: every pixel times
        (1 - k), plus the colour times k (no veil as large as the window is made: at
        4K one weighs 33 MB)."""
        k = self.alpha / 255
        keep = round(255 * (1 - k))
        surface.surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
        surface.surface.fill(tuple(round(c * k) for c in self.color),
                             special_flags=pygame.BLEND_RGB_ADD)
        if isinstance(surface, gfx.Recording):
            surface.note(None)


def go_to(stack: SceneStack, scene: Scene, fade: float = 0.36) -> None:
    """Change the current scene behind a fade (``fade=0`` for at once)."""
    if fade <= 0:
        stack.replace(scene)
    else:
        stack.push(Fade(scene, fade))


__all__ = ["INPUT", "Fade", "Scene", "SceneStack", "go_to"]
