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
from game.steps import parse_step
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
    if dark_share(empty, band) > 0.03:  # where the card has room for its word at all
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
    assert tech == "bank-system" and lines[:-1] == tech_lines(st, "bank-system")
    assert lines[-1] == "Right-click or Z: see it large."
    beside = (chip.x - 60, chip.centery)  # the stock beside it: the board's own tooltip
    assert tooltip_lines(st, layout, beside, None, NoLog())[0] == "Cy"  # type: ignore[arg-type,index]


# ----- 3. the trading chart at the table ------------------------------------------------------
SALE_READY = ["move L-1", "cargo 1g1", "done", "employ", "end", "end", "end", "move L-1",
              "cargo 1g2", "done"]


def test_the_trading_chart_shows_while_a_sale_is_staged_lit_at_its_types(app) -> None:
    from tablehelp import table_at

    from scenes.table.chart import chart_columns, chart_rect, draw_trading_chart
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
    assert pixels(canvas, rect) != before, "picked up by a click: still in the hand"
    hand.click(hand.at("goods_1_1"))  # a click on its own place puts it back
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


# ----- 4. banners for the events that matter ------------------------------------------------------
def _india_ahead(lisboa: int = 1) -> State:
    """Ann's ship one card before India (the ninth town), India face down."""
    st = State.start(["Ann", "Bob", "Cy"], deal_towns(3, 5))
    st.revealed = 8
    st.add_ships(0, 8, 1)
    st.lisboa[0] = lisboa
    return st


def _said(banner: object) -> list[str]:
    from scenes.text.catalog import t

    return [t(k, **v) for k, v in (banner.headline, *banner.details)]  # type: ignore[attr-defined]


def test_reaching_india_shows_india_and_the_final_round_with_who_began_it() -> None:
    from game.rules import apply_text
    from scenes.table.banners import banners_for

    layout = table_layout(3)
    before = _india_ahead()
    after = apply_text(before, "move 8-9")
    india, final = banners_for(before, parse_step("move 8-9"), after, layout)
    assert _said(india) == ["India reached!", "Ann reaches India at 9: +2 VP"]
    assert india.anchor == layout.rect(Z.town(9)).center, "over the card turned"
    assert _said(final)[0] == "The final round begins"
    assert "Ann reached India" in _said(final)[1]


def test_a_gain_lost_for_want_of_a_lisboa_marker_has_its_banner_over_the_board() -> None:
    from game.rules import apply_text
    from scenes.table.banners import banners_for

    layout = table_layout(3)
    before = _india_ahead(lisboa=0)
    after = apply_text(before, "move 8-9")
    said = [_said(b) for b in banners_for(before, parse_step("move 8-9"), after, layout)]
    assert ["No marker on Lisboa to hold it", "Ann loses 2 VP."] in said
    assert ["India reached!", "Ann reaches India at 9: +0 VP"] in said
    lost = next(b for b in banners_for(before, parse_step("move 8-9"), after, layout)
                if b.headline[0] == "banner.lost")
    assert layout.rect(Z.board(0)).collidepoint(lost.anchor)


def test_the_final_round_begun_by_the_stock_says_whose_stock() -> None:
    from game.rules import apply_text
    from scenes.table.banners import banners_for

    before = State.start(["Ann", "Bob", "Cy"], deal_towns(3, 5))
    before.stock[1], before.stock[0] = 0, 1
    after = apply_text(before, "employ")
    [final] = banners_for(before, parse_step("employ"), after, table_layout(3))
    assert _said(final) == ["The final round begins",
                            "Ann's stock is empty, the second one: after this turn, "
                            "everyone else plays once more."]
    assert banners_for(after, parse_step("end"), apply_text(after, "end"), table_layout(3)) == [], \
        "an ordinary step has no banner"


