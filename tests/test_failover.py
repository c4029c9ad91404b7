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
    figures = asyncio.run(run_cluster(3, pg_url, tables=6, seconds=16, kill=False,
                                      restart=True))
    assert figures.killed == 3 and figures.moved == figures.cut == 6, figures
    assert max(figures.backs) <= 10.0 and not figures.failed, figures.backs
    assert figures.lost == 0 and figures.duplicated == 0
