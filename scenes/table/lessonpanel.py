"""The lesson panel: what the lesson says, in a parchment box beside the board.

The table draws it while a lesson is attached (``scenes.table.lesson``): the step's
one or two sentences (or a computer captain's turn told, with the captain's marker),
the hint after a refused move, the trading chart where a sale is taught (the column
of the sale lit), a progress bar, and Next on the pages that only explain (Enter or
Space too). What the lesson lights (the marker to pick up, where it goes) also
pulses, so a first-time player's eye finds it. The panel stands where the fourth
player's board would be: the lesson is a three-player game, so that place is empty
and the panel hides no piece of the game. Its picture is cached and redrawn only
when what it says changes; the Next button and the pulse are drawn each frame.
"""

from __future__ import annotations

import math

import pygame

from game.rules import SELL_VP, SELL_WEALTH, sale_value
from game.state import State
from game.steps import parse_step
from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.core.layout import Layout
from scenes.table.lesson import DO, Coach
from scenes.text.catalog import language, t
from scenes.text.fonts import blit_text, fit_lines, fit_size, line_height
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.widgets import Button

PAD = 22
BODY_SIZE, BODY_SMALLEST = 23, 15
HOW_SIZE = 20
CHART_ROW = 30
BUTTON_W, BUTTON_H = 168, 52
#: Seconds of one pulse of the lesson's lit zones.
PULSE = 1.4


