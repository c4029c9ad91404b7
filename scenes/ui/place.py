"""Finding room for a box (a tooltip, a banner) where it covers nothing it must not.

A screen says what must stay in sight (the status line, the lit targets, a board's
numbers...); a box that would cover any of it goes to the free place nearest where it
wanted to be. A free place, if there is one, can be pushed until an edge of the box
touches an edge of something kept clear or of the screen, so only those places are
tried: a few hundred rectangle tests, done in C.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

#: Logical units a box keeps from what it avoids and from the screen's edge.
GAP = 6


def free_place(size: tuple[int, int], near: pygame.Rect, screen: pygame.Rect,
               blocked: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """The place for a box of ``size`` on ``screen`` covering none of ``blocked``,
    nearest ``near`` (None when there is none)."""
    w, h = size
    inner = screen.inflate(-2 * GAP, -2 * GAP)
    xs = {inner.left, inner.right - w, near.centerx - w // 2}
    ys = {inner.top, inner.bottom - h, near.centery - h // 2}
    for r in blocked:
        xs.update((r.right + GAP, r.left - GAP - w))
        ys.update((r.bottom + GAP, r.top - GAP - h))
    xs = {x for x in xs if inner.left <= x <= inner.right - w}
    ys = {y for y in ys if inner.top <= y <= inner.bottom - h}
    cx, cy = near.center
    boxes = list(blocked)

    def distance(point: tuple[int, int]) -> int:
        x, y = point
        dx = max(x - cx, cx - (x + w), 0)
        dy = max(y - cy, cy - (y + h), 0)
        return dx * dx + dy * dy

    for x, y in sorted(((x, y) for x in xs for y in ys), key=distance):
        rect = pygame.Rect(x, y, w, h)
        if rect.collidelist(boxes) == -1:
            return rect
    return None


__all__ = ["GAP", "free_place"]
