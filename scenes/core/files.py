"""Writing the game's files so that a crash never leaves half a file, and putting the
system's refusals into words.

The data folder is ``SAIL_TO_INDIA_HOME`` when set (tests and portable installs), else
the platform's per-user data folder, found without extra dependencies. Every write
goes to a temporary file in the same folder and is then renamed over the target
(``os.replace`` is atomic, and the folder is synced after it, so a power cut cannot
undo a completed save): a file is always either the old or the new version. What the
game keeps in that folder, and how, is ``saves``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.words import Phrase, phrase

ENV_HOME = "SAIL_TO_INDIA_HOME"
APP_DIR = "sail-to-india"


@dataclass(frozen=True)
class Notice:
    """One sentence for the player: a translation key and its values. It is put into
    words where it is shown, so it follows the player's language."""

    key: str
    values: dict[str, object] = field(default_factory=dict)

    @classmethod
    def of(cls, key: str, /, **values: object) -> Notice:
        return cls(key, values)


def data_dir() -> Path:
    """The folder for autosave, settings and saved records (not created here)."""
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home).expanduser()
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA") or os.environ.get("LOCALAPPDATA")
        root = Path(base) if base else Path.home() / "AppData" / "Roaming"
        return root / "Sail to India"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Sail to India"
    xdg = os.environ.get("XDG_DATA_HOME")
    root = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return root / APP_DIR


def _umask() -> int:
    """The process's file creation mask (read by setting it back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def atomic_write(path: str | Path, text: str, *, shared: bool = False) -> Path:
    """Write ``text`` to ``path`` through a temporary file and a rename, then sync the
    folder so the rename itself survives a power cut (OSError when the disk refuses).
    The file is the player's alone, unless ``shared`` (a record saved to hand to
    others): then it is readable as any document the player makes (0666 less umask)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if shared:
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(path.parent)
    return path


def _sync_folder(folder: Path) -> None:
    """fsync a folder, so a rename inside it is on the disk. Windows cannot open a
    folder, and some file systems refuse to sync one: the file itself is synced
    already, so that is no reason to fail the save."""
    if sys.platform.startswith("win"):
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _blocking_file(folder: Path) -> Path | None:
    """The file standing where ``folder`` or one of its parents should be, if any."""
    for place in (folder, *folder.parents):
        if place.exists() or place.is_symlink():
            return None if place.is_dir() else place
    return None


def _loop_in(path: Path) -> Path | None:
    """The link on the way to ``path`` that leads round in a loop, if any."""
    for place in (path, *path.parents):
        try:
            os.stat(place)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                return place
    return None


def why_not_written(exc: OSError, folder: Path | None = None) -> Phrase:
    """Why a write into ``folder`` (the data folder by default) failed, as words the
    player's language says (a phrase for a sentence's ``{reason}``), never a raw errno."""
    folder = folder or data_dir()
    loop = _loop_in(folder)
    if exc.errno == errno.ELOOP or loop is not None:
        return phrase("save.why.loop", folder=str(loop or folder))
    blocker = _blocking_file(folder)
    if blocker is not None or exc.errno in (errno.ENOTDIR, errno.EEXIST):
        return phrase("save.why.not_folder", folder=str(blocker or folder))
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return phrase("save.why.full")
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return phrase("save.why.read_only", folder=str(folder))
    return phrase("save.why.other", error=exc.strerror or type(exc).__name__)


def why_not_read(exc: OSError, path: Path) -> Phrase:
    """Why reading ``path`` failed, in the player's words (never a write's reason)."""
    loop = _loop_in(path)
    if exc.errno == errno.ELOOP or loop is not None:
        return phrase("save.why.loop", folder=str(loop or path))
    blocker = _blocking_file(path.parent)
    if blocker is not None or exc.errno == errno.ENOTDIR:
        return phrase("save.why.not_folder", folder=str(blocker or path.parent))
    if exc.errno in (errno.EACCES, errno.EPERM):
        return phrase("read.why.no_permission", file=str(path))
    return phrase("save.why.other", error=exc.strerror or type(exc).__name__)


def set_aside(path: Path, label: str, now: time.struct_time | None = None) -> Path:
    """Rename a file that cannot be read to ``<stem>.<label>-<time><suffix>`` beside it,
    so nothing the player had is lost and the next save writes a fresh file (OSError
    when even that is refused)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", now or time.localtime())
    backup = path.with_name(f"{path.stem}.{label}-{stamp}{path.suffix}")
    n = 1
    while backup.exists() or backup.is_symlink():
        backup = path.with_name(f"{path.stem}.{label}-{stamp}-{n}{path.suffix}")
        n += 1
    os.replace(path, backup)
    return backup


__all__ = ["APP_DIR", "ENV_HOME", "Notice", "atomic_write", "data_dir", "set_aside",
           "why_not_read", "why_not_written"]
