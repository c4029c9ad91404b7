"""The table's picture is kept between frames and drawn again only where it changed
(``render``: the pieces of ``draw.table_parts`` whose keys changed, and what lies over
them). Whatever happens at the table, the picture kept is pixel for pixel the one
drawn whole: after steps and their films, a marker in the hand and its lit targets,
a voyage and a sale staged, a step taken back, the hint lit, the turn passing.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pygame
from tablehelp import table_at

from game.record import read_record_file
from game.steps import parse_step
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.app import App
from scenes.core.intents import Play
from scenes.core.saves import Settings
from scenes.core.session import Session
from scenes.main import make_app
from scenes.selftest.gestures import Hand
from scenes.table.render import TableRenderer
from scenes.table.scene import TableScene

GOLDEN = Path(__file__).parent / "golden"


def _same_as_whole(table: TableScene) -> bool:
    """Whether the table's kept picture is the one a new renderer draws whole."""
    kept = table.renderer
    fresh = TableRenderer(table.layout)
    fresh.draw_base(gfx.surface(table.layout.size, alpha=False), kept._drawn,  # type: ignore[arg-type]
                    copy.copy(table.view))
    assert kept._base is not None and fresh._base is not None
    return (pygame.image.tobytes(kept._base.surface, "RGB")
            == pygame.image.tobytes(fresh._base.surface, "RGB"))


def test_the_kept_picture_is_the_whole_one_through_a_game() -> None:
    app = make_app(window=(1280, 720), settings=Settings(anim_speed="fast"))
    app.settings.show_handoff = False
    record = read_record_file(GOLDEN / "four-players.txt")
    steps = [step for _, step in record.steps]
    session = Session(record.names, record.towns, record.variant)
    for step in steps[:100]:
        assert session.submit(parse_step(step)).ok
    table = TableScene(session)
    app.start(table)
    hand = Hand(app)
    hand.frames(3)
    partial = 0
    for step in steps[100:130]:
        table.act(Play(parse_step(step)))
        for _ in range(6):  # the film's start, middle and end
            hand.frames(1)
            assert _same_as_whole(table), step
            partial += table.renderer.painted != [pygame.Rect(0, 0, 1920, 1080)]
    assert partial > 20, "drawn again only where it changed"


def test_the_kept_picture_through_a_hand_a_hint_a_staging_and_an_undo(app) -> None:
    app.settings.anim_speed = "fast"
    hand = table_at(app, ["employ", "end", "employ", "end", "employ", "end"])
    table = hand.table
    lisboa = hand.at(Z.lisboa(0))
    hand.post(pygame.MOUSEMOTION, lisboa)
    hand.post(pygame.MOUSEBUTTONDOWN, lisboa)  # a marker in the hand, its targets lit
    hand.frames(2)
    assert table.drag.holding and table.view.lit
    assert _same_as_whole(table)
    hand.post(pygame.MOUSEBUTTONUP, lisboa)  # a click: it stays in the hand
    hand.frames(2)
    assert table.drag.holding and _same_as_whole(table)
    hand.post(pygame.MOUSEBUTTONDOWN, lisboa, button=3)  # a right click puts it back
    hand.post(pygame.MOUSEBUTTONUP, lisboa, button=3)
    hand.frames(2)
    assert not table.drag.holding
    assert _same_as_whole(table)
    hand.key(pygame.K_h)  # the hint lit
    hand.frames(3)
    assert _same_as_whole(table)
    hand.drag(hand.at(Z.lisboa(0)), hand.at(Z.sea(1)))  # a voyage staged
    hand.frames(2)
    assert table.staging.moves and _same_as_whole(table)
    hand.key(pygame.K_z, pygame.KMOD_CTRL)  # taken back
    hand.frames(10)
    assert not table.staging.moves and _same_as_whole(table)
    hand.play("move L-1 L-1")
    hand.play("cargo 1g1")
    hand.play("done")
    hand.frames(10)
    assert _same_as_whole(table)
    hand.drag(hand.at(Z.space(("g", 1, 1))), hand.at(Z.lisboa(0)))  # a sale staged
    hand.frames(2)
    assert table.staging.sale and _same_as_whole(table)
    hand.key(pygame.K_z, pygame.KMOD_CTRL)
    hand.play("end")
    hand.frames(10)
    assert _same_as_whole(table), "the turn passed"


def _window_bytes() -> bytes:
    return pygame.image.tobytes(pygame.display.get_surface(), "RGB")


def _put_back_as_whole(app: App) -> bool:
    """Whether the frame just drawn into the window (the kept picture put back only
    where the last frame drew over it) is the frame drawn with the picture put whole."""
    assert app._recorded is not None, "drawn straight into the window"
    kept = _window_bytes()
    app._recorded = None
    app._draw()
    return _window_bytes() == kept


def test_the_window_is_put_back_only_where_drawn_over() -> None:
    """A frame drawn straight into the window puts the table's picture back only where
    the last frame drew over it (a marker in the hand, a film, the log, a tooltip, the
    lit targets, an overlay) and where the picture changed: every frame is the one
    that putting the whole picture back draws."""
    app = make_app(window=(1280, 720), settings=Settings(anim_speed="fast"))
    app.settings.show_handoff = False
    record = read_record_file(GOLDEN / "four-players.txt")
    steps = [step for _, step in record.steps]
    session = Session(record.names, record.towns, record.variant)
    for step in steps[:100]:
        assert session.submit(parse_step(step)).ok
    table = TableScene(session)
    app.start(table)
    hand = Hand(app)
    hand.frames(3)
    for i, step in enumerate(steps[100:112]):
        table.act(Play(parse_step(step)))
        for k in range(5):  # the film as it plays, the pointer wandering
            hand.post(pygame.MOUSEMOTION, (200 + 150 * k + 40 * i, 150 + 120 * k))
            hand.frames(1)
            assert _put_back_as_whole(app), (step, k)
    hand.post(pygame.MOUSEMOTION, hand.at(Z.button("end_turn")))  # a tooltip after its rest
    hand.frames(80)
    assert table.tooltip() is not None and _put_back_as_whole(app)
    hand.post(pygame.MOUSEMOTION, (960, 400))  # gone
    hand.frames(2)
    assert _put_back_as_whole(app)
    hand.key(pygame.K_ESCAPE)  # the menu over the table, then closed
    hand.frames(3)
    assert _put_back_as_whole(app)
    hand.key(pygame.K_ESCAPE)
    hand.frames(3)
    assert hand.top() is table and _put_back_as_whole(app)
