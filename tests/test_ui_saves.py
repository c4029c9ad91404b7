"""Saves: the data directory, atomic writes, the autosave, and settings that survive damage."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from scenes.core import files, saves
from scenes.core.saves import Settings
from scenes.text.catalog import t


def test_env_var_chooses_the_data_dir(home: Path) -> None:
    assert saves.data_dir() == home
    assert saves.games_dir() == home / saves.GAMES


def test_platform_data_dir_without_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(saves.ENV_HOME)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(files.sys, "platform", "linux")
    assert saves.data_dir() == tmp_path / "xdg" / "sail-to-india"
    monkeypatch.setattr(files.sys, "platform", "darwin")
    assert saves.data_dir().parts[-2:] == ("Application Support", "Sail to India")
    monkeypatch.setattr(files.sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    assert saves.data_dir() == tmp_path / "roaming" / "Sail to India"


def test_atomic_write_creates_replaces_and_leaves_no_temp(home: Path) -> None:
    target = home / "deep" / "file.txt"
    saves.atomic_write(target, "one")
    saves.atomic_write(target, "two")
    assert target.read_text("utf-8") == "two"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.txt"]


def test_failed_write_keeps_the_old_file(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = home / "file.txt"
    saves.atomic_write(target, "precious")

    def broken(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(files.os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        saves.atomic_write(target, "half")
    assert target.read_text("utf-8") == "precious"
    assert [p.name for p in home.iterdir()] == ["file.txt"], "temporary file removed"


def test_each_game_autosaves_to_a_file_of_its_own(home: Path) -> None:
    assert not saves.has_games() and saves.list_games() == []
    first, second = saves.new_game_file(), saves.new_game_file()
    assert first.path != second.path and first.read() is None
    first('[Players "A, B, C"]\n')
    second('[Players "D, E, F"]\n')
    assert saves.has_games()
    assert first.read() == '[Players "A, B, C"]\n' and second.read() == '[Players "D, E, F"]\n'
    assert set(saves.list_games()) == {first.path, second.path}


def test_settings_default_then_round_trip(home: Path) -> None:
    settings, message = saves.load_settings()
    assert settings == Settings() and message is None
    settings.palette = "colorblind"
    settings.names = ["Ann", "Bob", "Cy"]
    saves.save_settings(settings)
    again, message = saves.load_settings()
    assert message is None and again == settings


def test_corrupt_settings_are_set_aside_not_lost(home: Path) -> None:
    home.mkdir(parents=True)
    damaged = b'{"palette": "colorblind", "names": ['
    (home / saves.SETTINGS).write_bytes(damaged)
    settings, notice = saves.load_settings()
    assert settings == Settings()
    assert notice is not None and notice.key == "msg.settings_corrupt"
    message = t(notice.key, **notice.values)
    assert message.endswith(".") and "settings.corrupt-" in message
    assert "\n" not in message
    backups = list(home.glob("settings.corrupt-*.json"))
    assert len(backups) == 1 and backups[0].read_bytes() == damaged
    saves.save_settings(settings)  # the next save writes a fresh file beside the backup
    assert json.loads((home / saves.SETTINGS).read_text("utf-8"))["palette"] == "classic"
    assert backups[0].read_bytes() == damaged


def test_settings_that_are_not_an_object_are_corrupt_too(home: Path) -> None:
    home.mkdir(parents=True)
    (home / saves.SETTINGS).write_text("[1, 2]", "utf-8")
    settings, message = saves.load_settings()
    assert settings == Settings() and message


def test_wrong_types_fall_back_and_unknown_keys_survive(home: Path) -> None:
    home.mkdir(parents=True)
    data = {"palette": 3, "players": "four", "first_game": False, "from_the_future": [1]}
    (home / saves.SETTINGS).write_text(json.dumps(data), "utf-8")
    settings, message = saves.load_settings()
    assert message is None
    assert settings.palette == "classic" and settings.players == 4
    assert settings.first_game is False
    saves.save_settings(settings)
    written = json.loads((home / saves.SETTINGS).read_text("utf-8"))
    assert written["from_the_future"] == [1]


def test_records_are_listed_newest_first(home: Path) -> None:
    folder = saves.records_dir()
    folder.mkdir(parents=True)
    for i, name in enumerate(("old.txt", "new.txt")):
        path = folder / name
        path.write_text("x", "utf-8")
        os.utime(path, (1000 + i, 1000 + i))
    (folder / "notes.md").write_text("x", "utf-8")
    assert [p.name for p in saves.list_records()] == ["new.txt", "old.txt"]
