"""The server's rules, without a socket: the core judged request by request with a
clock the test moves and a store in memory. (The transport's own tests, real sockets
on 127.0.0.1, are test_server_transport.py.)"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from corehelp import Conn, Failing, Room, request

from game import State, apply, parse_step
from game.bench import careless_step
from game.record import parse_record
from game.record import replay as replay_record
from online import protocol as p
from online.core import ALLOWED, Core
from online.store import Change, StepRow, open_store
from online.tables import Kind, Status, token_hash


def _keys(msg: object) -> str:
    return msg.said.key  # type: ignore[attr-defined]


# ----- the lobby -------------------------------------------------------------------------
def test_create_list_sit_and_start_with_a_drawn_first_seat() -> None:
    room = Room.new(seed=3)
    table, conns, tokens = room.table(players=3, start=False)
    listed = room.ask(conns[0], type="list")
    assert [e["table"] for e in listed.tables] == [table]
    assert [s["name"] for s in listed.tables[0]["seats"]] == ["Ann", "Bob", "Cy"]
    ok = room.ask(conns[1], type="start", table=table, seat=1, token=tokens[1])
    assert isinstance(ok, p.Ok)
    t = room.core.tables[table]
    first = random.Random(3).randrange(3)
    assert t.status is Status.PLAYING and t.first == first and t.state.active == first
    # Wealth goes 2, 2, 3 in turn order from the first seat.
    assert [t.state.wealth[(first + k) % 3] for k in range(3)] == [2, 2, 3]
    for i, conn in enumerate(conns):
        view = room.last(conn)
        assert view.first == first and view.steps == [] and view.seat == i
        assert (view.legal is not None) == (i == first)
    # No longer listed, and not open to newcomers.
    assert room.ask(conns[0], type="list").tables == []
    late = room.ask(Conn(), type="sit", table=table, name="Dee")
    assert _keys(late) == "server.started_resume"


def test_every_seat_starts_some_games() -> None:
    room = Room.new(seed=5)
    firsts = Counter()
    for _ in range(30):
        table, _, _ = room.table(players=4)
        firsts[room.core.tables[table].first] += 1
    assert set(firsts) == {0, 1, 2, 3}


def test_which_request_is_allowed_in_which_status() -> None:
    room = Room.new()
    table, conns, tokens = room.table(players=3, start=False)
    seat0 = {"table": table, "seat": 0, "token": tokens[0]}
    assert _keys(room.ask(conns[0], type="hand_over", target=1, **seat0)) == "server.hand_over"
    assert _keys(room.ask(conns[0], type="rematch", **seat0)) == "server.rematch"
    refused = room.ask(conns[0], type="step", number=0, step="employ", **seat0)
    assert isinstance(refused, p.Refused) and _keys(refused) == "server.not_in_play"
    room.ask(conns[0], type="start", **seat0)
    assert _keys(room.ask(conns[0], type="start", **seat0)) == "server.started"
    assert _keys(room.ask(conns[0], type="computer", level="easy", **seat0)) == \
        "server.seats_before_start"
    assert _keys(room.ask(conns[0], type="rematch", **seat0)) == "server.rematch"
    # The table says it all: every status a request is not allowed in has its sentence.
    assert {cls.TYPE for cls in ALLOWED} == {"sit", "computer", "start", "step", "hand_over",
                                            "rematch"}


def test_a_computer_seat_takes_a_name_checked_as_a_persons() -> None:
    room = Room.new()
    conn = Conn()
    table = room.ask(conn, type="create", players=3).table
    ann = room.ask(conn, type="sit", table=table, name="Ann")
    seat = {"table": table, "seat": 0, "token": ann.token}
    assert _keys(room.ask(conn, type="computer", level="easy", name="ann", **seat)) == \
        "server.name_taken"
    assert room.ask(conn, type="computer", level="easy", name="Capitaine 2", **seat).seat == 1
    assert room.ask(conn, type="computer", level="hard", **seat).seat == 2  # a bare client's
    assert [s["name"] for s in room.ask(conn, type="watch", table=table).seats] == [
        "Ann", "Capitaine 2", "Hard 3"]
    assert _keys(room.ask(conn, type="computer", level="easy", **seat)) == "server.full"


def test_every_seat_message_needs_its_token() -> None:
    room = Room.new()
    table, conns, tokens = room.table(players=3)
    extra = {"step": {"number": 0, "step": "employ"}, "chat": {"text": "hi"},
             "hand_over": {"target": 1}, "computer": {"level": "easy"}, "resume": {},
             "leave": {}, "rematch": {}, "start": {}}
    for kind, fields in extra.items():
        for seat, token in ((0, tokens[1]), (0, "x" * 32), (3, tokens[0])):
            got = room.ask(conns[0], type=kind, table=table, seat=seat, token=token, **fields)
            assert isinstance(got, p.Error) and _keys(got) == "server.wrong_token", (kind, got)
    # A token is never kept as itself.
    rows = room.core.store.load(table).seats
    assert {r.token_hash for r in rows.values()} == {token_hash(t) for t in tokens}


# ----- play ---------------------------------------------------------------------------------
def test_a_step_is_answered_first_then_told_to_every_seat() -> None:
    room = Room.new(seed=2)
    table, conns, tokens = room.table(players=3)
    t = room.core.tables[table]
    seat = t.state.active
    watcher = Conn("10.9.9.9")
    room.ask(watcher, type="watch", table=table)
    out = room.core.handle(conns[seat], request(type="step", table=table, seat=seat,
                                                token=tokens[seat], number=0, step="employ",
                                                id="s1"), room.now)
    # The answer is the sender's update, with the request's id: the step was taken.
    reply = out[0][1]
    assert isinstance(reply, p.Update) and out[0][0] is conns[seat] and reply.seat == seat
    assert reply.id == "s1" and reply.step == "employ" and reply.number == 1
    told = {conn: msg for conn, msg in out[1:]}
    assert set(told) == ({*conns, watcher} - {conns[seat]})
    assert all(isinstance(m, p.Update) and m.step == "employ" and m.by == seat and m.id is None
               and m.number == 1 for m in told.values())
    assert told[watcher].seat is None and told[watcher].legal is None
    assert room.core.store.steps(table) == ["employ"]


def test_steps_out_of_turn_illegal_or_late_are_refused_and_change_nothing() -> None:
    room = Room.new(seed=2)
    table, conns, tokens = room.table(players=4)
    t = room.core.tables[table]
    active = t.state.active
    other = (active + 1) % 4
    out = room.ask(conns[other], type="step", table=table, seat=other, token=tokens[other],
                   number=0, step="employ")
    assert isinstance(out, p.Refused) and out.said == p.Sentence(key="server.not_your_turn")
    assert (out.number, out.step) == (0, "employ")
    seat = {"table": table, "seat": active, "token": tokens[active]}
    out = room.ask(conns[active], type="step", number=0, step="sell 9g1", **seat)
    assert _keys(out).startswith("reason.") and out.reason
    out = room.ask(conns[active], type="step", number=0, step="fly to the moon", **seat)
    assert isinstance(out, p.Refused) and out.reason
    assert room.ask(conns[active], type="step", number=0, step="employ", **seat).step == "employ"
    late = room.ask(conns[active], type="step", number=0, step="employ", **seat)
    assert _keys(late) == "server.step_number" and late.said.values == {"at": 1, "number": 0}
    assert room.core.store.steps(table) == ["employ"] and t.steps == ["employ"]


def test_a_step_another_server_wrote_first_is_refused_by_the_store() -> None:
    """The store's key (table, number) refuses a second row for one number, whatever
    the core's memory said: the step is refused and nothing changes."""
    room = Room.new(seed=2)
    table, conns, tokens = room.table(players=3)
    t = room.core.tables[table]
    active = t.state.active
    room.core.store.write(Change(steps=[StepRow(table, 0, "speed", active, 1.0)]))
    before = (list(t.steps), t.state)
    out = room.ask(conns[active], type="step", table=table, seat=active, token=tokens[active],
                   number=0, step="employ")
    assert _keys(out) == "server.step_taken"
    assert (list(t.steps), t.state) == before


