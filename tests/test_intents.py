"""From an intent to its results, headless: the table's actions and the session alone,
no pygame imported, no scene. Each test hands the actions intents as the mouse, the
keys, the lesson or a computer seat would, and reads the results the table would
present."""

from __future__ import annotations

import subprocess
import sys

from game.state import AFTER_MOVE
from game.steps import Step, parse_step
from game.words import Phrase
from scenes.core import zones as Z
from scenes.core.intents import (
    Answer,
    Asked,
    Chat,
    Click,
    Confirm,
    HandOver,
    Play,
    Press,
    Refused,
    Result,
    Said,
    Status,
    Stepped,
    TakeBack,
    Undone,
)
from scenes.core.session import GameSession, Outcome, Session
from scenes.table.actions import Put, TableActions
from scenes.table.pacing import Pacing
from scenes.table.targets import Staging, drops_for

TOWNS = ["T01", "T07", "T12", "T05", "T03", "T09", "T02", "T11", "T08"]


def actions_at(steps: list[str], seats: list[str] | None = None) -> TableActions:
    session = Session(["Ann", "Bob", "Cy"], TOWNS, seats=seats)
    for step in steps:
        assert session.submit(parse_step(step)).ok, step
    return TableActions(session)


def kinds(results: list[Result]) -> list[str]:
    return [type(r).__name__ for r in results]


def stepped(results: list[Result]) -> list[str]:
    return [str(r.outcome.step) for r in results if isinstance(r, Stepped)]


def said(results: list[Result]) -> list[str]:
    return [r.key for r in results if isinstance(r, Said)]


