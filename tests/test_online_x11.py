"""Two instances of the program on one machine, each on a real X server of its own
(Xvfb, skipped where it is not installed), driven as a person would with xdotool:
one hosts a table, the other joins it by typing the invite code, the host seats a
computer and starts, and each makes a step by dragging a marker. The table listens
on 127.0.0.1 only (``SAIL_TO_INDIA_BIND``), so nothing leaves this machine.
Screenshots of both windows are kept in the test's folder (1280x720 and 1920x1080).
"""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from test_window_x11 import ROOT, game_env, xvfb

from scenes.core import zones as Z
from scenes.core.layout import table_layout

pytestmark = [
    pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
                       reason="Xvfb or xdotool is not installed"),
    pytest.mark.timeout(240),
]

LOGICAL = (1920, 1080)
# Where the screens' controls are, in the layout's logical pixels (scenes.screens.*)
PLAY_ONLINE = (960, 708)
NAME_FIELD = (530, 278)
HOST = (810, 498)
CODE_FIELD = (440, 904)
JOIN = (820, 904)
SEAT_COMPUTER = (620, 808)
START = (1410, 956)


def wait(ok: Callable[[], object], what: str, seconds: float = 40.0) -> object:
    """Poll ``ok`` until it gives something (bounded in time: failing says ``what``)."""
    deadline = time.monotonic() + seconds
    for _ in range(int(seconds * 20)):
        got = ok()
        if got:
            return got
        if time.monotonic() > deadline:
            break
        time.sleep(0.05)
    raise AssertionError(f"never: {what}")


class Player:
    """One program on its own X server, and the hand that moves its mouse."""

    def __init__(self, display: str, size: tuple[int, int], home: Path) -> None:
        self.display, self.size, self.home = display, size, home
        env = game_env(display, home)
        env["SAIL_TO_INDIA_BIND"] = "127.0.0.1"
        self.env = env
        # Once, on a machine busy with the rest of the suite, the program found no
        # display on a just-started Xvfb: a program that ends at start has a second try.
        for attempt in range(2):
            home.mkdir(parents=True, exist_ok=True)
            self.log = home / f"program-{attempt}.log"  # (what it said, kept for a failure)
            with self.log.open("wb") as out:
                self.proc = subprocess.Popen([sys.executable, "-m", "scenes"], cwd=ROOT,
                                             env=env, stdout=out, stderr=subprocess.STDOUT)
            try:
                wait(lambda: self.proc.poll() is not None
                     or self._x("search", "--pid", str(self.proc.pid), check=False).strip(),
                     "the window opened")
            except AssertionError:
                self.close()
                raise
            if self.proc.poll() is None:
                break
            out = self.log.read_text("utf-8", errors="replace")
            if attempt:
                raise AssertionError(f"the program ended at start: {out[-2000:]}")
            time.sleep(1.0)
        time.sleep(1.0)

    def _x(self, *args: str, check: bool = True) -> str:
        out = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True,
                             timeout=20)
        if check and out.returncode != 0:
            raise AssertionError(f"xdotool {args}: {out.stderr}")
        return out.stdout

    def at(self, pos: tuple[int, int]) -> tuple[str, str]:
        """A logical point in the window's pixels (the window fills the screen)."""
        sx, sy = self.size[0] / LOGICAL[0], self.size[1] / LOGICAL[1]
        return str(round(pos[0] * sx)), str(round(pos[1] * sy))

    def click(self, pos: tuple[int, int]) -> None:
        self._x("mousemove", *self.at(pos))
        time.sleep(0.15)
        self._x("click", "1")
        time.sleep(0.4)

    def _picture(self) -> bytes:
        """The screen, made small (a fade shows in it; a caret's blink hardly does)."""
        out = subprocess.run(["import", "-window", "root", "-resize", "96x54!", "-depth", "8",
                              "rgb:-"], env=self.env, capture_output=True, timeout=30,
                             check=False)
        return out.stdout

    def still(self, seconds: float = 20.0) -> None:
        """Wait until the screen stops changing (a screen's fade in is over): two
        pictures a fifth of a second apart that differ by less than one level in 255
        on average. Bounded: after ``seconds`` it goes on, and the next wait says what
        did not happen."""
        deadline = time.monotonic() + seconds
        before = self._picture()
        while time.monotonic() < deadline:
            time.sleep(0.2)
            now = self._picture()
            if before and len(now) == len(before) and \
                    sum(abs(a - b) for a, b in zip(before, now, strict=True)) < len(now):
                return
            before = now

    def open(self, pos: tuple[int, int]) -> None:
        """A click that changes the screen, and the wait for the new one to stand still."""
        self.click(pos)
        self.still()

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        self._x("mousemove", *self.at(start))
        time.sleep(0.15)
        self._x("mousedown", "1")
        time.sleep(0.15)
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        self._x("mousemove", *self.at(mid))
        time.sleep(0.1)
        self._x("mousemove", *self.at(end))
        time.sleep(0.15)
        self._x("mouseup", "1")
        time.sleep(0.6)

    def type(self, text: str) -> None:
        self._x("type", "--delay", "40", text)
        time.sleep(0.3)

    def key(self, name: str) -> None:
        self._x("key", name)
        time.sleep(0.4)

    def games(self) -> list[dict]:
        path = self.home / "online-games.json"
        with contextlib.suppress(OSError, ValueError):
            return list(json.loads(path.read_text("utf-8"))["games"])
        return []

    def shot(self, path: Path) -> None:
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, timeout=30,
                       check=False)

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


