"""The lesson panel: what the lesson says, in a parchment box beside the board.

The table draws it while a lesson is attached (``scenes.table.lesson``). Its loudest
line is the thing to do now: the move the lesson waits for, in a bright box in bold
letters at the top (after a refused move, the same as a gentle no, edged in red);
under it, smaller, the step's one or two sentences of why (or a computer captain's
turn told, with the captain's marker), the trading chart where a sale is taught (the
column of the sale lit), a progress bar, and Next on the pages that only explain and
on a computer captain's turn, which waits for it (Enter or Space too). On the table,
what the lesson lights (the marker to pick up, where it goes) pulses, and a
bouncing arrow points at where the move starts, so a first-time player's eye finds
it. The panel stands where the fourth player's board would be: the lesson is a
three-player game, so that place is empty and the panel hides no piece of the game.
Its picture is cached and redrawn only when what it says changes; the Next button,
the pulse and the arrow are drawn each frame.
"""

from __future__ import annotations

import math

import pygame

from game.rules import SELL_VP, SELL_WEALTH, sale_value
from game.state import State
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.gfx import draw
from scenes.core.layout import Layout
from scenes.table.draw import ship_box, stock_points
from scenes.table.lesson import DO, Coach
from scenes.text.catalog import language, t
from scenes.text.fitting import fit_lines, fit_size
from scenes.text.fonts import (
    blit_text,
    even_lines,
    floor_size,
    line_height,
    real_size,
    text_width,
)
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.widgets import Button

