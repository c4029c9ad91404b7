"""The evaluation's weights tuned by self-play: ``python -m game tune``.

The hand-set weights (``evaluate.MEDIUM_WEIGHTS``) say what a position is worth to
every level that plans. Fitting them to what *goes with* winning in recorded games
(``fit``) taught them the wrong lessons (a planner on those weights stopped loading
cargo), so here they are tuned on what they *do*: two sets of weights play each other
and the one that wins more is moved towards. That is SPSA (simultaneous perturbation
stochastic approximation, Spall 1992), the way chess engines tune their evaluations
from self-play: every iteration perturbs every weight at once by a random sign, plays
the plus side against the minus side on a few deals, and steps along the signs by how
much better the plus side did. It needs no gradient and no recorded data; its data are
the games it plays, dealt from its seed, so the same command gives the same weights.

A game here is played by the turn planner at medium's width with each seat's own
weights: a few milliseconds a decision, so thousands of games an hour on two cores.
Each deal is played twice with the seats swapped (four players: plus, minus, plus,
minus and the other way round; three: plus, minus, plus against minus, plus, minus),
so the deal's luck and the seats' cancel out. A side's result is its seats' mean win
share plus a little of their mean score (``SCORE_SHARE``), which tells more from each
game than the win alone.

Weights are tuned on a log scale (each is its hand-set value times ``exp(x)``), so a
step means the same for a weight of 0.03 and one of 6, and a weight never changes sign;
zero weights stay zero. The result goes to ``game/data/tuned-weights.json`` with the
command that made it and a trace of the run.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..deal import deal_towns
from ..rules import apply
from ..state import State
from ..steps import Step
from .base import PlanningPlayer
from .evaluate import MEDIUM_WEIGHTS, Weights
from .planner import PlannerConfig, TurnPlanner

__all__ = ["TUNED_FILE", "TUNED_FILES", "TUNED_PARAMETERS", "Measure", "WeightedPlayer",
           "add_arguments", "beyond_chance", "build", "load_tuned", "match",
           "planner_games", "play_game", "read_checkpoint", "run_args", "tune"]

TUNED_FILE = Path(__file__).resolve().parent.parent / "data" / "tuned-weights.json"
#: The expert's weights for each table size, tuned in its own games (``tune_expert``);
#: ``TUNED_FILE``'s, tuned in the planners' games, are medium-tuned's.
TUNED_FILES = {n: TUNED_FILE.with_name(f"tuned-weights-{n}-expert.json") for n in (3, 4)}
SCORE_SHARE = 0.05     # a point of mean score counts this much of a win
LIMIT = 1.6            # a weight moves at most by a factor exp(1.6), about 5
NAMES = ("Red", "Blue", "Green", "Yellow")
MAX_STEPS = 3000
#: How often a player of the tuner's games takes its second-best plan: without it
#: the planners' games barely depend on the deal (the same seat won every one).
DEVIATE = 0.3

# The weights tuned: every float of ``Weights`` that is not zero, tuples by position.
TUNED_PARAMETERS: tuple[tuple[str, int], ...] = tuple(
    (f.name, i)
    for f in fields(Weights)
    if isinstance(getattr(MEDIUM_WEIGHTS, f.name), (float, tuple))
    for i, v in (enumerate(getattr(MEDIUM_WEIGHTS, f.name))
                 if isinstance(getattr(MEDIUM_WEIGHTS, f.name), tuple)
                 else [(-1, getattr(MEDIUM_WEIGHTS, f.name))])
    if v
)


def build(x: Sequence[float], base: Weights = MEDIUM_WEIGHTS) -> Weights:
    """The weights ``base`` with each tuned one multiplied by ``exp(x[k])``."""
    changed: dict[str, Any] = {}
    for (name, index), step in zip(TUNED_PARAMETERS, x, strict=True):
        factor = math.exp(step)
        if index < 0:
            changed[name] = getattr(base, name) * factor
        else:
            values = list(changed.get(name, getattr(base, name)))
            values[index] = values[index] * factor
            changed[name] = tuple(values)
    return replace(base, **changed)


def tuned_vector(path: Path) -> list[float]:
    """The vector a run of ``python -m game tune`` wrote in ``path`` (its ``x``), one
    log-factor a tuned parameter: what the expert plays and what ``--start`` goes on from."""
    data = json.loads(path.read_text("utf-8"))
    x = [float(v) for v in data["x"]]
    if len(x) != len(TUNED_PARAMETERS):
        raise ValueError(f"{path} holds {len(x)} weights, not {len(TUNED_PARAMETERS)}")
    return x


@lru_cache(maxsize=4)
def load_tuned(path: Path = TUNED_FILE) -> Weights:
    """The tuned weights kept in the repository (``python -m game tune`` wrote them);
    read once (every Hint makes an expert)."""
    return build(tuned_vector(path))


class WeightedPlayer(PlanningPlayer):
    """Medium's planner with weights of its own (the tuner's players)."""

    level = "weighted"

    def __init__(self, seed: int | str | None = None, weights: Weights = MEDIUM_WEIGHTS,
                 deviate: float = 0.0) -> None:
        super().__init__(seed)
        self.planner = TurnPlanner(PlannerConfig(weights=weights, beam=4, voyages=3,
                                                 combo_tries=8))
        self.deviate = deviate

    def make_plan(self, st: State, view: State) -> list[Step]:
        if self.deviate and self.rng.random() < self.deviate:
            return self.planner.ranked_plans(view, 2)[-1][1]
        return self.planner.plan(view)


def _result(st: State, sides: Sequence[int], lead: bool = False) -> tuple[float, float]:
    """Each side's mean win share plus ``SCORE_SHARE`` of its mean score, or with
    ``lead`` of its seats' mean lead over the best other player (a seat's score less the
    highest of the others'): where wins are already frequent, the score's part rewards
    scoring more at the cost of wins, and the lead's does not."""
    scores = st.scores or [0] * st.n
    winners = st.winners or []
    out = []
    for side in (0, 1):
        seats = [s for s in range(st.n) if sides[s] == side]
        win = sum(1.0 / len(winners) for s in seats if s in winners) / len(seats)
        if lead:
            points = sum(scores[s] - max(scores[t] for t in range(st.n) if t != s)
                         for s in seats)
        else:
            points = sum(scores[s] for s in seats)
        out.append(win + SCORE_SHARE * points / len(seats))
    return out[0], out[1]


