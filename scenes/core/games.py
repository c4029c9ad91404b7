"""The games in progress: one autosave file each, locked while a program plays it.

Each game autosaves to a file of its own in ``games/`` (a ``GameFile``), named when
the game is dealt: a new game never replaces another, and two programs playing at once
never write the same file. A game being played is locked (an OS lock on the hidden
``.<game>.lock`` beside it, let go when the game is left, or when the program ends,
even by a crash), so a second program cannot continue it at the same time. Continue
lists the games newest first (``list_games``); finished or unwanted ones can be
removed (``remove_game``). A game dealt here and left before anyone made a step is not
kept: its file goes with its lock, so a player who tries New game twice finds no
empty deals under Continue. The single ``autosave.txt`` of earlier versions joins the
list at start-up (``adopt_old_autosave``). ``saves`` names all of this for the screens.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import os
import secrets
import time
import weakref
from pathlib import Path

from game.record import RecordError, parse_record, read_record_text
from online.lockfile import try_lock
from scenes.core.files import atomic_write, data_dir
from scenes.core.session import Session

#: The one autosave of earlier versions (adopted into ``games/`` at start-up).
AUTOSAVE = "autosave.txt"
GAMES = "games"


def games_dir() -> Path:
    return data_dir() / GAMES


class GameInUse(OSError):
    """The game is being played by another program (its lock is held)."""


#: Locks this program holds, by game file: the lock file's descriptor, and how many
#: ``GameFile`` objects hold it (the lock goes when the last of them does).
_HELD: dict[Path, list[int]] = {}


def _lock_path(game: Path) -> Path:
    """The lock file beside a game: hidden, as it is no game itself."""
    return game.with_name(f".{game.stem}.lock")


def lock_game(game: Path) -> None:
    """Hold ``game`` for this program (GameInUse when another program plays it; another
    OSError when the folder refuses the lock file). Each call is one more holder,
    let go by ``_let_go``."""
    game = Path(game)
    held = _HELD.get(game)
    if held is not None:
        held[1] += 1
        return
    game.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(_lock_path(game), os.O_RDWR | os.O_CREAT, 0o600)
    if not try_lock(fd):
        os.close(fd)
        raise GameInUse(errno.EBUSY, "the game is open in another window", str(game))
    _HELD[game] = [fd, 1]


def _let_go(game: Path) -> bool:
    """One holder of ``game`` is done with it; the lock goes with the last one (True
    when it went)."""
    held = _HELD.get(game)
    if held is None:
        return False
    held[1] -= 1
    if held[1] <= 0:
        release_game(game)
        return True
    return False


def _leave(game: Path, played: list[bool]) -> None:
    """A ``GameFile`` is gone: let go of its game, and remove the file of a game it
    dealt that was left before its first step (nothing in it to continue)."""
    if _let_go(game) and not played[0]:
        with contextlib.suppress(OSError):
            game.unlink(missing_ok=True)
        with contextlib.suppress(OSError):
            _lock_path(game).unlink(missing_ok=True)


def release_game(game: Path) -> None:
    """Let go of a game this program held, whoever holds it (nothing when none)."""
    held = _HELD.pop(Path(game), None)
    if held is not None:
        with contextlib.suppress(OSError):
            os.close(held[0])  # closing the descriptor lets go of its lock


def let_go_of_left_games() -> None:
    """Let go now of the games whose sessions were left (the title shows: no table
    plays one), so another window may continue them at once. A session the table
    left sits in reference cycles (scenes, callbacks) that are freed only when the
    collector next runs; collecting here runs the ``GameFile`` finalizers that let go.
    A game still played (a live session) stays held."""
    if _HELD:
        gc.collect()


def in_use_elsewhere(game: Path) -> bool:
    """Whether another program is playing ``game`` now."""
    game = Path(game)
    if game in _HELD:
        return False
    try:
        fd = os.open(_lock_path(game), os.O_RDWR)
    except OSError:
        return False  # no lock file: nobody ever played it here
    try:
        free = try_lock(fd)
    finally:
        os.close(fd)  # also lets go of the lock just taken to look
    return not free


def _fresh_game_path(now: time.struct_time | None = None) -> Path:
    """A name no game has: the deal's date and time, and a random tail (two programs
    dealing in the same second still differ)."""
    stamp = time.strftime("%Y-%m-%d-%H%M%S", now or time.localtime())
    folder = games_dir()
    while True:
        path = folder / f"{stamp}-{secrets.token_hex(3)}.txt"
        if not _taken(path):
            return path


def _taken(path: Path) -> bool:
    """Whether something is at ``path``. A folder this program may not search (left by
    a run as another user) cannot say: the name is used, and the write that follows
    fails with the reason, which the table tells as it tells a full disk."""
    try:
        os.lstat(path)
    except OSError:  # not there, or not to be known: the write will say which
        return False
    return True


class GameFile:
    """A session's autosave callback: the game's own file in ``games/``, written whole
    and atomically at every step, and held for this program from its first write (or
    from being continued) for as long as the session keeps this object: when the game
    is left and the session dropped, another program may continue it."""

    def __init__(self, path: Path | None = None) -> None:
        #: Whether the game has a step (a game continued from a file counts as played:
        #: only a deal made here and left unplayed is removed). A list, as the
        #: finalizer reads it after this object is gone.
        self._played = [path is not None]
        self.path = Path(path) if path is not None else _fresh_game_path()
        self._holding = False

    def hold(self) -> None:
        """Lock the game for this program until this object is gone (GameInUse when
        another program plays it)."""
        if self._holding:
            return
        lock_game(self.path)
        self._holding = True
        weakref.finalize(self, _leave, self.path, self._played)

    def __call__(self, record_text: str) -> None:
        self.hold()
        atomic_write(self.path, record_text)
        if not self._played[0]:  # read while the record is short: a header, a few steps
            with contextlib.suppress(RecordError):
                record = parse_record(record_text)
                # a lesson read past its first page keeps its place, even before a step
                self._played[0] = bool(record.steps) or record.tag("Lesson") not in (None, "0")

    @property
    def played(self) -> bool:
        return self._played[0]

    def read(self) -> str | None:
        """The file's record text, or None when there is none or it cannot be read."""
        try:
            return read_record_text(self.path)
        except RecordError:
            return None

    def __repr__(self) -> str:
        return f"GameFile({self.path.name})"


