"""A standing server's lobby in the program, headless, against a real server on
127.0.0.1 (port 0): its tables listed with each player's rating after scripted
games, a seat taken from the list, a quick game whose empty seats the computers fill
after a wait, the leaderboard, the player key exported and imported (the same player
on a second data folder, the same rating at the server), and a turn-a-day table's
deadline shown where the clocks are, a vacation day said when the deadline passes;
a game in play watched from the lobby.

Every wait is bounded in frames and seconds; the server's clock is moved by hand."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pygame
import pytest
from clienthelp import FAST, answered, url
from corehelp import Conn, Room
from onlinehelp import FirstSeat
from test_online_ui import _type

from game.bench import careless_step
from online.client import Connection
from online.lobby import Lobby
from online.playerkey import PlayerKey
from online.ports import quiet_port
from online.store import open_store
from online.tables import Kind
from online.thread import ServerThread
from scenes.core.navigator import Screen
from scenes.main import make_app
from scenes.screens.leaders import LeadersScene
from scenes.screens.lobby import LobbyScene, entry_lines
from scenes.screens.online import OnlineScene
from scenes.screens.playerkey import PlayerKeyOverlay
from scenes.screens.room_words import seat_words
from scenes.screens.waiting_room import FILL_AFTER, WaitingRoomScene
from scenes.selftest.gestures import Hand
from scenes.table.clocks import clock_faces
from scenes.table.scene import TableScene
from scenes.ui.overlays import Confirm

pytestmark = pytest.mark.timeout(120)

OTHERS = {"Bob": "bob-secret-key-000", "Cy": "cy-secret-key-0000"}


def _until(hand: Hand, ok, seconds: float = 30.0) -> None:
    """As the online screens' tests wait, a little longer: a server's lobby answers
    two lists at once on a busy machine."""
    hand.until(ok, seconds)



def _rated_games(db: str, ann: str, games: int = 1) -> None:
    """``games`` scripted games among Ann (her player secret ``ann``), Bob and Cy,
    played to the end at a server core on the file of tables ``db`` (rated there)."""
    room = Room.new(store=open_store(db))
    keys = [ann, *OTHERS.values()]
    for seed in range(games):
        conns = [Conn(f"10.0.2.{i + 1}") for i in range(3)]
        made = room.ask(conns[0], type="create", players=3)
        tokens = [room.ask(c, type="sit", table=made.table, name=n, player=k).token
                  for c, n, k in zip(conns, ["Ann", *OTHERS], keys, strict=True)]
        room.ask(conns[0], type="start", table=made.table, seat=0, token=tokens[0])
        table = room.core.tables[made.table]
        rng = random.Random(seed)

        def pick(st, rng=rng):
            return str(careless_step(st, rng))

        for _ in range(5000):
            if table.state.over:
                break
            if table.seats[table.state.active].kind is Kind.COMPUTER:
                room.think(1)
            else:
                room.play(made.table, conns, tokens, pick=pick)
        assert table.state.over
    room.core.store.close()


def _to_lobby(hand: Hand, address: str, name: str = "Ann") -> LobbyScene:
    """Play online, the name typed, the server's address typed, Enter: its lobby."""
    hand.app.navigator.start(Screen.ONLINE)
    hand.frames(2)
    online = hand.top()
    assert isinstance(online, OnlineScene)
    online.name.value = ""
    hand.click(online.name.rect.center)
    _type(hand, name)
    hand.click(online.code.rect.center)
    _type(hand, address)
    hand.key(pygame.K_RETURN)
    _until(hand, lambda: isinstance(hand.top(), LobbyScene))
    return hand.top()


@pytest.fixture
def rated(tmp_path: Path, home: Path):
    """A standing server whose file of tables holds a rated game of Ann (this data
    folder's player key), Bob and Cy; its address."""
    port = quiet_port()
    address = url(port)
    db = str(tmp_path / "tables.db")
    _rated_games(db, PlayerKey(home).secret_for(address))
    server = ServerThread(db, port=port, rng=FirstSeat())
    server.start()
    yield server, address
    server.stop()


