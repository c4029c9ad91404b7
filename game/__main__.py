"""The engine's command line: ``python -m game replay|new|bench|tournament|fit|tune|choices``.

Every failure is one sentence on standard error and exit status 1, wrong arguments
included (with a pointer to ``--help``); standard output stays empty then, so a script
can trust whatever it does print. A message never carries a control character from a
file to the terminal: they are shown escaped.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import NoReturn

from .ai.choices import add_arguments as add_choices_arguments
from .ai.choices import run_args as run_choices
from .ai.fit import add_arguments as add_fit_arguments
from .ai.fit import run_args as run_fit
from .ai.tournament import add_arguments as add_tournament_arguments
from .ai.tournament import run_args as run_tournament
from .ai.tune import add_arguments as add_tune_arguments
from .ai.tune_expert import run_args as run_tune
from .bench import NAMES, bench, hint_bench, record_paths, replay_against, replay_bench
from .cards import COLORS
from .deal import deal_towns, random_seat_order
from .record import RecordError, players_refusal, read_record_file, replay, write_record
from .scoring import breakdown, final_scores, winners
from .state import VARIANTS, State
from .steps import shown
from .variants import STANDARD

PROG = "python -m game"


def fail(message: str) -> int:
    """One line on standard error (control characters escaped); the exit status 1."""
    print(shown(message, 1000), file=sys.stderr)
    return 1


class OneLineParser(argparse.ArgumentParser):
    """Wrong arguments get one sentence and exit status 1, like every other failure,
    instead of argparse's usage block and status 2."""

    def error(self, message: str) -> NoReturn:
        fail(f"{self.prog}: {message} (see {PROG} --help)")
        sys.exit(1)


def summary(st: State) -> str:
    """A short readable account of where a game stands."""
    lines = [f"Sail to India: {', '.join(st.names)} ({st.variant}), turn {st.turn}"]
    scores = st.scores if st.scores is not None else final_scores(st)
    if st.over:
        won = " and ".join(st.names[w] for w in st.winners or [])
        lines.append(f"Game over. Winner: {won}.")
    else:
        lead = winners(st, scores)
        who = " and ".join(st.names[w] for w in lead)
        lines.append(f"{st.names[st.active]} ({COLORS[st.active]}) to move: "
                     f"{st.ap} action points, {st.phase}"
                     f"{'; final round' if st.final_round else ''}.")
        lines.append(f"Leading: {who} with {scores[lead[0]]} points if the game ended now.")
    if st.india >= 0:
        lines.append(f"India was discovered by {st.names[st.india]}.")
    lines.append("")
    header = (f"{'player':<12} {'wealth':>6} {'VP':>3} {'score':>5}  "
              "stock lisboa ships goods build bank hist speed  techs")
    lines.append(header)
    for seat, name in enumerate(st.names):
        places = st.markers_by_place(seat)
        b = breakdown(st, seat)
        techs = ", ".join(st.techs(seat)) or "-"
        lines.append(
            f"{name[:12]:<12} {st.wealth[seat]:>6} {st.vp[seat]:>3} {b.total:>5}  "
            f"{places['stock']:>5} {places['lisboa']:>6} {places['ships']:>5} "
            f"{places['goods']:>5} {places['buildings']:>5} {places['bankers']:>4} "
            f"{places['historians']:>4} {st.speed[seat]:>5}  {techs}")
    return "\n".join(lines)


def _replay(args: argparse.Namespace) -> int:
    try:
        st = replay(read_record_file(args.file))
    except RecordError as exc:
        return fail(str(exc))
    if args.json:
        print(json.dumps(st.to_json(), indent=2))
    else:
        print(summary(st))
    return 0


def _new(args: argparse.Namespace) -> int:
    if args.players not in (3, 4):
        return fail(f"Sail to India is for 3 or 4 players, not {args.players}")
    names = list(args.names.split(",")) if args.names else list(NAMES[: args.players])
    names = [n.strip(" \t") for n in names]
    if len(names) != args.players:
        return fail(f"--names needs {args.players} different names, not {len(names)}")
    refusal = players_refusal(names)  # the rule every record the program writes obeys
    if refusal is not None:
        return fail(f"--names: {refusal.reason}")
    if args.random_start:
        names = random_seat_order(names, args.seed)
    towns = deal_towns(args.players, args.seed, args.first_game)
    tags = [("Seed", str(args.seed))] if args.seed is not None else []
    if args.first_game:
        tags.append(("Setup", "first-game"))
    try:
        text = write_record(names, towns, [], args.variant, tags)
    except RecordError as exc:
        return fail(f"--seed: {exc}")
    sys.stdout.write(text)
    return 0


