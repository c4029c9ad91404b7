"""Your turn, everywhere, in the program (headless, real servers on 127.0.0.1): the
app's watcher follows the seats in My online games whatever screen is shown, the title
says "Your turn in N games" and one press (a key, or the mouse) opens the first, My
online games updates live and lists the player's turns first, the window's caption
counts them, and a turn that comes while the window is not focused is notified
(unless the settings say no). And many games: 30 tables on 3 servers."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from onlinehelp import FirstSeat
from turnshelp import Table, end_turn, finished, keep_seat, started

from online.client import Connection
from online.thread import ServerThread
from scenes.core.navigator import Screen
from scenes.screens.online import ROWS_SHOWN, OnlineScene, game_detail
from scenes.screens.review import ReviewScene
from scenes.screens.settings import SettingsOverlay
from scenes.screens.title import TitleScene
from scenes.screens.waiting_room import WaitingRoomScene
from scenes.selftest.gestures import Hand
from scenes.table.scene import TableScene
from scenes.text.catalog import t

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def servers(tmp_path) -> Iterator[list[tuple[ServerThread, str, Connection]]]:
    """Three servers, each with a plain connection that holds every seat there."""
    out = []
    for i in range(3):
        server = ServerThread(str(tmp_path / f"tables{i}.db"), rng=FirstSeat())
        server.start()
        url = f"ws://127.0.0.1:{server.port}/"
        out.append((server, url, Connection(url, connect_timeout=2.0).start()))
    yield out
    for server, _, connection in out:
        connection.close(timeout=1.0)
        server.stop()


def _until(hand: Hand, ok, seconds: float = 30.0) -> None:
    """Frames until ``ok()`` (bounded in time: the bound fails the test)."""
    hand.until(ok, seconds)


class Notes:
    """Stands for the desktop's notifications: what would have been shown."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, str]] = []

    def notify(self, title: str, body: str) -> None:
        self.shown.append((title, body))

    def close(self) -> None:
        pass


def test_a_turn_reaches_the_title_from_another_screen_and_enter_opens_it(servers, app,
                                                                         hand) -> None:
    (_, url1, c1), (_, url2, c2), _ = servers
    one, two = started(c1, url1), started(c2, url2)
    notes = Notes()
    app.notifier = notes  # type: ignore[assignment]
    app.focused = lambda: False  # the player is in another program's window
    keep_seat(app.netplay.games, one, 1)
    keep_seat(app.netplay.games, two, 2)
    app.navigator.start(Screen.TITLE)
    hand.frames(2)
    app.navigator.open(Screen.SETTINGS)  # the player sits on another screen
    hand.frames(2)
    assert isinstance(hand.top(), SettingsOverlay)
    _until(hand, lambda: app.turns.watcher is not None
           and len(app.turns.watcher.turns) == 2)
    assert app.turns.mine() == []
    # Ann (seat 0) ends her turn at the first table: Bob's, this player's, now.
    end_turn(c1, one, 0)
    _until(hand, lambda: len(app.turns.mine()) == 1)
    assert isinstance(hand.top(), SettingsOverlay), "heard without leaving the screen"
    assert "your turn in 1 game" in pygame.display.get_caption()[0]
    kept = app.netplay.games.find(url1, one.table)[0]
    assert kept.active == 1 and kept.to_move == "Bob" and kept.number == 1
    # the window is not focused: the turn was notified
    assert notes.shown and "Bob" in notes.shown[0][0] and "Ann, Bob, Cy" in notes.shown[0][1]
    hand.key(pygame.K_ESCAPE)  # back to the title
    title = hand.top()
    assert isinstance(title, TitleScene)
    hand.frames(1)
    assert title.turn_button in title.buttons
    assert title.turn_button.label() == "Your turn in 1 game"
    # the focus is on it: one press of Enter opens that table
    hand.key(pygame.K_RETURN)
    _until(hand, lambda: isinstance(hand.top(), (WaitingRoomScene, TableScene)))
    _until(hand, lambda: isinstance(hand.top(), TableScene))
    table = hand.top()
    assert table.session.table == one.table and table.session.place.here == {1: one.tokens[1]}
    assert table.state.active == 1


def test_my_online_games_live_with_the_players_turns_first_and_a_click_opens_one(
        servers, app, hand) -> None:
    (_, url1, c1), (_, url2, c2), _ = servers
    one, two = started(c1, url1), started(c2, url2)
    app.notifier = Notes()  # type: ignore[assignment]
    app.focused = lambda: False
    app.settings.notify_turns = False
    keep_seat(app.netplay.games, two, 1)
    keep_seat(app.netplay.games, one, 1)
    app.navigator.start(Screen.ONLINE)
    hand.frames(2)
    online = hand.top()
    assert isinstance(online, OnlineScene)
    _until(hand, lambda: app.turns.watcher is not None
           and len(app.turns.watcher.turns) == 2)
    end_turn(c2, two, 0)
    _until(hand, lambda: bool(online.games) and online.games[0].table == two.table
           and online.games[0].my_turn)
    assert game_detail(online.games[0]) == "Your turn, Bob"
    assert app.notifier.shown == []  # notifications are off in the settings
    # the title's button, pressed with the mouse, opens it
    hand.click(online.back_button.rect.center)
    _until(hand, lambda: isinstance(hand.top(), TitleScene))
    title = hand.top()
    hand.frames(1)
    hand.click(title.turn_button.rect.center)
    _until(hand, lambda: isinstance(hand.top(), TableScene))
    assert hand.top().session.table == two.table


