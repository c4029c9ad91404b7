"""Several server processes on one PostgreSQL database, their cores side by side with
a clock the test moves: each table served by one at a time (a lease), a request for a
table served elsewhere answered with where it lives, a table taken over once its
owner is gone (its clock charged nothing for the time nobody served it), an owner that
was too slow letting go, and a lobby that lists every process's tables."""

from __future__ import annotations

import random

import pytest
from corehelp import Conn, Room, request

from online import protocol as p
from online.core import LEASE, RENEW_EVERY, Core
from online.store import open_store


def _node(url: str, name: str, now: float = 1000.0, seed: int = 1) -> Room:
    return Room(Core(open_store(url), now, where=f"ws://{name}/", rng=random.Random(seed)), now)


@pytest.fixture
def nodes(pg_url: str):
    one, two = _node(pg_url, "one"), _node(pg_url, "two")
    yield one, two
    for room in (one, two):
        room.core.store.close()


def test_a_table_lives_at_one_process_and_the_others_say_where(nodes) -> None:
    one, two = nodes
    table, conns, tokens = one.table(players=3, clock={"budget": 300, "bonus": 0})
    seat0 = {"table": table, "seat": 0, "token": tokens[0]}
    moved = two.ask(Conn(), type="resume", id=4, **seat0)
    assert moved == p.Moved(id=4, table=table, where="ws://one/")
    assert two.ask(Conn(), type="watch", table=table).where == "ws://one/"
    assert table not in two.core.tables
    # A step where it lives; another process's memory of it is none.
    active = one.core.tables[table].state.active
    assert isinstance(one.play(table, conns, tokens, step="employ"), p.Update)
    assert one.core.store.steps(table) == ["employ"]
    assert active == one.core.tables[table].state.active


def test_the_lobby_lists_every_process_s_open_tables(nodes) -> None:
    one, two = nodes
    mine, _, _ = one.table(players=3, start=False)
    theirs, _, _ = two.table(players=4, start=False)
    one.table(players=3, start=False, private=True)
    for room in nodes:
        listed = {e["table"]: e["where"] for e in room.ask(Conn(), type="list").tables}
        assert listed == {mine: "ws://one/", theirs: "ws://two/"}


def test_a_table_whose_process_died_is_taken_over_its_clock_charged_nothing(nodes) -> None:
    one, two = nodes
    table, conns, tokens = one.table(players=3, clock={"budget": 300, "bonus": 0})
    active = one.core.tables[table].state.active
    one.tick(10.0)  # ten seconds of the player's time; the lease renewed at 1010
    one.now += 1  # ... then the process dies (its last sign of life: 1010)
    two.now = one.now + LEASE + 3  # its lease runs out; nobody served it since 1010
    seat = {"table": table, "seat": active, "token": tokens[active]}
    view = two.ask(Conn(), type="resume", **seat)
    assert isinstance(view, p.View) and view.seat == active and "legal" in p.to_json(view)
    assert view.clocks[active] == pytest.approx(300 - 10, abs=0.2)
    assert isinstance(two.ask(Conn(), type="step", number=0, step="employ", **seat), p.Update)
    # The old process, back from its pause, has lost it: it writes nothing, says where.
    late = one.ask(conns[active], type="step", number=0, step="speed", **seat)
    assert late == p.Moved(table=table, where="ws://two/")
    assert table not in one.core.tables
    assert one.core.store.steps(table) == ["employ"]


def test_a_process_too_slow_to_renew_lets_its_tables_go_and_says_where(nodes) -> None:
    one, two = nodes
    table, conns, _ = one.table(players=3)
    two.now = one.now + LEASE + 1
    assert isinstance(two.ask(Conn(), type="watch", table=table), p.View)  # taken over
    one.tick(RENEW_EVERY)  # its renewal finds the lease gone
    assert table not in one.core.tables
    told = [m for m in one.sent[conns[1]] if isinstance(m, p.Moved)]
    assert told == [p.Moved(table=table, where="ws://two/")]


def test_a_process_that_stops_gives_its_tables_up_at_once(nodes) -> None:
    one, two = nodes
    table, _, tokens = one.table(players=3)
    one.core.run(one.core.leave_all(one.now))
    two.now = one.now + 0.5  # long before the lease would have run out
    seat = {"table": table, "seat": 0, "token": tokens[0]}
    assert isinstance(two.ask(Conn(), type="resume", **seat), p.View)


def test_a_request_decoded_as_a_client_writes_it(nodes) -> None:
    one, _ = nodes
    msg = request(type="list")
    assert one.core.handle(Conn(), msg, one.now)[0][1].tables == []


def test_a_computer_seat_plays_on_at_the_process_that_took_its_table_over(nodes) -> None:
    one, two = nodes
    conn = Conn()
    table = one.ask(conn, type="create", players=3).table
    ann = one.ask(conn, type="sit", table=table, name="Ann")
    seat = {"table": table, "seat": 0, "token": ann.token}
    for _ in range(2):
        one.ask(conn, type="computer", level="easy", **seat)
    # Ann draws no first turn: the server's draw, seeded, gives a computer's seat.
    one.core.rng = random.Random(0)
    one.ask(conn, type="start", **seat)
    t = one.core.tables[table]
    if t.state.active == 0:
        one.play(table, [conn], [ann.token], step="end")
    one.core.jobs.clear()  # ... and the process dies before its computer plays
    two.now = one.now + LEASE + 1
    assert isinstance(two.ask(Conn(), type="watch", table=table), p.View)
    assert [job.table for job in two.core.jobs] == [table]
    assert two.think() >= 1 and two.core.store.steps(table)
