"""A careless but purposeful random player, and the engine benchmark built on it.

The benchmark is the figure the computer players live on: it plays whole 4-player
games choosing every step from the engine's own ``legal_steps`` listing, so it
measures listing the legal steps as well as applying them.
"""

from __future__ import annotations

import random
import time

from .rules import apply, legal_steps
from .state import AFTER_MOVE, State
from .steps import Step

NAMES = ("Ann", "Bea", "Cy", "Dan")


def careless_step(st: State, rng: random.Random) -> Step:
    """Mostly actions, rarely a free return, the turn ended once its points are spent."""
    steps = legal_steps(st)
    roll = rng.random()
    if st.phase == AFTER_MOVE:
        useful = [s for s in steps if s.kind in ("cargo", "map", "build")]
        if useful and roll < 0.75:
            return rng.choice(useful)
        return steps[-1]  # done
    if st.ap == 0:
        if roll < 0.9:
            return steps[-1]  # end
        return rng.choice(steps)
    if roll < 0.02:
        return rng.choice(steps)
    by_kind: dict[str, list[Step]] = {}
    for s in steps:
        if s.is_action:
            by_kind.setdefault(s.kind, []).append(s)
    if not by_kind:
        return steps[-1]
    return rng.choice(by_kind[rng.choice(list(by_kind))])


def random_game(seed: int, players: int = 4, max_steps: int = 5000) -> tuple[State, list[Step]]:
    """One whole game of careless play from a seeded deal."""
    from .deal import deal_towns

    rng = random.Random(seed)
    st = State.start(NAMES[:players], deal_towns(players, seed))
    played: list[Step] = []
    while not st.over and len(played) < max_steps:
        step = careless_step(st, rng)
        st = apply(st, step)
        played.append(step)
    return st, played


def bench(games: int = 200, seed: int = 1, players: int = 4) -> str:
    """Play ``games`` random games; returns the figure line."""
    steps = 0
    start = time.perf_counter()
    for g in range(games):
        _, played = random_game(seed * 100003 + g, players)
        steps += len(played)
    elapsed = time.perf_counter() - start
    return (f"games/s: {games / elapsed:.1f}  steps/s: {steps / elapsed:.0f}  "
            f"steps/game: {steps / games:.0f}")