def test_a_whole_game_to_its_end_and_a_record_in_turn_order() -> None:
    room = Room.new(seed=11)
    table, conns, tokens = room.table(players=4)
    t = room.core.tables[table]
    rng = random.Random(4)
    for _ in range(5000):
        if t.state.over:
            break
        room.play(table, conns, tokens, pick=lambda st: str(careless_step(st, rng)))
    assert t.state.over and t.status is Status.OVER
    view = room.ask(conns[0], type="watch", table=table)
    record = parse_record(view.record)
    assert record.names[0] == t.state.names[t.first]  # the starting player first
    end = replay_record(record)
    assert end.scores == t.state.scores or sorted(end.scores) == sorted(t.state.scores)
    rotated = [t.state.scores[(t.first + k) % 4] for k in range(4)]
    assert list(end.scores) == rotated
    assert view.state["towns"] == list(t.towns)


# ----- computers, clocks, absence ----------------------------------------------------------
def test_computers_fill_seats_and_play_their_turns() -> None:
    room = Room.new(seed=4)
    conn = Conn()
    table = room.ask(conn, type="create", players=3).table
    ann = room.ask(conn, type="sit", table=table, name="Ann")
    seat = {"table": table, "seat": 0, "token": ann.token}
    for _ in range(2):
        room.ask(conn, type="computer", level="easy", **seat)
    room.ask(conn, type="start", **seat)
    t = room.core.tables[table]
    rng = random.Random(3)
    for _ in range(60):
        if t.state.active == 0:
            room.play(table, [conn], [ann.token], pick=lambda st: str(careless_step(st, rng)))
        room.think()
    assert {by for by in (m.by for m in room.sent[conn] if isinstance(m, p.Update))} == {0, 1, 2}


