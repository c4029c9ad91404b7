"""Keyboard focus, shared by every screen: what Tab, the arrows, Enter and Space reach,
and the one ring that shows where the focus is.

A screen lists what can take the focus as ``Focusable``s (a rectangle in logical
units and what Enter or Space does to it), in Tab order; a ``Focus`` keeps which of
them has the focus, by its key, so the list may be rebuilt every frame (a button
greyed out, a row scrolled in) without the focus jumping. Tab and Shift+Tab go
forward and back in that order; an arrow goes to the nearest focusable that lies in
its direction; Enter or Space activates. A choice (3 or 4 players, a volume) takes
Left and Right itself to change its value; a text field being typed in keeps every
key but Tab, Shift+Tab, Up and Down.

The mouse and the keyboard do not fight: moving the mouse never moves the focus, a
click moves it to what was clicked and hides the ring until a key is pressed again
(the ring is for the player who uses keys). A screen's ring starts hidden until the
first key press (``scenes.core.scene.INPUT``): a mouse player never sees it, at
start-up or on any screen after a click, while a keyboard player keeps it from one
screen to the next. ``draw_ring`` is the one look of the
focus everywhere: a dark outer band and a bright inner band, each several real
pixels thick at any window size, so it reads on parchment, wood and sea alike and
does not depend on telling colours apart.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass

import pygame

from scenes.core import gfx
from scenes.core.scene import INPUT

#: The ring's two bands: dark outside, bright inside (luminance contrast, not hue).
RING_DARK = (14, 12, 22)
RING_BRIGHT = (255, 255, 255)
#: How far the ring stands outside the focused rectangle, in logical units.
RING_GAP = 5

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
ACTIVATE_KEYS = (*ENTER_KEYS, pygame.K_SPACE)
#: Arrow key -> direction on the screen.
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}


def draw_ring(surface: gfx.Canvas | pygame.Surface, rect: pygame.Rect | Sequence[int],
              radius: int = 10) -> None:
    """The focus ring around ``rect`` (logical units on a Canvas): the same look on
    every screen. Its bands are measured in real pixels with a floor, so it is as
    easy to see in a 1280x720 window as at 1920x1080."""
    rect = pygame.Rect(rect).inflate(2 * RING_GAP, 2 * RING_GAP)
    if isinstance(surface, gfx.Canvas):
        target = surface.surface
        real = gfx.real_rect(rect)
        r = gfx.px(radius)
    else:
        target, real, r = surface, rect, radius
    dark = max(4, gfx.px(5))
    bright = max(4, gfx.px(4))
    outer = real.inflate(2 * dark - 2, 2 * dark - 2)
    pygame.draw.rect(target, RING_DARK, outer, dark + 1, border_radius=r + dark)
    pygame.draw.rect(target, RING_BRIGHT, real, bright, border_radius=r)
    inner = real.inflate(-2 * bright, -2 * bright)
    if inner.w > 2 and inner.h > 2:
        pygame.draw.rect(target, RING_DARK, inner, 1, border_radius=max(0, r - bright))
    if isinstance(surface, gfx.Recording):
        surface.note(outer)


@dataclass
class Focusable:
    """One thing the keyboard can reach."""

    key: Hashable
    rect: pygame.Rect
    #: What Enter or Space does (None: nothing, the focus only shows it).
    activate: Callable[[], object] | None = None
    #: Left/Right on it (a choice): change by -1/+1; True when it took the key.
    adjust: Callable[[int], bool] | None = None
    #: Whether it is being typed in now (it keeps every key but Tab and Up/Down).
    typing: Callable[[], bool] | None = None
    #: Called when the focus arrives (True) or leaves (False): a text field starts or
    #: stops taking the typing.
    on_focus: Callable[[bool], object] | None = None
    radius: int = 10


def nearest(items: Sequence[Focusable], start: pygame.Rect,
            direction: tuple[int, int]) -> int | None:
    """The index of the focusable nearest to ``start`` in ``direction`` (an arrow),
    or None when nothing lies that way. Things straight ahead beat things off to the
    side: the distance across the direction counts three times."""
    dx, dy = direction
    sx, sy = start.center
    best, best_score = None, None
    for i, item in enumerate(items):
        r = item.rect
        if r == start:
            continue
        # the gap between the edges along the direction, so a wide neighbour is found
        if dx:
            ahead = (r.left - start.right) if dx > 0 else (start.left - r.right)
            centre_ahead = (r.centerx - sx) * dx
            across = abs(r.centery - sy)
            overlap = min(r.bottom, start.bottom) - max(r.top, start.top)
        else:
            ahead = (r.top - start.bottom) if dy > 0 else (start.top - r.bottom)
            centre_ahead = (r.centery - sy) * dy
            across = abs(r.centerx - sx)
            overlap = min(r.right, start.right) - max(r.left, start.left)
        if centre_ahead <= 0:
            continue
        if overlap > 0:
            across = 0
        score = max(0, ahead) + 3 * across
        if best_score is None or score < best_score:
            best, best_score = i, score
    return best


class Focus:
    """Which of a screen's focusables has the focus, and whether the ring shows."""

    def __init__(self, visible: bool | None = None) -> None:
        self.items: list[Focusable] = []
        self.key: Hashable | None = None
        #: The ring shows while the keyboard leads; a click hides it, a key shows it
        #: (at first: whether a key was pressed since the last click, unless told).
        self.visible = INPUT.keyboard if visible is None else visible

    # ----- the list -------------------------------------------------------------------
    def set_items(self, items: Iterable[Focusable]) -> None:
        """The focusables now, in Tab order; the focus stays on the same key when it is
        still there, else it goes to the first."""
        self.items = list(items)
        if self.items and self.index() is None:
            self._set(self.items[0].key)

    def index(self) -> int | None:
        for i, item in enumerate(self.items):
            if item.key == self.key:
                return i
        return None

    @property
    def current(self) -> Focusable | None:
        i = self.index()
        return None if i is None else self.items[i]

    def _set(self, key: Hashable | None) -> None:
        if key == self.key:
            return
        old = self.current
        self.key = key
        if old is not None and old.on_focus is not None:
            old.on_focus(False)
        new = self.current
        if new is not None and new.on_focus is not None:
            new.on_focus(True)

    def focus(self, key: Hashable) -> None:
        """Put the focus on ``key`` (when it is in the list)."""
        if any(item.key == key for item in self.items):
            self._set(key)

    def step(self, delta: int) -> None:
        """Tab (+1) or Shift+Tab (-1): the next one in order, round the end."""
        if not self.items:
            return
        i = self.index()
        if i is None:
            i = -1 if delta > 0 else 0
        self._set(self.items[(i + delta) % len(self.items)].key)

    def toward(self, direction: tuple[int, int]) -> bool:
        """An arrow: the nearest focusable that way (True when the focus moved)."""
        current = self.current
        if current is None:
            self.step(1)
            return bool(self.items)
        i = nearest(self.items, current.rect, direction)
        if i is None:
            return False
        self._set(self.items[i].key)
        return True

    # ----- input -------------------------------------------------------------------------
    def typing(self) -> bool:
        current = self.current
        return bool(current is not None and current.typing is not None and current.typing())

    def handle(self, event: pygame.event.Event) -> bool:
        """Tab, Shift+Tab, the arrows, Enter and Space; a click moves the focus to what
        it hit and hides the ring. True when the event was the focus's."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) in (1, 3):
            self.visible = False
            for item in self.items:
                if item.rect.collidepoint(event.pos):
                    self._set(item.key)
                    break
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        mods = getattr(event, "mod", 0)
        if mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        typing = self.typing()
        moves = key == pygame.K_TAB or (key in ARROWS and not (
            typing and key in (pygame.K_LEFT, pygame.K_RIGHT)))
        if moves and not self.visible:
            self.visible = True  # the first key only shows where the focus is
            return True
        if key == pygame.K_TAB:
            self.step(-1 if mods & pygame.KMOD_SHIFT else 1)
            return True
        if key in ARROWS:
            if typing and key in (pygame.K_LEFT, pygame.K_RIGHT):
                return False
            current = self.current
            if (current is not None and current.adjust is not None
                    and key in (pygame.K_LEFT, pygame.K_RIGHT)
                    and current.adjust(-1 if key == pygame.K_LEFT else 1)):
                return True
            self.toward(ARROWS[key])
            return True
        if key in ACTIVATE_KEYS:
            current = self.current
            if typing or (key == pygame.K_SPACE and current is not None
                          and current.typing is not None):
                # Enter in a field is the field's (it stops typing); Space would be
                # typed into the field it opened, so only Enter (or Tab) opens one
                return False
            self.visible = True
            return self.activate()
        return False

    def activate(self) -> bool:
        current = self.current
        if current is None or current.activate is None:
            return False
        current.activate()
        return True

    # ----- drawing -----------------------------------------------------------------------
    def draw(self, surface: gfx.Canvas) -> None:
        """The ring around the focused thing, while the keyboard leads."""
        current = self.current
        if self.visible and current is not None:
            draw_ring(surface, current.rect, current.radius)


# ----- the menu screens' widgets ---------------------------------------------------------
def of_widget(widget: object, key: Hashable | None = None) -> Focusable | None:
    """A widget of ``scenes.ui.widgets`` as a focusable (None when it is disabled):
    a button is pressed, a toggle flipped, a choice stepped by Left/Right, a text
    field typed in as soon as it has the focus."""
    from scenes.ui.widgets import Choice, TextField, Toggle

    if not getattr(widget, "enabled", True):
        return None
    rect = widget.rect  # type: ignore[attr-defined]
    key = key if key is not None else id(widget)
    if isinstance(widget, TextField):
        field = widget

        def edit(on: bool) -> None:
            field.focused = on

        def start() -> None:
            field.focused = True

        return Focusable(key, rect, start, typing=lambda: field.focused, on_focus=edit,
                         radius=8)
    if isinstance(widget, Choice):
        choice = widget
        # Left/Right choose; Enter is left to the screen (a language never changes by
        # a stray Enter)
        return Focusable(key, rect, None, adjust=choice.step, radius=10)
    if isinstance(widget, Toggle):
        toggle = widget
        box = pygame.Rect(rect.x, rect.y, rect.w, rect.h)
        return Focusable(key, box, lambda: toggle.click(toggle.rect.center), radius=8)
    click = widget.click  # type: ignore[attr-defined]
    return Focusable(key, rect, lambda: click(rect.center), radius=12)


def of_widgets(widgets: Iterable[object]) -> list[Focusable]:
    """The enabled widgets as focusables, in the order given (their Tab order)."""
    out = []
    for widget in widgets:
        item = of_widget(widget)
        if item is not None:
            out.append(item)
    return out


def handle_form(event: pygame.event.Event, focus: Focus, items: list[Focusable],
                widgets: Iterable[object], fields: Iterable[object] = ()) -> bool:
    """One event for a screen of widgets: the keyboard's focus first, then a click
    leaves every text field (``fields``: those with ``focused``; the click refocuses
    the one it lands on), then every widget sees it. True when something used it."""
    focus.set_items(items)
    if focus.handle(event):
        return True
    if event.type == pygame.MOUSEBUTTONDOWN:
        for field in fields:
            field.focused = False  # type: ignore[attr-defined]
    consumed = False
    for widget in widgets:
        consumed = widget.handle(event) or consumed  # type: ignore[attr-defined]
    return consumed


__all__ = ["ACTIVATE_KEYS", "ARROWS", "ENTER_KEYS", "RING_BRIGHT", "RING_DARK", "Focus",
           "Focusable", "draw_ring", "handle_form", "nearest", "of_widget", "of_widgets"]
