"""``sail-to-india --smoke``: a headless run through the real window and events.

It opens the window with the dummy video driver, clicks New game on the title and
Set sail on the setup screen with synthesised mouse events at the buttons' own
positions, checks that a game was dealt and reached the table, plays a few drags
there (each checked to have become an engine step), then plays a short scripted
game to the end and checks that the scoring scene shows it; and a computer seat
chooses a step where the tables' seats think (in the executable: the executable
started again as the thinking process, ``game.ai.worker``). Files go to a
temporary home, never the player's own, which is removed at the end. With ``--home
DIR`` the temporary home starts as a copy of DIR's files (settings, autosave, saved
records), so a player's own files can be put through the run without being changed:
the run reports the copied games the title offers to continue, and why any of them
cannot be opened.
"""

from __future__ import annotations

import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pygame

from game.deal import deal_towns
from game.rules import is_legal
from game.state import State
from online.standing import ratings_work
from scenes.core import gfx
from scenes.core.app import App
from scenes.core.computer import Thinker
from scenes.core.navigator import Screen
from scenes.core.netplay import ENV_BIND
from scenes.core.saves import ENV_HOME, GAMES, RECORDS, list_games, summarize_record
from scenes.core.session import Session
from scenes.screens.scoring import ScoringScene
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene
from scenes.selftest.gestures import GestureError, Hand
from scenes.selftest.online_smoke import online_smoke
from scenes.table.scene import TableScene
from scenes.text.catalog import language, t
from scenes.text.reasons import record_error_text

# A three-player race to India on a fixed deal: Ann sails one ship out town by town
# (one discovery a turn); the others pass. India (position 9) ends the game.
SCRIPT_TOWNS = ["T01", "T07", "T12", "T05", "T03", "T09", "T02", "T11", "T08"]
SCRIPT_TURNS = [
    ["move L-1", "done", "move 1-2", "done"],
    ["move 2-3", "done", "move 3-4", "done"],
    ["move 4-5", "done"],
    ["move 5-6", "done"],
    ["move 6-7", "done"],
    ["move 7-8", "done"],
    ["move 8-9", "done"],
]


#: How long a computer seat may take to choose its first step (seconds): the thinking
#: process starts first, which takes a fraction of a second.
THINK_WITHIN = 60.0


def click(pos: tuple[int, int]) -> None:
    """Queue a left click (press and release) at a logical position."""
    at = gfx.to_window(pos)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))
    pygame.event.post(motion)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))


#: Sounds the run must have played: the hand's, a payment, a voyage and its discovery,
#: the turn passing, the final round and the end.
SMOKE_SOUNDS = ("pickup", "drop", "coins_pay", "sail", "flip", "turn", "final_round",
                "game_end")


def scripted_steps() -> list[str]:
    steps: list[str] = []
    for turn in SCRIPT_TURNS:
        steps += [*turn, "end", "end", "end"]
    return steps


def copy_home(source: str | Path, home: Path) -> None:
    """Copy the regular files of a data folder (and of its records and games folders)
    into ``home``; a pipe, a device or a folder in their place is left behind."""
    source = Path(source)
    for folder, into in ((source, home), (source / RECORDS, home / RECORDS),
                         (source / GAMES, home / GAMES)):
        try:
            entries = list(folder.iterdir())
        except OSError:
            continue
        into.mkdir(parents=True, exist_ok=True)
        for entry in entries:
            try:
                if stat.S_ISREG(entry.lstat().st_mode):
                    shutil.copyfile(entry, into / entry.name)
            except OSError:
                continue


def think_once(st: State) -> str | None:
    """Where a computer seat thought when it chose a legal step for ``st`` (None when it
    did not choose one in time)."""
    thinker = Thinker("expert", "smoke")  # the level with the most to load (its weights)
    thinker.start(st)
    thinker.wait(THINK_WITHIN)
    try:
        chosen = thinker.result(st)
    except Exception as exc:
        print(f"smoke: the computer seat failed: {exc}", file=sys.stderr)
        return None
    if chosen is None or not is_legal(st, chosen):
        return None
    return "in a thread" if thinker.player is not None else "in the thinking process"


