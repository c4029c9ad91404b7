"""The ``sail-to-india`` command, and the one place where the screens are wired together.

``make_app`` opens the window (``scenes.core.app.App``), puts the client in the
player's language and registers every screen with the window's navigator, so that
screens reach each other by name (``Screen.TABLE``...) and never import each other.
``main`` parses the command line (see ``sail-to-india --help``) and starts the first
screen, or the headless self-test (``--smoke``).

Every import here is static, so PyInstaller finds every screen from this module. The
developers' tools (the UI monkey, the frame benchmark, the preview) are not imported:
they are a command of their own, ``python -m scenes.devtools``, left out of the
executable.
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import os
import sys

import pygame

from game.steps import shown
from game.version import version
from scenes.core.app import App, NoDisplay
from scenes.core.computer import stop_thinking
from scenes.core.navigator import Navigator, Screen
from scenes.core.netplay import ENV_CA
from scenes.core.review import open_review
from scenes.core.saves import (
    ENV_HOME,
    Notice,
    Settings,
    adopt_old_autosave,
    load_settings,
    open_record,
    remove_leftovers,
)
from scenes.screens.continue_game import ContinueScene
from scenes.screens.keys import KeysOverlay
from scenes.screens.leaders import LeadersScene
from scenes.screens.load_record import LoadRecordScene
from scenes.screens.lobby import LobbyScene
from scenes.screens.online import OnlineScene
from scenes.screens.playerkey import PlayerKeyOverlay
from scenes.screens.review import ReviewScene
from scenes.screens.rules import RulesOverlay
from scenes.screens.scoring import ScoringScene
from scenes.screens.settings import SettingsOverlay
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene
from scenes.screens.waiting_room import WaitingRoomScene
from scenes.selftest import smoke
from scenes.table.scene import TableScene
from scenes.text.catalog import LANGUAGES, set_language, t
from scenes.text.narrate import step_phrase
from scenes.ui.turn_news import TurnWords


def register_screens(navigator: Navigator) -> None:
    """Every screen by name: the only table of who is what."""
    navigator.register(Screen.TITLE, TitleScene)
    navigator.register(Screen.LOAD_RECORD, LoadRecordScene)
    navigator.register(Screen.CONTINUE, ContinueScene)
    navigator.register(Screen.SETUP, SetupScene)
    navigator.register(Screen.TABLE, TableScene)
    navigator.register(Screen.SCORING, ScoringScene)
    navigator.register(Screen.REVIEW, ReviewScene)
    navigator.register(Screen.SETTINGS, SettingsOverlay)
    navigator.register(Screen.KEYS, KeysOverlay)
    navigator.register(Screen.RULES, RulesOverlay)
    navigator.register(Screen.ONLINE, OnlineScene)
    navigator.register(Screen.WAITING_ROOM, WaitingRoomScene)
    navigator.register(Screen.LOBBY, LobbyScene)
    navigator.register(Screen.LEADERS, LeadersScene)
    navigator.register(Screen.PLAYER_KEY, PlayerKeyOverlay)


def make_app(*, window: tuple[int, int] | None = None, settings: Settings | None = None,
             notice: Notice | None = None, lang: str | None = None) -> App:
    """The game's window, in the player's language (``lang`` for this run only, else the
    setting, else the system's), with every screen registered."""
    remove_leftovers()  # temporary files of a write a crash cut short, long ago
    adopt_old_autosave()  # an earlier version's one autosave joins the list of games
    if settings is None:
        settings, notice = load_settings()
    set_language(lang or settings.language)
    app = App(settings, window=window, notice=notice, caption=t("game.title"))
    app.netplay.describe = step_phrase  # my online games name each table's last step
    app.turn_words = TurnWords()  # the caption and notifications of the player's turns
    register_screens(app.navigator)
    return app


# ----- the command ---------------------------------------------------------------------
def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="sail-to-india",
        description="Sail to India, the game of exploration and trade for 3 or 4 players: "
                    "play at one computer, taking turns or against computer players, "
                    "online with friends, or learn to play in a guided first game.")
    parser.add_argument("record", nargs="?", metavar="RECORD",
                        help="open this game record at the table and play on from its last step")
    parser.add_argument("--review", metavar="RECORD",
                        help="review this game record step by step (the record is not changed)")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--home", metavar="DIR",
                        help="use DIR as the data folder for this run; with --smoke, test a "
                             "copy of its files (DIR itself is never changed)")
    parser.add_argument("--smoke", action="store_true",
                        help="headless self-test: title, setup, table; exit 0 when all is well")
    parser.add_argument("--palette", choices=("classic", "colorblind"),
                        help="marker colours (default: the saved setting)")
    parser.add_argument("--window", metavar="WxH", help="initial window size, e.g. 1280x720")
    parser.add_argument("--lang", choices=LANGUAGES,
                        help="play in this language for this run (default: the saved setting, "
                             "else the system's language)")
    parser.add_argument("--screenshot", metavar="PNG",
                        help="save the screen to this file after a few frames, then exit")
    parser.add_argument("--trust-certificate", metavar="FILE",
                        help="trust this certificate (PEM) for wss:// servers, besides the "
                             "system's: a server on your own network with a certificate of "
                             "its own")
    return parser.parse_args(argv)


def window_size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"sail-to-india: --window wants WIDTHxHEIGHT, not {text!r}") from None
    return (w, h)


def main(argv: list[str] | None = None) -> int:
    # A spawned thinking process of the executable goes its own way here (when the
    # entry script has not sent it there already): it never opens a window.
    multiprocessing.freeze_support()
    try:
        return play(parse_args(argv))
    finally:
        stop_thinking()  # the computer players' process ends with the window


def play(args: argparse.Namespace) -> int:
    """The program as the command line asks for it."""
    if args.version:
        print(f"sail-to-india {version()}")
        return 0
    if args.smoke:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        return smoke.run_smoke(functools.partial(make_app, lang=args.lang), home=args.home)
    if args.home:
        os.environ[ENV_HOME] = args.home
    if args.trust_certificate:
        if not os.path.isfile(args.trust_certificate):
            print(f"sail-to-india: no certificate file at {args.trust_certificate}",
                  file=sys.stderr)
            return 2
        os.environ[ENV_CA] = os.path.abspath(args.trust_certificate)
    session = review = None
    try:
        if args.record:
            session = open_record(args.record)
        if args.review:
            review = open_review(args.review)
    except ValueError as exc:  # a record that cannot be opened: one line, nothing written
        print(f"sail-to-india: {shown(str(exc), 1000)}", file=sys.stderr)
        return 2
    window = window_size(args.window)
    try:
        app = make_app(window=window, lang=args.lang)
    except NoDisplay:  # over SSH with no X, say: one sentence, never a hidden game
        said = t("msg.no_display")
        print(f"sail-to-india: {said}", file=sys.stderr)
        return 1
    if args.palette:
        app.settings.palette = args.palette
    if review is not None:
        app.navigator.start(Screen.REVIEW, session=review)
    elif session is not None:
        app.navigator.start(Screen.TABLE, session=session, handoff_first=True)
    else:
        app.navigator.start(Screen.TITLE)
    if args.screenshot:
        shot = args.screenshot

        def take(app: App) -> None:
            if app.frames >= 3:
                app.screenshot(shot)
                app.quit()

        app.after_frame.append(take)
    code = app.run()
    app.notifier.close()
    app.netplay.close()  # the hosted table waits on disk for the next run
    pygame.quit()
    return code


if __name__ == "__main__":
    sys.exit(main())
