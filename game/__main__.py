"""The engine's command line: ``python -m game replay|new|bench|tournament``.

Every failure is one sentence on standard error and exit status 1; standard output
stays empty then, so a script can trust whatever it does print.
"""

from __future__ import annotations

import argparse
import json
import sys

from .ai.tournament import add_arguments as add_tournament_arguments
from .ai.tournament import run_args as run_tournament
from .bench import NAMES, bench
from .cards import COLORS
from .deal import deal_towns, random_seat_order
from .record import RecordError, read_record_file, replay, write_record
from .scoring import breakdown, final_scores, winners
from .state import State


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
        print(str(exc), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(st.to_json(), indent=2))
    else:
        print(summary(st))
    return 0


def _new(args: argparse.Namespace) -> int:
    if args.players not in (3, 4):
        print(f"Sail to India is for 3 or 4 players, not {args.players}", file=sys.stderr)
        return 1
    names = list(args.names.split(",")) if args.names else list(NAMES[: args.players])
    names = [n.strip() for n in names]
    if len(names) != args.players or len({n.lower() for n in names}) != len(names) or not all(
        names
    ):
        print(f"--names needs {args.players} different names", file=sys.stderr)
        return 1
    if args.random_start:
        names = random_seat_order(names, args.seed)
    towns = deal_towns(args.players, args.seed, args.first_game)
    tags = [("Seed", str(args.seed))] if args.seed is not None else []
    if args.first_game:
        tags.append(("Setup", "first-game"))
    sys.stdout.write(write_record(names, towns, [], args.variant, tags))
    return 0


def _bench(args: argparse.Namespace) -> int:
    print(f"playing {args.games} random 4-player games (seed {args.seed}), "
          "every step chosen from legal_steps", flush=True)
    print(bench(args.games, args.seed))
    return 0


def _tournament(args: argparse.Namespace) -> int:
    return run_tournament(args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="play a record and print where the game stands")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=_replay)
    p = sub.add_parser("new", help="print the header of a fresh deal")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", default=None)
    p.add_argument("--first-game", action="store_true")
    p.add_argument("--variant", choices=("standard", "ship-only-build"), default="standard")
    p.add_argument("--names", help="comma-separated names in seat order")
    p.add_argument("--random-start", action="store_true", help="draw the starting player")
    p.set_defaults(run=_new)
    p = sub.add_parser("bench", help="play random games and print games/s")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(run=_bench)
    p = sub.add_parser("tournament", help="play computer-only games between the levels")
    add_tournament_arguments(p)
    p.set_defaults(run=_tournament)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
