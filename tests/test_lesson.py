"""The lesson ("Learn to play"): its script stays legal for its deal and meets every
topic in order; the whole lesson is played from the title to its hand-over with real
mouse events; a move other than the lesson's is refused with the step's hint; a lesson
left is resumed where it stopped, and can be started again."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules import apply, apply_text, is_legal, lost_gains, sale_value
from game.state import State
from game.steps import parse_step
from scenes.core import zones as Z
from scenes.core.layout import table_layout
from scenes.core.saves import list_games
from scenes.core.session import Session
from scenes.selftest.gestures import Hand
from scenes.table.hints import step_zones
from scenes.table.lesson import (
    DO,
    LESSON_SEATS,
    LESSON_TAG,
    PAGE,
    SCRIPT,
    TOPICS,
    WATCH,
    Coach,
    lesson_position,
    lesson_session,
    script_steps,
)
from scenes.table.lessonpanel import BOUNCE, keep_clear
from scenes.table.scene import TableScene
from scenes.text.catalog import ENGLISH
from scenes.ui.overlays import Confirm, PauseMenu


def states() -> list[tuple[State, int]]:
    """The state before each entry of the script, with the entry's index."""
    st = lesson_session("Ann").state
    out = []
    for i, entry in enumerate(SCRIPT):
        out.append((st, i))
        if entry.step is not None:
            st = apply(st, entry.step)
    return out


def entry_index(topic: str) -> int:
    return next(i for i, e in enumerate(SCRIPT) if e.topic == topic)


# ----- the script, through the engine -------------------------------------------------
def test_every_step_of_the_lesson_is_legal_where_it_comes() -> None:
    session = lesson_session("Ann")
    assert session.seats == list(LESSON_SEATS) and len(session.names) == 3
    assert session.towns[:3] == ["T01", "T07", "T12"], "the first-game deal"
    for st, i in states():
        entry = SCRIPT[i]
        if entry.step is None:
            continue
        assert is_legal(st, entry.step), (i, entry.step)
        learner = st.active == 0
        assert learner == (entry.kind == DO), f"{entry.step!r} is played by the wrong seat"
    end = session.state
    for step in script_steps():
        end = apply_text(end, step)
    assert not end.over and end.active == 0 and end.phase == "actions" and end.ap >= 1, \
        "the game is handed over in the learner's own turn, with a move to make"


def test_the_same_deal_every_time() -> None:
    assert lesson_session("Ann").towns == lesson_session("Bea").towns


def test_the_lesson_meets_every_topic_in_its_order() -> None:
    topics = [e.topic for e in SCRIPT if e.topic is not None]
    assert topics == list(TOPICS), "each topic once, in the order a first game meets it"
    st_at = dict((i, st) for st, i in states())

    # a gain lost for want of a Lisboa marker, seen before the page about it
    lost = [i for i, e in enumerate(SCRIPT[:entry_index("capacity")]) if e.step is not None
            and lost_gains(st_at[i], e.step) != (0, 0)]
    assert lost and all(SCRIPT[i].kind == WATCH for i in lost)

    # a sale of two types with the trading chart shown
    sale = entry_index("selling")
    assert SCRIPT[sale].chart and SCRIPT[sale].step is not None
    assert sale_value(st_at[sale], 0, SCRIPT[sale].step.args)[0] == 2

    def changed(topic: str, what: Callable[[State], object]) -> tuple[object, object]:
        i = entry_index(topic)
        step = SCRIPT[i].step
        assert step is not None and SCRIPT[i].kind == DO, topic
        return what(st_at[i]), what(apply(st_at[i], step))

    assert changed("employ", lambda s: s.lisboa[0]) == (1, 2)
    assert changed("building", lambda s: s.owned_buildings(0, "church")) == (0, 1)
    assert changed("technology", lambda s: len(s.techs(0))) == (0, 1)
    assert changed("speed", lambda s: s.speed[0]) == (1, 2)
    before, after = changed("discovering", lambda s: (s.revealed, s.vp[0]))
    assert after[0] == before[0] + 1 and after[1] == before[1] + 1, "a discovery, its VP kept"

    # the free return is what lets the discovery's VP be held
    back = entry_index("free-return")
    assert SCRIPT[back].step.kind == "return" and back + 1 == entry_index("discovering")
    discovery = SCRIPT[back + 1].step
    assert lost_gains(st_at[back], discovery) == (0, 1), "without the return the VP is lost"
    assert lost_gains(st_at[back + 1], discovery) == (0, 0)


