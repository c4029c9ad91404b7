"""Computer-only games between the levels: ``python -m game tournament``.

This is how the levels are measured against each other (expert must beat hard,
hard must beat medium, medium must beat easy) and how a refused step by a computer
player would show up. Each game is dealt from the tournament seed and the game
number; the levels are rotated over the seats from one game to the next, so every
level plays every seat equally often. A step the engine refuses is counted and
replaced by ``end`` (or ``done``) so the game can go on; the count is printed and
must be zero. Win rates and mean scores come with 95% intervals; the games are
described too (rounds per game, the winner's mean score, how often India or the
stocks ended them), so one can see whether they look like people's games.

It is also the benchmark of the players' thinking: the think time of every
decision (median, 95th percentile and maximum per level) and how many decisions
the hard and expert players' wall-clock safety nets cut short (it should be none:
they think within a fixed budget of playouts, see ``players.HardPlayer``, ``expert1``
and ``expert``, so only the cut decisions depend on the machine).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..deal import deal_towns
from ..listing import legal_steps
from ..record import write_record
from ..rules import apply
from ..state import AFTER_MOVE, State
from ..steps import IllegalStep, Step
from .base import Player
from .evaluate import Weights
from .players import BASELINES, EXPERIMENTS, LEVELS, make_player
from .tune import load_tuned
from .value import ValueModel

__all__ = ["GameResult", "ahead", "head_to_head", "main", "play_game", "run"]

NAMES = ("Red", "Blue", "Green", "Yellow")
MAX_STEPS = 4000


@dataclass(slots=True)
class GameResult:
    """One finished (or abandoned) game: levels by seat, scores, winners, counts."""

    levels: list[str]
    scores: list[int]
    winners: list[int]
    refusals: int = 0
    finished: bool = True
    steps: int = 0
    turns: int = 0
    think: dict[str, list[float]] = field(default_factory=dict)
    capped: dict[str, int] = field(default_factory=dict)  # levels with a safety cap only
    ended_by: str = ""  # what triggered the end: "india" or "stock" ("" if unfinished)
    record: str = ""    # the game as a record (its deal, seed and seats in the header)
    deal: str = ""      # the games of one deal are not independent: intervals group by it


def seat_levels(levels: Sequence[str], game: int) -> list[str]:
    """The levels by seat in game ``game``: rotated one seat per game."""
    n = len(levels)
    r = game % n
    return list(levels[r:]) + list(levels[:r])


def weights_file(text: str) -> Weights:
    """The weights of a ``weights=FILE`` knob: a file ``python -m game tune`` wrote,
    so that weights not (yet) the expert's can be measured without taking its place."""
    try:
        return load_tuned(Path(text))
    except OSError as exc:
        raise ValueError(f"weights={text}: {exc.strerror or exc}") from exc
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"weights={text} is not a file of tuned weights "
                         "(the JSON python -m game tune writes)") from exc


def turns_file(text: str, named: str = "turns=") -> ValueModel:
    """The fitted evaluation of a ``turns=FILE`` knob (the JSON ``python -m game fit
    --out`` writes), whose table of the turns left the expert reads instead of its
    weights' estimate; ``named``, how the command the file came from names it."""
    try:
        return ValueModel.from_json(json.loads(Path(text).read_text("utf-8")))
    except OSError as exc:
        raise ValueError(f"{named}{text}: {exc.strerror or exc}") from exc
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{named}{text} is not a fitted evaluation "
                         "(the JSON python -m game fit writes)") from exc


def make_seat(label: str, seed: str) -> Player:
    """The player of a seat: a level's name, or a level with knobs changed for an
    experiment, ``expert-tree:iterations=80:explore=0.5`` or
    ``expert:weights=game/data/candidates/tuned-weights-4-field.json`` (reported
    under that label)."""
    level, *knobs = label.split(":")
    if not knobs:
        return make_player(level, seed)
    cls = type(make_player(level, seed))
    values: dict[str, float | int | bool | Weights | ValueModel] = {}
    for knob in knobs:
        name, _, text = knob.partition("=")
        if name == "weights":
            values[name] = weights_file(text)
            continue
        if name == "turns":
            values[name] = turns_file(text)
            continue
        number = float(text)
        values[name] = int(number) if number.is_integer() and "." not in text else number
    player = cls(seed, **values)
    player.level = label
    return player


def seat_known(label: str) -> bool:
    """Whether ``make_seat`` knows this seat's level (its knobs are checked when made)."""
    level = label.split(":")[0]
    return level in LEVELS or level in BASELINES or level in EXPERIMENTS