PAD = 22
#: The step's sentences: their size wanted, and the least.
BODY_SIZE, BODY_SMALLEST = 21, 18
#: The thing to do: its size wanted, and the least; it stays larger than the
#: sentences under it (they give way first).
DO_SIZE, DO_SMALLEST = 27, 18
#: The thing to do is never drawn under this many real pixels.
DO_LEAST_PX = 16
#: The box around the thing to do: its padding and the arrow's room at its left.
DO_PAD, DO_ARROW = 10, 30
CHART_ROW = 30
#: The arrow pointing at where the move starts: its size and bounce (logical units),
#: and the seconds of one bounce.
ARROW_W, ARROW_H, BOUNCE, BOUNCE_SECONDS = 46, 58, 10, 0.9
#: The box of the thing to do, and after a refusal.
DO_FILL: P.RGB = (255, 236, 156)
NUDGE_EDGE: P.RGB = P.ALERT
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
        self._picture: gfx.Canvas | None = None
        self._drawn: tuple | None = None
        #: How many times the picture was drawn (tests read it).
        self.redraws = 0
        #: Seconds the panel has been shown (the pulse of the lit zones follows it).
        self.clock = 0.0
        #: Animations Off: the marks and the arrow hold still (the clock stops).
        self.still = False
        #: The zone the arrow points at (the mode sets it each frame; None: no arrow).
        self.target: str | None = None
        #: The sizes the thing to do and the sentences were last drawn at (tests).
        self.sizes: tuple[float, float] = (0.0, 0.0)

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
        on_page = self.coach.awaiting
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
        if not self.still:
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

    def draw_pointer(self, surface: gfx.Canvas, layout: Layout, st: State,
                     lit: set[str] | frozenset[str] = frozenset()) -> None:
        """The bouncing arrow at where the move starts (``pointer_place``)."""
        placed = self.pointer_place(layout, st, lit)
        if placed is None:
            return
        direction, rest = placed
        bob = round(BOUNCE * (0.5 + 0.5 * math.sin(self.clock * 2 * math.pi / BOUNCE_SECONDS)))
        dx, dy = {"down": (0, -bob), "up": (0, bob), "right": (-bob, 0), "left": (bob, 0)}[
            direction]
        surface.blit(pointer_arrow(direction), rest.move(dx, dy))

    def pointer_place(self, layout: Layout, st: State,
                      lit: set[str] | frozenset[str] = frozenset(),
                      ) -> tuple[str, pygame.Rect] | None:
        """Which way the arrow points and where it stands at the foot of its bounce:
        at where the move starts (a ship: the ship as drawn; the stock: the marker that
        will be taken), from above where that covers nothing to be read, else from
        below, the left or the right: never over a town's heading, the status line, a
        board's wealth and VP, another lit zone or this panel. None: no arrow now."""
        if not self.shown or self.target is None or not layout.has(self.target):
            return None
        rect = layout.rect(self.target)
        z = Z.parse(self.target)
        if z.kind == "sea" and z.pos is not None and st.ships_at(st.active, z.pos):
            rect = ship_box(layout, st, z.pos, st.active)
        elif z.kind == "stock" and z.seat is not None and st.stock[z.seat]:
            x, y = stock_points(layout, st, z.seat)[-1]  # the marker that will be taken
            rect = pygame.Rect(x - 15, y - 15, 30, 30)
        clear = [self.rect, *keep_clear(layout, st)]
        clear += [layout.rect(zone) for zone in lit
                  if zone != self.target and layout.has(zone)
                  and not layout.rect(zone).colliderect(rect)]
        screen = pygame.Rect(0, 0, *layout.size)
        tall, wide = (ARROW_W, ARROW_H), (ARROW_H, ARROW_W)
        places = {
            "down": pygame.Rect((0, 0), tall).move(rect.centerx - ARROW_W // 2,
                                                   rect.top - 4 - ARROW_H),
            "up": pygame.Rect((0, 0), tall).move(rect.centerx - ARROW_W // 2, rect.bottom + 4),
            "right": pygame.Rect((0, 0), wide).move(rect.left - 4 - ARROW_H,
                                                    rect.centery - ARROW_W // 2),
            "left": pygame.Rect((0, 0), wide).move(rect.right + 4, rect.centery - ARROW_W // 2),
        }
        reach = {"down": (0, -BOUNCE), "up": (0, BOUNCE), "right": (-BOUNCE, 0),
                 "left": (BOUNCE, 0)}
        for direction, rest in places.items():
            sweep = rest.union(rest.move(*reach[direction]))
            if screen.contains(sweep) and sweep.collidelist(clear) == -1:
                return direction, rest
        return "down", places["down"]  # (nowhere clear: from above, as it always was)

    def draw(self, surface: gfx.Canvas, st: State, palette: str) -> None:
        if not self.shown:
            return
        coach = self.coach
        key = (coach.position, coach.nudged, coach.heard, language(), palette, coach.speaker,
               st.active, gfx.VIEW.generation)  # drawn anew at a new scale or text size
        if self._picture is None or self._drawn != key:
            self._picture = self._draw_picture(st, palette)
            self._drawn = key
            self.redraws += 1
        surface.blit(self._picture, self.rect)
        if coach.awaiting:
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
        bottom = h - PAD - (BUTTON_H + 8 if coach.awaiting else 0)
        # the trading chart at the bottom
        if coach.chart:
            bottom -= 3 * CHART_ROW
            self._draw_chart(surf, pygame.Rect(PAD, bottom, inner, 3 * CHART_ROW), st)
            bottom -= 10
        key, values = coach.words()
        # the thing to do, loudest, at the top (after a refusal: the same, as a gentle no)
        entry = coach.entry
        do_text = ""
        if coach.nudged:
            do_text = t("lesson.nudge", hint=t(coach.nudged, **values))
        elif entry is not None and (entry.kind == DO or coach.told):
            do_text = t(coach.hint(), **values)
        colours = {f"{who}_colour": t(f"noun.colour.{P.colour_name(seat, palette)}")
                   for seat, who in enumerate(("you", "bob", "cy"))}  # as drawn on the table
        text = t(key, **values, **colours)
        do_size, do_lines, size, lines = self._sizes(do_text, text, inner, bottom - top)
        if do_lines:
            step = line_height("text-bold", do_size)
            box = pygame.Rect(PAD - 4, top, inner + 8, round(step * len(do_lines) + 2 * DO_PAD))
            draw.rect(surf, DO_FILL, box, border_radius=10)
            draw.rect(surf, NUDGE_EDGE if coach.nudged else P.BRASS_DARK, box, 3,
                      border_radius=10)
            # an arrow before the words: this is what to do
            ax, ay = box.x + DO_PAD + 2, box.y + DO_PAD + step / 2
            draw.polygon(surf, P.INK, [(ax, ay - 9), (ax + 16, ay), (ax, ay + 9)])
            y: float = box.y + DO_PAD
            for line in do_lines:
                blit_text(surf, line, (box.x + DO_PAD + DO_ARROW, y), role="text-bold",
                          size=do_size, color=P.INK, box=box)
                y += step
            top = box.bottom + 14
        # what the lesson says, under it, always smaller than the thing to do
        room = bottom - top
        step = line_height("text", size) * 1.1  # a little air between the lines
        if len(lines) * step > room:
            step = line_height("text", size)
        y = top
        for line in lines:
            blit_text(surf, line, (PAD, y), role="text", size=size, color=P.INK)
            y += step
        self.sizes = (do_size if do_lines else 0.0, size)
        return surf

    @staticmethod
    def _sizes(do_text: str, text: str, width: int,
               room: float) -> tuple[float, list[str], float, list[str]]:
        """The sizes and lines of the thing to do and of the sentences under it: the
        largest at which both fit ``room``, the sentences giving way first and the thing
        to do kept a few sizes larger than them (never over ``DO_SIZE``)."""
        do_width = width - 2 * DO_PAD - DO_ARROW
        least = floor_size(BODY_SMALLEST)  # (at a larger text size, the 100 % least)

        def laid(body: float, do_size: float) -> tuple[list[str], list[str], bool]:
            do_lines = even_lines(do_text, "text-bold", do_size, do_width) if do_text else []
            lines = even_lines(text, "text", body, width)
            tall = len(lines) * line_height("text", body)
            if do_lines:
                tall += len(do_lines) * line_height("text-bold", do_size) + 2 * DO_PAD + 14
            wide = any(text_width(x, "text-bold", do_size) > do_width for x in do_lines) or any(
                text_width(x, "text", body) > width for x in lines)
            return do_lines, lines, tall <= room and not wide

        body = BODY_SIZE
        while body > least:
            do_lines, lines, fits = laid(body, min(DO_SIZE, body + 6) if do_text else 0)
            if fits and len(do_lines) <= 3:
                return min(DO_SIZE, body + 6) if do_text else 0, do_lines, body, lines
            body -= 1
        # the sentences at their least: the thing to do comes nearer their size (still
        # larger), in three lines if it can, else four
        body = least
        # (never under 16 real pixels: bold and loudest still)
        lowest = next((n for n in range(int(body) + 1, DO_SIZE) if real_size(n) >= DO_LEAST_PX),
                      DO_SIZE)
        sizes = range(int(min(DO_SIZE, body + 6)), lowest - 1, -1) if do_text else (0,)
        for most in (3, 4):
            for do_size in sizes:
                do_lines, lines, fits = laid(body, do_size)
                if fits and len(do_lines) <= most:
                    return do_size, do_lines, body, lines
        do_size = min(DO_SIZE, max(lowest, body + 1)) if do_text else 0
        do_lines, lines, _ = laid(body, do_size)
        fit_lines(text, "text", body, width, 99, smallest=body, height=room)  # (recorded)
        return do_size, do_lines, body, lines

    def _draw_chart(self, surf: gfx.Canvas, rect: pygame.Rect, st: State) -> None:
        """The trading chart: goods types, wealth and VP, the taught sale's column lit."""
        lit = 0
        entry = self.coach.entry
        if entry is not None and entry.step is not None and entry.step.kind == "sell":
            lit = sale_value(st, st.active, entry.step.args)[0]
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


def keep_clear(layout: Layout, st: State) -> list[pygame.Rect]:
    """What the lesson's arrow never covers: the heading of every town in play (its
    goods), the status line and every board's header (wealth and VP)."""
    out = []
    for pos in range(1, st.size + 1):
        if layout.has(Z.town(pos)):
            town = layout.rect(Z.town(pos))
            out.append(pygame.Rect(town.x, town.y, town.w, TOWN_HEADING))
    out += [layout.rect(name) for name in ("status", *(Z.name(seat) for seat in range(st.n)))
            if layout.has(name)]
    return out


#: The top of a town's card where its heading (position and goods) is written.
TOWN_HEADING = 38


@gfx.scaled_cache(maxsize=8)
def pointer_arrow(direction: str = "down") -> gfx.Canvas:
    """The lesson's arrow: bright, edged in ink (it reads on parchment, wood and sea),
    pointing ``direction`` (down, up, left or right)."""
    w, h = ARROW_W, ARROW_H
    shaft = w * 0.22
    pts = [(w / 2 - shaft, 2), (w / 2 + shaft, 2), (w / 2 + shaft, h * 0.5), (w - 3, h * 0.5),
           (w / 2, h - 3), (3, h * 0.5), (w / 2 - shaft, h * 0.5)]
    if direction == "up":
        pts = [(x, h - y) for x, y in pts]
    elif direction == "right":
        pts = [(y, x) for x, y in pts]
        w, h = h, w
    elif direction == "left":
        pts = [(h - y, x) for x, y in pts]
        w, h = h, w
    surf = gfx.surface((w, h))
    draw.polygon(surf, P.HIGHLIGHT, pts)
    draw.polygon(surf, P.INK, pts, 3)
    return surf


__all__ = ["TOWN_HEADING", "LessonPanel", "keep_clear", "pointer_arrow"]
