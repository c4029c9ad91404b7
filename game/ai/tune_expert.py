"""The evaluation's weights tuned in the expert's own games: ``python -m game tune
--against expert-1`` (or ``--against expert-1,hard``: a field of rivals, deal by deal).

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

Weights tuned against expert-1 alone learn what beats expert-1's plans, and brought
nothing against three hard players (docs/ai.md). With several rivals named, the deals
take them in turn (each rival filling every other seat of its deal, and meeting the
expert in every seat in turn), so what the weights learn must hold against all of them.

Weights tuned with the weights' own estimate of the turns left lean on it, and it is
far short of the games: read with a fitted table of the turns left, those weights
played far weaker (docs/ai.md). ``--turns FILE`` has the expert of the tuner's games
read the table, so the weights are tuned with the horizon they are to be played with.
"""

from __future__ import annotations

import argparse
from functools import lru_cache
from pathlib import Path
from typing import Any

from .base import PlanningPlayer
from .expert1 import EXPERT_PLAYOUTS, Expert1Player
from .players import ExpertPlayer, HardPlayer
from .tournament import turns_file
from .tune import TUNED_FILES, Measure, build, play_game
from .tune import run_args as run_planner_tuning
from .value import TURNS_FILES, ValueModel

__all__ = ["RIVALS", "Task", "against", "expert_game", "out_file", "parse_rivals", "run_args"]

#: The players the expert can be tuned against; both take the search's budget knobs.
RIVALS: dict[str, type[PlanningPlayer]] = {"expert-1": Expert1Player, "hard": HardPlayer}


def out_file(players: int) -> Path:
    """Where a run in the expert's own games at a table of ``players`` writes its
    weights: the file the expert reads at that table size."""
    return TUNED_FILES[players]


def parse_rivals(text: str) -> tuple[str, ...]:
    """``--against``'s value: rivals' names, comma-separated, each one of ``RIVALS``."""
    names = tuple(name.strip() for name in text.split(","))
    unknown = [name for name in names if name not in RIVALS]
    if unknown:
        raise ValueError(f"--against names no rival we know ({text!r}): "
                         f"give one or more of {', '.join(RIVALS)}, comma-separated")
    return names


Task = tuple[list[float], int, str, int, str, dict[str, Any], str | None, bool]


@lru_cache(maxsize=4)
def _turns(path: str) -> ValueModel:
    # read once in each worker process, not once a game
    return turns_file(path)


def expert_game(task: Task) -> float:
    """One game on ``deal`` at a table of ``n``: the expert with the weights ``x`` in
    ``seat`` (and the turns left read from the fitted table at ``turns``, if named),
    the ``rival`` everywhere else, all with the search's ``knobs`` (none: the real
    budget); the expert's win share plus ``SCORE_SHARE`` of its score, or with ``lead``
    of its lead over the best other player (nothing for a game that does not end)."""
    x, seat, deal, n, rival, knobs, turns, lead = task
    players: list[PlanningPlayer] = [RIVALS[rival](f"{deal}:{s}", **knobs) for s in range(n)]
    # the budget the weights were tuned at, expert-1's, unless the knobs name one: a
    # run's command plays the same games it always did (the program's expert spends more)
    budget = {"playouts": EXPERT_PLAYOUTS, **knobs}
    players[seat] = ExpertPlayer(f"{deal}:{seat}", weights=build(x), tuned_from=n,
                                 turns=None if turns is None else _turns(turns), **budget)
    return play_game(deal, players, [0 if s == seat else 1 for s in range(n)], lead)[0]


def against(deals: int, seed: int, n: int, knobs: dict[str, Any] | None = None,
            rivals: tuple[str, ...] = ("expert-1",), turns: str | None = None,
            lead: bool = False) -> Measure:
    """An iteration's games: ``deals`` deals at a table of ``n``, each played twice from
    the same seat, once by each side; the seat turns with the deals, and the rival
    with each turn of the seats, so every rival meets the expert in every seat.
    ``turns``: a fitted table of the turns left the expert reads (``turns=FILE``),
    so the weights are tuned with the horizon they will be played with. ``lead``: a
    game counts the expert's lead over the best other player, not its score."""
    knobs = knobs or {}

    def measure(pool: Any, plus: list[float], minus: list[float], k: int) -> float:
        tasks: list[Task] = []
        for j in range(deals):
            g = k * deals + j
            deal, seat, rival = f"tune-expert:{seed}:{k}:{j}", g % n, rivals[g // n % len(rivals)]
            tasks += [(plus, seat, deal, n, rival, knobs, turns, lead),
                      (minus, seat, deal, n, rival, knobs, turns, lead)]
        results = (pool.map(expert_game, tasks) if pool is not None
                   else [expert_game(t) for t in tasks])
        return sum(results[0::2]) / deals - sum(results[1::2]) / deals
    return measure


def _same_table_as_the_program(n: int, turns: str | None) -> None:
    """The weights the program's expert reads are tuned with the table of the turns
    left it reads beside them at that size (``TURNS_FILES``), or with none where it
    reads none: weights tuned with one horizon played with another measured far weaker
    (docs/ai.md). Anything else is a candidate, written with ``--out``."""
    shipped = TURNS_FILES.get(n)
    table = out_file(n).with_name(shipped) if shipped else None
    if table is None and turns:
        raise SystemExit(f"the expert at a table of {n} reads no table of the turns left: "
                         "write these weights elsewhere with --out")
    if table is not None and (not turns or Path(turns).resolve() != table.resolve()):
        raise SystemExit(f"the expert at a table of {n} reads the turns left from {table}: "
                         "give --turns with that file, or write elsewhere with --out")


def run_args(args: argparse.Namespace) -> int:
    """``python -m game tune``: against the rivals ``--against`` names, else the
    planners' own games (``tune.run_args``)."""
    turns = args.turns
    if not args.against:
        if turns:
            raise SystemExit("--turns is read by the expert: give --against too")
        if args.objective != "score":
            raise SystemExit("--objective is for the expert's games: give --against too")
        return run_planner_tuning(args)
    if args.players == "both":
        raise SystemExit("--against tunes for one table size: give --players 3 or 4")
    n = int(args.players)
    try:
        rivals = parse_rivals(args.against)
    except ValueError as error:
        raise SystemExit(str(error)) from None
    if turns:
        try:
            turns_file(turns, "--turns ")   # a bad file is one sentence now, not an hour in
        except ValueError as error:
            raise SystemExit(str(error)) from None
    if args.out is None:
        _same_table_as_the_program(n, turns)
        args.out = str(out_file(n))
    args.against = ",".join(rivals)   # the weights' file names them as the command would
    measure = against(args.deals, args.seed, n, rivals=rivals, turns=turns,
                      lead=args.objective == "lead")
    return run_planner_tuning(args, measure=measure,
                              checkpoint=Path(args.out).with_suffix(".partial.json"))