def test_a_clock_that_runs_out_hands_the_seat_to_the_computer() -> None:
    room = Room.new(seed=1)
    table, conns, tokens = room.table(players=3, clock={"budget": 60, "bonus": 5})
    t = room.core.tables[table]
    active = t.state.active
    assert room.last(conns[0]).clocks[active] == 60
    room.tick(59.0)
    assert t.seats[active].kind is Kind.HUMAN
    room.tick(1.5)
    assert t.seats[active].kind is Kind.COMPUTER and t.seats[active].clock == 0
    told = room.last(conns[active])
    assert told.handed == {"seat": active, "why": "time"} and told.seat is None
    gone = room.ask(conns[active], type="step", table=table, seat=active,
                    token=tokens[active], number=0, step="end")
    assert _keys(gone) == "server.computer_plays"
    back = room.ask(conns[active], type="resume", table=table, seat=active,
                    token=tokens[active])
    assert back.seats[active]["kind"] == "computer" and back.clocks[active] <= 0
    assert room.core.store.load(table).seats[active].clock == 0


def test_the_clock_stops_while_the_server_is_down(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")
    room = Room.new(open_store(db), seed=1, now=1000.0)
    table, _, _ = room.table(players=3, clock={"budget": 100, "bonus": 0})
    active = room.core.tables[table].state.active
    room.tick(10.0)  # 10 s of the player's time, and the server's sign of life
    room.core.store.close()  # down (as after kill -9: nothing more written)
    again = Room.new(open_store(db), seed=1, now=1050.0)  # 40 s later
    assert again.core.downtime == pytest.approx(40.0)
    t = again.core.tables[table]
    assert t.clock_left(active, again.now) == pytest.approx(90.0)
    again.tick(5.0)
    assert t.clock_left(active, again.now) == pytest.approx(85.0)


def test_an_away_seat_is_handed_over_after_the_tables_limit_and_comes_back() -> None:
    room = Room.new(seed=6)
    table, conns, tokens = room.table(players=3, away_limit=120)
    t = room.core.tables[table]
    target = (t.state.active + 1) % 3
    asker = (target + 1) % 3
    ask = {"table": table, "seat": asker, "token": tokens[asker], "target": target}
    assert _keys(room.ask(conns[asker], type="hand_over", **ask)) == "server.not_gone"
    room.close(conns[target])
    assert room.last(conns[asker]).seats[target]["here"] is False
    room.now += 60
    assert _keys(room.ask(conns[asker], type="hand_over", **ask)) == "server.not_gone"
    room.now += 61
    assert isinstance(room.ask(conns[asker], type="hand_over", level="easy", **ask), p.Ok)
    view = room.last(conns[asker])
    assert view.handed == {"seat": target, "why": "away"}
    assert view.seats[target] == {"seat": target, "name": t.seats[target].name,
                                  "kind": "computer", "level": "easy", "here": True}
    # Back: the seat is theirs again, and the others are told why.
    back_conn = Conn("10.0.0.99")
    back = room.ask(back_conn, type="resume", table=table, seat=target, token=tokens[target])
    assert back.handed == {"seat": target, "why": "back"} and back.seat == target
    assert t.seats[target].kind is Kind.HUMAN and target not in t.players
    assert room.last(conns[asker]).handed == {"seat": target, "why": "back"}


def test_a_seat_left_during_play_is_the_computers_for_good() -> None:
    room = Room.new(seed=6)
    table, conns, tokens = room.table(players=3)
    out = room.ask(conns[1], type="leave", table=table, seat=1, token=tokens[1])
    assert isinstance(out, p.Ok)
    assert room.last(conns[0]).handed == {"seat": 1, "why": "left"}
    assert conns[1] not in [c for c, m in room.core.closed(conns[1], room.now)]
    back = room.ask(conns[1], type="resume", table=table, seat=1, token=tokens[1])
    assert _keys(back) == "server.wrong_token"


def test_a_seat_left_before_the_start_is_free_again() -> None:
    room = Room.new()
    table, conns, tokens = room.table(players=3, start=False)
    room.ask(conns[1], type="leave", table=table, seat=1, token=tokens[1])
    assert 1 not in room.core.tables[table].seats
    assert room.ask(Conn(), type="sit", table=table, name="Dee").seat == 1


def test_two_seats_on_one_connection_each_get_their_own_messages() -> None:
    room = Room.new(seed=8)
    conn, other = Conn(), Conn("10.0.0.2")
    table = room.ask(conn, type="create", players=3).table
    ann = room.ask(conn, type="sit", table=table, name="Ann")
    room.ask(conn, type="sit", table=table, name="Bob")
    room.ask(other, type="sit", table=table, name="Cy")
    out = room.core.handle(conn, request(type="start", table=table, seat=0, token=ann.token),
                           room.now)
    views = [m for c, m in out if c is conn and isinstance(m, p.View)]
    assert sorted(v.seat for v in views) == [0, 1]
    active = room.core.tables[table].state.active
    assert [v.seat for v in views if v.legal is not None] == ([active] if active < 2 else [])


def test_a_rematch_keeps_the_seats_and_draws_the_first_seat_again() -> None:
    room = Room.new(seed=12)
    table, conns, tokens = room.table(players=3, private=True)
    t = room.core.tables[table]
    rng = random.Random(1)
    while not t.state.over:
        room.play(table, conns, tokens, pick=lambda st: str(careless_step(st, rng)))
    firsts = set()
    made = room.ask(conns[2], type="rematch", table=table, seat=2, token=tokens[2])
    assert isinstance(made, p.RematchMade) and made.table == table
    new = room.core.tables[made.new_table]
    assert new.status is Status.PLAYING and new.names() == t.names()
    assert room.last(conns[0], p.RematchMade).new_table == made.new_table
    assert p.RematchMade not in {type(m) for m in room.sent[conns[2]][:-1]}
    again = room.ask(conns[0], type="rematch", table=table, seat=0, token=tokens[0])
    assert again.new_table == made.new_table  # asked twice: one rematch
    for seat in range(3):  # the same tokens hold the new table's seats
        view = room.ask(conns[seat], type="resume", table=new.id, seat=seat, token=tokens[seat])
        assert view.first == new.first
    firsts.add(new.first)


# ----- chat ---------------------------------------------------------------------------------
def test_chat_is_cleaned_and_its_sender_answered_by_id() -> None:
    room = Room.new()
    table, conns, tokens = room.table(players=3)
    out = room.core.handle(conns[0], request(type="chat", table=table, seat=0, token=tokens[0],
                                             text="hi \x1b[31mall\x1b[0m\x07\n\u202eyes",
                                             id=7), room.now)
    (sender, reply), *others = out
    assert sender is conns[0] and reply.id == 7 and reply.text == "hi all yes"
    assert {c for c, _ in others} == {conns[1], conns[2]}
    assert all(m.id is None and m.text == "hi all yes" for _, m in others)
    empty = room.ask(conns[0], type="chat", table=table, seat=0, token=tokens[0],
                     text="\x1b[2J\x00")
    assert _keys(empty) == "server.chat_length"


# ----- invites --------------------------------------------------------------------------------
def test_a_private_table_is_found_by_its_secret_and_guessing_is_held_back() -> None:
    room = Room.new()
    host = Conn("10.0.0.1")
    made = room.ask(host, type="create", players=3, private=True)
    assert made.invite and room.ask(host, type="list").tables == []
    assert room.core.store.load(made.table).row.invite_hash != made.invite  # only its hash
    guesser = Conn("10.6.6.6")
    wrong = "0" * 10 if made.invite != "0" * 10 else "1" * 10
    for i in range(20):
        room.now += 1
        if i % 2:  # a code that finds no table, and a wrong code for a named table
            assert _keys(room.ask(guesser, type="sit", name=f"G{i}", invite=wrong)) == \
                "server.no_invite"
        else:
            assert _keys(room.ask(guesser, type="sit", table=made.table, name=f"G{i}",
                                  invite=wrong)) == "server.private"
    for msg in ({"type": "sit", "name": "Dee", "invite": made.invite},
                {"type": "watch", "table": made.table, "invite": made.invite}):
        got = room.ask(guesser, **msg)
        assert _keys(got) == "server.guesses" and got.said.values == {"minutes": 10}
    # Another address is not held back.
    assert room.ask(Conn("10.0.0.2"), type="sit", name="Eve", invite=made.invite).seat == 0
    room.now = 1001 + 600.5  # only the first wrong code left the window: one more try
    assert room.ask(guesser, type="sit", name="Dee", invite=made.invite).seat == 1


# ----- a store that fails -----------------------------------------------------------------------
def _snapshot(core: Core) -> list:
    return [(t.id, t.status, sorted((i, s.name, s.kind, s.clock, s.token_hash)
                                    for i, s in t.seats.items()), list(t.steps), t.first,
             dict(t.options)) for t in core.tables.values()]


@pytest.mark.parametrize("what", ["create", "sit", "computer", "start", "step", "leave",
                                  "hand_over", "rematch", "resume"])
def test_a_failed_write_changes_nothing_and_says_so(what: str) -> None:
    """Each request that writes: with the store failing it is refused in one sentence
    and nothing in memory changed (no seat nobody holds); once the store is back the
    same request works."""
    store = Failing(open_store(":memory:"))
    room = Room.new(store, seed=9)
    table, conns, tokens = room.table(players=3, start=what not in ("sit", "computer",
                                                                    "start"),
                                      away_limit=0)
    t = room.core.tables[table]
    if what in ("sit", "computer"):
        room.ask(conns[2], type="leave", table=table, seat=2, token=tokens[2])
    active = t.state.active if t.state else 0
    seat = {"table": table, "seat": active, "token": tokens[active]}
    asks = {"create": {"type": "create", "players": 4},
            "sit": {"type": "sit", "table": table, "name": "Dee"},
            "computer": {"type": "computer", "level": "easy", **seat},
            "start": {"type": "start", **seat},
            "step": {"type": "step", "number": 0, "step": "employ", **seat},
            "leave": {"type": "leave", **seat}}
    if what in ("hand_over", "resume"):
        target = (active + 1) % 3
        room.close(conns[target])
        asks["hand_over"] = {"type": "hand_over", "target": target, **seat}
        if what == "resume":
            room.ask(conns[active], **asks["hand_over"])
            asks["resume"] = {"type": "resume", "table": table, "seat": target,
                              "token": tokens[target]}
    if what == "rematch":
        rng = random.Random(2)
        while not t.state.over:
            room.play(table, conns, tokens, pick=lambda st: str(careless_step(st, rng)))
        asks["rematch"] = {"type": "rematch", "table": table, "seat": 0, "token": tokens[0]}
    before = _snapshot(room.core)
    rows = room.core.store.load(table)
    store.failing = True
    conn = Conn("10.1.1.1")
    out = room.ask(conn, **asks[what])
    assert _keys(out) == "server.store_failed", out
    assert _snapshot(room.core) == before
    assert room.core.store.load(table) == rows
    assert room.core.jobs == [] or what != "hand_over"
    store.failing = False
    out = room.ask(conn, **asks[what])
    assert not isinstance(out, (p.Error, p.Refused)), out


# ----- loading and unloading ---------------------------------------------------------------------
def test_idle_tables_are_unloaded_and_loaded_again_on_demand(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")
    room = Room.new(open_store(db), seed=1, unload_after=60)
    table, conns, tokens = room.table(players=3)
    room.play(table, conns, tokens, step="employ")
    for conn in conns:
        room.close(conn)
    room.tick(30)
    assert table in room.core.tables
    room.tick(31)
    assert table not in room.core.tables
    view = room.ask(conns[0], type="resume", table=table, seat=0, token=tokens[0])
    assert view.steps == ["employ"] and table in room.core.tables
    # An open table stays: the lobby lists it from memory.
    open_table, open_conns, _ = room.table(players=3, start=False)
    for conn in open_conns:
        room.close(conn)
    room.tick(3600)
    assert [e["table"] for e in room.ask(Conn(), type="list").tables] == [open_table]
    # A server started on the file loads the tables not over, and the others on demand.
    room.core.store.close()
    again = Room.new(open_store(db))
    assert set(again.core.tables) == {table, open_table}


def test_a_start_with_ten_thousand_finished_tables_loads_none(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")
    store = open_store(db)
    room = Room.new(store, seed=1)
    table, _, _ = room.table(players=3)
    t = room.core.tables[table]
    change = Change()
    for i in range(10_000):
        change.tables.append(t.row())
        change.tables[-1].id, change.tables[-1].status = f"done{i:05}", "over"
        for seat, s in t.seats.items():
            change.seat(f"done{i:05}", seat, s.row())
    store.write(change)
    store.close()
    again = Room.new(open_store(db))
    assert set(again.core.tables) == {table}
    seen = again.ask(Conn(), type="watch", table="done00042")
    assert seen.status == "over"


def test_a_restart_replays_the_game_with_its_first_seat(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")
    room = Room.new(open_store(db), seed=7)
    table, conns, tokens = room.table(players=4)
    for _ in range(5):
        room.play(table, conns, tokens)
    before = room.core.tables[table].state
    room.core.store.close()
    again = Room.new(open_store(db))
    t = again.core.tables[table]
    assert t.first == room.core.tables[table].first and t.state.to_dict() == before.to_dict()
    st = State.start(t.names(), t.towns, t.options["variant"], t.first)
    for text in t.steps:
        st = apply(st, parse_step(text))
    assert st.to_dict() == before.to_dict()
