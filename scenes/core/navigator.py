"""Moving between screens by name, so that no screen imports another.

A scene asks ``self.go(Screen.SCORING, session=...)`` (or ``open`` for an overlay);
the navigator makes the scene from the factory registered under that name and puts
it on the stack, behind a fade for a change of screen. The factories are registered
in one place, ``scenes.main``, which is the only module that knows every screen.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from scenes.core.scene import Scene, SceneStack, go_to

FADE_SECONDS = 0.36


class Screen(StrEnum):
    """Every screen and overlay a scene may ask for."""

    TITLE = "title"
    LOAD_RECORD = "load-record"
    CONTINUE = "continue"
    SETUP = "setup"
    TABLE = "table"
    SCORING = "scoring"
    REVIEW = "review"
    SETTINGS = "settings"
    KEYS = "keys"
    RULES = "rules"
    ONLINE = "online"
    WAITING_ROOM = "waiting-room"
    LOBBY = "lobby"
    LEADERS = "leaders"
    PLAYER_KEY = "player-key"


Factory = Callable[..., Scene]


class NavigationError(LookupError):
    """A screen was asked for that nobody registered."""


class Navigator:
    """The screens of one window, by name."""

    def __init__(self, stack: SceneStack) -> None:
        self.stack = stack
        self._factories: dict[str, Factory] = {}

    def register(self, screen: str, factory: Factory) -> None:
        self._factories[str(screen)] = factory

    def knows(self, screen: str) -> bool:
        return str(screen) in self._factories

    def make(self, screen: str, /, **args: object) -> Scene:
        """A new scene for ``screen`` built with ``args`` (not yet on the stack)."""
        try:
            factory = self._factories[str(screen)]
        except KeyError:
            raise NavigationError(f"no screen registered as {screen!r}") from None
        return factory(**args)

    def go(self, screen: str, /, **args: object) -> None:
        """Replace the current screen, behind a fade."""
        go_to(self.stack, self.make(screen, **args), FADE_SECONDS)

    def open(self, screen: str, /, **args: object) -> None:
        """Push an overlay over the current screen."""
        self.stack.push(self.make(screen, **args))

    def start(self, screen: str, /, **args: object) -> Scene:
        """Make ``screen`` the only scene at once (the first screen, a test's table)."""
        scene = self.make(screen, **args)
        self.stack.clear_to(scene)
        self.stack.apply()
        return scene


__all__ = ["FADE_SECONDS", "Factory", "NavigationError", "Navigator", "Screen"]
