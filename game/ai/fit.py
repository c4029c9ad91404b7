"""Fitting the expert's evaluation (``game.ai.value``) to self-played games:
``python -m game fit``.

The data are whole games as records (a folder of ``.txt`` records, or a bundle: many
records in one gzip-compressed text file, each starting with its ``[Game`` line), as
``python -m game tournament --write DIR`` writes them. Every game is replayed; at the
start of every turn, each player's position is one row: its score now, its assets
(``value.ASSETS``), and what came of it (its final score, whether it won, how many
more turns it had).

Three fits, in order, each on what the one before gives:

1. **Turns left**: the mean number of turns a player still had, by (players, towns
   face down, second-smallest stock, seats from the player to move), shrunk towards
   the mean of its (players, towns face down, seats) when few rows fall in a cell.
2. **Points to come**: final score less score now, by least squares (a little ridge)
   on each asset times each base (``value.BASES``) of the fitted turns left.
3. **Temperatures**: for each span of mean turns left, the softmax temperature that
   makes the predicted final scores most likely to name the real winner (maximum
   likelihood over a grid).

Before the fit on every game, the same fit is made on four games in five and judged
on the fifth (never seen): how well it names the winner (mean log-likelihood and how
often its favourite won), beside the first expert's own estimate
(``expert1.win_value``) on the same rows. Everything is plain Python, in one pass
over the rows per fit, so the fit is repeatable on any machine.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..record import parse_record, replay_states
from ..state import State
from .evaluate import MEDIUM_WEIGHTS, info_of, player_value
from .expert1 import win_value
from .value import ASSETS, BASES, HAND, STOCK_CAP, ValueModel, assets, bases, solve

__all__ = ["Row", "fit", "main", "read_games", "rows_of"]

RIDGE = 1.0          # the least squares' ridge, against collinear assets
SHRINK = 20.0        # rows a turns-left cell needs before its own mean counts as much
TEMP_GRID = tuple(round(0.25 * 1.08 ** i, 3) for i in range(60))
TEMP_SPANS = 13      # temperatures for mean turns left 0, 1, ..., 12 and more


@dataclass(slots=True)
class Row:
    """One player's position at the start of a turn, and what came of it."""

    game: int
    at: int               # which turn start of the game
    seat: int
    key: tuple[int, int, int, int]
    final_round: bool
    exact_turns: float    # turns left when the end is known (final round), else -1
    score: int
    assets: list[float]
    final: int
    share: float          # the seat's share of the win (0 if it lost)
    turns: int            # how many more turns it really had
    old_chance: float     # expert-1's win_value for this seat
    state: State          # the position (the hand evaluation is read from it when fitted)
    hand: float = 0.0     # the hand evaluation's points to come, with the fitted turns left


def read_games(paths: Iterable[str | Path]) -> Iterator[str]:
    """The text of every record in these folders and bundles (``.gz``), in order."""
    for path in map(Path, paths):
        if path.is_dir():
            for record in sorted(path.iterdir()):
                if record.suffix in (".txt", ".sti"):
                    yield record.read_text("utf-8")
        else:
            text = (gzip.decompress(path.read_bytes()).decode("utf-8")
                    if path.suffix == ".gz" else path.read_text("utf-8"))
            for chunk in re.split(r"(?m)^(?=\[Game )", text):
                if chunk.strip():
                    yield chunk


def bundle(paths: Iterable[str | Path], out: str | Path) -> int:
    """Write the records of ``paths`` into one gzip bundle; how many."""
    texts = [t if t.endswith("\n") else t + "\n" for t in read_games(paths)]
    Path(out).write_bytes(gzip.compress("".join(texts).encode("utf-8"), 9, mtime=0))
    return len(texts)