def test_every_word_is_english_and_every_lit_zone_is_on_the_table() -> None:
    from scenes.core.layout import LESSON

    layout = table_layout(LESSON)  # the lesson's own table
    for st, i in states():
        entry = SCRIPT[i]
        if entry.key is not None:
            assert entry.key in ENGLISH, entry.key
        coach = Coach(lesson_session("Ann"))
        coach.position = i
        assert coach.hint() in ENGLISH
        zones = step_zones(st, entry.step) if entry.step is not None else set(entry.light)
        assert all(layout.has(z) for z in zones), (i, zones)
        if entry.kind == DO:
            assert zones, f"{entry.step!r} lights what to pick up and where it goes"
    assert SCRIPT[0].key is not None and SCRIPT[-1].kind == PAGE


def test_where_a_lesson_stands_is_read_back_from_its_record() -> None:
    session = lesson_session("Ann")
    assert lesson_position(session) == 0
    steps = script_steps()
    first_do = next(i for i, e in enumerate(SCRIPT) if e.kind == DO)
    assert session.submit(parse_step(steps[0])).ok
    # the program stopped after the step, before the position was written: it moves on
    assert lesson_position(session) == first_do + 1
    session.set_tag(LESSON_TAG, str(first_do + 1))
    assert lesson_position(session) == first_do + 1
    assert '[Lesson "' in session.record_text()
    session.set_tag(LESSON_TAG, None)
    assert lesson_position(session) is None, "no tag: an ordinary game"
    off = lesson_session("Ann")
    assert off.submit(parse_step("speed")).ok
    assert lesson_position(off) is None, "a record that left the script plays on freely"
    ordinary = Session(["Ann", "Bob", "Cy"], session.towns)
    assert Coach.attach(ordinary) is None


# ----- at the table, with the gesture robot ------------------------------------------------
def start_from_title(app) -> Hand:
    from scenes.screens.title import TitleScene

    app.settings.anim_speed = "off"
    app.start(TitleScene())
    hand = Hand(app)
    hand.frames(2)
    title = app.stack.top
    hand.click(title.learn_button.rect.center)
    hand.frames(30)  # the fade to the table
    assert isinstance(app.stack.top, TableScene)
    return hand


def continue_newest(hand: Hand, title) -> None:
    """Continue, then the newest game of the list (read in the background)."""
    from tablehelp import read_done

    hand.click(title.continue_button.rect.center)
    listing = hand.app.stack.top
    read_done(listing, timeout=60)
    hand.click(listing.buttons[1].rect.center)
    read_done(listing, timeout=60)
    hand.frames(2)


def newest_game_text() -> str:
    return list_games()[0].read_text("utf-8")


def next_page(hand: Hand) -> None:
    panel = hand.table.lessonpanel
    assert panel is not None and panel.coach.awaiting
    hand.click(panel.next_button.rect.center)


def play_entry(hand: Hand) -> None:
    """What the learner does at the lesson's present entry (the computers' turns are
    waited for)."""
    coach = hand.table.lesson
    assert coach is not None
    entry = coach.entry
    assert entry is not None
    if entry.kind == PAGE or coach.told:
        next_page(hand)  # a page, or a computer captain's turn told: Next
    elif entry.kind == DO:
        assert entry.step is not None
        hand.play(str(entry.step))
    else:
        hand.frames(2)


def play_until(hand: Hand, done: Callable[[], bool], limit: int = 2000) -> None:
    for _ in range(limit):
        if done():
            return
        play_entry(hand)
    raise AssertionError("the lesson did not get there")


def test_the_whole_lesson_from_the_title_to_the_hand_over(app) -> None:
    hand = start_from_title(app)
    table = hand.table
    session = table.session
    coach = table.lesson
    assert coach is not None and coach.position == 0
    assert table.lessonpanel is not None and table.lessonpanel.shown
    seen_lit = 0
    panel = table.lessonpanel
    while table.lesson is not None:
        entry = coach.entry
        if entry is not None and entry.kind == DO:
            assert table.view.lit == coach.zones(session.state, table.staging), \
                "the step's marker and its destination are lit"
            seen_lit += 1
            # the arrow at where the move starts covers no town's heading, no board's
            # numbers, not the status line, nor what else is lit
            placed = panel.pointer_place(table.layout, session.state, table.view.lit)
            assert placed is not None
            direction, rest = placed
            reach = rest.union(rest.move(*{"down": (0, -BOUNCE), "up": (0, BOUNCE),
                                           "right": (-BOUNCE, 0),
                                           "left": (BOUNCE, 0)}[direction]))
            assert reach.collidelist(keep_clear(table.layout, session.state)) == -1, entry
        play_entry(hand)
    assert seen_lit == sum(1 for e in SCRIPT if e.kind == DO)
    assert list(session.steps) == script_steps(), "the record is the lesson's script"
    assert session.tag(LESSON_TAG) is None, "handed over: an ordinary game now"
    assert LESSON_TAG not in newest_game_text()
    assert table.lessonpanel is None and table.actions.guard is None
    st = session.state
    assert st.active == 0 and st.ap == 1, "the learner plays on, a move still to make"
    # the two computer captains now play by themselves
    hand.play("end")
    for _ in range(3000):
        if session.state.active == 0:
            break
        hand.frames(1)
        table.pacing.wait()
    assert session.state.active == 0 and len(session.steps) > len(script_steps()) + 2


