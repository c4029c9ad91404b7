"""The player key: made once, 0600, a different secret for each server (the same for
one server however its address is written), exported and imported to play as the
same person from another data folder; a file that is not a key refused in one
sentence with nothing changed."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from online.playerkey import FILE, KeyFileError, PlayerKey, server_identity
from online.words import english


def test_a_key_is_made_once_and_kept_for_the_player_alone(tmp_path: Path) -> None:
    keys = PlayerKey(tmp_path)
    assert not keys.exists()
    key = keys.key()
    assert keys.exists() and len(key) == 64 and PlayerKey(tmp_path).key() == key
    assert stat.S_IMODE((tmp_path / FILE).stat().st_mode) == 0o600
    assert key not in keys.secret_for("ws://example.org:47147")


def test_each_server_gets_its_own_secret() -> None:
    assert server_identity("ws://Example.ORG") == server_identity("ws://example.org:80/")
    assert server_identity("wss://example.org") == "wss://example.org:443"
    assert server_identity("ws://example.org:47147") != server_identity("ws://example.org")


def test_secrets_differ_by_server_and_by_key(tmp_path: Path) -> None:
    one, two = PlayerKey(tmp_path / "a"), PlayerKey(tmp_path / "b")
    a = one.secret_for("ws://h1:47147")
    assert a == one.secret_for("ws://H1:47147/") != one.secret_for("ws://h2:47147")
    assert a != two.secret_for("ws://h1:47147")


def test_exported_and_imported_the_player_is_the_same_on_a_second_folder(
        tmp_path: Path) -> None:
    home, other = PlayerKey(tmp_path / "home"), PlayerKey(tmp_path / "laptop")
    secret = home.secret_for("ws://table.example:47147")
    other.key()  # (the second machine had made its own already)
    home.export(tmp_path / "me.key")
    assert stat.S_IMODE((tmp_path / "me.key").stat().st_mode) == 0o600
    other.import_(tmp_path / "me.key")
    assert other.secret_for("ws://table.example:47147") == secret
    assert (tmp_path / "laptop" / f"{FILE}.old").is_file()  # (the replaced key kept)


@pytest.mark.parametrize("content", [b"", b"hello", b"sail-to-india player key 1\nzz\n",
                                     b"\x00" * 10_000, b"sail-to-india player key 1\n"
                                     + b"a" * 64 + b"\nmore\n"])
def test_a_file_that_is_no_key_is_refused_and_nothing_changes(tmp_path: Path,
                                                              content: bytes) -> None:
    keys = PlayerKey(tmp_path / "home")
    key = keys.key()
    bad = tmp_path / "bad.key"
    bad.write_bytes(content)
    with pytest.raises(KeyFileError) as refused:
        keys.import_(bad)
    assert english(refused.value.said) == f"{bad} is not a player key file: nothing was changed."
    assert keys.key() == key
    with pytest.raises(KeyFileError) as missing:
        keys.import_(tmp_path / "nowhere.key")
    assert "could not be read" in english(missing.value.said)


def test_a_damaged_key_file_is_set_aside_and_a_new_key_made(tmp_path: Path) -> None:
    (tmp_path / FILE).write_text("not a key")
    key = PlayerKey(tmp_path).key()
    assert len(key) == 64 and (tmp_path / f"{FILE}.unreadable").read_text() == "not a key"
