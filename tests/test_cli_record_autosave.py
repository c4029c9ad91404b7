"""A record opened from the command line never writes over an unreadable autosave."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenes.core.saves import autosave_path, data_dir
from scenes.main import main

GOLDEN = Path(__file__).parent / "golden" / "four-players.txt"


def test_an_unreadable_autosave_is_set_aside_before_a_record_plays_on(
        capsys: pytest.CaptureFixture[str]) -> None:
    autosave = autosave_path()
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_bytes(b"\xff\xfe not a record")
    assert main([str(GOLDEN), "--screenshot", str(data_dir() / "shot.png")]) == 0
    kept = [p for p in data_dir().iterdir() if p.name.startswith("autosave.unreadable")]
    assert len(kept) == 1 and kept[0].read_bytes() == b"\xff\xfe not a record"
    err = capsys.readouterr().err
    assert "cannot be read" in err and kept[0].name in err


def test_a_readable_autosave_is_left_for_the_new_game_to_replace() -> None:
    autosave = autosave_path()
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_text(GOLDEN.read_text("utf-8"), "utf-8")
    assert main([str(GOLDEN), "--screenshot", str(data_dir() / "shot.png")]) == 0
    assert not [p for p in data_dir().iterdir() if p.name.startswith("autosave.unreadable")]