def test_a_move_other_than_the_lessons_is_refused_with_its_hint(app) -> None:
    hand = start_from_title(app)
    table = hand.table
    coach = table.lesson
    assert coach is not None
    while coach.on_page:
        next_page(hand)
    assert str(coach.entry.step) == "employ"
    # legal, but not the lesson's: the ship builder to speed 2
    hand.drag(hand.at(Z.speed(0, 1)), hand.at(Z.speed(0, 2)))
    assert table.session.steps == [] and coach.nudged == "lesson.hint.employ"
    assert table.view.status == ENGLISH["lesson.status.other"]
    # a button is refused the same way, before any question is asked
    hand.click(hand.at(Z.button("end_turn")))
    assert table.session.steps == [] and not isinstance(app.stack.top, Confirm)
    # illegal too: the engine's reason stays on the status line, the hint in the panel
    hand.drag(hand.at(Z.scientist(0, 1)), hand.at(Z.tech("renaissance")))
    assert table.session.steps == [] and table.view.status.startswith("Not there:")
    # the lesson's own move is made, and the hint goes
    hand.play("employ")
    assert table.session.steps == ["employ"] and coach.nudged is None
    # a page waits for Next: a move meanwhile is refused
    play_until(hand, lambda: coach.on_page)
    before = len(table.session.steps)
    hand.click(hand.at(Z.button("done")))
    assert len(table.session.steps) == before and coach.nudged == "lesson.hint.page"
    hand.key(pygame.K_RETURN)
    assert not coach.on_page, "Enter turns the page"


def test_undo_waits_until_the_lesson_is_over(app) -> None:
    hand = start_from_title(app)
    table = hand.table
    play_until(hand, lambda: table.session.steps == ["employ"])
    assert table.button_states()[Z.button("undo")] == "disabled"
    hand.key(pygame.K_z, pygame.KMOD_CTRL)
    assert table.session.steps == ["employ"]


def test_a_lesson_left_is_continued_where_it_stopped_and_can_start_again(app) -> None:
    from scenes.screens.title import TitleScene

    hand = start_from_title(app)
    table = hand.table
    coach = table.lesson
    assert coach is not None
    play_until(hand, lambda: coach.entry is not None and coach.entry.topic == "selling")
    position, steps = coach.position, list(table.session.steps)
    assert f'[{LESSON_TAG} "{position}"]' in newest_game_text()
    hand.key(pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, PauseMenu)
    leave = next(b for b in menu.buttons if b.label == "lesson.leave")
    hand.click(leave.rect.center)
    hand.frames(30)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    continue_newest(hand, title)
    hand.frames(30)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.lesson is not None
    assert table.lesson.position == position and list(table.session.steps) == steps
    assert table.view.lit == table.lesson.zones(table.state, table.staging)
    # Learn to play again: from the beginning, in a file of its own (the lesson left
    # half-way is kept in the Continue list)
    hand.key(pygame.K_ESCAPE)
    leave = next(b for b in app.stack.top.buttons if b.label == "lesson.leave")
    hand.click(leave.rect.center)
    hand.frames(30)
    title = app.stack.top
    hand.click(title.learn_button.rect.center)
    hand.frames(30)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.lesson is not None
    assert table.lesson.position == 0 and table.session.steps == []
    assert f'[{LESSON_TAG} "0"]' in newest_game_text()
    lessons = [g.read_text("utf-8") for g in list_games()]
    assert len(lessons) == 2 and f'[{LESSON_TAG} "{position}"]' in lessons[1]


