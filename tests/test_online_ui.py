"""The online screens, headless, against real sockets on 127.0.0.1: a table hosted
through Play online, a friend joining with the invite code (a bare client here, as a
second program would), a computer seated, the game started and played to its end
with the table's own intents, the record kept at the end."""

from __future__ import annotations

import random
import time

import pygame
import pytest
from clienthelp import settle
from onlinehelp import FirstSeat

from game.bench import careless_step
from game.listing import legal_steps
from game.steps import parse_step
from online.client import Connection
from online.lobby import Lobby
from online.remote import RemoteSession
from scenes.core.intents import Play
from scenes.core.navigator import Screen
from scenes.core.netplay import read_code
from scenes.core.saves import list_games, open_game
from scenes.screens.online import OnlineScene, last_step_words
from scenes.screens.scoring import ScoringScene
from scenes.screens.title import TitleScene
from scenes.screens.waiting_room import WaitingRoomScene
from scenes.selftest.gestures import Hand
from scenes.table.scene import TableScene

pytestmark = pytest.mark.timeout(120)


def _type(hand: Hand, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    hand.frames(1)


def _until(hand: Hand, ok, seconds: float = 20.0) -> None:
    """Frames until ``ok()`` holds (bounded in time: reaching the bound fails)."""
    hand.until(ok, seconds)


def _host_room(hand: Hand, name: str = "Ann", clock: str | None = None) -> WaitingRoomScene:
    app = hand.app
    app.netplay.rng = FirstSeat()  # the host's seat begins (the server draws it)
    app.navigator.start(Screen.TITLE)
    hand.frames(2)
    title = hand.top()
    assert isinstance(title, TitleScene)
    hand.click(title.online_button.rect.center)
    _until(hand, lambda: isinstance(hand.top(), OnlineScene))
    online = hand.top()
    online.name.value = ""
    hand.click(online.name.rect.center)
    _type(hand, name)
    assert online.name.value == name
    if clock is not None:
        hand.click(online.clock.segment(online.clock.options.index(clock)).center)
        assert online.clock.value == clock
    hand.click(online.host_button.rect.center)
    _until(hand, lambda: isinstance(hand.top(), WaitingRoomScene))
    room = hand.top()
    _until(hand, lambda: room.phase == "open" and room.view is not None)
    return room


def test_host_join_and_play_to_the_end(hand) -> None:
    room = _host_room(hand)
    code = room.invite_code()
    assert code is not None
    url, table, secret = read_code(code)
    assert url.startswith("ws://127.0.0.1:"), "a test's table is named by loopback"
    # a friend's program joins with the code
    friend = Connection(url, connect_timeout=2.0).start()
    lobby = Lobby(friend)
    ask = lobby.sit(table, "Bob", secret)
    settle(lobby.poll, lambda: ask.done)
    assert ask.ok, ask.error
    assert table is None and len(code) <= 29, "a short code: the secret finds the table"
    table = ask.reply.table
    _until(hand, lambda: len(room.seats) == 2)
    # the host seats a computer by keyboard-free clicks, then starts
    assert room.start_button.enabled is False
    hand.click(room.add_button.rect.center)
    _until(hand, lambda: len(room.seats) == 3 and room.asking is None)
    hand.frames(1)
    assert room.start_button.enabled
    hand.click(room.start_button.rect.center)
    _until(hand, lambda: isinstance(hand.top(), TableScene))
    table_scene = hand.top()
    bob = RemoteSession(friend, table, {1: ask.reply.token})
    settle(bob.poll, lambda: bob.ready)
    here = table_scene.session
    assert here.seats_here() == [0] and here.seat_kind(1) == "remote"
    assert here.seat_kind(2) in ("easy", "medium", "hard", "expert")
    # play: the host's steps as the table's intents, Bob's through his session
    for _ in range(4000):
        hand.frames(1)
        bob.poll()
        top = hand.top()
        if isinstance(top, ScoringScene):
            break
        if not isinstance(top, TableScene):
            hand.key(pygame.K_RETURN)  # a hand-off or question: go on
            continue
        st = here.state
        if here.human_to_move and not top.films.animating:
            top.act(Play(legal_steps(st)[0]))
        elif bob.ready and bob.human_to_move:
            bob.submit(legal_steps(bob.state)[0])
        time.sleep(0.001)
    assert isinstance(hand.top(), ScoringScene), "the game was played to its end"
    scoring = hand.top()
    assert scoring.online is not None
    # the whole record, deal included, kept as a finished game that replays
    kept = [open_game(p) for p in list_games()]
    assert any(s.over and s.names == list(here.names) for s in kept)
    friend.close()


def test_a_bad_code_and_an_unreachable_table_each_get_one_sentence(app, hand) -> None:
    app.navigator.start(Screen.ONLINE)
    hand.frames(2)
    online = hand.top()
    online.name.value = "Ann"
    online.code.value = "NOT-A-CODE"
    hand.click(online.join_button.rect.center)
    assert online.message and "invite code" in online.message
    # a code for a table nobody serves: one sentence, never a hang
    from online.accounts import make_invite
    online.code.value = make_invite("ws://127.0.0.1:9/", "t1", "s")
    hand.click(online.join_button.rect.center)
    _until(hand, lambda: isinstance(hand.top(), WaitingRoomScene))
    room = hand.top()
    _until(hand, lambda: room.phase == "failed", 30.0)
    assert room.message and "127.0.0.1" in room.message
    hand.key(pygame.K_ESCAPE)
    _until(hand, lambda: isinstance(hand.top(), OnlineScene))


def test_two_people_at_one_computer_then_a_rematch(app, hand) -> None:
    """A second person sits at the host's computer ("Sit here too"), the hand-off
    passes the mouse between them, and Play again at the end deals a rematch at the
    same table's seats."""
    room = _host_room(hand)
    # a name the table has already: refused in a sentence, the room stays open
    hand.click(room.other.rect.center)
    _type(hand, room.name.upper())
    hand.click(room.sit_button.rect.center)
    _until(hand, lambda: room.asking is None and room.message)
    assert room.phase == "open" and len(room.here) == 1
    assert room.name.upper() in room.message and room.sit_button in room.widgets
    room.other.value = ""
    hand.click(room.other.rect.center)
    _type(hand, "Bea")
    hand.click(room.sit_button.rect.center)
    _until(hand, lambda: len(room.here) == 2 and room.asking is None)
    hand.click(room.add_button.rect.center)
    _until(hand, lambda: len(room.seats) == 3 and room.asking is None)
    hand.frames(1)
    hand.click(room.start_button.rect.center)
    _until(hand, lambda: any(isinstance(s, TableScene) for s in app.stack.scenes))
    table_scene = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    session = table_scene.session
    assert session.seats_here() == [0, 1]
    handoffs = 0
    rng = random.Random(5)
    for _ in range(5000):
        hand.frames(1)
        top = hand.top()
        if isinstance(top, ScoringScene):
            break
        if type(top).__name__ == "Handoff":
            handoffs += 1
            hand.key(pygame.K_RETURN)
            continue
        if not isinstance(top, TableScene):
            hand.key(pygame.K_RETURN)
            continue
        if session.human_to_move and not top.films.animating:
            top.act(Play(careless_step(session.state, rng)))
        time.sleep(0.001)
    assert isinstance(hand.top(), ScoringScene)
    assert handoffs >= 2, "the hand-off named each person at this computer"
    old_table = session.table
    hand.click(hand.top().buttons[0].rect.center)  # Play again: a rematch
    _until(hand, lambda: any(isinstance(s, TableScene) and s.session is not session
                             for s in app.stack.scenes))
    again = next(s for s in app.stack.scenes if isinstance(s, TableScene)).session
    assert again.table != old_table and again.seats_here() == [0, 1]
    assert not again.steps and not again.over


def test_join_by_a_servers_address_lists_its_open_tables(tmp_path, app, hand) -> None:
    """A server's address instead of a code: its lobby, one of its open tables joined."""
    from online.thread import ServerThread
    from scenes.screens.lobby import LobbyScene

    server = ServerThread(str(tmp_path / "tables.sqlite3"))
    port = server.start()
    host = Connection(f"ws://127.0.0.1:{port}/", connect_timeout=2.0).start()
    try:
        lobby = Lobby(host)
        made = lobby.create(3)  # a public table, listed by the server
        settle(lobby.poll, lambda: made.done)
        table = made.reply.table
        sat = lobby.sit(table, "Cy")
        settle(lobby.poll, lambda: sat.done)
        app.navigator.start(Screen.ONLINE)
        hand.frames(2)
        online = hand.top()
        online.name.value = "Ann"
        online.code.value = f"127.0.0.1:{port}"
        hand.click(online.join_button.rect.center)
        _until(hand, lambda: isinstance(hand.top(), LobbyScene))
        lobby_scene = hand.top()
        _until(hand, lambda: lobby_scene.found["open"] is not None)
        assert [e.table for e in lobby_scene.found["open"]] == [table]
        hand.click(lobby_scene.rows[0].rect.center)  # Sit
        _until(hand, lambda: isinstance(hand.top(), WaitingRoomScene))
        room = hand.top()
        _until(hand, lambda: room.phase == "open" and len(room.seats) == 2)
        assert room.here and 1 in room.here
    finally:
        host.close()
        server.stop()


def test_play_online_by_keyboard_alone(app, hand) -> None:
    """Title → Play online → a name typed → Host a table → the waiting room → Esc
    leaves it, without the mouse."""

    def tab_to(scene, widget, most: int = 30) -> None:
        for _ in range(most):
            current = scene.focus.current
            if current is not None and current.key == id(widget):
                return
            hand.key(pygame.K_TAB)
        raise AssertionError(f"Tab never reached {widget!r}")

    app.navigator.start(Screen.TITLE)
    hand.frames(2)
    title = hand.top()
    tab_to(title, title.online_button)
    hand.key(pygame.K_RETURN)
    _until(hand, lambda: isinstance(hand.top(), OnlineScene))
    online = hand.top()
    online.name.value = ""
    tab_to(online, online.name)
    _type(hand, "Ann")
    assert online.name.value == "Ann"
    hand.key(pygame.K_RETURN)  # done typing
    tab_to(online, online.clock)
    hand.key(pygame.K_RIGHT)  # the clock: from none to live, by an arrow
    assert online.clock.value == "live"
    tab_to(online, online.host_button)
    hand.key(pygame.K_RETURN)
    _until(hand, lambda: isinstance(hand.top(), WaitingRoomScene))
    room = hand.top()
    _until(hand, lambda: room.phase == "open" and room.view is not None)
    assert "20 min each" in room.options_text()
    tab_to(room, room.add_button)
    hand.key(pygame.K_RETURN)  # a computer seated by Enter
    _until(hand, lambda: len(room.seats) == 2)
    hand.key(pygame.K_ESCAPE)
    _until(hand, lambda: isinstance(hand.top(), OnlineScene))


def test_a_live_clock_is_chosen_shown_in_the_room_and_runs_down_at_the_table(app, hand) -> None:
    """Host with the live clock: the waiting room names it, and at the table the
    player to move's clock (in the board's header) runs down; a computer's is not
    shown."""
    room = _host_room(hand, clock="live")
    assert "20 min each, +20 s a turn" in room.options_text()
    for _ in range(2):  # (the button waits until the last computer is seen seated)
        _until(hand, lambda: room.add_button.enabled)
        before = len(room.seats)
        hand.click(room.add_button.rect.center)
        _until(hand, lambda: room.asking is None)
        hand.frames(1)  # never a second computer asked for before the first is seen
        assert not room.add_button.enabled or len(room.seats) > before
    _until(hand, lambda: len(room.seats) == 3)
    # the computers are named as unnamed seats are at one machine, in the host's words
    assert [s.name for s in room.seats] == ["Ann", "Captain 2", "Captain 3"]
    # with a clock, nobody may be handed over for being gone less than their own time
    assert app.netplay.server.server.tables[room.table].options["away_limit"] == 1200
    hand.frames(1)
    hand.click(room.start_button.rect.center)
    _until(hand, lambda: isinstance(hand.top(), TableScene))
    table = hand.top()
    session = table.session
    # the server's answer to the session's own resume is in (it tells the clocks
    # afresh); nothing more is told until a step
    _until(hand, lambda: session.greeted and session.place.clocks_left() is not None)
    session.place.clocks_at -= 75.0  # the clocks were told 75 s ago
    hand.frames(1)
    faces = table.viewer.view.clocks
    assert len(faces) == 3 and faces[1] == faces[2] == ("", False)
    words, short = faces[0]
    assert words.startswith("18:") and not short, words  # 20 min less 75 s
    session.place.clocks_at -= 1075.0
    hand.frames(1)
    assert table.viewer.view.clocks[0][1], "under a minute left: shown running short"
    # My online games keep the table's last step as the log says it
    table.act(Play(parse_step("employ")))
    _until(hand, lambda: any(g.last_said for g in app.netplay.games.games))
    kept = next(g for g in app.netplay.played() if g.last_said)
    assert last_step_words(kept) == "Last: Ann employs a marker: stock to Lisboa."


def test_an_invite_code_pasted_from_a_chat(monkeypatch: pytest.MonkeyPatch, app, hand) -> None:
    """Ctrl+V puts what fits of the clipboard in the focused field (a code copied from a
    chat, with its line's end), Ctrl+Backspace takes back its last group."""
    from scenes.ui import widgets

    monkeypatch.setattr(widgets, "clipboard_text", lambda: " IB7Q-AAAB-UBTJ-EWL5-AA6A\n")
    app.navigator.start(Screen.ONLINE)
    hand.frames(2)
    online = hand.top()
    hand.click(online.code.rect.center)
    for mod in (pygame.KMOD_LCTRL, pygame.KMOD_LMETA):
        online.code.value = ""
        hand.key(pygame.K_v, mod)
        assert online.code.value == "IB7Q-AAAB-UBTJ-EWL5-AA6A"
    hand.key(pygame.K_BACKSPACE, pygame.KMOD_LCTRL)
    assert online.code.value == "IB7Q-AAAB-UBTJ-EWL5-"


def _started_with_bob(hand: Hand) -> tuple[WaitingRoomScene, Connection, TableScene]:
    """Ann hosts, Bob sits from a bare client (his connection: the caller closes it),
    a computer takes the third seat and Ann starts: the room, Bob's connection and
    the table, its game begun."""
    room = _host_room(hand)
    url, _, secret = read_code(room.invite_code())
    friend = Connection(url).start()
    lobby = Lobby(friend)
    ask = lobby.sit(None, "Bob", secret)
    _until(hand, lambda: (lobby.poll(), ask.done)[1])
    _until(hand, lambda: len(room.seats) == 2)
    hand.click(room.add_button.rect.center)
    _until(hand, lambda: room.asking is None and len(room.seats) == 3)
    hand.frames(1)
    hand.click(room.start_button.rect.center)
    _until(hand, lambda: isinstance(hand.top(), TableScene))
    table = hand.top()
    _until(hand, lambda: table.session.ready)
    return room, friend, table


def test_a_player_gone_too_long_is_handed_to_the_computer_from_the_menu(app, hand) -> None:
    """Bob's program goes while it is his turn: his board's header says he is away
    and for how long, the status line says what can be done once the table's limit
    has passed, and Ann lets the computer play for him from the menu (keys to the
    entry, a click on Yes); every seat then sees the computer play his seat."""
    friend: Connection | None = None
    try:
        room, friend, table = _started_with_bob(hand)
        session = table.session
        table.act(Play(parse_step("end")))
        _until(hand, lambda: session.state.active == 1 and not session.log.unconfirmed)
        friend.close()
        friend = None
        _until(hand, lambda: 1 in session.place.away_for())
        hand.frames(2)
        assert table.view.status.startswith("Waiting for Bob, away for 1 min."), \
            table.view.status
        assert table.viewer.view.away[1] == "away" and table.viewer.view.away[0] == ""
        session.place._away_since[1] -= 185.0  # (he went three minutes ago)
        hand.frames(2)
        assert table.viewer.view.away[1] == "away · 3 min"
        assert "After 10 min" in table.view.status
        assert not session.place.can_hand_over(1)
        hand.key(pygame.K_ESCAPE)
        assert "Computer plays Bob" not in [b.label() if callable(b.label) else b.label
                                            for b in hand.top().buttons]
        hand.key(pygame.K_ESCAPE)
        # The table's limit passes (here, made nothing at the server and here).
        app.netplay.server.server.tables[room.table].options["away_limit"] = 0.0
        session.place.away_limit = 0.0
        hand.frames(2)
        assert table.view.status.startswith("Bob has been away for 3 min: the menu")
        hand.key(pygame.K_ESCAPE)
        hand.key(pygame.K_DOWN)  # from Resume to the first entry after it
        hand.key(pygame.K_RETURN)
        confirm = hand.top()
        assert "Let the table's computer play for Bob?" in confirm.question
        hand.click(confirm.buttons[0].rect.center)  # Yes
        _until(hand, lambda: session.seat_kind(1) == "medium")
        # (the computer may have played his turn already: the line is no longer his)
        _until(hand, lambda: "away" not in table.view.status)
        hand.frames(1)
        assert table.viewer.view.away == ()
        # the news stays in the ship's log, under Bob's colour
        _until(hand, lambda: any(line.chat and line.seat == 1 for line in table.logpanel.lines))
        news = next(line for line in table.logpanel.lines if line.chat and line.seat == 1)
        assert news.text == ("Bob was away too long: the table's computer (medium) plays "
                             "their seat until they come back."), news.text
    finally:
        if friend is not None:
            friend.close()


def test_forgetting_a_game_under_way_is_asked_and_leaves_its_seat(app, hand) -> None:
    """Forget on a game being played: asked first, No ringed (Enter keeps it); Yes
    drops it here and tells the table, whose computer plays the seat from then on."""
    friend: Connection | None = None
    try:
        room, friend, _ = _started_with_bob(hand)
        app.navigator.start(Screen.ONLINE)
        hand.frames(2)
        online = hand.top()
        assert isinstance(online, OnlineScene)
        _until(hand, lambda: any(g.status == "playing" for g in online.games))
        online.refresh()
        row = next(i for i, g in enumerate(online.games) if g.table == room.table)
        hand.click(online.rows[row][1].rect.center)  # Forget
        confirm = hand.top()
        assert "Leave this game for good, Ann?" in confirm.question
        hand.key(pygame.K_RETURN)  # No is ringed first: kept
        assert hand.top() is online
        assert any(g.table == room.table for g in online.games)
        hand.click(online.rows[row][1].rect.center)
        hand.click(hand.top().buttons[0].rect.center)  # Yes
        assert not any(g.table == room.table for g in online.games)
        served = app.netplay.server.server.tables[room.table]
        _until(hand, lambda: served.seats[0].kind.value == "computer")
        assert served.seats[0].token_hash is None
    finally:
        if friend is not None:
            friend.close()
