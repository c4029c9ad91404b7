"""The thinking process (``game.ai.worker``): its loop read in this process over a pipe,
and a real spawned worker whose steps are the in-process player's, seed for seed.

No test sleeps: each waits on an answer's own event, or on the process's end."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import threading

from game.ai.players import HardPlayer, make_player
from game.ai.worker import Choose, Chosen, Create, Failed, Forget, Stop, Worker, _choose, serve
from game.deal import deal_towns
from game.rules import apply, is_legal
from game.state import State
from game.steps import parse_step

TOWNS = ["T01", "T07", "T12", "T05", "T03", "T09", "T02", "T11", "T08"]
#: Long enough for any decision of these levels on a loaded machine; an answer that
#: does not come at all fails the test instead of hanging it.
ANSWER_WITHIN = 120.0


def game_states(levels: list[str], seed: int, count: int) -> list[State]:
    """The first ``count`` positions of a seeded game between these levels."""
    st = State.start([f"P{i}" for i in range(len(levels))], deal_towns(len(levels), seed))
    players = [make_player(level, f"game:{i}") for i, level in enumerate(levels)]
    states = []
    while len(states) < count and not st.over:
        states.append(st)
        st = apply(st, players[st.active].choose(st))
    return states


def test_states_and_steps_cross_a_pipe_unchanged() -> None:
    """What crosses the pipe, pickled: every position of a game comes out equal."""
    for st in game_states(["medium", "easy", "medium", "easy"], seed=3, count=120):
        back = pickle.loads(pickle.dumps(st, protocol=pickle.HIGHEST_PROTOCOL))
        assert back.to_dict() == st.to_dict() and back.marks == st.marks
    step = parse_step("sell 1g1 2g2")
    assert pickle.loads(pickle.dumps(Chosen(7, step))) == Chosen(7, step)


def test_the_loop_answers_each_request_and_a_forget_cancels_a_waiting_choose() -> None:
    """Everything sent before the loop reads: a player made, two steps chosen by it, an
    unknown level and its error as text, a Choose cancelled by the Forget behind it, a
    key never made, Stop."""
    ours, theirs = multiprocessing.Pipe()
    st = State.start(["Ann", "Bob", "Cy"], TOWNS)
    after = apply(st, parse_step("employ"))
    for request in (Create(1, "hard", "s"), Choose(1, 1, st), Choose(1, 2, after),
                    Create(2, "grandmaster", 0), Choose(2, 3, st),
                    Create(3, "easy", 0), Choose(3, 4, st), Forget(3), Choose(9, 5, st), Stop()):
        ours.send(request)
    serve(theirs)  # returns at Stop
    answers = {}
    while ours.poll():
        answer = ours.recv()
        answers[answer.ask] = answer
    assert sorted(answers) == [1, 2, 3, 4, 5]
    here = make_player("hard", "s")
    assert answers[1] == Chosen(1, here.choose(st))
    assert answers[2] == Chosen(2, here.choose(after)), "one player, its plan carried over"
    assert isinstance(answers[3], Failed) and "unknown level 'grandmaster'" in answers[3].text
    assert isinstance(answers[4], Failed) and "forgotten" in answers[4].text
    assert isinstance(answers[5], Failed) and "no player" in answers[5].text


def test_the_loop_ends_when_the_program_has_gone() -> None:
    ours, theirs = multiprocessing.Pipe()
    ours.close()
    serve(theirs)  # EOF: returns instead of waiting for ever


def test_the_workers_steps_are_the_in_process_players_seed_for_seed() -> None:
    """The players live in the worker: each seat's generator and plan carry over from
    one decision to the next, so a game's steps are those of the same players here."""
    levels = ["hard", "expert", "hard"]
    worker = Worker("test-thinking")
    try:
        here = [make_player(level, f"seat:{i}") for i, level in enumerate(levels)]
        for i, level in enumerate(levels):
            assert worker.create(i + 1, level, f"seat:{i}")
        st = State.start(["Ann", "Bob", "Cy"], deal_towns(3, 21))
        compared, cut_short = 0, False
        for _ in range(36):
            if st.over:
                break
            asked = worker.choose(st.active + 1, st)
            assert asked is not None
            assert asked.done.wait(ANSWER_WITHIN) and not asked.lost, asked.error
            player = here[st.active]
            before = player.capped_decisions
            step = player.choose(st)
            if asked.capped or player.capped_decisions > before:
                # an overloaded machine: a safety clock cut a decision short on one
                # side, so from here the two players' plans may part
                cut_short = True
                break
            assert asked.step == step
            st = apply(st, asked.step)
            compared += 1
        assert compared == 36 or cut_short
        assert worker.running
    finally:
        worker.stop()


def test_the_worker_stops_when_asked_and_leaves_no_process() -> None:
    worker = Worker("test-thinking")
    assert worker.process is None, "nothing starts before the first request"
    st = State.start(["Ann", "Bob", "Cy"], TOWNS)
    assert worker.create(1, "medium", 1)
    asked = worker.choose(1, st)
    assert asked is not None and asked.done.wait(ANSWER_WITHIN)
    assert asked.step is not None and is_legal(st, asked.step)
    process = worker.process
    assert process is not None and process.is_alive()
    # (the worker thinks at a lower priority: on a loaded machine its way out can
    # take longer than the program's one second, and this test is about the way out)
    worker.stop(wait=30.0)
    assert process.exitcode == 0, "it ended by itself, asked to"
    assert not os.path.exists(f"/proc/{process.pid}") or os.name != "posix", "reaped"
    assert worker.choose(1, st) is None, "a stopped worker is asked nothing more"
    assert not worker.dead, "stopped, not dead: nothing was logged"


def test_a_worker_that_dies_loses_what_it_was_asked_and_says_so_once(caplog) -> None:
    worker = Worker("test-thinking")
    st = State.start(["Ann", "Bob", "Cy"], TOWNS)
    assert worker.create(1, "expert", 1)
    asked = worker.choose(1, st)
    assert asked is not None and worker.process is not None
    worker.process.kill()
    assert asked.done.wait(ANSWER_WITHIN), "the reader saw the pipe close"
    assert asked.lost or asked.step is not None  # (it may have answered before the kill)
    reader = [t for t in threading.enumerate() if t.name == "test-thinking-answers"]
    for thread in reader:
        thread.join(ANSWER_WITHIN)
    assert worker.dead
    assert worker.choose(1, st) is None and not worker.create(2, "easy", 0)
    said = [r for r in caplog.records if "thinking process is not available" in r.getMessage()]
    assert len(said) == 1 and "exit code -9" in said[0].getMessage()
    worker.stop()


def test_an_answer_says_when_the_safety_clock_cut_the_decision_short() -> None:
    """A decision cut short by the clock may differ from run to run; the answer says
    so, and a decision made within its budget says it was not."""
    st = State.start(["Ann", "Bob", "Cy"], TOWNS)
    hurried = _choose(HardPlayer(1, max_seconds=0.0), None, 7, st)
    calm = _choose(HardPlayer(1), None, 8, st)
    assert isinstance(hurried, Chosen) and hurried.capped and is_legal(st, hurried.step)
    assert isinstance(calm, Chosen) and not calm.capped and calm.ask == 8
    worker = Worker("test-thinking")
    try:
        assert worker.create(1, "medium", 1)
        asked = worker.choose(1, st)
        assert asked is not None and asked.done.wait(ANSWER_WITHIN)
        assert asked.step is not None and not asked.capped
    finally:
        worker.stop(wait=30.0)
