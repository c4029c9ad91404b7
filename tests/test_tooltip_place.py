"""A tooltip never covers what the player must read next: the status line, the
lesson's panel, the lit targets, a board's wealth and VP (the mouse's and the keyboard
focus's alike, at every zone of the table); it never opens right after a drop nor from
the click that pressed its button, and a step of the game closes it."""

from __future__ import annotations

import pygame
import pytest

from game.steps import parse_step
from scenes.core import zones as Z
from scenes.core.intents import Play
from scenes.core.session import Session
from scenes.main import make_app
from scenes.selftest.gestures import Hand
from scenes.table.scene import TableScene
from scenes.ui.tooltip import DELAY, place_tooltip, tooltip_image


def test_the_tooltip_goes_round_what_must_be_read() -> None:
    image = tooltip_image(("Lisboa", "Home port. Markers here are employed: they sail as "
                           "ships, become bankers or historians when wealth or VP need one."))
    pointer = (300, 560)
    below = pygame.Rect(0, 580, 1920, 60)  # a status line just under the pointer
    rect = place_tooltip(image, pointer, (1920, 1080), [below])
    assert not rect.colliderect(below)
    assert pygame.Rect(0, 0, 1920, 1080).contains(rect)
    # nothing to avoid: below right of the pointer, as always
    plain = place_tooltip(image, pointer, (1920, 1080))
    assert plain.topleft == (pointer[0] + 18, pointer[1] + 22)


def test_no_tooltip_right_after_a_drop_and_never_over_the_status_line(app) -> None:
    session = Session.new(["Ann", "Bob", "Cy"], seed=4)
    table = TableScene(session)
    app.start(table)
    hand = Hand(app)
    hand.frames(2)
    hand.play("employ")  # a drag, ending with the pointer at rest on Lisboa
    hand.frames(int(DELAY * 30) + 10)
    assert table.input.tip_waits, "the drop's result is read before any tooltip"
    # the pointer moves on, over the line of towns just above the status line
    status = table.layout.rect("status")
    spot = (table.layout.rect(Z.sea(1)).centerx, status.y - 8)
    hand.post(pygame.MOUSEMOTION, spot)
    hand.frames(int(DELAY * 30) + 10)
    assert not table.input.tip_waits and table.tooltip()
    shown = table.tooltip_box()
    assert shown is not None and not shown[1].colliderect(status)


def test_a_disabled_button_is_never_framed_as_a_target() -> None:
    """The Hint may name Set sail before anything is staged, and End turn is disabled
    while a computer plays: a button that cannot be pressed is never lit."""
    from scenes.table.draw import TableView, lit_targets

    sail, end = Z.button("sail"), Z.button("end_turn")
    view = TableView(lit={sail, end, Z.sea(1)}, buttons={sail: "disabled", end: "normal"})
    assert lit_targets(view) == {end, Z.sea(1)}


def _rest(hand: Hand, pos: tuple[int, int]) -> None:
    hand.post(pygame.MOUSEMOTION, pos)
    hand.frames(int(DELAY * 30) + 4)


def _clear(box: pygame.Rect, table: TableScene) -> list[pygame.Rect]:
    """What of the must-read a tooltip's box covers (nothing, always), and that it is
    on the screen."""
    assert pygame.Rect(0, 0, *table.layout.size).contains(box)
    return [r for r in table.must_read() if box.colliderect(r)]


def test_the_click_that_pressed_a_button_opens_no_tooltip(app) -> None:
    """Sell pressed: its tooltip would now say "drag your trade goods to Lisboa first"
    for the button just disabled. No tooltip until the pointer leaves the button."""
    from tablehelp import table_at

    hand = table_at(app, ["move L-1", "cargo 1g1", "done"])
    table = hand.table
    hand.drag(hand.at(Z.space(("g", 1, 1))), hand.at(Z.lisboa(0)))  # the gold staged
    assert table.staging.sale
    sell = hand.at(Z.button("sell"))
    hand.click(sell)
    assert table.session.steps[-1] == "sell 1g1"
    _rest(hand, (sell[0] + 3, sell[1] + 2))  # a tremble of the hand, still on Sell
    assert table.tooltip_box() is None
    _rest(hand, hand.at(Z.button("undo")))  # elsewhere: that button's tooltip
    assert table.tooltip_box() is not None
    _rest(hand, sell)  # back on Sell: now its tooltip, for the Sell that now is
    assert table.tooltip_box() is not None


def test_a_step_closes_the_tooltip_until_the_pointer_moves(app) -> None:
    """End turn's "wait for your turn" never stays up while the computers play on."""
    from tablehelp import table_at

    app.settings.show_handoff = False
    hand = table_at(app, ["employ", "employ"])
    table = hand.table
    _rest(hand, hand.at(Z.button("end_turn")))
    assert table.tooltip_box() is not None
    table.act(Play(parse_step("end")))  # a step made elsewhere (a computer's, say)
    hand.frames(int(DELAY * 30) + 4)
    assert table.tooltip_box() is None
    _rest(hand, hand.at(Z.button("undo")))
    _rest(hand, hand.at(Z.button("end_turn")))
    box = table.tooltip_box()
    assert box is not None and table.tooltip() is not None
    assert any("Bob" in line for line in table.tooltip() or ()), "about the turn that is"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_tooltip_covers_the_lesson_its_lit_targets_the_status_or_a_boards_numbers(
        size: tuple[int, int]) -> None:
    """At every zone of the lesson's table, the mouse's tooltip and the keyboard focus's
    stand clear of the lit targets, the status line, the panel and every board's
    wealth and VP."""
    from scenes.core.saves import Settings
    from scenes.table.lesson import lesson_session

    app = make_app(window=size, settings=Settings(text_size=150))
    table = TableScene(lesson_session("Ann"))
    app.start(table)
    hand = Hand(app)
    hand.frames(2)
    table.lesson.next()
    table.lesson.next()  # the first move: employ (the stock lit, and Lisboa)
    hand.frames(4)
    assert table.view.lit
    shown = 0
    for zone in table.layout.names():
        table.viewer.pointer = table.layout.rect(zone).center
        table.viewer.rest = 1.0
        table.input.tip_waits = False
        box = table.tooltip_box()
        if box is not None:
            shown += 1
            assert _clear(box[1], table) == [], zone
    assert shown > 40
    # the keyboard: Tab round every focusable, each resting until its tooltip shows
    table.viewer.pointer = (-100, -100)
    hand.key(pygame.K_TAB)
    seen = set()
    for _ in range(60):
        key = table.keys.focus.key
        if key in seen:
            break
        seen.add(key)
        table.keys.rest = 1.0
        box = table.tooltip_box()
        if box is not None:
            assert _clear(box[1], table) == [], key
            assert not box[1].colliderect(table.keys.focus.current.rect), key
        hand.key(pygame.K_TAB)
    assert len(seen) > 3


def test_the_focused_things_tooltip_goes_at_a_step_until_the_focus_moves(app) -> None:
    from tablehelp import table_at

    hand = table_at(app, [])
    table = hand.table
    hand.key(pygame.K_TAB)
    hand.frames(int(DELAY * 30) + 4)
    assert table.tooltip_box() is not None
    table.act(Play(parse_step("employ")))
    hand.frames(int(DELAY * 30) + 4)
    assert table.tooltip_box() is None, "the step is read first"
    hand.key(pygame.K_TAB)
    hand.frames(int(DELAY * 30) + 4)
    assert table.tooltip_box() is not None