def test_a_banner_waits_for_its_film_then_fades_and_takes_no_input(app) -> None:
    from tablehelp import table_at

    to_the_third = ["move L-1", "done", "end", "end", "end", "move 1-2", "done", "end", "end",
                    "end", "move 2-3", "done", "end", "end", "end", "employ"]
    hand = table_at(app, to_the_third)  # a marker on Lisboa to hold the VP
    table = hand.table
    hand.drag(hand.at("ship_3_0"), hand.at("sea_4"))
    hand.click(hand.at("button_sail"))
    assert table.session.steps[-1] == "move 3-4"
    assert table.animating and table.banners.items and not table.banners.shown, \
        "the banner waits while the town turns over"
    hand.frames(90)  # three seconds at 30 frames a second: the film has played
    assert not table.animating
    [banner] = table.banners.shown
    assert _said(banner) == ["Town 4 discovered", "by Ann: +1 VP"]
    assert banner.alpha == 255 and banner.rect.colliderect(table.layout.rect(Z.goods(4, 1)))
    # the town's goods under the banner are still there for the taking
    hand.drag(hand.at("goods_4_1"), hand.at("goods_4_1"))  # a click on it: nothing held
    hand.drag(hand.at("ship_4_0"), hand.at("goods_4_1"))
    assert table.session.steps[-1] == "cargo 4g1", "the banner took no input"
    hand.frames(30 * 6)
    assert table.banners.shown == [] and table.banners.items == [], "gone after a few seconds"


def test_banner_fades_in_and_out_by_the_time_given() -> None:
    from scenes.table.banners import FADE_IN, FADE_OUT, STAY, Banner, Banners

    banners = Banners()
    banner = Banner(("banner.india", {}), [], None, (100, 100))
    banners.add([banner])
    banners.update(FADE_IN / 2)
    assert 0 < banner.alpha < 255
    banners.update(FADE_IN / 2 + STAY / 2)
    assert banner.alpha == 255
    banners.update(STAY / 2 + FADE_OUT / 2)
    assert 0 < banner.alpha < 255
    banners.update(FADE_OUT)
    assert banners.items == []


def test_banners_of_one_place_stand_one_below_the_other() -> None:
    from scenes.table.banners import Banner, Banners

    banners = Banners()
    banners.add([Banner(("banner.india", {}), [("banner.lost.vp", {"name": "Ann", "count": 1})],
                        0, (960, 500)),
                 Banner(("banner.final_round", {}), [], None, (960, 500))])
    banners.update(1.0)
    banners.draw(gfx.surface((1920, 1080)))
    first, second = (b.rect for b in banners.shown)
    assert first.w > 0 and second.w > 0 and not first.colliderect(second)


def test_a_computer_s_discovery_has_its_banner_too(app) -> None:
    from scenes.core.session import Session
    from scenes.selftest.gestures import Hand
    from scenes.table.scene import TableScene

    app.settings.anim_speed = "fast"
    towns = ["T01", "T07", "T12", "T05", "T03", "T09", "T02", "T11", "T08"]
    session = Session(["Hal", "Eve", "Max"], towns, seats=["medium", "medium", "medium"])
    app.start(TableScene(session))
    hand = Hand(app, dt=0.1)
    table = hand.table
    seen: list[str] = []
    for _ in range(3000):
        seen += [b.headline[0] for b in table.banners.shown if b.headline[0] not in seen]
        if "banner.discover" in seen or session.state.over:
            break
        hand.frames(1)
        table.pacing.wait()
    assert "banner.discover" in seen, "a computer's discovery is shown as a banner"


# ----- 5. legal targets unmistakable -------------------------------------------------------
def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _luminance(rgb: tuple[float, float, float]) -> float:
    r, g, b = (_linear(x) for x in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple, b: tuple) -> float:
    la, lb = sorted((_luminance(a[:3]), _luminance(b[:3])), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# How the common colour-vision deficiencies see a colour (Viénot, Brettel and Mollon
# 1999, in linear RGB; tritanopia after Brettel): the lit band must read to them too.
VISION = {
    "typical": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.11238, 0.88762, 0), (0.11238, 0.88762, 0), (0.00401, -0.00401, 1)),
    "deuteranopia": ((0.29275, 0.70725, 0), (0.29275, 0.70725, 0), (-0.02234, 0.02234, 1)),
    "tritanopia": ((1, 0.14461, -0.14461), (0, 0.85924, 0.14076), (0, 0.85924, 0.14076)),
}


def _seen(rgb: tuple, vision: str) -> tuple[float, float, float]:
    lin = [_linear(x) for x in rgb[:3]]
    out = []
    for row in VISION[vision]:
        v = max(0.0, min(1.0, sum(m * c for m, c in zip(row, lin, strict=True))))
        out.append(255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))
    return out[0], out[1], out[2]


