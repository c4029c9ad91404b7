"""``python -m scenes.devtools``: the developers' command, apart from the game's.

The UI monkey, the frame benchmark and the table preview open the same wired window
as the game (``scenes.main.make_app``) but are no part of what players run: the
``sail-to-india`` command does not know them, and the executable leaves this package
out. The product's own self-test, ``sail-to-india --smoke``, stays with the game.
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import tempfile
from collections.abc import Callable

import pygame

from scenes.core import gfx
from scenes.core.app import App
from scenes.core.computer import stop_thinking
from scenes.core.files import ENV_HOME
from scenes.core.layout import LOGICAL_SIZE
from scenes.core.session import SEAT_KINDS
from scenes.devtools import floodbench, framebench, stallbench, titlebench
from scenes.devtools.preview import PREVIEW, TablePreview, sample_state
from scenes.main import make_app, window_size
from scenes.selftest.monkey import Monkey, MonkeyCrash, peak_mb
from scenes.text.catalog import LANGUAGES

PROG = "python -m scenes.devtools"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Sail to India's tools for developers (one of --monkey, "
                               "--bench-frames or --preview).")
    tool = parser.add_mutually_exclusive_group(required=True)
    tool.add_argument("--monkey", type=int, metavar="N",
                      help="headless UI monkey: N random clicks, drags, keys, menu picks and "
                           "resizes with legal steps between, every one checked (--seed S)")
    tool.add_argument("--bench-frames", type=int, metavar="N",
                      help="time N frames of a mid-game table with a drag and animations "
                           "running; the last line is 'frame ms: median X  p99 Y'")
    tool.add_argument("--bench-title", type=int, metavar="N",
                      help="time N frames of the title without, then with, 30 online tables "
                           "on 3 local servers followed; the last two lines are the medians")
    tool.add_argument("--bench-stall", type=float, metavar="SECONDS",
                      help="an online table whose server stalls for SECONDS while this "
                           "window plays on; the last line is the frame times meanwhile")
    tool.add_argument("--bench-flood", type=float, metavar="SECONDS",
                      help="time the table's frames and the memory while a hostile server "
                           "floods it for SECONDS")
    tool.add_argument("--preview", action="store_true",
                      help="show the table with sample markers (to judge the look)")
    parser.add_argument("--seed", type=int, default=7, help="the --monkey run's seed (default 7)")
    parser.add_argument("--rss-at", metavar="N,M", default="",
                        help="with --monkey: print the process's resident memory after N and M "
                             "events, and its growth between them (a memory benchmark)")
    parser.add_argument("--seats", metavar="KINDS",
                        help="the --monkey game's seats, e.g. human,easy,human (default: people)")
    parser.add_argument("--thinking", choices=("easy", "medium", "hard", "expert"),
                        help="with --bench-frames: a computer player of this level thinks "
                             "all the while, in its thread")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4,
                        help="players in the --preview sample, the --monkey game or the "
                             "--bench-frames table (default 4)")
    parser.add_argument("--palette", choices=("classic", "colorblind"),
                        help="marker colours (default: the saved setting)")
    parser.add_argument("--window", metavar="WxH", help="initial window size, e.g. 1280x720")
    parser.add_argument("--lang", choices=LANGUAGES,
                        help="the language for this run (default: the saved setting, else the "
                             "system's language)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    try:
        return run(parse_args(argv))
    finally:
        stop_thinking()  # the computer players' process, if a table started it


def run(args: argparse.Namespace) -> int:
    """The tool the command line asks for."""
    window = window_size(args.window)
    if args.monkey is not None:
        seats = [s.strip().lower() for s in args.seats.split(",")] if args.seats else None
        if seats and (len(seats) not in (3, 4) or not set(seats) <= set(SEAT_KINDS)):
            raise SystemExit(f"{PROG}: --seats wants 3 or 4 of {', '.join(SEAT_KINDS)}")
        players = len(seats) if seats else args.players
        opened = functools.partial(make_app, lang=args.lang, window=window)
        try:
            rss_at = [int(v) for v in args.rss_at.split(",") if v.strip()]
        except ValueError:
            raise SystemExit(f"{PROG}: --rss-at wants event counts, e.g. 2000,12000") from None
        return run_monkey(opened, args.monkey, args.seed, players, seats, rss_at=rss_at,
                          window=window)
    if args.bench_title is not None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        return titlebench.main(functools.partial(make_app, window=window or LOGICAL_SIZE,
                                                 lang=args.lang), max(1, args.bench_title))
    if args.bench_stall is not None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        app = make_app(window=window or LOGICAL_SIZE, lang=args.lang)
        return stallbench.main(app, args.bench_stall)
    if args.bench_flood is not None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        app = make_app(window=window or LOGICAL_SIZE, lang=args.lang)
        return floodbench.main(app, args.bench_flood)
    if args.bench_frames is not None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        # the logical size shown 1:1 unless asked otherwise: the figure the budget is for
        app = make_app(window=window or LOGICAL_SIZE, lang=args.lang)
        _palette(app, args.palette)
        return framebench.main(app, args.bench_frames, args.players, args.thinking)
    app = make_app(window=window, lang=args.lang)
    _palette(app, args.palette)
    app.navigator.register(PREVIEW, TablePreview)
    app.navigator.start(PREVIEW, state=sample_state(args.players))
    code = app.run()
    pygame.quit()
    return code


def run_monkey(make_app: Callable[[], App], events: int, seed: int, players: int = 4,
               seats: list[str] | None = None, rss_at: list[int] | None = None,
               window: tuple[int, int] | None = None) -> int:
    """``python -m scenes.devtools --monkey N``: headless, in a temporary data folder (the player's
    autosave and settings are never touched); the figures printed, exit status 1 at a
    crash (printed with the seed and the events before it)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    folder = tempfile.mkdtemp(prefix="sail-to-india-monkey-")
    os.environ[ENV_HOME] = folder
    try:
        # with --window the window keeps that size (its resizes are to it), and memory is
        # measured at it: a 4K window's own figure
        monkey = Monkey(make_app(), seed, players=players, seats=seats,
                        **({"sizes": (window,)} if window else {}))
        every = max(1, events // 10)
        measured: dict[int, float] = {}

        def progress(index: int) -> None:
            if (index + 1) % every == 0:
                print(f"  {index + 1} events", flush=True)
            if rss_at and index + 1 in rss_at:
                rss = monkey.settled_rss(window or gfx.LOGICAL_SIZE)
                if rss is not None:
                    measured[index + 1] = rss
                    print(f"  rss after {index + 1} events: {rss:.0f} MB", flush=True)

        try:
            report = monkey.run(events, progress)
        except MonkeyCrash as crash:
            print(str(crash))
            return 1
        for line in report.lines():
            print(line)
        peak = peak_mb()
        if rss_at and peak is not None:
            print(f"rss peak: {peak:.0f} MB (the most resident at any moment of the run)")
        if len(measured) >= 2:
            (first, low), (last, high) = min(measured.items()), max(measured.items())
            print(f"rss: {players} players, seed {seed}: {low:.0f} MB after {first} events, "
                  f"{high:.0f} MB after {last}: {100 * (high - low) / low:+.1f}%")
        if report.robot_refusals:
            print(f"the gesture robot could not make {len(report.robot_refusals)} step(s):")
            for line in report.robot_refusals[:10]:
                print(f"  {line}")
        return 0
    finally:
        pygame.quit()
        shutil.rmtree(folder, ignore_errors=True)


def _palette(app: App, palette: str | None) -> None:
    if palette:
        app.settings.palette = palette

