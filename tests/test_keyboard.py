"""Keyboard-only play: every screen driven by synthesised key events alone (Tab,
Shift+Tab, the arrows, Enter, Space, Esc, letters, typed text), and the focus ring
drawn where the focus is."""

from __future__ import annotations

from collections.abc import Hashable

import pygame
import pytest
from tablehelp import table_at

from game.state import AFTER_MOVE
from scenes.core import zones as Z
from scenes.core.app import App
from scenes.core.navigator import Screen
from scenes.core.saves import load_settings
from scenes.screens.rules import RulesOverlay
from scenes.screens.scoring import ScoringScene
from scenes.screens.settings import SettingsOverlay
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene
from scenes.selftest.gestures import Hand
from scenes.table.scene import TableScene
from scenes.text import catalog
from scenes.ui.focus import RING_BRIGHT, RING_DARK, Focus, Focusable, draw_ring, nearest
from scenes.ui.overlays import Confirm, ContextMenu, Handoff, PauseMenu


# ----- synthesised keys -------------------------------------------------------------------
def key(hand: Hand, k: int, mod: int = 0, times: int = 1) -> None:
    for _ in range(times):
        hand.key(k, mod)


def type_text(hand: Hand, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    hand.frames()


def tab_to(hand: Hand, focus: Focus, wanted: Hashable, limit: int = 60) -> None:
    """Tab until ``wanted`` has the focus (only Tab is pressed)."""
    for _ in range(limit):
        if focus.key == wanted and focus.visible:
            return
        key(hand, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {wanted!r}: {[i.key for i in focus.items]}")


def past_handoff(hand: Hand) -> None:
    """The hand-off is closed by a key (after its short grace time)."""
    for _ in range(3):
        if isinstance(hand.top(), Handoff):
            hand.frames(10)
            key(hand, pygame.K_SPACE)


def steps(hand: Hand) -> list[str]:
    return list(hand.table.session.steps)


# ----- the table ----------------------------------------------------------------------------
def test_a_whole_turn_by_keys_employ_voyage_cargo_sale_end(app: App) -> None:
    hand = table_at(app, [], speed="off")
    table = hand.table
    focus = table.keys.focus
    assert not focus.visible, "no ring until a key asks for it (a mouse player never sees it)"

    # employ: the stock marker, picked up and dropped on Lisboa
    tab_to(hand, focus, ("piece", ("stock", 0)))
    key(hand, pygame.K_RETURN)
    assert table.drag.holding
    assert [i.key for i in focus.items] == [("drop", "lisboa")], "only its legal targets"
    key(hand, pygame.K_SPACE)
    assert steps(hand) == ["employ"]

    # a voyage: a Lisboa marker to sea 1, staged, then S sets sail
    tab_to(hand, focus, ("piece", ("lisboa", 0)))
    key(hand, pygame.K_SPACE)
    tab_to(hand, focus, ("drop", "sea_1"))
    key(hand, pygame.K_RETURN)
    assert table.staging.moves == [(0, 0, 1)] and focus.key == Z.button("sail")
    key(hand, pygame.K_s)
    assert steps(hand) == ["employ", "move L-1"]

    # cargo: the ship just arrived, onto the first goods space; then Done (D)
    tab_to(hand, focus, ("piece", ("ship", 0, 1)))
    key(hand, pygame.K_RETURN)
    assert {i.key for i in focus.items} >= {("drop", "goods_1_1"), ("drop", "goods_1_2")}
    tab_to(hand, focus, ("drop", "goods_1_1"))
    key(hand, pygame.K_RETURN)
    assert steps(hand)[-1] == "cargo 1g1"
    assert table.state.phase == AFTER_MOVE
    key(hand, pygame.K_d)
    assert steps(hand)[-1] == "done"
    key(hand, pygame.K_e)  # no action point left: no question
    assert steps(hand)[-1] == "end"

    # Bob and Cy end their turns: E, and Enter says yes to the question
    for _ in range(2):
        past_handoff(hand)
        key(hand, pygame.K_e)
        assert isinstance(hand.top(), Confirm)
        key(hand, pygame.K_RETURN)
    assert steps(hand)[-2:] == ["end", "end"]
    past_handoff(hand)

    # a sale: the trade good to Lisboa (staged), then Enter on Sell (which has the focus)
    assert table.state.active == 0
    table.keys.mouse()  # the ring hides as at a click; the first Tab shows it again
    tab_to(hand, focus, ("piece", ("good", 1, 1)))
    key(hand, pygame.K_RETURN)
    tab_to(hand, focus, ("drop", "lisboa"))
    key(hand, pygame.K_RETURN)
    assert table.staging.sale == [("g", 1, 1)] and focus.key == Z.button("sell")
    key(hand, pygame.K_RETURN)
    assert steps(hand)[-1] == "sell 1g1"

    # the end of the turn, by the End turn button reached with Tab, asked and answered
    tab_to(hand, focus, Z.button("end_turn"))
    key(hand, pygame.K_SPACE)
    assert isinstance(hand.top(), Confirm)
    key(hand, pygame.K_RETURN)
    assert steps(hand)[-1] == "end" and table.state.active == 1


def test_esc_puts_a_held_marker_back_and_the_arrows_find_targets(app: App) -> None:
    hand = table_at(app, [], speed="off")
    table = hand.table
    focus = table.keys.focus
    key(hand, pygame.K_DOWN)  # the first arrow only shows the ring
    assert focus.visible and focus.key == ("piece", ("lisboa", 0))
    tab_to(hand, focus, ("piece", ("scientist", 0)))
    key(hand, pygame.K_SPACE)
    assert table.drag.holding and table.view.lit
    assert {i.key[1] for i in focus.items} == set(table.drag.held.drops)
    first = focus.key
    key(hand, pygame.K_RIGHT)
    assert focus.key != first and focus.key[0] == "drop", "an arrow goes to another target"
    assert table.input.hover == focus.key[1], "the held marker floats over the focused target"
    key(hand, pygame.K_ESCAPE)
    assert not table.drag.holding and steps(hand) == []
    assert focus.key == ("piece", ("scientist", 0)), "the focus is back on the marker"
    assert not isinstance(hand.top(), PauseMenu)


def test_enter_without_a_ring_still_sets_sail(app: App) -> None:
    hand = table_at(app, [], speed="off")
    hand.drag(hand.at(Z.lisboa(0)), hand.at(Z.sea(1)))  # the mouse stages a voyage
    assert not hand.table.keys.showing
    key(hand, pygame.K_RETURN)
    assert steps(hand) == ["move L-1"]


def test_r_returns_the_focused_ship_through_its_menu(app: App) -> None:
    hand = table_at(app, ["move L-1", "done", "end", "end", "end"], speed="off")
    table = hand.table
    focus = table.keys.focus
    tab_to(hand, focus, ("piece", ("ship", 0, 1)))
    key(hand, pygame.K_r)
    menu = hand.top()
    assert isinstance(menu, ContextMenu) and menu.keyboard and menu.hover == 0
    key(hand, pygame.K_RETURN)
    assert steps(hand)[-1] == "return 1"
    tab_to(hand, focus, ("piece", ("stock", 0)))
    key(hand, pygame.K_r)
    assert not isinstance(hand.top(), ContextMenu)
    assert "Nothing to do here with R" in table.view.status


def test_bank_system_and_geography_by_their_letters(app: App) -> None:
    hand = table_at(app, [
        "end", "end", "tech bank-system", "move L-1", "cargo 1g1", "done", "end",
        "end", "end", "sell 1g1", "employ", "end",
        "end", "end", "move L-1 L-1", "cargo 1g1", "cargo 1g2", "done", "sell 1g1 1g2",
    ], speed="off")
    table = hand.table
    assert table.state.active == 2 and table.state.wealth[2] == 2
    key(hand, pygame.K_g)
    assert "You do not own Geography" in table.view.status
    key(hand, pygame.K_b)
    assert steps(hand)[-1] == "bank" and table.state.wealth[2] == 0

    hand = table_at(app, ["tech geography", "move L-1", "cargo 1g1", "done", "end", "end",
                          "end"], speed="off")
    table = hand.table
    focus = table.keys.focus
    key(hand, pygame.K_g)
    assert table.actions.geography == []
    tab_to(hand, focus, Z.goods(1, 1))
    key(hand, pygame.K_RETURN)
    assert table.actions.geography == [("g", 1, 1)]
    key(hand, pygame.K_g)
    assert steps(hand)[-1] == "geography 1g1"


def test_each_table_button_tooltip_gives_its_key(app: App) -> None:
    hand = table_at(app, [], speed="off")
    table = hand.table
    facts = table.actions.facts()
    from scenes.table.tooltips import button_lines

    said = {b: button_lines(table.state, facts, Z.button(b))[-1] for b in Z.BUTTON_IDS}
    assert said["end_turn"] == "Key: E." and said["menu"] == "Key: Esc."
    assert said["sail"].startswith("Key: S") and said["undo"] == "Key: U or Ctrl+Z."
    # the focused button's tooltip shows by the ring after a rest, as the mouse's would
    focus = table.keys.focus
    tab_to(hand, focus, Z.button("end_turn"))
    hand.frames(20)
    assert table.keys.rest >= 0.45
    assert table.keys.tooltip(focus.current)[-1] == "Key: E."


# ----- the menus and overlays at the table ------------------------------------------------
def test_pause_menu_rules_keys_page_and_back_by_keys(app: App) -> None:
    hand = table_at(app, [], speed="off")
    key(hand, pygame.K_ESCAPE)
    menu = hand.top()
    assert isinstance(menu, PauseMenu) and menu.focus.visible
    key(hand, pygame.K_DOWN, times=2)  # Resume, Settings, Rules
    key(hand, pygame.K_RETURN)
    rules = hand.top()
    assert isinstance(rules, RulesOverlay)
    key(hand, pygame.K_6)
    assert rules.page == "keys" and rules.focus.key == "keys"
    key(hand, pygame.K_LEFT)
    assert rules.page == "end" and rules.focus.key == "end"
    key(hand, pygame.K_TAB, times=2)  # past the Keys tab to Close
    assert rules.focus.key == "close"
    key(hand, pygame.K_RETURN)
    assert hand.top() is hand.table


def test_the_keys_page_lists_the_table_keys_and_its_keys_fit_their_column(app: App) -> None:
    from scenes.screens.rules import KEY_W, page_blocks, render_page
    from scenes.text.fonts import OVERFLOWS, text_width

    keys = [value[0] for kind, value in page_blocks("keys") if kind == "key"]
    assert "Tab · Shift+Tab" in keys and "R" in keys and "B · G" in keys
    try:
        for lang in catalog.LANGUAGES:
            catalog.set_language(lang)
            OVERFLOWS.clear()
            render_page("keys")
            assert OVERFLOWS == [], lang
            for kind, value in page_blocks("keys"):
                if kind == "key":
                    assert text_width(value[0], "text-bold", 24) < KEY_W - 12, (lang, value)
    finally:
        catalog.set_language("en")


# ----- the screens before the table -----------------------------------------------------------
def test_title_setup_table_by_keys_with_names_typed(app: App) -> None:
    hand = Hand(app)
    app.navigator.start(Screen.TITLE)
    hand.frames(3)
    title = hand.top()
    assert isinstance(title, TitleScene) and title.focus.key == id(title.new_button)
    key(hand, pygame.K_RETURN)  # New game
    hand.frames(30)
    setup = hand.top()
    assert isinstance(setup, SetupScene)
    focus = setup.focus
    assert focus.key == id(setup.count)
    key(hand, pygame.K_LEFT)  # three players
    assert setup.players == 3
    for seat, name in enumerate(("Zoe", "Yann", "Xia")):
        tab_to(hand, focus, id(setup.names[seat]))
        assert setup.names[seat].focused, "a field takes the typing as the focus arrives"
        key(hand, pygame.K_BACKSPACE, times=6)
        type_text(hand, name)
        key(hand, pygame.K_m)  # a key in a name being typed is the name's, never a mute
    key(hand, pygame.K_TAB)  # from Xia's name to who plays her seat
    assert focus.key == id(setup.kinds[2])
    key(hand, pygame.K_LEFT)  # from the first setup's medium computer to easy
    tab_to(hand, focus, id(setup.start_button))
    key(hand, pygame.K_RETURN)
    hand.frames(30)
    past_handoff(hand)
    table = hand.table
    assert isinstance(table, TableScene)
    assert table.session.state.names == ("Zoe", "Yann", "Xia")
    assert table.session.seats == ["human", "easy", "easy"], \
        "the first setup's computer seats, the third one changed"
    assert not app.settings.muted


def test_settings_changed_by_keys_every_row(app: App) -> None:
    hand = Hand(app)
    app.navigator.start(Screen.TITLE)
    hand.frames(3)
    title = hand.top()
    tab_to(hand, title.focus, id(title.settings_button))
    key(hand, pygame.K_SPACE)
    hand.frames(2)
    settings = hand.top()
    assert isinstance(settings, SettingsOverlay)
    focus = settings.focus
    assert focus.key == id(settings.language)
    key(hand, pygame.K_RIGHT)  # Français
    assert catalog.language() == "fr" and app.settings.language == "fr"
    key(hand, pygame.K_LEFT)
    assert catalog.language() == "en"
    key(hand, pygame.K_DOWN)  # the window size
    assert focus.key == id(settings.window)
    key(hand, pygame.K_TAB)  # full screen
    key(hand, pygame.K_TAB)
    assert focus.key == id(settings.speed)
    before = app.settings.anim_speed
    key(hand, pygame.K_LEFT)
    assert app.settings.anim_speed != before
    key(hand, pygame.K_TAB)
    assert focus.key == id(settings.confirm)
    confirm = app.settings.confirm_end_turn
    key(hand, pygame.K_SPACE)
    assert app.settings.confirm_end_turn is not confirm
    tab_to(hand, focus, id(settings.volumes["music_volume"]))
    music = app.settings.music_volume
    key(hand, pygame.K_LEFT)
    assert app.settings.music_volume < music
    tab_to(hand, focus, id(settings.close_button))
    key(hand, pygame.K_RETURN)
    assert hand.top() is title
    saved, _ = load_settings()
    assert (saved.anim_speed, saved.confirm_end_turn, saved.music_volume) == (
        app.settings.anim_speed, app.settings.confirm_end_turn, app.settings.music_volume)


def test_the_record_list_and_scoring_by_keys(app: App) -> None:
    from pathlib import Path

    from game.record import read_record_file
    from scenes.core.session import Session

    hand = Hand(app)
    app.navigator.start(Screen.TITLE)
    hand.frames(3)
    title = hand.top()
    tab_to(hand, title.focus, id(title.load_button))
    key(hand, pygame.K_RETURN)
    hand.frames(2)
    listing = hand.top()
    focus = listing.focus
    assert focus.key == "path", "no records: the typed path has the focus, and the typing"
    assert listing.path_field.focused
    key(hand, pygame.K_TAB, times=2)
    assert focus.key == "back"
    key(hand, pygame.K_RETURN)
    assert hand.top() is title

    golden = Path(__file__).parent / "golden" / "four-computers.txt"
    app.start(ScoringScene(Session.from_record(read_record_file(golden))))
    scoring = hand.top()
    hand.frames(2)
    assert scoring.focus.key == id(scoring.buttons[0])  # Play again, the leftmost
    tab_to(hand, scoring.focus, id(scoring.buttons[3]))  # Review game
    key(hand, pygame.K_RETURN)
    hand.frames(30)
    review = hand.top()
    assert review.index == 0
    key(hand, pygame.K_TAB)
    assert review.focus.visible and review.focus.key == "turn_back"
    key(hand, pygame.K_TAB, times=2)
    key(hand, pygame.K_RETURN)  # step forward
    assert review.index == 1


# ----- the ring ------------------------------------------------------------------------------
def _ring_pixels(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, int]:
    """How many pixels of the ring's two colours lie just around ``rect``."""
    band = rect.inflate(40, 40).clip(surface.get_rect())
    bright = dark = 0
    for x in range(band.x, band.right, 2):
        for y in (band.y + 1, band.bottom - 2, *range(band.y, band.bottom, 2)):
            if rect.inflate(-4, -4).collidepoint(x, y):
                continue
            c = tuple(surface.get_at((x, y)))[:3]
            bright += c == RING_BRIGHT
            dark += c == RING_DARK
    return bright, dark


def test_the_ring_is_drawn_around_the_focus_on_every_kind_of_screen(app: App) -> None:
    hand = Hand(app)
    app.navigator.start(Screen.TITLE)
    hand.frames(3)
    title = hand.top()
    screen = pygame.display.get_surface()
    rect = title.focus.current.rect
    assert _ring_pixels(screen, rect)[0] == 0, "no ring at start-up, before a key"
    key(hand, pygame.K_TAB)  # the first key only shows where the focus is
    assert title.focus.current.rect == rect
    bright, dark = _ring_pixels(screen, rect)
    assert bright > 50 and dark > 50, "the ring on the title's focused button"
    # a click hides it; a key shows it again
    hand.click((5, 5))
    assert _ring_pixels(screen, rect)[0] == 0
    key(hand, pygame.K_DOWN)
    assert _ring_pixels(screen, title.focus.current.rect)[0] > 50

    hand = table_at(app, [], speed="off")
    table = hand.table
    stock = table.layout.rect(Z.stock(0))
    assert _ring_pixels(screen, stock)[0] == 0, "no ring at the table before a key"
    tab_to(hand, table.keys.focus, ("piece", ("stock", 0)))
    hand.frames(1)
    bright, dark = _ring_pixels(screen, stock)
    assert bright > 50 and dark > 50, "the ring on a board's wood"
    tab_to(hand, table.keys.focus, ("piece", ("lisboa", 0)))
    key(hand, pygame.K_SPACE)
    sea = table.layout.rect(table.keys.focus.key[1])
    assert table.keys.focus.key[1].startswith("sea_")
    assert _ring_pixels(screen, sea)[0] > 50, "the ring on the sea"


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_the_ring_is_several_real_pixels_thick_at_any_size(size: tuple[int, int]) -> None:
    from scenes.core import gfx

    old = gfx.VIEW.scale
    try:
        gfx.set_scale(size[0] / 1920)
        real = pygame.Surface(size)
        real.fill((240, 230, 200))  # parchment
        canvas = gfx.Canvas(real, (1920, 1080))
        rect = pygame.Rect(600, 400, 200, 80)
        draw_ring(canvas, rect)
        y = gfx.px(rect.centery)
        row = [tuple(real.get_at((x, y)))[:3] for x in range(0, gfx.px(rect.x) + 2)]
        assert row.count(RING_BRIGHT) >= 3 and row.count(RING_DARK) >= 4
    finally:
        gfx.set_scale(old)


def test_arrows_go_to_the_nearest_thing_that_way() -> None:
    items = [Focusable(name, pygame.Rect(x, y, 100, 40)) for name, x, y in (
        ("a", 0, 0), ("b", 200, 0), ("c", 0, 100), ("d", 210, 120), ("e", 600, 10))]
    assert items[nearest(items, items[0].rect, (1, 0))].key == "b"
    assert items[nearest(items, items[0].rect, (0, 1))].key == "c"
    assert items[nearest(items, items[1].rect, (0, 1))].key == "d"
    assert nearest(items, items[0].rect, (-1, 0)) is None
    focus = Focus()
    focus.set_items(items)
    focus.step(-1)
    assert focus.key == "e", "Shift+Tab from the first goes round to the last"


def test_the_ships_log_by_keys(app: App) -> None:
    import random

    from game.bench import careless_step
    from scenes.core.session import Session

    session = Session(["Ann", "Bob", "Cy"], ["T01", "T07", "T12", "T05", "T03", "T09", "T02",
                                             "T11", "T08"])
    rng = random.Random(3)
    while len(session.steps) < 60:
        assert session.submit(careless_step(session.state, rng)).ok
    app.start(TableScene(session))
    hand = Hand(app)
    hand.frames(2)
    log = hand.table.logpanel
    key(hand, pygame.K_l)
    assert log.unfolded and log.max_scroll() > 0
    key(hand, pygame.K_PAGEUP)
    assert log.scroll > 0, "Page Up shows older lines"
    key(hand, pygame.K_PAGEDOWN, times=3)
    assert log.scroll == 0
    key(hand, pygame.K_ESCAPE)
    assert not log.unfolded and hand.top() is hand.table


def test_the_ring_starts_on_the_lessons_marker_and_the_hints(app: App) -> None:
    from scenes.table.lesson import lesson_session

    app.settings.anim_speed = "off"
    session = lesson_session("Ann")
    app.start(TableScene(session))
    hand = Hand(app)
    hand.frames(3)
    table = hand.table
    while table.lesson.on_page:
        key(hand, pygame.K_RETURN)  # Next, on the lesson's pages
    assert str(table.lesson.entry.step) == "employ"
    key(hand, pygame.K_TAB)
    assert table.keys.focus.key == ("piece", ("stock", 0)), "the marker the lesson wants"
    key(hand, pygame.K_RETURN)
    key(hand, pygame.K_RETURN)
    assert session.steps == ["employ"]

    hand = table_at(app, [], speed="off")
    table = hand.table
    key(hand, pygame.K_h)
    lit = [table.layout.rect(z) for z in table.view.lit if table.layout.has(z)]
    assert lit
    key(hand, pygame.K_TAB)
    assert any(table.keys.focus.current.rect.colliderect(r) for r in lit)


def test_a_table_key_that_cannot_act_says_why(app: App) -> None:
    from scenes.text.catalog import t

    hand = table_at(app, [], speed="off")
    table = hand.table
    focus = table.keys.focus
    key(hand, pygame.K_TAB)
    tab_to(hand, focus, ("piece", ("scientist", 0)))
    key(hand, pygame.K_SPACE)
    assert table.drag.holding
    for letter in (pygame.K_s, pygame.K_d, pygame.K_e, pygame.K_r, pygame.K_b):
        table.view.status = ""
        key(hand, letter)
        assert table.view.status == t("status.key.put_down"), pygame.key.name(letter)
        assert table.drag.holding, "the marker is still held"
    key(hand, pygame.K_ESCAPE)
    assert not table.drag.holding
    said = {}
    for letter in (pygame.K_s, pygame.K_d, pygame.K_u, pygame.K_g):
        table.view.status = ""
        key(hand, letter)
        said[pygame.key.name(letter)] = table.view.status
    assert said == {"s": t("status.nothing_staged.sail"), "d": t("status.key.done_not_now"),
                    "u": t("status.key.nothing_to_undo"),
                    "g": t("status.key.not_owned", tech=t("tech.geography"))}
    hand.drag(hand.at("lisboa_0"), hand.at("sea_1"))  # a voyage staged: End turn waits
    table.view.status = ""
    key(hand, pygame.K_e)
    assert table.view.status == t("status.key.end_not_now") and steps(hand) == []


def test_a_table_key_on_a_computers_turn_says_whose_turn_it_is(app: App) -> None:
    from scenes.core.session import Session

    session = Session.new(["Ann", "Bob", "Cy"], seed=5, seats=["easy"] * 3)
    app.start(TableScene(session))
    hand = Hand(app)
    hand.frames(2)
    table = hand.table
    before = list(table.session.steps)
    refused = table.keys.refusal(pygame.K_e, menu=False)
    name = table.state.names[table.state.active]
    assert refused == ("status.key.not_your_turn", {"name": name})
    key(hand, pygame.K_e)  # said; the status line then goes on saying who is playing
    assert name in table.view.status and table.session.steps[:len(before)] == before
