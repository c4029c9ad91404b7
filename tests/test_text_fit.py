"""Every label fits its box, in every language the game speaks, at every window size
and text size.

French and Italian run 20–30 % longer than English; a 1280x720 window draws the
1920x1080 table at two thirds, but letters never under 12 real pixels, so there the
words are the largest for their boxes; the player's text size (up to 150 %) makes
letters larger still in boxes that do not grow. Each screen (title, setup, settings,
the record list, the table for three and four players with every zone's tooltip, its
overlays, the rules pages, scoring, the review, every lesson page) is drawn in English
at 1280x720, 1920x1080 and 2560x1440, in French and Italian at 1280x720 (the tightest),
and at 150 % text in English and French at 1920x1080. Whatever had to be shrunk past
its smallest size, wrapped past its lines or drawn beyond its box (a card's edge) is
recorded by ``scenes.text.fonts`` and must be nothing; no font is ever asked for under
12 real pixels.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

from game.record import read_record_file
from game.steps import parse_step
from scenes.core import gfx
from scenes.core.app import App
from scenes.core.intents import Play, Stepped
from scenes.core.navigator import Screen
from scenes.core.saves import Settings
from scenes.core.session import Session
from scenes.main import make_app
from scenes.screens.review import ReviewScene
from scenes.selftest.gestures import Hand
from scenes.table import chart as chart_module
from scenes.table.banners import Banners, banners_for
from scenes.table.scene import TableScene
from scenes.text import catalog, fonts
from scenes.text.catalog import LANGUAGES
from scenes.text.fonts import DRAWN, MIN_PX, OVERFLOWS
from scenes.ui.overlays import Confirm, Handoff
from scenes.ui.tooltip import tooltip_image

GOLDEN = Path(__file__).parent / "golden"

SMALL, FULL_HD, QHD = (1280, 720), (1920, 1080), (2560, 1440)
#: (language, window, text size %): every screen is drawn in each.
VIEWS = [("en", SMALL, 100), ("en", FULL_HD, 100), ("en", QHD, 100),
         ("fr", SMALL, 100), ("it", SMALL, 100),
         ("en", FULL_HD, 150), ("fr", FULL_HD, 150)]


@dataclass(frozen=True)
class View:
    lang: str
    window: tuple[int, int]
    text_size: int

    def app(self) -> App:
        """The game's window at this size, in this language, at this text size."""
        settings = Settings(text_size=self.text_size)
        return make_app(window=self.window, settings=settings, lang=self.lang)


def _views(param: tuple[str, tuple[int, int], int]) -> Iterator[View]:
    lang, window, text_size = param
    assert lang in LANGUAGES
    catalog.set_language(lang)
    OVERFLOWS.clear()
    DRAWN.reset()
    yield View(lang, window, text_size)
    # the screens were drawn in the language under test, not English by default, at
    # the window's own scale and the text size asked for
    assert catalog.language() == lang
    assert gfx.scale() == pytest.approx(window[0] / 1920)
    assert gfx.text_scale() == text_size / 100
    # no letter under 12 real pixels, however small the window
    assert DRAWN.smallest is not None and DRAWN.smallest >= MIN_PX
    catalog.set_language("en")
    gfx.set_scale(1.0, 1.0)


def _name(v: tuple[str, tuple[int, int], int]) -> str:
    return f"{v[0]}-{v[1][0]}x{v[1][1]}-{v[2]}"


@pytest.fixture(params=VIEWS, ids=_name)
def view(request: pytest.FixtureRequest) -> Iterator[View]:
    yield from _views(request.param)


@pytest.fixture(params=[v for v in VIEWS if v[1] == SMALL or v[2] != 100], ids=_name)
def tight_view(request: pytest.FixtureRequest) -> Iterator[View]:
    """The views where words are largest for their boxes: a 1280x720 window (letters
    never under 12 real pixels) or the 150 % text size."""
    yield from _views(request.param)


