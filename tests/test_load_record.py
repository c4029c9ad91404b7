"""Load record…: each record told by its players, date and progress or result, newest
first, read in the background; and a record opened by its typed path."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pygame
import pytest
from gamefiles import write_game
from tablehelp import read_done

import scenes.screens.load_record as load_module
from scenes.core.navigator import Screen
from scenes.core.saves import RecordSummary, records_dir, summarize_record
from scenes.screens.load_record import DATE_FORMAT, LoadRecordScene
from scenes.selftest.gestures import Hand
from scenes.table.scene import TableScene

GOLDEN = Path(__file__).parent / "golden"
FINISHED = GOLDEN / "four-players.txt"           # Dan wins with 5 VP
THREE = GOLDEN / "three-players-first-game-ship-only.txt"


def _lines(path: Path, n: int) -> str:
    """The header and the first ``n`` steps of a record (a game still in progress)."""
    text = path.read_text("utf-8").splitlines()
    header = [line for line in text if line.startswith("[")]
    steps = [line for line in text if line and not line.startswith("[")]
    return "\n".join(header + steps[:n]) + "\n"


def _put(name: str, text: str, mtime: float) -> Path:
    records_dir().mkdir(parents=True, exist_ok=True)
    path = records_dir() / name
    path.write_text(text, "utf-8")
    os.utime(path, (mtime, mtime))
    return path


# ----- the summary, without a window --------------------------------------------------------
def test_a_finished_record_says_who_won_and_with_what() -> None:
    summary = summarize_record(_put("done.txt", FINISHED.read_text("utf-8"), 1000))
    assert summary.names == ("Ann", "Bea", "Cy", "Dan") and summary.over
    assert summary.winners == ("Dan",) and summary.score == 5
    assert summary.modified == 1000 and summary.error is None


def test_a_game_in_progress_says_the_turn_it_reached() -> None:
    text = _lines(THREE, 40)
    ends = sum(1 for line in text.splitlines() if line.strip().lower() == "end")
    summary = summarize_record(_put("going.txt", text, 1000))
    assert not summary.over and summary.turn == ends + 1 and summary.steps == 40
    assert ends >= 3, "the sample reaches past the first turns"


def test_a_long_record_is_counted_not_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    import scenes.core.saves as saves

    def no_replay(record: object) -> object:
        raise AssertionError("a long record must not be replayed for its summary")

    monkeypatch.setattr(saves, "replay", no_replay)
    summary = summarize_record(_put("long.txt", FINISHED.read_text("utf-8"), 1000),
                               replay_limit=100)
    assert summary.names[0] == "Ann" and not summary.over and summary.turn == 74


def test_an_unreadable_record_says_why_by_its_name() -> None:
    summary = summarize_record(_put("broken.txt", '[Players "Ann, Bob"]\n', 1000))
    assert summary.error is not None and summary.names == ()
    assert str(summary.error) == "line 1: the header has no [Towns]", "the row names the file"
    gone = summarize_record(records_dir() / "gone.txt")
    assert str(gone.error) == "gone.txt: no such file", "a short name, not the whole path"


# ----- the screen ---------------------------------------------------------------------------
def _open_list(app) -> tuple[Hand, LoadRecordScene]:
    app.navigator.start(Screen.TITLE)
    app.navigator.open(Screen.LOAD_RECORD)
    hand = Hand(app)
    hand.frames(2)
    listing = hand.top()
    assert isinstance(listing, LoadRecordScene)
    return hand, listing


def _rows(listing: LoadRecordScene) -> list[tuple[str, str]]:
    _back, *buttons = listing.buttons
    return [row.lines() for row in buttons[0::2]]  # type: ignore[attr-defined]


def test_records_show_players_date_and_turn_or_result_newest_first(app) -> None:
    now = time.time()
    _put("old-game.txt", _lines(THREE, 40), now - 86400)
    _put("finished.txt", FINISHED.read_text("utf-8"), now - 3600)
    _put("broken.txt", "[Players \"Ann\"]\n", now - 7200)
    game = write_game(_lines(FINISHED, 20))  # a game in progress: listed as a recent game
    os.utime(game, (now - 60, now - 60))
    hand, listing = _open_list(app)
    assert listing.reading is not None
    listing.reading.wait(60)
    hand.frames(2)
    rows = _rows(listing)
    day = time.strftime(DATE_FORMAT, time.localtime(now - 3600))
    assert rows[0] == ("Ann, Bea, Cy, Dan",
                       f"Recent game · {time.strftime(DATE_FORMAT, time.localtime(now - 60))}"
                       " · turn 6")
    assert rows[1] == ("Ann, Bea, Cy, Dan", f"Saved record · {day} · Dan won with 5 VP")
    assert rows[2] == ("broken.txt", "Cannot be opened: line 1: the header has no [Towns]")
    ends = _lines(THREE, 40).lower().split("\n").count("end")
    assert rows[3] == ("Eve, Flo, Gus",
                       f"Saved record · "
                       f"{time.strftime(DATE_FORMAT, time.localtime(now - 86400))} · "
                       f"turn {ends + 1}")
    assert [e.name for e in listing.entries] == [
        game.name, "finished.txt", "broken.txt", "old-game.txt"], "newest first"


def test_the_list_is_read_in_the_background_and_scrolls(app,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    now = time.time()
    for i in range(9):
        _put(f"game-{i}.txt", _lines(THREE, 10 + i), now - 60 * i)
    release = threading.Event()
    real = load_module.summarize_record

    def slow(path: Path) -> RecordSummary:  # as slow as a huge record, until released
        release.wait(60)
        return real(path)

    monkeypatch.setattr(load_module, "summarize_record", slow)
    hand, listing = _open_list(app)
    before = app.frames
    hand.frames(5)
    assert app.frames == before + 5, "the window keeps drawing meanwhile"
    assert _rows(listing)[0] == ("game-0.txt", "Reading…")
    assert len(_rows(listing)) == load_module.ROWS
    release.set()
    assert listing.reading is not None
    listing.reading.wait(60)
    hand.frames(2)
    assert _rows(listing)[0][0] == "Eve, Flo, Gus"
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    hand.frames(2)
    assert listing.top == 1
    hand.key(pygame.K_PAGEDOWN)
    hand.frames(2)
    assert listing.top == 9 - load_module.ROWS, "no further than the last record"
    assert listing.entries[listing.top + load_module.ROWS - 1].name == "game-8.txt"


def test_a_typed_path_opens_that_record(app, tmp_path: Path) -> None:
    elsewhere = tmp_path / "from a friend.txt"
    elsewhere.write_text(_lines(THREE, 12), "utf-8")
    hand, listing = _open_list(app)
    hand.click(listing.open_button.rect.center)
    assert listing.message == "Type the path of a record first, then Open."
    hand.click(listing.path_field.rect.center)
    assert listing.path_field.focused
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(tmp_path / "nothing.txt")))
    hand.key(pygame.K_RETURN)
    hand.frames(2)
    read_done(listing)
    hand.frames(2)
    assert hand.top() is listing and listing.message is not None
    assert "nothing.txt: no such file" in listing.message
    listing.path_field.value = ""
    hand.click(listing.path_field.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(elsewhere)))
    hand.frames(2)
    hand.click(listing.open_button.rect.center)
    read_done(listing)
    hand.frames(30)
    assert isinstance(hand.table, TableScene)
    assert len(hand.table.session.steps) == 12