def test_the_lobby_lists_tables_with_ratings_and_a_seat_is_taken(rated, hand) -> None:
    server, address = rated
    bob = Connection(address, **FAST).start()
    lobby = Lobby(bob)
    made = answered(lobby, lobby.create(3))
    answered(lobby, lobby.sit(made.table, "Bob", player=OTHERS["Bob"]))
    try:
        scene = _to_lobby(hand, f"127.0.0.1:{server.port}")
        _until(hand, lambda: scene.found["open"])
        words = [w for w, *_ in entry_lines(scene.found["open"][0])]
        assert "Bob (rating" in words[0] and "1 game" in words[0], words
        assert "2 seats free" in words[1], words
        # the leaderboard, by a click, names the rated players and Ann's own row
        hand.click(scene.leaders_button.rect.center)
        _until(hand, lambda: isinstance(hand.top(), LeadersScene))
        board_scene = hand.top()
        _until(hand, lambda: board_scene.board is not None)
        board = board_scene.board
        assert {r.name for r in board.rows} == {"Ann", "Bob", "Cy"}
        assert board.you is not None and board.you.games == 1
        hand.key(pygame.K_ESCAPE)
        _until(hand, lambda: isinstance(hand.top(), LobbyScene))
        scene = hand.top()
        _until(hand, lambda: bool(scene.rows))
        # Sit, by a click on the row's button: the room shows Ann rated (her key sent)
        hand.click(scene.rows[0].rect.center)
        _until(hand, lambda: isinstance(hand.top(), WaitingRoomScene))
        room = hand.top()
        _until(hand, lambda: room.phase == "open" and len(room.seats) == 2)
        assert room.here == {1: room.here[1]}
        ann = seat_words(1, room.seats[1], room.here)
        assert ann.startswith("Ann") and "rating" in ann and "1 game" in ann, ann
        assert "rating" in seat_words(0, room.seats[0], room.here)
    finally:
        bob.close()


def test_a_quick_game_whose_empty_seats_computers_fill_after_a_wait(rated, hand) -> None:
    _, address = rated
    bob = Connection(address, **FAST).start()
    try:
        scene = _to_lobby(hand, address)
        hand.click(scene.quick_button.rect.center)
        _until(hand, lambda: isinstance(hand.top(), WaitingRoomScene))
        room = hand.top()
        _until(hand, lambda: room.phase == "open" and room.view is not None)
        assert room.is_quick and room.fill_button not in room.widgets
        # Bob's quick game of 3 sits at the same table: it starts soonest
        lobby = Lobby(bob)
        seated = answered(lobby, lobby.quick(3, "Bob", OTHERS["Bob"]))
        assert seated.table == room.table
        _until(hand, lambda: len(room.seats) == 2)
        # nobody else comes: after the wait (time stepped by the frames) the button
        hand.frames(int(FILL_AFTER / hand.dt) + 4)
        assert room.may_fill and room.fill_button in room.widgets
        hand.click(room.fill_button.rect.center)
        # the computer takes the last seat and the table starts by itself
        _until(hand, lambda: isinstance(hand.top(), TableScene))
        session = hand.top().session
        _until(hand, lambda: session.ready)
        assert session.seat_kind(2) in ("easy", "medium", "hard", "expert")
        assert session.seat_kind(0) == "human" and session.seat_kind(1) == "remote"
    finally:
        bob.close()


def _key_overlay(hand: Hand) -> PlayerKeyOverlay:
    hand.app.navigator.start(Screen.ONLINE)
    hand.frames(2)
    online = hand.top()
    hand.click(online.key_button.rect.center)
    _until(hand, lambda: isinstance(hand.top(), PlayerKeyOverlay))
    overlay = hand.top()
    overlay.path.value = ""
    return overlay


def test_the_player_key_exported_and_imported_is_the_same_player(rated, tmp_path: Path,
                                                                   monkeypatch) -> None:
    _, address = rated
    key_file = tmp_path / "my.key"
    app = make_app()
    hand = Hand(app)
    try:
        overlay = _key_overlay(hand)
        hand.click(overlay.path.rect.center)
        _type(hand, str(key_file))
        hand.click(overlay.export_button.rect.center)
        assert key_file.is_file() and str(key_file) in overlay.message
        assert (key_file.stat().st_mode & 0o777) == 0o600
        first = app.netplay.player_for(address)
    finally:
        app.netplay.close()
    # a second data folder (another computer): a file that is no key changes nothing
    monkeypatch.setenv("SAIL_TO_INDIA_HOME", str(tmp_path / "second"))
    app = make_app()
    hand = Hand(app)
    try:
        mine = app.netplay.player_for(address)
        assert mine != first
        overlay = _key_overlay(hand)
        wrong = tmp_path / "wrong.txt"
        wrong.write_text("not a key\n", encoding="utf-8")
        hand.click(overlay.path.rect.center)
        _type(hand, str(wrong))
        hand.click(overlay.import_button.rect.center)
        _until(hand, lambda: isinstance(hand.top(), Confirm))
        hand.key(pygame.K_y)
        _until(hand, lambda: isinstance(hand.top(), PlayerKeyOverlay))
        assert overlay.trouble and "not a player key" in overlay.message
        assert app.netplay.player_for(address) == mine
        # the right file, by keyboard: the path typed, Yes asked first
        overlay.path.value = ""
        hand.click(overlay.path.rect.center)
        _type(hand, str(key_file))
        hand.click(overlay.import_button.rect.center)
        _until(hand, lambda: isinstance(hand.top(), Confirm))
        hand.click(hand.top().buttons[0].rect.center)
        assert not overlay.trouble and "player.key.old" in overlay.message
        assert app.netplay.player_for(address) == first
        hand.key(pygame.K_ESCAPE)
        _until(hand, lambda: isinstance(hand.top(), OnlineScene))
        # the server knows this second folder as Ann: her rating on the leaderboard
        scene = _to_lobby(hand, address)
        hand.click(scene.leaders_button.rect.center)
        _until(hand, lambda: isinstance(hand.top(), LeadersScene)
               and hand.top().board is not None)
        board = hand.top().board
        ann = next(r for r in board.rows if r.name == "Ann")
        assert board.you is not None and board.you.games == 1
        assert board.you.rating == ann.rating
    finally:
        app.netplay.close()


