"""My online games kept on disk (atomic, the player's alone, a corrupt file set aside
with one sentence) and invite codes (round trips, and every wrong letter refused)."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from types import SimpleNamespace

import pytest
from clienthelp import answered, settle, url

from game import State
from online.accounts import (
    DEFAULT_PORT,
    FILE,
    Invite,
    InviteError,
    MyGame,
    MyGames,
    make_invite,
    read_invite,
)
from online.client import Connection
from online.lobby import Lobby
from online.thread import ServerThread
from online.words import Phrase, english

pytestmark = pytest.mark.timeout(60)


def test_my_games_survive_a_restart(tmp_path: Path) -> None:
    games = MyGames(tmp_path, clock=lambda: 1000.0)
    assert games.games == [] and games.problem is None
    games.put(MyGame("ws://10.0.0.2:8765/", "a1b2c3d4e5f6", 1, "tok-en", ["Ann", "Bob", "Cy"]))
    st = State.start(["Ann", "Bob", "Cy"], ["T01", "T02", "T03", "T04", "T05", "T06", "T07",
                                           "T08", "T09"])
    session = SimpleNamespace(ready=True, state=st, steps=["employ"], table="ffff00001111",
                              place=SimpleNamespace(here={0: "t0", 2: "t2"}))
    games.note("ws://127.0.0.1:9/", session)
    path = tmp_path / FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    again = MyGames(tmp_path)
    assert again.problem is None and again.games == games.games
    mine = again.find("ws://127.0.0.1:9/", "ffff00001111")
    assert [(g.seat, g.token, g.to_move, g.last_step, g.status) for g in mine] == [
        (0, "t0", "Ann", "employ", "playing"), (2, "t2", "Ann", "employ", "playing")]
    again.put(MyGame("ws://10.0.0.2:8765/", "a1b2c3d4e5f6", 1, "tok-en", status="over"))
    again.remove("ws://127.0.0.1:9/", "ffff00001111", 0)
    third = MyGames(tmp_path)
    assert [(g.table, g.seat, g.status) for g in third.games] == [
        ("ffff00001111", 2, "playing"), ("a1b2c3d4e5f6", 1, "over")]


@pytest.mark.parametrize("text", [b"{not json", b"\xff\xfe", b'{"format": 1, "games": [{}]}',
                                  b'{"format": 9, "games": []}', b"[]"])
def test_a_corrupt_list_is_set_aside_with_one_sentence(tmp_path: Path, text: bytes) -> None:
    path = tmp_path / FILE
    path.write_bytes(text)
    games = MyGames(tmp_path, clock=lambda: 0.0)
    assert games.games == [] and games.problem is not None
    assert games.problem.key == "online.games_corrupt"
    (aside,) = [p for p in tmp_path.iterdir() if "corrupt" in p.name]
    assert aside.read_bytes() == text and not path.exists()
    assert str(aside) in english(games.problem)
    games.put(MyGame("ws://127.0.0.1:9/", "t", 0, "x"))
    assert aside.read_bytes() == text and MyGames(tmp_path).games[0].table == "t"
    # a second corrupt list goes beside the first, never over it
    path.write_bytes(text)
    MyGames(tmp_path, clock=lambda: 0.0)
    assert len([p for p in tmp_path.iterdir() if "corrupt" in p.name]) == 2


def test_a_list_that_cannot_be_opened_is_never_written_over(tmp_path: Path) -> None:
    (tmp_path / FILE).mkdir()  # something stands where the file should be
    games = MyGames(tmp_path)
    assert games.problem is not None and games.problem.key == "online.games_unreadable"
    games.put(MyGame("ws://127.0.0.1:9/", "t", 0, "x"))
    assert (tmp_path / FILE).is_dir()


def test_invite_codes_round_trip() -> None:
    cases = [("ws://192.168.1.20:8765/", "a1b2c3d4e5f6", "Zm9vYmFyYmF6cXV4", False),
             ("ws://192.168.1.20:8765", "a1b2c3d4e5f6", None, False),
             ("wss://games.example.org/", "table-7", "x!y", True),
             ("ws://[::1]:9000/", "00ff", None, False)]
    for address, table, secret, secure in cases:
        code = make_invite(address, table, secret)
        got = read_invite(code)
        assert (got.table, got.secret, got.secure) == (table, secret, secure)
        assert read_invite(code.lower().replace("-", " ")) == got
    plain = read_invite(make_invite("ws://192.168.1.20:8765/", "a1b2c3d4e5f6"))
    assert plain == Invite("192.168.1.20", 8765, "a1b2c3d4e5f6")
    assert plain.url == "ws://192.168.1.20:8765/"
    assert read_invite(make_invite("ws://[::1]:9000/", "00ff")).url == "ws://[::1]:9000/"
    assert read_invite(make_invite("wss://games.example.org/", "t")).url == \
        "wss://games.example.org:443/"
    # short: a private table's code carries the address and its secret alone, five
    # groups of four on the usual port, one more group on another
    code = make_invite(f"ws://192.168.1.20:{DEFAULT_PORT}/", "a1b2c3d4e5f6", "0123456789")
    assert len(code) == 24 and code.count("-") == 4
    assert read_invite(code) == Invite("192.168.1.20", DEFAULT_PORT, None, "0123456789")
    other = make_invite("ws://192.168.1.20:8765/", "a1b2c3d4e5f6", "0123456789")
    assert len(other.replace("-", "")) == 23
    assert read_invite(other).url == "ws://192.168.1.20:8765/"
    assert read_invite(make_invite("ws://[::1]:9000/", "t", "a" * 10)).url == "ws://[::1]:9000/"
    with pytest.raises(ValueError):
        make_invite("http://example.org/", "t")


def test_a_wrong_invite_code_is_refused_in_one_sentence() -> None:
    for secret in ("Zm9vYmFyYmF6", "0123456789"):
        code = make_invite("ws://192.168.1.20:8765/", "a1b2c3d4e5f6", secret)
        letters = code.replace("-", "")
        for i, letter in enumerate(letters):
            wrong = letters[:i] + ("B" if letter != "B" else "C") + letters[i + 1:]
            with pytest.raises(InviteError) as caught:
                read_invite(wrong)
            assert caught.value.said.key in ("online.invite_damaged", "online.invite_bad")
    for junk in ("", "hello", "####-####", letters[:-4], letters + "AAAA", "A" * 300):
        with pytest.raises(InviteError) as caught:
            read_invite(junk)
        assert str(caught.value).endswith(".")


def test_sitting_by_invite_code(tmp_path: Path) -> None:
    server = ServerThread(str(tmp_path / "tables.db"))
    port = server.start()
    host = Connection(url(port)).start()
    guest: Connection | None = None
    try:
        lobby = Lobby(host)
        made = answered(lobby, lobby.create(3, private=True))
        code = make_invite(url(port), made.table, made.invite)
        invite = read_invite(code)
        # the short code names no table: the server finds it by the secret
        assert invite.table is None and len(code.replace("-", "")) == 23
        guest = Connection(invite.url).start()
        theirs = Lobby(guest)
        seated = answered(theirs, theirs.sit(invite.table, "Dee", invite.secret))
        assert seated.table == made.table
        assert seated.seat == 0 and theirs.seated == {made.table: {0: seated.token}}
        refused = theirs.sit(made.table, "Eve")  # without the secret
        settle(theirs.poll, lambda: refused.done)
        # The server's no comes as a sentence this client says in the player's language.
        assert not refused.ok and refused.error == Phrase("server.private", {})
        assert "invite" in english(refused.error)
        wrong = "0" * 10 if made.invite != "0" * 10 else "1" * 10
        unknown = theirs.sit(None, "Fay", wrong)  # a secret no table here has
        settle(theirs.poll, lambda: unknown.done)
        assert not unknown.ok and unknown.error == Phrase("server.no_invite", {})
    finally:
        host.close()
        if guest is not None:
            guest.close()
        server.stop()
    assert os.path.exists(tmp_path / "tables.db")
