"""Shared fixtures: every UI test runs headless and keeps its files in a temporary home;
the openings many tests share (a window, the gesture robot on it, a data folder by path,
a game server) are fixtures here rather than pasted into each file."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

# PostgreSQL's fixtures (a throw-away cluster, a database a test), for the tests that
# ask for them.
pytest_plugins = ["pghelp"]

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The tests read English unless they choose a language: the machine's own locale
# (the game's default) must not decide.
os.environ["LANGUAGE"] = "en"
# Computer seats think where the game's do, in the program's thinking process
# (scenes.core.computer): one per test process, started by the first seat that thinks
# (about a quarter of a second) and reused by every later test there, so the tables of
# the UI tests play through the path players use. Measured under the same load, the
# suite took as long either way (463 s with the process, 489 s with threads, load
# average about 4). SAIL_TO_INDIA_THINKING=thread runs it with threads (the fallback).
# A table hosted by a test listens on the loopback address alone, and its invite code
# names that address: never this machine's network address.
os.environ["SAIL_TO_INDIA_BIND"] = "127.0.0.1"


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Saves and settings go to a fresh folder, never the developer's own."""
    monkeypatch.setenv("SAIL_TO_INDIA_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture
def home(tmp_path, monkeypatch: pytest.MonkeyPatch):
    """The test's data folder by path, not created (a test may put a file there)."""
    monkeypatch.setenv("SAIL_TO_INDIA_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def app() -> Iterator[object]:
    """A game window (dummy driver). pygame stays initialised between tests, as fonts
    are cached for the whole process."""
    from scenes.main import make_app

    made = make_app()
    yield made
    made.turns.close()  # (the followers of a test's online games, if any)


@pytest.fixture
def hand(app) -> Iterator[object]:
    """The gesture robot on the ``app`` fixture's window (the same app); afterwards the
    app's online connections are closed, whatever the test left open."""
    from scenes.selftest.gestures import Hand

    yield Hand(app)
    app.netplay.close()


@pytest.fixture
def server(tmp_path) -> Iterator[object]:
    """A game server on 127.0.0.1 (a free port), its tables in the test's folder; the
    first seat of a table's deal always plays first (``onlinehelp.FirstSeat``)."""
    from onlinehelp import FirstSeat

    from online.thread import ServerThread

    started = ServerThread(str(tmp_path / "tables.db"), rng=FirstSeat())
    started.start()
    yield started
    started.stop()
