"""A server the client cannot trust, before and after the table: the waiting room
(a seat never given, given without its token, a table described with 100,000
players), the lobby's listing, the end of a game (its record kept under the
program's own name, never the server's), and a long seeded run of random bad
messages at the table that raises nothing and keeps memory within 20 %."""

from __future__ import annotations

import copy
import json
import os
import random
import threading
import time
from pathlib import Path

import pygame
import pytest
from hostile import (
    QUICK,
    TABLE,
    TOKEN,
    Conn,
    Game,
    at_table,
    bounded,
    cy_plays,
    data_files,
    message,
    serving,
    truthful,
    until,
)

from scenes.core.navigator import Screen
from scenes.main import make_app
from scenes.screens.online import OnlineScene
from scenes.screens.room_words import seat_words
from scenes.screens.scoring import ScoringScene
from scenes.screens.waiting_room import WaitingRoomScene
from scenes.selftest.gestures import Hand
from scenes.text.catalog import t

pytestmark = pytest.mark.timeout(120)
GOLDEN = Path(__file__).parent / "golden" / "three-players-first-game-ship-only.txt"


def _open_view(players: object = 3, clock: object = None) -> dict:
    return message({"type": "view", "table": TABLE, "status": "open",
                    "options": {"players": players, "variant": "standard",
                                "first_game": False, "private": True, "clock": clock,
                                "away_limit": 600},
                    "seats": [{"seat": 0, "name": "Ann", "kind": "human", "here": True}],
                    "clocks": None, "seat": 0})


def _in_room(server) -> tuple[Hand, WaitingRoomScene]:
    app = make_app()
    app.netplay.connection_options = dict(QUICK)
    hand = Hand(app)
    app.navigator.start(Screen.WAITING_ROOM, url=server.url, name="Ann", table=TABLE)
    until(hand, lambda: isinstance(hand.top(), WaitingRoomScene))
    return hand, hand.top()


def test_a_seat_never_given_is_said_slow_and_leave_works() -> None:
    """The server takes the ``sit`` and never answers: the room does not say "Taking
    your seat…" for ever, but that the server is slow; Esc leaves."""
    def silent(conn: Conn) -> None:
        conn.expect("sit")
        conn.recv(30)

    with serving(silent) as server:
        hand, room = _in_room(server)
        try:
            until(hand, lambda: room._standing() == t("online.slow", seconds=0))
            hand.key(pygame.K_ESCAPE)
            until(hand, lambda: isinstance(hand.top(), OnlineScene))
        finally:
            hand.app.netplay.close()


@pytest.mark.parametrize("answer", [
    {"type": "seated", "table": TABLE},
    {"type": "seated", "table": TABLE, "seat": 0},
    {"type": "seated", "table": TABLE, "seat": "zero", "token": TOKEN},
    {"type": "ok", "table": TABLE},
    {"type": "error", "reason": "", "said": {"key": "server.full", "values": {"x": 1}}},
])
def test_a_seat_given_wrong_is_said_in_one_sentence(answer: dict) -> None:
    def script(conn: Conn) -> None:
        sit = conn.expect("sit")
        conn.send({**message(answer), "id": sit["id"]})

    with serving(script) as server:
        hand, room = _in_room(server)
        try:
            until(hand, lambda: room.phase == "failed")
            expected = {t("online.unreadable_answer"), t("server.full")}
            assert room.message in expected, room.message
            assert room.leave_button.enabled
        finally:
            hand.app.netplay.close()


