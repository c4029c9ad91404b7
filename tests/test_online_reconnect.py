"""The online client when the network fails it: a socket the server drops mid-turn,
and a server restarted on the same file and port; nothing shown is lost or made
twice, and play goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
from clienthelp import Heard, close_all, db, seated_table, server_public, sessions_for, settle
from onlinehelp import FirstSeat

from game.record import parse_record, read_record_text, replay
from game.steps import parse_step
from online.remote import RemoteSession
from online.thread import ServerThread
from online.view import public_state

pytestmark = pytest.mark.timeout(60)
GOLDEN = Path(__file__).parent / "golden"
RECORD = parse_record(read_record_text(GOLDEN / "three-players-first-game-ship-only.txt"))
TRUTH = [replay(RECORD, k) for k in range(len(RECORD.steps) + 1)]
TEXTS = RECORD.step_texts()


def _drop(server: ServerThread, table: str, seat: int) -> None:
    """Cut the socket of the machine holding ``seat``, from the server's side, with no
    closing handshake (as a network that fails does)."""
    t = server.server.tables[table]
    for conn in [c for c, held in t.holders.items() if seat in held]:
        server._loop.call_soon_threadsafe(conn.ws.transport.abort)


def _play(sessions: list[RemoteSession], server_log, upto: int) -> None:
    """Play the golden record's steps up to ``upto``, each by its seat's machine."""
    for number in range(len(sessions[0].steps), upto):
        mover = sessions[TRUTH[number].active]
        out = mover.submit(parse_step(TEXTS[number]))
        assert out.ok or out.pending, out.reason
        settle(lambda: [s.poll() for s in sessions],
               lambda n=number: all(len(s.steps) == n + 1 and not s.log.unconfirmed
                                    and s.log.pending is None for s in sessions))
    assert all(list(s.steps) == server_log() for s in sessions)


def test_a_socket_dropped_mid_turn(tmp_path: Path) -> None:
    server = ServerThread(db(tmp_path), rng=FirstSeat())
    server.start()
    table, ms = seated_table(server, RECORD.names, RECORD.towns, RECORD.variant)
    sessions = sessions_for(table, ms)
    log = lambda: server.server.store.steps(table)  # noqa: E731
    try:
        _play(sessions, log, 4)  # seat 1 is in the middle of its turn
        seat = TRUTH[4].active
        mover = sessions[seat]
        ear = Heard(mover)  # (what the mover's table is told from here on)
        polls = [ear.poll if s is mover else s.poll for s in sessions]
        # 1. Dropped while idle; a step made while away waits and goes on reconnection
        # (the first try again waits long enough for the others to see the seat away).
        mover.connection.first_retry = mover.connection.max_retry = 1.0
        _drop(server, table, seat)
        settle(ear.poll, lambda: not mover.place.connected)
        assert mover.place.away is not None and mover.place.away.key == "online.dropped"
        assert mover.submit(parse_step(TEXTS[4])).ok  # shown at once, queued
        settle(lambda: [poll() for poll in polls], lambda: not server.server.tables[
            table].present(seat) and sessions[0].place.presence.get(seat) is False)
        assert log() == TEXTS[:4]
        settle(lambda: [poll() for poll in polls],
               lambda: all(len(s.steps) == 5 and not s.log.unconfirmed for s in sessions))
        assert mover.place.connected and mover.place.away is None
        assert log() == TEXTS[:5]
        settle(polls[0], lambda: sessions[0].place.presence[seat] is True)
        # 2. Dropped right after a step was sent: the step is there once, whatever the
        # moment the socket went.
        assert mover.submit(parse_step(TEXTS[5])).ok
        _drop(server, table, seat)
        settle(lambda: [poll() for poll in polls],
               lambda: all(len(s.steps) == 6 and not s.log.unconfirmed for s in sessions)
               and mover.place.connected)
        assert log() == TEXTS[:6]
        assert not [n for n in ear.notices if not isinstance(n, str)
                    and n.key not in ("online.dropped", "online.first")]
        # 3. Play goes on to the next turns.
        _play(sessions, log, 12)
        for s in sessions:
            assert public_state(s.state) == server_public(server, table)
    finally:
        close_all(ms)
        server.stop()


def test_a_server_restarted_mid_game(tmp_path: Path) -> None:
    server = ServerThread(db(tmp_path), rng=FirstSeat())
    port = server.start()
    table, ms = seated_table(server, RECORD.names, RECORD.towns, RECORD.variant)
    sessions = sessions_for(table, ms)
    log = lambda: server.server.store.steps(table)  # noqa: E731
    try:
        _play(sessions, log, 7)
        server.stop()
        settle(lambda: [s.poll() for s in sessions],
               lambda: not any(s.place.connected for s in sessions))
        # A step made while the server is down is shown, and waits.
        mover = sessions[TRUTH[7].active]
        assert mover.submit(parse_step(TEXTS[7])).ok and mover.log.unconfirmed == 1
        server = ServerThread(db(tmp_path), port=port, rng=FirstSeat())
        assert server.start() == port
        log = lambda: server.server.store.steps(table)  # noqa: E731
        settle(lambda: [s.poll() for s in sessions],
               lambda: all(s.place.connected and len(s.steps) == 8 and not s.log.unconfirmed
                           for s in sessions))
        assert log() == TEXTS[:8]
        for s in sessions:
            assert public_state(s.state) == server_public(server, table)
        _play(sessions, log, 16)
    finally:
        close_all(ms)
        server.stop()