def _session(name: str, upto: float) -> Session:
    record = read_record_file(GOLDEN / name)
    steps = [step for _, step in record.steps]
    session = Session(record.names, record.towns, record.variant)
    for step in steps[: int(len(steps) * upto)]:
        assert session.submit(parse_step(step)).ok
    return session


def _settle(hand: Hand, n: int = 4) -> None:
    hand.frames(n)


def test_title_setup_settings_and_records_fit(view: View) -> None:
    app = view.app()
    hand = Hand(app)
    app.navigator.start(Screen.TITLE)
    _settle(hand, 30)
    app.navigator.open(Screen.SETTINGS)
    _settle(hand)
    app.navigator.open(Screen.KEYS)  # every action with its key
    _settle(hand)
    hand.key(pygame.K_ESCAPE)
    hand.key(pygame.K_ESCAPE)
    app.navigator.go(Screen.SETUP)
    _settle(hand, 30)
    setup = hand.top()
    setup.set_players("3")  # type: ignore[attr-defined]
    _settle(hand)
    app.navigator.go(Screen.LOAD_RECORD)
    _settle(hand, 30)
    assert OVERFLOWS == []


@pytest.mark.parametrize(("record", "upto"), [("four-players.txt", 0.6),
                                              ("three-players-first-game-ship-only.txt", 0.9)])
def test_the_table_its_overlays_and_tooltips_fit(view: View, record: str, upto: float) -> None:
    app = view.app()
    session = _session(record, upto)
    table = TableScene(session)
    app.start(table)
    hand = Hand(app)
    _settle(hand)
    for zone in table.layout.names():
        rect = table.layout.rect(zone)
        table.viewer.pointer = rect.center
        lines = table.tooltip()
        if lines:
            tooltip_image(lines)
    # every banner the whole game raises (towns discovered, India, the final round, a
    # gain lost), and the trading chart shown while a sale is staged
    whole = Session.from_record(read_record_file(GOLDEN / record))
    raised = 0
    for before, step, after in zip(whole.states, whole.steps, whole.states[1:], strict=False):
        for banner in banners_for(before, parse_step(step), after, table.layout):
            raised += 1
            canvas = gfx.surface((1920, 1080))
            banners = Banners()
            banners.items.append(banner)
            banner.age = 1.0
            banners.draw(canvas)
    assert raised
    chart = chart_module.chart_rect(table.layout)
    chart_module.draw_trading_chart(gfx.surface((1920, 1080)), chart, lit=3)
    st = session.state
    app.stack.push(Handoff(st.active, st.names[st.active], final=True))
    _settle(hand)
    hand.key(pygame.K_SPACE)
    app.stack.push(Confirm(catalog.t("confirm.end_turn", count=2), lambda yes: None))
    _settle(hand)
    hand.key(pygame.K_ESCAPE)
    _settle(hand)
    hand.key(pygame.K_ESCAPE)  # the pause menu
    _settle(hand)
    app.navigator.open(Screen.RULES)
    for page in "12345":
        hand.key(getattr(pygame, f"K_{page}"))
        _settle(hand, 2)
    assert OVERFLOWS == []


def test_scoring_fits(view: View) -> None:
    app = view.app()
    session = Session.from_record(read_record_file(GOLDEN / "four-computers.txt"))
    app.navigator.start(Screen.SCORING, session=session)
    hand = Hand(app)
    _settle(hand, 30)
    hand.click((80, 80))  # the whole sheet counted at once
    _settle(hand)
    assert not hand.top().counting  # type: ignore[attr-defined]
    assert OVERFLOWS == []


