"""The two stores behind one interface, each held to the same guarantees (one
parametrized fixture: an SQLite file and a PostgreSQL database): one transaction per
change, the step log keyed (table, number), nothing half-written; and the leases by
which several server processes share PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest

from online.store import (
    Change,
    Holder,
    LeaseLost,
    Owner,
    SeatRow,
    StepRow,
    StepTaken,
    TableRow,
    open_store,
)

OPTIONS = {"players": 3, "variant": "standard", "first_game": False, "private": False,
           "clock": {"budget": 600.0, "bonus": 5.0}, "away_limit": 600.0}
TOWNS = ["T01", "T02", "T03", "T04", "T05", "T06", "T07", "T08", "T09"]


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path):
    where = str(tmp_path / "tables.db") if request.param == "sqlite" else \
        request.getfixturevalue("pg_url")
    s = open_store(where)
    yield s
    s.close()


def _table(table_id: str = "a1", status: str = "playing", invite: str | None = None,
           **fields: object) -> TableRow:
    return TableRow(table_id, dict(OPTIONS), "seed", list(TOWNS), status, invite, 100.0,
                    **fields)


def test_a_table_goes_in_and_comes_back_whole(store) -> None:
    change = Change(tables=[_table(turn_started=150.0, first=2, invite="h4sh")])
    for seat, name in enumerate(("Ann", "Bob", "Cy")):
        change.seat("a1", seat, SeatRow(name, "human", None, f"tok{seat}", 600.0, 140.0))
    change.steps += [StepRow("a1", 0, "employ", 2, 151.0), StepRow("a1", 1, "end", 2, 152.0)]
    store.write(change)
    loaded = store.load("a1")
    assert loaded.row == _table(turn_started=150.0, first=2, invite="h4sh")
    assert loaded.seats[1] == SeatRow("Bob", "human", None, "tok1", 600.0, 140.0)
    assert loaded.steps == ["employ", "end"] == store.steps("a1")
    assert store.load("nope") is None
    assert store.live() == ["a1"] and store.find_invite("h4sh") == "a1"
    store.write(Change().table("a1", status="over").seat("a1", 1, None))
    assert store.live() == [] and store.find_invite("h4sh") is None
    assert sorted(store.load("a1").seats) == [0, 2]


def test_a_step_number_is_taken_once_and_a_change_is_all_or_nothing(store) -> None:
    store.write(Change(tables=[_table()], steps=[StepRow("a1", 0, "employ", 0, 1.0)]))
    twice = Change(steps=[StepRow("a1", 0, "speed", 0, 2.0)]).table("a1", turn_started=9.0)
    twice.seat("a1", 0, SeatRow("Ann", "human"))
    with pytest.raises(StepTaken):
        store.write(twice)
    loaded = store.load("a1")
    assert loaded.steps == ["employ"] and loaded.row.turn_started is None and not loaded.seats


def test_the_sign_of_life_and_the_wake(store, tmp_path: Path) -> None:
    store.write(Change(alive=1000.0, tables=[_table(turn_started=990.0)]))
    down = store.wake(1040.0)
    if store.shared:
        assert down == 0.0  # (table by table, at a claim: test_leases_...)
    else:
        assert down == pytest.approx(40.0)
        assert store.load("a1").row.turn_started == pytest.approx(1030.0)


# ----- leases: several processes on one PostgreSQL database ------------------------------------
def _holder(node: str, now: float) -> Holder:
    return Holder(node, f"ws://{node}/", now, 6.0)


def test_leases_give_each_table_one_process_at_a_time(pg_url: str) -> None:
    one, two = open_store(pg_url), open_store(pg_url)
    try:
        assert one.shared and two.shared
        one.write(Change(tables=[_table(turn_started=100.0)], holder=_holder("n1", 100.0)))
        one.write(Change(holder=_holder("n1", 100.0)).seat("a1", 0, SeatRow("Ann", "human",
                                                                          last_seen=95.0)))
        # The maker holds it: another process is told where it lives.
        assert two.write(Change(claim="a1", holder=_holder("n2", 103.0))) == \
            Owner("n1", "ws://n1/")
        assert two.owner("a1", 103.0) == "ws://n1/"
        assert two.write(Change(claim="zz", holder=_holder("n2", 103.0))) is None
        # n2 may write nothing there.
        with pytest.raises(LeaseLost):
            two.write(Change(holder=_holder("n2", 103.0)).table("a1", turn_started=1.0))
        # Renewed, it stays n1's; run out, n2 takes it over, the time nobody held it
        # charged to nobody (n1 last alive at 104: 16 s before).
        assert one.write(Change(renew=True, holder=_holder("n1", 104.0))) == {"a1"}
        assert two.write(Change(claim="a1", holder=_holder("n2", 109.0))).node == "n1"
        taken = two.write(Change(claim="a1", holder=_holder("n2", 120.0)))
        assert taken == Owner("n2", "ws://n2/", pytest.approx(16.0))
        loaded = two.load("a1")
        assert loaded.row.turn_started == pytest.approx(116.0)
        assert loaded.seats[0].last_seen == pytest.approx(111.0)
        # The old owner, back from a pause, can write nothing: the lease is n2's.
        with pytest.raises(LeaseLost):
            one.write(Change(holder=_holder("n1", 121.0),
                             steps=[StepRow("a1", 0, "employ", 0, 121.0)]))
        assert one.write(Change(renew=True, holder=_holder("n1", 121.0))) == set()
        assert one.load("a1").steps == []
        # Released (a server that stops), anyone may take it at once.
        two.write(Change(release=["a1"], holder=_holder("n2", 122.0)))
        assert one.write(Change(claim="a1", holder=_holder("n1", 122.5))) == \
            Owner("n1", "ws://n1/", pytest.approx(0.5))
    finally:
        one.close()
        two.close()


def test_open_tables_of_every_process(pg_url: str) -> None:
    one = open_store(pg_url)
    try:
        one.write(Change(tables=[_table("o1", "open"), _table("o2", "open"),
                                 _table("p1", "playing")], holder=_holder("n1", 10.0)))
        one.write(Change(holder=_holder("n1", 10.0)).seat("o2", 0, SeatRow("Dee", "human")))
        found = {loaded.row.id: (sorted(loaded.seats), url)
                 for loaded, url in one.open_tables(12.0)}
        assert found == {"o1": ([], "ws://n1/"), "o2": ([0], "ws://n1/")}
        assert {url for _, url in one.open_tables(30.0)} == {None}  # the lease ran out
    finally:
        one.close()


def test_ratings_written_whole_games_left_counted_and_the_leaders(store) -> None:
    from online.store import RatingRow

    store.write(Change(ratings=[RatingRow("h1", 3, 30.0, 5.0, 1, 0, "Ann"),
                                RatingRow("h2", 3, 20.0, 5.0, 1, 0, "Bob"),
                                RatingRow("h1", 4, 40.0, 1.0, 3, 0, "Ann")]))
    # A game left: counted for a rated player and for one never rated (a row at the
    # new player's rating, no game rated), under the name last played.
    store.write(Change(left=[("h2", 3, "Bobby"), ("h3", 3, "Cy")]))
    got = store.ratings(["h1", "h2", "h3", "h9"], 3)
    assert got["h1"] == RatingRow("h1", 3, 30.0, 5.0, 1, 0, "Ann")
    assert (got["h2"].left, got["h2"].name, got["h2"].mu) == (1, "Bobby", 20.0)
    assert (got["h3"].games, got["h3"].left) == (0, 1) and "h9" not in got
    # The best first by the conservative estimate; players with no game rated not listed.
    assert [r.player_hash for r in store.leaders(3, 10)] == ["h1", "h2"]
    assert [r.player_hash for r in store.leaders(3, 1)] == ["h1"]
    assert [r.player_hash for r in store.leaders(4, 10)] == ["h1"]
    store.write(Change(ratings=[RatingRow("h2", 3, 50.0, 2.0, 2, 1, "Bobby")]))
    assert [r.player_hash for r in store.leaders(3, 10)] == ["h2", "h1"]
