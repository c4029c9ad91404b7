"""Computer seats at the table: they play their turns by themselves, paced, logged,
without handoffs or prompts; and the hint lights a step without playing it."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from scenes.core.session import Session
from scenes.screens.scoring import ScoringScene
from scenes.selftest.gestures import Hand
from scenes.table.scene import TableScene
from scenes.ui.overlays import Handoff

TOWNS = ["T01", "T07", "T12", "T05", "T03", "T09", "T02", "T11", "T08"]


def run_until(hand: Hand, done: Callable[[], bool], frames: int = 3000) -> None:
    """Run frames until ``done``; each frame lets a thinking computer finish first, so
    the test does not depend on how fast this machine thinks."""
    for _ in range(frames):
        if done():
            return
        hand.frames(1)
        hand.table.pacing.wait()
    raise AssertionError("the table did not get there")


@pytest.mark.parametrize("levels", [("hard", "easy"), ("expert", "medium")])
def test_computers_play_their_turns_and_hand_back_to_the_person(levels: tuple[str, str],
                                                                app) -> None:
    session = Session(["Ann", "Hal", "Eve"], TOWNS, seats=["human", *levels])
    app.start(TableScene(session))
    hand = Hand(app)
    hand.frames(2)
    hand.play("employ")
    hand.click(hand.at("button_end_turn"))
    hand.answer(True)
    run_until(hand, lambda: session.state.active == 0 and session.state.turn == 4)
    ends = [s for s in session.steps if s == "end"]
    assert len(ends) == 3, "Hal and Eve each played a turn and ended it"
    assert not isinstance(app.stack.top, Handoff), "one person alone needs no handoff"
    names = {text.split()[0] for _, text, _ in hand.table.log}
    assert {"Hal", "Eve"} <= names, "the log tells what the computers did"


def test_computer_steps_are_paced_so_people_can_follow(app) -> None:
    app.settings.anim_speed = "normal"
    session = Session(["Hal", "Ann", "Eve"], TOWNS, seats=["medium", "human", "human"])
    app.start(TableScene(session))
    hand = Hand(app, dt=0.1)
    hand.frames(3)  # 0.3 s: the computer may have thought, but waits before its next step
    first = len(session.steps)
    hand.frames(3)
    assert len(session.steps) - first <= 1, "no burst of steps faster than a person can read"


def test_an_all_computer_game_reaches_the_scoring_screen(app) -> None:
    app.settings.anim_speed = "off"
    session = Session(["Hal", "Mel", "Eve"], TOWNS, seats=["hard", "medium", "easy"])
    app.start(TableScene(session))
    hand = Hand(app)
    run_until(hand, lambda: session.over, frames=20000)
    hand.frames(30)
    assert isinstance(app.stack.top, ScoringScene)


def test_hint_lights_the_medium_step_without_playing_it(app) -> None:
    session = Session(["Ann", "Bob", "Cy"], TOWNS)
    app.start(TableScene(session))
    hand = Hand(app)
    hand.frames(2)
    hand.key(pygame.K_h)
    table = hand.table
    assert session.steps == []
    assert table.view.status.startswith("Hint: Ann ")
    assert table.view.lit, "the hinted step is lit on the board"
    lit = set(table.view.lit)
    hand.click(hand.at("button_hint"))
    assert table.view.lit == lit, "the button shows the same hint"
