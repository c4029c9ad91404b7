"""Nothing is lost: a game of its own file each, two programs at once, settings that
cannot be read, records readable by others, and the Continue list.

Every game autosaves to its own file (``saves.GameFile``), locked while a program
plays it, so two programs on one data folder never write the same file, and a new game
never replaces one in progress; a second program starting up removes only temporary
files old enough to be a crash's leftovers.
"""

from __future__ import annotations

import errno
import gc
import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest
from tablehelp import read_done

from game.record import parse_record, replay
from game.steps import parse_step
from scenes.core import games, saves
from scenes.core.navigator import Screen
from scenes.core.session import Session
from scenes.screens.continue_game import ContinueScene
from scenes.selftest.gestures import Hand
from scenes.text.catalog import t
from scenes.ui.overlays import Confirm

ROOT = Path(__file__).resolve().parent.parent

PLAYER = textwrap.dedent("""
    import random, sys
    from game.bench import careless_step
    from scenes.core import saves
    from scenes.core.session import Session

    seed = int(sys.argv[1])
    saves.remove_leftovers()  # what every program does as it starts
    saves.adopt_old_autosave()
    game = saves.new_game_file()
    session = Session.new(["Ann", "Bob", "Cy"], seed=seed, autosave=game)
    rng = random.Random(seed)
    for i in range(150):
        assert session.submit(careless_step(session.state, rng)).ok
        assert session.save_error is None, session.save_error
        if i % 10 == 0:
            saves.remove_leftovers()  # as if another program started meanwhile
    print(game.path)
""")