def run_smoke(make_app: Callable[[], App], home: str | None = None) -> int:
    """The whole run; ``make_app`` opens the wired window (``scenes.main.make_app``);
    ``home``, a data folder whose files are tested as a copy."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    folder = Path(tempfile.mkdtemp(prefix="sail-to-india-smoke-"))
    try:
        if home is not None:
            copy_home(home, folder)
        os.environ[ENV_HOME] = str(folder)  # never touch the player's files
        os.environ[ENV_BIND] = "127.0.0.1"  # the table it hosts: this machine only
        return _run(make_app)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _run(make_app: Callable[[], App]) -> int:
    app = make_app()
    app.navigator.start(Screen.TITLE)
    hand = Hand(app)

    def settle(frames: int = 40) -> None:
        app.run(max_frames=app.frames + frames, fixed_dt=1 / 30)

    def fail(why: str) -> int:
        print(f"smoke: FAILED: {why}", file=sys.stderr)
        pygame.quit()
        return 1

    title = app.stack.top
    if not isinstance(title, TitleScene):
        return fail("the title scene did not open")
    settle(2)
    if title.message:
        print(f"smoke: the title says: {title.message}")
    games = list_games()
    if games:
        print(f"smoke: {len(games)} saved game(s) to continue")
    for game in games:
        summary = summarize_record(game)
        if summary.error is not None:
            print(f"smoke: a saved game cannot be opened: {record_error_text(summary.error)}")
    click(title.new_button.rect.center)
    settle()
    setup = app.stack.top
    if not isinstance(setup, SetupScene):
        return fail(f"New game led to {type(setup).__name__}, not the setup screen")
    click(setup.start_button.rect.center)
    settle()
    hand.dismiss_handoff()
    table = app.stack.top
    if not isinstance(table, TableScene):
        return fail(f"Set sail led to {type(table).__name__}, not the table")
    session = table.session
    if len(session.state.names) != setup.players:
        return fail("the game was not dealt for the chosen players")
    # A few drags on the dealt game: employ, a voyage from Lisboa, its cargo, Done.
    try:
        for step in ("employ", "move L-1", "cargo 1g1", "done"):
            hand.play(step)
    except GestureError as exc:
        return fail(f"a drag did not become its step: {exc}")
    if session.steps[:4] != ["employ", "move L-1", "cargo 1g1", "done"]:
        return fail(f"the drags made {session.steps}")
    drags = len(session.steps)
    # A short scripted game to the scoring scene, every step by the mouse.
    scripted = Session(["Ann", "Bea", "Cy"], SCRIPT_TOWNS)
    app.navigator.start(Screen.TABLE, session=scripted)
    settle(2)
    try:
        for step in scripted_steps():
            hand.play(step)
    except GestureError as exc:
        return fail(f"the scripted game stopped: {exc}")
    settle(30)
    if not isinstance(app.stack.top, ScoringScene) or not scripted.over:
        return fail(f"the scripted game ended on {type(app.stack.top).__name__}")
    sounds = app.sounds
    unheard = [name for name in SMOKE_SOUNDS if not sounds.asked[name]]
    if unheard:
        return fail(f"no sound was played for: {', '.join(unheard)}")
    if sounds.missing():
        return fail(f"sound files missing or unreadable: {', '.join(sounds.missing())}")
    try:
        online = online_smoke(app, hand)
    except GestureError as exc:
        return fail(f"online play: {exc}")
    if not ratings_work():
        return fail("online games cannot be rated: the rating library did not load")
    where = think_once(scripted.states[0])
    if where is None:
        return fail(f"a computer seat did not choose a step within {THINK_WITHIN:.0f} s")
    # and a decision at a table of four, where the expert plans with its table of the
    # turns left
    if think_once(State.start(["Ann", "Bea", "Cy", "Dee"], deal_towns(4, "smoke"))) is None:
        return fail("a computer seat at a table of four did not choose a step within "
                    f"{THINK_WITHIN:.0f} s")
    winners = [scripted.names[w] for w in scripted.state.winners or []]
    print(f"smoke: ok: title -> setup -> table ({drags} drags became steps), "
          f"scripted game of {len(scripted.steps)} steps -> scoring, winner {', '.join(winners)}; "
          f"{app.frames} frames; {sum(sounds.asked.values())} sounds"
          f"{'' if sounds.live else ' (no audio device)'}; {online}, rated; "
          f"a computer seat's step thought {where}; "
          f"language {language()}: {t('score.heading')}")
    pygame.quit()
    return 0


__all__ = ["click", "run_smoke", "scripted_steps"]
