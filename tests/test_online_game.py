"""Whole games over real sockets: 3 and 4 headless clients play a golden record
through, a spectator watches, and no message names a face-down town (or the seed)
before the end. (The server's rules, request by request, are test_server_core.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from onlinehelp import Client, force_deal

from game.cards import CARDS
from game.record import parse_record, read_record_text, replay
from online.thread import ServerThread

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(60)]
GOLDEN = Path(__file__).parent / "golden"


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
        assert got["type"] == "update" and got["step"], got
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
