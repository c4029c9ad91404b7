"""The tooltip box: a title and a few wrapped lines on parchment, kept on screen.

What a tooltip says is decided by the screen that shows it (the table's are in
``scenes.table.tooltips``); how it looks and where it goes is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.text.fonts import render, wrap
from scenes.ui import art
from scenes.ui import palette as P

Lines = tuple[str, ...]
WIDTH = 440
DELAY = 0.45  # seconds the pointer rests before a tooltip shows


@gfx.scaled_cache(maxsize=64)
def tooltip_image(lines: Lines) -> gfx.Canvas:
    """The tooltip box: the title, then each line wrapped."""
    title, *body = lines
    rows: list[tuple[pygame.Surface, int]] = []
    for part in wrap(title, "display", 26, WIDTH - 28):
        rows.append((render(part, "display", 26, P.INK), 4))
    for text in body:
        for i, part in enumerate(wrap(text, "text", 18, WIDTH - 28)):
            rows.append((render(part, "text", 18, P.INK), 6 if i == 0 else 0))
    height = 16 + sum(img.get_height() + gap for img, gap in rows)
    width = min(WIDTH, 28 + max(img.get_width() for img, _ in rows))
    box = art.parchment(width, height, radius=8, seed=17).copy()
    draw.rect(box, P.BRASS_DARK, box.get_rect(), 2, border_radius=8)
    y = 8
    for img, gap in rows:
        y += gap
        box.blit(img, (14, y))
        y += img.get_height()
    return box


def place_tooltip(image: pygame.Surface, pos: tuple[int, int],
                  bounds: tuple[int, int] = (1920, 1080),
                  avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a tooltip goes: below right of the pointer, kept on the screen, and off
    what the player must read next (``avoid``: the status line, the lesson's panel,
    the lit targets): the first corner around the pointer that covers none of them,
    else the one that covers least."""
    screen = pygame.Rect(0, 0, *bounds)
    w, h = image.get_size()
    x, y = pos
    corners = [(x + 18, y + 22), (x - 12 - w, y + 22), (x + 18, y - 12 - h),
               (x - 12 - w, y - 12 - h)]
    best: tuple[int, int, pygame.Rect] | None = None
    for order, (left, top) in enumerate(corners):
        rect = pygame.Rect(left, top, w, h)
        fits = screen.contains(rect)
        rect.clamp_ip(screen)
        covered = sum(rect.clip(r).w * rect.clip(r).h for r in avoid)
        if covered == 0 and fits:
            return rect
        score = covered + (0 if fits else w * h)
        if best is None or (score, order) < (best[0], best[1]):
            best = (score, order, rect)
    assert best is not None
    return best[2]


__all__ = ["DELAY", "WIDTH", "Lines", "place_tooltip", "tooltip_image"]