def test_a_turn_a_day_deadline_is_shown_and_a_vacation_day_said(rated, hand) -> None:
    server, address = rated
    bob = Connection(address, **FAST).start()
    try:
        scene = _to_lobby(hand, address)
        hand.click(scene.pace.segment(scene.pace.options.index("day")).center)
        hand.frames(1)
        assert scene.deadline in scene.widgets  # (a move: 1 day; vacation: 3 days)
        hand.click(scene.create_button.rect.center)
        _until(hand, lambda: isinstance(hand.top(), WaitingRoomScene))
        room = hand.top()
        _until(hand, lambda: room.phase == "open" and room.view is not None)
        assert room.view.options.deadline == 86_400 and room.view.options.vacation == 3
        assert "a turn a day" in room.options_text()
        lobby = Lobby(bob)
        answered(lobby, lobby.sit(room.table, "Bob", player=OTHERS["Bob"]))
        _until(hand, lambda: len(room.seats) == 2)
        hand.click(room.add_button.rect.center)
        _until(hand, lambda: len(room.seats) == 3 and room.asking is None)
        hand.frames(1)
        hand.click(room.start_button.rect.center)
        _until(hand, lambda: isinstance(hand.top(), TableScene))
        table = hand.top()
        session = table.session
        _until(hand, lambda: session.ready and session.place.deadline_left() is not None)
        assert session.state.active == 0  # (the server's draw is fixed: Ann begins)
        faces = clock_faces(session, session.online())
        assert faces[0][0].startswith("23 h") and faces[0][1] is False, faces
        assert faces[1] == ("3 days off", False) and faces[2] == ("", False)
        # a day passes at the server: Ann takes a vacation day, and the table says so
        shift = [86_400 + 5.0]
        server.server.clock = lambda: time.time() + shift[0]
        _until(hand, lambda: any("took a vacation day" in line.text
                                 for line in table.logpanel.chat), 40.0)
        line = next(x for x in table.logpanel.chat if "vacation" in x.text)
        assert line.text.startswith("Ann") and "2 days left" in line.text
        _until(hand, lambda: session.place.vacation_left() is not None
               and session.place.vacation_left()[0] == 2)
        faces = clock_faces(session, session.online())
        assert faces[0][0].startswith("23 h")  # a day on from its end
        # three days more: no vacation day left, the table's computer plays the seat
        shift[0] += 3 * 86_400
        _until(hand, lambda: any("deadline passed with no vacation day" in line.text
                                 for line in table.logpanel.chat), 40.0)
        assert session.seat_kind(0) not in ("human", "remote")
    finally:
        bob.close()



def test_a_game_in_play_is_listed_and_watched(rated, hand) -> None:
    """The lobby's second tab lists the games being played; Watch opens one at the
    table as a spectator (no seat held here), by keyboard: F5 asks again at once."""
    _, address = rated
    dee = Connection(address, **FAST).start()
    lobby = Lobby(dee)
    made = answered(lobby, lobby.create(3))
    seat = answered(lobby, lobby.sit(made.table, "Dee", player="dee-secret-key-000"))
    for level in ("hard", "easy"):
        answered(lobby, lobby.add_computer(made.table, 0, seat.token, level))
    answered(lobby, lobby.start(made.table, 0, seat.token))
    try:
        scene = _to_lobby(hand, address)
        hand.click(scene.tab.segment(1).center)
        assert scene.tab.value == "playing"
        hand.key(pygame.K_F5)
        _until(hand, lambda: bool(scene.found["playing"]) and bool(scene.rows))
        assert [e.table for e in scene.found["playing"]] == [made.table]
        words = [w for w, *_ in entry_lines(scene.found["playing"][0])]
        assert words[0].startswith("Dee") and "steps played" in words[1], words
        hand.click(scene.rows[0].rect.center)
        _until(hand, lambda: isinstance(hand.top(), TableScene))
        session = hand.top().session
        assert session.ready and session.seats_here() == []
        assert session.names[0] == "Dee"
    finally:
        dee.close()
