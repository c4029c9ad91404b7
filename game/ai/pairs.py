"""Paired playouts: what a turn's choice is worth, for fitting the expert's evaluation.

Fitting asset weights to the outcomes of whole games (``fit.fit_weights``) learns
what *goes with* winning among players who all play alike, not what a choice brings:
a player who holds goods at the start of its turn had not sold them, so goods looked
costly, and the planner that used those weights stopped loading cargo. The samples
here answer the question a planner asks. From a position of a self-played game, the
player to move's best few plans (the medium planner's, with different first steps)
are each played, on the same deal of the unseen towns, and the game is then played to
its end by the same policy for every seat, the same way after each plan: so the
plans differ in nothing but the choice, and so do their outcomes. The assets each
plan leaves at the end of the turn are fitted to the final score each one led to,
within the position (``fit_choices``: least squares on the differences from the
position's mean, so whatever the plans share cancels).

Repeatable: the positions, the deals and the plans come from a seeded generator, and
the policy is deterministic.
"""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..record import parse_record, replay_states
from ..rules import apply
from ..state import State
from .evaluate import info_of
from .planner import TurnPlanner
from .players import ROLLOUT_CONFIG
from .value import ASSETS, BASES, STOCK_CAP, ValueModel, assets, bases, solve
from .view import determinize, seat_view

__all__ = ["Choice", "fit_choices", "play_choices", "read_choices", "write_choices"]

MAX_TURNS = 400  # a playout longer than any game is cut (it never happens in practice)


@dataclass(slots=True)
class Choice:
    """One plan tried at one position: what it left and what came of it."""

    position: int          # which position (plans of one position are compared)
    players: int
    key: tuple[int, int, int, int]  # the turns-left table's key after the plan
    final_round: bool
    exact_turns: float     # turns left when the end is known, else -1
    score: int             # the mover's score at the end of the plan's turn
    assets: list[float]    # its assets then (``value.ASSETS``)
    final: int             # its final score
    margin: float          # its final score less the best other's


def _turns_key(st: State, seat: int) -> tuple[tuple[int, int, int, int], bool, float]:
    n = st.n
    to_move = st.active
    ahead = (seat - to_move) % n
    stocks = sorted(st.stock)
    key = (n, st.size - st.revealed, min(stocks[1], STOCK_CAP), ahead)
    if st.last_seat < 0:
        return key, False, -1.0
    last = st.last_seat
    exact = 1.0 if ahead <= (last - to_move) % n and to_move != (last + 1) % n else 0.0
    return key, True, 0.0 if st.over else exact


def play_choices(texts: Iterable[str], per_game: int, seed: str, plans: int = 4
                 ) -> list[Choice]:
    """Try the best ``plans`` plans at ``per_game`` positions of each game and play
    each to the end (see the module docstring)."""
    rng = random.Random(seed)
    planner = TurnPlanner(ROLLOUT_CONFIG)
    policy = TurnPlanner(ROLLOUT_CONFIG)
    out: list[Choice] = []
    position = 0
    for text in texts:
        states = replay_states(parse_record(text))
        starts = [s for s, before in zip(states[1:], states, strict=False)
                  if before.active != s.active and not s.over and s.last_seat < 0]
        for st in rng.sample(starts, min(per_game, len(starts))):
            seat = st.active
            world = determinize(seat_view(st), rng)
            ranked = planner.ranked_plans(world, plans)
            if len(ranked) < 2:
                continue
            for _, plan in ranked:
                s = world
                for step in plan:
                    s = apply(s, step)
                    if s.over:
                        break
                after = s
                turns = 0
                while not s.over and turns < MAX_TURNS:
                    for step in policy.plan(s):
                        s = apply(s, step)
                        if s.over:
                            break
                    turns += 1
                if not s.over:
                    continue
                scores = s.scores or []
                key, final_round, exact = _turns_key(after, seat)
                score, a = assets(after, seat, info_of(after))
                out.append(Choice(position, st.n, key, final_round, exact, score, a,
                                  scores[seat], scores[seat] - max(
                                      v for i, v in enumerate(scores) if i != seat)))
            position += 1
    return out


def write_choices(choices: list[Choice], path: str | Path) -> None:
    lines = [json.dumps([c.position, c.players, list(c.key), c.final_round, c.exact_turns,
                         c.score, [round(x, 4) for x in c.assets], c.final, c.margin])
             for c in choices]
    Path(path).write_bytes(gzip.compress(("\n".join(lines) + "\n").encode("utf-8"), 9,
                                         mtime=0))


def read_choices(path: str | Path) -> list[Choice]:
    out = []
    for line in gzip.decompress(Path(path).read_bytes()).decode("utf-8").splitlines():
        if line.strip():
            p, n, key, fr, exact, score, a, final, margin = json.loads(line)
            out.append(Choice(p, n, tuple(key), fr, exact, score, a, final, margin))
    return out


def fit_choices(choices: list[Choice], model: ValueModel, players: int,
                ridge: float = 1.0, target: str = "final"
                ) -> tuple[tuple[float, ...], ...]:
    """Asset weights (per base) for ``players`` players: the final score (or the
    margin over the best other) each plan led to, less the score it left, fitted
    within each position to the assets it left times the bases of its turns left."""
    size = len(ASSETS) * len(BASES)
    nb = len(BASES)
    groups: dict[int, list[tuple[dict[int, float], float]]] = {}
    for c in choices:
        if c.players != players:
            continue
        t = c.exact_turns if c.final_round else model.turns.get(c.key, 0.0)
        y = (c.final if target == "final" else c.margin) - c.score
        feats: dict[int, float] = {}
        if t > 0.0:
            b = bases(t)
            for k, x in enumerate(c.assets):
                if x:
                    for j, bj in enumerate(b):
                        if bj:
                            feats[k * nb + j] = x * bj
        groups.setdefault(c.position, []).append((feats, float(y)))
    xtx = [[0.0] * size for _ in range(size)]
    xty = [0.0] * size
    for group in groups.values():
        if len(group) < 2:
            continue
        m = len(group)
        mean_y = sum(y for _, y in group) / m
        mean_x: dict[int, float] = {}
        for feats, _ in group:
            for i, x in feats.items():
                mean_x[i] = mean_x.get(i, 0.0) + x / m
        for feats, y in group:
            d = {i: feats.get(i, 0.0) - mx for i, mx in mean_x.items()}
            d = {i: v for i, v in d.items() if v}
            dy = y - mean_y
            for i, xi in d.items():
                xty[i] += xi * dy
                row = xtx[i]
                for j, xj in d.items():
                    row[j] += xi * xj
    for i in range(size):
        xtx[i][i] += ridge
    w = solve(xtx, xty)
    return tuple(tuple(w[k * nb + j] for j in range(nb)) for k in range(len(ASSETS)))