def test_the_path_imports_no_pygame() -> None:
    code = ("import sys, scenes.table.actions, scenes.core.intents, scenes.table.pacing; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_the_local_session_is_a_game_session() -> None:
    session: GameSession = Session(["Ann", "Bob", "Cy"], TOWNS)
    assert session.view() is session.state
    assert session.seats_here() == [0, 1, 2]
    assert session.poll() == []


def test_employ_by_a_drop() -> None:
    actions = actions_at([])
    drop = drops_for(actions.state, ("stock", 0), Staging())["lisboa"]
    results = actions.handle(Put(drop))
    assert kinds(results) == ["Stepped", "Said"]
    first = results[0]
    assert isinstance(first, Stepped) and first.dropped
    assert str(first.outcome.step) == "employ"
    assert first.outcome.before is not None and first.outcome.after is actions.state
    assert said(results) == ["status.your_turn"]


def test_a_voyage_with_a_discovery_staged_then_sailed() -> None:
    actions = actions_at(["employ", "end", "end", "end", "move L-1", "done", "move 1-2", "done",
                          "end", "end", "end", "move 2-3", "done", "end", "end", "end"])
    drop = drops_for(actions.state, ("ship", 0, 3), Staging())["sea_4"]
    results = actions.handle(Put(drop))
    assert results == [Said.of("status.voyage", count=1)] and actions.session.steps[-1] == "end"
    results = actions.handle(Press(Z.button("sail")))
    assert stepped(results)[0] == "move 3-4"
    made = results[0]
    assert isinstance(made, Stepped) and not made.dropped
    before, after = made.outcome.before, made.outcome.after
    assert before is not None and after is not None
    assert after.revealed != before.revealed, "a town discovered"
    assert actions.staging.empty


def test_a_sale_of_two_goods() -> None:
    actions = actions_at(["move L-1", "cargo 1g1", "done", "employ", "end", "end", "end",
                          "move L-1", "cargo 1g2", "done"])
    for k in (1, 2):
        drops = drops_for(actions.state, ("good", 1, k), actions.staging)
        put = [d for d in drops.values() if d.stage_good is not None]
        assert put, drops
        assert said(actions.handle(Put(put[0])))[0] == "status.sale"
    results = actions.handle(Confirm())  # Enter commits the staged sale
    assert stepped(results) == ["sell 1g1 1g2"]


def test_a_refused_step_changes_nothing_and_says_why() -> None:
    actions = actions_at([])
    before = actions.state
    results = actions.handle(Play(parse_step("move 3-4")))
    assert kinds(results) == ["Said", "Refused"]
    assert said(results) == ["status.refused"] and actions.state is before
    refused = results[1]
    assert isinstance(refused, Refused) and refused.reason


def test_undo_takes_back_the_last_step() -> None:
    actions = actions_at([])
    actions.handle(Play(parse_step("employ")))
    results = actions.handle(TakeBack())
    assert kinds(results) == ["Undone", "Said", "Said"]
    undone = results[0]
    assert isinstance(undone, Undone) and str(undone.outcome.step) == "employ"
    assert actions.session.steps == []
    again = actions.handle(TakeBack())
    assert kinds(again) == ["Said", "Refused"], "nothing left to undo"


def test_a_question_asked_then_answered() -> None:
    actions = actions_at([])
    results = actions.handle(Press(Z.button("end_turn")))
    assert kinds(results) == ["Asked"]
    asked = results[0]
    assert isinstance(asked, Asked) and asked.topic == "end_turn"
    assert actions.session.steps == [], "nothing made before the answer"
    assert stepped(actions.handle(Answer("end_turn", False))) == []
    assert stepped(actions.handle(Answer("end_turn", True))) == ["end"]


def test_the_lesson_guard_refuses_before_the_session_is_asked() -> None:
    actions = actions_at([])
    actions.guard = lambda step: None if step == Step("employ") else "lesson.status.other"
    assert kinds(actions.handle(Play(parse_step("end")))) == ["Said", "Refused"]
    assert actions.session.steps == []
    assert stepped(actions.handle(Play(parse_step("employ")))) == ["employ"]


def test_a_computer_seats_turn_arrives_as_results() -> None:
    actions = actions_at([], seats=["easy", "human", "human"])
    assert said(actions.handle(Status())) == ["status.computer"]
    pacing = Pacing(actions.session.seats, seed=1)
    made: list[str] = []
    for _ in range(2000):
        if actions.state.active != 0:
            break
        step = pacing.next_step(actions.state, 0.5, busy=False)
        if step is None:
            pacing.wait(10)
            continue
        results = actions.handle(Play(step))
        made += stepped(results)
        pacing.after_step(0, step, "off")
    assert made and made[-1] == "end" and actions.state.active == 1


def test_a_click_on_a_card_not_owned_comes_to_nothing() -> None:
    actions = actions_at(["move L-1", "cargo 1g1", "done"])
    assert actions.state.phase != AFTER_MOVE
    assert actions.handle(Click(Z.tech("geography"))) == []
    assert actions.geography is None


def test_steps_made_elsewhere_arrive_as_results() -> None:
    """A session that reports steps from elsewhere (as a remote one will) has them
    presented like any other: the table does not ask what kind it holds."""

    class Elsewhere(Session):
        def __init__(self) -> None:
            super().__init__(["Ann", "Bob", "Cy"], TOWNS)
            self.pending: list[Outcome] = []

        def poll(self) -> list[Outcome]:
            out, self.pending = self.pending, []
            return out

    session = Elsewhere()
    actions = TableActions(session)
    assert actions.arrived() == []
    session.pending.append(session.submit(parse_step("employ")))
    results = actions.arrived()
    assert stepped(results) == ["employ"] and actions.arrived() == []


def test_the_hint_says_what_and_why() -> None:
    """H lights a step and says, in one line, why it is worth making (its gain, or
    what it opens next), read from the engine's states around it."""
    from scenes.core.intents import Hint, Lit
    from scenes.table.hints import why

    actions = actions_at([])
    out = actions.handle(Hint())
    (line,) = [r for r in out if isinstance(r, Said)]
    assert line.key == "status.hint.why"
    values = dict(line.values)
    assert values["sentence"] and values["why"]
    assert any(isinstance(r, Lit) and r.zones for r in out)
    # a cargo's reason is the good aboard, to be sold
    session = Session(["Ann", "Bob", "Cy"], TOWNS)
    for step in ("employ", "move L-1"):
        assert session.submit(parse_step(step)).ok
    before = session.state
    assert session.submit(parse_step("cargo 1g1")).ok
    reasons = why(before, parse_step("cargo 1g1"), session.state)
    assert "hint.why.cargo" in [key for key, _ in reasons]


class _Table:
    """An online table as the actions see it (``OnlineTable``): one player, Bob, gone
    long enough to be handed over; every line said is kept, a long one refused."""

    connected = True
    away_limit = 60.0

    def __init__(self) -> None:
        self.said: list[str] = []
        self.handed: list[tuple[int, str]] = []

    def clocks_left(self) -> None:
        return None

    def deadline_left(self) -> None:
        return None

    def vacation_left(self) -> None:
        return None

    def out_of_reach(self) -> float:
        return 0.0

    def link(self) -> None:
        return None

    def trouble(self) -> None:
        return None

    def away_for(self) -> dict[int, float]:
        return {1: 90.0}

    def can_hand_over(self, seat: int) -> bool:
        return seat == 1

    def hand_over(self, target: int, level: str = "medium") -> int:
        self.handed.append((target, level))
        return 7

    def send_chat(self, text: str) -> Phrase | None:
        if len(text) > 10:
            return Phrase("online.chat_length", {"limit": 10})
        self.said.append(text)
        return None


class _AtTable(Session):
    def __init__(self, table: _Table) -> None:
        super().__init__(["Ann", "Bob", "Cy"], TOWNS)
        self.table = table

    def online(self) -> _Table:  # type: ignore[override]
        return self.table


def test_chat_and_hand_over_are_intents_that_reach_the_online_table() -> None:
    table = _Table()
    actions = TableActions(_AtTable(table))
    assert actions.handle(Chat("ahoy")) == [] and table.said == ["ahoy"]
    refused = actions.handle(Chat("a very long line"))
    assert said(refused) == ["online.chat_length"] and table.said == ["ahoy"]
    assert actions.handle(HandOver(2)) == [] and table.handed == []  # Cy is not away
    actions.handle(HandOver(1, "hard"))
    assert table.handed == [(1, "hard")]


def test_at_one_machine_chat_and_hand_over_ask_nothing() -> None:
    actions = actions_at([])
    assert actions.online is None
    assert actions.handle(Chat("ahoy")) == [] and actions.handle(HandOver(1)) == []
