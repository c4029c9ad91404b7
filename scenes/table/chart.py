"""The trading chart shown at the table while a sale is staged: the engine's own
table of what a sale of so many kinds of trade goods brings (``SELL_WEALTH``,
``SELL_VP``), with the column of the staged sale lit; and what an online table adds
over the picture (the players away, the banner while this machine is out of reach).
"""

from __future__ import annotations

import pygame

from game.rules import SELL_VP, SELL_WEALTH
from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.core.layout import Layout
from scenes.text.catalog import t
from scenes.text.fitting import fit_size
from scenes.text.fonts import blit_text, line_height, text_width, wrap
from scenes.ui import art
from scenes.ui import palette as P

CHART_SIZE = (440, 118)


def chart_rect(layout: Layout) -> pygame.Rect:
    """Where the trading chart is shown: just above the status line (which states the
    staged sale's gain), over the left of the sea strip, near Lisboa."""
    status = layout.rect("status")
    w, h = CHART_SIZE
    return pygame.Rect(status.x, status.y - 6 - h, min(w, status.w), h)


CHART_PAD, CHART_TOP = 10, 32


def _chart_label_w(rect: pygame.Rect) -> int:
    labels = (t("chart.types"), t("chart.wealth"), t("chart.vp"))
    widest = max(round(text_width(x, "text-semibold", 18)) for x in labels)
    return max(80, min(rect.w // 4, widest + 12))


def chart_columns(rect: pygame.Rect) -> list[pygame.Rect]:
    """The chart's columns, one for each count of goods types (1..6), all three rows."""
    label_w = _chart_label_w(rect)
    counts = len(SELL_WEALTH) - 1
    cell = (rect.w - 2 * CHART_PAD - label_w) // counts
    x0 = rect.x + CHART_PAD + label_w
    top = rect.y + CHART_TOP
    return [pygame.Rect(x0 + i * cell, top - 2, cell, rect.bottom - 4 - top)
            for i in range(counts)]


def draw_trading_chart(surface: gfx.Canvas, rect: pygame.Rect, lit: int = 0) -> None:
    """The trading chart (the engine's own table: ``SELL_WEALTH``, ``SELL_VP``): goods
    types counted -> wealth and VP, the column of ``lit`` types lit."""
    surface.blit(art.parchment(rect.w, rect.h, radius=8, seed=12), rect)
    pad = CHART_PAD
    title = t("chart.title")
    size = fit_size(title, "display", 21, rect.w - 2 * pad)
    blit_text(surface, title, (rect.centerx, rect.y + 16), role="display", size=size,
              color=P.INK, anchor="center")
    labels = (t("chart.types"), t("chart.wealth"), t("chart.vp"))
    label_w = _chart_label_w(rect)
    columns = chart_columns(rect)
    top, row_h = rect.y + CHART_TOP, (rect.bottom - 6 - rect.y - CHART_TOP) // 3
    if 1 <= lit <= len(columns):
        col = columns[lit - 1]
        draw.rect(surface, P.HIGHLIGHT, col, border_radius=6)
        draw.rect(surface, P.INK, col, 2, border_radius=6)
    for row, label in enumerate(labels):
        y = top + row * row_h + row_h // 2
        size = fit_size(label, "text-semibold", 18, label_w - 6)
        blit_text(surface, label, (rect.x + pad, y), role="text-semibold", size=size,
                  color=P.INK_SOFT, anchor="midleft")
        for n, col in enumerate(columns, start=1):
            value = (str(n), f"+{SELL_WEALTH[n]}", f"+{SELL_VP[n]}")[row]
            blit_text(surface, value, (col.centerx, y),
                      role="text-bold" if n == lit else "text", size=18, color=P.INK,
                      anchor="center")
    draw.line(surface, P.PARCHMENT_DEEP, (rect.x + pad, top + row_h),
              (rect.right - pad, top + row_h), 1)


# ----- an online table ----------------------------------------------------------------
def draw_away(surface: gfx.Canvas, text: str | None) -> None:
    """A banner across the top while the online table cannot be played as usual (see
    ``link_banner``), drawn over the cached picture, as it comes and goes by itself. A
    player not at the table is shown in their board's header (``draw``)."""
    if not text:
        return
    role, width = "text-semibold", 1060
    lines = wrap(text, role, 26, width)
    size = 26 if len(lines) <= 2 else fit_size(text, role, 26, width * 2)
    lines = wrap(text, role, size, width)[:3]
    step = line_height(role, size)
    band = pygame.Rect(0, 0, 1100, round(24 + step * len(lines)))
    band.midtop = (960, 12)
    draw.rect(surface, (120, 30, 24), band, border_radius=14)
    draw.rect(surface, (250, 226, 200), band, 3, border_radius=14)
    top = band.centery - step * len(lines) / 2
    for i, line in enumerate(lines):
        blit_text(surface, line, (band.centerx, top + step * (i + 0.5)), role=role,
                  size=size, color=(255, 244, 230), anchor="center")


__all__ = ["CHART_SIZE", "chart_columns", "chart_rect", "draw_away", "draw_trading_chart"]
