"""Reviewing a game: every step reached by keys and by mouse, films going forward, the
expert player's choice thought in the background, and nothing ever written."""

from __future__ import annotations

import threading
from pathlib import Path

import pygame
import pytest
from gamefiles import write_game
from tablehelp import read_done

import scenes.main as main_module
from game.record import read_record_file, replay
from game.rules import is_legal
from game.state import State
from game.steps import Step, parse_step
from scenes.core.app import App
from scenes.core.navigator import Screen
from scenes.core.review import Adviser, Cursor, open_review, turn_starts
from scenes.core.saves import data_dir, games_dir, list_games, new_game_file, records_dir
from scenes.core.session import Session
from scenes.screens.load_record import LoadRecordScene
from scenes.screens.review import ReviewScene
from scenes.screens.scoring import ScoringScene
from scenes.screens.title import TitleScene
from scenes.selftest.gestures import Hand
from scenes.table.logpanel import HEADER, row_height

GOLDEN = Path(__file__).parent / "golden"
RECORD = GOLDEN / "four-players.txt"


def review_at(app: App, session: Session, at: int = 0, speed: str = "off",
              back: str = Screen.TITLE) -> tuple[Hand, ReviewScene]:
    app.settings.anim_speed = speed
    scene = app.navigator.start(Screen.REVIEW, session=session, at=at, back=back)
    assert isinstance(scene, ReviewScene)
    hand = Hand(app)
    hand.frames(2)
    return hand, scene


def keys(hand: Hand, key: int, times: int, mod: int = 0) -> None:
    """``times`` presses of a key, delivered together, as a held-down key would be."""
    for _ in range(times):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    hand.frames(2)


