"""A server the client cannot trust: the real program, seated by a fake server on
127.0.0.1 (``hostile``), then sent each kind of bad message. The table stays up (no
exception out of a frame), bounded (what it keeps of the server has a cap) and
truthful (every sentence it shows is a whole sentence: no template, no repr, never
blank; a game it cannot show is said, and leaving offered), and the data folder
holds nothing the program did not write itself."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable

import pygame
import pytest
from hostile import (
    LIMIT,
    QUICK,
    TABLE,
    Conn,
    FakeServer,
    at_table,
    bounded,
    cy_plays,
    healed,
    message,
    redirect_to,
    serving,
    truthful,
    until,
)

from game.outcome import Chat, News
from game.steps import parse_step
from online import client as C
from online import protocol as p
from online.inbox import CHAT_FLOOD_SAID
from online.protocol import VERSION
from online.words import SHOWN_NAME, cut
from scenes.core.intents import Play
from scenes.screens.online import OnlineScene
from scenes.table.clocks import clock_faces
from scenes.text.catalog import t
from scenes.ui.overlays import Confirm, PauseMenu

pytestmark = pytest.mark.timeout(90)

# ----- the game's messages that lie ------------------------------------------------------------
def _state(**change: object) -> Callable[[dict], dict]:
    def make(view: dict) -> dict:
        return {**view, "state": {**view["state"], **change}}
    return make


def _field(**change: object) -> Callable[[dict], dict]:
    return lambda view: {**view, **change}


LIES: dict[str, Callable[[dict], dict]] = {
    "a state that is a list": _field(state=[1, 2, 3]),
    "legal that is a number": _field(legal=5),
    "seats that are not objects": _field(seats=["Ann", 7, None]),
    "fifty seats": _field(seats=[{"seat": i % 4, "name": "x", "kind": "human"}
                                 for i in range(50)]),
    "seat 7 of 3": _state(active=7),
    "thirteen towns face up": _state(revealed=13, face_down=-4),
    "an unknown town card": _state(towns_face_up=["T01", "T02", "X99"]),
    "lists too short": _state(goods=[-1, -1], ships=[0]),
    "a game over without scores": _state(over=True),
    "away for ever": lambda view: {**view, "seats": [
        {**s, "here": False, "away_for": 1e400} for s in view["seats"]]},
    "a step number that jumps": _field(number=7),
    "a seat out of range": _field(seat=9),
    "a hundred thousand players": lambda view: {**view, "options": {
        **view["options"], "players": 100_000}},
    "three in words": lambda view: {**view, "options": {**view["options"], "players": "three"}},
    "markers that do not add up": _state(stock=[13, 13, 13]),
    "a record that is an object": _field(record={"towns": "all"}),
}


@pytest.mark.parametrize("lie", sorted(LIES))
def test_a_lying_view_once_is_dropped_and_the_table_follows_on(lie: str) -> None:
    """A view that lies, once: dropped (one line in the log), the table asks for a
    fresh one, and follows the honest server on."""
    def bad(conn: Conn) -> None:
        conn.send(json.dumps(LIES[lie](conn.game.view())))
        cy_plays(conn)

    with at_table(bad) as (hand, scene):
        healed(hand, scene)


@pytest.mark.parametrize("lie", ["a state that is a list", "seat 7 of 3", "fifty seats",
                                 "thirteen towns face up", "an unknown town card",
                                 "lists too short", "a game over without scores",
                                 "a step number that jumps", "an unreadable log"])
def test_a_server_that_always_lies_is_said_and_leaving_offered(lie: str) -> None:
    """A server whose every view of the table lies: the table stays as it was, says in
    one sentence that this server sent a game it cannot show, and offers to leave
    (yes: Play online; the program goes on)."""
    def lying(view: dict) -> dict:
        if lie == "an unreadable log":
            return {**view, "steps": ["sell 9 9 9"], "number": 1}
        return LIES[lie](view)

    def bad(conn: Conn) -> None:
        conn.send(json.dumps(lying(conn.game.view())))
        while (req := conn.recv()) is not None:
            if req["type"] in ("resume", "watch"):
                conn.send({**lying(conn.game.view()), "id": req["id"]})

    with at_table(bad) as (hand, scene):
        session = scene.session
        until(hand, lambda: session.place.trouble() is not None)
        until(hand, lambda: isinstance(hand.top(), Confirm))
        assert session.place.trouble().key == "online.unshowable"
        assert scene.view.status == t("online.unshowable")
        assert not session.human_to_move and list(session.steps) == []
        truthful(scene)
        hand.answer(True)
        until(hand, lambda: isinstance(hand.top(), OnlineScene))


UPDATES: dict[str, Callable[[dict], dict]] = {
    "an update without its number": lambda u: {k: v for k, v in u.items() if k != "number"},
    "a step that is a number": _field(step=5),
    "an unreadable step": _field(step="sell 9 9 9"),
    "an update for a seat of no one": _field(by=3),
    "a clock at infinity": _field(clocks=[1e400, 0, 0]),
    "a clock that is a word": _field(clocks=["soon", None, None]),
}


@pytest.mark.parametrize("lie", sorted(UPDATES))
def test_a_lying_update_asks_for_the_table_afresh(lie: str) -> None:
    """An update that lies (or names a step the engine cannot make): nothing of it is
    shown; the table asks for a fresh view and goes on from the server's word."""
    def bad(conn: Conn) -> None:
        conn.game.play("employ")
        conn.send(json.dumps(UPDATES[lie](conn.game.update())))
        conn.game.play("end")
        conn.send(conn.game.update())

    with at_table(bad) as (hand, scene):
        healed(hand, scene)


