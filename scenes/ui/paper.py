"""The table's surfaces: the sea behind everything, parchment cards and plates, wooden
trays and the wells markers stand in.

Procedural, drawn at the window's real pixels and kept (``art`` is where the screens
find them). A parchment the size of a screen's plate is kept alone: a 4K window's
weighs 27 MB, and only the screen shown needs its own.
"""

from __future__ import annotations

import math
import random

import pygame

from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.ui import palette as P
from scenes.ui.palette import RGB


def alpha_layer(size: tuple[int, int]) -> gfx.Canvas:
    return gfx.surface(size)


@gfx.scaled_cache(maxsize=8)
def table_background(w: int, h: int) -> gfx.Canvas:
    """The deep sea under everything, with faint rhumb lines and waves."""
    surf = gfx.surface((w, h), alpha=False)
    for y in range(h):
        k = y / max(1, h - 1)
        surf.fill(tuple(round(a + (b - a) * k) for a, b in zip(P.SEA, P.SEA_DEEP, strict=True)),
                  (0, y, w, 1))
    lines = alpha_layer((w, h))
    rng = random.Random(1498)  # da Gama reached Calicut in 1498
    for cx, cy in ((w * 0.5, h * 0.52), (w * 0.08, h * 0.12), (w * 0.92, h * 0.9)):
        for i in range(16):
            a = i * math.pi / 8
            end = (cx + math.cos(a) * w * 1.2, cy + math.sin(a) * w * 1.2)
            draw.line(lines, (*P.FOAM, 14), (cx, cy), end, 1)
    for _ in range(160):
        wx, wy = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(8, 18)
        for dx in (0, r * 1.6):
            draw.arc(lines, (*P.FOAM, 34), (wx + dx, wy, r * 1.6, r), 0.3, math.pi - 0.3, 2)
    surf.blit(lines, (0, 0))
    return surf


#: A parchment this large (logical units squared: a screen's plate) is kept alone: a
#: 4K window's weighs 27 MB, and a screen draws one.
PLATE_AREA = 400_000


def parchment(w: int, h: int, radius: int = 10, tone: RGB = P.PARCHMENT,
              border: RGB | None = P.INK_SOFT, seed: int = 0) -> gfx.Canvas:
    """A parchment card: warm fill, darker edges, speckles, a thin inked frame (kept:
    the cards in a few megabytes, a screen's plate alone, the one in use)."""
    made = _plate if w * h >= PLATE_AREA else _card
    return made(w, h, radius, tone, border, seed)


@gfx.scaled_cache(maxsize=256, megabytes=16, wordless=True)
def _card(w: int, h: int, radius: int, tone: RGB, border: RGB | None, seed: int) -> gfx.Canvas:
    return _parchment(w, h, radius, tone, border, seed)


@gfx.scaled_cache(maxsize=1, wordless=True)
def _plate(w: int, h: int, radius: int, tone: RGB, border: RGB | None,
           seed: int) -> gfx.Canvas:
    return _parchment(w, h, radius, tone, border, seed)


def _parchment(w: int, h: int, radius: int, tone: RGB, border: RGB | None,
               seed: int) -> gfx.Canvas:
    surf = gfx.surface((w, h))
    rect = surf.get_rect()
    draw.rect(surf, tone, rect, border_radius=radius)
    edge = alpha_layer((w, h))
    steps = 10
    for i in range(steps):
        a = round(46 * (1 - i / steps) ** 2)
        draw.rect(edge, (*P.PARCHMENT_DEEP, a), rect.inflate(-2 * i, -2 * i), 2,
                         border_radius=max(0, radius - i))
    rng = random.Random(seed * 7919 + w * 31 + h)
    for _ in range(w * h // 260):
        x, y = rng.randrange(w), rng.randrange(h)
        draw.circle(edge, (*P.PARCHMENT_DEEP, rng.randrange(14, 40)), (x, y),
                           rng.choice((1, 1, 1, 2)))
    surf.blit(edge, (0, 0))
    if border is not None:
        draw.rect(surf, border, rect.inflate(-8, -8), 1, border_radius=max(0, radius - 4))
        draw.rect(surf, P.shade(tone, 0.55), rect, 2, border_radius=radius)
    # Clip the speckles to the rounded shape (the speckles' layer made the mask: a
    # plate's layer weighs 27 MB in a 4K window, and one at a time is enough)
    mask = edge
    mask.fill((0, 0, 0, 0))
    draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return surf


@gfx.scaled_cache(maxsize=64)
def wood_panel(w: int, h: int, radius: int = 12) -> gfx.Canvas:
    """A dark wooden tray with a brass rim: holds technology cards and the log."""
    surf = gfx.surface((w, h))
    rect = surf.get_rect()
    draw.rect(surf, P.WOOD_DARK, rect, border_radius=radius)
    grain = alpha_layer((w, h))
    rng = random.Random(w * 13 + h)
    for _ in range(h // 3):
        y = rng.uniform(0, h)
        tilt = rng.uniform(-4, 4)
        draw.line(grain, (*P.WOOD, rng.randrange(40, 120)), (0, y), (w, y + tilt))
    surf.blit(grain, (0, 0))
    draw.rect(surf, P.BRASS, rect, 3, border_radius=radius)
    draw.rect(surf, P.BRASS_DARK, rect.inflate(-6, -6), 1, border_radius=radius - 3)
    mask = gfx.surface((w, h))
    draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return surf


@gfx.scaled_cache(maxsize=128)
def space_well(w: int, h: int, tone: RGB = P.PARCHMENT_SHADE, radius: int = 6) -> gfx.Canvas:
    """A recessed place on a card where a marker goes."""
    surf = gfx.surface((w, h))
    rect = surf.get_rect()
    draw.rect(surf, (*tone, 200), rect, border_radius=radius)
    draw.rect(surf, (*P.shade(tone, 0.6), 255), rect, 1, border_radius=radius)
    draw.line(surf, (*P.shade(tone, 0.7), 160), (radius, 1), (w - radius, 1), 2)
    return surf


__all__ = ["PLATE_AREA", "alpha_layer", "parchment", "space_well", "table_background",
           "wood_panel"]