def play_game(deal: str, players: Sequence[PlanningPlayer],
              sides: Sequence[int], lead: bool = False) -> tuple[float, float]:
    """One game on ``deal`` between ``players``, seat s on side ``sides[s]``: each
    side's result (``_result``), nothing for a game that does not end."""
    n = len(players)
    st = State.start(NAMES[:n], deal_towns(n, deal))
    steps = 0
    while not st.over and steps < MAX_STEPS:
        st = apply(st, players[st.active].choose(st))
        steps += 1
    if not st.over:
        return 0.0, 0.0
    return _result(st, sides, lead)


def play(weights: Sequence[Weights], sides: Sequence[int], deal: str) -> tuple[float, float]:
    """One game on ``deal``; seat s plays with ``weights[sides[s]]``."""
    players = [WeightedPlayer(f"{deal}:{s}", weights[side], DEVIATE)
               for s, side in enumerate(sides)]
    return play_game(deal, players, sides)


def match(task: tuple[list[float], list[float], str, int]) -> float:
    """How much better the first weights did than the second on one deal, played
    from both sides (four players on even deals, three on odd ones)."""
    plus, minus, deal, n = task
    weights = [build(plus), build(minus)]
    order = [0, 1, 0, 1][:n]
    swapped = [1 - s for s in order]
    a_first, b_first = play(weights, order, deal)
    b_second, a_second = play(weights, swapped, deal)[::-1]
    return (a_first - b_first + a_second - b_second) / 2.0


#: How one iteration measures the plus side against the minus side: given the pool of
#: workers (or None), the two vectors and the iteration, the plus side's mean margin.
Measure = Callable[[Any, list[float], list[float], int], float]


def planner_games(deals: int, seed: int, players: Sequence[int]) -> Measure:
    """The tuner's own games: medium planners, each deal played from both sides."""
    def measure(pool: Any, plus: list[float], minus: list[float], k: int) -> float:
        tasks = [(plus, minus, f"tune:{seed}:{k}:{j}", players[j % len(players)])
                 for j in range(deals)]
        results = pool.map(match, tasks) if pool is not None else [match(t) for t in tasks]
        return sum(results) / len(results)
    return measure