def test_thirty_tables_on_three_servers(servers, app, hand) -> None:
    tables: list[tuple[Connection, Table]] = []
    for _, url, connection in servers:
        tables += [(connection, started(connection, url)) for _ in range(10)]
    app.notifier = Notes()  # type: ignore[assignment]
    for _, at in tables:
        keep_seat(app.netplay.games, at, 1)
    app.navigator.start(Screen.ONLINE)
    hand.frames(2)
    online = hand.top()
    _until(hand, lambda: app.turns.watcher is not None
           and len(app.turns.watcher.turns) == 30
           and all(s.active == 0 for s in app.turns.watcher.turns.values()))
    assert len(online.games) == 30 and len(online.rows) == ROWS_SHOWN
    # seat 0 ends its turn at five tables, one or two on each server
    turned = [tables[i] for i in (3, 9, 14, 22, 29)]
    for connection, at in turned:
        end_turn(connection, at, 0)
    _until(hand, lambda: len(app.turns.mine()) == 5)
    _until(hand, lambda: {g.table for g in online.games[:5]}
           == {at.table for _, at in turned})
    assert all(g.my_turn for g in online.games[:5])
    assert not any(g.my_turn for g in online.games[5:])
    # the list scrolls to the last rows (the wheel), every row's buttons there
    for _ in range(30):
        hand.post(pygame.MOUSEMOTION, (1300, 500))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        hand.frames(1)
    assert online.first == 30 - ROWS_SHOWN and len(online.rows) == ROWS_SHOWN
    # and by the keyboard, a page at a time
    hand.key(pygame.K_PAGEUP)
    assert online.first == 30 - 2 * ROWS_SHOWN
    for _ in range(6):
        hand.key(pygame.K_PAGEUP)
    assert online.first == 0
    hand.key(pygame.K_PAGEDOWN)
    assert online.first == ROWS_SHOWN
    assert all(app.netplay.games.find(at.url, at.table)[0].status == "playing"
               for _, at in tables)


def test_since_you_left_summed_up_marked_replayed_or_skipped(servers, app, hand) -> None:
    (_, url1, c1), (_, url2, c2), _ = servers
    one, two = started(c1, url1), started(c2, url2)
    app.notifier = Notes()  # type: ignore[assignment]
    keep_seat(app.netplay.games, one, 2)  # this player has seen the deal only
    keep_seat(app.netplay.games, two, 2)
    for connection, at in ((c1, one), (c2, two)):
        end_turn(connection, at, 0)
        end_turn(connection, at, 1)
    app.navigator.start(Screen.TITLE)
    _until(hand, lambda: len(app.turns.mine()) == 2)
    hand.key(pygame.K_RETURN)  # the first of them
    _until(hand, lambda: isinstance(hand.top(), TableScene))
    table = hand.top()
    since = table.since
    assert since is not None and since.shown and table.logpanel.since == 0
    said = [t(key, **values) for key, values in since.sentences]
    assert said[0] == "Since you last looked, 2 turns were played:"
    assert said[1:] == ["Ann played without sailing, selling or building.",
                        "Bob played without sailing, selling or building."]
    # the table waits: a click on it does nothing while the summary is up
    hand.click((300, 900))
    assert since.shown
    hand.key(pygame.K_RETURN)  # Replay them
    assert not since.shown and since.at is not None
    _until(hand, lambda: since.done)
    assert table.state.active == 2 and not table.films.animating
    first = table.session.table
    assert app.netplay.games.find((first == one.table and url1) or url2, first)[0].seen == 2
    # the other table, opened from My online games: skipped with the mouse
    app.navigator.start(Screen.ONLINE)
    hand.frames(2)
    online = hand.top()
    row = next(i for i, g in enumerate(online.games) if g.table != first)
    hand.click(online.rows[row][0].rect.center)
    _until(hand, lambda: isinstance(hand.top(), TableScene))
    other = hand.top()
    assert other.since is not None and other.since.shown
    hand.click(other.since.skip_button.rect.center)
    assert other.since.done and other.since.showing(other.session.states) is None


def test_a_finished_games_replay_fetched_from_its_server_and_reviewed(servers, monkeypatch,
                                                                       app, hand) -> None:
    (server, url, connection), (gone, gone_url, gone_connection), _ = servers
    over = finished(connection, server, url)
    game = keep_seat(app.netplay.games, over, 1)
    game.status, game.to_move = "over", None
    app.netplay.games.put(game)
    app.navigator.start(Screen.ONLINE)
    hand.frames(2)
    online = hand.top()
    replay = online.rows[0][0]
    assert replay.label == "online.games.replay"
    hand.click(replay.rect.center)
    _until(hand, lambda: isinstance(hand.top(), ReviewScene))
    review = hand.top()
    assert review.session.over and len(review.session.steps) == over.number
    assert [n for n in review.session.names] == over.names
    # back from the review: My online games again (the Escape key)
    hand.key(pygame.K_ESCAPE)
    _until(hand, lambda: isinstance(hand.top(), OnlineScene))
    # a server that is gone: one sentence, soon
    monkeypatch.setattr("scenes.core.replays.PATIENCE", 1.0)
    gone_connection.close(timeout=1.0)
    gone.stop()
    lost = keep_seat(app.netplay.games, Table(gone_url, "t1", ["x", "y", "z"], 5,
                                               ["Ann", "Bob", "Cy"]), 1)
    lost.status = "over"
    app.netplay.games.put(lost)
    online = hand.top()
    hand.frames(1)
    row = next(i for i, g in enumerate(online.games) if g.server == gone_url)
    hand.click(online.rows[row][0].rect.center)
    _until(hand, lambda: online.fetching is None)
    assert online.message is not None
    assert online.message.startswith("The record could not be fetched: The server at ")
    assert isinstance(hand.top(), OnlineScene)