def play_game(levels: Sequence[str], seed: int, game: int,
              make: Callable[[str, str], Player] = make_seat,
              rotate_deals: bool = False) -> GameResult:
    """Play one computer-only game of the tournament (``make`` gives each seat its
    player from its level and seed; tests pass one with a smaller budget). With
    ``rotate_deals`` each deal is played once per seat rotation (games 0..n-1 share
    one deal, n..2n-1 the next...), so the deal's luck and the seats' cancel out."""
    order = seat_levels(levels, game)
    n = len(order)
    deal = f"{seed}:{game // n}:rotated" if rotate_deals else f"{seed}:{game}"
    st = State.start(NAMES[:n], deal_towns(n, deal))
    players = [make(level, f"{seed}:{game}:{seat}") for seat, level in enumerate(order)]
    think: dict[str, list[float]] = {level: [] for level in order}
    refusals = 0
    steps = 0
    ended_by = ""
    played: list[str] = []
    while not st.over and steps < MAX_STEPS:
        player = players[st.active]
        start = time.perf_counter()
        step = player.choose(st)
        think[player.level].append(time.perf_counter() - start)
        try:
            st = apply(st, step)
        except IllegalStep as exc:
            refusals += 1
            print(f"refused: game {game} seat {st.active} ({player.level}) {step}: {exc.reason}",
                  file=sys.stderr)
            step = Step("done") if st.phase == AFTER_MOVE else Step("end")
            try:
                st = apply(st, step)
            except IllegalStep:
                step = legal_steps(st)[-1]
                st = apply(st, step)
        played.append(str(step))
        steps += 1
        if not ended_by and st.last_seat >= 0:
            ended_by = "india" if st.india >= 0 else "stock"
    capped: dict[str, int] = {}
    for player in players:
        if hasattr(player, "capped_decisions"):
            capped[player.level] = capped.get(player.level, 0) + player.capped_decisions
    record = write_record(st.names, st.towns, played, st.variant,
                          [("Seed", deal), ("Seats", ", ".join(order))])
    if not st.over:
        return GameResult(order, [0] * n, [], refusals, False, steps, st.turn, think, capped,
                          "", record, deal)
    return GameResult(order, list(st.scores or []), list(st.winners or []), refusals, True,
                      steps, st.turn, think, capped, ended_by, record, deal)


def _play(args: tuple[tuple[str, ...], int, int, bool]) -> GameResult:
    levels, seed, game, rotate = args
    return play_game(levels, seed, game, rotate_deals=rotate)


def _keep(results: list[GameResult], res: GameResult, folder: Path | None, progress: bool,
          games: int) -> None:
    results.append(res)
    if folder is not None:
        (folder / f"game-{len(results):04d}.txt").write_text(res.record, "utf-8")
    if progress and len(results) % 10 == 0:
        print(f"  {len(results)}/{games} games", file=sys.stderr, flush=True)