FRAMES_THAT_ARE_NOT_MESSAGES: dict[str, str | bytes] = {
    "not JSON": "{",
    "binary": b"\x00\xff\x01",
    "nested deeply": "[" * 100_000 + "]" * 100_000,
    "a list": "[1, 2, 3]",
    "NaN": '{"v": 2, "type": "chat", "table": "t-hostile", "seat": NaN}',
    "an unknown type": json.dumps(message({"type": "dance", "table": TABLE})),
    "a megabyte error": json.dumps(message({"type": "error", "reason": "x" * 1_000_000,
                                       "said": {"key": "server.full", "values": {}}})),
    "a chat line from a long name": json.dumps(message({"type": "chat", "table": TABLE, "seat": 1,
                                                   "name": "B" * 10_000, "text": "hi"})),
    "a chat name that is an object": json.dumps(message({"type": "chat", "table": TABLE,
                                                    "seat": 1, "name": {"a": 1},
                                                    "text": "hi"})),
    "an answer to nothing": json.dumps(message({"type": "seated", "table": TABLE, "seat": 0,
                                           "id": 99_999})),
}


@pytest.mark.parametrize("kind", sorted(FRAMES_THAT_ARE_NOT_MESSAGES))
def test_a_frame_that_is_no_message_is_dropped(kind: str) -> None:
    def bad(conn: Conn) -> None:
        conn.send(FRAMES_THAT_ARE_NOT_MESSAGES[kind])
        cy_plays(conn)

    with at_table(bad) as (hand, scene):
        healed(hand, scene)
        assert scene.session.connection.dropped >= 1 or kind == "an answer to nothing"


def test_a_long_name_is_shown_cut_with_an_ellipsis() -> None:
    """A name as long as the protocol lets a server send (100 letters) is read, and
    shown cut on one line."""
    def bad(conn: Conn) -> None:
        conn.send(message({"type": "chat", "table": TABLE, "seat": 1, "name": "B" * 100,
                           "text": "hi"}))
        cy_plays(conn)

    with at_table(bad) as (hand, scene):
        healed(hand, scene)
        heard = [line.text for line in scene.logpanel.chat if line.text.endswith(": hi")]
        assert heard == ["B" * (SHOWN_NAME - 1) + "…: hi"], heard


def test_a_snapshot_that_replaces_the_table_is_a_new_picture_not_a_step() -> None:
    """The server's table is not what the replay of its log gives: the client asks for
    it whole and takes it as a new picture of the table, the log said again, no film
    played, the status line saying so."""
    def bad(conn: Conn) -> None:
        cy_plays(conn)
        st = conn.game.state.copy()
        st.wealth = [w + 2 for w in st.wealth]  # (as many bankers: a state that could be)
        conn.game.states[-1] = st
        conn.send({k: v for k, v in conn.game.view().items() if k != "steps"})

    with at_table(bad) as (hand, scene):
        session = scene.session
        until(hand, lambda: session.log.adopted == 1)
        hand.frames(2)
        assert not scene.films.animating
        assert session.state.wealth == [w + 2 for w in session.states[-2].wealth]
        assert scene.view.status == t("online.resynced")
        assert [line.notation for line in scene.logpanel.lines if not line.chat] == \
            list(session.steps)
        truthful(scene)


# ----- the connection's ends ---------------------------------------------------------------
@pytest.mark.parametrize(("code", "key"), [
    (1000, "status.online.away"), (1011, "status.online.away"), (1001, "online.stopping"),
    (1008, "online.closed_on_us"), (1009, "online.closed_on_us"),
    (4002, "online.closed_on_us"), (4999, "online.closed_on_us"),
    (3000, "online.closed_on_us")])