def rows_of(text: str, game: int) -> list[Row]:
    """The rows of one game (every turn start, every seat)."""
    states = replay_states(parse_record(text))
    end = states[-1]
    if not end.over:
        return []
    n = end.n
    starts = [states[0]] + [s for s, before in zip(states[1:], states, strict=False)
                            if before.active != s.active and not s.over]
    actives = [s.active for s in starts]
    rows = []
    won = end.winners or []
    scores = end.scores or [0] * n
    for at, st in enumerate(starts):
        info = info_of(st)
        stocks = sorted(st.stock)
        for seat in range(n):
            ahead = (seat - st.active) % n
            key = (n, st.size - st.revealed, min(stocks[1], STOCK_CAP), ahead)
            score, a = assets(st, seat, info)
            turns = actives[at:].count(seat)
            final_round = st.last_seat >= 0
            rows.append(Row(game, at, seat, key, final_round,
                            float(turns) if final_round else -1.0, score, a, scores[seat],
                            1.0 / len(won) if seat in won else 0.0, turns,
                            win_value(st, seat) if seat == 0 else -1.0, st))
    # expert-1's chances for every seat of a state (its win_value is per seat)
    by_at: dict[int, State] = dict(enumerate(starts))
    for row in rows:
        if row.seat:
            row.old_chance = win_value(by_at[row.at], row.seat)
    return rows


# ----- the three fits ----------------------------------------------------------------
def fit_turns(rows: list[Row]) -> dict[tuple[int, int, int, int], float]:
    cells: dict[tuple[int, int, int, int], list[float]] = {}
    coarse: dict[tuple[int, int, int], list[float]] = {}
    for r in rows:
        if r.final_round:
            continue
        cells.setdefault(r.key, [0.0, 0.0])
        cells[r.key][0] += r.turns
        cells[r.key][1] += 1
        ck = (r.key[0], r.key[1], r.key[3])
        coarse.setdefault(ck, [0.0, 0.0])
        coarse[ck][0] += r.turns
        coarse[ck][1] += 1
    out = {}
    for (n, hidden, ahead), (total, count) in coarse.items():
        prior = total / count
        previous = 0.0
        for stock in range(STOCK_CAP + 1):
            key = (n, hidden, stock, ahead)
            if key not in cells:
                # no rows: the model looks up the nearest stock that has some (an empty
                # cell filled with the mean would carry it up to the stocks after it)
                continue
            s, c = cells[key]
            # few rows: towards the mean of the towns face down; more markers in the
            # second-smallest stock never leave fewer turns
            value = max(previous, (s + SHRINK * prior) / (c + SHRINK))
            out[key] = previous = value
    return out


def turns_of(row: Row, table: dict[tuple[int, int, int, int], float]) -> float:
    if row.final_round:
        return row.exact_turns
    found = table.get(row.key)
    if found is None:
        n, hidden, stock, ahead = row.key
        near = [v for (a, b, _, d), v in table.items() if (a, b, d) == (n, hidden, ahead)]
        found = sum(near) / len(near) if near else 1.5 * min(hidden, stock) + 1.0
    return found


def _features(row: Row, t: float, kind: str) -> list[tuple[int, float]]:
    if kind == "hand":
        b1 = t if t < 1.0 else 1.0
        return [(0, b1), (1, row.hand)]
    b = bases(t)
    nb = len(BASES)
    return [(k * nb + j, x * bj) for k, x in enumerate(row.assets) if x
            for j, bj in enumerate(b) if bj]


def fit_weights(rows: list[Row], table: dict[Any, Any], kind: str = "assets") -> tuple[Any, ...]:
    size = len(HAND) if kind == "hand" else len(ASSETS) * len(BASES)
    xtx = [[0.0] * size for _ in range(size)]
    xty = [0.0] * size
    for r in rows:
        t = turns_of(r, table)
        if t <= 0.0:
            continue
        y = r.final - r.score
        feats = _features(r, t, kind)
        for i, xi in feats:
            xty[i] += xi * y
            row = xtx[i]
            for j, xj in feats:
                row[j] += xi * xj
    for i in range(size):
        xtx[i][i] += RIDGE
    w = solve(xtx, xty)
    if kind == "hand":
        return tuple(w)
    nb = len(BASES)
    return tuple(tuple(w[k * nb + j] for j in range(nb)) for k in range(len(ASSETS)))


def _states(rows: list[Row]) -> dict[tuple[int, int], list[Row]]:
    out: dict[tuple[int, int], list[Row]] = {}
    for r in rows:
        out.setdefault((r.game, r.at), []).append(r)
    return out