@contextlib.contextmanager
def player(size: tuple[int, int], home: Path) -> Iterator[Player]:
    """One program on its own X server; a test that fails after the program ended says
    how it ended (its exit status and the end of what it wrote)."""
    with xvfb(f"{size[0]}x{size[1]}") as display:
        one = Player(display, size, home)
        try:
            yield one
        except AssertionError as exc:
            status = one.proc.poll()
            if status is None:
                raise
            said = one.log.read_text("utf-8", errors="replace")[-3000:]
            raise AssertionError(f"{exc}; the program in {home.name} had ended "
                                 f"(status {status}): {said}") from exc
        finally:
            one.close()


def _query(home: Path, sql: str) -> list[tuple]:
    db = home / "online" / "tables.sqlite3"
    if not db.exists():
        return []
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con, \
            contextlib.suppress(sqlite3.Error):
        return list(con.execute(sql))
    return []


def seats_at(home: Path) -> int:
    """How many seats of the hosted table are taken (its server's file, read only)."""
    rows = _query(home, "SELECT COUNT(*) FROM seats")
    return int(rows[0][0]) if rows else 0


def status_at(home: Path) -> str:
    rows = _query(home, "SELECT status FROM tables")
    return str(rows[0][0]) if rows else ""


def first_at(home: Path) -> int | None:
    """The seat the hosted server drew to play first (None before the start)."""
    rows = _query(home, "SELECT first FROM tables WHERE status = 'playing'")
    return int(rows[0][0]) if rows else None


def steps_at(home: Path) -> list[tuple[int, str]]:
    """The steps the hosted server logged (its SQLite file, read without writing)."""
    db = home / "online" / "tables.sqlite3"
    if not db.exists():
        return []
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con, \
            contextlib.suppress(sqlite3.Error):
        return [(int(seat), str(text)) for seat, text in
                con.execute("SELECT seat, text FROM steps ORDER BY number")]
    return []


@pytest.mark.skipif(shutil.which("import") is None, reason="ImageMagick is not installed")
def test_two_programs_host_join_and_each_make_a_step(tmp_path: Path) -> None:
    from online.accounts import make_invite

    layout = table_layout(3)
    with player((1280, 720), tmp_path / "ann") as ann, \
            player((1920, 1080), tmp_path / "bob") as bob:
        ann.open(PLAY_ONLINE)
        ann.click(NAME_FIELD)
        ann.type("Ann")
        ann.click(HOST)
        hosted = wait(ann.games, "the host kept its seat")[0]
        code = make_invite(hosted["server"], hosted["table"], hosted["invite"])
        ann.shot(tmp_path / "host-room-1280x720.png")

        bob.open(PLAY_ONLINE)
        bob.click(NAME_FIELD)
        bob.type("Bob")
        bob.click(CODE_FIELD)
        bob.type(code)
        bob.click(JOIN)
        try:
            wait(bob.games, "the friend took a seat")
        except AssertionError:
            bob.shot(tmp_path / "join-failed.png")
            raise
        bob.shot(tmp_path / "join-room-1920x1080.png")

        wait(lambda: seats_at(ann.home) == 2, "the host's room saw the friend")
        time.sleep(0.5)
        ann.click(SEAT_COMPUTER)
        wait(lambda: seats_at(ann.home) == 3, "a computer took the last seat")
        time.sleep(0.8)  # the room hears of it and enables Start
        ann.click(START)
        wait(lambda: status_at(ann.home) == "playing", "the game started")
        time.sleep(1.0)  # the fade to the table begins
        ann.still()
        bob.still()

        # The server drew who plays first: each seat in turn from there, the computer
        # (seat 2) by itself, each person by a drag and End turn.
        first = wait(lambda: first_at(ann.home) is not None and first_at(ann.home) + 1,
                     "the starting seat was drawn") - 1
        for seat in [(first + k) % 3 for k in range(3)]:
            if seat == 2:
                wait(lambda: (2, "end") in steps_at(ann.home), "the computer played its turn")
                continue
            who, whose = (ann, "the host's") if seat == 0 else (bob, "the friend's")
            time.sleep(1.5)  # the turn reaches that program's table
            who.drag(layout.rect(Z.stock(seat)).center, layout.rect(Z.lisboa(seat)).center)
            wait(lambda s=seat: (s, "employ") in steps_at(ann.home),
                 f"{whose} drag made its step")
            who.click(layout.rect(Z.button("end_turn")).center)
            who.key("Return")  # End turn with an action point left asks first: yes
            wait(lambda s=seat: (s, "end") in steps_at(ann.home), f"{whose} turn ended")
        time.sleep(1.5)
        ann.shot(tmp_path / "host-table-1280x720.png")
        bob.shot(tmp_path / "join-table-1920x1080.png")
        assert (tmp_path / "join-table-1920x1080.png").exists()