@pytest.mark.parametrize("record", ["four-players.txt", "three-players-first-game-ship-only.txt"])
def test_the_review_fits(view: View, record: str) -> None:
    app = view.app()
    session = Session.from_record(read_record_file(GOLDEN / record))
    total = len(session.steps)
    app.navigator.start(Screen.REVIEW, session=session, at=0)
    hand = Hand(app)
    scene = hand.top()
    assert isinstance(scene, ReviewScene)
    for at in (0, total // 5, total // 2, 4 * total // 5, total - 3, total):
        scene.go_to(at)
        scene.adviser.wait()
        _settle(hand, 2)  # the expert player's choice, in words, in the status line
        for rect in (*(icon.rect for icon in scene.icons), scene.slider.rect,
                     scene.leave_button.rect, scene.rules_button.rect,
                     scene.layout.rect("status")):
            scene.viewer.pointer = rect.center
            lines = scene.tooltip()
            assert lines or scene.state.over  # a finished game has no advice to explain
            if lines:
                tooltip_image(lines)
    for tab in scene.logpanel.tabs():  # the log unfolded, with its notation
        hand.click(tab.center)
    _settle(hand)
    assert OVERFLOWS == []


def test_the_lesson_fits(tight_view: View) -> None:
    """Every place of the lesson in its panel, with the hint a refusal adds (where its
    words are largest for the panel: a 1280x720 window, or the 150 % text size)."""
    view = tight_view
    from scenes.table.lesson import lesson_session

    app = view.app()
    app.settings.anim_speed = "off"
    table = TableScene(lesson_session("Magdalena"))
    app.start(table)
    hand = Hand(app)
    coach = table.lesson
    assert coach is not None
    while not coach.finished:
        _settle(hand, 1)
        coach.nudge()
        _settle(hand, 1)
        entry = coach.entry
        if entry is None or entry.kind == "watch":
            coach.next()  # a turn told waits for Next, then the captain plays it
            continue
        if entry.step is None:
            coach.next()
        else:
            results = table.actions.handle(Play(entry.step))
            table.present(results)
            assert any(isinstance(r, Stepped) for r in results), entry.step
    assert OVERFLOWS == []


def test_the_record_list_with_its_review_buttons_fits(view: View) -> None:
    from gamefiles import write_game

    from scenes.core.saves import records_dir

    records_dir().mkdir(parents=True, exist_ok=True)
    (records_dir() / "sail-to-india-2025-01-01-1200.txt").write_bytes(
        (GOLDEN / "four-players.txt").read_bytes())
    write_game((GOLDEN / "four-players.txt").read_text("utf-8"))
    app = view.app()
    app.navigator.start(Screen.TITLE)
    app.navigator.open(Screen.LOAD_RECORD)
    _settle(Hand(app), 4)
    # Back, then the record and the recent game, each with its Review button
    assert len(app.stack.top.buttons) == 5  # type: ignore[union-attr]
    assert OVERFLOWS == []
    app.stack.pop()
    app.navigator.open(Screen.CONTINUE)  # the games, with their Remove buttons
    _settle(Hand(app), 4)
    assert len(app.stack.top.buttons) == 3  # type: ignore[union-attr]
    assert OVERFLOWS == []


def test_the_text_size_setting_applies_at_once_and_lasts() -> None:
    """Settings → Text size: the letters grow at once (everything drawn anew), the
    table still fits, and the choice is there at the next start; a size the game does
    not offer, read from the file, is the 100 % size."""
    from scenes.core.saves import TEXT_SIZES, load_settings, settings_path
    from scenes.screens.settings import SettingsOverlay
    from scenes.text.fonts import real_size, text_width

    catalog.set_language("en")
    app = make_app(window=FULL_HD, settings=Settings())
    table = TableScene(_session("four-players.txt", 0.6))
    app.start(table)
    hand = Hand(app)
    _settle(hand)
    word = text_width("Historians", "display", 22)
    app.navigator.open(Screen.SETTINGS)
    _settle(hand, 2)
    overlay = hand.top()
    assert isinstance(overlay, SettingsOverlay)
    assert [int(v) for v in overlay.text_size.options] == list(TEXT_SIZES) == [100, 125, 150]
    OVERFLOWS.clear()
    hand.click(overlay.text_size.segment(2).center)
    assert app.settings.text_size == 150 and gfx.text_scale() == 1.5
    assert real_size(20) == 30 and text_width("Historians", "display", 22) > 1.4 * word
    saved, _ = load_settings()
    assert saved.text_size == 150
    hand.key(pygame.K_ESCAPE)
    _settle(hand)
    assert hand.top() is table
    assert OVERFLOWS == []
    pygame.quit()
    again = make_app(window=FULL_HD)  # the saved settings
    assert gfx.text_scale() == 1.5 and again.settings.text_size == 150
    settings_path().write_text('{"text_size": 130}', "utf-8")
    assert load_settings()[0].text_size == 100
    gfx.set_scale(1.0, 1.0)


def test_a_number_in_the_display_face_stands_in_lining_figures() -> None:
    """EB Garamond's figures are old-style (its "1" is as short as an "x" and reads
    as "ı"): a number in a display text is set in the sans, as tall as a capital."""
    from scenes.text.fonts import ink_height, render

    pygame.font.init()
    gfx.set_scale(1.0, 1.0)
    one, x, capital = (render(c, "display", 60).surface.get_bounding_rect().h
                       for c in ("1", "x", "H"))
    assert one > 1.3 * x and one >= 0.85 * capital
    # measured as drawn: a heading with a number is as wide as its picture
    heading = "The six actions (1 action point each)"
    assert abs(render(heading, "display", 40).get_width() - fonts.text_width(
        heading, "display", 40)) <= 1
    assert ink_height("12", "display", 40) <= ink_height("H", "display", 40) + 1


def test_letters_drawn_past_their_box_are_recorded() -> None:
    """A word cut at a card's edge, or drawn past the box it was given, is recorded;
    one inside is not."""
    from scenes.text.fonts import blit_text

    pygame.font.init()
    gfx.set_scale(2 / 3, 1.0)  # a 1280x720 window: letters at least 12 real pixels
    card = gfx.surface((60, 40))
    OVERFLOWS.clear()
    blit_text(card, "Hi", (4, 4), size=14)
    assert OVERFLOWS == []
    blit_text(card, "Stronghold", (4, 4), size=14)  # 59 real pixels on a 40-pixel card
    assert OVERFLOWS and "Stronghold" in OVERFLOWS[-1]
    OVERFLOWS.clear()
    blit_text(card, "Hi", (30, 4), size=14, box=(0, 0, 36, 40))
    assert OVERFLOWS and "Hi" in OVERFLOWS[-1]
    OVERFLOWS.clear()
    gfx.set_scale(1.0, 1.0)


def test_a_line_never_ends_on_a_bare_number() -> None:
    pygame.font.init()
    gfx.set_scale(1.0, 1.0)
    text = "Once a turn: pay 2 for 1 VP"
    width = fonts.text_width("Once a turn: pay 2 for 1", "text", 20) + 2
    lines = fonts.wrap(text, "text", 20, width)
    assert lines[-1].startswith("1 VP") and " ".join(lines) == text
    assert not any(line.split(" ")[-1].isdigit() for line in lines)
    # a number and its word wider together than the line are parted rather than cut
    narrow = fonts.text_width("ricchezza", "text", 20) + 2
    assert fonts.wrap("+1 ricchezza", "text", 20, narrow) == ["+1", "ricchezza"]


def test_every_rules_page_fits(tight_view: View) -> None:
    """The rules overlay, page by page, where words are largest for their boxes (the
    trading chart's headings once overflowed its columns at 150 % and at 720p)."""
    from scenes.screens.rules import PAGES, RulesOverlay

    app = tight_view.app()
    app.navigator.start(Screen.TITLE)
    for page in PAGES:
        app.stack.push(RulesOverlay(page))
        _settle(Hand(app), 2)
        app.stack.pop()
        _settle(Hand(app), 1)
    assert OVERFLOWS == []
