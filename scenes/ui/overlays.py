"""Small scenes drawn over the table: a player handoff, a yes/no question, the
right-click menu of free actions, and the pause menu.

They are modal (nothing under them sees input) and not opaque (the table shows
through a veil), and each closes itself by popping the stack; what they decide is
passed back through a callback, so the table keeps the only link to the session.
Only the top scene is updated, so an overlay passes time on to the scene under it
(``animate``): a step's film keeps playing under a question about it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.core.scene import Scene
from scenes.text.catalog import t
from scenes.text.fitting import fit_lines, fit_size
from scenes.text.fonts import blit_text, line_height, render
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.focus import ACTIVATE_KEYS, Focus, draw_ring, of_widgets
from scenes.ui.widgets import Button, Label

VEIL = (6, 16, 30)


def veil(surface: gfx.Canvas, alpha: int) -> None:
    """Darken what is drawn toward the veil colour: two fills, much cheaper than
    blending a whole-screen surface every frame."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)
    surface.fill(tuple(c * alpha // 255 for c in VEIL), special_flags=pygame.BLEND_ADD)


def parchment_plate(surface: gfx.Canvas, plate: pygame.Rect, *, dim: int, radius: int,
                    seed: int) -> None:
    """The table dimmed by ``dim``, and a brass-edged parchment plate over it."""
    veil(surface, dim)
    surface.blit(art.parchment(plate.w, plate.h, radius=radius, seed=seed), plate)
    draw.rect(surface, P.BRASS_DARK, plate, 3, border_radius=radius)


class Overlay(Scene):
    """A modal scene over the table, closed by ``close``."""

    opaque = False
    modal = True

    def close(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def update(self, dt: float) -> None:
        self.animate_below(dt)

    def animate_below(self, dt: float) -> None:
        """Let the scene under this overlay play its animations on."""
        if self.stack is None or self not in self.stack.scenes:
            return
        i = self.stack.scenes.index(self)
        if i > 0:
            animate = getattr(self.stack.scenes[i - 1], "animate", None)
            if animate is not None:
                animate(dt)


class Handoff(Overlay):
    """Announces whose turn it is, so the mouse changes hands before anyone looks."""

    def __init__(self, seat: int, name: str, final: bool, palette: str = "classic",
                 on_close: Callable[[], object] | None = None) -> None:
        super().__init__()
        self.seat = seat
        self.name = name
        self.final = final
        self.palette = palette
        self.on_close = on_close
        self.age = 0.0

    def handle(self, event: pygame.event.Event) -> bool:
        # A short grace time, so a click meant for the last move does not skip it.
        if self.age > 0.25 and event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.close()
            if self.on_close:
                self.on_close()
        return True

    def update(self, dt: float) -> None:
        self.age += dt
        self.animate_below(dt)

    def draw(self, surface: gfx.Canvas) -> None:
        veil(surface, 190)
        w, h = surface.get_size()
        plate = pygame.Rect(0, 0, 860, 330)
        plate.center = (w // 2, h // 2)
        surface.blit(art.parchment(plate.w, plate.h, radius=18, seed=11), plate)
        color = P.player_color(self.seat, self.palette)
        draw.rect(surface, color, plate, 6, border_radius=18)
        mk = art.marker(self.seat, 96, self.palette)
        surface.blit(mk, mk.get_rect(center=(plate.centerx, plate.y + 80)))
        title = t("handoff.title", name=self.name)
        size = fit_size(title, "display", 64, plate.w - 60, height=64)
        blit_text(surface, title, (plate.centerx, plate.y + 175), role="display", size=size,
                  color=P.INK, anchor="center", box=plate, by_ink=True)
        # the last round's word and the hint under the name, spaced by their own lines
        lines = [(t("handoff.hint", name=self.name), "text", 22, P.INK)]
        if self.final:
            lines.insert(0, (t("handoff.final", name=self.name), "text-semibold", 24,
                             P.BRASS_DARK))
        y: float = plate.y + 220
        for text, role, wanted, color in lines:
            size = fit_size(text, role, wanted, plate.w - 60)
            step = line_height(role, size)
            blit_text(surface, text, (plate.centerx, y + step / 2), role=role, size=size,
                      color=color, anchor="center", box=plate)
            y += step + 6


def if_yes(action: Callable[[], object]) -> Callable[[bool], None]:
    """A question's answer that does ``action`` on yes and nothing on no."""
    def answer(yes: bool) -> None:
        if yes:
            action()
    return answer


class Confirm(Overlay):
    """A yes/no question; ``on_answer(True/False)`` is called once."""

    def __init__(self, question: str, on_answer: Callable[[bool], object], *,
                 no_first: bool = False) -> None:
        super().__init__()
        self.question = question
        self.on_answer = on_answer
        self.buttons: list[Button] = []
        #: Yes has the focus first (Enter says yes, as it always did); Tab or an arrow
        #: goes to No. A question whose Yes cannot be undone (``no_first``) starts on
        #: No, so two quick keys never destroy anything.
        self.focus = Focus()
        self.no_first = no_first

    def enter(self) -> None:
        w, h = 1920, 1080
        self.plate = pygame.Rect(0, 0, 760, 260)
        self.plate.center = (w // 2, h // 2)
        y = self.plate.bottom - 90
        self.buttons = [
            Button((self.plate.centerx - 250, y, 220, 60), "confirm.yes",
                   lambda: self.answer(True)),
            Button((self.plate.centerx + 30, y, 220, 60), "confirm.no",
                   lambda: self.answer(False)),
        ]
        if self.no_first:
            self.focus.set_items(of_widgets(self.buttons))
            self.focus.focus(id(self.buttons[1]))

    def answer(self, yes: bool) -> None:
        self.close()
        self.on_answer(yes)

    def handle(self, event: pygame.event.Event) -> bool:
        self.focus.set_items(of_widgets(self.buttons))
        if self.focus.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_y:
                self.answer(True)
            elif event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.answer(False)
            return True
        for button in self.buttons:
            if button.handle(event):
                return True
        return True

    def draw(self, surface: gfx.Canvas) -> None:
        parchment_plate(surface, self.plate, dim=150, radius=16, seed=3)
        room = pygame.Rect(self.plate.x + 40, self.plate.y + 30, self.plate.w - 80,
                           self.buttons[0].rect.y - self.plate.y - 40)
        size, lines = fit_lines(self.question, "display", 30, room.w, 3, smallest=20,
                                height=room.h)
        step = line_height("display", size)
        y = room.y + (room.h - step * len(lines)) / 2
        for line in lines:
            blit_text(surface, line, (self.plate.centerx, y), role="display", size=size,
                      color=P.INK, anchor="midtop", box=room)
            y += step
        for button in self.buttons:
            button.draw(surface)
        self.focus.set_items(of_widgets(self.buttons))
        self.focus.draw(surface)


class ContextMenu(Overlay):
    """The right-click menu: a list of (label, action) at the pointer."""

    ROW = 46

    def __init__(self, pos: tuple[int, int], items: list[tuple[str, Callable[[], object]]],
                 keyboard: bool = False) -> None:
        super().__init__()
        self.items = [*items, (t("menu.cancel"), lambda: None)]
        width = max(render(label, "text-semibold", 22, P.INK).get_width()
                    for label, _ in self.items) + 40
        height = self.ROW * len(self.items) + 12
        x = min(pos[0], 1920 - width - 8)
        y = min(pos[1], 1080 - height - 8)
        self.rect = pygame.Rect(x, y, width, height)
        #: The row lit: under the pointer, or chosen by the arrows (opened by a key,
        #: the first row is lit and ringed at once).
        self.hover = 0 if keyboard else -1
        self.keyboard = keyboard

    def _row_at(self, pos: tuple[int, int]) -> int:
        if not self.rect.collidepoint(pos):
            return -1
        return min(len(self.items) - 1, max(0, (pos[1] - self.rect.y - 6) // self.ROW))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            row = self._row_at(event.pos)
            if row >= 0 or event.button == 1:
                self.close()
                if row >= 0:
                    self.items[row][1]()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN,
                                                             pygame.K_TAB):
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB
                                                and event.mod & pygame.KMOD_SHIFT)
            self.keyboard = True
            self.hover = (max(self.hover, 0 if back else -1) + (-1 if back else 1)) % len(
                self.items)
        elif event.type == pygame.KEYDOWN and event.key in ACTIVATE_KEYS:
            row = max(0, self.hover)
            self.close()
            self.items[row][1]()
        return True

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 4, self.rect.y + 6 + i * self.ROW, self.rect.w - 8,
                           self.ROW)

    def draw(self, surface: gfx.Canvas) -> None:
        shadow = self.rect.move(4, 6)
        draw.rect(surface, (0, 0, 0), shadow, border_radius=10)
        surface.blit(art.parchment(self.rect.w, self.rect.h, radius=10, seed=7), self.rect)
        draw.rect(surface, P.BRASS_DARK, self.rect, 2, border_radius=10)
        for i, (label, _) in enumerate(self.items):
            row = self.row_rect(i)
            if i == self.hover:
                draw.rect(surface, P.HIGHLIGHT, row, border_radius=8)
            blit_text(surface, label, (row.x + 16, row.centery), role="text-semibold", size=22,
                      color=P.INK, anchor="midleft")
        if self.keyboard and 0 <= self.hover < len(self.items):
            draw_ring(surface, self.row_rect(self.hover).inflate(-8, -8), 8)


class PauseMenu(Overlay):
    """Esc at the table: resume, rules, settings, save the record, quit to the title."""

    def __init__(self, actions: list[tuple[Label, Callable[[], object]]]) -> None:
        super().__init__()
        self.actions = actions
        self.buttons: list[Button] = []
        #: Resume has the focus first; Tab or Up/Down go on, Enter or Space chooses.
        self.focus = Focus()

    def enter(self) -> None:
        x, y = 1920 // 2 - 200, 1080 // 2 - (len(self.actions) + 1) * 40
        self.plate = pygame.Rect(x - 40, y - 100, 480, (len(self.actions) + 1) * 80 + 124)
        self.buttons = [Button((x, y, 400, 64), "pause.resume", self.close)]
        for i, (key, action) in enumerate(self.actions, start=1):
            self.buttons.append(Button((x, y + i * 80, 400, 64), key, self._then(action)))

    def _then(self, action: Callable[[], object]) -> Callable[[], object]:
        def run() -> None:
            self.close()
            action()
        return run

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        self.focus.set_items(of_widgets(self.buttons))
        if self.focus.handle(event):
            return True
        for button in self.buttons:
            if button.handle(event):
                return True
        return True

    def draw(self, surface: gfx.Canvas) -> None:
        veil(surface, 170)
        surface.blit(art.wood_panel(self.plate.w, self.plate.h), self.plate)
        blit_text(surface, t("pause.title"), (self.plate.centerx, self.plate.y + 30),
                  role="display", size=44, color=P.BRASS_LIGHT, anchor="midtop")
        for button in self.buttons:
            button.draw(surface)
        self.focus.set_items(of_widgets(self.buttons))
        self.focus.draw(surface)


__all__ = ["Confirm", "ContextMenu", "Handoff", "Overlay", "PauseMenu", "if_yes", "parchment_plate",
           "veil"]
