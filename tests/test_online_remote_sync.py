"""A RemoteSession that finds its game differs from the server's: it asks for a
fresh snapshot and moves to it in one outcome; if its own replay still disagrees, it
takes the server's state. (Neither should happen; both are guarded.)"""

from __future__ import annotations

import pytest
from clienthelp import close_all, seated_table, server_public, sessions_for, settle

import online.follow
import online.remote
from game import State, apply
from game.outcome import outcomes
from game.steps import parse_step
from game.words import Phrase
from online.client import Lost
from online.thread import ServerThread
from online.view import public_state

pytestmark = pytest.mark.timeout(60)


def _ready(server: ServerThread):
    table, ms = seated_table(server, ["Ann", "Bob", "Cy"], machines=1)
    (session,) = sessions_for(table, ms)
    settle(session.poll, lambda: session.ready)
    return table, ms, session


def test_a_state_that_differs_is_put_right_from_a_snapshot(server: ServerThread) -> None:
    table, ms, session = _ready(server)
    try:
        shown = session.state
        shown.wealth = [w + 5 for w in shown.wealth]  # a fault of the client's own
        assert session.submit(parse_step("employ")).ok  # made on the faulty state
        seen: list = []
        settle(lambda: seen.extend(outcomes(session.poll())),
               lambda: any(o.taken_back for o in seen) and not session.log.unconfirmed)
        (fixed,) = [o for o in seen if o.taken_back]
        assert fixed.reason == "resync" and fixed.said.key == "online.resynced"
        assert public_state(fixed.after) == server_public(server, table)
        assert public_state(session.state) == server_public(server, table)
        assert session.log.adopted == 0  # the replay agreed once started afresh
        assert session.submit(parse_step("employ")).ok
        settle(session.poll, lambda: not session.log.unconfirmed)
        assert public_state(session.state) == server_public(server, table)
    finally:
        close_all(ms)


def test_a_replay_that_disagrees_takes_the_servers_state(server: ServerThread,
                                                         monkeypatch) -> None:
    table, ms, session = _ready(server)

    def skewed(st: State, step):  # an engine that pays one more for every step
        after = apply(st, step)
        after.wealth = [w + 1 for w in after.wealth]
        return after

    try:
        monkeypatch.setattr(online.remote, "apply", skewed)
        monkeypatch.setattr(online.follow, "apply", skewed)
        assert session.submit(parse_step("employ")).ok
        seen: list = []
        settle(lambda: seen.extend(outcomes(session.poll())), lambda: session.log.adopted == 1
               and not session.log.unconfirmed)
        assert public_state(session.state) == server_public(server, table)
        assert [o.reason for o in seen if o.taken_back][-1] == "resync"
        assert list(session.steps) == server.server.store.steps(table)
        assert len(session.states) == len(session.steps) + 1
    finally:
        close_all(ms)


def test_a_snapshot_lost_with_its_socket_is_asked_for_again(server: ServerThread) -> None:
    """A snapshot is asked for once at a time; one lost with its socket is no longer
    awaited, so the next gap asks again (else the table would never catch up)."""
    _, ms, session = _ready(server)
    sent: list[tuple[dict, int]] = []
    send = session.connection.send

    def counting(msg: dict, *args, **kwargs) -> int:
        rid = send(msg, *args, **kwargs)
        sent.append((msg, rid))
        return rid

    session.connection.send = counting  # type: ignore[method-assign]
    try:
        session.log.ask_snapshot()
        session.log.ask_snapshot()  # (one at a time: not sent twice)
        assert [m["type"] for m, _ in sent] == ["resume"]
        (msg, rid), = sent
        session.inbox.take(Lost(rid, msg, Phrase("online.lost", {})))  # its socket gone
        session.log.ask_snapshot()
        assert [m["type"] for m, _ in sent] == ["resume", "resume"]
    finally:
        close_all(ms)
