"""The evaluation's weights tuned in the expert's own games: ``python -m game tune
--against expert-1``.

The tuner's own games (``tune``) are medium planners' games, a few milliseconds a
decision. The weights they teach fit those games and not the expert's: at a table of
three the planners race for India, and weights tuned there made the expert race too and
win no more than an even share against expert-1 (docs/ai.md). So here each iteration's
games are the expert's own: on every deal the expert plays one seat with the plus side's
weights (its plans, its own turns in playouts and the positions it judges), and again,
from the same seat with the same seeds, with the minus side's, against expert-1 in every
other seat. The plus side's margin is what the expert with them gains over the minus
side's against the very rival the goal is measured against. It is SPSA as in ``tune``
(the same steps, the same log scale), only each game costs a few seconds instead of a
few tenths, so a run is hours where ``tune``'s is minutes.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .base import PlanningPlayer
from .expert1 import Expert1Player
from .players import ExpertPlayer
from .tune import TUNED_FILES, Measure, build, play_game
from .tune import run_args as run_planner_tuning

__all__ = ["Task", "against", "expert_game", "out_file", "run_args"]


def out_file(players: int) -> Path:
    """Where a run against expert-1 at a table of ``players`` writes its weights."""
    return TUNED_FILES[players]


Task = tuple[list[float], int, str, int, dict[str, Any]]


def expert_game(task: Task) -> float:
    """One game on ``deal`` at a table of ``n``: the expert with the weights ``x`` in
    ``seat``, expert-1 everywhere else, all with the search's ``knobs`` (none: the
    real budget); the expert's win share plus ``SCORE_SHARE`` of its score (nothing
    for a game that does not end)."""
    x, seat, deal, n, knobs = task
    players: list[PlanningPlayer] = [Expert1Player(f"{deal}:{s}", **knobs) for s in range(n)]
    players[seat] = ExpertPlayer(f"{deal}:{seat}", weights=build(x), tuned_from=n, **knobs)
    return play_game(deal, players, [0 if s == seat else 1 for s in range(n)])[0]


def against(deals: int, seed: int, n: int, knobs: dict[str, Any] | None = None) -> Measure:
    """An iteration's games: ``deals`` deals at a table of ``n``, each played twice from
    the same seat (the seat turning with the deals), once by each side."""
    knobs = knobs or {}

    def measure(pool: Any, plus: list[float], minus: list[float], k: int) -> float:
        tasks: list[Task] = []
        for j in range(deals):
            deal, seat = f"tune-expert:{seed}:{k}:{j}", (k * deals + j) % n
            tasks += [(plus, seat, deal, n, knobs), (minus, seat, deal, n, knobs)]
        results = (pool.map(expert_game, tasks) if pool is not None
                   else [expert_game(t) for t in tasks])
        return sum(results[0::2]) / deals - sum(results[1::2]) / deals
    return measure


def run_args(args: argparse.Namespace) -> int:
    """``python -m game tune``: against expert-1 when ``--against`` names it, else the
    planners' own games (``tune.run_args``)."""
    if not args.against:
        return run_planner_tuning(args)
    if args.players == "both":
        raise SystemExit("--against expert-1 tunes for one table size: give --players 3 or 4")
    n = int(args.players)
    if args.out is None:
        args.out = str(out_file(n))
    return run_planner_tuning(args, measure=against(args.deals, args.seed, n),
                              checkpoint=Path(args.out).with_suffix(".partial.json"))
