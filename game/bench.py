"""A careless but purposeful random player, and the engine benchmarks built on it.

The benchmark is the figure the computer players live on: it plays whole 4-player
games choosing every step from the engine's own ``legal_steps`` listing, so it
measures listing the legal steps as well as applying them.

The replay benchmark (``replay_bench``) measures the engine on records anyone can
replay with another implementation of the rules: every record of a folder, its
steps applied alone, then applied with the legal steps listed at every position.
``replay_against`` runs it side by side with another copy of the engine (an older
commit, say), in turns, each in a fresh process, and checks that both end every
record in the same position.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .listing import legal_steps
from .record import RecordError, read_record_file, replay, write_record
from .rules import apply
from .state import AFTER_MOVE, State
from .steps import ACTION_KINDS, Step, parse_step, shown

NAMES = ("Ann", "Bea", "Cy", "Dan")
_USEFUL_AFTER_MOVE = frozenset(("cargo", "map", "build"))
#: The files of a folder that ``replay_bench`` reads as records.
RECORD_SUFFIXES = (".txt", ".sti")


def careless_step(st: State, rng: random.Random) -> Step:
    """Mostly actions, rarely a free return, the turn ended once its points are spent."""
    steps = legal_steps(st)
    roll = rng.random()
    if st.phase == AFTER_MOVE:
        useful = [s for s in steps if s.kind in _USEFUL_AFTER_MOVE]
        if useful and roll < 0.75:
            return rng.choice(useful)
        return steps[-1]  # done
    if st.ap == 0:
        if roll < 0.9:
            return steps[-1]  # end
        return rng.choice(steps)
    if roll < 0.02:
        return rng.choice(steps)
    # A kind of action first (in the order the listing first names them), then one
    # step of that kind.
    by_kind: dict[str, list[Step]] = {}
    for s in steps:
        kind = s.kind
        if kind in ACTION_KINDS:
            group = by_kind.get(kind)
            if group is None:
                by_kind[kind] = [s]
            else:
                group.append(s)
    if not by_kind:
        return steps[-1]
    return rng.choice(by_kind[rng.choice(list(by_kind))])


def random_game(seed: int, players: int = 4, max_steps: int = 5000,
                variant: str = "standard") -> tuple[State, list[Step]]:
    """One whole game of careless play from a seeded deal."""
    from .deal import deal_towns

    rng = random.Random(seed)
    st = State.start(NAMES[:players], deal_towns(players, seed), variant)
    played: list[Step] = []
    while not st.over and len(played) < max_steps:
        step = careless_step(st, rng)
        st = apply(st, step)
        played.append(step)
    return st, played


def game_seed(seed: int, game: int) -> int:
    """The deal and the player's seed of the benchmark's game number ``game``."""
    return seed * 100003 + game


def bench(games: int = 200, seed: int = 1, players: int = 4,
          write: str | Path | None = None) -> str:
    """Play ``games`` random games; returns the figure line (``cpu games/s`` counts this
    process's processor time, not the clock: the two differ when the machine is busy).
    With ``write``, each game is also written as a record into that folder (after the
    clock has stopped)."""
    steps = 0
    finished: list[tuple[int, State, list[Step]]] = []
    start, cpu_start = time.perf_counter(), time.process_time()
    for g in range(games):
        st, played = random_game(game_seed(seed, g), players)
        steps += len(played)
        if write is not None:
            finished.append((g, st, played))
    elapsed = time.perf_counter() - start
    cpu = max(time.process_time() - cpu_start, 1e-9)
    if write is not None:
        write_games(write, seed, finished)
    return (f"games/s: {games / elapsed:.1f}  steps/s: {steps / elapsed:.0f}  "
            f"steps/game: {steps / games:.0f}  cpu games/s: {games / cpu:.1f}")


def write_games(folder: str | Path, seed: int,
                games: list[tuple[int, State, list[Step]]]) -> list[Path]:
    """Write benchmark games as records ``game-NNNN.txt`` (with their [Seed])."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for g, st, played in games:
        text = write_record(st.names, st.towns, [str(s) for s in played], st.variant,
                            [("Seed", str(game_seed(seed, g)))])
        path = out / f"game-{g + 1:04d}.txt"
        path.write_text(text, "utf-8")
        paths.append(path)
    return paths


def record_paths(folder: str | Path) -> list[Path]:
    """The records of a folder (``.txt`` and ``.sti`` files, not its subfolders), by name."""
    return sorted(p for p in Path(folder).iterdir()
                  if p.suffix.lower() in RECORD_SUFFIXES and p.is_file())


def load_games(paths: list[Path]) -> list[tuple[State, list[Step]]]:
    """Each record's start and its steps, parsed; every record is replayed once first,
    so a record the engine refuses stops here with a RecordError naming it."""
    games = []
    for path in paths:
        try:
            record = read_record_file(path)
            replay(record)
        except RecordError as exc:
            raise exc.at(shown(str(path), 200)) from None
        games.append((record.start(), [parse_step(text) for _, text in record.steps]))
    return games


def time_replay(games: list[tuple[State, list[Step]]], listing: bool) -> tuple[float, float]:
    """Seconds (on the clock, and of the processor for this process) to replay every
    game once: its steps applied, and with ``listing`` the legal steps listed at every
    position (the last one included)."""
    start, cpu_start = time.perf_counter(), time.process_time()
    if listing:
        for st, steps in games:
            for step in steps:
                legal_steps(st)
                st = apply(st, step)
            legal_steps(st)
    else:
        for st, steps in games:
            for step in steps:
                st = apply(st, step)
    return time.perf_counter() - start, time.process_time() - cpu_start


def replay_bench(folder: str | Path, rounds: int = 3) -> list[str]:
    """Replay every record of ``folder`` ``rounds`` times each way; the report lines,
    the figure line (on the clock) last: ``apply steps/s: X  apply+listing steps/s: Y``,
    the same figures counted in this process's processor time before it (they differ
    when the machine is busy with other work).

    Reading and parsing the records is not timed: ``apply`` is given parsed steps."""
    games = load_games(record_paths(folder))
    steps = sum(len(played) for _, played in games)
    time_replay(games, True)  # a warm-up round: the step tables, the caches
    alone = [time_replay(games, False) for _ in range(rounds)]
    listed = [time_replay(games, True) for _ in range(rounds)]
    done = steps * rounds

    def rate(times: list[tuple[float, float]], which: int) -> str:
        return f"{done / max(sum(t[which] for t in times), 1e-9):.0f}"

    return [f"replayed {len(games)} records, {steps} steps, {rounds} rounds each way",
            f"on the processor: apply steps/s: {rate(alone, 1)}  "
            f"apply+listing steps/s: {rate(listed, 1)}",
            f"apply steps/s: {rate(alone, 0)}  apply+listing steps/s: {rate(listed, 0)}"]


# ----- side by side with another copy of the engine ------------------------------------------
# What each engine runs: only what the engine had before this comparison existed
# (``replay_bench``, ``load_games``, ``apply``, ``State.to_json``), so an older copy runs it.
_CHILD = (
    "import hashlib, json, sys\n"
    "from game.bench import load_games, record_paths, replay_bench\n"
    "from game.rules import apply\n"
    "lines = replay_bench(sys.argv[1], int(sys.argv[2]))\n"
    "h = hashlib.sha256()\n"
    "for st, steps in load_games(record_paths(sys.argv[1])):\n"
    "    for step in steps:\n"
    "        st = apply(st, step)\n"
    "    h.update(json.dumps(st.to_json(), sort_keys=True).encode('utf-8'))\n"
    "print(h.hexdigest()[:16])\n"
    "print(lines[-2])\n"
    "print(lines[-1])\n"
)


def _figures(line: str) -> tuple[float, float]:
    words = line.split()
    return float(words[words.index("apply") + 2]), float(words[-1])


def _run_replay(engine: Path, folder: str,
                rounds: int) -> tuple[str, tuple[float, ...], tuple[float, ...]]:
    """The replay benchmark in a fresh process whose ``game`` is the one in ``engine``:
    (digest, processor figures, clock figures)."""
    env = {**os.environ, "PYTHONPATH": str(engine)}
    out = subprocess.run([sys.executable, "-c", _CHILD, str(Path(folder).resolve()),
                          str(rounds)], cwd=engine, env=env, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    return out[-3], _figures(out[-2]), _figures(out[-1])


def replay_against(folder: str | Path, other: str | Path, rounds: int = 3,
                   pairs: int = 3) -> list[str]:
    """``replay_bench`` on this engine and on the one whose ``game`` package is in the
    folder ``other``, in turns (other, this, other, this...: a busy machine slows
    both alike), each in a fresh process; the report lines, the ratios of the medians
    last. Both must end every record in the same position (a digest of the final
    positions is compared), else ValueError."""
    here = Path(__file__).resolve().parent.parent
    there = Path(other).resolve()
    if not (there / "game" / "bench.py").is_file():
        raise ValueError(f"{other}: no copy of the engine (game/bench.py) in it")
    runs: dict[str, list[tuple[Any, ...]]] = {"other": [], "this": []}
    lines = []
    for i in range(pairs):
        for name, engine in (("other", there), ("this", here)):
            digest, cpu, clock = _run_replay(engine, str(folder), rounds)
            runs[name].append((digest, cpu, clock))
            lines.append(f"pair {i + 1} {name}: processor apply {cpu[0]:.0f} "
                         f"apply+listing {cpu[1]:.0f}; clock apply {clock[0]:.0f} "
                         f"apply+listing {clock[1]:.0f} steps/s")
    digests = {d for run in runs.values() for d, _, _ in run}
    if len(digests) != 1:
        raise ValueError("the two engines end the records in different positions")
    lines.append(f"every record ends in the same position with both (digest "
                 f"{digests.pop()})")
    for which, label in ((1, "processor"), (2, "clock")):
        for k, what in ((0, "apply"), (1, "apply+listing")):
            a = statistics.median(r[which][k] for r in runs["this"])
            b = statistics.median(r[which][k] for r in runs["other"])
            lines.append(f"{label} {what} steps/s, medians: this {a:.0f}, other {b:.0f}, "
                         f"this/other {a / b:.2f}")
    return lines


# ----- the Hint's think time ----------------------------------------------------------------
def hint_bench(positions: int = 200, seed: int = 1, players: int = 4) -> list[str]:
    """Time the Hint (``game.ai.hint``: the expert on its short search) on ``positions``
    positions where a person would ask for it: the turns of seeded games between
    medium players, each position a turn's start or its second action. The report's
    last line: ``hint ms: median X  p95 Y  max Z``."""
    from .ai.players import MediumPlayer, hint
    from .deal import deal_towns

    picked: list[State] = []
    game = 0
    while len(picked) < positions:
        st = State.start(NAMES[:players], deal_towns(players, f"hints:{seed}:{game}"))
        bots = [MediumPlayer(f"hints:{seed}:{game}:{s}") for s in range(players)]
        rng = random.Random(f"hints:{seed}:{game}")
        while not st.over and len(picked) < positions:
            if st.phase != AFTER_MOVE and st.ap > 0 and rng.random() < 0.25:
                picked.append(st)
            st = apply(st, bots[st.active].choose(st))
        game += 1
    times = []
    for st in picked:
        start = time.perf_counter()
        hint(st)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, -(-95 * len(times) // 100) - 1)]
    return [f"{len(times)} positions from {game} games of medium players ({players} players, "
            f"seed {seed})",
            f"hint ms: median {statistics.median(times):.0f}  p95 {p95:.0f}  "
            f"max {times[-1]:.0f}"]
