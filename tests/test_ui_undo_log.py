"""Undo at the table (its limits, the autosave following it) and the ship's log panel.

Undo takes back the last step of the turn, down to the start of the turn, never past
a discovery and never into another player's turn; the autosave is rewritten each
time. The log shows every step in words, follows undo, highlights the turn being
played, scrolls with the wheel and gives each line's notation.
"""

from __future__ import annotations

import pygame
import pytest
from gamefiles import newest_game_text
from tablehelp import TOWNS, table_at

from game.record import parse_record, replay_states
from game.steps import parse_step
from scenes.core.app import App
from scenes.core.saves import new_game_file
from scenes.core.session import Session
from scenes.selftest.gestures import Hand
from scenes.table import logpanel
from scenes.table.logpanel import log_lines
from scenes.text.catalog import t
from scenes.text.narrate import narrate

HEADER = '[Players "Ann, Bob, Cy"]\n[Towns "T01 T07 T12 T05 T03 T09 T02 T11 T08"]\n'
TO_THE_FOURTH = ["employ", "move L-1", "done", "end", "end", "end", "move 1-2", "done", "end",
                 "end", "end", "move 2-3", "done", "end", "end", "end"]



def undo(hand: Hand) -> str:
    hand.key(pygame.K_z, pygame.KMOD_LCTRL)
    return hand.table.view.status


# ----- undo ----------------------------------------------------------------------------
def test_undo_goes_back_to_the_start_of_the_turn_and_no_further(app: App) -> None:
    hand = table_at(app, ["employ", "end"], autosave=new_game_file())  # Bob to move
    table = hand.table
    hand.drag(hand.at("stock_1"), hand.at("lisboa"))
    hand.drag(hand.at("scientist_1_1"), hand.at("tech_metallurgy"))
    assert table.session.steps == ["employ", "end", "employ", "tech metallurgy"]
    assert undo(hand) == "Undone: tech metallurgy."
    assert table.button_states()["button_undo"] == "normal"
    assert undo(hand) == "Undone: employ."
    assert table.session.steps == ["employ", "end"]
    assert table.button_states()["button_undo"] == "disabled"
    assert undo(hand) == "Cannot undo: nothing to undo this turn.", "not into Ann's turn"
    assert table.session.steps == ["employ", "end"]


def test_undo_never_hides_a_discovered_town(app: App) -> None:
    hand = table_at(app, TO_THE_FOURTH, autosave=new_game_file())
    table = hand.table
    hand.drag(hand.at("ship_3_0"), hand.at("sea_4"))
    hand.click(hand.at("button_sail"))
    assert table.session.steps[-1] == "move 3-4" and table.state.revealed == 4
    hand.drag(hand.at("ship_4_0"), hand.at("goods_4_1"))
    assert table.session.steps[-1] == "cargo 4g1"
    assert undo(hand) == "Undone: cargo 4g1.", "steps after the discovery can be undone"
    assert undo(hand) == "Cannot undo: a discovered town cannot be hidden again."
    assert table.session.steps[-1] == "move 3-4" and table.state.revealed == 4


def test_the_autosave_follows_undo(app: App) -> None:
    hand = table_at(app, [], autosave=new_game_file())
    table = hand.table
    hand.drag(hand.at("stock_0"), hand.at("lisboa"))
    assert parse_record(newest_game_text() or "").steps[-1][1] == "employ"
    undo(hand)
    saved = newest_game_text()
    assert saved == table.session.record_text() and not parse_record(saved).steps


def test_undo_first_takes_back_what_is_staged(app: App) -> None:
    hand = table_at(app, ["employ"], autosave=new_game_file())
    table = hand.table
    hand.drag(hand.at("lisboa_0"), hand.at("sea_1"))
    assert undo(hand) == "The last staged move was taken back."
    assert table.staging.empty and table.session.steps == ["employ"]


