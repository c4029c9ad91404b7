"""Computer seats at the table: thinking off the window's thread, pacing, hints shown as
zones (where they think: ``test_thinking_process``).

No test sleeps or polls the clock: each waits on the thinking itself."""

from __future__ import annotations

from game.ai.players import hint
from game.deal import deal_towns
from game.rules import apply, apply_text, is_legal
from game.state import State
from game.steps import parse_step
from scenes.core.computer import ComputerSeats, Thinker
from scenes.table.hints import step_zones

TOWNS = ["T01", "T07", "T12", "T05", "T03", "T09", "T02", "T11", "T08"]


def test_a_thinker_chooses_off_the_main_thread_and_never_changes_the_state() -> None:
    st = State.start(["Ann", "Bob", "Cy"], TOWNS)
    before = st.to_dict()
    thinker = Thinker("hard", seed=1)
    thinker.start(st)
    assert thinker.thinking_about(st)
    thinker.wait()
    step = thinker.result(st)
    assert step is not None and is_legal(st, step)
    assert st.to_dict() == before


def test_a_result_for_another_state_is_dropped() -> None:
    st = State.start(["Ann", "Bob", "Cy"], TOWNS)
    thinker = Thinker("easy", seed=1)
    thinker.start(st)
    thinker.wait()
    assert thinker.result(apply_text(st, "employ")) is None


def test_computer_seats_play_a_whole_game_paced() -> None:
    st = State.start(["Ann", "Bob", "Cy"], deal_towns(3, 9))
    seats = ComputerSeats(["easy", "medium", "easy"], seed=2)
    steps = 0
    waits = 0
    for _ in range(20_000):
        if st.over:
            break
        step = seats.tick(st, 0.05)
        if step is None:
            seats.wait()  # the thread's own end, not a guess at how long it takes
            waits += 1
            continue
        st = apply(st, step)
        seats.after_step(step, speed=0.0)
        steps += 1
    assert st.over and steps > 20
    assert waits <= 2 * steps + 1, "each step costs at most a start and a wait"


def test_the_pause_between_computer_steps_follows_the_speed() -> None:
    st = State.start(["Ann", "Bob", "Cy"], TOWNS)
    seats = ComputerSeats(["easy", "easy", "easy"], seed=3)
    assert seats.tick(st, 0.0) is None  # starts thinking
    seats.wait()
    seats.after_step(parse_step("employ"), speed=1.0)
    assert seats.tick(st, 0.3) is None, "0.3 s into a 0.7 s pause: not yet"
    assert seats.tick(st, 0.5) is not None, "past the pause the chosen step comes"


def test_only_computer_seats_think() -> None:
    seats = ComputerSeats(["human", "hard", "human"])
    assert not seats.plays(0) and seats.plays(1)
    st = State.start(["Ann", "Bob", "Cy"], TOWNS)
    assert seats.tick(st, 1.0) is None  # Ann is human


def test_hint_zones_light_the_step_on_the_board() -> None:
    st = State.start(["Ann", "Bob", "Cy"], TOWNS)
    step = hint(st)
    assert is_legal(st, step)
    assert step_zones(st, parse_step("employ")) == {"stock_0", "lisboa_0"}
    assert step_zones(st, parse_step("move L-1")) == {"lisboa_0", "sea_1", "button_sail"}
    assert step_zones(st, parse_step("tech map")) == {"tech_map", "scientists_0"}
    assert step_zones(st, parse_step("speed")) == {"speed_0_1", "speed_0_2"}, \
        "the builder and its goal"
    assert step_zones(st, parse_step("sell 1g1 2g2")) == {"goods_1_1", "goods_2_2", "lisboa_0",
                                              "button_sell"}