def _band_samples(background: tuple[int, int, int]) -> list[tuple]:
    """The pixels across a lit zone's band, drawn over ``background``."""
    from scenes.ui import art

    zone = pygame.Rect(40, 40, 120, 100)
    surface = gfx.surface((200, 180), alpha=False)
    surface.fill(background)
    surface.blit(art.target_band(zone.w, zone.h), zone.inflate(2 * art.BAND_OUT,
                                                               2 * art.BAND_OUT))
    y = zone.centery
    return [tuple(surface.get_at((x, y))) for x in range(zone.x - art.BAND_OUT - 2,
                                                         zone.x + art.BAND_OUT + 6)]


@pytest.mark.parametrize("vision", list(VISION))
def test_a_lit_target_stands_out_on_parchment_wood_and_sea(scale: float, vision: str) -> None:
    from scenes.ui import palette as P

    backgrounds = {"parchment": P.PARCHMENT, "well": P.PARCHMENT_SHADE,
                   "building well": P.PARCHMENT_DEEP, "wood": P.WOOD_DARK, "sea": P.SEA,
                   "deep sea": P.SEA_DEEP, "sea strip": P.SEA_LIGHT, "chart": P.CHART}
    for name, background in backgrounds.items():
        seen_bg = _seen(background, vision)
        best = max(_contrast(_seen(px, vision), seen_bg) for px in _band_samples(background))
        assert best >= 4.5, f"the band is faint on {name} ({best:.2f}) to {vision} vision"


@pytest.mark.parametrize("palette", ["classic", "colorblind"])
def test_a_lit_target_stands_out_beside_every_players_marker(palette: str) -> None:
    """A lit Lisboa row or space may hold a marker: the band reads against each
    player's colour in either palette, to every vision (3:1, WCAG's least for a
    graphic; mid-light colours such as vermillion allow no more than about 4.5 with
    any colour at all)."""
    from scenes.ui import palette as P

    for seat in range(4):
        color = P.player_color(seat, palette)
        for vision in VISION:
            best = max(_contrast(_seen(px, vision), _seen(color, vision))
                       for px in _band_samples(color))
            assert best >= 3, (seat, palette, vision, best)


def test_lit_targets_breathe_by_the_time_given(app) -> None:
    from tablehelp import table_at

    from scenes.table.render import PULSE

    hand = table_at(app, ["employ", "end", "end", "end", "move L-1 L-1"])
    table = hand.table
    hand.post(pygame.MOUSEBUTTONDOWN, hand.at("ship_1_0"))
    hand.frames(1)
    assert Z.goods(1, 1) in table.view.lit, "the goods space is a legal target"
    renderer = table.renderer
    renderer.clock = 0.0
    dim = renderer.pulse()
    renderer.tick(PULSE / 2)
    bright = renderer.pulse()
    assert bright > dim + 100
    r = table.layout.rect(Z.goods(1, 1))
    halo = pygame.Rect(r.x - 10, r.centery, 4, 4)
    surface = gfx.surface((1920, 1080), alpha=False)
    renderer.draw_pulse(surface, table.view.lit)
    at_peak = pixels(surface, halo)
    renderer.tick(PULSE / 2)
    assert renderer.pulse() == dim
    surface.fill((0, 0, 0))
    renderer.draw_pulse(surface, table.view.lit)
    assert pixels(surface, halo) != at_peak, "the halo fades and returns"


# ----- 6. ships look like ships and sit in the sea ------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_a_ship_is_drawn_as_a_ship_in_its_sea_where_it_is_picked_up(
        scale: float, players: int) -> None:
    from scenes.table.animations import place_point
    from scenes.table.drag import piece_at
    from scenes.table.draw import ship_box, ship_boxes
    from scenes.table.targets import Staging
    from scenes.ui import palette as P

    layout = table_layout(players)
    st = fresh_state(players)
    empty = drawn(st, players=players)
    for seat in range(players):
        st.add_ships(seat, 2, 1 + seat % 2)  # a badge too, for two ships
    with_ships = drawn(st, players=players)
    sea = layout.rect(Z.sea(2))
    boxes = ship_boxes(layout, st, 2)
    assert sorted(boxes) == list(range(players)), "every player's ships, side by side"
    for seat, box in boxes.items():
        assert sea.contains(box), "the art stays inside the sea it is picked up from"
        assert ship_box(layout, st, 2, seat) == box
        assert place_point(layout, ("ship", seat, 2), st)[0] == box.center
        for other, elsewhere in boxes.items():
            assert other == seat or not box.colliderect(elsewhere), "no ship hides another"
        st.active = seat
        assert piece_at(st, Staging(), layout, box.center) == ("ship", seat, 2)
        real = gfx.real_rect(box)
        colours = {tuple(with_ships.surface.get_at((x, y))[:3])
                   for x in range(real.x, real.right) for y in range(real.y, real.bottom)}
        assert P.WOOD in colours or any(max(abs(a - b) for a, b in zip(c, P.WOOD,
                                                                     strict=True)) < 6
                                        for c in colours), "a wooden hull"
    # nothing of a ship is drawn outside its sea
    around = sea.inflate(60, 40)
    real, inside = gfx.real_rect(around), gfx.real_rect(sea)
    for x in range(real.x, real.right, 3):
        for y in range(real.y, real.bottom, 3):
            if not inside.collidepoint(x, y):
                assert with_ships.surface.get_at((x, y)) == empty.surface.get_at((x, y)), (x, y)


