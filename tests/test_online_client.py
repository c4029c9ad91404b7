"""The online client over real sockets on 127.0.0.1: a whole game through three
RemoteSessions, nothing hidden reaching a client, refusals, and what the
connection says when it cannot go on."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from clienthelp import (
    FAST,
    Heard,
    Machine,
    answered,
    close_all,
    invite_of,
    seated_table,
    server_public,
    sessions_for,
    settle,
    url,
)

from game import State, apply, parse_step
from game.cards import CARDS
from game.outcome import outcomes
from game.record import parse_record, read_record_text, replay
from online.client import (
    PROTOCOL,
    Connected,
    Connection,
    Failed,
    Lost,
    Reply,
    backoff,
    check_address,
)
from online.lobby import Lobby
from online.protocol import VERSION as SERVER_PROTOCOL
from online.remote import RemoteSession, known_deal, plain
from online.thread import ServerThread
from online.view import public_state
from online.words import Phrase, english
from scenes.core.intents import Said
from scenes.core.session import GameSession
from scenes.table.actions import TableActions

pytestmark = pytest.mark.timeout(60)
GOLDEN = Path(__file__).parent / "golden"


def _all_at(sessions: list[RemoteSession], number: int):
    def done() -> bool:
        return all(s.ready and len(s.steps) == number and s.log.pending is None
                   and not s.log.unconfirmed for s in sessions)
    return done


def test_a_whole_game_through_three_sessions(server: ServerThread) -> None:
    record = parse_record(read_record_text(GOLDEN / "three-players-first-game-ship-only.txt"))
    truth = [replay(record, k) for k in range(len(record.steps) + 1)]
    table, ms = seated_table(server, record.names, record.towns, record.variant)
    sessions = sessions_for(table, ms)
    try:
        polled: list[list] = [[] for _ in sessions]
        ears = [Heard(s) for s in sessions]

        def pump() -> None:
            for i, ear in enumerate(ears):
                polled[i] += ear.poll()

        settle(pump, _all_at(sessions, 0))
        assert [s.seats_here() for s in sessions] == [[0], [1], [2]]
        assert sessions[1].seat_kind(0) == "remote" and sessions[1].seat_kind(1) == "human"
        pending_seen = 0
        for number, text in enumerate(record.step_texts()):
            seat = truth[number].active
            mover = sessions[seat]
            assert mover.human_to_move
            assert not any(s.human_to_move for s in sessions if s is not mover)
            if mover.log.server_legal() is not None:  # the engine lists what the server lists
                assert mover.log.server_legal() == [str(s) for s in mover.legal_steps()]
            for s in sessions:
                polled[sessions.index(s)].clear()
            out = mover.submit(parse_step(text))
            if out.pending:
                pending_seen += 1
                assert not out.ok and out.reason == "pending" and not mover.human_to_move
                assert len(mover.steps) == number  # not shown before the server turns it
            else:
                assert out.ok, out.reason
                assert out.after is not None
                assert public_state(out.after) == public_state(truth[number + 1])
            settle(pump, _all_at(sessions, number + 1))
            theirs = server_public(server, table)
            for i, s in enumerate(sessions):
                assert public_state(s.state) == theirs, (number, text, i)
                # the client knows the towns the server showed face up, and no others
                assert s.log.known == tuple(theirs["towns_face_up"]) or s.over
                # each step made elsewhere came out of poll once, with its states
                made = [o for o in polled[i] if o.ok]
                if s is mover and not out.pending:
                    assert made == []  # the echo of a step shown already is not news
                else:
                    assert [o.step for o in made] == [parse_step(text)]
                    assert made[0].before is not None and made[0].after is s.state
        assert pending_seen > 0
        # The end: the record, replayed by the engine, gives everyone's final state.
        for s in sessions:
            assert s.over and s.place.status == "over"
            text = s.record_text()
            assert text is not None
            final = replay(parse_record(text))
            assert final == s.state == server.server.tables[table].state
            assert s.log.known == tuple(record.towns)
            assert list(s.steps) == server.server.store.steps(table)
            assert s.undo_blocker() == "online" and not s.can_undo() and s.tag_seed() is None
        # Nothing any machine received named a face-down town before the end.
        seed = server.server.tables[table].seed
        for m in ms:
            number = 0
            for raw in m.raw:
                msg = json.loads(raw)
                if msg.get("state", {}).get("over"):
                    break
                number = msg.get("number", number)
                face_up = set(record.towns[: truth[min(number, len(truth) - 1)].revealed])
                hidden = set(CARDS.towns) - face_up
                msg.pop("token", None)
                msg.pop("invite", None)
                text = json.dumps(msg)
                assert not [t for t in hidden if t in text] and seed not in text, raw[:200]
        # Chat reaches everyone, plain; a rematch names the new table.
        assert sessions[0].place.send_chat("good\ngame\x07") is None
        assert sessions[1].place.send_chat("") is not None
        settle(pump, lambda: all(ear.chat for ear in ears))
        assert ears[2].chat == [(0, record.names[0], "good game")]
        sessions[1].ask_rematch()
        settle(pump, lambda: all(s.inbox.rematch for s in sessions))
        assert len({s.inbox.rematch for s in sessions}) == 1 and sessions[0].inbox.rematch != table
    finally:
        close_all(ms)


def test_two_people_at_one_machine_and_a_server_computer(server: ServerThread) -> None:
    table, ms = seated_table(server, ["Ann", "Bob"], computers=("easy",), machines=1)
    (session,) = sessions_for(table, ms)
    try:
        settle(session.settle, lambda: session.ready)  # (its words wait for the table)
        assert session.seats_here() == [0, 1]
        assert session.seats == ["human", "human", "easy"]
        # every member the table needs of a GameSession, and the table's actions take
        # its outcomes as they take a local session's
        wanted = [n for n in dir(GameSession) if not n.startswith("_")]
        assert all(hasattr(session, n) for n in [*wanted, *GameSession.__annotations__])
        actions = TableActions(session)
        # (the table's first news: whom the server's draw named to play first)
        assert actions.arrived() == [Said("online.first", (("name", "Ann"), ("seat", 0)),
                                          logged=True)]
        assert session.place.presence == {0: True, 1: True, 2: True}
        seen: list = []
        compared = 0
        for _ in range(2):  # two rounds: each person ends the turn, the computer plays
            for seat in (0, 1):
                settle(lambda: seen.extend(outcomes(session.poll())), lambda s=seat: (
                    session.human_to_move and session.state.active == s
                    and not session.log.unconfirmed))
                # the server lists the legal steps of the seat it sends this connection's
                # view for (the seat resumed last); the engine here lists the same
                listed = session.log.server_legal()
                if listed is not None:
                    assert listed == [str(s) for s in session.legal_steps()]
                    compared += 1
                assert actions.submit(parse_step("end")).ok
            settle(lambda: seen.extend(outcomes(session.poll())),
                   lambda: session.state.active == 0 and session.human_to_move)
        # Usually once a round (seat 1's turns); a busy machine may ask for a fresh
        # snapshot, which resumes seat 0 and moves the listing to its turns.
        assert compared >= 1
        by_computer = [o for o in seen if o.ok]
        assert by_computer and all(o.before is not None and o.after is not None
                                   for o in by_computer)
        assert list(session.steps) == server.server.store.steps(table)
        assert public_state(session.state) == server_public(server, table)
        # A spectator's machine holds no seat: a step is refused at once, unasked.
        looker = Connection(url(server.port)).start()
        try:
            watching = RemoteSession(looker, table, {}, None,
                                     invite=invite_of(table))
            settle(watching.poll, lambda: watching.ready)
            assert list(watching.steps) == list(session.steps)
            out = watching.submit(parse_step("employ"))
            assert not out.ok and out.said is not None and out.said.key == "online.not_here"
            assert watching.seat_kind(0) == "remote" and not watching.human_to_move
            assert watching.place.send_chat("hello").key == "online.chat_seatless"
        finally:
            looker.close()
    finally:
        close_all(ms)


def test_refused_steps_come_back_with_the_servers_reason(server: ServerThread) -> None:
    record = parse_record(read_record_text(GOLDEN / "three-players-first-game-ship-only.txt"))
    truth = [replay(record, k) for k in range(len(record.steps) + 1)]
    texts = record.step_texts()
    table, ms = seated_table(server, record.names, record.towns, record.variant)
    sessions = sessions_for(table, ms)
    others: list[Connection] = []

    def machine(seats: dict[int, str]) -> RemoteSession:
        """Another machine that watches the table and believes it holds ``seats`` with
        tokens the server does not know (had it resumed them, the refusal would have
        told it the seats are not its own: see the test of a seat given up elsewhere)."""
        others.append(Connection(url(server.port), **FAST).start())
        lobby = Lobby(others[-1])
        invite = invite_of(table)
        view = answered(lobby, lobby.watch(table, invite))
        s = RemoteSession(others[-1], table, {}, view, invite)
        s.place.here.update(seats)
        settle(s.poll, lambda: len(s.steps) == len(server.server.store.steps(table)))
        return s

    def play(upto: int) -> None:
        for number in range(len(sessions[0].steps), upto):
            out = sessions[truth[number].active].submit(parse_step(texts[number]))
            assert out.ok or out.pending
            settle(lambda: [s.poll() for s in sessions], lambda n=number: all(
                len(s.steps) == n + 1 and not s.log.unconfirmed and s.log.pending is None
                for s in sessions))

    try:
        settle(lambda: [s.poll() for s in sessions], _all_at(sessions, 0))
        # A step the engine refuses never leaves the machine.
        out = sessions[0].submit(parse_step("sell 9g1"))
        assert not out.ok and out.refusal is not None and not out.taken_back
        # A machine whose token for seat 0 is wrong: its step is shown, then taken back
        # with the server's sentence.
        wrong = machine({0: "not-the-token"})
        out = wrong.submit(parse_step(texts[0]))
        assert out.ok and len(wrong.steps) == 1
        back: list = []
        settle(lambda: back.extend(wrong.poll()), lambda: bool(back))
        (undone,) = back
        assert undone.taken_back and not undone.ok and "token" in undone.reason
        assert str(undone.step) == texts[0] and undone.after == wrong.states[0]
        assert undone.said is not None and undone.said.key == "online.taken_back"
        assert "token" in english(undone.said)
        assert len(wrong.steps) == 0 and wrong.human_to_move
        assert server.server.store.steps(table) == []
        # A step that turns a town waits for the server; refused, nothing was shown.
        play(18)
        wrong = machine({1: "not-the-token"})
        out = wrong.submit(parse_step(texts[18]))
        assert out.pending and not out.ok and wrong.log.pending is not None
        assert not wrong.human_to_move
        assert wrong.submit(parse_step("done")).said.key == "online.waiting"
        back = []
        settle(lambda: back.extend(wrong.poll()), lambda: bool(back))
        (refused,) = back
        assert not refused.ok and not refused.taken_back and "token" in refused.reason
        assert str(refused.step) == texts[18] and wrong.log.pending is None \
            and len(wrong.steps) == 18
        play(19)
        # The same seat at two machines, each making a different step for the same
        # number: the table takes the first it hears; the other machine's step comes
        # back taken back, and both show the table's log.
        twin = machine({1: ms[1].seats[1]})
        st = twin.state
        other = next(str(s) for s in twin.legal_steps()
                     if str(s) != texts[19] and apply(st, s).revealed == st.revealed)
        assert sessions[1].submit(parse_step(texts[19])).ok and twin.submit(parse_step(other)).ok
        seen: dict[int, list] = {0: [], 1: []}
        pair = [sessions[1], twin]
        settle(lambda: [seen[i].extend(s.poll()) for i, s in enumerate(pair)],
               lambda: len(server.server.store.steps(table)) == 20 and all(
                   len(s.steps) == 20 and not s.log.unconfirmed for s in pair))
        log = server.server.store.steps(table)
        loser = 0 if log[19] == other else 1
        assert [o.taken_back for o in seen[loser]] == [True, False]
        assert [o.taken_back for o in seen[1 - loser]] == []
        assert all(list(s.steps) == log for s in pair)
    finally:
        close_all(ms)
        for c in others:
            c.close()


def test_the_connection_says_why_it_cannot_go_on(server: ServerThread) -> None:
    assert PROTOCOL == SERVER_PROTOCOL
    # Another protocol version: the server's sentence, then Failed.
    other = Connection(url(server.port), version=PROTOCOL + 1).start()
    try:
        rid = other.send({"type": "list"})
        got = []
        for _ in range(50):
            event = other.wait(0.2)
            if event is not None:
                got.append(event)
            if got and isinstance(got[-1], Failed):
                break
        assert isinstance(got[0], Connected), got
        assert Lost(rid, {"type": "list"}, got[-2].reason) in got
        assert got[-1].sentence.key == "online.version"
        assert "another version" in english(got[-1].sentence)
        assert not other.connected and other.failed is not None
    finally:
        other.close()
    # No server at the address: Failed within the connect timeout, never a hang.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    nobody = Connection(url(free), connect_timeout=1.0).start()
    try:
        rid = nobody.send({"type": "list"})  # before or after it gives up: reported
        events = [nobody.wait(5.0), nobody.wait(5.0)]
        (lost,) = [e for e in events if isinstance(e, Lost)]
        (failed,) = [e for e in events if isinstance(e, Failed)]
        assert lost.id == rid and lost.request == {"type": "list"}
        assert failed.sentence.key == "online.unreachable"
        assert str(free) in english(failed.sentence)
        late = nobody.send({"type": "list"})
        assert nobody.wait(1.0) == Lost(late, {"type": "list"}, lost.reason)
    finally:
        nobody.close()
    assert not nobody.alive
    # Not an address at all.
    assert check_address("http://example.org/") is not None
    assert check_address(url(server.port)) is None
    bad = Connection("localhost:8765").start()
    try:
        event = bad.wait(5.0)
        assert isinstance(event, Failed) and event.sentence.key == "online.bad_address"
    finally:
        bad.close()


def test_a_reply_pairs_with_its_request_and_close_is_prompt(server: ServerThread) -> None:
    c = Connection(url(server.port)).start()
    try:
        first = c.send({"type": "list"})
        second = c.send({"type": "create", "players": 5})
        got = {}
        for _ in range(100):
            event = c.wait(0.1)
            if isinstance(event, Reply):
                got[event.id] = event
            if len(got) == 2:
                break
        assert got[first].msg.TYPE == "tables" and got[first].request == {"type": "list"}
        assert got[second].msg.TYPE == "error" and "3 or 4" in got[second].msg.reason
        assert c.events() == []
    finally:
        c.close()
    assert not c.alive


def test_the_backoff_and_the_known_deal() -> None:
    waits = backoff(1.0, 10.0)
    assert [next(waits) for _ in range(7)] == [1.0, 2.0, 4.0, 8.0, 10.0, 10.0, 10.0]
    deal = known_deal(9, ["T05", "T01", "T09"])
    assert deal[:3] == ["T05", "T01", "T09"] and len(set(deal)) == 9
    assert all(t in CARDS.towns for t in deal)
    assert known_deal(9, ["T05"])[1:] == [t for t in sorted(CARDS.towns) if t != "T05"][:8]
    st = State.start(["A", "B", "C"], deal)
    assert apply(st, parse_step("employ")).active == 0
    assert plain("a\u202eb\tc\n" + "x" * 900) == "ab c " + "x" * 495


def test_a_seat_out_of_time_goes_to_a_computer_and_everyone_is_told(
        server: ServerThread) -> None:
    """Ann's clock runs out: the server's computer plays her seat on, and both machines
    say so, hers in the second person."""
    table, ms = seated_table(server, ["Ann", "Bob", "Cy"])
    ann, bob, _ = sessions = sessions_for(table, ms)
    try:
        ears = {s: Heard(s) for s in sessions}
        settle(lambda: [ear.poll() for ear in ears.values()],
               lambda: all(s.ready for s in sessions))
        t = server.server.tables[table]
        t.seats[0].clock = 0.2  # the table gets a clock, Ann (to move) almost none of it
        t.options["clock"] = {"budget": 0.2, "bonus": 0.0}

        def told(session: RemoteSession) -> bool:
            return any(isinstance(n, Phrase) and n.key.startswith("online.to_computer")
                       for n in ears[session].notices)

        settle(lambda: [ear.poll() for ear in ears.values()], lambda: told(ann) and told(bob))
        mine = next(n for n in ears[ann].notices if isinstance(n, Phrase)
                    and n.key.startswith("online.to_computer"))
        theirs = next(n for n in ears[bob].notices if isinstance(n, Phrase)
                      and n.key.startswith("online.to_computer"))
        assert mine.key == "online.to_computer_mine.time" and mine.values["name"] == "Ann"
        assert theirs.key == "online.to_computer.time" and theirs.values["name"] == "Ann"
        assert theirs.values["level"] == Phrase("level.medium", {})
        assert bob.seat_kind(0) == "medium"
    finally:
        close_all(ms)


def test_a_player_back_after_being_handed_over_plays_their_seat_again(
        server: ServerThread) -> None:
    """Ann's machine goes; the table gives her seat to its computer, which plays on;
    her program comes back with her token and she holds her seat again, the computer's
    steps shown, and Bob's machine says she is back."""
    table, ms = seated_table(server, ["Ann", "Bob", "Cy"])
    ann, bob, cy = sessions = sessions_for(table, ms)
    token = ms[0].seats[0]
    try:
        ear = Heard(bob)
        settle(lambda: [s.poll() for s in (ann, cy)] + [ear.poll()],
               lambda: all(s.ready for s in sessions))
        ms[0].connection.close()
        settle(ear.poll, lambda: not bob.place.presence.get(0, True))
        t = server.server.tables[table]
        t.options["away_limit"] = 0.0
        bob.place.hand_over(0, "easy")
        settle(lambda: [ear.poll(), cy.poll()],
               lambda: bob.seat_kind(0) == "easy" and len(t.steps) > 0)
        machine = Machine.open(server.port)
        ms.append(machine)
        again = RemoteSession(machine.connection, table, {0: token})
        back = Heard(again)
        settle(lambda: [back.poll(), ear.poll()],
               lambda: again.ready and bob.seat_kind(0) == "remote")
        assert again.seat_kind(0) == "human" and again.seats_here() == [0]
        # her program welcomes her back: the computer played for her meanwhile
        assert any(isinstance(n, Phrase) and n.key == "online.back_mine"
                   and n.values["name"] == "Ann" for n in back.notices)
        assert any(isinstance(n, Phrase) and n.key == "online.to_computer.away"
                   for n in ear.notices)
        assert again.steps[:len(t.steps)] == t.steps[:len(again.steps)]
        assert any(n.key == "online.from_computer" and n.values["name"] == "Ann"
                   and n.values["seat"] == 0 for n in ear.notices if isinstance(n, Phrase))
        assert t.seats[0].kind.value == "human"
        assert ann.seat_kind(0) == "human"  # (her old session saw nothing of it)
    finally:
        close_all(ms)


def test_a_seat_given_up_elsewhere_is_watched_here(server: ServerThread) -> None:
    """Ann left the game from another machine; this one still had her token: the
    server refuses it, so the table is watched here instead of waiting for nothing."""
    table, ms = seated_table(server, ["Ann", "Bob", "Cy"])
    sessions = sessions_for(table, ms)
    token = ms[0].seats[0]
    try:
        settle(lambda: [s.poll() for s in sessions], lambda: all(s.ready for s in sessions))
        ms[0].lobby.leave(table, 0, token)
        t = server.server.tables[table]
        settle(lambda: [s.poll() for s in sessions], lambda: t.seats[0].token_hash is None)
        machine = Machine.open(server.port)
        ms.append(machine)
        stale = RemoteSession(machine.connection, table, {0: token}, invite=invite_of(table))
        ear = Heard(stale)
        settle(ear.poll, lambda: stale.ready)
        assert stale.seats_here() == [] and stale.seat_kind(0) == "medium"
        assert Phrase("server.wrong_token", {}) in ear.notices
        assert stale.connection.on_reconnect[0]["type"] == "watch"
    finally:
        close_all(ms)
