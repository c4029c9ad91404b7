"""Buttons, toggles, choices and text fields for the menu scenes.

Small and mouse-first: a click is a press and a release inside the same widget, the
way players expect (dragging off a button cancels it). Labels are translation keys
or already-translated text supplied by a function, so a language change shows at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from game.variants import variants
from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.text.catalog import t
from scenes.text.fitting import fit_lines, fit_size, fits, roomy_size
from scenes.text.fonts import blit_text, floor_size, line_height, render
from scenes.ui import art
from scenes.ui import palette as P

Label = str | Callable[[], str]


def _text(label: Label) -> str:
    return label() if callable(label) else t(label)


class Widget:
    """A rectangle that may react to the mouse."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = True
        self.hover = False
        self._pressed = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self._pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self._pressed
            self._pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.click(event.pos)
                return True
        return False

    def click(self, pos: tuple[int, int]) -> None:
        """A completed click inside the widget."""

    def draw(self, surface: gfx.Canvas) -> None:
        """Draw the widget."""


class Button(Widget):
    """A brass button that calls ``action`` when clicked."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], label: Label,
                 action: Callable[[], object], size: int = 26, enabled: bool = True) -> None:
        super().__init__(rect)
        self.label = label
        self.action = action
        self.size = size
        self.enabled = enabled

    def click(self, pos: tuple[int, int]) -> None:
        self.action()

    @property
    def state(self) -> str:
        if not self.enabled:
            return "disabled"
        if self._pressed:
            return "pressed"
        return "hover" if self.hover else "normal"

    def draw(self, surface: gfx.Canvas) -> None:
        img = art.button(self.rect.w, self.rect.h, _text(self.label), self.state, self.size)
        surface.blit(img, self.rect)


class Toggle(Widget):
    """A labelled check box on parchment. A long label wraps onto a second line (in
    ``label_height``, the room its row has: by default its own height) rather than
    shrink into a smaller font than its neighbours'."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], label: Label,
                 value: bool = False, on_change: Callable[[bool], object] | None = None,
                 label_height: int | None = None) -> None:
        super().__init__(rect)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.label_height = label_height or self.rect.h
        #: The toggles set alike (a column of them): one size for all their labels, the
        #: one the longest fits, so no label stands smaller beside its neighbours.
        self.group: list[Toggle] = [self]

    def own_size(self) -> float:
        """The largest size at which this label fits its row (on two lines if it must)."""
        return fit_lines(_text(self.label), "text", 24, self.rect.w - 44, 2,
                         height=self.label_height)[0]

    def click(self, pos: tuple[int, int]) -> None:
        self.value = not self.value
        if self.on_change:
            self.on_change(self.value)

    def draw(self, surface: gfx.Canvas) -> None:
        box = pygame.Rect(self.rect.x, self.rect.centery - 15, 30, 30)
        draw.rect(surface, P.PARCHMENT, box, border_radius=6)
        draw.rect(surface, P.BRASS_DARK if self.enabled else P.INK_SOFT, box, 3,
                         border_radius=6)
        if self.value:
            pts = [(box.x + 7, box.centery), (box.x + 13, box.bottom - 8),
                   (box.right - 6, box.y + 7)]
            draw.lines(surface, P.INK, False, pts, 4)
        color = P.INK if self.enabled else P.INK_SOFT
        if self.hover and self.enabled:
            color = P.BRASS_DARK
        text = _text(self.label)
        size = min(toggle.own_size() for toggle in self.group)
        _, lines = fit_lines(text, "text", size, self.rect.w - 44, 2, height=self.label_height)
        step = line_height("text", size)
        top = self.rect.centery - step * len(lines) / 2
        for i, line in enumerate(lines):
            blit_text(surface, line, (box.right + 12, top + (i + 0.5) * step), size=size,
                      color=color, anchor="midleft")


class Choice(Widget):
    """A row of segments, one of them chosen (e.g. 3 or 4 players)."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], options: Sequence[str],
                 labels: Sequence[Label], index: int = 0,
                 on_change: Callable[[str], object] | None = None,
                 disabled: set[str] | None = None) -> None:
        super().__init__(rect)
        self.options = options
        self.labels = labels
        self.index = index
        self.on_change = on_change
        self.disabled = disabled or set()

    @property
    def value(self) -> str:
        return self.options[self.index]

    def segment(self, i: int) -> pygame.Rect:
        w = self.rect.w / len(self.options)
        return pygame.Rect(round(self.rect.x + i * w), self.rect.y, round(w), self.rect.h)

    def step(self, delta: int, wrap: bool = False) -> bool:
        """The next (+1) or previous (-1) option that is not disabled, chosen as a click
        would choose it (Left/Right, or Enter going round with ``wrap``). True: the key
        was the choice's, even at either end."""
        n = len(self.options)
        i = self.index
        for _ in range(n):
            i += delta
            if wrap:
                i %= n
            elif not 0 <= i < n:
                return True
            if self.options[i] not in self.disabled:
                break
        else:
            return True
        if i != self.index:
            self.index = i
            if self.on_change:
                self.on_change(self.options[i])
        return True

    def click(self, pos: tuple[int, int]) -> None:
        for i, option in enumerate(self.options):
            if self.segment(i).collidepoint(pos) and option not in self.disabled:
                if i != self.index:
                    self.index = i
                    if self.on_change:
                        self.on_change(option)
                return

    def draw(self, surface: gfx.Canvas) -> None:
        # one size for the whole row (the one its longest label fits, set bold as if
        # chosen), so choosing never changes a label's size
        room = self.segment(0).inflate(-4, 0).w - 10
        # the chosen label is set bold where the row's longest fits so; else in the
        # regular weight (its fill and rim say it is chosen)
        bold = "text-semibold"
        if not all(fits(_text(label), bold, floor_size(12), room, self.rect.h - 12)
                   for label in self.labels):
            bold = "text"
        size = min(roomy_size(_text(label), bold, 22, room, height=self.rect.h - 12)
                   for label in self.labels)
        for i, option in enumerate(self.options):
            seg = self.segment(i).inflate(-4, 0)
            chosen = i == self.index
            off = option in self.disabled
            fill = P.BRASS_LIGHT if chosen else P.PARCHMENT_SHADE
            if off:
                fill = (196, 186, 164)
            draw.rect(surface, fill, seg, border_radius=8)
            draw.rect(surface, P.BRASS_DARK if chosen else P.INK_SOFT, seg,
                             3 if chosen else 1, border_radius=8)
            text = _text(self.labels[i])
            role = bold if chosen else "text"
            blit_text(surface, text, seg.center, role=role, size=size,
                      color=(140, 128, 110) if off else P.INK, anchor="center", box=seg)