def _bench(args: argparse.Namespace) -> int:
    if args.rounds < 1:
        return fail(f"--rounds must be at least 1, not {args.rounds}")
    if args.against is not None and args.replay is None:
        return fail("--against needs --replay DIR")
    if args.hints is not None:
        if args.hints < 1:
            return fail(f"--hints must be at least 1, not {args.hints}")
        print("\n".join(hint_bench(args.hints, args.seed)))
        return 0
    if args.replay is not None:
        return _bench_replay(args.replay, args.rounds, args.against, args.pairs)
    if args.games < 1:
        return fail(f"--games must be at least 1, not {args.games}")
    if args.write is not None and Path(args.write).exists() and not Path(args.write).is_dir():
        return fail(f"--write: {args.write}: not a folder")
    print(f"playing {args.games} random 4-player games (seed {args.seed}), "
          "every step chosen from legal_steps", flush=True)
    try:
        line = bench(args.games, args.seed, write=args.write)
    except OSError as exc:
        return fail(f"--write: {args.write}: {exc.strerror or exc}")
    if args.write is not None:
        print(f"wrote {args.games} records to {args.write}")
    print(line)
    return 0


def _bench_replay(folder: str, rounds: int, against: str | None = None,
                  pairs: int = 3) -> int:
    if not Path(folder).is_dir():
        return fail(f"--replay: {folder}: not a folder")
    if not record_paths(folder):
        return fail(f"--replay: {folder}: no records in it (.txt or .sti files)")
    if pairs < 1:
        return fail(f"--pairs must be at least 1, not {pairs}")
    try:
        if against is not None:
            lines = replay_against(folder, against, rounds, pairs)
        else:
            lines = replay_bench(folder, rounds)
    except subprocess.CalledProcessError as exc:
        return fail(f"--against: {against}: its engine failed: "
                    f"{(exc.stderr or '').strip().splitlines()[-1:]}")
    except (RecordError, ValueError) as exc:
        return fail(str(exc))
    print("\n".join(lines))
    return 0


def _tournament(args: argparse.Namespace) -> int:
    return run_tournament(args)


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog=PROG, description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="play a record and print where the game stands")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=_replay)
    p = sub.add_parser("new", help="print the header of a fresh deal")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", default=None)
    p.add_argument("--first-game", action="store_true")
    p.add_argument("--variant", choices=VARIANTS, default=STANDARD)
    p.add_argument("--names", help="comma-separated names in seat order")
    p.add_argument("--random-start", action="store_true", help="draw the starting player")
    p.set_defaults(run=_new)
    p = sub.add_parser("bench", help="play random games and print games/s, or replay the "
                                     "records of a folder and print steps/s")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--write", metavar="DIR", help="also write each game as a record there")
    p.add_argument("--replay", metavar="DIR",
                   help="replay every record in DIR: steps/s for apply alone and with "
                        "the legal steps listed at every position")
    p.add_argument("--rounds", type=int, default=3,
                   help="with --replay, how many times each way (default 3)")
    p.add_argument("--against", metavar="ENGINE",
                   help="with --replay, also run another copy of the engine (a folder "
                        "holding its game/ package), in turns with this one, and compare")
    p.add_argument("--pairs", type=int, default=3,
                   help="with --against, how many runs of each (default 3)")
    p.add_argument("--hints", type=int, metavar="N",
                   help="time the Hint on N positions of medium players' games instead")
    p.set_defaults(run=_bench)
    p = sub.add_parser("tournament", help="play computer-only games between the levels")
    add_tournament_arguments(p)
    p.set_defaults(run=_tournament)
    p = sub.add_parser("fit", help="fit the expert's evaluation to self-played games")
    add_fit_arguments(p)
    p.set_defaults(run=run_fit)
    p = sub.add_parser("tune", help="tune the evaluation's weights by self-play (SPSA)")
    add_tune_arguments(p)
    p.set_defaults(run=run_tune)
    p = sub.add_parser("choices", help="how a level's turns rank among the medium "
                                       "planner's plans, from tournament records")
    add_choices_arguments(p)
    p.set_defaults(run=run_choices)
    args = parser.parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
