"""Whole games over real sockets: 3 and 4 headless clients, nothing hidden leaks,
the double-step race, rematch, and a seat handed to a computer."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from onlinehelp import Client, FirstSeat, force_deal

from game.cards import CARDS
from game.record import parse_record, read_record_text, replay
from online.protocol import VERSION
from online.thread import ServerThread
from online.words import english, said_of

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(60)]
GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture
def server(tmp_path: Path):
    s = ServerThread(str(tmp_path / "tables.db"), rng=FirstSeat())
    s.start()
    yield s
    s.stop()


async def _seated(port: int, server: ServerThread, names: list[str], towns: list[str],
                  variant: str) -> tuple[str, list[Client], list[dict]]:
    host = await Client.open(port)
    made = await host.ask(type="create", players=len(names), variant=variant, private=True)
    table = made["table"]
    force_deal(server, table, towns)
    clients, seats = [host], []
    for i, name in enumerate(names):
        c = host if i == 0 else await Client.open(port)
        if i:
            clients.append(c)
        got = await c.ask(type="sit", table=table, name=name, invite=made["invite"])
        got["invite"] = made["invite"]
        assert got["type"] == "seated" and got["seat"] == i
        seats.append(got)
    return table, clients, seats


def _leaks(raw: str, hidden: set[str], seed: str) -> list[str]:
    msg = json.loads(raw)
    msg.pop("token", None)
    msg.pop("invite", None)
    text = json.dumps(msg)
    return [t for t in hidden if t in text] + ([seed] if seed in text else [])


async def _play_record(name: str, server: ServerThread) -> None:
    record = parse_record(read_record_text(GOLDEN / name))
    states = [replay(record, k) for k in range(len(record.steps) + 1)]
    port = server.port
    table, clients, seats = await _seated(port, server, record.names, record.towns,
                                          record.variant)
    watcher = await Client.open(port)
    await watcher.ask(type="watch", table=table, invite=seats[0]["invite"])
    start = await clients[0].ask(type="start", table=table, seat=0, token=seats[0]["token"])
    assert start["type"] == "ok"
    for number, text in enumerate(record.step_texts()):
        seat = states[number].active
        got = await clients[seat].ask(type="step", table=table, seat=seat,
                                      token=seats[seat]["token"], number=number, step=text)
        assert got["type"] == "accepted", got
    for c in [*clients, watcher]:
        if not (c.view and c.view["state"]["over"]):
            await c.wait(lambda m: m.get("state", {}).get("over"))
    seed = server.server.tables[table].seed
    # Before the end, no message names a town still face down (or set aside), nor the seed.
    for c in [*clients, watcher]:
        number = 0
        for raw in c.raw:
            msg = json.loads(raw)
            if msg.get("state", {}).get("over"):
                assert "record" in msg and seed in msg["record"]
                break
            number = msg.get("number", number)
            hidden = set(CARDS.towns) - set(record.towns[: states[number].revealed])
            assert not _leaks(raw, hidden, seed), (number, raw[:300])
    # Every client saw the same log, the server's.
    log = server.server.store.steps(table)
    assert [str(s) for s in log] == clients[0].steps
    for c in [*clients, watcher]:
        assert c.steps == log
    # Chat reaches everyone watching; a rematch seats the same players at a new deal.
    await clients[1].send(type="chat", table=table, seat=1, token=seats[1]["token"], text="gg")
    said = await watcher.wait(lambda m: m.get("type") == "chat")
    assert said["name"] == record.names[1] and said["text"] == "gg"
    again = await clients[0].ask(type="rematch", table=table, seat=0, token=seats[0]["token"])
    told = await clients[2].wait(lambda m: m.get("type") == "rematch")
    assert told["new_table"] == again["new_table"] != table
    back = await clients[2].ask(type="resume", table=again["new_table"], seat=2,
                                token=seats[2]["token"])
    assert back["steps"] == [] and "record" not in back and back["state"]["names"] == record.names
    for c in [*clients, watcher]:
        await c.close()


async def test_a_three_player_game(server: ServerThread) -> None:
    await _play_record("three-players-first-game-ship-only.txt", server)


async def test_a_four_player_game(server: ServerThread) -> None:
    await _play_record("four-players.txt", server)


async def test_the_same_step_twice_at_once(server: ServerThread) -> None:
    record = parse_record(read_record_text(GOLDEN / "four-players.txt"))
    table, clients, seats = await _seated(server.port, server, record.names, record.towns,
                                          record.variant)
    await clients[0].ask(type="start", table=table, seat=0, token=seats[0]["token"])
    twin = await Client.open(server.port)
    await twin.ask(type="resume", table=table, seat=0, token=seats[0]["token"])
    step = dict(type="step", table=table, seat=0, token=seats[0]["token"], number=0,
                step=record.step_texts()[0])
    a, b = await asyncio.gather(clients[0].ask(**step), twin.ask(**step))
    assert sorted([a["type"], b["type"]]) == ["accepted", "refused"]
    await asyncio.sleep(0.2)
    for c in [*clients, twin]:
        assert c.steps == [record.step_texts()[0]]
    assert server.server.store.steps(table) == [record.step_texts()[0]]
    # An older number is refused too, and nobody hears of it.
    late = await twin.ask(**step)
    assert late["type"] == "refused" and "step 1" in late["reason"]
    for c in [*clients, twin]:
        await c.close()


async def test_wrong_seat_and_illegal_steps_are_refused(server: ServerThread) -> None:
    record = parse_record(read_record_text(GOLDEN / "four-players.txt"))
    table, clients, seats = await _seated(server.port, server, record.names, record.towns,
                                          record.variant)
    await clients[0].ask(type="start", table=table, seat=0, token=seats[0]["token"])
    out = await clients[1].ask(type="step", table=table, seat=1, token=seats[1]["token"],
                               number=0, step="employ")
    assert out["type"] == "refused" and "turn" in out["reason"]
    # Each no comes in English and as a sentence's key, for the client's language.
    assert out["said"] == {"key": "server.not_your_turn", "values": {}}
    out = await clients[0].ask(type="step", table=table, seat=0, token=seats[0]["token"],
                               number=0, step="sell 9g1")
    assert out["type"] == "refused" and out["reason"]
    assert out["said"]["key"].startswith("reason.") and said_of(out) != out["reason"]
    assert english(said_of(out)) == out["reason"]
    out = await clients[0].ask(type="step", table=table, seat=0, token=seats[0]["token"],
                               number=0, step="fly to the moon")
    assert out["type"] == "refused" and out["reason"]
    assert english(said_of(out)) == out["reason"]
    assert server.server.store.steps(table) == []
    for c in clients:
        await c.close()


async def test_computers_fill_seats_and_take_a_gone_players_seat(server: ServerThread) -> None:
    host = await Client.open(server.port)
    table = (await host.ask(type="create", players=3, away_limit=0))["table"]
    listed = await host.ask(type="list")
    assert table in [t["table"] for t in listed["tables"]]
    ann = await host.ask(type="sit", table=table, name="Ann")
    bob_c = await Client.open(server.port)
    bob = await bob_c.ask(type="sit", table=table, name="Bob")
    got = await host.ask(type="computer", table=table, seat=0, token=ann["token"], level="easy")
    assert got == {"type": "ok", "table": table, "seat": 2, "v": VERSION, "id": got["id"]}
    await host.ask(type="start", table=table, seat=0, token=ann["token"])
    for word in (ann["token"], bob["token"]):
        assert all(word not in raw for raw in host.raw if '"seated"' not in raw)
    # Ann's turn; Bob leaves: the table's computer takes his seat at once (nothing
    # left to hand over); both computers play.
    assert (await bob_c.ask(type="leave", table=table, seat=1, token=bob["token"]))["type"] == "ok"
    out = await host.ask(type="hand_over", table=table, seat=0, token=ann["token"], target=1,
                         level="easy")
    assert out["type"] == "error" and out["said"]["key"] == "server.hand_over", out
    while host.view["state"]["active"] == 0:
        number = host.view["number"]
        out = await host.ask(type="step", table=table, seat=0, token=ann["token"],
                             number=number, step=host.view["legal"][0])
        assert out["type"] == "accepted"
        while host.view["number"] == number:
            await asyncio.sleep(0.01)
    while not (host.view["state"]["active"] == 0 and host.view.get("by") == 2):
        await asyncio.sleep(0.05)
    assert {s["seat"]: s["kind"] for s in host.view["seats"]} == {
        0: "human", 1: "computer", 2: "computer"}
    await host.close()
    await bob_c.close()


async def test_a_clock_that_runs_out_hands_the_seat_to_a_computer(server: ServerThread) -> None:
    host = await Client.open(server.port)
    table = (await host.ask(type="create", players=3, clock={"budget": 0.3, "bonus": 1}))
    table = table["table"]
    ann = await host.ask(type="sit", table=table, name="Ann")
    for _ in range(2):
        await host.ask(type="computer", table=table, seat=0, token=ann["token"], level="easy")
    await host.ask(type="start", table=table, seat=0, token=ann["token"])
    assert host.view["clocks"][0] <= 0.3
    told = await host.wait(lambda m: m.get("type") == "view" and m["seats"][0]["kind"]
                           == "computer", timeout=20)
    assert told["seat"] is None  # Ann's connection watches on, as a spectator
    gone = await host.ask(type="step", table=table, seat=0, token=ann["token"],
                          number=len(told["steps"]) if "steps" in told else 0, step="end")
    assert gone["type"] == "error" and gone["said"]["key"] == "server.computer_plays"
    # Her time is gone: coming back, she watches her seat played out.
    again = await host.ask(type="resume", table=table, seat=0, token=ann["token"])
    assert again["seats"][0]["kind"] == "computer" and again["clocks"][0] <= 0
    await host.close()
