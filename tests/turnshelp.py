"""Tables on real servers (127.0.0.1, port 0) for the tests of "your turn, everywhere":
started tables whose seats a plain connection holds, steps played at them, and the
seats written into a program's My online games."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from online.accounts import MyGame, MyGames
from online.client import Connection, Reply

NAMES = ("Ann", "Bob", "Cy", "Dee")
GOLDEN = Path(__file__).resolve().parent / "golden"


def ask(connection: Connection, msg: dict, limit: float = 15.0) -> object:
    """Send ``msg`` and wait for its answer (bounded: 15 s, then the test fails)."""
    wanted = connection.send(msg)
    deadline = time.monotonic() + limit
    for _ in range(int(limit * 500)):
        for event in connection.events():
            if isinstance(event, Reply) and event.id == wanted:
                return event.msg
        if time.monotonic() > deadline:
            break
        time.sleep(0.002)
    raise AssertionError(f"no answer to {msg['type']}")


@dataclass
class Table:
    """A started table at ``url``: its id and every seat's token."""

    url: str
    table: str
    tokens: list[str]
    number: int = 0
    names: list[str] = field(default_factory=list)


def started(connection: Connection, url: str, players: int = 3) -> Table:
    """A table created, every seat taken by ``connection``, started (the server's
    first seat is 0 when it draws with ``FirstSeat``)."""
    created = ask(connection, {"type": "create", "players": players})
    table = created.table  # type: ignore[attr-defined]
    tokens = [ask(connection, {"type": "sit", "table": table, "name": n}).token  # type: ignore[attr-defined]
              for n in NAMES[:players]]
    ask(connection, {"type": "start", "table": table, "seat": 0, "token": tokens[0]})
    return Table(url, table, tokens, 0, list(NAMES[:players]))


def finished(connection: Connection, server: object, url: str,
             golden: str = "three-players-first-game-ship-only.txt") -> Table:
    """A table played to its end on ``server`` (a ``ServerThread``): a golden game's
    deal and steps, every seat held by ``connection``."""
    from onlinehelp import force_deal

    from game.record import parse_record, read_record_text, replay
    record = parse_record(read_record_text(GOLDEN / golden))
    states = [replay(record, k) for k in range(len(record.steps) + 1)]
    created = ask(connection, {"type": "create", "players": len(record.names),
                               "variant": record.variant})
    table = created.table  # type: ignore[attr-defined]
    force_deal(server, table, list(record.towns))
    tokens = [ask(connection, {"type": "sit", "table": table, "name": n}).token  # type: ignore[attr-defined]
              for n in record.names]
    ask(connection, {"type": "start", "table": table, "seat": 0, "token": tokens[0]})
    at = Table(url, table, tokens, 0, list(record.names))
    for number, text in enumerate(record.step_texts()):
        seat = states[number].active
        ask(connection, {"type": "step", "table": table, "seat": seat, "token": tokens[seat],
                         "number": number, "step": text})
        at.number += 1
    return at


def end_turn(connection: Connection, at: Table, seat: int) -> None:
    """``seat`` ends its turn at once (a step: the table's number moves on)."""
    answer = ask(connection, {"type": "step", "table": at.table, "seat": seat,
                              "token": at.tokens[seat], "number": at.number, "step": "end"})
    assert type(answer).__name__ not in ("Error", "Refused"), answer
    at.number += 1


def keep_seat(games: MyGames, at: Table, seat: int) -> MyGame:
    """The seat written into My online games as a program that took it would keep it:
    the game under way, someone else to play, as last heard."""
    game = MyGame(at.url, at.table, seat, at.tokens[seat], list(at.names),
                  at.names[0], None, "playing", seen=at.number)
    games.put(game)
    return game


__all__ = ["NAMES", "Table", "ask", "end_turn", "finished", "keep_seat", "started"]
