"""Presence over real sockets: each seat says whether a connection holds it, one
connection may hold two seats, and the others hear when a socket goes and a seat
comes back. (Hand-overs, a seat taken back and a seat left are the core's rules:
test_server_core.py.)"""

from __future__ import annotations

import pytest
from onlinehelp import Client

from online.thread import ServerThread

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(60)]


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
    # (the reply comes first, then the view that shows the seat handed over)
    view = await cy_c.wait(lambda m: m.get("type") == "view" and "handed" in m)
    assert view["seats"][0]["kind"] == "computer" and view["handed"]["why"] == "away"
    assert view["seats"][0]["level"] == "easy" and view["seats"][0]["here"]
    await cy_c.close()
