"""Helpers that let a rules test read like a game record.

A test writes the steps of a record (one a line, ``#`` comments welcome); the helper
puts the header on top, replays it with ``game.record`` and hands back the state, or
the ``RecordError`` that stopped it.

The default deal is fixed, so every position is predictable (cards in CARDS.md):

==  ====  ==================  ==================================
pos card  goods 1 / goods 2   building 1 / building 2
==  ====  ==================  ==================================
1   T01   gold / coffee       stronghold / church
2   T07   jewels / cloth      church / marketplace:coffee
3   T12   sugar / spices      stronghold / marketplace:gold
4   T05   jewels / coffee     stronghold / marketplace:sugar
5   T03   gold / cloth        church / marketplace:spices
6   T09   coffee / cloth      stronghold / marketplace:jewels
7   T02   gold / sugar        stronghold / marketplace:cloth
8   T11   sugar / cloth       stronghold / church
9   T08   jewels / spices     stronghold / church
10  T04   gold / spices       stronghold / church
11  T06   jewels / sugar      church / marketplace:gold
12  T10   coffee / spices     church / marketplace:cloth
==  ====  ==================  ==================================

Positions 1-3 hold all six goods types, one of each.
Seats: Ann red (wealth 2), Bob blue (2), Cy green (3), Dan yellow (4).
"""

from __future__ import annotations

import textwrap

import pytest

from game.record import RecordError, parse_record, replay
from game.state import State

FOUR = "Ann, Bob, Cy, Dan"
THREE = "Ann, Bob, Cy"
TOWNS = "T01 T07 T12 T05 T03 T09 T02 T11 T08 T04 T06 T10"
TOWNS_3 = "T01 T07 T12 T05 T03 T09 T02 T11 T08"

ANN, BOB, CY, DAN = 0, 1, 2, 3


def record_text(steps: str, players: str = FOUR, towns: str | None = None,
                variant: str | None = None) -> str:
    """The record: a header, then the steps exactly as written (dedented)."""
    if towns is None:
        towns = TOWNS if players.count(",") == 3 else TOWNS_3
    header = ['[Game "Sail to India"]', f'[Players "{players}"]', f'[Towns "{towns}"]']
    if variant is not None:
        header.append(f'[Variant "{variant}"]')
    body = textwrap.dedent(steps).strip("\n")
    return "\n".join(header) + "\n" + body + "\n"


def play(steps: str = "", players: str = FOUR, towns: str | None = None,
         variant: str | None = None) -> State:
    """Replay the record and return the state it reaches."""
    return replay(parse_record(record_text(steps, players, towns, variant)))


def last_step_line(text: str) -> int:
    """The line number (1-based) of the record's last step."""
    last = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line and not line.startswith("["):
            last = number
    return last


def refusal(steps: str, players: str = FOUR, towns: str | None = None,
            variant: str | None = None) -> RecordError:
    """Replay a record that must be refused; return the RecordError."""
    text = record_text(steps, players, towns, variant)
    with pytest.raises(RecordError) as info:
        replay(parse_record(text))
    return info.value


def refused(steps: str, players: str = FOUR, towns: str | None = None,
            variant: str | None = None) -> str:
    """Replay a record whose *last* step must be refused; check that it was that step
    (by its line number) and return the message ``"<step>: <reason>"``."""
    text = record_text(steps, players, towns, variant)
    err = refusal(steps, players, towns, variant)
    assert err.line == last_step_line(text), f"refused too early: {err}"
    return err.message


def player(st: State, seat: int) -> dict:
    """One player's part of the replay summary (wealth, vp, lisboa, ships, ...)."""
    return st.to_json()["players"][seat]


def town(st: State, pos: int) -> dict:
    """One town's part of the replay summary (face_up, goods, buildings)."""
    return st.to_json()["towns"][pos - 1]


def places(st: State, seat: int) -> dict[str, int]:
    """Where a player's 13 markers are (and a check that they are 13)."""
    where = st.markers_by_place(seat)
    assert sum(where.values()) == 13, where
    return where


# ----- openings: short records that tests continue (three players) ---------------
ANN_FOUR_GOODS = """
    employ                  # Ann: wealth 1, Lisboa 2, stock 6
    employ                  # Ann: wealth 0 (the banker goes to Lisboa), Lisboa 4, stock 5
    end
    end                     # Bob
    end                     # Cy
    move L-1 L-1 L-1 L-1
    cargo 1g1               # gold
    cargo 1g2               # coffee
    done
    move 1-2 1-2
    cargo 2g1               # jewels
    cargo 2g2               # cloth
    done
    end
    end                     # Bob
    end                     # Cy
"""
"""Ann's third turn (2 points): wealth 0, VP 0, Lisboa 0, stock 5, trade goods on
1g1 1g2 2g1 2g2 (gold, coffee, jewels, cloth)."""

ANN_RICH = ANN_FOUR_GOODS + """
    sell 1g1 1g2 2g1 2g2    # 4 types: wealth 4, VP 1 (banker, historian from Lisboa)
    move L-1 L-1            # Lisboa 2 -> 0
    cargo 1g1
    cargo 1g2
    done
    end
    end                     # Bob
    end                     # Cy
    sell 1g1 1g2            # 2 types: wealth 6 = 5 + 1, Lisboa 2 - 1 = 1
"""
"""Ann's fourth turn, 1 point left: wealth 6 (bankers 5+1), VP 1, Lisboa 1, stock 5,
no ships, no goods."""