def _predictions(rows: list[Row], model: ValueModel) -> tuple[list[float], float]:
    """A state's predicted final scores (its rows, by seat) and mean turns left."""
    out = []
    weights = model.weights[len(rows)]
    for r in rows:
        t = turns_of(r, model.turns)
        if t <= 0.0:
            out.append((float(r.score) + 0.01 * r.assets[1], t))
            continue
        if model.kind == "hand":
            out.append((r.score + sum(w * x for w, (_, x) in zip(
                weights, _features(r, t, "hand"), strict=True)), t))
            continue
        b = bases(t)
        v = float(r.score)
        for k, x in enumerate(r.assets):
            if x:
                v += x * sum(w * bj for w, bj in zip(weights[k], b, strict=True))
        out.append((v, t))
    return [v for v, _ in out], sum(t for _, t in out) / len(out)


def _loglik(finals: list[float], shares: list[float], temp: float) -> float:
    top = max(finals)
    e = [math.exp((f - top) / temp) for f in finals]
    total = sum(e)
    return sum(s * math.log(max(x / total, 1e-12)) for x, s in zip(e, shares, strict=True)
               if s)


def fit_temperatures(rows: list[Row], model: ValueModel) -> tuple[float, ...]:
    """The temperatures for one number of players (``rows`` are all of that many)."""
    spans: list[list[tuple[list[float], list[float]]]] = [[] for _ in range(TEMP_SPANS)]
    for group in _states(rows).values():
        finals, mean = _predictions(group, model)
        if not any(r.share for r in group):
            continue
        spans[min(int(mean + 0.5), TEMP_SPANS - 1)].append(
            (finals, [r.share for r in group]))
    temps: list[float] = []
    for cases in spans:
        if len(cases) < 30:
            temps.append(temps[-1] if temps else 1.0)
            continue
        def likelihood(t: float, cases: list[Any] = cases) -> float:
            return sum(_loglik(f, s, t) for f, s in cases)

        best = max(TEMP_GRID, key=likelihood)
        temps.append(best)
    # more turns left never makes the outcome surer
    for i in range(1, len(temps)):
        temps[i] = max(temps[i], temps[i - 1])
    return tuple(temps)


def hand_estimates(rows: list[Row], table: dict[Any, Any]) -> None:
    """Each row's hand-weighted points to come (``evaluate.player_value`` less the score
    now) with the fitted turns left, for the "hand" kind."""
    for r in rows:
        t = turns_of(r, table)
        if t > 0.0:
            st = r.state
            r.hand = player_value(st, r.seat, t, MEDIUM_WEIGHTS, info_of(st)) - r.score


def fit(rows: list[Row], kind: str = "assets", choices: list[Any] | None = None,
        target: str = "final") -> ValueModel:
    """The three fits, the weights and temperatures for each number of players apart;
    with ``choices`` (paired playouts, ``pairs``) the asset weights are fitted to them."""
    table = fit_turns(rows)
    if kind == "hand":
        hand_estimates(rows, table)
    weights = {}
    temps = {}
    for n in sorted({r.key[0] for r in rows}):
        mine = [r for r in rows if r.key[0] == n]
        if choices and kind == "assets" and any(c.players == n for c in choices):
            from .pairs import fit_choices

            weights[n] = fit_choices(choices, ValueModel(table, {}, {}), n, target=target)
        else:
            weights[n] = fit_weights(mine, table, kind)
        model = ValueModel(table, {n: weights[n]}, {n: (1.0,) * TEMP_SPANS}, kind)
        temps[n] = fit_temperatures(mine, model)
    return ValueModel(table, weights, temps, kind)


# ----- judging a fit on games it has not seen ----------------------------------------------
@dataclass(slots=True)
class Judgement:
    states: int
    loglik: float         # mean log-likelihood of the real winner(s)
    favourite_won: float  # how often the seat given the best chance won
    old_loglik: float     # the same for expert-1's estimate
    old_favourite_won: float
    score_error: float    # mean absolute error of the predicted final scores
    turns_error: float    # mean absolute error of the turns left


def judge(rows: list[Row], model: ValueModel) -> Judgement:
    states = 0
    ll = old_ll = fav = old_fav = 0.0
    err = terr = 0.0
    count = 0
    for group in _states(rows).values():
        finals, mean = _predictions(group, model)
        shares = [r.share for r in group]
        if not any(shares):
            continue
        states += 1
        ll += _loglik(finals, shares, model.temperature(len(group), mean))
        old = [max(r.old_chance, 1e-12) for r in group]
        total = sum(old)
        old_ll += sum(s * math.log(o / total) for o, s in zip(old, shares, strict=True) if s)
        fav += shares[max(range(len(finals)), key=finals.__getitem__)]
        old_fav += shares[max(range(len(old)), key=old.__getitem__)]
        for r, f in zip(group, finals, strict=True):
            err += abs(f - r.final)
            terr += abs(turns_of(r, model.turns) - r.turns)
            count += 1
    return Judgement(states, ll / states, fav / states, old_ll / states, old_fav / states,
                     err / count, terr / count)


