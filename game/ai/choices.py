"""``python -m game choices``: how a level's turns rank among the medium planner's plans.

The expert models every other player's turn as the medium planner plays it: its
first plan, or now and then a lower one (``ExpertSearch.deviate`` and the knobs
after it). How near that model is to the way a level really plays is a count over
its games, and this command makes it: at the start of each turn of the level named,
the planner's best few plans (each with a different first step, as the model ranks
them) are listed on that position, and the turn's first step is looked for among
them. A level plays its last turn for points and its others for what they build, so
the counts are split by the stage of the game: the final round, the rounds when the
end is near (``expert1.end_near``), and the turns before.

It reads records as ``python -m game tournament --write DIR`` writes them, or
bundles of them (``python -m game fit --bundle``): their ``Seats`` tag names the
level of each seat. Every turn is planned again here, so a few hundred games take
minutes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..record import RecordError, parse_record, replay_states
from ..state import ACTION_POINTS, ACTIONS, State
from .expert1 import POLICY, end_near
from .fit import read_games
from .planner import TurnPlanner

__all__ = ["STAGES", "Ranks", "choice_ranks", "report"]

#: The stages of a game the counts are split by, in the order they come.
STAGES = ("earlier", "end near", "final round")


@dataclass
class Ranks:
    """How often a level's turn began as the planner's first, second... plan, by stage
    (index ``plans``: as none of them)."""

    level: str
    plans: int
    games: int = 0
    counts: dict[str, list[int]] = field(default_factory=dict)

    def add(self, stage: str, rank: int) -> None:
        row = self.counts.setdefault(stage, [0] * (self.plans + 1))
        row[rank] += 1

    def total(self, stage: str | None = None) -> list[int]:
        rows = [self.counts.get(s, []) for s in STAGES] if stage is None else [
            self.counts.get(stage, [])]
        out = [0] * (self.plans + 1)
        for row in rows:
            for i, c in enumerate(row):
                out[i] += c
        return out


def stage_of(st: State) -> str:
    if st.last_seat >= 0:
        return STAGES[2]
    return STAGES[1] if end_near(st) else STAGES[0]


def choice_ranks(texts: Iterable[str], level: str, plans: int = 4,
                 games: int | None = None) -> Ranks:
    """The ranks of ``level``'s turns in these records (the first ``games`` of them
    that seat it)."""
    planner = TurnPlanner(POLICY)
    ranks = Ranks(level, plans)
    for text in texts:
        if games is not None and ranks.games >= games:
            break
        record = parse_record(text)
        seats = [s.strip() for s in (record.tag("Seats") or "").split(",")]
        if level not in seats or len(seats) != len(record.names):
            continue  # not its games, or a Seats tag that does not name every seat
        ranks.games += 1
        states = replay_states(record)
        steps = record.step_texts()
        for i, st in enumerate(states[: len(steps)]):
            starts = i == 0 or states[i - 1].active != st.active
            if (not starts or st.over or st.phase != ACTIONS or st.ap != ACTION_POINTS
                    or seats[st.active] != level):
                continue
            firsts = [str(plan[0]) for _, plan in planner.ranked_plans(st, plans)]
            rank = firsts.index(steps[i]) if steps[i] in firsts else plans
            ranks.add(stage_of(st), rank)
    return ranks


def report(ranks: Ranks) -> list[str]:
    """The counts as a table, by stage and in all, each row in shares of its turns."""
    n = ranks.plans
    turns = sum(ranks.total())
    lines = [f"{ranks.level}: {turns} turns in {ranks.games} games; how each began, "
             f"among the medium planner's {n} best plans"]
    head = ["1st", "2nd", "3rd"] + [f"{k}th" for k in range(4, n + 1)]
    lines.append(f"{'stage':<12} {'turns':>6} " + " ".join(f"{h:>5}" for h in [*head[:n], "none"]))
    for stage in [*STAGES, None]:
        row = ranks.total(stage)
        count = sum(row)
        if not count:
            continue
        shares = " ".join(f"{100 * c / count:>4.0f}%" for c in row)
        lines.append(f"{stage or 'all':<12} {count:>6} {shares}")
    return lines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("data", nargs="+", help="folders of records, or .gz bundles of them")
    parser.add_argument("--seat", required=True, metavar="LEVEL",
                        help="the level whose turns are counted, as the Seats tag names it "
                             "(hard, expert-1, expert:playouts=64...)")
    parser.add_argument("--plans", type=int, default=4,
                        help="how many of the planner's plans to rank among (default 4)")
    parser.add_argument("--games", type=int, help="only the first N games that seat it")


def run_args(args: argparse.Namespace) -> int:
    if not 1 <= args.plans <= 12:
        print("--plans: from 1 to 12", file=sys.stderr)
        return 1
    try:
        ranks = choice_ranks(read_games(args.data), args.seat, args.plans, args.games)
    except OSError as exc:
        print(f"cannot read the records: {exc.filename or ''}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    except (UnicodeDecodeError, RecordError) as exc:
        print(f"cannot read the records: {exc}", file=sys.stderr)
        return 1
    if not sum(ranks.total()):
        print(f"no turn of {args.seat!r} in these records (their Seats tag names the levels)",
              file=sys.stderr)
        return 1
    print("\n".join(report(ranks)))
    return 0
