"""A line of words set in a box, as large as asked where the box holds it.

The menu screens place each word in a box of the layout; a longer translation or a
larger text size must still fit, so the words shrink (never below a readable floor)
or wrap at words onto the lines the box allows. Words that fill their box at the 100 %
text size are set a little smaller there, so 125 % and 150 % set them larger.
"""

from __future__ import annotations

import pygame

from scenes.core import gfx
from scenes.text.fitting import fit_lines, headroom, roomy_size
from scenes.text.fonts import blit_text, line_height, wrap
from scenes.ui import palette as P


def label(surface: gfx.Canvas, text: str, box: tuple[int, int, int, int] | pygame.Rect,
          role: str, size: float, color: P.RGB = P.INK, lines: int = 1,
          anchor: str = "midleft") -> None:
    """``text`` at the box's left (``anchor`` midleft) or centre (``center``), over at
    most ``lines`` lines."""
    room = pygame.Rect(box)
    if lines > 1:
        found, wrapped = fit_lines(text, role, size, room.w, lines, smallest=min(size, 14),
                                   height=room.h)
        if headroom(found, size) != found:  # (so a larger text size sets it larger)
            found = headroom(found, size)
            wrapped = wrap(text, role, found, room.w)
        size = found
        step = line_height(role, size)
        top = room.centery - step * len(wrapped) / 2
        for i, line in enumerate(wrapped):
            x = room.x if anchor == "midleft" else room.centerx
            blit_text(surface, line, (x, top + i * step), role=role, size=size, color=color,
                      anchor="topleft" if anchor == "midleft" else "midtop")
        return
    size = roomy_size(text, role, size, room.w, smallest=min(size, 14), height=room.h)
    pos = room.midleft if anchor == "midleft" else room.center
    blit_text(surface, text, pos, role=role, size=size, color=color, anchor=anchor,
              box=room, by_ink=True)


__all__ = ["label"]