class LessonPanel:
    """The lesson's box on the table, and its Next button."""

    def __init__(self, rect: pygame.Rect, coach: Coach) -> None:
        self.rect = pygame.Rect(rect)
        self.coach = coach
        button = pygame.Rect(0, 0, BUTTON_W, BUTTON_H)
        button.bottomright = (self.rect.right - PAD, self.rect.bottom - PAD + 4)
        self.next_button = Button(button, self._next_label, self.coach.next, size=24)
        self._picture: pygame.Surface | None = None
        self._drawn: tuple | None = None
        #: How many times the picture was drawn (tests read it).
        self.redraws = 0
        #: Seconds the panel has been shown (the pulse of the lit zones follows it).
        self.clock = 0.0

    @property
    def shown(self) -> bool:
        return not self.coach.finished

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.shown and self.rect.collidepoint(pos)

    def _next_label(self) -> str:
        return t("lesson.play_on" if self.coach.last_page else "lesson.next")

    # ----- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Next (a click, Enter or Space on a page); a click anywhere on the panel is
        the panel's, never a move on the board below."""
        if not self.shown:
            return False
        on_page = self.coach.on_page
        if event.type == pygame.KEYDOWN and on_page and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.coach.next()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.next_button.handle(event)
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and (
                self.rect.collidepoint(event.pos)):
            if on_page and event.button == 1:
                self.next_button.handle(event)
            return True
        return False

    def update(self, dt: float) -> None:
        self.clock += dt

    # ----- drawing ----------------------------------------------------------------------
    def draw_marks(self, surface: gfx.Canvas, layout: Layout, zones: set[str]) -> None:
        """A pulsing frame around each lit zone, over the table's own steady glow."""
        if not self.shown or not zones:
            return
        k = (1 + math.sin(self.clock * 2 * math.pi / PULSE)) / 2
        grow = round(3 + 5 * k)
        color = tuple(round(a + (b - a) * k) for a, b in zip(P.BRASS_LIGHT, P.HIGHLIGHT,
                                                           strict=True))
        for zone in sorted(zones):
            if layout.has(zone):
                r = layout.rect(zone).inflate(2 * grow, 2 * grow)
                draw.rect(surface, P.INK, r.inflate(4, 4), 2, border_radius=14)
                draw.rect(surface, color, r, 4, border_radius=12)

    def draw(self, surface: gfx.Canvas, st: State, palette: str) -> None:
        if not self.shown:
            return
        coach = self.coach
        key = (coach.position, coach.nudged, language(), palette, coach.speaker, st.active,
               gfx.VIEW.generation)  # drawn anew at a new scale or text size
        if self._picture is None or self._drawn != key:
            self._picture = self._draw_picture(st, palette)
            self._drawn = key
            self.redraws += 1
        surface.blit(self._picture, self.rect)
        if coach.on_page:
            self.next_button.draw(surface)

    def _draw_picture(self, st: State, palette: str) -> gfx.Canvas:
        coach = self.coach
        w, h = self.rect.size
        surf = gfx.surface((w, h))
        surf.blit(art.parchment(w, h, radius=14, seed=23), (0, 0))
        draw.rect(surf, P.BRASS_DARK, surf.get_rect(), 3, border_radius=14)
        inner = w - 2 * PAD
        # the heading, the captain whose turn is told, the progress
        heading = t("lesson.heading")
        size = fit_size(heading, "display", 32, inner - 48, height=38)
        blit_text(surf, heading, (PAD, 12), role="display", size=size, color=P.INK,
                  box=(PAD, 8, inner - 48, 46))
        speaker = coach.speaker
        if speaker is not None:
            mark = art.marker(speaker, 30, palette)
            surf.blit(mark, mark.get_rect(topright=(w - PAD, 16)))
        bar = pygame.Rect(PAD, 58, inner, 6)
        draw.rect(surf, P.PARCHMENT_DEEP, bar, border_radius=3)
        draw.rect(surf, P.BRASS, (bar.x, bar.y, round(bar.w * coach.progress), bar.h),
                         border_radius=3)
        top = bar.bottom + 14
        bottom = h - PAD - (BUTTON_H + 8 if coach.on_page else 0)
        # the trading chart at the bottom
        if coach.chart:
            bottom -= 3 * CHART_ROW
            self._draw_chart(surf, pygame.Rect(PAD, bottom, inner, 3 * CHART_ROW), st)
            bottom -= 10
        # how to make the move (after a refusal: the same, as a gentle no)
        how: list[str] = []
        if coach.nudged:
            how_text, how_color = t("lesson.nudge", hint=t(coach.nudged)), P.ALERT
        elif coach.entry is not None and coach.entry.kind == DO:
            how_text, how_color = t(coach.hint()), P.INK_SOFT
        else:
            how_text, how_color = "", P.INK_SOFT
        how_size = HOW_SIZE
        if how_text:
            how_size, how = fit_lines(how_text, "text-semibold", HOW_SIZE, inner, 3,
                                      smallest=14)
        how_step = line_height("text-semibold", how_size)  # the letters' own spacing
        how_h = how_step * len(how) + (12 if how else 0)
        # what the lesson says, above
        key, values = coach.words()
        colours = {f"{who}_colour": t(f"noun.colour.{P.colour_name(seat, palette)}")
                   for seat, who in enumerate(("you", "bob", "cy"))}  # as drawn on the table
        text = t(key, **values, **colours)
        room = bottom - top - how_h
        size, lines = fit_lines(text, "text", BODY_SIZE, inner, 99, smallest=BODY_SMALLEST,
                                height=room)
        step = line_height("text", size) * 1.1  # a little air between the lines
        if len(lines) * step > room:
            step = line_height("text", size)
        y = top
        for line in lines:
            blit_text(surf, line, (PAD, y), role="text", size=size, color=P.INK)
            y += step
        y += 12
        for line in how:
            blit_text(surf, line, (PAD, y), role="text-semibold", size=how_size,
                      color=how_color)
            y += how_step
        return surf

    def _draw_chart(self, surf: gfx.Canvas, rect: pygame.Rect, st: State) -> None:
        """The trading chart: goods types, wealth and VP, the taught sale's column lit."""
        lit = 0
        entry = self.coach.entry
        if entry is not None and entry.step is not None and entry.step.startswith("sell"):
            lit = sale_value(st, st.active, parse_step(entry.step).args)[0]
        labels = (t("lesson.chart.types"), t("lesson.chart.wealth"), t("lesson.chart.vp"))
        label_w = 118
        cell = (rect.w - label_w) // 6
        for n in range(1, 7):
            if n == lit:
                col = pygame.Rect(rect.x + label_w + (n - 1) * cell, rect.y, cell, rect.h)
                draw.rect(surf, P.HIGHLIGHT, col, border_radius=6)
                draw.rect(surf, P.BRASS, col, 2, border_radius=6)
        for row, label in enumerate(labels):
            y = rect.y + row * CHART_ROW + CHART_ROW // 2
            size = fit_size(label, "text-semibold", 18, label_w - 8)
            blit_text(surf, label, (rect.x, y), role="text-semibold", size=size,
                      color=P.INK_SOFT, anchor="midleft")
            for n in range(1, 7):
                value = (str(n), f"+{SELL_WEALTH[n]}", f"+{SELL_VP[n]}")[row]
                x = rect.x + label_w + (n - 1) * cell + cell // 2
                blit_text(surf, value, (x, y), role="text", size=18, color=P.INK,
                          anchor="center")
        draw.line(surf, P.PARCHMENT_DEEP, (rect.x, rect.y + CHART_ROW),
                         (rect.right, rect.y + CHART_ROW), 1)


__all__ = ["LessonPanel"]