def _interval(values: list[float], deals: Sequence[str] | None = None
              ) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation). With
    ``deals`` (each value's deal), the values of one deal count as one sample, not
    several: the seats of one game, or one deal played from every seat, share its
    luck, and counting them apart made the interval look narrower than it is (the
    cluster-robust variance of a mean; with one value a deal it is the usual one)."""
    m = len(values)
    mean = sum(values) / m
    if deals is None:
        deals = [str(i) for i in range(m)]
    groups: dict[str, float] = {}
    for value, deal in zip(values, deals, strict=True):
        groups[deal] = groups.get(deal, 0.0) + value - mean
    g = len(groups)
    if g < 2:
        return mean, float("nan")
    variance = g / (g - 1) * sum(e * e for e in groups.values()) / (m * m)
    return mean, 1.96 * math.sqrt(variance)


def deal_of(results: Sequence[GameResult]) -> list[str]:
    """Each game's deal, for the intervals (a game made without one is its own)."""
    return [r.deal or f"game {i}" for i, r in enumerate(results)]


def percentile(sorted_values: list[float], q: float) -> float:
    """The nearest-rank q-th percentile (0 < q <= 100) of values sorted ascending."""
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def run(levels: Sequence[str], games: int, seed: int = 1, jobs: int = 1,
        progress: bool = False, write: str | Path | None = None,
        rotate_deals: bool = False, minutes: float | None = None
        ) -> tuple[list[GameResult], list[str]]:
    """Play the games and return them with the report's lines; with ``write``, each
    game is also written into that folder as a record (``game-NNNN.txt``) as it ends.
    With ``minutes``, no game is waited for once that time has passed: the report is
    of the games finished by then (with ``rotate_deals``, of the deals played from
    every seat), and says so."""
    folder = None if write is None else Path(write)
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    tasks = [(tuple(levels), seed, g, rotate_deals) for g in range(games)]
    results: list[GameResult] = []
    start = time.perf_counter()
    stop = math.inf if minutes is None else start + 60.0 * minutes
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:  # left early, it stops the games still being played
            for res in pool.imap(_play, tasks):
                _keep(results, res, folder, progress, games)
                if time.perf_counter() > stop:
                    break
    else:
        for task in tasks:
            _keep(results, _play(task), folder, progress, games)
            if time.perf_counter() > stop:
                break
    elapsed = time.perf_counter() - start
    lines = []
    if len(results) < games:
        if rotate_deals:
            del results[len(results) - len(results) % len(levels):]
        lines.append(f"stopped after {minutes:g} minutes: {len(results)} of {games} games "
                     "reported" + (" (whole deals)" if rotate_deals else ""))
    out = report(levels, results, seed, elapsed)
    return results, out[:1] + lines + out[1:]


def report(levels: Sequence[str], results: list[GameResult], seed: int,
           elapsed: float) -> list[str]:
    n = len(levels)
    finished = [r for r in results if r.finished]
    refusals = sum(r.refusals for r in results)
    lines = [f"tournament: {len(results)} games, {n} players, seats {','.join(levels)}, "
             f"seed {seed} ({elapsed:.0f} s)"]
    wins: dict[str, list[float]] = {}
    scores: dict[str, list[float]] = {}
    deals: dict[str, list[str]] = {}
    think: dict[str, list[float]] = {}
    capped: dict[str, int] = {}
    of_deal = deal_of(finished)
    for r, deal in zip(finished, of_deal, strict=True):
        for seat, level in enumerate(r.levels):
            share = 1.0 / len(r.winners) if seat in r.winners else 0.0
            wins.setdefault(level, []).append(share)
            scores.setdefault(level, []).append(float(r.scores[seat]))
            deals.setdefault(level, []).append(deal)
    for r in results:
        for level, ts in r.think.items():
            think.setdefault(level, []).extend(ts)
        for level, count in r.capped.items():
            capped[level] = capped.get(level, 0) + count
    width = max(8, *(len(level) for level in levels))  # (a seat with knobs is long)
    lines.append(f"{'level':<{width}} {'seats':>5} {'win rate':>18} {'mean score':>16} "
                 f"{'think median':>12} {'p95':>8} {'max':>7}")
    for level in dict.fromkeys(levels):
        if level not in wins:
            continue
        w, wh = _interval(wins[level], deals[level])
        s, sh = _interval(scores[level], deals[level])
        ts = sorted(think.get(level, [0.0]))
        lines.append(f"{level:<{width}} {len(wins[level]):>5} {100 * w:>8.1f}% ± {100 * wh:>5.1f}% "
                     f"{s:>8.2f} ± {sh:>5.2f} {1000 * ts[len(ts) // 2]:>9.1f} ms "
                     f"{1000 * percentile(ts, 95):>5.0f} ms {1000 * ts[-1]:>5.0f} ms")
    if finished:
        rounds, rh = _interval([r.turns / n for r in finished], of_deal)
        lines.append(f"rounds per game: {rounds:.1f} ± {rh:.1f}")
        best, bh = _interval([float(max(r.scores)) for r in finished], of_deal)
        lines.append(f"winner's mean score: {best:.1f} ± {bh:.1f}")
        india = sum(1 for r in finished if r.ended_by == "india")
        lines.append(f"ended by India: {100 * india / len(finished):.0f}%, by stock: "
                     f"{100 * (len(finished) - india) / len(finished):.0f}%")
    lines.append(f"unfinished games: {len(results) - len(finished)}")
    lines.append(f"refused steps: {refusals}")
    if capped:
        lines.append("decisions cut short by the safety cap: " + ", ".join(
            f"{level} {capped[level]} of {len(think.get(level, []))}"
            for level in dict.fromkeys(levels) if level in capped))
    else:
        lines.append("decisions cut short by the safety cap: n/a (no level has one)")
    lines.extend(head_to_head(levels, finished))
    if "hard" in levels and finished:
        share = sum(1.0 / len(r.winners) for r in finished for seat, level in enumerate(r.levels)
                    if level == "hard" and seat in r.winners)
        lines.append(f"hard vs field: {100 * share / len(finished):.1f}%")
    else:
        lines.append("hard vs field: n/a")
    return lines


def ahead(r: GameResult, a: int, b: int) -> float:
    """Whether seat ``a`` finished ahead of seat ``b``: more points, or the win when
    their points are level (the tie-breaks), half each when nothing parts them."""
    if r.scores[a] != r.scores[b]:
        return 1.0 if r.scores[a] > r.scores[b] else 0.0
    won_a, won_b = a in r.winners, b in r.winners
    return 0.5 if won_a == won_b else float(won_a)


def head_to_head(levels: Sequence[str], finished: list[GameResult]) -> list[str]:
    """Each level against each, from the same games: how often a seat of the row's
    level finished ahead of a seat of the column's, with its 95% interval (meetings
    of two seats of one level are not counted)."""
    kinds = list(dict.fromkeys(levels))
    if len(kinds) < 2 or not finished:
        return []
    met: dict[tuple[str, str], list[float]] = {}
    where: dict[tuple[str, str], list[str]] = {}
    for r, deal in zip(finished, deal_of(finished), strict=True):
        for a, la in enumerate(r.levels):
            for b, lb in enumerate(r.levels):
                if la != lb:
                    met.setdefault((la, lb), []).append(ahead(r, a, b))
                    where.setdefault((la, lb), []).append(deal)
    cell = 15
    # a label too long for a column (a seat with knobs) is numbered: the rows name it
    numbered = any(len(k) >= cell for k in kinds)
    names = [f"{i} {k}" for i, k in enumerate(kinds, 1)] if numbered else kinds
    heads = [str(i) for i in range(1, len(kinds) + 1)] if numbered else kinds
    width = max(8, *(len(k) for k in names))
    lines = ["head to head (the row's seats ahead of the column's, % of their meetings):",
             " " * width + "".join(f"{k:>{cell}}" for k in heads)]
    for row, name in zip(kinds, names, strict=True):
        cells = []
        for col in kinds:
            if row == col or (row, col) not in met:
                cells.append(f"{'-':>{cell}}")
                continue
            m, h = _interval(met[row, col], where[row, col])
            cells.append(f"{f'{100 * m:.1f} ± {100 * h:.1f}':>{cell}}")
        lines.append(f"{name:<{width}}" + "".join(cells))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game tournament", description=__doc__)
    add_arguments(parser)
    return run_args(parser.parse_args(argv))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seats", default="hard,medium,easy,easy",
                        help="comma-separated levels, 3 or 4 of easy/medium/hard/expert, "
                             "the frozen expert-1 and the tree search expert-tree")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--progress", action="store_true", help="report progress on stderr")
    parser.add_argument("--write", metavar="DIR", help="also write each game as a record there")
    parser.add_argument("--rotate-deals", action="store_true",
                        help="play each deal once per seat rotation (to compare levels on "
                             "the same deals and seats)")
    parser.add_argument("--minutes", type=float, metavar="M",
                        help="wait for no game after M minutes: report those finished")