def test_the_computer_captains_wait_so_their_turn_can_be_read(app) -> None:
    app.settings.anim_speed = "normal"
    session = lesson_session("Ann")
    first_watch = next(i for i, e in enumerate(SCRIPT) if e.kind == WATCH)
    assert str(SCRIPT[first_watch - 1].step) == "end"
    for step in script_steps()[:sum(1 for e in SCRIPT[:first_watch - 1] if e.step)]:
        assert session.submit(parse_step(step)).ok
    session.set_tag(LESSON_TAG, str(first_watch - 1))
    app.start(TableScene(session))
    hand = Hand(app, dt=0.1)
    hand.frames(2)
    hand.play("end")
    made = len(session.steps)
    hand.frames(200)  # twenty seconds: Bob's turn is told, and waits to be read
    coach = hand.table.lesson
    assert len(session.steps) == made and coach.told
    assert coach.words()[0] == SCRIPT[first_watch].key
    panel = hand.table.lessonpanel
    assert panel is not None
    hand.click(panel.next_button.rect.center)  # read: Next
    hand.frames(40)
    assert len(session.steps) > made, "then Bob's scripted turn is played"
    assert session.steps[made] == str(SCRIPT[first_watch].step)
    # Cy's turn is told in its turn, and waits too; Enter is Next as well
    for _ in range(600):
        if coach.told:
            break
        hand.frames(1)
    assert coach.told and session.state.active == 2
    told = len(session.steps)
    hand.frames(50)
    assert len(session.steps) == told
    hand.key(pygame.K_RETURN)
    hand.frames(40)
    assert len(session.steps) > told


# ----- by the keys alone -----------------------------------------------------------------
def _keys(hand: Hand, *keys: int) -> None:
    for k in keys:
        hand.key(k)
        hand.frames(2)


def test_after_a_drop_by_the_keys_the_focus_goes_to_the_next_lit_marker(app) -> None:
    """The sale of two goods: once the first is dropped on Lisboa, the focus is on the
    second lit good (Tab reaches the lit ones first), not the ship builder; once both
    are staged, on the lit Sell."""
    app.settings.anim_speed = "off"
    hand = start_from_title(app)
    table = hand.table
    coach = table.lesson
    assert coach is not None
    play_until(hand, lambda: coach.entry is not None and str(coach.entry.step) == "sell 1g1 2g2")
    hand.frames(2)
    focus = table.keys.focus
    _keys(hand, pygame.K_TAB)
    assert focus.key == ("piece", ("good", 1, 1)), "the ring starts on what is lit"
    _keys(hand, pygame.K_RETURN, pygame.K_RETURN)  # picked up, dropped on Lisboa
    assert table.staging.sale == [("g", 1, 1)]
    assert focus.key == ("piece", ("good", 2, 2)), "the second lit good"
    lit = [table.layout.rect(zone) for zone in table.view.lit]
    order = [item.rect.collidelist(lit) != -1 for item in focus.items]
    assert order == sorted(order, reverse=True), "Tab reaches the lit ones first"
    _keys(hand, pygame.K_RETURN, pygame.K_RETURN)
    assert focus.key == Z.button("sell")
    _keys(hand, pygame.K_RETURN)
    assert table.session.steps[-1] == "sell 1g1 2g2"


def test_a_button_key_the_lesson_holds_back_says_the_lessons_word(app) -> None:
    """E on the lesson's last pages (the voyage long closed): never "finish what you
    started first (Set sail, Sell or Done)", but the lesson's own word."""
    app.settings.anim_speed = "off"
    hand = start_from_title(app)
    table = hand.table
    coach = table.lesson
    assert coach is not None
    play_until(hand, lambda: coach.entry is not None and coach.entry.key == "lesson.scoring")
    _keys(hand, pygame.K_e)
    assert table.view.status == ENGLISH["lesson.status.other"]
    assert "Finish what you started" not in table.view.status
    assert coach.nudged == "lesson.hint.page", "the panel says: read, then Next"
    assert table.session.state.ap == 1, "nothing was made"


def test_the_discovery_banner_leaves_the_newly_lit_space_in_sight(app) -> None:
    app.settings.anim_speed = "off"
    hand = start_from_title(app)
    table = hand.table
    coach = table.lesson
    assert coach is not None
    play_until(hand, lambda: coach.entry is not None and str(coach.entry.step) == "move 2-4")
    app.settings.anim_speed = "normal"
    play_entry(hand)
    for _ in range(200):  # the film of the discovery, then its banner
        hand.frames(1)
        if table.banners.shown and table.banners.shown[0].age > 0.5:
            break
    assert table.banners.shown, "Town 4 discovered"
    assert Z.space(("g", 4, 1)) in table.view.lit
    banner = table.banners.shown[0].rect
    for zone in table.view.lit:
        assert not banner.colliderect(table.layout.rect(zone)), zone
    assert not banner.colliderect(table.layout.rect("status"))
