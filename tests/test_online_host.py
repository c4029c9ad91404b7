"""The desktop program's own hosting: its port kept from one run to the next, another
window hosting from the same data folder refused in one sentence, a taken port said
(send a new code), its folder private; and at a friend's table, a host gone for two
minutes said plainly, never an endless "reconnecting"; the draw of the first seat
said at the table."""

from __future__ import annotations

import socket
import stat
from pathlib import Path

import pytest
from clienthelp import close_all, seated_table, sessions_for, settle
from onlinehelp import FirstSeat

from online.ports import quiet_port
from online.thread import ServerThread
from scenes.core.intents import Said
from scenes.core.netplay import PORT_FILE, CannotHost, Netplay
from scenes.table.actions import TableActions
from scenes.table.news import GONE_LONG

pytestmark = pytest.mark.timeout(60)



def test_the_hosted_port_is_kept_and_a_second_window_is_refused(tmp_path: Path) -> None:
    wanted = quiet_port()
    first = Netplay(tmp_path, bind="127.0.0.1", port=wanted)
    try:
        assert first.host() == wanted and first.notice is None
        assert (tmp_path / "online" / PORT_FILE).exists()
        assert stat.S_IMODE((tmp_path / "online").stat().st_mode) == 0o700
        second = Netplay(tmp_path, bind="127.0.0.1", port=quiet_port())
        with pytest.raises(CannotHost) as refused:
            second.host()
        assert refused.value.said.key == "online.host_busy" and second.server is None
    finally:
        first.close()
    # Started again (another default given this time): the port of last time.
    again = Netplay(tmp_path, bind="127.0.0.1", port=quiet_port())
    try:
        assert again.host() == wanted and again.notice is None
    finally:
        again.close()
    # That port taken by another program: another one, and the player told to send
    # their friends a new code.
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", wanted))
        taken.listen()
        moved = Netplay(tmp_path, bind="127.0.0.1", port=quiet_port())
        try:
            port = moved.host()
            assert port != wanted and moved.notice is not None
            assert moved.notice.key == "online.host_moved"
            assert moved.notice.values == {"old": wanted, "port": port}
        finally:
            moved.close()
    kept = Netplay(tmp_path, bind="127.0.0.1")
    try:
        assert kept.host() == port  # the new port is the one kept now
    finally:
        kept.close()


def test_a_table_out_of_reach_for_two_minutes_is_said_plainly(tmp_path: Path) -> None:
    server = ServerThread(str(tmp_path / "tables.db"), rng=FirstSeat(1))
    server.start()
    table, ms = seated_table(server, ["Ann", "Bob", "Cy"])
    sessions = sessions_for(table, ms)
    try:
        here = sessions[0]
        clock = [1000.0]
        here.place.now = lambda: clock[0]
        settle(here.settle, lambda: here.ready)  # (its words wait for the table)
        actions = TableActions(here)
        said = [r.key for r in actions.arrived() if isinstance(r, Said)]
        assert "online.first" in said  # the draw: Bob (seat 1) plays first
        assert here.log.first == 1 and here.state.active == 1
        server.stop()
        heard: list = []
        settle(lambda: heard.extend(actions.arrived()), lambda: not here.place.connected)
        said = [r.key for r in heard if isinstance(r, Said)]
        # (the server said it stops, with 1001: told apart from a socket just lost)
        assert said == ["online.stopping"] and here.place.out_of_reach() == 0.0
        clock[0] += GONE_LONG - 1
        assert [r for r in actions.arrived() if isinstance(r, Said)] == []
        clock[0] += 1
        said = [r.key for r in actions.arrived() if isinstance(r, Said)]
        assert said == ["status.online.gone_long"]  # once
        assert [r for r in actions.arrived() if isinstance(r, Said)] == []
    finally:
        close_all(ms)
        server.stop()


def test_a_game_opened_again_is_followed_through_its_new_session_only(tmp_path: Path) -> None:
    """Back to a game from the title makes a new session for its table: the old one is
    let go (it is read no more, and would only be kept alive)."""

    class Seen:  # what ``follow`` reads of a session
        def __init__(self, table: str) -> None:
            self.table = table

    netplay = Netplay(tmp_path, bind="127.0.0.1")
    first, other, again = Seen("t1"), Seen("t2"), Seen("t1")
    url = "ws://127.0.0.1:1/"
    netplay.follow(url, first)  # type: ignore[arg-type]
    netplay.follow(url, other)  # type: ignore[arg-type]
    netplay.follow(url, again)  # type: ignore[arg-type]
    netplay.follow(url, again)  # type: ignore[arg-type]
    assert [s for _, s in netplay.following] == [other, again]
    netplay.follow("ws://127.0.0.1:2/", first)  # type: ignore[arg-type]
    assert len(netplay.following) == 3  # (another server's table of that name)


def test_a_chosen_port_lies_below_the_range_the_system_hands_out() -> None:
    """A port chosen for a server to (re)start on later is one no outgoing connection and
    no bind to port 0 can take in between (``online.ports``)."""
    import random

    from online.ports import _ephemeral_low

    rng = random.Random(5)
    ports = {quiet_port(rng) for _ in range(20)}
    assert all(20_000 <= p < _ephemeral_low() for p in ports) and len(ports) > 1
    with socket.socket() as held:  # a port taken is never given
        held.bind(("127.0.0.1", quiet_port(random.Random(9))))
        assert quiet_port(random.Random(9)) != held.getsockname()[1]
