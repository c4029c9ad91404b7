"""Where the game keeps files, and writing them so a crash never leaves half a file.

The data directory is ``SAIL_TO_INDIA_HOME`` when set (tests and portable installs),
else the platform's per-user data folder, found without extra dependencies. Every
write goes to a temporary file in the same folder and is then renamed over the
target (``os.replace`` is atomic), so the autosave and the settings are always either
the old or the new version. A settings file that cannot be read is set aside, never
overwritten, and the player is told in one sentence (a ``Notice``, which the screen
showing it translates). Records are opened (``open_record``) and saved
(``save_record``) here too.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.record import RecordError, read_record_file
from scenes.core.session import Session

ENV_HOME = "SAIL_TO_INDIA_HOME"
APP_DIR = "sail-to-india"
AUTOSAVE = "autosave.txt"
SETTINGS = "settings.json"
RECORDS = "records"
#: Animation speeds, slowest last; "off" shows every change at once.
ANIM_SPEEDS: tuple[str, ...] = ("off", "fast", "normal", "slow")
#: Window sizes offered in the settings ("" fits the desktop).
WINDOW_SIZES: tuple[str, ...] = ("", "1280x720", "1600x900", "1920x1080")


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


def atomic_write(path: str | Path, text: str) -> Path:
    """Write ``text`` to ``path`` through a temporary file and a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return path


# ----- autosave -----------------------------------------------------------------------
def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


def write_autosave(record_text: str) -> None:
    """The session's autosave callback: the whole record, atomically."""
    atomic_write(autosave_path(), record_text)


def read_autosave() -> str | None:
    """The autosaved record, or None when there is none (or it cannot be read)."""
    try:
        return autosave_path().read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def has_autosave() -> bool:
    text = read_autosave()
    return bool(text and text.strip())


def records_dir() -> Path:
    return data_dir() / RECORDS


def list_records() -> list[Path]:
    """Saved records, newest first."""
    folder = records_dir()
    if not folder.is_dir():
        return []
    found = [p for p in folder.iterdir() if p.is_file() and p.suffix in (".txt", ".sti")]
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


# ----- settings -----------------------------------------------------------------------
@dataclass
class Settings:
    """What the player chose once and expects to find again."""

    language: str = ""               # "en", "fr" or "it"; "" follows the system
    palette: str = "classic"
    first_game: bool = True          # first-game deal offered by default until one is played
    ship_only_build: bool = False
    players: int = 4
    names: list[str] = field(default_factory=list)
    fullscreen: bool = False
    window: str = ""                 # "WIDTHxHEIGHT" of the window; "" fits the desktop
    anim_speed: str = "normal"       # one of ANIM_SPEEDS; "off" shows every change at once
    confirm_end_turn: bool = True    # ask before ending a turn with action points left
    show_handoff: bool = True        # the "pass the mouse" screen between players
    extra: dict = field(default_factory=dict)  # keys from a newer version, kept as they were

    @property
    def window_size(self) -> tuple[int, int] | None:
        """The chosen window size, or None to fit the desktop (also for a bad value)."""
        try:
            w, h = (int(v) for v in self.window.lower().split("x"))
        except ValueError:
            return None
        return (w, h) if w >= 320 and h >= 180 else None

    def to_json(self) -> dict:
        data = asdict(self)
        extra = data.pop("extra")
        return {**extra, **data}

    @classmethod
    def from_json(cls, data: dict) -> Settings:
        known = {f.name for f in fields(cls)} - {"extra"}
        defaults = cls()
        values: dict = {}
        for name in known:
            if name in data:
                default = getattr(defaults, name)
                value = data[name]
                if isinstance(default, bool):
                    ok = isinstance(value, bool)
                elif isinstance(default, int):
                    ok = isinstance(value, int) and not isinstance(value, bool)
                elif isinstance(default, list):
                    ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
                else:
                    ok = isinstance(value, type(default))
                if ok and name == "anim_speed" and value not in ANIM_SPEEDS:
                    ok = False
                if ok:
                    values[name] = value
        extra = {k: v for k, v in data.items() if k not in known}
        return cls(**values, extra=extra)


def settings_path() -> Path:
    return data_dir() / SETTINGS


def load_settings() -> tuple[Settings, Notice | None]:
    """The saved settings, or defaults. The notice, when not None, is for the player.

    An unreadable file is renamed aside (``settings.corrupt-<time>.json``) so that
    nothing the player saved is lost, and the next save writes a fresh file."""
    path = settings_path()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError):
        raw = None
    data = None
    if raw is not None:
        try:
            data = json.loads(raw)
        except ValueError:
            data = None
    if isinstance(data, dict):
        return Settings.from_json(data), None
    backup = path.with_name(f"settings.corrupt-{time.strftime('%Y%m%d-%H%M%S')}.json")
    n = 1
    while backup.exists():
        backup = path.with_name(f"settings.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{n}.json")
        n += 1
    try:
        os.replace(path, backup)
    except OSError:
        backup = path  # cannot be moved (read-only folder?): it stays where it is
    return Settings(), Notice.of("msg.settings_corrupt", backup=backup.name)


def save_settings(settings: Settings) -> Path:
    text = json.dumps(settings.to_json(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    return atomic_write(settings_path(), text)


# ----- records ---------------------------------------------------------------------------
def open_record(path: str | Path) -> Session:
    """A session from a record file, autosaving from then on (ValueError if unreadable).

    Nothing is written until the first step is played, so a record that fails to open
    never replaces the autosave."""
    try:
        return Session.from_record(read_record_file(path), autosave=write_autosave)
    except RecordError as exc:
        message = str(exc)
        if exc.line is not None:
            message = f"{path}: {message}"
        raise ValueError(message) from None


def save_record(session: Session) -> Path:
    """Write the game's record into the records folder under a new dated name."""
    stamp = time.strftime("%Y-%m-%d-%H%M%S")
    names = "-".join("".join(c for c in n if c.isalnum()) or "player" for n in session.names)
    path = records_dir() / f"{stamp}-{names}.txt"
    n = 1
    while path.exists():
        path = records_dir() / f"{stamp}-{names}-{n}.txt"
        n += 1
    return atomic_write(path, session.record_text())


__all__ = [
    "ANIM_SPEEDS", "AUTOSAVE", "ENV_HOME", "SETTINGS", "WINDOW_SIZES", "Notice", "Settings",
    "atomic_write", "autosave_path", "data_dir", "has_autosave", "list_records",
    "load_settings", "open_record", "read_autosave", "records_dir", "save_record",
    "save_settings", "settings_path", "write_autosave",
]
