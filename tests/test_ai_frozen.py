"""The levels do not drift: each level's choice on a set of positions is held to the
one stored in ``golden/ai-choices.json``. expert-1 is the frozen yardstick of the
expert's progress, so it must play tomorrow as it played when it was frozen; and an
engine made faster must leave every level's play as it was (it lists the same legal
steps in the same order, so a player built on it chooses the same).

Regenerate (only when a level's play is meant to change, and never for expert-1):

    cd tests && PYTHONPATH=.. python test_ai_frozen.py
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from aihelp import midgame_states

from game.ai.players import make_player
from game.state import State

GOLDEN = Path(__file__).parent / "golden" / "ai-choices.json"
#: The levels held (the expert is not: it is the one being improved).
HELD = ("easy", "medium", "hard", "expert-1")
#: Positions: (players, seed of the medium self-play game, every how many turns, how many).
GAMES = ((4, 21, 7, 10), (3, 22, 6, 9))


def positions() -> list[tuple[str, State]]:
    out = []
    for players, seed, every, count in GAMES:
        for i, st in enumerate(midgame_states(players, seed=seed, every=every, count=count)):
            out.append((f"{players}p-{seed}-{i}-turn{st.turn}", st))
    return out


def choices(st: State) -> dict[str, str | int]:
    row: dict[str, str | int] = {}
    for level in HELD:
        player = make_player(level, "golden")
        row[level] = str(player.choose(st))
        if hasattr(player, "last_rollouts"):
            row[f"{level} playouts"] = player.last_rollouts
    return row


STORED: dict[str, dict[str, str | int]] = (
    json.loads(GOLDEN.read_text("utf-8")) if GOLDEN.exists() else {})


@pytest.mark.parametrize("name,st", positions(), ids=lambda v: v if isinstance(v, str) else "")
def test_each_level_still_chooses_what_it_chose(name: str, st: State) -> None:
    assert choices(st) == STORED[name]


def test_the_positions_are_all_stored() -> None:
    assert [name for name, _ in positions()] == list(STORED)
    assert len(STORED) >= 10


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps({name: choices(st) for name, st in positions()}, indent=1)
                      + "\n", "utf-8")
