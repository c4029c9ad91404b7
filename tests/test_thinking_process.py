"""Computer seats thinking in the program's thinking process, as they do in the game
(and in the other tests, unless SAIL_TO_INDIA_THINKING says otherwise): a table played on
through it, a worker killed mid-think and the table going on in threads, the error
of a player in the worker raised at the table, the worker stopped with the program.

No test sleeps: each waits on the thinking itself (``wait``), bounded."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from game.ai.players import ExpertPlayer
from game.ai.worker import Worker
from game.deal import deal_towns
from game.rules import apply, is_legal
from game.state import State
from game.steps import Step
from scenes.core import computer
from scenes.core.computer import ENV_THINKING, ComputerSeats, Thinker, ThinkingFailed
from scenes.core.session import Session
from scenes.selftest.gestures import Hand
from scenes.table.scene import TableScene

#: How long one decision may take at most on a loaded machine (seconds).
THINK_WITHIN = 120.0


@pytest.fixture
def in_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Seats think in the program's thinking process, stopped afterwards."""
    monkeypatch.setenv(ENV_THINKING, "process")
    computer.stop_thinking()
    yield
    computer.stop_thinking()


@pytest.fixture
def worker() -> Iterator[Worker]:
    """A thinking process of the test's own (killing it harms no other test)."""
    made = Worker("test-thinking")
    yield made
    made.stop()


def play(seats: ComputerSeats, st: State, steps: int,
         made: list[tuple[Step, int]] | None = None) -> State:
    """``steps`` computer steps, each waited for, none refused; each step made, with the
    decisions cut short by a clock so far, is added to ``made``."""
    for _ in range(steps):
        step = seats.tick(st, 0.0)
        if step is None:
            seats.wait(THINK_WITHIN)
            step = seats.tick(st, 0.0)
        assert step is not None and is_legal(st, step)
        if made is not None:
            made.append((step, seats.capped))
        st = apply(st, step)
        seats.after_step(step, speed=0.0)
    return st


def test_a_table_plays_its_computer_seats_through_the_thinking_process(app, in_process) -> None:
    app.settings.anim_speed = "off"
    session = Session(["Hal", "Mel", "Eve", "Ida"], deal_towns(4, 4),
                      seats=["hard", "medium", "expert", "medium"])
    app.start(TableScene(session))
    hand = Hand(app)
    for _ in range(400):
        if len(session.steps) >= 12:
            break
        hand.frames(1)
        hand.table.pacing.wait(THINK_WITHIN)
    assert len(session.steps) >= 12, "the computers played on"
    worker = computer.shared_worker()
    assert worker is not None and worker.running
    thinkers = hand.table.pacing.seats.thinkers.values()
    assert all(t.worker is worker and t.player is None for t in thinkers), \
        "every seat thought in the process: none made a player here"


def test_the_process_plays_the_steps_a_thread_plays(worker: Worker, monkeypatch) -> None:
    """Same seeds, same table: the seats' steps are the same wherever they think."""
    st = State.start(["Ann", "Bob", "Cy", "Dan"], deal_towns(4, 8))
    seats = ["expert", "hard", "hard", "hard"]
    there: list[tuple[Step, int]] = []
    here: list[tuple[Step, int]] = []
    play(ComputerSeats(seats, seed=5, worker=worker), st, 30, there)
    monkeypatch.setenv(ENV_THINKING, "thread")
    play(ComputerSeats(seats, seed=5), st, 30, here)
    # where a safety clock cut a decision short (a busy machine) the two may part
    same = [(a, b) for (a, ca), (b, cb) in zip(there, here, strict=True) if ca == cb == 0]
    assert all(a == b for a, b in same)
    if there[-1][1] == here[-1][1] == 0:
        assert len(same) == 30, "no clock cut a decision short: the same 30 steps"


def test_a_killed_worker_hands_the_seats_to_threads_and_the_table_goes_on(
        worker: Worker, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    st = State.start(["Ann", "Bob", "Cy", "Dan"], deal_towns(4, 6))
    seats = ComputerSeats(["expert", "hard", "expert", "hard"], seed=1, worker=worker)
    st = play(seats, st, 3)
    assert worker.running
    assert seats.tick(st, 0.0) is None  # the next seat starts thinking, in the process
    process = worker.process
    assert process is not None
    process.kill()  # mid-think, or just after: the table must not wait for ever
    st = play(seats, st, 12)
    assert worker.dead and not process.is_alive()
    assert any(t.player is not None for t in seats.thinkers.values()), "threads took over"
    said = [r for r in caplog.records if "thinking process is not available" in r.getMessage()]
    assert len(said) == 1, "one line, once"
    late = Thinker("hard", 2, worker)  # a seat made afterwards thinks in a thread at once
    late.start(st)
    late.wait(THINK_WITHIN)
    assert late.player is not None and is_legal(st, late.result(st) or _none())
    assert len([r for r in caplog.records if "not available" in r.getMessage()]) == 1


def _none() -> object:
    raise AssertionError("no step chosen")


def test_a_players_failure_in_the_worker_is_raised_at_the_table(worker: Worker) -> None:
    st = State.start(["Ann", "Bob", "Cy"], deal_towns(3, 2))
    thinker = Thinker("grandmaster", 1, worker)
    thinker.start(st)
    thinker.wait(THINK_WITHIN)
    with pytest.raises(ThinkingFailed, match="unknown level 'grandmaster'"):
        thinker.result(st)
    assert worker.running, "a player's error is not the worker's death"


def test_the_programs_thinking_process_stops_with_it(in_process) -> None:
    st = State.start(["Ann", "Bob", "Cy"], deal_towns(3, 3))
    thinker = Thinker("medium", 1)
    thinker.start(st)
    thinker.wait(THINK_WITHIN)
    assert thinker.result(st) is not None and thinker.player is None
    worker = computer.shared_worker()
    assert worker is not None and worker.process is not None
    process = worker.process
    computer.stop_thinking()
    assert process.exitcode == 0, "stopped when asked, not killed"
    assert computer.shared_worker() is not worker, "a later table would start another"


def test_threads_when_the_environment_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_THINKING, "thread")
    assert computer.shared_worker() is None
    assert Thinker("easy").worker is None


def test_a_decision_cut_short_by_a_clock_is_counted(monkeypatch) -> None:
    monkeypatch.setenv(ENV_THINKING, "thread")
    monkeypatch.setattr(computer, "make_player",
                        lambda level, seed: ExpertPlayer(seed, max_seconds=0.0))
    st = State.start(["Ann", "Bob", "Cy", "Dan"], deal_towns(4, 8))
    seats = ComputerSeats(["expert", "hard", "hard", "hard"], seed=5)
    assert seats.capped == 0
    play(seats, st, 1)
    assert seats.capped == 1, "the expert's first decision ran out of its clock at once"