def tune(iterations: int, deals: int, seed: int, jobs: int = 1, *, a: float = 0.5,
         c: float = 0.2, progress: bool = False, start: Sequence[float] | None = None,
         players: Sequence[int] = (4, 3), measure: Measure | None = None,
         checkpoint: Path | None = None, run: str = "",
         resume: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run SPSA and return the tuned vector with a trace of the run; ``start``, the
    vector to go on from (a run before), else the hand-set weights; ``players``, the
    table sizes the deals take in turn; ``measure``, the games an iteration plays (the
    planners' own, ``planner_games``, unless another is given). ``checkpoint``: a file
    rewritten after every iteration with where the run named ``run`` has got to;
    ``resume``: such a file's contents, to go on from where it stopped, so that a run
    longer than a sitting ends exactly as it would have uninterrupted."""
    if measure is None:
        measure = planner_games(deals, seed, players)
    rng = random.Random(seed)
    d = len(TUNED_PARAMETERS)
    x = [0.0] * d if start is None else [float(v) for v in start]
    if len(x) != d:
        raise ValueError(f"a start of {len(x)} weights, not {d}")
    stability = max(1, iterations // 10)
    trace: list[dict[str, Any]] = []
    margins: list[float] = []
    done, earlier = 0, 0.0
    if resume is not None:
        done, earlier = int(resume["iteration"]), float(resume["seconds"])
        x = [float(v) for v in resume["x"]]
        margins, trace = [float(v) for v in resume["margins"]], list(resume["trace"])
        for _ in range(done * d):
            rng.choice((-1.0, 1.0))   # the signs the run had drawn already
    pool = None
    if jobs > 1:
        from multiprocessing import Pool

        pool = Pool(jobs)
    began = time.perf_counter() - earlier
    try:
        for k in range(done, iterations):
            ak, ck = _gains(k, a, c, stability)
            delta = [rng.choice((-1.0, 1.0)) for _ in range(d)]
            plus = [xi + ck * di for xi, di in zip(x, delta, strict=True)]
            minus = [xi - ck * di for xi, di in zip(x, delta, strict=True)]
            diff = measure(pool, plus, minus, k)
            x = [max(-LIMIT, min(LIMIT, xi + ak * diff / (2 * ck) * di))
                 for xi, di in zip(x, delta, strict=True)]
            margins.append(diff)
            if progress and (k + 1) % 25 == 0:
                recent = margins[-25:]
                print(f"  {k + 1}/{iterations} iterations, {time.perf_counter() - began:.0f} s, "
                      f"|x| {math.sqrt(sum(v * v for v in x)):.3f}, "
                      f"plus side ahead by {sum(recent) / len(recent):+.3f}",
                      file=sys.stderr, flush=True)
            if (k + 1) % max(1, iterations // 20) == 0:
                trace.append({"iteration": k + 1, "x": [round(v, 4) for v in x]})
            if checkpoint is not None:
                # a long run can be stopped and still leave where it had got to
                checkpoint.write_text(json.dumps({
                    "run": run, "iteration": k + 1, "x": x,
                    "margins": margins, "trace": trace,
                    "seconds": time.perf_counter() - began}) + "\n", "utf-8")
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return {"x": [round(v, 5) for v in x], "trace": trace,
            "seconds": round(time.perf_counter() - began),
            "chance": round(_walk(margins, a, c, stability), 5)}


def _gains(k: int, a: float, c: float, stability: int) -> tuple[float, float]:
    """SPSA's step and perturbation at iteration ``k`` (Spall's decaying gains)."""
    return a / (k + 1 + stability) ** 0.602, c / (k + 1) ** 0.101


def _walk(margins: Sequence[float], a: float, c: float, stability: int) -> float:
    """Every weight takes every iteration's step with a random sign: the root of the
    summed squared steps is how far a weight that changed no game would have walked by
    chance alone."""
    total = 0.0
    for k, diff in enumerate(margins):
        ak, ck = _gains(k, a, c, stability)
        total += (ak * diff / (2 * ck)) ** 2
    return math.sqrt(total)


def beyond_chance(start: Sequence[float] | None, x: Sequence[float], chance: float) -> int:
    """How many weights moved further than twice a run's walk by chance alone
    (``tune``'s ``chance``): a rough count of what the run learnt rather than drew."""
    begin = start if start is not None else [0.0] * len(x)
    return sum(abs(v - s) > 2 * chance for s, v in zip(begin, x, strict=True))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--iterations", type=int, default=1200)
    parser.add_argument("--deals", type=int, default=16,
                        help="deals per iteration, each played from both sides")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--step", type=float, default=0.5, help="SPSA's a")
    parser.add_argument("--perturbation", type=float, default=0.2, help="SPSA's c")
    parser.add_argument("--out", default=None,
                        help="where to write the weights (default: the file the expert reads)")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--players", choices=("3", "4", "both"), default="both",
                        help="the table size of the tuner's games (both: 4 and 3 in turn)")
    parser.add_argument("--start", metavar="FILE",
                        help="go on from the weights of an earlier run (its JSON file)")
    parser.add_argument("--against", metavar="RIVALS",
                        help="tune in the expert's own games against these rivals, "
                             "comma-separated, deal by deal: expert-1, hard "
                             "(one table size, hours rather than minutes)")
    parser.add_argument("--turns", metavar="FILE",
                        help="with --against: the expert reads the turns left from this "
                             "fitted table (python -m game fit --out), as turns=FILE does")
    parser.add_argument("--objective", choices=("score", "lead"), default="score",
                        help="with --against: what a game adds to a win besides "
                             "(score: the expert's score; lead: its lead over the best "
                             "other player)")
    parser.add_argument("--resume", action="store_true",
                        help="with --against: go on from where the same command stopped "
                             "(its .partial.json beside --out)")


def read_checkpoint(path: Path, run: str) -> dict[str, Any]:
    """Where the run ``run`` (its command) had got to, from its checkpoint; one sentence
    (``SystemExit``) if there is none or it is another run's."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise SystemExit(f"no run to go on from at {path}: run the command without "
                         "--resume") from None
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise SystemExit(f"{path} cannot be read as a run's checkpoint ({error})") from None
    kept = ("run", "iteration", "x", "margins", "trace", "seconds")
    if not isinstance(data, dict) or any(key not in data for key in kept):
        raise SystemExit(f"{path} holds no run to go on from (left before runs could go on, "
                         "or damaged): start afresh without --resume")
    if data["run"] != run:
        raise SystemExit(f"{path} was left by another command than this one "
                         f"({data['run']!r}): give the same command with --resume, "
                         "or start afresh without it")
    return data


def run_args(args: argparse.Namespace, measure: Measure | None = None,
             checkpoint: Path | None = None) -> int:
    """Tune and write the weights with the command that made them; ``measure``, the
    games an iteration plays when they are not the planners' own (``tune_expert``)."""
    out = Path(args.out) if args.out else TUNED_FILE
    turns = args.turns
    start = None
    if args.start:
        start = tuned_vector(Path(args.start))
    players = (4, 3) if args.players == "both" else (int(args.players),)
    command = (f"python -m game tune --iterations {args.iterations} --deals {args.deals} "
               f"--seed {args.seed} --step {args.step} --perturbation {args.perturbation}"
               + (f" --players {args.players}" if args.players != "both" else "")
               + (f" --start {args.start}" if args.start else "")
               + (f" --against {args.against}" if args.against else "")
               + (f" --turns {turns}" if turns else "")
               + (f" --objective {args.objective}" if args.objective != "score" else ""))
    resume = None
    if args.resume:
        if checkpoint is None:
            raise SystemExit("only a run with --against keeps a checkpoint to go on from")
        resume = read_checkpoint(checkpoint, command)
    result = tune(args.iterations, args.deals, args.seed, args.jobs, a=args.step,
                  c=args.perturbation, progress=args.progress, start=start, players=players,
                  measure=measure, checkpoint=checkpoint, run=command, resume=resume)
    w = build(result["x"])
    names = [name if index < 0 else f"{name}[{index}]" for name, index in TUNED_PARAMETERS]
    data = {
        "command": command,
        "against": args.against,
        "turns": turns,
        "players": list(players),
        "start": start,
        "parameters": names,
        "x": result["x"],
        "weights": {f.name: getattr(w, f.name) for f in fields(Weights)},
        "seconds": result["seconds"],
        "chance": result["chance"],
        "trace": result["trace"],
    }
    out.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    for name, v in zip(names, result["x"], strict=True):
        print(f"{name:22} x {math.exp(v):5.2f}")
    chance = result["chance"]
    print(f"by chance alone a weight would have moved x {math.exp(-chance):.2f} to "
          f"x {math.exp(chance):.2f}; {beyond_chance(start, result['x'], chance)} of "
          f"{len(names)} moved more than twice as far")
    print(f"wrote {out} ({result['seconds']} s)")
    return 0
