"""A tooltip never covers what the player must read next: the status line, the
lesson's panel, the lit targets; and it never opens right after a drop."""

from __future__ import annotations

import pygame

from scenes.core import zones as Z
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


def test_no_tooltip_right_after_a_drop_and_never_over_the_status_line() -> None:
    app = make_app()
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
    image = tooltip_image(table.tooltip())
    rect = place_tooltip(image, table.viewer.pointer, (1920, 1080), table.viewer.must_read())
    assert not rect.colliderect(status)


def test_a_disabled_button_is_never_framed_as_a_target() -> None:
    """The Hint may name Set sail before anything is staged, and End turn is disabled
    while a computer plays: a button that cannot be pressed is never lit."""
    from scenes.table.draw import TableView, lit_targets

    sail, end = Z.button("sail"), Z.button("end_turn")
    view = TableView(lit={sail, end, Z.sea(1)}, buttons={sail: "disabled", end: "normal"})
    assert lit_targets(view) == {end, Z.sea(1)}
