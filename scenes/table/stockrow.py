"""A player board's bottom row: the stock and the technologies the player owns.

How the row is shared between the stock's word, its markers and the named tiles of
the player's technologies (``stock_row``: the tooltips, the keys and the films find
the tiles and the markers here too), and the row drawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.cards import CARDS
from game.state import State
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.layout import Layout
from scenes.text.catalog import language, t
from scenes.text.fonts import render, text_width
from scenes.ui import art, cardart

LIGHT_TEXT = (244, 234, 210)


#: The stock's markers: their size and their distance apart when there is room.
STOCK_MARKER, STOCK_STEP = 30, 26
#: The distance apart the stock's markers keep while names can be broken to make room,
#: and the closest they come (each still shows its edge).
STOCK_SNUG, STOCK_CLOSE = 17, 5
CHIP_GAP = 6
#: The smallest size a technology's name on a board is shrunk to (as ``fit_lines``).
CHIP_SMALLEST = 11


@dataclass(frozen=True)
class StockRow:
    """A board's bottom row: the stock's word, where its markers run, and the named
    tiles of the player's technologies at its right."""

    label: str
    first: int          # the centre of the first marker
    end: int            # the centre the last marker may reach
    chips: tuple[tuple[str, pygame.Rect], ...]


def _stock_need(label: str, markers: int, step: int) -> int:
    """Room the stock takes with its word and ``markers`` markers ``step`` apart."""
    word = 4 + math.ceil(text_width(label, "text-semibold", 22))
    if markers <= 0:
        return word + 8
    return word + 26 + STOCK_MARKER // 2 + 4 + (markers - 1) * step


def stock_row(layout: Layout, st: State, seat: int) -> StockRow:
    """How ``seat``'s stock row is shared (``_shared``: remembered, as every frame that
    draws, points at or films a stock asks it)."""
    techs = tuple(st.techs(seat)) if seat < st.n else ()
    return _shared(tuple(layout.rect(Z.stock(seat))), st.stock[seat], techs, language(),
                   gfx.VIEW.generation)


@lru_cache(maxsize=64)
def _shared(zone: tuple[int, int, int, int], n: int, owned: tuple[str, ...], lang: str,
            generation: int) -> StockRow:
    """How a stock row is shared. Each technology's tile is as wide as its
    name on one line while there is room, the widest names broken on two lines first
    when there is not; the stock gives way step by step before a name shrinks: its
    markers close up under the first, then its word becomes the bare number (the row
    of markers says what it counts; the board's tooltip says "Stock"). Only when
    even that is not enough are the tiles shared out and their names shrunk."""
    row = pygame.Rect(zone)
    full = t("board.stock.count", n=n)
    techs = [CARDS.tech(x) for x in owned]
    label, widths = full, []
    if techs:
        h = row.h - 4
        gaps = CHIP_GAP * (len(techs) - 1)
        sizes = [cardart.tech_chip_widths(x) for x in techs]
        two = [b for _, b in sizes] if cardart.chip_rows(h) == 2 else [a for a, _ in sizes]
        for label, step in ((full, STOCK_SNUG), (full, STOCK_CLOSE),
                            (t("board.stock.short", n=n), STOCK_CLOSE)):
            room = row.w - _stock_need(label, n, step) - gaps
            widths = [a for a, _ in sizes]
            for i in sorted(range(len(techs)), key=lambda i: -sizes[i][0]):
                if sum(widths) <= room:
                    break
                widths[i] = two[i]
            if sum(widths) <= room:
                break
        else:  # still too wide: shared out, the names shrink to fit (never below the
            # smallest readable letters where the row allows it)
            rows = cardart.chip_rows(h)
            least = [cardart.tech_chip_widths(x, CHIP_SMALLEST)[rows - 1] for x in techs]
            spare = max(0, room - sum(least))
            over = [max(0, w - m) for w, m in zip(widths, least, strict=True)]
            widths = [m + (spare * o // sum(over) if sum(over) else 0)
                      for m, o in zip(least, over, strict=True)]
    chips = []
    x = row.right
    for tech, w in zip(reversed(techs), reversed(widths), strict=True):
        x -= w
        chips.append((tech.id, pygame.Rect(x, row.y + 2, w, row.h - 4)))
        x -= CHIP_GAP
    first = row.x + 4 + math.ceil(text_width(label, "text-semibold", 22)) + 26
    end = (x + CHIP_GAP if chips else row.right) - STOCK_MARKER // 2 - 2
    return StockRow(label, first, end, tuple(chips[::-1]))


def board_techs(layout: Layout, st: State, seat: int) -> list[tuple[str, pygame.Rect]]:
    """The technologies ``seat`` owns and where their named tiles stand, at the right
    of the stock row (``stock_row``; the tooltip finds them here too)."""
    if not layout.has(Z.stock(seat)) or seat >= st.n or not st.techs(seat):
        return []
    return list(stock_row(layout, st, seat).chips)


def stock_points(layout: Layout, st: State, seat: int,
                 count: int | None = None) -> list[tuple[int, int]]:
    """Where each marker of ``seat``'s stock stands (the first ``count``, all by
    default): after the word, a marker's width apart, closer together when the
    technologies leave less room."""
    r = layout.rect(Z.stock(seat))
    stock = st.stock[seat]
    shared = stock_row(layout, st, seat)
    step = STOCK_STEP
    if stock > 1:
        step = max(STOCK_CLOSE, min(STOCK_STEP, (shared.end - shared.first) // (stock - 1)))
    return [(shared.first + i * step, r.centery)
            for i in range(stock if count is None else count)]


def draw_stock(surface: gfx.Canvas, layout: Layout, st: State, palette: str,
               hidden: int, seat: int) -> None:
    """A board's bottom row: the stock's word and markers (less ``hidden`` in flight),
    the technologies' named tiles."""
    r = layout.rect(Z.stock(seat))
    shared = stock_row(layout, st, seat)
    label = render(shared.label, "text-semibold", 22, LIGHT_TEXT)
    surface.blit(label, label.get_rect(midleft=(r.x + 4, r.centery)))
    img = art.marker(seat, STOCK_MARKER, palette)
    points = stock_points(layout, st, seat)
    for point in points[:max(0, len(points) - hidden)]:
        surface.blit(img, img.get_rect(center=point))
    for tech_id, chip in shared.chips:
        surface.blit(cardart.tech_chip(CARDS.tech(tech_id), chip.w, chip.h), chip)


__all__ = ["CHIP_GAP", "CHIP_SMALLEST", "STOCK_CLOSE", "STOCK_MARKER", "STOCK_SNUG", "STOCK_STEP",
           "StockRow", "board_techs", "draw_stock", "stock_points", "stock_row"]