@pytest.mark.parametrize("view", [
    _open_view(100_000), _open_view("three"), _open_view(3, {"budget": 1e400}),
    _open_view(3, {"budget": float(10**12)}),
    {**_open_view(), "seats": [{"seat": 0, "name": "A" * 5000, "kind": "human"}]},
    {**_open_view(), "seats": "all"},
])
def test_a_room_described_wrong_keeps_its_own_words(view: dict) -> None:
    """The open table's view lies (100,000 players, "three", a clock of infinity or
    of thirty thousand years, a name of 5,000 letters): it is dropped, and the room
    says what it knows in whole sentences; an honest view then shows the seats."""
    ready = threading.Event()

    def script(conn: Conn) -> None:
        if conn.number:  # (the program's light connection following its seats)
            return
        sit = conn.expect("sit")
        conn.send(message({"type": "seated", "table": TABLE, "seat": 0, "token": TOKEN,
                           "id": sit["id"]}))
        conn.send(json.dumps(view, allow_nan=True))
        ready.wait(10)
        conn.send(_open_view())

    with serving(script) as server:
        hand, room = _in_room(server)
        try:
            until(hand, lambda: room.phase == "open")
            hand.frames(5)
            assert room.view is None and room.size == 3
            for text in (room.options_text(), room._standing()):
                assert text and "{" not in text and len(text) < 300, text
            ready.set()
            until(hand, lambda: room.view is not None)
            assert seat_words(0, room.seats[0], room.here) == t("room.seat.you", name="Ann")
        finally:
            hand.app.netplay.close()


@pytest.mark.parametrize("tables", [["a", 1, None], [{"table": TABLE}], "all",
                                    [{"table": TABLE, "players": 3, "seats": [7]}]])
def test_a_lobby_listing_that_lies_is_said(tables: object) -> None:
    """Join by a server's address: a listing whose entries are not tables is one
    sentence on that server's lobby screen."""
    from scenes.screens.lobby import LobbyScene

    def script(conn: Conn) -> None:
        req = conn.expect("list")
        conn.send({**message({"type": "tables", "tables": tables}), "id": req["id"]})

    with serving(script) as server:
        app = make_app()
        app.netplay.connection_options = dict(QUICK)
        hand = Hand(app)
        try:
            app.navigator.start(Screen.ONLINE)
            until(hand, lambda: isinstance(hand.top(), OnlineScene))
            online = hand.top()
            online.name.value = "Ann"
            online.code.value = server.url
            online.join()
            until(hand, lambda: isinstance(hand.top(), LobbyScene))
            lobby = hand.top()
            until(hand, lambda: lobby.message == t("online.unreadable_answer"))
            assert lobby.found["open"] is None
        finally:
            app.netplay.close()


def test_a_finished_game_is_kept_under_the_programs_own_name() -> None:
    """The end of a game: its record checked against the game shown, kept in the
    data folder under a name the program makes (the table's id, however it reads,
    is kept as data, never as a file's name)."""
    game = Game.finished(str(GOLDEN))
    before = data_files()

    def script(conn: Conn) -> None:
        if conn.number:  # (the program's light connection following its seats)
            return
        sit = conn.expect("sit")
        conn.send(message({"type": "seated", "table": TABLE, "seat": 0, "token": TOKEN,
                           "id": sit["id"]}))
        conn.send(conn.game.view())

    with serving(script, game) as server:
        app = make_app()
        app.netplay.connection_options = dict(QUICK)
        hand = Hand(app)
        try:
            app.navigator.start(Screen.WAITING_ROOM, url=server.url, name="Ann", table=TABLE)
            until(hand, lambda: isinstance(hand.top(), ScoringScene))
            scoring = hand.top()
            assert scoring.online is not None and scoring.online.record_text() == game.record
        finally:
            app.netplay.close()
    new = data_files() - before
    assert new and all(name in ("online-games.json", "player.key")  # (made on first use)
                       or name.startswith("games" + os.sep) for name in new), new
    assert not any("evil" in name or TABLE in name for name in data_files())
    kept = json.loads((Path(os.environ["SAIL_TO_INDIA_HOME"]) / "online-games.json")
                      .read_text(encoding="utf-8"))
    assert [g["table"] for g in kept["games"]] == [TABLE]


def test_a_record_that_is_not_the_game_is_left_out() -> None:
    """A finished game whose record is another game's: the scores are shown from the
    game as followed, and no record is kept from it."""
    game = Game.finished(str(GOLDEN))
    other = game.record.replace("[Towns \"", "[Towns \"T12 ", 1) if game.record else None
    game.record = other

    def script(conn: Conn) -> None:
        if conn.number:  # (the program's light connection following its seats)
            return
        sit = conn.expect("sit")
        conn.send(message({"type": "seated", "table": TABLE, "seat": 0, "token": TOKEN,
                           "id": sit["id"]}))
        conn.send(conn.game.view())

    with serving(script, game) as server:
        app = make_app()
        app.netplay.connection_options = dict(QUICK)
        hand = Hand(app)
        try:
            app.navigator.start(Screen.WAITING_ROOM, url=server.url, name="Ann", table=TABLE)
            until(hand, lambda: isinstance(hand.top(), ScoringScene))
            assert hand.top().online.record_text() is None
        finally:
            app.netplay.close()