def new_game_file() -> GameFile:
    """The autosave of a game about to be dealt: a new file, written at its first step."""
    return GameFile()


def list_games() -> list[Path]:
    """The autosaved games, newest first; an earlier version's ``autosave.txt`` that
    could not be moved into ``games/`` among them, so it is never out of sight."""
    folder = games_dir()
    try:
        # (a folder readable but not searchable refuses is_file: nothing is listed)
        found = [p for p in folder.iterdir() if p.suffix == ".txt" and p.is_file()]
    except OSError:
        found = []
    old = data_dir() / AUTOSAVE
    with contextlib.suppress(OSError):
        if old.is_file():
            found.append(old)
    return sorted(found, key=_modified, reverse=True)


def has_games() -> bool:
    return bool(list_games())


def open_game(path: Path) -> Session:
    """An autosaved game, ready to play on, writing to its own file again (RecordError
    when it cannot be read or replayed, named by its file name; GameInUse when another
    program is playing it). Slow for a long record: called off the window's thread."""
    path = Path(path)
    if in_use_elsewhere(path):
        raise GameInUse(errno.EBUSY, "the game is open in another window", str(path))
    try:
        text = read_record_text(path)
    except RecordError as exc:
        raise exc.naming(path.name) from None
    game = GameFile(path)
    session = Session.from_record(parse_record(text), autosave=game)
    game.hold()  # GameInUse when another program took it while this one was reading
    return session


def remove_game(path: Path) -> None:
    """Delete an autosaved game the player chose to remove (and its lock file); OSError
    when the folder refuses, GameInUse when another program is playing it."""
    path = Path(path)
    if in_use_elsewhere(path):
        raise GameInUse(errno.EBUSY, "the game is open in another window", str(path))
    release_game(path)
    path.unlink(missing_ok=True)
    with contextlib.suppress(OSError):
        _lock_path(path).unlink(missing_ok=True)


def adopt_old_autosave() -> Path | None:
    """Move the single ``autosave.txt`` of an earlier version into ``games/`` (named by
    its date), so it is listed with the others and never written over; where it went,
    or None (none there, or the folder refused: it is then left where it was, and
    ``list_games`` lists it there)."""
    old = data_dir() / AUTOSAVE
    if not old.is_file():
        return None
    target = _fresh_game_path(time.localtime(_modified(old)))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(old, target)
    except OSError:
        return None
    return target


def _modified(path: Path) -> float:
    """When a file was last written (0 when it vanished meanwhile)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


__all__ = ["AUTOSAVE", "GAMES", "GameFile", "GameInUse", "adopt_old_autosave", "games_dir",
           "has_games", "in_use_elsewhere", "let_go_of_left_games", "list_games",
           "lock_game", "new_game_file", "open_game", "release_game", "remove_game"]
