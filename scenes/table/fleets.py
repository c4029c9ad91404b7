"""Where a player's ships stand in a town's sea, and the ships drawn there.

A sea holds the ships of every player with ships in it, each player's as one picture
as large as the sea allows (a second hull behind it and their number on a badge when
there are more than one): the table draws them, the hand and the films find them here
too, and the lesson's arrow points at them.
"""

from __future__ import annotations

import pygame

from game.state import State
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.layout import Layout
from scenes.ui import art

#: A ship's box is at most this much wider than tall, and at least this much (a
#: narrow share of a sea gets a taller ship, not a flatter one).
SHIP_WIDEST, SHIP_NARROWEST = 1.6, 1.15
#: How far the ships keep from the sea's edge, and from each other.
FLEET_PAD, FLEET_GAP = 4, 4


def fleet_boxes(sea: pygame.Rect, seats: tuple[int, ...]) -> dict[int, pygame.Rect]:
    """Where the ships of ``seats`` (in seat order) are drawn in ``sea``: as large as
    the sea allows, side by side by player. One player alone fills the sea, two share
    it in two columns, three or four in two rows of two (the third centred)."""
    inner = sea.inflate(-2 * FLEET_PAD, -2 * FLEET_PAD)
    k = len(seats)
    if k == 0:
        return {}
    cols = 1 if k == 1 else 2
    rows = 1 if k <= 2 else 2
    cw = (inner.w - (cols - 1) * FLEET_GAP) // cols
    ch = (inner.h - (rows - 1) * FLEET_GAP) // rows
    out = {}
    for i, seat in enumerate(seats):
        row, col = divmod(i, cols)
        in_row = min(cols, k - row * cols)
        left = inner.x + (inner.w - in_row * cw - (in_row - 1) * FLEET_GAP) // 2
        cell = pygame.Rect(left + col * (cw + FLEET_GAP), inner.y + row * (ch + FLEET_GAP),
                           cw, ch)
        w = min(cell.w, round(cell.h * SHIP_WIDEST))
        h = min(cell.h, round(w / SHIP_NARROWEST))
        out[seat] = pygame.Rect(0, 0, w, h)
        out[seat].center = cell.center
    return out


def ship_boxes(layout: Layout, st: State, pos: int,
               also: int | None = None) -> dict[int, pygame.Rect]:
    """Where each player's ships in sea ``pos`` are drawn (``fleet_boxes``), for the
    players with ships there in ``st`` (and ``also``, whose ship is on its way: a ship
    sailing past is drawn where it would stand)."""
    seats = tuple(s for s in range(st.n) if st.ships_at(s, pos) > 0 or s == also)
    return fleet_boxes(layout.rect(Z.sea(pos)), seats)


def ship_box(layout: Layout, st: State, pos: int, seat: int) -> pygame.Rect:
    """Where ``seat``'s ships in sea ``pos`` are drawn in ``st`` (or would be)."""
    return ship_boxes(layout, st, pos, also=seat)[seat]


def ship_badge(box: pygame.Rect) -> tuple[int, tuple[int, int]]:
    """The size and centre of the badge with a player's number of ships in a sea: on
    the ship's bow, large enough to read at a glance."""
    size = max(30, min(44, round(box.h * 0.5)))
    return size, (box.right - size // 2 + 2, box.bottom - size // 2 - 2)


def draw_ships(surface: gfx.Canvas, box: pygame.Rect, seat: int, count: int,
               palette: str) -> None:
    """``count`` ships of a player in their box of a sea: the ship drawn as large as
    the box, and when there are more than one a second hull behind it and their
    number on a badge at the bow."""
    if count > 1:
        back = box.inflate(-box.w // 5, -box.h // 5).move(-box.w // 10, -box.h // 10)
        img = art.ship(seat, back.w, back.h, palette)
        surface.blit(img, back)
    surface.blit(art.ship(seat, box.w, box.h, palette), box)
    if count > 1:
        size, center = ship_badge(box)
        badge = art.count_badge(count, size)
        surface.blit(badge, badge.get_rect(center=center))


__all__ = ["FLEET_GAP", "FLEET_PAD", "SHIP_NARROWEST", "SHIP_WIDEST", "draw_ships",
           "fleet_boxes", "ship_badge", "ship_box", "ship_boxes"]
