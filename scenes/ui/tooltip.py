"""The tooltip box: a title and a few wrapped lines on parchment, kept on screen.

What a tooltip says is decided by the screen that shows it (the table's are in
``scenes.table.tooltips``); how it looks and where it goes is decided here.
"""

from __future__ import annotations

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
                  bounds: tuple[int, int] = (1920, 1080)) -> pygame.Rect:
    """Where a tooltip goes: below right of the pointer, kept on the screen."""
    rect = image.get_rect(topleft=(pos[0] + 18, pos[1] + 22))
    if rect.right > bounds[0] - 6:
        rect.right = pos[0] - 12
    if rect.bottom > bounds[1] - 6:
        rect.bottom = pos[1] - 12
    rect.clamp_ip(pygame.Rect(0, 0, *bounds))
    return rect


__all__ = ["DELAY", "WIDTH", "Lines", "place_tooltip", "tooltip_image"]