def test_two_programs_on_one_data_folder_each_keep_their_whole_game(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {**os.environ, saves.ENV_HOME: str(home), "PYTHONPATH": str(ROOT),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    procs = [subprocess.Popen([sys.executable, "-c", PLAYER, str(seed)], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for seed in (11, 12)]
    outs = [proc.communicate(timeout=240) for proc in procs]
    for proc, (_out, err) in zip(procs, outs, strict=True):
        assert proc.returncode == 0, err
    paths = [Path(out.strip()) for out, _ in outs]
    assert paths[0] != paths[1]
    for path in paths:
        record = parse_record(path.read_text("utf-8"))
        assert len(record.steps) == 150, path.name
        replay(record)  # whole: it replays to the end of its 150 steps
    assert sorted(p.name for p in (home / "games").glob("*.txt")) == sorted(p.name
                                                                          for p in paths)
    assert not list((home / "games").glob(".*.tmp")), "no write was cut short"


def test_a_new_game_never_replaces_one_in_progress() -> None:
    first = Session.new(["Ann", "Bob", "Cy"], seed=1, autosave=saves.new_game_file())
    assert first.submit(parse_step("employ")).ok
    second = Session.new(["Dee", "Eve", "Flo"], seed=2, autosave=saves.new_game_file())
    assert second.submit(parse_step("employ")).ok
    games = saves.list_games()
    assert len(games) == 2
    texts = {parse_record(g.read_text("utf-8")).names[0] for g in games}
    assert texts == {"Ann", "Dee"}
    shown = sorted(p.name for p in saves.games_dir().iterdir() if not p.name.startswith("."))
    assert shown == sorted(g.name for g in games), "the locks beside them are hidden"


LOOKER = textwrap.dedent("""
    import sys
    from scenes.core import saves
    try:
        saves.open_game(saves.list_games()[0])
    except saves.GameInUse:
        print("in use")
    else:
        print("opened")
""")


def test_a_game_is_locked_while_its_session_lives_and_free_once_left() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def look() -> str:
        return subprocess.run([sys.executable, "-c", LOOKER], cwd=ROOT, env=env, text=True,
                              capture_output=True, timeout=60, check=True).stdout.strip()

    session = Session.new(["Ann", "Bob", "Cy"], seed=1, autosave=saves.new_game_file())
    assert session.submit(parse_step("employ")).ok
    assert look() == "in use"
    del session  # the table left the game (another game dealt, the title...)
    gc.collect()
    assert look() == "opened"
    again = saves.open_game(saves.list_games()[0])  # held again by this program
    assert look() == "in use" and again.steps == ["employ"]


@pytest.mark.skipif(sys.platform.startswith("win"), reason="flock is POSIX's")
def test_a_file_system_without_locks_still_saves_every_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import fcntl

    def no_locks(fd: int, how: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_locks)
    session = Session.new(["Ann", "Bob", "Cy"], seed=1, autosave=saves.new_game_file())
    assert session.submit(parse_step("employ")).ok and session.save_error is None
    assert saves.open_game(session.autosave.path).steps == ["employ"]


def test_leaving_the_table_for_the_title_lets_go_of_the_game(app) -> None:
    game = saves.new_game_file()
    app.navigator.start(Screen.TABLE, session=Session.new(["Ann", "Bob", "Cy"], seed=1,
                                                          autosave=game))
    hand = Hand(app)
    hand.frames(2)
    assert app.stack.top.session.submit(parse_step("employ")).ok
    path = game.path
    assert path in games._HELD
    del game
    gc.disable()  # the title lets go at once, not when the collector next runs
    try:
        app.navigator.start(Screen.TITLE)
        hand.frames(2)
        assert path not in games._HELD, "another window may continue it now"
    finally:
        gc.enable()


def test_a_deal_left_before_its_first_step_is_not_kept(app) -> None:
    """New game, then back to the title at once: Continue does not list an empty deal;
    a game with a step, or one continued from its file, stays."""
    kept = Session.new(["Ann", "Bob", "Cy"], seed=1, autosave=saves.new_game_file())
    assert kept.submit(parse_step("employ")).ok and kept.autosave.played
    game = saves.new_game_file()
    app.navigator.start(Screen.TABLE, session=Session.new(["Dee", "Eve", "Flo"], seed=2,
                                                          autosave=game))
    hand = Hand(app)
    hand.frames(2)
    path = game.path
    assert path.exists() and not game.played, "dealt: saved at once, in case of a crash"
    del game
    app.navigator.start(Screen.TITLE)
    hand.frames(2)
    assert not path.exists() and saves.list_games() == [kept.autosave.path]
    assert not any(p.name.startswith(f".{path.stem}") for p in saves.games_dir().iterdir())
    # a game continued from its file is never removed, played or not
    dealt = saves.new_game_file()
    dealt.path.write_text(Session.new(["Gus", "Hal", "Ivy"], seed=3).record_text(), "utf-8")
    again = saves.open_game(dealt.path)
    assert not again.steps
    del again
    gc.collect()
    assert dealt.path.exists()


HOLDER = textwrap.dedent("""
    import sys
    from scenes.core import saves
    session = saves.open_game(saves.list_games()[0])  # held while the session lives
    print("holding", flush=True)
    sys.stdin.read()  # until the test closes it
""")


def test_a_game_another_program_plays_cannot_be_continued_here(app, tmp_path: Path) -> None:
    game = saves.new_game_file()
    Session.new(["Ann", "Bob", "Cy"], seed=1, autosave=game).submit(parse_step("employ"))
    saves.release_game(game.path)  # as if this program had quit
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    holder = subprocess.Popen([sys.executable, "-c", HOLDER], cwd=ROOT, env=env, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        assert saves.in_use_elsewhere(game.path)
        with pytest.raises(saves.GameInUse):
            saves.open_game(game.path)
        app.navigator.start(Screen.TITLE)
        app.navigator.open(Screen.CONTINUE)
        hand = Hand(app)
        hand.frames(2)
        listing = app.stack.top
        assert isinstance(listing, ContinueScene)
        read_done(listing)
        hand.click(listing.buttons[1].rect.center)
        read_done(listing)
        hand.frames(2)
        assert app.stack.top is listing and listing.message == t("continue.in_use")
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(30)
    assert not saves.in_use_elsewhere(game.path), "the lock went with its program"
    assert saves.open_game(game.path).steps == ["employ"]


def test_continue_lists_games_newest_first_and_marks_the_lesson(app) -> None:
    from scenes.table.lesson import lesson_session

    old = saves.new_game_file()
    Session.new(["Ann", "Bob", "Cy"], seed=1, autosave=old).submit(parse_step("employ"))
    os.utime(old.path, (1_000_000_000, 1_000_000_000))
    lesson = lesson_session("Ann", autosave=saves.new_game_file())
    lesson.save()
    app.navigator.start(Screen.TITLE)
    app.navigator.open(Screen.CONTINUE)
    hand = Hand(app)
    hand.frames(2)
    listing = app.stack.top
    read_done(listing)
    if listing.reading is not None:
        listing.reading.wait(60)
    hand.frames(2)
    assert listing.entries == [lesson.autosave.path, old.path]
    assert listing.row_text(lesson.autosave.path)[0].startswith("Lesson: Ann")
    title, detail = listing.row_text(old.path)
    assert title == "Ann, Bob, Cy" and detail.endswith(" · turn 1")


def test_remove_asks_first_by_mouse_and_by_the_delete_key(app) -> None:
    games = []
    for seed in (1, 2):
        game = saves.new_game_file()
        Session.new(["Ann", "Bob", "Cy"], seed=seed, autosave=game).submit(parse_step("employ"))
        games.append(game.path)
    app.navigator.start(Screen.TITLE)
    app.navigator.open(Screen.CONTINUE)
    hand = Hand(app)
    hand.frames(2)
    listing = app.stack.top
    read_done(listing)
    first = listing.entries[0]
    hand.click(listing.buttons[2].rect.center)  # the first row's Remove
    assert isinstance(app.stack.top, Confirm)
    hand.answer(False)
    assert first.exists(), "No keeps it"
    hand.click(listing.buttons[2].rect.center)
    hand.answer(True)
    assert not first.exists() and listing.entries == [p for p in games if p != first]
    hand.key(pygame.K_TAB)  # the keyboard: the ring on the row left, then Delete
    hand.key(pygame.K_DELETE)
    assert isinstance(app.stack.top, Confirm)
    assert "turn 1" in app.stack.top.question, "the question tells the game apart"
    hand.key(pygame.K_RETURN)  # No is ringed first: two quick keys remove nothing
    assert saves.list_games() == listing.entries != []
    hand.key(pygame.K_DELETE)
    hand.answer(True)
    assert saves.list_games() == [] and listing.entries == []
    hand.key(pygame.K_ESCAPE)
    hand.frames(2)
    assert not app.stack.top.continue_button.enabled, "nothing left to continue"


# ----- the one autosave of earlier versions -----------------------------------------------
def _old_autosave() -> tuple[Path, str]:
    session = Session.new(["Old", "Timer", "Zed"], seed=9)
    assert session.submit(parse_step("employ")).ok
    old = saves.data_dir() / saves.AUTOSAVE
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text(session.record_text(), "utf-8")
    os.utime(old, (1_600_000_000, 1_600_000_000))
    return old, session.record_text()


def test_an_earlier_versions_autosave_joins_the_games_at_start_up() -> None:
    old, text = _old_autosave()
    game = Session.new(["Ann", "Bob", "Cy"], seed=1, autosave=saves.new_game_file())
    assert game.submit(parse_step("employ")).ok
    moved = saves.adopt_old_autosave()
    assert moved is not None and not old.exists()
    assert moved.parent == saves.games_dir() and moved.read_text("utf-8") == text
    assert saves.list_games() == [game.autosave.path, moved], "listed by its own date"
    assert saves.open_game(moved).steps == ["employ"]
    assert saves.adopt_old_autosave() is None, "nothing left to adopt"


def test_an_old_autosave_that_cannot_be_moved_is_listed_where_it_is() -> None:
    old, text = _old_autosave()
    saves.games_dir().write_text("not a folder", "utf-8")  # games/ cannot be made
    assert saves.adopt_old_autosave() is None
    assert old.read_text("utf-8") == text, "left whole where it was"
    assert saves.list_games() == [old]
    assert saves.open_game(old).names == ["Old", "Timer", "Zed"]


# ----- settings that cannot be read ------------------------------------------------------
def test_settings_that_cannot_be_read_are_named_and_never_written_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = saves.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    kept = json.dumps({"names": ["Ann", "Bob"], "players": 3, "volume": 40})
    path.write_text(kept, "utf-8")
    real = saves.read_bounded

    def refused(p: Path, limit: int) -> bytes:
        if Path(p) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(p))
        return real(p, limit)

    monkeypatch.setattr(saves, "read_bounded", refused)
    settings, notice = saves.load_settings()
    assert notice is not None and notice.key == "msg.settings_unreadable"
    said = t(notice.key, **notice.values)
    assert str(path) in said and "not allowed to read" in said
    assert "written" not in said, "a read is not blamed on a write"
    settings.palette = "colorblind"
    saves.save_settings(settings)  # the unreadable file is set aside first, kept whole
    aside = list(path.parent.glob("settings.unreadable-*.json"))
    assert len(aside) == 1 and aside[0].read_text("utf-8") == kept
    assert json.loads(path.read_text("utf-8"))["palette"] == "colorblind"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_data_folder_that_is_a_loop_of_links_is_said_so(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    loop = tmp_path / "loop"
    os.symlink(loop, loop)
    monkeypatch.setenv(saves.ENV_HOME, str(loop))
    settings, notice = saves.load_settings()
    assert notice is not None
    said = t(notice.key, **notice.values)
    assert "leads back to itself" in said and str(loop) in said
    with pytest.raises(OSError) as caught:
        saves.save_settings(settings)
    why = saves.why_not_written(caught.value)
    assert why.key == "save.why.loop" and why.values["folder"] == str(loop)


# ----- records for sharing are readable by others ------------------------------------------
@pytest.mark.skipif(sys.platform.startswith("win"), reason="POSIX permissions")
def test_a_record_saved_for_sharing_is_readable_by_others_and_games_are_private() -> None:
    old = os.umask(0o022)
    try:
        game = saves.new_game_file()
        session = Session.new(["Ann", "Bob", "Cy"], seed=1, autosave=game)
        assert session.submit(parse_step("employ")).ok
        record = saves.save_record(session)
    finally:
        os.umask(old)
    assert stat.S_IMODE(record.stat().st_mode) == 0o644
    assert stat.S_IMODE(game.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(saves.atomic_write(saves.settings_path(), "{}").stat().st_mode) == 0o600


@pytest.mark.skipif(sys.platform.startswith("win"), reason="POSIX permissions")
def test_a_record_saved_to_documents_is_shared_too_and_the_umask_is_obeyed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    documents = tmp_path / "Documents"
    documents.mkdir()
    monkeypatch.setattr(saves, "elsewhere_dirs", lambda: [documents])
    saves.data_dir().mkdir(parents=True, exist_ok=True)
    saves.records_dir().write_text("not a folder", "utf-8")  # the records folder refuses
    session = Session.new(["Ann", "Bob", "Cy"], seed=1)
    old = os.umask(0o022)
    try:
        copy = saves.save_record(session)
        os.umask(0o077)  # a player who shares nothing: their wish is kept
        private = saves.save_record(session)
    finally:
        os.umask(old)
    assert copy.parent == documents and stat.S_IMODE(copy.stat().st_mode) == 0o644
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
