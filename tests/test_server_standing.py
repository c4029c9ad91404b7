"""A standing server's regulars, without a socket: quick games, players known by a
player key and rated (a seat the computer played most of the game unrated), games
left counted, the leaderboard, tables followed from afar, turn-a-day deadlines with
vacation days. (Real sockets: test_server_transport.py.)"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from corehelp import Conn, Room

from game.bench import careless_step
from online import protocol as p
from online.core import Core
from online.engine import places
from online.rows import FRESH
from online.standing import DAY
from online.store import open_store
from online.tables import Kind, Status, secret_hash

KEYS = ["ann-secret-key-000", "bob-secret-key-000", "cy-secret-key-0000", "dee-secret-key-000"]
NAMES = ["Ann", "Bob", "Cy", "Dee"]


def _seated(room: Room, players: int = 3, keys: list[str | None] | None = None,
            **options: Any) -> tuple[str, list[Conn], list[str]]:
    """A table of people, each with a player key (unless ``keys`` says None), started."""
    keys = keys if keys is not None else KEYS[:players]
    conns = [Conn(f"10.0.1.{i + 1}") for i in range(players)]
    made = room.ask(conns[0], type="create", players=players, **options)
    tokens = []
    for i, conn in enumerate(conns):
        seated = room.ask(conn, type="sit", table=made.table, name=NAMES[i],
                          **({"player": keys[i]} if keys[i] else {}))
        assert isinstance(seated, p.Seated), seated
        tokens.append(seated.token)
    room.ask(conns[0], type="start", table=made.table, seat=0, token=tokens[0])
    return made.table, conns, tokens


def _step(room: Room, table: str, conns: list[Conn], tokens: list[str]) -> Any:
    """The seat to move plays one legal step."""
    rng = random.Random(len(room.core.tables[table].steps))
    answer = room.play(table, conns, tokens, pick=lambda st: str(careless_step(st, rng)))
    assert isinstance(answer, p.Update), answer
    return answer


def _play_out(room: Room, table: str, conns: list[Conn], tokens: list[str],
              seed: int = 1) -> None:
    rng = random.Random(seed)
    t = room.core.tables[table]
    for _ in range(5000):
        if t.state.over:
            return
        if t.seats[t.state.active].kind is Kind.COMPUTER:
            room.think(1)
        else:
            room.play(table, conns, tokens, pick=lambda st: str(careless_step(st, rng)))
    raise AssertionError("the game did not end")


# ----- quick game -------------------------------------------------------------------------
def test_quick_game_sits_at_the_table_that_starts_soonest_and_starts_when_full() -> None:
    room = Room.new()
    hosted = room.ask(Conn(), type="create", players=3)
    host = room.ask(Conn(), type="sit", table=hosted.table, name="Host")
    assert isinstance(host, p.Seated)
    # A quick game of 4 opens a table of its own; a second joins it.
    a = room.ask(Conn(), type="quick", players=4, name="Ann")
    b = room.ask(Conn(), type="quick", players=4, name="Bob")
    assert a.table == b.table != hosted.table and (a.seat, b.seat) == (0, 1)
    assert room.core.tables[a.table].options["quick"] is True
    # A quick game of 3 sits at the hosted table: it has the most seats taken.
    c = room.ask(Conn(), type="quick", players=3, name="Cy")
    assert c.table == hosted.table
    # The same name twice is not one table's: the second Ann goes elsewhere (a new one).
    ann2 = room.ask(Conn(), type="quick", players=4, name="Ann")
    assert ann2.table != a.table
    # The quick table starts itself once full, with nobody to press start.
    conns = [Conn(), Conn()]
    room.ask(conns[0], type="quick", players=4, name="Cy")
    last = room.ask(conns[1], type="quick", players=4, name="Dee")
    t = room.core.tables[a.table]
    assert last.table == a.table and t.status is Status.PLAYING and t.state is not None
    assert room.last(conns[1]).status == "playing"
    # The hosted table is no quick game: it waits for its host.
    assert room.core.tables[hosted.table].status is Status.OPEN


def test_a_quick_table_filled_by_the_computer_starts_and_private_tables_are_skipped() -> None:
    room = Room.new()
    room.ask(Conn(), type="create", players=3, private=True)
    conn = Conn()
    ann = room.ask(conn, type="quick", players=3, name="Ann", player=KEYS[0])
    t = room.core.tables[ann.table]
    assert not t.options["private"] and t.seats[0].player_hash == secret_hash(KEYS[0])
    seat = {"table": ann.table, "seat": 0, "token": ann.token}
    room.ask(conn, type="computer", level="easy", **seat)
    assert t.status is Status.OPEN
    room.ask(conn, type="computer", level="easy", **seat)
    assert t.status is Status.PLAYING


def test_the_list_shows_open_or_playing_tables_with_ratings() -> None:
    room = Room.new()
    table, _, _ = _seated(room)
    waiting = room.ask(Conn(), type="create", players=3)
    room.ask(Conn(), type="sit", table=waiting.table, name="Eve", player="eve-secret-key-00")
    room.ask(Conn(), type="sit", table=waiting.table, name="Fay")
    open_ = room.ask(Conn(), type="list")
    assert [e["table"] for e in open_.tables] == [waiting.table]
    eve, fay = open_.tables[0]["seats"]
    assert eve["rating"] == 0.0 and eve["games"] == 0 and eve["left"] == 0
    assert "rating" not in fay  # (no player key: no rating)
    playing = room.ask(Conn(), type="list", status="playing")
    assert [e["table"] for e in playing.tables] == [table]
    assert playing.tables[0]["number"] == 0


# ----- ratings ----------------------------------------------------------------------------
def test_a_finished_game_rates_its_people_by_their_places() -> None:
    store = open_store(":memory:")
    room = Room.new(store=store)
    table, conns, tokens = _seated(room, players=4)
    _play_out(room, table, conns, tokens)
    t = room.core.tables[table]
    ranks = places(t.state)
    rated = store.ratings([secret_hash(k) for k in KEYS], 4)
    assert len(rated) == 4 and all(r.games == 1 for r in rated.values())
    by_seat = [rated[secret_hash(KEYS[i])] for i in range(4)]
    best = min(range(4), key=lambda i: ranks[i])
    worst = max(range(4), key=lambda i: ranks[i])
    assert by_seat[best].mu > FRESH[0] > by_seat[worst].mu
    assert all(r.sigma < FRESH[1] for r in by_seat)
    # The view after the game shows each seat's new rating, and a rematch keeps the keys.
    seats = room.last(conns[0], p.Update).seats
    assert [s["games"] for s in seats] == [1, 1, 1, 1]
    made = room.ask(conns[0], type="rematch", table=table, seat=0, token=tokens[0])
    assert room.core.tables[made.new_table].seats[2].player_hash == secret_hash(KEYS[2])
    # Another player count is another rating.
    assert store.ratings([secret_hash(KEYS[0])], 3) == {}


def test_a_seat_the_computer_played_most_of_the_game_is_not_rated() -> None:
    store = open_store(":memory:")
    room = Room.new(store=store)
    table, conns, tokens = _seated(room, players=3)
    t = room.core.tables[table]
    # Cy leaves at once: the table's computer plays the seat from then on.
    cy = next(i for i in range(3) if t.seats[i].name == "Cy")
    room.ask(conns[cy], type="leave", table=table, seat=cy, token=tokens[cy])
    assert t.seats[cy].kind is Kind.COMPUTER
    _play_out(room, table, conns, tokens)
    rated = store.ratings([secret_hash(k) for k in KEYS[:3]], 3)
    assert set(rated) == {secret_hash(KEYS[0]), secret_hash(KEYS[1]), secret_hash(KEYS[2])}
    assert rated[secret_hash(KEYS[2])].games == 0  # (only the game left is counted)
    assert rated[secret_hash(KEYS[2])].left == 1
    assert rated[secret_hash(KEYS[0])].games == 1 and rated[secret_hash(KEYS[0])].left == 0
    assert t.seats[cy].computer_steps > t.seats[cy].human_steps


def test_no_rating_without_two_people_with_keys_nor_for_one_key_at_two_seats() -> None:
    store = open_store(":memory:")
    room = Room.new(store=store)
    table, conns, tokens = _seated(room, keys=[KEYS[0], None, None])
    _play_out(room, table, conns, tokens)
    assert store.ratings([secret_hash(KEYS[0])], 3) == {}
    table, conns, tokens = _seated(room, keys=[KEYS[0], KEYS[0], None])
    _play_out(room, table, conns, tokens, seed=2)
    assert store.ratings([secret_hash(KEYS[0])], 3) == {}


def test_the_leaderboard_lists_the_best_rated_and_the_askers_own() -> None:
    store = open_store(":memory:")
    room = Room.new(store=store)
    for seed in (1, 2):
        table, conns, tokens = _seated(room)
        _play_out(room, table, conns, tokens, seed=seed)
    board = room.ask(Conn(), type="leaders", players=3, player=KEYS[1])
    assert isinstance(board, p.Board) and len(board.rows) == 3
    ratings = [r["rating"] for r in board.rows]
    assert ratings == sorted(ratings, reverse=True)
    assert {r["name"] for r in board.rows} == {"Ann", "Bob", "Cy"}
    assert all(r["games"] == 2 for r in board.rows)
    assert board.you["games"] == 2 and board.you["rating"] in ratings
    assert "player_hash" not in str(board.rows)  # (a player is known by name only)
    assert room.ask(Conn(), type="leaders", players=4).rows == []
    fresh = room.ask(Conn(), type="leaders", players=3, player="nobody-secret-key")
    assert fresh.you == {"rating": 0.0, "games": 0, "left": 0}


def test_ratings_and_keys_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "tables.db"
    room = Room.new(store=open_store(str(path)))
    table, conns, tokens = _seated(room)
    _play_out(room, table, conns, tokens)
    room.core.store.close()
    again = Room.new(store=open_store(str(path)))
    assert again.ask(Conn(), type="leaders", players=3).rows[0]["games"] == 1
    again.core.store.close()


# ----- following tables from afar ---------------------------------------------------------
def test_a_follower_hears_each_turn_of_its_tables_without_their_views() -> None:
    room = Room.new()
    t1, conns1, tokens1 = _seated(room)
    t2, conns2, tokens2 = _seated(room)
    far = Conn("10.0.9.9")
    room.close(conns1[1])  # (Bob's program closed the table; it follows it from afar)
    turns = room.ask(far, type="follow", seats=[
        {"table": t1, "seat": 1, "token": tokens1[1]},
        {"table": t2, "seat": 2, "token": tokens2[2]},
        {"table": t2, "seat": 0, "token": "not-the-token"},
        {"table": "nosuchtable", "seat": 0, "token": "x"}])
    assert isinstance(turns, p.Turns)
    first, second, wrong, gone = turns.tables
    table1 = room.core.tables[t1]
    assert first == {"table": t1, "seat": 1, "status": "playing", "number": 0,
                     "active": table1.state.active}
    assert second["active"] == room.core.tables[t2].state.active
    assert wrong["refused"] == "server.wrong_token" and gone["refused"] == "server.no_table"
    # Following is not being at the table: the seat is not shown as back.
    assert not table1.present(1)
    _step(room, t1, conns1, tokens1)
    pushed = [m for m in room.sent[far] if isinstance(m, p.Turn)]
    assert [(m.table, m.number) for m in pushed] == [(t1, 1)]
    assert not any(isinstance(m, p.View) for m in room.sent[far])
    # A new follow replaces the old: t1 no longer, t2 now.
    room.ask(far, type="follow", seats=[{"table": t2, "seat": 2, "token": tokens2[2]}])
    _step(room, t1, conns1, tokens1)
    _step(room, t2, conns2, tokens2)
    pushed = [m for m in room.sent[far] if isinstance(m, p.Turn)]
    assert [(m.table, m.number) for m in pushed] == [(t1, 1), (t2, 1)]
    # Gone, it is told nothing more; and a followed table stays loaded meanwhile.
    assert not room.core.tables[t2].idle()
    room.close(far)
    _step(room, t2, conns2, tokens2)
    assert len([m for m in room.sent[far] if isinstance(m, p.Turn)]) == 2


def test_follow_names_at_most_a_hundred_seats() -> None:
    room = Room.new()
    held = [{"table": "t", "seat": 0, "token": "x"}] * (p.MAX_FOLLOWED + 1)
    answer = room.core.handle(Conn(), p.decode_request(p.encode(p.Follow(seats=[]))), room.now)
    assert isinstance(answer[0][1], p.Turns)
    refusal = p.decode_request(json.dumps({"v": 2, "type": "follow", "seats": held}))
    assert isinstance(refusal, p.Refusal)


# ----- turn-a-day deadlines ---------------------------------------------------------------
def test_a_deadline_passing_takes_a_vacation_day_then_hands_the_seat_over() -> None:
    room = Room.new()
    table, conns, tokens = _seated(room, deadline=3600, vacation=1)
    t = room.core.tables[table]
    mover = t.state.active
    view = room.last(conns[0])
    assert view.deadline == 3600 and view.vacation == [1, 1, 1]
    assert t.options["deadline"] == 3600 and t.options["vacation"] == 1
    # Half an hour: nothing. A step: the next player has a whole hour.
    room.tick(1800)
    assert t.seats[mover].kind is Kind.HUMAN
    for _ in range(100):
        _step(room, table, conns, tokens)
        if t.state.active != mover:
            break
    mover = t.state.active
    assert room.last(conns[0], p.Update).deadline == 3600
    # The hour passes: a vacation day is taken (everyone told), the deadline a day on.
    room.tick(3601)
    assert t.seats[mover].kind is Kind.HUMAN and t.seats[mover].vacation_left == 0
    told = room.last(conns[0])
    assert told.rested == {"seat": mover, "left": 0}
    assert told.vacation[mover] == 0 and 0 < told.deadline <= DAY
    room.tick(DAY - 10)
    assert t.seats[mover].kind is Kind.HUMAN
    # No day left: the table's computer plays the seat, which its player may take back.
    room.tick(20)
    assert t.seats[mover].kind is Kind.COMPUTER
    assert room.last(conns[0]).handed == {"seat": mover, "why": "deadline"}
    back = room.ask(conns[mover], type="resume", table=table, seat=mover, token=tokens[mover])
    assert t.seats[mover].kind is Kind.HUMAN
    assert back.handed == {"seat": mover, "why": "back"}


def test_a_deadline_is_kept_across_a_restart_without_charging_the_downtime(
        tmp_path: Path) -> None:
    path = tmp_path / "tables.db"
    room = Room.new(store=open_store(str(path)))
    table, _, _ = _seated(room, deadline=7200)
    room.tick(3.0)  # (the sign of life is written)
    due = room.core.tables[table].deadline_at
    room.core.store.close()
    later = room.now + 5000
    core = Core(open_store(str(path)), later, rng=random.Random(1))
    assert core.tables[table].deadline_at == pytest.approx(due + 5000 - 1.0, abs=2.0)
    core.store.close()


def test_a_deadline_out_of_range_is_refused() -> None:
    for bad in (60, 8 * DAY):
        said = p.decode_request(f'{{"v": 2, "type": "create", "players": 3, "deadline": {bad}}}')
        assert isinstance(said, p.Refusal) and said.key == "server.field_range"