def files_of(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under a folder, with its bytes and modification time."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


# ----- the cursor -------------------------------------------------------------------------
def test_turns_start_at_the_deal_and_after_each_end() -> None:
    steps = ["employ", "end", "move L-1", "cargo 1g1", "done", "end", "employ"]
    assert turn_starts(steps) == [0, 2, 6]
    cursor = Cursor(list(range(8)), steps, 4)  # type: ignore[arg-type]
    assert cursor.previous_turn() == 2 and cursor.previous_turn() == 0
    assert cursor.previous_turn() == 0 and cursor.back() == 0
    assert cursor.next_turn() == 2 and cursor.next_turn() == 6 and cursor.next_turn() == 7
    assert cursor.next_turn() == 7 and cursor.forward() == 7 and cursor.go(-5) == 0
    assert cursor.step is None and cursor.next_step == "employ"


def test_a_record_opens_read_only_and_a_bad_one_is_one_sentence(tmp_path: Path) -> None:
    session = open_review(RECORD)
    assert session.autosave is None and len(session.steps) == 340
    bad = tmp_path / "bad.txt"
    bad.write_text('[Players "Ann, Bob, Cy"]\n[Towns "T01 T07 T12 T05 T03 T09 T02 T11 T08"]\n'
                   "employ\nmove L-3\n", "utf-8")
    with pytest.raises(ValueError) as caught:
        open_review(bad)
    assert str(caught.value) == f"{bad}: line 4: move L-3: speed is 1, sea 3 is 3 away"
    with pytest.raises(ValueError, match="no such file"):
        open_review(tmp_path / "missing.txt")


# ----- keys ----------------------------------------------------------------------------------
def test_stepping_forward_through_a_whole_record_ends_on_its_final_state(app: App) -> None:
    record = read_record_file(RECORD)
    hand, scene = review_at(app, open_review(RECORD))
    assert scene.state == record.start() and scene.index == 0
    seen = [scene.state]
    for _ in range(40):  # one key at a time for a while: each position in turn
        hand.key(pygame.K_RIGHT)
        seen.append(scene.state)
    keys(hand, pygame.K_RIGHT, len(record.steps))  # and held down to the end
    assert scene.index == len(record.steps)
    assert scene.state == replay(record) and scene.state.over
    assert "Step 340 of 340" in scene.counter()
    # Back again, one step at a time: exactly the positions seen on the way.
    keys(hand, pygame.K_LEFT, len(record.steps) - 40)
    for i in range(40, -1, -1):
        assert scene.index == i and scene.state == seen[i] == replay(record, i)
        hand.key(pygame.K_LEFT)
    assert scene.index == 0 and scene.state == record.start()


def _log_row(scene: ReviewScene, up: int) -> tuple[int, int]:
    """The middle of the log's row ``up`` rows above its bottom row (the rows' height
    follows the window's scale and the text size)."""
    r, panel = scene.logpanel.rect, scene.logpanel
    first, end = panel._window()  # whole entries: the bottom row may stay empty
    row = end - first - 1 - up
    return r.centerx, r.y + HEADER + row * row_height() + row_height() // 2


def test_turn_jumps_home_and_end_by_keyboard(app: App) -> None:
    session = open_review(RECORD)
    starts = turn_starts(list(session.steps))
    hand, scene = review_at(app, session)
    hand.key(pygame.K_PAGEDOWN)
    assert scene.index == starts[1]
    # a jump is a move like any other: the log follows, the expert player is asked
    for _ in range(2):  # the position asked about first, then this one
        scene.adviser.wait()
        hand.frames(1)
    assert scene.adviser.answer(scene.state) is not None
    shown = scene.logpanel.line_at(_log_row(scene, 1))
    assert shown is not None and shown.index == starts[1] - 1
    hand.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert scene.index == starts[2]
    hand.key(pygame.K_RIGHT)
    hand.key(pygame.K_PAGEUP)  # to the start of this turn
    assert scene.index == starts[2]
    hand.key(pygame.K_LEFT, pygame.KMOD_SHIFT)  # and of the one before
    assert scene.index == starts[1]
    hand.key(pygame.K_END)
    assert scene.index == len(session.steps) and scene.state is session.state
    hand.key(pygame.K_HOME)
    assert scene.index == 0 and scene.state is session.states[0]
    # the status strip says where the review stands
    hand.key(pygame.K_PAGEDOWN)
    mover = session.states[starts[1] - 1]
    assert scene.counter() == (f"Step {starts[1]} of 340 · turn {mover.turn} · "
                               f"{mover.names[mover.active]}")


def test_stepping_forward_plays_the_step_and_back_plays_it_backwards(app: App) -> None:
    session = open_review(RECORD)
    hand, scene = review_at(app, session, speed="normal")
    hand.key(pygame.K_RIGHT)
    film = scene.films.current
    assert film is not None and film.after is session.states[1] and not film.reverse
    hand.frames(200)
    assert not scene.animating and scene.state is session.states[1]
    hand.key(pygame.K_LEFT)
    film = scene.films.current
    assert film is not None and film.reverse and film.after is session.states[0]
    hand.frames(200)
    hand.key(pygame.K_END)  # a jump shows the position at once
    assert not scene.animating and scene.state is session.state


# ----- the mouse ----------------------------------------------------------------------------
def test_the_buttons_the_slider_and_the_log_drive_it_by_mouse(app: App) -> None:
    session = open_review(RECORD)
    starts = turn_starts(list(session.steps))
    hand, scene = review_at(app, session)
    turn_back, back, forward, turn_forward = (icon.rect.center for icon in scene.icons)
    hand.click(forward)
    hand.click(forward)
    assert scene.index == 2
    hand.click(back)
    assert scene.index == 1
    hand.click(turn_forward)
    assert scene.index == starts[1]
    hand.click(turn_back)
    assert scene.index == 0
    slider = scene.slider
    y = slider.track.centery
    hand.click((slider.track.right, y))
    assert scene.index == 340 and scene.state is session.state
    hand.drag((slider.x_of(340), y), (slider.x_of(100), y))
    assert abs(scene.index - 100) <= 1 and not slider.dragging
    # a line of the log: the position after its step
    pos = _log_row(scene, 0)
    line = scene.logpanel.line_at(pos)
    assert line is not None
    hand.click(pos)
    assert scene.index == line.index + 1
    # the log keeps the step just reviewed in view, lit, and the next one under it
    hand.click((slider.x_of(200), y))
    bottom = scene.logpanel.line_at(_log_row(scene, 0))
    above = scene.logpanel.line_at(_log_row(scene, 1))
    assert above is not None and above.index == scene.index - 1
    assert bottom is not None and bottom.index == scene.index


def test_esc_leaves_for_the_title_and_rules_open_over_it(app: App) -> None:
    hand, scene = review_at(app, open_review(RECORD))
    hand.key(pygame.K_F1)
    assert hand.top() is not scene
    hand.key(pygame.K_ESCAPE)
    assert hand.top() is scene
    hand.click(scene.logpanel.tabs()[0].center)  # unfold the log: Esc folds it first
    assert scene.logpanel.unfolded
    hand.key(pygame.K_ESCAPE)
    assert not scene.logpanel.unfolded and hand.top() is scene
    hand.key(pygame.K_ESCAPE)
    hand.frames(30)
    assert isinstance(hand.top(), TitleScene)


# ----- the expert player's choice -------------------------------------------------------------
def test_the_expert_players_choice_is_shown_in_words_and_lit(app: App) -> None:
    session = open_review(RECORD)
    scene = app.navigator.start(Screen.REVIEW, session=session, at=25)
    assert isinstance(scene, ReviewScene)
    # asked at once, in the background: the window shows the position meanwhile
    assert scene.view.status == "The expert player is thinking about this position…"
    assert scene.adviser.thought == [session.states[25]]
    scene.adviser.wait()
    hand = Hand(app)
    hand.frames(2)
    step = scene.adviser.answer(scene.state)
    assert step is not None and is_legal(scene.state, step)
    assert scene.view.status.startswith(("Expert player: ", "Expert player agrees: "))
    assert str(step) in scene.view.status and scene.view.lit
    hand.key(pygame.K_END)  # a finished game has nothing to advise
    assert scene.view.status == "The game is over." and not scene.view.lit


def test_a_stale_answer_is_kept_but_never_shown_for_another_position() -> None:
    session = open_review(RECORD)
    a, b = session.states[10], session.states[11]
    release = threading.Event()
    expert = Adviser()

    def held_back(st: State) -> Step:
        if st is a:
            release.wait()  # still thinking about a while the reviewer moves on to b
        return expert.choose(st)

    adviser = Adviser(choose=held_back)
    adviser.ask(a)
    adviser.ask(b)
    assert adviser.busy and adviser.thought == [a]  # b waits: never two at once
    release.set()
    adviser.wait()
    adviser.poll()  # a's answer is kept, and b is started
    assert adviser.answer(a) is not None and adviser.answer(b) is None
    assert adviser.thinking_about(b) and adviser.thought == [a, b]
    adviser.wait()
    adviser.poll()
    step = adviser.answer(b)
    assert step is not None and is_legal(b, step)
    adviser.ask(a)  # back to a: its answer is already there, nothing more is thought
    assert adviser.thought == [a, b] and not adviser.busy
    # the same position is advised the same way every time
    again = Adviser()
    again.ask(b)
    again.wait()
    again.poll()
    assert again.answer(b) == step == parse_step(str(step))


def test_the_window_shows_only_the_answer_for_the_position_shown(app: App) -> None:
    session = open_review(RECORD)
    release = threading.Event()
    first = session.states[30]
    expert = Adviser()

    def held_back(st: State) -> Step:
        if st is first:
            release.wait()
        return expert.choose(st)

    hand, scene = review_at(app, session, at=30)
    scene.adviser = Adviser(choose=held_back)
    scene.adviser.ask(first)
    hand.key(pygame.K_RIGHT)
    release.set()
    scene.adviser.wait()
    hand.frames(1)  # the answer for step 30 arrives while step 31 is shown
    assert scene.adviser.answer(first) is not None and scene.index == 31
    assert scene.view.status == "The expert player is thinking about this position…"
    scene.adviser.wait()
    hand.frames(2)
    step = scene.adviser.answer(session.states[31])
    assert step is not None and str(step) in scene.view.status


# ----- nothing is ever written ------------------------------------------------------------------
def test_reviewing_from_the_scoring_screen_writes_nothing(app: App) -> None:
    session = Session.from_record(read_record_file(GOLDEN / "four-computers.txt"),
                                  autosave=new_game_file())
    session.save()  # the autosave a finished game leaves behind
    saved = records_dir() / "kept.txt"
    saved.parent.mkdir(parents=True, exist_ok=True)
    saved.write_text(session.record_text(), "utf-8")
    before = files_of(data_dir())
    assert str(list_games()[0].relative_to(data_dir())) in before
    app.start(ScoringScene(session))
    hand = Hand(app)
    hand.frames(2)
    final_table = app.stack.top.buttons[4]  # type: ignore[union-attr]
    hand.click(final_table.rect.center)
    hand.frames(30)
    scene = hand.top()
    assert isinstance(scene, ReviewScene) and scene.state is session.state
    hand.key(pygame.K_HOME)
    keys(hand, pygame.K_RIGHT, 60)
    hand.click(scene.icons[3].rect.center)
    hand.click(scene.icons[1].rect.center)
    scene.adviser.wait()
    hand.frames(2)
    hand.key(pygame.K_ESCAPE)
    hand.frames(30)
    scoring = hand.top()
    assert isinstance(scoring, ScoringScene) and scoring.session is session
    hand.click(scoring.buttons[3].rect.center)  # Review game: from the deal
    hand.frames(30)
    scene = hand.top()
    assert isinstance(scene, ReviewScene) and scene.index == 0
    keys(hand, pygame.K_PAGEDOWN, 12)
    hand.key(pygame.K_ESCAPE)
    hand.frames(30)
    assert files_of(data_dir()) == before
    assert len(session.steps) == 350 and session.over


def test_reviewing_a_record_file_writes_nothing(app: App, tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_bytes(RECORD.read_bytes())
    in_progress = RECORD.read_text("utf-8").splitlines()[:200]
    write_game("\n".join(in_progress) + "\n")  # a game still being played
    before_home, before_file = files_of(data_dir()), files_of(tmp_path)
    hand, scene = review_at(app, open_review(path), speed="fast")
    keys(hand, pygame.K_RIGHT, 30)
    hand.frames(60)
    keys(hand, pygame.K_END, 1)
    keys(hand, pygame.K_LEFT, 30)
    scene.adviser.wait()
    hand.key(pygame.K_ESCAPE)
    hand.frames(30)
    assert files_of(data_dir()) == before_home and files_of(tmp_path) == before_file


def test_each_record_can_be_reviewed_from_the_title(app: App) -> None:
    in_progress = RECORD.read_text("utf-8").splitlines()[:120]
    write_game("\n".join(in_progress) + "\n")  # Continue's: not in the record list
    records_dir().mkdir(parents=True, exist_ok=True)
    (records_dir() / "voyage.txt").write_bytes(RECORD.read_bytes())
    before = files_of(data_dir())
    title = app.navigator.start(Screen.TITLE)
    assert isinstance(title, TitleScene)
    hand = Hand(app)
    hand.frames(2)
    for row, steps in ((0, 340),):  # the saved record
        hand.click(title.load_button.rect.center)
        hand.frames(30)
        listing = hand.top()
        assert isinstance(listing, LoadRecordScene)
        _back, *rows = listing.buttons
        play, review = rows[2 * row], rows[2 * row + 1]
        assert review.rect.y == play.rect.y and review.rect.x > play.rect.right
        hand.click(review.rect.center)
        if listing.opening is not None:
            read_done(listing)
        hand.frames(30)
        scene = hand.top()
        assert isinstance(scene, ReviewScene) and scene.index == 0
        assert len(scene.session.steps) == steps and scene.session.autosave is None
        keys(hand, pygame.K_RIGHT, 25)
        hand.key(pygame.K_ESCAPE)
        hand.frames(30)
        title = hand.top()
        assert isinstance(title, TitleScene)
        hand.frames(2)
    assert files_of(data_dir()) == before


# ----- the command line --------------------------------------------------------------------------
def test_review_option_opens_the_review(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    made: list[App] = []
    make_app = main_module.make_app

    def keep(**kwargs: object) -> App:
        app = make_app(**kwargs)  # type: ignore[arg-type]
        made.append(app)
        return app

    monkeypatch.setattr(main_module, "make_app", keep)
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the other tests keep pygame going
    before = RECORD.stat().st_mtime_ns
    shot = tmp_path / "review.png"
    assert main_module.main(["--review", str(RECORD), "--screenshot", str(shot)]) == 0
    assert shot.exists() and RECORD.stat().st_mtime_ns == before
    scene = made[0].stack.top
    assert isinstance(scene, ReviewScene) and scene.index == 0 and scene.back_to == Screen.TITLE
    assert not games_dir().exists()


def test_review_option_refuses_a_bad_record_in_one_sentence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text('[Players "Ann, Bob, Cy"]\n[Towns "T01 T07 T12 T05 T03 T09 T02 T11 T08"]\n'
                   "fly 3\n", "utf-8")
    assert main_module.main(["--review", str(bad)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"sail-to-india: {bad}: line 3: fly 3: unknown step 'fly'\n"
    assert main_module.main(["--review", str(tmp_path / "nothing.txt")]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "no such file" in err