# ----- the log -------------------------------------------------------------------------
def test_the_log_has_every_step_and_follows_undo(app: App) -> None:
    hand = table_at(app, ["employ", "move L-1", "cargo 1g1", "done", "end"],
                    autosave=new_game_file())
    table = hand.table
    texts = [text for _, text, _ in table.log]
    assert texts == ["Ann employs a marker: stock to Lisboa.", "Ann sails 1 ship.",
                     "Ann takes the gold at 1 as trade good.", "Ann ends the voyage.",
                     "Ann ends the turn."], "a game opened in progress has its whole log"
    hand.drag(hand.at("stock_1"), hand.at("lisboa"))
    assert table.log[-1] == (5, "Bob employs a marker: stock to Lisboa.", "employ")
    undo(hand)
    assert len(table.log) == 5


def test_the_current_turn_is_lit_and_lines_carry_their_notation(app: App) -> None:
    hand = table_at(app, ["employ", "end", "speed"], autosave=new_game_file())
    table = hand.table
    panel = table.logpanel
    current = [line.text for line in panel.lines if line.turn == table.state.turn]
    assert current == ["Bob raises ship speed to 2."]
    rect = panel.rect
    line = panel.line_at((rect.x + 40, rect.y + 32 + 2))
    assert line is not None and line.notation in ("employ", "end", "speed")
    first, end = panel._window()
    last_row_y = rect.y + logpanel.HEADER + (end - first - 1) * logpanel.ROW + 2
    hand.post(pygame.MOUSEMOTION, (rect.x + 40, last_row_y))
    hand.frames(30)
    tip = table.tooltip()
    assert tip is not None and tip[1] == "Notation: speed"


def test_the_log_scrolls_unfolds_and_shows_notation(app: App) -> None:
    steps = ["end"] * 20
    hand = table_at(app, steps, autosave=new_game_file())
    panel = hand.table.logpanel
    assert panel.max_scroll() > 0
    hand.post(pygame.MOUSEMOTION, panel.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    hand.frames()
    assert panel.scroll == 3
    fold, _ = panel.tabs()
    hand.click(fold.center)
    assert panel.unfolded and panel.rect.h > 400
    hand.click(panel.tabs()[1].center)
    assert panel.notation and panel.rows()[-1][1].endswith("[end]")
    hand.key(pygame.K_ESCAPE)
    assert not panel.unfolded, "Esc folds the log before it opens the menu"
    assert hand.top() is hand.table


@pytest.mark.parametrize(("steps", "expected"), [
    ("end\nend\ntech map\nmove L-1\ndone\nend\nend\nend\nmove 1-2\ndone\nend\nend\nend\n"
     "move 2-3\ndone\nend\nend\nend\nmove 3-4\nmap", "Cy uses Map: pays 1 for +1 VP."),
    ("end\nend\ntech geography\nmove L-1\ncargo 1g1\ngeography 1g1",
     "Cy uses Geography: 1 marker put back to sea."),
    ("move L-1\ndone\nbuild 1b2\nreturn 1b2", "Ann gives up the church at 1."),
    ("move L-1\ndone\nend\nend\nend\nbuild 1b1", "Ann builds the stronghold at 1."),
])
def test_log_sentences_of_the_rarer_steps(steps: str, expected: str) -> None:
    record = parse_record(HEADER + steps)
    states = replay_states(record)
    step = parse_step(record.steps[-1][1])
    sentences = [t(key, **values) for key, values in narrate(states[-2], step, states[-1])]
    assert sentences[0] == expected


def test_log_lines_from_a_session_match_narrate() -> None:
    session = Session(["Ann", "Bob", "Cy"], TOWNS)
    for step in ["employ", "move L-1", "done", "end"]:
        session.submit(parse_step(step))
    lines = log_lines(session)
    assert [(line.index, line.notation) for line in lines] == [
        (0, "employ"), (1, "move L-1"), (2, "done"), (3, "end")]
    assert {line.turn for line in lines} == {1}
