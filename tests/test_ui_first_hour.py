"""A new player's first hour: what they see must be the loudest thing on the screen.

Ships as large as their sea allows, their number readable; no letter under 12 real
pixels in a 1280x720 window, a card's rule at 13 at least (or its short form); a
card seen large by a right click or Z, and closed again (every word larger at the
150 % text size: ``test_text_size``); the lesson's thing to do louder than
its sentences, with an arrow at where the move starts, the buttons it does not want
not lit, and no empty block on its table. Headless, from synthesised events.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from tablehelp import table_at

from game.deal import deal_towns
from game.record import read_record_file
from game.state import State
from game.steps import parse_step
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.app import App
from scenes.core.intents import Play, Stepped
from scenes.core.layout import LESSON, table_layout
from scenes.core.saves import Settings
from scenes.core.session import Session
from scenes.main import make_app
from scenes.selftest.gestures import Hand
from scenes.table.draw import TableView, draw_table, ship_badge, ship_boxes
from scenes.table.lesson import DO, lesson_session
from scenes.table.scene import TableScene
from scenes.table.zoom import CardZoom
from scenes.text import catalog, fonts
from scenes.text.fonts import DRAWN, real_size
from scenes.ui import cardart, techart
from scenes.ui.overlays import ContextMenu

GOLDEN = __import__("pathlib").Path(__file__).parent / "golden"

SMALL, FULL_HD = (1280, 720), (1920, 1080)


@pytest.fixture
def at_720p() -> Iterator[None]:
    before = gfx.scale(), gfx.text_scale()
    gfx.set_scale(2 / 3, 1.0)
    yield
    gfx.set_scale(*before)


def window(size: tuple[int, int], lang: str = "en", text: int = 100) -> App:
    catalog.set_language(lang)
    return make_app(window=size, settings=Settings(text_size=text), lang=lang)


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    catalog.set_language("en")
    gfx.set_scale(1.0, 1.0)
    DRAWN.words = None


def drawn(st: State, players: int) -> gfx.Canvas:
    surface = gfx.surface((1920, 1080), alpha=False)
    draw_table(surface, table_layout(players), st, TableView())
    return surface


def changed(a: gfx.Canvas, b: gfx.Canvas, rect: pygame.Rect) -> pygame.Rect:
    """The real pixels inside a logical rect where two pictures differ, as a box."""
    real = gfx.real_rect(rect)
    xs, ys = [], []
    for x in range(real.x, real.right):
        for y in range(real.y, real.bottom):
            if a.surface.get_at((x, y)) != b.surface.get_at((x, y)):
                xs.append(x)
                ys.append(y)
    if not xs:
        return pygame.Rect(0, 0, 0, 0)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


# ----- 1. the pieces that matter --------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_a_ship_is_drawn_large_in_its_sea_and_its_number_reads(at_720p: None,
                                                               players: int) -> None:
    layout = table_layout(players)
    st = State.start(["Ann", "Bob", "Cy", "Dan"][:players], deal_towns(players, 5))
    st.revealed = 8
    sea = layout.rect(Z.sea(2))
    real = gfx.real_rect(sea)
    empty = drawn(st, players)
    st.add_ships(0, 2, 1)
    alone = changed(empty, drawn(st, players), sea)
    assert alone.w >= 0.75 * real.w and alone.h >= 0.7 * real.h, \
        f"a ship alone in its sea fills it ({alone.size} of {real.size} real pixels)"
    (box,) = ship_boxes(layout, st, 2).values()
    assert box.w * box.h >= 0.7 * sea.w * sea.h
    # shared by two players: side by side, each still larger than the old corner sprite
    st.add_ships(1, 2, 2)
    two = ship_boxes(layout, st, 2)
    assert two[0].right <= two[1].left and two[0].centery == two[1].centery
    for box in two.values():
        assert box.w * box.h >= 0.22 * sea.w * sea.h and box.w >= 63 and box.h >= 45
    # by every player: two rows of two, none hiding another
    for seat in range(2, players):
        st.add_ships(seat, 2, 1)
    every = ship_boxes(layout, st, 2)
    assert len(every) == players
    for box in every.values():  # (never smaller than the old sprite in its corner)
        assert sea.contains(box) and box.w * box.h >= 0.17 * sea.w * sea.h
        assert box.w >= 63 and box.h >= 45
    # the number of ships: on a badge whose figures are 13 real pixels at least
    for boxes in (two, every):
        for box in boxes.values():
            size, _ = ship_badge(box)
            assert real_size(round(size * 0.68)) >= 13
    one = State.start(st.names, deal_towns(players, 5))
    one.revealed = 8
    one.add_ships(0, 2, 1)
    before = drawn(one, players)
    one.add_ships(0, 2, 1)
    (box,) = ship_boxes(layout, one, 2).values()
    size, center = ship_badge(box)
    badge = pygame.Rect(0, 0, size, size)
    badge.center = center
    assert changed(before, drawn(one, players), badge).w >= 0.7 * gfx.px(size), "the badge"


# ----- 2. the words on the table ------------------------------------------------------------------
def test_no_font_is_created_under_12_pixels_at_1280x720() -> None:
    assert fonts.MIN_PX == 12
    app = window(SMALL)
    DRAWN.reset()
    record = read_record_file(GOLDEN / "four-players.txt")
    session = Session(record.names, record.towns, record.variant)
    for _, step in record.steps[:40]:
        assert session.submit(parse_step(step)).ok
    table = TableScene(session)
    app.start(table)
    hand = Hand(app)
    hand.frames(3)
    for zone in table.layout.names():  # every tooltip
        table.viewer.pointer = table.layout.rect(zone).center
        lines = table.tooltip()
        if lines:
            table.viewer.draw_tooltip(app.canvas, lines)
    app.stack.push(CardZoom(("tech", "harbor-maintenance"), table.state))
    hand.frames(2)
    app.start(TableScene(lesson_session("Ann")))
    hand.frames(3)
    assert DRAWN.smallest is not None and DRAWN.smallest >= 12
    assert gfx.scale() == pytest.approx(2 / 3)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_technologys_rule_is_13_pixels_or_its_short_form(lang: str) -> None:
    pygame.font.init()
    catalog.set_language(lang)
    tile = table_layout(4).rect("tech_harbor-maintenance")
    for scale, form in ((2 / 3, techart.SHORT), (1.0, techart.WHOLE), (4 / 3, techart.WHOLE)):
        gfx.set_scale(scale, 1.0)
        names, effects, written = cardart.tech_text_sizes(tile.w, tile.h)
        assert real_size(effects) >= 13 and real_size(names) >= 14
        assert real_size(names) > real_size(effects), "the name is the larger"
        assert written == form, "the whole effect where it fits at 13 pixels"
        for tech in cardart.CARDS.techs:
            for lines in techart._tile_lines(tech, tile.w, tile.h):
                for line in lines:  # (a name of one short word is no orphan)
                    assert len(lines) == 1 or not fonts._orphan(line), (tech.id, lines)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_card_seen_large_is_set_without_orphans(at_720p: None, lang: str) -> None:
    catalog.set_language(lang)
    st = State.start(["Ann", "Bob", "Cy"], deal_towns(3, 5))
    st.revealed = 4
    canvas = gfx.surface((1920, 1080))
    cards = [("tech", x.id) for x in cardart.CARDS.techs] + [("town", p) for p in (1, 4, 5)]
    for card in cards:
        zoom = CardZoom(card, st)
        fonts.OVERFLOWS.clear()
        zoom.draw(canvas)
        assert fonts.OVERFLOWS == [], card
        for lines in zoom.lines:
            for line in lines:
                assert len(lines) == 1 or not fonts._orphan(line), (card, lines)


def test_the_zoom_opens_by_a_right_click_and_by_z_and_closes(app: App) -> None:
    hand = table_at(app, ["move L-1", "done"], speed="off")
    table = hand.table
    # a right click on a technology: its card large; a click closes it
    hand.click(hand.at(Z.tech("printing-press")), button=3)
    zoom = hand.top()
    assert isinstance(zoom, CardZoom) and zoom.card == ("tech", "printing-press")
    hand.click(hand.at(Z.tech("printing-press")))
    assert hand.top() is table and table.session.steps == ["move L-1", "done"]
    # Z on the town under the pointer; Esc closes it
    hand.post(pygame.MOUSEMOTION, hand.at(Z.town(2)))
    hand.frames(1)
    hand.key(pygame.K_z)
    zoom = hand.top()
    assert isinstance(zoom, CardZoom) and zoom.card == ("town", 2)
    hand.key(pygame.K_ESCAPE)
    assert hand.top() is table
    # Z on what the keyboard's focus is on (Ann's ship at town 1); Z again closes it
    focus = table.keys.focus
    for _ in range(60):
        if focus.visible and focus.key == ("piece", ("ship", 0, 1)):
            break
        hand.key(pygame.K_TAB)
    hand.post(pygame.MOUSEMOTION, hand.at(Z.tech("guild")))  # (the focus wins)
    hand.frames(1)
    table.keys.focus.visible = True
    hand.key(pygame.K_z)
    zoom = hand.top()
    assert isinstance(zoom, CardZoom) and zoom.card == ("town", 1)
    hand.key(pygame.K_z)
    assert hand.top() is table
    # a right click where a free action is offered still opens its menu
    hand.click(hand.at(Z.ship(1, 0)), button=3)
    assert isinstance(hand.top(), ContextMenu)
    hand.key(pygame.K_ESCAPE)
    # nothing there: the status line says how
    table.keys.focus.visible = False
    hand.post(pygame.MOUSEMOTION, hand.at(Z.stock(1)))
    hand.frames(1)
    hand.key(pygame.K_z)
    assert hand.top() is table and "press Z" in table.view.status


# ----- 4. the lesson ------------------------------------------------------------------------
@pytest.mark.parametrize(("size", "lang"), [(SMALL, "en"), (SMALL, "fr"), (SMALL, "it"),
                                            (FULL_HD, "en")])
def test_the_lessons_thing_to_do_is_its_loudest_line(size: tuple[int, int], lang: str) -> None:
    app = window(size, lang)
    app.settings.anim_speed = "off"
    table = TableScene(lesson_session("Ann"))
    app.start(table)
    hand = Hand(app)
    coach, panel = table.lesson, table.lessonpanel
    assert coach is not None and panel is not None
    seen = 0
    while not coach.finished:
        hand.frames(1)
        entry = coach.entry
        assert entry is not None
        if entry.kind == DO:
            do, body = panel.sizes
            assert real_size(do) > real_size(body), (entry.step, panel.sizes)
            assert real_size(do) >= 16, "at least 16 real pixels, bold"
            seen += 1
            results = table.actions.handle(Play(entry.step))
            table.present(results)
            assert any(isinstance(r, Stepped) for r in results)
        else:
            coach.next()
    assert seen == sum(1 for e in coach_script() if e.kind == DO)


def coach_script() -> tuple:
    from scenes.table.lesson import SCRIPT
    return SCRIPT


def test_the_lesson_points_at_its_move_and_leaves_other_buttons_unlit(app: App) -> None:
    app.settings.anim_speed = "off"
    table = TableScene(lesson_session("Ann"))
    app.start(table)
    hand = Hand(app)
    coach, panel = table.lesson, table.lessonpanel
    assert coach is not None and panel is not None
    # a page: Next is lit, no game button is
    hand.frames(2)
    assert coach.on_page
    assert set(table.button_states().values()) == {"disabled"}
    while coach.on_page:
        hand.click(panel.next_button.rect.center)
    assert str(coach.entry.step) == "employ"
    hand.frames(2)
    # the game would let End turn be pressed; the lesson does not want it: not lit
    assert table.actions.button_states()[Z.button("end_turn")] == "normal"
    assert table.button_states()[Z.button("end_turn")] == "disabled"
    assert Z.button("end_turn") not in table.view.lit
    # the arrow points at the stock, over the table
    assert panel.target == Z.stock(0)
    stock = table.layout.rect(Z.stock(0))
    above = pygame.Rect(stock.x, stock.y - 80, stock.w, 78)
    bare = gfx.surface((1920, 1080), alpha=False)
    pointed = gfx.surface((1920, 1080), alpha=False)
    panel.draw_pointer(pointed, table.layout, table.state)
    assert changed(bare, pointed, above).w > 10, "an arrow above the stock"
    hand.play("employ")
    hand.play("move L-1 L-1")
    while coach.on_page:
        hand.click(panel.next_button.rect.center)
    hand.frames(2)
    assert str(coach.entry.step) == "cargo 1g1" and panel.target == Z.sea(1)
    hand.play("cargo 1g1")
    hand.frames(2)
    # Done is what the lesson wants now: lit and pressable; End turn is not
    states = table.button_states()
    assert states[Z.button("done")] == "normal" and Z.button("done") in table.view.lit
    assert states[Z.button("end_turn")] == "disabled"


def test_the_lessons_table_has_no_empty_block() -> None:
    lesson = table_layout(LESSON)
    line = [lesson.rect(Z.town(p)) for p in range(1, 10)] + [lesson.rect("lisboa")]
    assert max(r.right for r in line) >= 1920 - 30, "the line of nine towns fills the width"
    assert not lesson.has(Z.town(10)) and not lesson.has(Z.sea(10))
    boards = [lesson.rect(Z.board(s)) for s in range(4)]
    assert boards[3].right >= 1920 - 30, "the panel stands in the fourth place"
    table = TableScene(lesson_session("Ann"))
    assert table.layout is lesson and table.lessonpanel is not None
    assert table.lessonpanel.rect == boards[3]
