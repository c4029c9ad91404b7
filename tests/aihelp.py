"""Positions for the computer players' tests: mid-game states from a seeded medium
self-play game, and the same position with its face-down towns dealt again (to show a
player's choice never depends on a card it cannot see)."""

from __future__ import annotations

import random

from game.ai import MediumPlayer
from game.ai.view import unseen_cards
from game.deal import deal_towns
from game.rules import apply
from game.state import Board, State

NAMES = ("Ann", "Bea", "Cy", "Dan")


def midgame_states(players: int, seed: int, every: int, count: int) -> list[State]:
    """Up to ``count`` positions from a medium self-play game, taken at the start of
    every ``every``-th turn."""
    st = State.start(NAMES[:players], deal_towns(players, seed))
    bots = [MediumPlayer(seed * 10 + s) for s in range(players)]
    out: list[State] = []
    turns = 0
    while not st.over and len(out) < count:
        step = bots[st.active].choose(st)
        st = apply(st, step)
        if step.kind == "end":
            turns += 1
            if turns % every == 0 and not st.over:
                out.append(st)
    return out


def redealt(st: State, rng: random.Random) -> State:
    """The same position with the face-down towns dealt differently (with three
    players, possibly from the cards set aside)."""
    other = st.copy()
    hidden = st.size - st.revealed
    for _ in range(50):
        drawn = tuple(rng.sample(unseen_cards(st), hidden))
        if drawn != st.board.towns[st.revealed:]:
            other.board = Board.of(tuple(st.board.towns[: st.revealed]) + drawn)
            break
    return other
