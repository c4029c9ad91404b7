"""Every file and disk a player has: nothing crashes, nothing hangs, nothing is lost.

A data folder that refuses writes (a file in its place, a full or read-only disk),
damaged autosaves and settings, pipes and devices where files should be, NUL and
control characters in whatever the client reads, long records read in the
background, leftovers of a crash, and the smoke run on a copy of a player's files.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from gamefiles import newest_game_text
from tablehelp import read_done, table_at

from game.record import parse_record, read_record_file, replay
from game.steps import parse_step
from scenes.core import files, saves
from scenes.core.navigator import Screen
from scenes.core.saves import Settings, new_game_file
from scenes.core.session import Session
from scenes.screens.title import TitleScene
from scenes.selftest.gestures import Hand
from scenes.text.catalog import t
from scenes.text.fitting import fit_lines, fit_size
from scenes.text.fonts import drawable, render, wrap
from scenes.ui.overlays import Confirm

ROOT = Path(__file__).resolve().parent.parent
TOWNS_3 = "T01 T07 T12 T05 T03 T09 T02 T11 T08"
HEADER_3 = f'[Players "Ann, Bob, Cy"]\n[Towns "{TOWNS_3}"]\n'
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


def frames(app, n: int = 2) -> None:
    app.run(max_frames=app.frames + n, fixed_dt=1 / 30)


def open_title(app) -> TitleScene:
    app.start(TitleScene())
    title = app.stack.top
    assert isinstance(title, TitleScene)
    frames(app)
    return title


def open_continue(app):
    """The Continue list over the title, every game's summary read."""
    from scenes.screens.continue_game import ContinueScene

    open_title(app)
    app.navigator.open(Screen.CONTINUE)
    frames(app, 2)
    listing = app.stack.top
    assert isinstance(listing, ContinueScene)
    read_done(listing)
    if listing.reading is not None:
        listing.reading.wait(60)
    frames(app, 2)
    return listing


def put_game(home: Path, data: bytes, name: str = "2026-01-02-030405-abcdef.txt") -> Path:
    """A game file as a disk may leave it: any bytes at all."""
    path = home / saves.GAMES / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


