"""The session: submit, refusals, undo limits, autosave, reopening a record."""

from __future__ import annotations

import pytest

from game.record import parse_record
from game.steps import Step, UnreadableStep, parse_step
from scenes.core.session import Session, load_session

TOWNS = ["T01", "T07", "T12", "T05", "T03", "T09", "T02", "T11", "T08"]


def make(saved: list[str]) -> Session:
    return Session(["Ann", "Bob", "Cy"], TOWNS, autosave=saved.append)


def test_submit_applies_and_autosaves() -> None:
    saved: list[str] = []
    s = make(saved)
    out = s.submit(parse_step("EMPLOY"))
    assert out.ok and out.step == Step("employ")
    assert s.state.lisboa[0] == 2 and s.steps == ["employ"]
    assert saved[-1].rstrip().endswith("employ")


def test_refused_step_changes_nothing() -> None:
    saved: list[str] = []
    s = make(saved)
    out = s.submit(parse_step("move L-3"))
    assert not out.ok and out.reason == "speed is 1, sea 3 is 3 away"
    assert s.steps == [] and saved == []
    with pytest.raises(UnreadableStep):  # text is read at the edges, before any session
        parse_step("jump")


def test_undo_within_turn_only() -> None:
    s = make([])
    assert s.undo_blocker() == "nothing"
    assert s.submit(parse_step("employ")).ok and s.submit(parse_step("employ")).ok
    assert s.undo().ok and s.steps == ["employ"]
    s.submit(parse_step("end"))
    assert not s.can_undo(), "never into another player's turn"
    assert s.state.active == 1


def test_undo_never_past_a_discovery() -> None:
    s2 = make([])
    for step in ["move L-1", "done", "end", "end", "end", "move 1-2", "done", "end", "end",
                 "end", "move 2-3", "done", "end", "end", "end", "move 3-4"]:
        assert s2.submit(parse_step(step)).ok, step
    assert s2.state.revealed == 4
    assert s2.undo_blocker() == "discovery"
    s2.submit(parse_step("cargo 4g1"))
    assert s2.undo().ok and s2.state.revealed == 4
    assert not s2.undo().ok


def test_reopening_the_autosave_continues_the_game() -> None:
    saved: list[str] = []
    s = Session.new(["Ann", "Bob", "Cy", "Dee"], seed=5, seats=["human", "easy", "human",
                    "hard"], autosave=saved.append)
    for step in ["employ", "move L-1", "cargo 1g1", "done", "end"]:
        assert s.submit(parse_step(step)).ok
    again = load_session(saved[-1])
    assert again.state == s.state and again.steps == s.steps
    assert again.seats == ["human", "easy", "human", "hard"]
    assert parse_record(saved[-1]).tag("Seed") == "5"
    assert not again.can_undo(), "a reopened game does not undo into the past"
