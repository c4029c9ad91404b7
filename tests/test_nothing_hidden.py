"""Nothing a player needs is hidden (issue 10): a space's type under its marker, the
technologies on each board, the trading chart while selling, banners for the events
that matter, legal targets that read at a glance, ships that look like ships.

Pictures are checked by their pixels, drawn at the 1920x1080 scale and at 1280x720's
(two thirds), where rounding puts every edge somewhere else.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.deal import deal_towns
from game.state import State
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.layout import table_layout
from scenes.table.draw import TableView, draw_table, space_marker
from scenes.ui import cardart

SCALES = (1.0, 2 / 3)


@pytest.fixture(params=SCALES, ids=("1080p", "720p"))
def scale(request: pytest.FixtureRequest) -> Iterator[float]:
    """Draw at a window's scale for one test, then at the usual one again."""
    before = gfx.scale()
    gfx.set_scale(request.param)
    yield request.param
    gfx.set_scale(before)


def fresh_state(players: int = 4) -> State:
    st = State.start(["Ann", "Bob", "Cy", "Dan"][:players], deal_towns(players, 5))
    st.revealed = 8
    return st


def drawn(st: State, view: TableView | None = None, players: int = 4) -> gfx.Canvas:
    surface = gfx.surface((1920, 1080), alpha=False)
    draw_table(surface, table_layout(players), st, view or TableView())
    return surface


def pixels(canvas: gfx.Canvas, rect: pygame.Rect) -> bytes:
    """The real pixels under a logical rectangle, to compare two pictures by."""
    real = gfx.real_rect(rect).clip(canvas.surface.get_rect())
    return pygame.image.tobytes(canvas.surface.subsurface(real), "RGB")


def differ(a: bytes, b: bytes) -> float:
    """The mean difference of two pictures' channels (0: the same picture)."""
    assert len(a) == len(b)
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) / max(1, len(a))


def dark_share(canvas: gfx.Canvas, rect: pygame.Rect, limit: int = 110) -> float:
    """The part of a rectangle's pixels dark enough to be ink."""
    real = gfx.real_rect(rect).clip(canvas.surface.get_rect())
    sub = canvas.surface.subsurface(real)
    dark = sum(1 for x in range(sub.get_width()) for y in range(sub.get_height())
               if sum(sub.get_at((x, y))[:3]) / 3 < limit)
    return dark / max(1, sub.get_width() * sub.get_height())


# ----- 1. a space's type under its marker ---------------------------------------------------
@pytest.mark.parametrize("letter", ["g", "b"])
def test_a_space_shows_its_type_with_a_marker_on_it(scale: float, letter: str) -> None:
    layout = table_layout(4)
    st = fresh_state()
    # a stronghold: its long word once showed a stray fragment beside the marker
    pos = next(p for p in range(1, 9) if st.card_at(p).building_kind(1) == "stronghold")
    space = (letter, pos, 1)
    r = layout.rect(Z.space(space))
    band = pygame.Rect(r.x, r.bottom - cardart.LABEL_BAND, r.w, cardart.LABEL_BAND)
    empty = drawn(st)
    st.set_owner(space, 1)
    with_marker = drawn(st)
    place = "good" if letter == "g" else "building"
    view = TableView()
    view.hidden[(place, pos, 1)] = 1
    without_marker = drawn(st, view)
    # the marker is there, and it leaves the word at the foot of the space alone
    (cx, cy), size = space_marker(r, letter)
    assert pixels(with_marker, pygame.Rect(cx - 4, cy - 4, 8, 8)) != pixels(
        without_marker, pygame.Rect(cx - 4, cy - 4, 8, 8))
    assert pixels(with_marker, band) == pixels(without_marker, band), \
        "the marker covers the space's word"
    assert cy + size // 2 <= band.top + 6
    assert dark_share(with_marker, band) > 0.03, "the word is written under the marker"
    # the same word as on the empty space, nothing painted over half of it
    assert differ(pixels(with_marker, band), pixels(empty, band)) < 6
    # and a picture of the type above the marker: the top of the space is not the bare well
    top = pygame.Rect(r.x + 8, r.y + 4, r.w - 16, cy - size // 2 - r.y - 6)
    well = cardart.art.space_well(r.w, r.h)
    assert pixels(with_marker, top) != pixels(well, top.move(-r.x, -r.y))
