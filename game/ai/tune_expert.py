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

from ..deal import deal_towns
from ..rules import apply
from ..state import State
from .expert1 import Expert1Player
from .players import ExpertPlayer
from .tune import (
    MAX_STEPS,
    NAMES,
    SCORE_SHARE,
    TUNED_FILE,
    TUNED_FILES,
    Measure,
    build,
)
from .tune import (
    run_args as run_planner_tuning,
)

__all__ = ["RIVALS", "Task", "against", "expert_game", "out_file", "run_args"]

#: The rivals the expert's weights may be tuned against.
RIVALS = ("expert-1",)


def out_file(players: int) -> Path:
    """Where a run against expert-1 at a table of ``players`` writes its weights."""
    return TUNED_FILES.get(players) or TUNED_FILE.with_name(f"tuned-weights-{players}-expert.json")


Task = tuple[list[float], int, str, int, dict[str, Any]]


def expert_game(task: Task) -> float:
    """One game on ``deal`` at a table of ``n``: the expert with the weights ``x`` in
    ``seat``, expert-1 everywhere else, all with the search's ``knobs`` (none: the
    real budget); the expert's win share plus ``SCORE_SHARE`` of its score (nothing
    for a game that does not end)."""
    x, seat, deal, n, knobs = task
    st = State.start(NAMES[:n], deal_towns(n, deal))
    players: list[Any] = [Expert1Player(f"{deal}:{s}", **knobs) for s in range(n)]
    players[seat] = ExpertPlayer(f"{deal}:{seat}", weights=build(x), tuned_from=n, **knobs)
    steps = 0
    while not st.over and steps < MAX_STEPS:
        st = apply(st, players[st.active].choose(st))
        steps += 1
    if not st.over:
        return 0.0
    winners = st.winners or []
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share + SCORE_SHARE * (st.scores or [0] * n)[seat]


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
    if not getattr(args, "against", None):
        return run_planner_tuning(args)
    if args.players == "both":
        raise SystemExit("--against expert-1 tunes for one table size: give --players 3 or 4")
    n = int(args.players)
    if args.out is None:
        args.out = str(out_file(n))
    return run_planner_tuning(args, measure=against(args.deals, args.seed, n),
                              checkpoint=Path(args.out).with_suffix(".partial.json"))