def test_a_close_is_told_apart_and_the_table_comes_back(code: int, key: str) -> None:
    """Closed with a code: the table says which way in one sentence (gone, stopping,
    refusing this program) while it tries again, and is back once the server is."""
    back = threading.Event()

    def bad(conn: Conn) -> None:
        conn.ws.close(code, "bye")

    def later(conn: Conn) -> None:
        if not back.is_set():
            conn.ws.close(code, "still no")

    with at_table(bad, later=later) as (hand, scene):
        session = scene.session
        expected = t(key, code=code)
        until(hand, lambda: scene.view.status == expected)
        truthful(scene)
        back.set()
        until(hand, lambda: session.place.connected and session.place.link() is None)


def test_another_version_ends_the_connection_with_one_sentence() -> None:
    def bad(conn: Conn) -> None:
        conn.send(json.dumps({"v": VERSION + 1, "type": "view", "table": TABLE}))

    with at_table(bad) as (hand, scene):
        session = scene.session
        until(hand, lambda: session.place.trouble() is not None)
        assert session.place.trouble().key == "online.version"
        until(hand, lambda: isinstance(hand.top(), Confirm))
        truthful(scene)


def test_a_close_with_4001_is_another_version() -> None:
    def bad(conn: Conn) -> None:
        conn.ws.close(4001, "version")

    with at_table(bad) as (hand, scene):
        until(hand, lambda: scene.session.place.trouble() is not None)
        assert scene.session.place.trouble().key == "online.version"
        assert scene.view.status == t("online.version", where=scene.session.connection.url)


def test_a_server_that_stops_answering_is_slow_and_leave_is_at_hand() -> None:
    """Ann's step is never answered: the table says the server is slow (its window
    drawing on), Esc opens the menu that leaves, and the answer, once it comes, ends
    the slowness."""
    answer = threading.Event()

    def bad(conn: Conn) -> None:
        cy_plays(conn)
        req = conn.expect("step")
        answer.wait(20)
        conn.answer(req)

    with at_table(bad) as (hand, scene):
        session = scene.session
        until(hand, lambda: session.human_to_move)
        scene.act(Play(parse_step("employ")))
        until(hand, lambda: scene.view.status == t("online.slow", seconds=0))
        drawn = hand.app.frames
        hand.frames(10)
        assert hand.app.frames == drawn + 10
        hand.key(pygame.K_ESCAPE)
        until(hand, lambda: isinstance(hand.top(), PauseMenu))
        hand.key(pygame.K_ESCAPE)
        answer.set()
        until(hand, lambda: session.place.link() is None and not session.log.unconfirmed)
        truthful(scene)


def test_a_server_that_drips_a_byte_at_a_time_is_slow() -> None:
    stop = threading.Event()

    def bad(conn: Conn) -> None:
        cy_plays(conn)
        conn.expect("step")
        frame = b"\x81\x7e\x01\x00" + b"x" * 256  # a 256-byte text frame, dripped
        conn.drip(frame, 0.05, stop)

    with at_table(bad) as (hand, scene):
        session = scene.session
        until(hand, lambda: session.human_to_move)
        scene.act(Play(parse_step("employ")))
        until(hand, lambda: scene.view.status == t("online.slow", seconds=0))
        truthful(scene)
        stop.set()


def test_no_redirect_is_followed() -> None:
    """A handshake answered with a redirect to another server: not followed, said."""
    with FakeServer(lambda conn: None) as elsewhere:
        with serving(lambda conn: None,
                     process_request=redirect_to(elsewhere.url)) as server:
            connection = C.Connection(server.url, **QUICK).start()
            try:
                failed = None
                for _ in range(200):
                    event = connection.wait(0.05)
                    if isinstance(event, C.Failed):
                        failed = event
                        break
                assert failed is not None and failed.sentence.key == "online.redirected"
                assert failed.sentence.values["to"] == elsewhere.url
            finally:
                connection.close()
        assert elsewhere.conns == [], "the redirect was followed"


@pytest.mark.parametrize("where", ["ws://192.0.2.7:47147/", "wss://127.0.0.1:1/",
                                   "file:///etc/passwd", "x" * 400])
def test_a_table_said_to_live_on_another_server_is_not_followed(where: str) -> None:
    """A ``moved`` naming another host (or scheme, or no address at all): the client
    stays where the player asked, says so in one sentence, and plays on there."""
    said = threading.Event()

    def bad(conn: Conn) -> None:
        conn.send(message({"type": "moved", "table": TABLE, "where": where}))
        said.wait(LIMIT)
        cy_plays(conn)

    with at_table(bad) as (hand, scene):
        session = scene.session
        until(hand, lambda: scene.view.status == t("online.moved_away", where=cut(where, 80)))
        truthful(scene)
        said.set()
        healed(hand, scene)
        connection = session.connection
        assert connection.url == connection.home and connection.connected