def run_args(args: argparse.Namespace) -> int:
    # a seat's level is any case; a weights file's path keeps its own
    levels = [":".join([head.lower(), *rest])
              for head, *rest in (s.strip().split(":") for s in args.seats.split(","))]
    try:
        for label in dict.fromkeys(levels):
            if ":" in label and seat_known(label):
                make_seat(label, "check")
    except (TypeError, ValueError) as exc:
        print(f"--seats: {exc}", file=sys.stderr)
        return 1
    if len(levels) not in (3, 4):
        print(f"--seats needs 3 or 4 levels, not {len(levels)}", file=sys.stderr)
        return 1
    bad = [lv for lv in levels if not seat_known(lv)]
    if bad:
        print(f"unknown level {bad[0]!r}: choose " + ", ".join([*LEVELS, *BASELINES, *EXPERIMENTS]),
              file=sys.stderr)
        return 1
    if args.games < 1:
        print("--games needs at least 1 game", file=sys.stderr)
        return 1
    if args.jobs < 1:
        print("--jobs needs at least 1", file=sys.stderr)
        return 1
    if args.minutes is not None and args.minutes <= 0:
        print("--minutes needs a time above 0", file=sys.stderr)
        return 1
    _, lines = run(levels, args.games, args.seed, args.jobs, args.progress, args.write,
                   args.rotate_deals, args.minutes)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