# ----- a long run of random bad messages ----------------------------------------------------
JUNK: list[object] = [None, -1, 0, 7, 2**63, 1e308, -1e308, True, "", "x" * 3000, "T99",
                      "sell 9 9 9", [], [1] * 60, {}, {"key": "server.full", "values": []},
                      [[[[[[[1]]]]]]], {"a": {"b": {"c": 1}}}]


def _mutate(rng: random.Random, msg: dict) -> str | bytes:
    """One bad frame made from an honest message: a field replaced, removed or added
    somewhere in it, or a frame that is no message at all."""
    roll = rng.random()
    if roll < 0.04:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if roll < 0.08:
        return rng.choice(["{", "[" * 5000, "null", '"text"', "NaN", json.dumps(msg)[:50]])
    out = copy.deepcopy(msg)
    for _ in range(rng.randint(1, 3)):
        node: object = out
        for _ in range(rng.randint(0, 3)):  # somewhere inside
            if isinstance(node, dict) and node:
                inner = node[rng.choice(sorted(node))]
                if isinstance(inner, (dict, list)) and inner:
                    node = inner
            elif isinstance(node, list) and node:
                inner = rng.choice(node)
                if isinstance(inner, (dict, list)) and inner:
                    node = inner
        # (not the version: another version ends the connection, tested on its own)
        if isinstance(node, dict) and set(node) - {"v"}:
            key = rng.choice(sorted(set(node) - {"v"}))
            if rng.random() < 0.2:
                del node[key]
            else:
                node[key] = copy.deepcopy(rng.choice(JUNK))
        elif isinstance(node, list) and node:
            node[rng.randrange(len(node))] = copy.deepcopy(rng.choice(JUNK))
    return json.dumps(out)


def _rss() -> int:
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads Linux's /proc")
def test_a_long_run_of_random_bad_messages_raises_nothing_and_keeps_memory() -> None:
    """Seeded, and bounded in messages and time (``SAIL_TO_INDIA_LONG_RUN`` seconds,
    6 by default): the table draws on, raises nothing, stays truthful and bounded,
    and its process's memory ends within 20 % of where it began."""
    seconds = float(os.environ.get("SAIL_TO_INDIA_LONG_RUN", "6"))
    rng = random.Random(29)
    stop = threading.Event()
    sent = [0]

    def bad(conn: Conn) -> None:
        cy_plays(conn)
        game = conn.game
        honest = [game.view(), game.update(), {k: v for k, v in game.view().items()
                                               if k != "steps"},
                  message({"type": "chat", "table": TABLE, "seat": 1, "name": "Bob",
                           "text": "ahoy"}),
                  message({"type": "error", "reason": "No.",
                           "said": {"key": "server.step_number",
                                    "values": {"at": 1, "number": 2}}}),
                  message({"type": "rematch", "table": TABLE, "new_table": "t2"}),
                  message({"type": "tables", "tables": []})]
        while not stop.is_set() and sent[0] < 200_000:
            conn.send(_mutate(rng, rng.choice(honest)))
            sent[0] += 1

    with at_table(bad) as (hand, scene):
        hand.frames(30)
        start, began, frames = _rss(), time.monotonic(), 0
        while time.monotonic() - began < seconds and frames < 100 * seconds:
            hand.frames(1)
            frames += 1
            if frames % 50 == 0:
                truthful(scene)
                bounded(scene)
        stop.set()
        end = _rss()
        session = scene.session
        assert session.place.failed is None or session.place.failed.key != "online.broken"
        assert sent[0] > 100, "the server sent its bad messages"
        assert session.connection.dropped > 0
        truthful(scene)
        print(f"long run: {sent[0]} frames sent, {session.connection.dropped} dropped, "
              f"{frames} frames drawn, memory {start / 2**20:.0f} MB -> {end / 2**20:.0f} MB")
        assert end <= start * 1.2, f"memory {start / 2**20:.0f} MB -> {end / 2**20:.0f} MB"

