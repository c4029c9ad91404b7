"""The tooltip box: a title and a few wrapped lines on parchment, kept on screen.

What a tooltip says is decided by the screen that shows it (the table's are in
``scenes.table.tooltips``); how it looks and where it goes is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.text.fonts import Words, render, wrap
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.place import free_place

Lines = tuple[str, ...]
WIDTH = 440
DELAY = 0.45  # seconds the pointer rests before a tooltip shows


@gfx.scaled_cache(maxsize=64, megabytes=4)
def tooltip_image(lines: Lines) -> gfx.Canvas:
    """The tooltip box: the title, then each line wrapped."""
    title, *body = lines
    rows: list[tuple[Words, int]] = []
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


def pointer_anchor(pos: tuple[int, int]) -> pygame.Rect:
    """What a tooltip at the pointer stands clear of: the pointer's arrow and the bit of
    the thing under it the player is looking at (its corners give the usual places:
    below right of the pointer, else below left, above right, above left)."""
    return pygame.Rect(pos[0] - 12, pos[1] - 12, 30, 34)


def place_tooltip(image: pygame.Surface | gfx.Canvas, pos: tuple[int, int] | pygame.Rect,
                  bounds: tuple[int, int] = (1920, 1080),
                  avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a tooltip goes: beside its anchor (the pointer, or the rectangle of the
    focused thing), on the screen, and off what the player must read next (``avoid``:
    the status line, the lesson's panel, the lit targets, the boards' wealth and VP)
    and off the anchor itself. The four corners around the anchor first (below right
    is the usual place); when each covers something, the free place nearest the
    anchor, found among the edges of what is avoided; only when there is none at all,
    the corner that covers least."""
    anchor = pos if isinstance(pos, pygame.Rect) else pointer_anchor(pos)
    boxes = tuple(tuple(r) for r in avoid if r.w > 0 and r.h > 0)
    return pygame.Rect(_place(image.get_size(), tuple(anchor), tuple(bounds), boxes))


def _box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return rect.x, rect.y, rect.w, rect.h


@lru_cache(maxsize=32)
def _place(size: tuple[int, int], where: tuple[int, int, int, int], bounds: tuple[int, int],
           boxes: tuple[tuple[int, int, int, int], ...]) -> tuple[int, int, int, int]:
    """``place_tooltip`` on plain values (remembered: it is asked every frame while the
    pointer rests, and searching for a free place is not free)."""
    w, h = size
    anchor = pygame.Rect(where)
    screen = pygame.Rect(0, 0, *bounds)
    blocked = [pygame.Rect(b) for b in boxes]
    blocked.append(anchor)
    corners = [(anchor.right, anchor.bottom), (anchor.left - w, anchor.bottom),
               (anchor.right, anchor.top - h), (anchor.left - w, anchor.top - h)]
    best: tuple[int, int, pygame.Rect] | None = None
    for order, (left, top) in enumerate(corners):
        rect = pygame.Rect(left, top, w, h)
        fits = screen.contains(rect)
        rect.clamp_ip(screen)
        if rect.collidelist(blocked) == -1 and fits:
            return _box(rect)
        covered = sum(rect.clip(r).w * rect.clip(r).h for r in blocked)
        score = covered + (0 if fits else w * h // 4)
        if best is None or (score, order) < (best[0], best[1]):
            best = (score, order, rect)
    free = free_place((w, h), anchor, screen, blocked)
    if free is not None:
        return _box(free)
    assert best is not None
    return _box(best[2])


__all__ = ["DELAY", "WIDTH", "Lines", "place_tooltip", "pointer_anchor",
           "tooltip_image"]
