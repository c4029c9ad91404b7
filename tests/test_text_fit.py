"""Every label fits its box, in every language the game speaks.

French and Italian run 20–30 % longer than English. Each screen is drawn in each
language (title, setup, the table with its overlays and tooltips, the rules pages,
settings, scoring, the record list, the review); whatever had to be shrunk past its smallest
size or wrapped past its lines is recorded by ``scenes.text.fonts`` and must be
nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.record import read_record_file
from scenes.core.navigator import Screen
from scenes.core.session import Session
from scenes.devtools.gestures import Hand
from scenes.main import make_app
from scenes.screens.review import ReviewScene
from scenes.table.scene import TableScene
from scenes.text import catalog
from scenes.text.catalog import LANGUAGES
from scenes.text.fonts import OVERFLOWS
from scenes.ui.overlays import Confirm, Handoff
from scenes.ui.tooltip import tooltip_image

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(params=LANGUAGES)
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    catalog.set_language(request.param)
    OVERFLOWS.clear()
    yield request.param
    # the screens were drawn in the language under test, not English by default
    assert catalog.language() == request.param
    catalog.set_language("en")


def _session(name: str, upto: float) -> Session:
    record = read_record_file(GOLDEN / name)
    steps = [step for _, step in record.steps]
    session = Session(record.names, record.towns, record.variant)
    for step in steps[: int(len(steps) * upto)]:
        assert session.submit(step).ok
    return session


def _settle(hand: Hand, n: int = 4) -> None:
    hand.frames(n)


def test_title_setup_settings_and_records_fit(lang: str) -> None:
    app = make_app(lang=lang)
    hand = Hand(app)
    app.navigator.start(Screen.TITLE)
    _settle(hand, 30)
    app.navigator.open(Screen.SETTINGS)
    _settle(hand)
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
def test_the_table_its_overlays_and_tooltips_fit(lang: str, record: str, upto: float) -> None:
    app = make_app(lang=lang)
    session = _session(record, upto)
    table = TableScene(session)
    app.start(table)
    hand = Hand(app)
    _settle(hand)
    for zone in table.layout.names():
        rect = table.layout.rect(zone)
        table.pointer = rect.center
        lines = table.tooltip()
        if lines:
            tooltip_image(lines)
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


def test_scoring_fits(lang: str) -> None:
    app = make_app(lang=lang)
    session = Session.from_record(read_record_file(GOLDEN / "four-computers.txt"))
    app.navigator.start(Screen.SCORING, session=session)
    _settle(Hand(app), 30)
    assert OVERFLOWS == []


@pytest.mark.parametrize("record", ["four-players.txt", "three-players-first-game-ship-only.txt"])
def test_the_review_fits(lang: str, record: str) -> None:
    app = make_app(lang=lang)
    session = Session.from_record(read_record_file(GOLDEN / record))
    total = len(session.steps)
    app.navigator.start(Screen.REVIEW, session=session, at=0)
    hand = Hand(app)
    scene = hand.top()
    assert isinstance(scene, ReviewScene)
    for at in (0, total // 5, total // 2, 4 * total // 5, total - 3, total):
        scene.go_to(at)
        scene.adviser.wait()
        _settle(hand, 2)  # the hard player's choice, in words, in the status line
        for rect in (*(icon.rect for icon in scene.icons), scene.slider.rect,
                     scene.leave_button.rect, scene.rules_button.rect,
                     scene.layout.rect("status")):
            scene.pointer = rect.center
            lines = scene.tooltip()
            assert lines or scene.state.over  # a finished game has no advice to explain
            if lines:
                tooltip_image(lines)
    for tab in scene.logpanel.tabs():  # the log unfolded, with its notation
        hand.click(tab.center)
    _settle(hand)
    assert OVERFLOWS == []


def test_the_lesson_fits(lang: str) -> None:
    """Every place of the lesson in its panel, with the hint a refusal adds."""
    from scenes.table.lesson import lesson_session

    app = make_app(lang=lang)
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
            continue  # the computer captain plays its scripted step
        if entry.step is None:
            coach.next()
        else:
            assert table.actions.submit(entry.step).ok, entry.step
    assert OVERFLOWS == []


def test_the_record_list_with_its_review_buttons_fits(lang: str) -> None:
    from scenes.core.saves import records_dir, write_autosave

    records_dir().mkdir(parents=True, exist_ok=True)
    (records_dir() / "sail-to-india-2025-01-01-1200.txt").write_bytes(
        (GOLDEN / "four-players.txt").read_bytes())
    write_autosave((GOLDEN / "four-players.txt").read_text("utf-8"))
    app = make_app(lang=lang)
    app.navigator.start(Screen.TITLE)
    app.navigator.open(Screen.LOAD_RECORD)
    _settle(Hand(app), 4)
    assert len(app.stack.top.buttons) == 5  # type: ignore[union-attr]
    assert OVERFLOWS == []