# ----- an autosave that cannot be written ---------------------------------------------
def test_play_goes_on_when_the_data_folder_is_a_file(app, home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("I am a file, not a folder", "utf-8")
    hand = table_at(app, [], autosave=new_game_file())
    table = hand.table
    hand.play("employ")  # the autosave fails: no crash, the step is made
    assert table.session.steps == ["employ"] and table.session.save_error is not None
    question = hand.top()
    assert isinstance(question, Confirm), "told at once, at the table"
    assert question.question == t("confirm.not_saving", reason=t("save.why.not_folder",
                                                                  folder=str(home)))
    assert "Errno" not in question.question
    hand.answer(False)
    assert table.view.status.startswith("Not saved: ") and str(home) in table.view.status
    hand.play("employ")  # still failing: tried again, and not said again
    assert hand.top() is table and table.session.save_error is not None
    home.unlink()  # the player mends the folder: the next step saves, and says so
    hand.play("end")
    assert table.session.save_error is None
    assert table.view.status == t("status.saving_again")
    assert parse_record(newest_game_text() or "").step_texts() == ["employ", "employ", "end"]


def test_a_copy_of_the_record_is_saved_elsewhere(app, home: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("", "utf-8")
    documents = tmp_path / "Documents"
    documents.mkdir()
    monkeypatch.setattr(saves, "elsewhere_dirs", lambda: [tmp_path / "missing", documents])
    hand = table_at(app, ["employ"], autosave=new_game_file())
    hand.frames(2)
    hand.answer(True)  # "Save a copy of the record elsewhere?"
    copies = list(documents.glob("sail-to-india-*.txt"))
    assert len(copies) == 1
    assert hand.table.view.status == t("status.saved_elsewhere", path=str(copies[0]))
    assert read_record_file(copies[0]).step_texts() == ["employ"]


def test_save_record_failing_everywhere_is_one_sentence(app, home: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("", "utf-8")
    monkeypatch.setattr(saves, "elsewhere_dirs", lambda: [])
    hand = table_at(app, ["employ"], autosave=new_game_file())
    hand.frames(2)
    hand.answer(True)
    status = hand.table.view.status
    assert status == t("status.save_failed", reason=t("save.why.not_folder", folder=str(home)))
    assert "Errno" not in status and "\n" not in status


@pytest.mark.parametrize(("code", "key"), [
    (errno.ENOSPC, "save.why.full"), (errno.EROFS, "save.why.read_only"),
    (errno.EACCES, "save.why.read_only"), (errno.EIO, "save.why.other"),
])
def test_why_a_write_failed_is_said_in_words(home: Path, monkeypatch: pytest.MonkeyPatch,
                                             code: int, key: str) -> None:
    def refused(src: str, dst: str) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(files.os, "replace", refused)
    session = Session(["Ann", "Bob", "Cy"], TOWNS_3.split(), autosave=new_game_file())
    assert session.submit(parse_step("employ")).ok, "a refused write never refuses the step"
    assert session.save_error is not None
    reason = saves.why_not_written(session.save_error)
    assert reason.key == key
    said = t("status.not_saving", reason=reason)
    assert "Errno" not in said and "[" not in said
    assert not list(home.glob(".*.tmp")), "no temporary file is left behind"


def test_a_new_game_is_dealt_even_when_the_disk_refuses(app, home: Path) -> None:
    from scenes.screens.setup import SetupScene

    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("", "utf-8")
    app.start(SetupScene())
    hand = Hand(app)
    setup = app.stack.top
    hand.click(setup.start_button.rect.center)
    hand.frames(30)
    assert isinstance(hand.top(), Confirm), "the table says the game is not being saved"
    assert hand.table.session.save_error is not None


def test_a_setting_that_cannot_be_saved_is_a_sentence(app, home: Path) -> None:
    from scenes.screens.settings import SettingsOverlay

    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("", "utf-8")
    app.start(SettingsOverlay())
    overlay = app.stack.top
    hand = Hand(app)
    hand.click(overlay.confirm.rect.center)  # a toggle: changed and saved at once
    assert overlay.trouble is not None and overlay.trouble.key == "msg.settings_not_saved"
    said = t(overlay.trouble.key, **overlay.trouble.values)
    assert said == f"Your settings could not be saved: {home} is a file, not a folder."
    assert app.notice is None, "said under the change, not again on the title"


def test_settings_in_a_data_folder_that_is_a_file(home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("", "utf-8")
    settings, notice = saves.load_settings()
    assert settings == Settings() and notice is not None
    said = t(notice.key, **notice.values)
    assert said == (f"Your settings could not be read from {home / 'settings.json'} "
                    f"({home} is a file, not a folder), so defaults are used.")
    assert "kept as" not in said


def test_the_folder_is_synced_after_the_rename(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    monkeypatch.setattr(files.os, "fsync", fsync)
    saves.atomic_write(home / "autosave.txt", "text")
    if sys.platform.startswith("win"):
        assert synced == ["file"]
    else:
        assert synced == ["file", "folder"]


def test_only_old_leftovers_of_a_crash_are_removed_at_start(home: Path) -> None:
    """A temporary file is removed only when it is old enough that no running program
    can still be writing it: a second program starting must not delete the first one's
    write under way."""
    from scenes.main import make_app

    (home / "records").mkdir(parents=True)
    (home / "games").mkdir(parents=True)
    old = time.time() - 2 * saves.LEFTOVER_AGE
    leftovers = [home / ".autosave.txt.k2j4.tmp", home / ".settings.json.x9.tmp",
                 home / "records" / ".2026-01-01-Ann.txt.q1.tmp",
                 home / "games" / ".2026-01-01-120000-abcdef.txt.z8.tmp"]
    for path in leftovers:
        path.write_text("half a file", "utf-8")
        os.utime(path, (old, old))
    in_flight = home / "games" / ".2026-01-01-120000-fedcba.txt.w1.tmp"
    in_flight.write_text("another program's write, under way", "utf-8")
    kept = [home / "notes.tmp", home / "records" / "game.txt", in_flight]
    for path in kept[:2]:
        path.write_text(HEADER_3, "utf-8")
    make_app()
    assert not any(path.exists() for path in leftovers)
    assert all(path.exists() for path in kept)


# ----- NUL and control characters --------------------------------------------------
@pytest.mark.parametrize("text", ["employ\0", "a\ud800b", "\x1b[2J\x07", "a\u2028b", ""])
def test_any_text_can_be_drawn(text: str) -> None:
    pygame.font.init()
    assert render(text).get_height() > 0
    assert fit_size(text, "text", 20, 100) > 0
    assert wrap(text + "\nnext", "text", 20, 200)
    assert fit_lines(text, "text", 20, 200, 2)
    assert "\0" not in drawable(text) and "\x1b" not in drawable(text)


def test_names_from_the_settings_file_obey_the_rule(app, home: Path) -> None:
    from scenes.main import make_app
    from scenes.screens.setup import SetupScene

    home.mkdir(parents=True)
    names = ["\u0000", 'A"x', "B,C", "  Dee  "]
    (home / "settings.json").write_text(json.dumps({"names": names, "players": 4}), "utf-8")
    application = make_app()
    assert application.settings.names == ["", "", "", "Dee"]
    application.start(SetupScene())
    setup = application.stack.top
    assert [f.value for f in setup.names] == ["Ann", "Bob", "Cy", "Dee"]
    hand = Hand(application)
    hand.frames(2)  # drawn: no NUL reaches pygame
    hand.click(setup.start_button.rect.center)
    record = parse_record(newest_game_text() or "")
    assert sorted(record.names) == ["Ann", "Bob", "Cy", "Dee"]
    replay(record)


def test_setup_checks_the_names_again(app, home: Path) -> None:
    from scenes.screens.setup import SetupScene

    app.start(SetupScene())
    setup = app.stack.top
    setup.names[2].value = "Cy\x1b"  # as if it came from a file, past the field's filter
    Hand(app).click(setup.start_button.rect.center)
    assert app.stack.top is setup and setup.message
    assert setup.message.startswith("A name cannot be used: the name 'Cy\\x1b' cannot contain")
    assert not saves.list_games()


def test_session_new_refuses_a_name_with_a_newline_or_only_spaces() -> None:
    saved: list[str] = []
    for names in (["Ann", "B\nob", "Cy"], ["Ann", "   ", "Cy"], ['A"x', "B", "C"]):
        with pytest.raises(ValueError):
            Session.new(names, seed=1, autosave=saved.append)
    assert saved == [], "nothing was written for a game that could not start"


@pytest.mark.parametrize(("data", "said"), [
    ((HEADER_3 + "employ\0\n").encode(), "2026-01-02-030405-abcdef.txt: not a text file"),
    ((HEADER_3 + "employ \x1b[2J\n").encode(),
     "line 3: employ \\x1b[2J: U+001B is not part of the notation"),
    (f'[Players "Ann, B\x01ob, Cy"]\n[Towns "{TOWNS_3}"]\n'.encode(), "line 1: [Players]"),
])
def test_control_characters_in_a_saved_game_reach_the_list_escaped(app, home: Path,
                                                                     data: bytes,
                                                                     said: str) -> None:
    game = put_game(home, data)
    listing = open_continue(app)
    _, detail = listing.row_text(game)
    assert said in detail, detail
    assert all(ch.isprintable() for ch in detail)
    frames(app, 3)  # drawn without pygame refusing anything


# ----- a saved game that cannot be read ------------------------------------------
DAMAGED = {
    "truncated": b'[Game "Sail to India"]\n[Players "Ann, Bob',
    "garbage": b"\xff\xfe\x81garbage\x9c\n",
    "wrong shape": b'{"players": ["Ann", "Bob", "Cy"]}\n',
    "illegal step": (HEADER_3 + "employ\nmove L-3\n").encode(),
    "empty": b"",
}


@pytest.mark.parametrize("kind", list(DAMAGED))
def test_an_unreadable_game_is_listed_with_why_and_never_written_over(app, home: Path,
                                                                     kind: str) -> None:
    from scenes.screens.setup import SetupScene
    from scenes.table.scene import TableScene

    data = DAMAGED[kind]
    game = put_game(home, data)
    listing = open_continue(app)
    title, detail = listing.row_text(game)
    assert title == game.name and detail.startswith("Cannot be opened: ")
    listing.choose(game)  # chosen anyway: one sentence, nothing changed
    read_done(listing)
    frames(app, 2)
    assert app.stack.top is listing and listing.message
    assert listing.message.startswith("That record could not be opened: ")
    hand = Hand(app)
    hand.key(pygame.K_ESCAPE)
    title_scene = app.stack.top
    assert isinstance(title_scene, TitleScene) and title_scene.continue_button.enabled
    hand.click(title_scene.new_button.rect.center)
    hand.frames(30)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    hand.click(setup.start_button.rect.center)
    hand.frames(10)
    assert isinstance(hand.table, TableScene)
    hand.dismiss_handoff()
    hand.play("employ")
    assert len(saves.list_games()) == 2, "the new game saves to a file of its own"
    assert game.read_bytes() == data, "the old one is never written over"


def test_an_oversized_game_is_refused_like_any_record(app, home: Path) -> None:
    game = put_game(home, b"")
    with game.open("wb") as f:
        f.truncate(100 * 1024 * 1024)  # sparse: nothing is really written
    listing = open_continue(app)
    assert "too large for a record (the limit is 4 MB)" in listing.row_text(game)[1]
    assert game.stat().st_size == 100 * 1024 * 1024


@needs_fifo
def test_a_fifo_among_the_games_is_not_listed(home: Path) -> None:
    (home / "games").mkdir(parents=True)
    os.mkfifo(home / "games" / "pipe.txt")
    game = put_game(home, HEADER_3.encode())
    assert saves.list_games() == [game]


@pytest.mark.skipif(not Path("/dev/zero").exists() or not hasattr(os, "symlink"),
                    reason="needs /dev/zero")
def test_a_game_pointing_at_a_device_is_not_listed(home: Path) -> None:
    (home / "games").mkdir(parents=True)
    os.symlink("/dev/zero", home / "games" / "zero.txt")
    assert saves.list_games() == []


@needs_fifo
def test_a_fifo_among_the_records_is_not_listed(home: Path) -> None:
    folder = home / "records"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.txt")
    (folder / "game.txt").write_text(HEADER_3, "utf-8")
    assert [p.name for p in saves.list_records()] == ["game.txt"]


@needs_fifo
def test_a_fifo_settings_file_is_set_aside(home: Path) -> None:
    home.mkdir(parents=True)
    os.mkfifo(home / "settings.json")
    settings, notice = saves.load_settings()
    assert settings == Settings() and notice is not None and notice.key == "msg.settings_corrupt"
    assert not (home / "settings.json").exists()


# ----- long records never freeze the window --------------------------------------------
def test_a_saved_game_is_opened_in_the_background(app, home: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import scenes.screens.continue_game as continue_module
    from scenes.table.scene import TableScene

    game = put_game(home, (HEADER_3 + "employ\n").encode())
    release = threading.Event()
    real = continue_module.open_game

    def slow(path: Path) -> Session:  # as long as a huge record takes, until released
        release.wait(60)
        return real(path)

    monkeypatch.setattr(continue_module, "open_game", slow)
    listing = open_continue(app)
    listing.choose(game)
    frames(app, 5)  # the window keeps drawing meanwhile
    assert app.stack.top is listing and listing.message == t("load.opening", name=game.name)
    release.set()
    read_done(listing)
    frames(app, 30)
    table = Hand(app).table
    assert isinstance(table, TableScene) and table.session.steps == ["employ"]
    assert table.session.autosave.path == game, "it goes on saving to its own file"


def test_a_record_is_opened_in_the_background(app, home: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import scenes.screens.load_record as load_module
    from scenes.table.scene import TableScene

    (home / "records").mkdir(parents=True)
    (home / "records" / "game.txt").write_text(HEADER_3 + "employ\n", "utf-8")
    release = threading.Event()
    real = load_module.open_record

    def slow(path: Path) -> Session:
        release.wait(60)
        return real(path)

    monkeypatch.setattr(load_module, "open_record", slow)
    app.start(TitleScene())
    frames(app)
    app.navigator.open(Screen.LOAD_RECORD)
    frames(app, 30)
    listing = app.stack.top
    listing.choose(home / "records" / "game.txt")
    frames(app, 5)
    assert app.stack.top is listing and listing.message == t("load.opening", name="game.txt")
    release.set()
    read_done(listing)
    frames(app, 30)
    assert isinstance(Hand(app).table, TableScene)


# ----- the smoke run on a copy of a player's files ---------------------------------------
def test_smoke_runs_on_a_copy_of_a_players_files_and_cleans_up(tmp_path: Path) -> None:
    player = tmp_path / "player"
    (player / "records").mkdir(parents=True)
    files = {
        player / "settings.json": json.dumps({"names": ["A\"x", "\u0000"], "players": 3}),
        player / "autosave.txt": HEADER_3 + "employ\0\n",
        player / "records" / "old.txt": HEADER_3 + "employ\n",
    }
    for path, text in files.items():
        path.write_text(text, "utf-8")
    if hasattr(os, "mkfifo"):
        os.mkfifo(player / "records" / "pipe.txt")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TMPDIR": str(scratch), "TEMP": str(scratch), "TMP": str(scratch)}
    env.pop(saves.ENV_HOME, None)
    proc = subprocess.run([sys.executable, "-m", "scenes", "--smoke", "--home", str(player)],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1].startswith("smoke: ok")
    assert "smoke: 1 saved game(s) to continue" in proc.stdout
    assert "smoke: a saved game cannot be opened: " in proc.stdout
    assert list(scratch.iterdir()) == [], "the temporary home is removed"
    for path, text in files.items():
        assert path.read_text("utf-8") == text, "the player's own files are untouched"
    assert sorted(p.name for p in player.iterdir()) == ["autosave.txt", "records",
                                                        "settings.json"]


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    from scenes.text import catalog

    catalog.set_language("en")
    yield


def test_nul_in_every_setting_and_record_name_reaches_no_font(home: Path) -> None:
    from scenes.main import make_app

    home.mkdir(parents=True)
    data = {"names": ["\u0000"], "window": "\u0000x\u0000", "language": "\u0000",
            "palette": "\u0000", "anim_speed": "\u0000", "future": "\u0000"}
    (home / "settings.json").write_text(json.dumps(data), "utf-8")
    folder = home / "records"
    folder.mkdir()
    (folder / "odd\x1b[2Jname.txt").write_bytes((HEADER_3 + "employ\0\n").encode())
    application = make_app()
    assert application.settings.names == [""]
    open_title(application)
    application.navigator.open(Screen.LOAD_RECORD)
    frames(application, 30)  # the record's name, control characters and all, is drawn
    listing = application.stack.top
    listing.choose(folder / "odd\x1b[2Jname.txt")
    read_done(listing)
    frames(application, 3)
    assert listing.message and "not a text file" in listing.message
    assert "\x1b" not in listing.message


# ----- a games folder this program may not search -----------------------------------------
@pytest.fixture
def unsearchable(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``games/`` left by a run as another user: mode 000, so nothing in it can be listed,
    looked up, created or opened. Under root, which the permissions do not stop, the
    system's refusal is played by the os functions themselves."""
    folder = home / saves.GAMES
    folder.mkdir(parents=True)
    folder.chmod(0)
    if os.geteuid() != 0:
        yield folder
        folder.chmod(0o700)
        return

    def refused(path: object) -> bool:
        try:
            target = Path(os.fsdecode(path)).absolute()  # type: ignore[arg-type]
        except TypeError:
            return False  # a descriptor
        return target.parent == folder or folder in target.parents

    def guard(name: str, listing: bool = False) -> None:
        real = getattr(os, name)

        def call(path: object, *args: object, **kwargs: object) -> object:
            inside = listing and Path(os.fsdecode(path)).absolute() == folder  # type: ignore[arg-type]
            if inside or refused(path):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))  # type: ignore[arg-type]
            return real(path, *args, **kwargs)

        monkeypatch.setattr(os, name, call)

    for name in ("stat", "lstat", "open", "mkdir", "unlink", "rmdir"):
        guard(name)
    for name in ("listdir", "scandir"):
        guard(name, listing=True)
    yield folder
    monkeypatch.undo()
    folder.chmod(0o700)


def _told_not_saving(hand: Hand, folder: Path, status: bool = True) -> None:
    """The table's one sentence, as for a full disk: the game plays on unsaved (also on
    the status line, where the lesson does not keep its own words)."""
    question = hand.top()
    assert isinstance(question, Confirm), "told at once, at the table"
    reason = t("save.why.read_only", folder=str(folder))
    assert question.question == t("confirm.not_saving", reason=reason)
    hand.answer(False)
    assert not status or hand.table.view.status == t("status.not_saving", reason=reason)


def test_an_unsearchable_games_folder_is_one_sentence_at_new_game(app, unsearchable: Path) -> None:
    from scenes.screens.setup import SetupScene

    assert saves.list_games() == [] and not saves.has_games()
    app.start(SetupScene())
    hand = Hand(app)
    hand.click(app.stack.top.start_button.rect.center)
    hand.frames(30)
    session = hand.table.session
    assert session.save_error is not None
    _told_not_saving(hand, unsearchable)
    hand.play("employ")  # play goes on, unsaved
    assert session.steps[-1] == "employ" and hand.top() is hand.table


def test_an_unsearchable_games_folder_is_one_sentence_in_the_lesson(app,
                                                                     unsearchable: Path) -> None:
    title = open_title(app)
    title.learn()
    frames(app, 40)  # past the fade
    hand = Hand(app)
    table = hand.table
    assert table.lesson is not None and table.session.save_error is not None
    # where the lesson stands could not be written: said as the table says it
    _told_not_saving(hand, unsearchable, status=False)
    table.lesson.next()
    table.lesson.next()
    hand.play("employ")  # the lesson goes on, unsaved
    assert table.session.steps == ["employ"] and table.lesson.position == 3


def test_an_unsearchable_games_folder_when_a_record_is_opened(app, unsearchable: Path,
                                                              tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(HEADER_3 + "employ\n", "utf-8")
    session = saves.open_record(record)
    assert session.steps == ["employ"]
    assert session.submit(parse_step("employ")).ok, "a refused autosave never refuses the step"
    assert session.save_error is not None and session.save_error.errno == errno.EACCES
    listing = open_continue(app)
    assert listing.entries == []


@pytest.mark.parametrize("mark", [b"\xef\xbb\xbf", b""])
def test_settings_saved_with_a_byte_order_mark_are_read(home: Path, mark: bytes) -> None:
    """Notepad begins a UTF-8 file with a byte-order mark: the settings are read, not
    called damaged and set aside; "Unicode" (UTF-16 with its mark) too."""
    path = saves.settings_path()
    path.parent.mkdir(parents=True)
    text = json.dumps({"names": ["Zoé", "Bob"], "palette": "colorblind", "text_size": 125})
    path.write_bytes(mark + text.encode("utf-8"))
    settings, notice = saves.load_settings()
    assert notice is None
    assert (settings.names[0], settings.palette, settings.text_size) == ("Zoé", "colorblind", 125)
    assert not list(path.parent.glob("settings.corrupt-*"))
    path.write_bytes(text.encode("utf-16"))  # with its mark, as Notepad's "Unicode"
    settings, notice = saves.load_settings()
    assert notice is None and settings.names[0] == "Zoé"
