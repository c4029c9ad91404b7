"""Three server processes on one PostgreSQL database, their tables played over real
sockets on 127.0.0.1: one killed with SIGKILL mid-game, or each restarted in turn; every
table it served is played again within ten seconds, nothing taken is lost or taken
twice. (The same runs, bigger and measured, are ``bench --nodes 3``.)"""

from __future__ import annotations

import asyncio

import pytest

from online.failover import run_cluster

pytestmark = pytest.mark.timeout(120)


def test_a_process_killed_mid_game_loses_no_table(pg_url: str) -> None:
    figures = asyncio.run(run_cluster(3, pg_url, tables=9, seconds=16, kill=True,
                                      restart=False))
    assert figures.killed == 1 and figures.cut >= 1, figures
    assert figures.moved == figures.cut and not figures.failed, figures
    assert max(figures.backs) <= 10.0, figures.backs
    assert figures.lost == 0 and figures.duplicated == 0
    assert figures.steps > 9 * 8  # (every table played on, before and after)


def test_a_rolling_restart_interrupts_no_table_for_long(pg_url: str) -> None:
    figures = asyncio.run(run_cluster(3, pg_url, tables=6, seconds=18, kill=False,
                                      restart=True))
    assert figures.killed == 3 and figures.moved == figures.cut == 6, figures
    assert max(figures.backs) <= 10.0 and not figures.failed, figures.backs
    assert figures.lost == 0 and figures.duplicated == 0


def test_the_desktop_client_follows_its_table_to_another_process(pg_url: str) -> None:
    """The program's own session, come in at one process, is sent where its table lives
    (``moved``), and when that process dies it goes back where it came in and plays on
    there once the table is taken over: no more than a short 'reconnecting'."""
    import signal
    import time

    from clienthelp import settle

    from game.listing import legal_steps
    from online.client import Connection
    from online.failover import Node, _made
    from online.remote import RemoteSession

    home, there = Node(pg_url), Node(pg_url)
    home.start()
    there.start()
    connection: Connection | None = None
    try:
        played = asyncio.run(_made(there.port))  # a table served by 'there'
        connection = Connection(home.url, first_retry=0.2, max_retry=1.0).start()
        session = RemoteSession(connection, played.table,
                                {i: token for i, token in enumerate(played.tokens)})
        settle(session.poll, lambda: session.ready, rounds=100_000, limit=20)
        assert connection.url == there.url and connection.home == home.url
        assert session.submit(legal_steps(session.state)[0]).ok
        settle(session.poll, lambda: not session.log.unconfirmed, rounds=100_000, limit=20)
        there.stop(signal.SIGKILL)
        cut = time.monotonic()
        settle(session.poll, lambda: not session.place.connected, rounds=100_000, limit=20)
        before = len(session.steps)
        settle(session.poll, lambda: session.place.connected and connection.url == home.url
               and session.ready, rounds=100_000, limit=30)
        made = session.submit(legal_steps(session.state)[0])
        assert made.ok, made
        settle(session.poll, lambda: not session.log.unconfirmed, rounds=100_000, limit=30)
        assert time.monotonic() - cut <= 12.0
        assert len(session.steps) == before + 1
    finally:
        if connection is not None:
            connection.close()
        home.stop()
        there.stop()
