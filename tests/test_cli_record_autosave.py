"""A record opened from the command line never writes over anything: an earlier
version's single autosave, readable or not, joins the list of games at start-up, and
the record plays on in a game file of its own."""

from __future__ import annotations

from pathlib import Path

from scenes.core.saves import AUTOSAVE, data_dir, list_games
from scenes.main import main

GOLDEN = Path(__file__).parent / "golden" / "four-players.txt"


def test_an_unreadable_old_autosave_is_kept_among_the_games() -> None:
    old = data_dir() / AUTOSAVE
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_bytes(b"\xff\xfe not a record")
    assert main([str(GOLDEN), "--screenshot", str(data_dir() / "shot.png")]) == 0
    assert not old.exists()
    games = list_games()
    assert [g.read_bytes() for g in games] == [b"\xff\xfe not a record"]


def test_a_readable_old_autosave_is_kept_and_the_record_is_not_written_over() -> None:
    old = data_dir() / AUTOSAVE
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text(GOLDEN.read_text("utf-8"), "utf-8")
    before = GOLDEN.read_bytes()
    assert main([str(GOLDEN), "--screenshot", str(data_dir() / "shot.png")]) == 0
    assert GOLDEN.read_bytes() == before
    assert len(list_games()) == 1  # the old game; the record made no step here
