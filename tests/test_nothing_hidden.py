"""Nothing a player needs is hidden (issue 10): a space's type under its marker, the
technologies on each board, the trading chart while selling, banners for the events
that matter, legal targets that read at a glance, ships that look like ships.

Pictures are checked by their pixels, drawn at the 1920x1080 scale and at 1280x720's
(two thirds), where rounding puts every edge somewhere else.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

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


# ----- 2. technologies on the player boards -----------------------------------------------------
def _longest_techs(count: int = 3) -> list[str]:
    from game.cards import CARDS
    return sorted((x.id for x in CARDS.techs),
                  key=lambda x: -cardart.tech_chip_widths(CARDS.tech(x))[0])[:count]


@pytest.mark.parametrize("players", [3, 4])
def test_each_board_names_the_technologies_its_player_owns(scale: float, players: int) -> None:
    from game.state import TECH_INDEX
    from scenes.table.draw import board_techs, stock_points
    from scenes.text import fonts
    from scenes.text.catalog import t

    layout = table_layout(players)
    st = fresh_state(players)
    longest = _longest_techs()
    for tech in longest:  # the longest names, with a full stock beside them
        st.tech_owner[TECH_INDEX[tech]] = 0
    st.tech_owner[TECH_INDEX["map"]] = 1
    fonts.OVERFLOWS.clear()
    cardart.tech_chip.cache_clear()  # drawn (and measured) now
    surface = drawn(st, players=players)
    names = [t(f"tech.{x}") for x in longest]
    assert not [o for o in fonts.OVERFLOWS if any(n in o for n in names)], \
        "every technology's name fits its tile"
    chips = board_techs(layout, st, 0)
    assert [tech for tech, _ in chips] == sorted(longest, key=st.techs(0).index)
    row = layout.rect(Z.stock(0))
    for (_, a), (_, b) in pairwise(chips):
        assert a.right <= b.x
    for _, chip in chips:
        assert row.contains(chip)
        assert dark_share(surface, chip.inflate(-6, -6)) > 0.04, "a name is written on it"
    last = stock_points(layout, st, 0)[-1]
    assert st.stock[0] == 7 and last[0] + 15 <= chips[0][1].x, "the stock is not covered"
    assert [tech for tech, _ in board_techs(layout, st, 1)] == ["map"]
    assert board_techs(layout, st, 2) == []


def test_hovering_a_technology_on_a_board_explains_it() -> None:
    from game.state import TECH_INDEX
    from scenes.table.draw import board_techs
    from scenes.table.tooltips import tech_lines, tooltip_lines

    layout = table_layout(4)
    st = fresh_state()
    st.tech_owner[TECH_INDEX["bank-system"]] = 2
    [(tech, chip)] = board_techs(layout, st, 2)

    class NoLog:
        def line_at(self, pos: tuple[int, int]) -> None:
            return None

        def contains(self, pos: tuple[int, int]) -> bool:
            return False

    lines = tooltip_lines(st, layout, chip.center, None, NoLog())  # type: ignore[arg-type]
    assert tech == "bank-system" and lines == tech_lines(st, "bank-system")
    beside = (chip.x - 60, chip.centery)  # the stock beside it: the board's own tooltip
    assert tooltip_lines(st, layout, beside, None, NoLog())[0] == "Cy"  # type: ignore[arg-type,index]


# ----- 3. the trading chart at the table ------------------------------------------------------
SALE_READY = ["move L-1", "cargo 1g1", "done", "employ", "end", "end", "end", "move L-1",
              "cargo 1g2", "done"]


def test_the_trading_chart_shows_while_a_sale_is_staged_lit_at_its_types(app) -> None:
    from tablehelp import table_at

    from scenes.table.draw import chart_columns, chart_rect, draw_trading_chart
    from scenes.ui import palette as P

    hand = table_at(app, SALE_READY)
    table = hand.table
    rect = chart_rect(table.layout)
    canvas = app.canvas
    before = pixels(canvas, rect)
    hand.post(pygame.MOUSEBUTTONDOWN, hand.at("goods_1_1"))
    hand.frames(2)
    assert pixels(canvas, rect) != before, "a trade good in the hand shows the chart"
    hand.post(pygame.MOUSEBUTTONUP, hand.at("goods_1_1"))
    hand.frames(2)
    assert pixels(canvas, rect) == before, "put back: the chart goes"
    hand.drag(hand.at("goods_1_1"), hand.at("lisboa"))
    hand.frames(2)
    assert pixels(canvas, rect) != before, "the chart is shown while the sale is staged"
    one = pixels(canvas, rect)
    hand.drag(hand.at("goods_1_2"), hand.at("lisboa"))
    hand.frames(2)
    two = pixels(canvas, rect)
    assert "2 types" in table.view.status and two != one, "its lit column follows the sale"
    # drawn alone, the chart lights exactly the column of the types counted
    for lit in (1, 2, 6):
        surface = gfx.surface((rect.right + 10, rect.bottom + 10), alpha=False)
        draw_trading_chart(surface, rect, lit)
        columns = [n for n, col in enumerate(chart_columns(rect), start=1)
                   if tuple(surface.get_at((col.x + 6, col.bottom - 6))[:3]) == P.HIGHLIGHT]
        assert columns == [lit]
    hand.click(hand.at("button_sell"))
    hand.frames(60)
    assert pixels(canvas, rect) == before, "and gone once the sale is made"
