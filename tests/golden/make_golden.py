"""Regenerate the golden records and their JSON (only when a rule change is intended).

    PYTHONPATH=. python tests/golden/make_golden.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from game.bench import careless_step
from game.deal import deal_towns
from game.record import write_record
from game.rules import apply
from game.state import State

HERE = Path(__file__).parent
GAMES = {
    "four-players": (["Ann", "Bea", "Cy", "Dan"], 11, False, "standard"),
    "three-players-first-game-ship-only": (["Eve", "Flo", "Gus"], 12, True, "ship-only-build"),
}


# A game between the computer levels: buildings, technologies and sales in play.
AI_GAMES = {
    "four-computers": (["Hal", "Mel", "Ed", "Eve"], ["hard", "medium", "easy", "medium"], 5),
}


def ai_game(names: list[str], levels: list[str], seed: int) -> tuple[State, list[str]]:
    from game.ai.players import make_player

    players = [make_player(level, f"{seed}:{i}") for i, level in enumerate(levels)]
    st = State.start(names, deal_towns(len(names), seed))
    played = []
    while not st.over:
        step = players[st.active].choose(st)
        st = apply(st, step)
        played.append(str(step))
    return st, played


def main() -> None:
    for name, (names, levels, seed) in AI_GAMES.items():
        st, played = ai_game(names, levels, seed)
        tags = [("Seed", str(seed)), ("Seats", ", ".join(levels))]
        text = write_record(names, st.towns, played, "standard", tags)
        (HERE / f"{name}.txt").write_text(text, "utf-8")
        (HERE / f"{name}.json").write_text(json.dumps(st.to_json(), indent=2) + "\n", "utf-8")
    for name, (names, seed, first, variant) in GAMES.items():
        rng = random.Random(seed)
        st = State.start(names, deal_towns(len(names), seed, first), variant)
        played = []
        while not st.over:
            step = careless_step(st, rng)
            st = apply(st, step)
            played.append(str(step))
        text = write_record(names, st.towns, played, variant, [("Seed", str(seed))])
        (HERE / f"{name}.txt").write_text(text, "utf-8")
        (HERE / f"{name}.json").write_text(json.dumps(st.to_json(), indent=2) + "\n", "utf-8")


if __name__ == "__main__":
    main()