# ----- what a server says ---------------------------------------------------------------------
@pytest.mark.parametrize("values", [{}, {"at": {"key": "x", "values": {}}}, {"at": [1, 2]},
                                    {"at": 4}])
def test_a_refusal_is_said_only_with_its_values(values: dict) -> None:
    """A step refused with a sentence whose values are missing, an object or a list:
    the server's English reason, on one line, cut; never a raw template."""
    def bad(conn: Conn) -> None:
        cy_plays(conn)
        req = conn.expect("step")
        conn.send(message({"type": "refused", "table": TABLE, "number": req["number"],
                      "step": req["step"], "reason": "Nope.\n" + "y" * 900,
                      "said": {"key": "server.step_number", "values": values}, "id": req["id"]}))

    with at_table(bad) as (hand, scene):
        session = scene.session
        until(hand, lambda: session.human_to_move)
        scene.act(Play(parse_step("employ")))
        until(hand, lambda: "refused" in scene.view.status)
        status = scene.view.status
        if values == {"at": 4}:
            assert "{number}" not in status and "Nope." in status
        else:
            assert "Nope. yyy" in status and status.endswith("…")
        truthful(scene)


def test_a_table_without_a_clock_shows_none() -> None:
    """Clocks sent for a table whose options have no clock: none shown."""
    def bad(conn: Conn) -> None:
        conn.send({**conn.game.view(), "clocks": [0.0, 0.0, 0.0]})
        cy_plays(conn)

    with at_table(bad) as (hand, scene):
        healed(hand, scene)
        assert clock_faces(scene.session, scene.online) == ()


# ----- floods -------------------------------------------------------------------------------
def test_a_chat_flood_keeps_every_line_it_takes_and_a_bounded_log() -> None:
    """More chat than anyone types: taken at the chat's pace, every line taken reaches
    the log (past 200), the rest said once, memory and the log bounded."""
    stop = threading.Event()

    def bad(conn: Conn) -> None:
        cy_plays(conn)
        n = 0
        while not stop.is_set() and n < 100_000:
            conn.send(message({"type": "chat", "table": TABLE, "seat": 1, "name": "Bob",
                          "text": f"line {n}"}))
            n += 1

    with at_table(bad) as (hand, scene):
        session = scene.session
        polled: list[Chat] = []
        poll = session.poll

        def counted() -> list[News]:  # (the table's one way to hear: each line counted)
            news = poll()
            polled.extend(n for n in news if isinstance(n, Chat))
            return news

        def heard() -> list:
            return [line for line in scene.logpanel.chat if line.text.startswith("Bob: ")]

        session.poll = counted
        before = len(heard())
        until(hand, lambda: len(polled) >= 32)
        hand.frames(1)
        assert len(heard()) - before == len(polled)  # every line taken reached the log
        assert session.inbox._flood_said > -CHAT_FLOOD_SAID  # the rest dropped, said
        stop.set()


def test_the_ship_log_keeps_chat_past_two_hundred_lines() -> None:
    """An honest table that talks a lot: line 201 and after reach the log too."""
    def bad(conn: Conn) -> None:
        cy_plays(conn)

    with at_table(bad) as (hand, scene):
        session = scene.session
        until(hand, lambda: session.human_to_move)
        pace = session.inbox._chat_pace
        pace.rate = pace.burst = pace.tokens = 1e9  # an honest, busy table
        for n in range(250):
            session.inbox._chat_line(p.ChatLine(table=TABLE, seat=1, name="Bob", text=f"l{n}"))
            if n % 50 == 0:
                hand.frames(1)
        hand.frames(2)
        assert not session.news.held  # every line taken by the table
        texts = [line.text for line in scene.logpanel.chat if line.text.startswith("Bob: ")]
        assert len(texts) == 250 and texts[-1].endswith("l249") and texts[200].endswith("l200")


def test_views_of_other_tables_are_not_kept() -> None:
    stop = threading.Event()

    def bad(conn: Conn) -> None:
        cy_plays(conn)
        view = conn.game.view()
        for n in range(5000):
            if stop.is_set():
                return
            conn.send(json.dumps({**view, "table": f"other-{n}"}))

    with at_table(bad) as (hand, scene):
        healed(hand, scene)
        hand.frames(60)
        bounded(scene)
        stop.set()