def gather(paths: Iterable[str | Path], every: int = 1) -> list[Row]:
    rows: list[Row] = []
    for game, text in enumerate(read_games(paths)):
        rows.extend(r for r in rows_of(text, game) if r.at % every == 0)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game fit", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    return run_args(parser.parse_args(argv))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("data", nargs="+", help="folders of records, or .gz bundles of them")
    parser.add_argument("--out", help="write the fitted weights here (JSON)")
    parser.add_argument("--kind", choices=("assets", "hand"), default="assets",
                        help="weights per asset, or the hand-weighted evaluation with the "
                             "fitted turns left, calibrated")
    parser.add_argument("--bundle", metavar="FILE",
                        help="only gather the records into one .gz bundle, no fit")
    parser.add_argument("--play-choices", metavar="FILE",
                        help="only play the paired playouts (game.ai.pairs) from the records "
                             "and write them to FILE (.gz), no fit")
    parser.add_argument("--per-game", type=int, default=3,
                        help="with --play-choices: positions tried per game (default 3)")
    parser.add_argument("--seed", default="choices", help="with --play-choices: the seed")
    parser.add_argument("--choices", metavar="FILE", action="append", default=[],
                        help="fit the asset weights to these paired playouts (the turns "
                             "left and the temperatures still to the games)")
    parser.add_argument("--target", choices=("final", "margin"), default="final",
                        help="with --choices: fit the final score or the margin over the "
                             "best other")


def run_args(args: argparse.Namespace) -> int:
    if args.bundle:
        print(f"bundled {bundle(args.data, args.bundle)} records into {args.bundle}")
        return 0
    if args.play_choices:
        from .pairs import play_choices, write_choices

        choices = play_choices(read_games(args.data), args.per_game, args.seed)
        write_choices(choices, args.play_choices)
        print(f"{len({c.position for c in choices})} positions, {len(choices)} plans "
              f"played to the end, written to {args.play_choices}")
        return 0
    rows = gather(args.data)
    games = len({r.game for r in rows})
    for n in sorted({r.key[0] for r in rows}):
        wins = [0.0] * n
        for r in rows:
            if r.key[0] == n and r.at == 0:
                wins[r.seat] += r.share
        print(f"{n} players: {sum(wins):.0f} games, wins by seat "
              + ", ".join(f"{w:.0f}" for w in wins))
    if games < 10:
        print(f"too few finished games to fit: {games}", file=sys.stderr)
        return 1
    print(f"{games} games, {len(rows)} rows (a player at the start of a turn)")
    choices = []
    if args.choices:
        from .pairs import read_choices

        for path in args.choices:
            choices.extend(read_choices(path))
        print(f"{len({c.position for c in choices})} positions of paired playouts, "
              f"{len(choices)} plans")
    learn = [r for r in rows if r.game % 5 != 4]
    held = [r for r in rows if r.game % 5 == 4]
    j = judge(held, fit(learn, args.kind, choices, args.target))
    print(f"on the {j.states} held-out positions (every fifth game, fitted on the rest):")
    print(f"  winner log-likelihood {j.loglik:.4f} (expert-1's estimate {j.old_loglik:.4f})")
    print(f"  favourite won {100 * j.favourite_won:.1f}% "
          f"(expert-1's estimate {100 * j.old_favourite_won:.1f}%)")
    print(f"  final score error {j.score_error:.2f} points, turns left error "
          f"{j.turns_error:.2f} turns (mean absolute)")
    model = fit(rows, args.kind, choices, args.target)
    for n, temps in sorted(model.temperatures.items()):
        print(f"{n} players: temperatures by mean turns left: "
              + " ".join(f"{t:g}" for t in temps))
    if args.out:
        Path(args.out).write_text(json.dumps(model.to_json(), indent=1) + "\n", "utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