def clipboard_text() -> str:
    """What the system's clipboard holds as text ("" when it holds none, or there is
    no clipboard: a paste then adds nothing)."""
    try:
        text = pygame.scrap.get_text()  # SDL's clipboard: nothing to initialise
    except (pygame.error, AttributeError):
        return ""
    return text if isinstance(text, str) else ""


#: The keys a paste and a word's deletion are held with (Ctrl, or Cmd on a Mac).
SHORTCUT_MODS = pygame.KMOD_CTRL | pygame.KMOD_META


class TextField(Widget):
    """One line of text typed by the player (names, the seed, an invite code): Ctrl+V
    (Cmd+V) pastes what fits of the clipboard, Ctrl+Backspace takes back a word."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], value: str = "",
                 placeholder: Label = "", max_len: int = 18,
                 allowed: Callable[[str], bool] | None = None) -> None:
        super().__init__(rect)
        self.value = value
        self.placeholder = placeholder
        self.max_len = max_len
        self.allowed = allowed or (lambda ch: ch.isprintable() and ch not in ",[]\"#")
        self.focused = False
        self.blink = 0.0

    @property
    def takes_keys(self) -> bool:
        """Being typed in: the keys are the text's (``Scene.typing``)."""
        return self.focused

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if not self.focused:
            return super().handle(event)
        if event.type == pygame.TEXTINPUT:
            self.type_in(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            held = getattr(event, "mod", 0) & SHORTCUT_MODS
            if event.key == pygame.K_v and held:
                # a code from a chat comes with spaces or a line's end: what the field
                # cannot hold is left out, the rest goes in
                self.type_in(" ".join(clipboard_text().split()))
                return True
            if event.key == pygame.K_BACKSPACE and held:
                kept = self.value.rstrip(" -")
                cut = max(kept.rfind(" "), kept.rfind("-"))
                self.value = kept[:cut + 1] if cut >= 0 else ""
                return True
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.focused = False
                return True
            return True  # a focused field owns the keyboard: the M of a name mutes nothing
        return super().handle(event)

    def type_in(self, text: str) -> None:
        """Add what of ``text`` the field allows, up to its length."""
        for ch in text:
            if len(self.value) < self.max_len and self.allowed(ch):
                self.value += ch

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    def draw(self, surface: gfx.Canvas) -> None:
        draw.rect(surface, (250, 244, 228), self.rect, border_radius=6)
        draw.rect(surface, P.BRASS_DARK if self.focused else P.INK_SOFT, self.rect,
                         3 if self.focused else 1, border_radius=6)
        if self.value:
            img = render(self.value, "text", 24, P.INK)
        else:
            hint = _text(self.placeholder)
            # a hint, not a value: in italics, softer, but as readable as any text
            img = render(hint, "display-italic",
                         fit_size(hint, "display-italic", 25, self.rect.w - 20), P.INK_SOFT)
        pos = img.get_rect(midleft=(self.rect.x + 10, self.rect.centery))
        surface.blit(img, pos, area=pygame.Rect(0, 0, self.rect.w - 20, img.get_height()))
        if self.focused and self.blink < 0.5:
            x = pos.x + (img.get_width() if self.value else 0) + 2
            draw.line(surface, P.INK, (x, self.rect.y + 9), (x, self.rect.bottom - 9), 2)


def variant_choice(rect: pygame.Rect | tuple[int, int, int, int], chosen: str) -> Choice:
    """The registered variants (``game.variants``) as a row of segments, each under its
    label, ``chosen`` chosen (the first, the standard rules, for a name not registered).
    A label said mid-sentence elsewhere ("3 players · standard rules") starts with a
    capital on its own button."""
    offered = variants()
    names = [v.name for v in offered]

    def said(key: str) -> str:
        words = t(key)
        return words[:1].upper() + words[1:]

    return Choice(rect, names, [partial(said, v.label) for v in offered],
                  names.index(chosen) if chosen in names else 0)


def set_alike(*toggles: Toggle) -> None:
    """Set the labels of ``toggles`` (a column) at one size."""
    for toggle in toggles:
        toggle.group = list(toggles)


__all__ = ["Button", "Choice", "Label", "TextField", "Toggle", "Widget", "set_alike",
           "variant_choice"]