def test_a_sailing_ship_is_drawn_as_a_ship() -> None:
    from game.rules import apply_text
    from scenes.table.animations import build
    from scenes.table.draw import ship_box
    from scenes.ui import art

    layout = table_layout(3)
    before = State.start(["Ann", "Bob", "Cy"], deal_towns(3, 5))
    after = apply_text(before, "move L-1")
    film = build(before, parse_step("move L-1"), after, layout)
    assert film is not None
    film.finish()
    surface = gfx.surface((1920, 1080))
    film.draw(surface, layout, after)
    box = ship_box(layout, after, 1, 0)
    expected = gfx.surface((1920, 1080))
    expected.blit(art.ship(0, box.w, box.h), box)
    assert pixels(surface, box) == pixels(expected, box)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize("text", [1.0, 1.5])
def test_the_longest_technology_names_fit_a_board_in_every_language(
        scale: float, lang: str, text: float) -> None:
    """The three longest names in a language, at the text size chosen, with a full
    stock beside them: the stock gives way (down to its bare number) before a name
    is drawn where it does not fit."""
    import itertools

    from game.cards import CARDS
    from game.state import TECH_INDEX
    from scenes.table.draw import board_techs, stock_row
    from scenes.text import fonts
    from scenes.text.catalog import language, set_language, t

    before = language(), gfx.text_scale()
    set_language(lang)
    gfx.set_scale(scale, text)
    try:
        widths = {x.id: cardart.tech_chip_widths(x)[1] for x in CARDS.techs}
        longest = max(itertools.combinations(widths, 3), key=lambda c: sum(widths[x] for x in c))
        layout = table_layout(4)
        st = fresh_state()
        for tech in longest:
            st.tech_owner[TECH_INDEX[tech]] = 0
        fonts.OVERFLOWS.clear()
        cardart.tech_chip.cache_clear()
        drawn(st)
        names = [t(f"tech.{x}") for x in longest]
        words = {w for n in names for w in n.split(" ")}
        assert not [o for o in fonts.OVERFLOWS if any(w in o for w in words)], fonts.OVERFLOWS
        row = layout.rect(Z.stock(0))
        chips = board_techs(layout, st, 0)
        assert len(chips) == 3 and all(row.contains(c) for _, c in chips)
        shared = stock_row(layout, st, 0)
        assert shared.first < chips[0][1].x, "the stock's first marker is never covered"
    finally:
        set_language(before[0])
        gfx.set_scale(scale, before[1])


def test_a_banner_is_seen_through_while_the_player_reaches_under_it() -> None:
    from scenes.table.banners import Banner, Banners

    def picture(**how: object) -> tuple[pygame.Rect, tuple]:
        banners = Banners()
        banners.add([Banner(("banner.india", {}), [], None, (960, 500))])
        banners.update(1.0)
        surface = gfx.surface((1920, 1080), alpha=False)
        surface.fill((255, 255, 255))
        banners.draw(surface, **how)  # type: ignore[arg-type]
        rect = banners.shown[0].rect
        return rect, tuple(surface.get_at((rect.x + 20, rect.bottom - 12)))

    rect, plain = picture()
    _, holding = picture(holding=True)
    _, pointed = picture(pointer=rect.center)
    _, elsewhere = picture(pointer=(10, 10))
    assert sum(plain[:3]) < 200, "a dark plate over the white table"
    assert sum(holding[:3]) > 500 and sum(pointed[:3]) > 500, "all but clear"
    assert elsewhere == plain
