"""Presence in a table's view: each seat says whether a connection holds it, one
connection may hold two seats, and the others hear when a seat goes and comes back."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from onlinehelp import Client, FirstSeat

from online.thread import ServerThread

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(60)]


@pytest.fixture
def server(tmp_path: Path):
    s = ServerThread(str(tmp_path / "tables.db"), rng=FirstSeat())
    s.start()
    yield s
    s.stop()


def _here(view: dict) -> dict[int, bool]:
    return {s["seat"]: s["here"] for s in view["seats"]}


async def test_seats_come_and_go(server: ServerThread) -> None:
    host = await Client.open(server.port)
    table = (await host.ask(type="create", players=3))["table"]
    ann = await host.ask(type="sit", table=table, name="Ann")
    bob = await host.ask(type="sit", table=table, name="Bob")  # two people, one machine
    cy_c = await Client.open(server.port)
    cy = await cy_c.ask(type="sit", table=table, name="Cy")
    await host.ask(type="start", table=table, seat=0, token=ann["token"])
    view = await cy_c.wait(lambda m: m.get("type") == "view" and m["status"] == "playing")
    assert _here(view) == {0: True, 1: True, 2: True}
    assert all("level" not in s for s in view["seats"])
    await host.close()
    away = await cy_c.wait(lambda m: m.get("type") == "view" and not m["seats"][0]["here"])
    assert _here(away) == {0: False, 1: False, 2: True}
    back = await Client.open(server.port)
    got = await back.ask(type="resume", table=table, seat=1, token=bob["token"])
    assert _here(got) == {0: False, 1: True, 2: True}
    told = await cy_c.wait(lambda m: m.get("type") == "view" and m["seats"][1]["here"])
    assert _here(told) == {0: False, 1: True, 2: True}
    # A seat that is present cannot be handed over; an away one can, and is a
    # computer of a level the view names.
    out = await cy_c.ask(type="hand_over", table=table, seat=2, token=cy["token"], target=1)
    assert out["type"] == "error"
    await back.close()
    await cy_c.wait(lambda m: m.get("type") == "view" and not m["seats"][1]["here"])
    server.server.tables[table].options["away_limit"] = 0.0
    out = await cy_c.ask(type="hand_over", table=table, seat=2, token=cy["token"], target=0,
                         level="easy")
    assert out["type"] == "ok", out
    # (the view came before the reply, which ``ask`` waited for)
    view = next(m for m in map(json.loads, reversed(cy_c.raw)) if m.get("type") == "view")
    assert view["seats"][0]["kind"] == "computer"
    assert view["seats"][0]["level"] == "easy" and view["seats"][0]["here"]
    await cy_c.close()


async def _ann_apart_from_bob_and_cy(
        server: ServerThread) -> tuple[Client, str, dict, Client, dict]:
    """A started table: Ann on a connection of her own, Bob and Cy sharing another;
    Ann's connection, the table, her seat, the others' connection, Bob's seat."""
    ann_c = await Client.open(server.port)
    table = (await ann_c.ask(type="create", players=3))["table"]
    ann = await ann_c.ask(type="sit", table=table, name="Ann")
    others = await Client.open(server.port)
    bob = await others.ask(type="sit", table=table, name="Bob")
    await others.ask(type="sit", table=table, name="Cy")
    await others.ask(type="start", table=table, seat=1, token=bob["token"])
    return ann_c, table, ann, others, bob


async def test_a_seat_handed_over_goes_back_to_its_player_who_returns(
        server: ServerThread) -> None:
    """Away too long, Ann's seat goes to the computer, which plays it; her token still
    holds it for her only: she comes back, resumes, and plays her own seat again."""
    ann_c, table, ann, others, bob = await _ann_apart_from_bob_and_cy(server)
    await ann_c.close()
    await others.wait(lambda m: m.get("type") == "view" and not m["seats"][0]["here"])
    t = server.server.tables[table]
    t.options["away_limit"] = 0.0
    first = t.state.active
    assert first == 0  # Ann begins, so the computer plays for her at once
    out = await others.ask(type="hand_over", table=table, seat=1, token=bob["token"],
                           target=0, level="easy")
    assert out["type"] == "ok", out
    for _ in range(200):  # the computer's first step for her (it thinks on a thread)
        if t.steps:
            break
        await asyncio.sleep(0.05)
    assert t.steps
    # Meanwhile her token speaks for nothing at the table but her coming back.
    ann_c = await Client.open(server.port)
    step = await ann_c.ask(type="step", table=table, seat=0, token=ann["token"],
                           number=len(t.steps), step="end")
    assert step["type"] == "error" and step["said"]["key"] == "server.computer_plays"
    back = await ann_c.ask(type="resume", table=table, seat=0, token=ann["token"])
    assert back["type"] == "view" and back["seat"] == 0
    assert back["seats"][0]["kind"] == "human" and back["seats"][0]["here"]
    told = await others.wait(lambda m: m.get("type") == "view"
                             and m["seats"][0]["kind"] == "human")
    assert "level" not in told["seats"][0] and told["seats"][0]["here"]
    assert t.seats[0].kind.value == "human" and 0 not in t.players
    await ann_c.close()
    await others.close()


async def test_a_seat_left_during_play_goes_to_the_computer_for_good(
        server: ServerThread) -> None:
    host, table, ann, others, _ = await _ann_apart_from_bob_and_cy(server)
    out = await host.ask(type="leave", table=table, seat=0, token=ann["token"])
    assert out["type"] == "ok"
    told = await others.wait(lambda m: m.get("type") == "view" and "handed" in m)
    assert told["handed"] == {"seat": 0, "why": "left"}
    assert told["seats"][0]["kind"] == "computer" and "away_for" not in told["seats"][0]
    back = await host.ask(type="resume", table=table, seat=0, token=ann["token"])
    assert back["type"] == "error" and back["said"]["key"] == "server.wrong_token"
    await host.close()
    await others.close()
