"""Where the game keeps files, and writing them so a crash never leaves half a file.

The data directory is ``SAIL_TO_INDIA_HOME`` when set (tests and portable installs),
else the platform's per-user data folder, found without extra dependencies. Every
write goes to a temporary file in the same folder and is then renamed over the
target (``os.replace`` is atomic, and the folder is synced after it, so a power cut
cannot undo a completed save), so the autosave and the settings are always either
the old or the new version; temporary files a crash left behind are removed at
start-up (``remove_leftovers``). A settings file or an autosave that cannot be read
is set aside under a new name, never overwritten, and the player is told in one
sentence (a ``Notice``, which the screen showing it translates). A disk that refuses
a write (read-only, full, the data folder being a file) is put into words by
``why_not_written``. Every file is read through ``game.record.read_bounded``: a pipe
or a device is refused before it is opened, and nothing is read past its limit.
Records are opened (``open_record``) and saved (``save_record``, elsewhere when the
data folder refuses) here too.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.record import (
    RecordError,
    name_refusal,
    parse_record,
    read_bounded,
    read_record_file,
    read_record_text,
    replay,
)
from game.words import Phrase, phrase
from scenes.core.session import SEAT_KINDS, Session

ENV_HOME = "SAIL_TO_INDIA_HOME"
APP_DIR = "sail-to-india"
AUTOSAVE = "autosave.txt"
SETTINGS = "settings.json"
RECORDS = "records"
#: A settings file is a few hundred bytes; anything past this is not one.
MAX_SETTINGS_BYTES = 1024 * 1024
#: Animation speeds, slowest last; "off" shows every change at once.
ANIM_SPEEDS: tuple[str, ...] = ("off", "fast", "normal", "slow")
#: Window sizes offered in the settings ("" fits the desktop).
WINDOW_SIZES: tuple[str, ...] = ("", "1280x720", "1600x900", "1920x1080")
#: Volume steps offered in the settings, percent (a saved level may lie between them).
VOLUMES: tuple[int, ...] = (0, 25, 50, 75, 100)
#: The settings holding a volume, each a percentage 0..100.
VOLUME_SETTINGS = frozenset({"volume", "effects_volume", "music_volume"})
#: Text sizes offered in the settings, percent of the layout's own.
TEXT_SIZES: tuple[int, ...] = (100, 125, 150)


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
    """Write ``text`` to ``path`` through a temporary file and a rename, then sync the
    folder so the rename itself survives a power cut (OSError when the disk refuses)."""
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


def why_not_written(exc: OSError, folder: Path | None = None) -> Phrase:
    """Why a write into ``folder`` (the data folder by default) failed, as words the
    player's language says (a phrase for a sentence's ``{reason}``), never a raw errno."""
    folder = folder or data_dir()
    blocker = _blocking_file(folder)
    if blocker is not None or exc.errno in (errno.ENOTDIR, errno.EEXIST):
        return phrase("save.why.not_folder", folder=str(blocker or folder))
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return phrase("save.why.full")
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return phrase("save.why.read_only", folder=str(folder))
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


def remove_leftovers() -> list[Path]:
    """Remove the temporary files of writes a crash interrupted (``.autosave.txt.*.tmp``
    and the like), at start-up, before any write of this run; what was removed."""
    removed: list[Path] = []
    for folder in (data_dir(), records_dir()):
        try:
            found = [p for p in folder.glob(".*.tmp") if p.is_file()]
        except OSError:
            continue
        for leftover in found:
            with contextlib.suppress(OSError):
                leftover.unlink()
                removed.append(leftover)
    return removed


# ----- autosave -----------------------------------------------------------------------
def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


#: Autosaves that could not be read and could not be set aside either: no game writes
#: over them (each autosave first tries again to set them aside).
_UNREADABLE_IN_PLACE: set[Path] = set()


def write_autosave(record_text: str) -> None:
    """The session's autosave callback: the whole record, atomically; never over an
    unreadable autosave the title could not set aside (it is tried again first, and
    while the folder still refuses the OSError says the game is not being saved)."""
    path = autosave_path()
    if path in _UNREADABLE_IN_PLACE:
        if path.exists() or path.is_symlink():
            set_aside_autosave()
        _UNREADABLE_IN_PLACE.discard(path)
    atomic_write(path, record_text)


def read_autosave() -> str | None:
    """The autosaved record's text, or None when there is none or it cannot be read
    (read as any record is: a regular file, within the size limit)."""
    try:
        return read_record_text(autosave_path())
    except RecordError:
        return None


def has_autosave() -> bool:
    """Whether something stands at the autosave's place (it may still be unreadable)."""
    path = autosave_path()
    return path.exists() or path.is_symlink()


def open_autosave() -> Session:
    """The autosaved game, ready to play on (RecordError when it cannot be read or
    replayed; the message names the file as ``autosave.txt``, not its whole path).
    Slow for a long record: the title calls it off the window's thread."""
    path = autosave_path()
    try:
        text = read_record_text(path)
    except RecordError as exc:
        raise exc.naming(AUTOSAVE) from None
    return Session.from_record(parse_record(text), autosave=write_autosave)


def set_aside_autosave(now: time.struct_time | None = None) -> Path:
    """Move an autosave that cannot be read out of the way (``autosave.unreadable-<time>
    .txt``), so a new game never writes over it (OSError when the folder refuses; the
    file is then kept from the next autosave until it can be set aside)."""
    path = autosave_path()
    try:
        backup = set_aside(path, "unreadable", now)
    except OSError:
        _UNREADABLE_IN_PLACE.add(path)
        raise
    _UNREADABLE_IN_PLACE.discard(path)
    return backup


def records_dir() -> Path:
    return data_dir() / RECORDS


def list_records() -> list[Path]:
    """Saved records, newest first."""
    folder = records_dir()
    if not folder.is_dir():
        return []
    found = [p for p in folder.iterdir() if p.is_file() and p.suffix in (".txt", ".sti")]
    return sorted(found, key=_modified, reverse=True)


def _modified(path: Path) -> float:
    """When a file was last written (0 when it vanished meanwhile)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


#: Records of at most this many steps are replayed to learn their result (a whole game
#: is a few hundred steps, replayed in a few milliseconds); a longer one is only counted.
REPLAY_FOR_RESULT = 20_000


@dataclass(frozen=True)
class RecordSummary:
    """What the record list says of one record without opening it: who played, when it
    was written, how far it went and, when that was cheap to learn, how it ended."""

    path: Path
    modified: float                 # the file's time, seconds since the epoch
    names: tuple[str, ...] = ()
    steps: int = 0
    turn: int = 1                   # the turn reached: 1 at the deal, one more per "end"
    over: bool = False
    winners: tuple[str, ...] = ()   # when over: who won (several share a tie)
    score: int = 0                  # when over: the winners' points
    error: RecordError | None = None  # why it cannot be opened (nothing else is then known)


def summarize_record(path: Path, replay_limit: int = REPLAY_FOR_RESULT) -> RecordSummary:
    """Read one record's header and count its turns; replay it for the result only when
    it is short (``replay_limit`` steps). Slow for a large file: called off the
    window's thread."""
    modified = _modified(path)
    try:
        record = parse_record(read_record_text(path))
    except RecordError as exc:
        return RecordSummary(path, modified, error=exc.naming(path.name))
    texts = record.step_texts()
    turn = 1 + sum(1 for text in texts if text.split(None, 1)[0].lower() == "end")
    summary = RecordSummary(path, modified, tuple(record.names), len(texts), turn)
    if len(texts) > replay_limit:
        return summary
    try:
        final = replay(record)
    except RecordError as exc:
        return RecordSummary(path, modified, tuple(record.names), error=exc.naming(path.name))
    if not final.over or not final.winners or not final.scores:
        return summary
    return RecordSummary(path, modified, summary.names, summary.steps, turn, True,
                         tuple(final.names[w] for w in final.winners),
                         final.scores[final.winners[0]])


# ----- settings -----------------------------------------------------------------------
@dataclass
class Settings:
    """What the player chose once and expects to find again."""

    language: str = ""               # "en", "fr" or "it"; "" follows the system
    palette: str = "classic"
    first_game: bool = True          # the first-game deal: on for a new player, then as last set
    ship_only_build: bool = False
    players: int = 4
    names: list[str] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)  # who plays each seat: one of SEAT_KINDS
    fullscreen: bool = False
    window: str = ""                 # "WIDTHxHEIGHT" of the window; "" fits the desktop
    anim_speed: str = "normal"       # one of ANIM_SPEEDS; "off" shows every change at once
    confirm_end_turn: bool = True    # ask before ending a turn with action points left
    show_handoff: bool = True        # the "pass the mouse" screen between players
    volume: int = 75                 # the master volume, percent (0..100)
    effects_volume: int = 100        # the effects' share of it, percent
    music_volume: int = 50           # the music loop's share, percent; 0 plays no music
    muted: bool = False              # M: every sound off, the levels kept for later
    text_size: int = 100             # one of TEXT_SIZES: letters larger, boxes as they are
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
                if ok and name in VOLUME_SETTINGS and not 0 <= value <= 100:
                    ok = False
                if ok and name == "text_size" and value not in TEXT_SIZES:
                    ok = False
                if ok and name == "names":
                    # Names from the file obey the one rule for a name (a name that
                    # breaks it gives way to the default name of its seat).
                    value = [n.strip(" ") if name_refusal(n.strip(" ")) is None else ""
                             for n in value[:4]]
                if ok and name == "seats":
                    # A seat kind this version does not know is played by a person.
                    value = [v if v in SEAT_KINDS else "human" for v in value[:4]]
                if ok:
                    values[name] = value
        extra = {k: v for k, v in data.items() if k not in known}
        return cls(**values, extra=extra)


def settings_path() -> Path:
    return data_dir() / SETTINGS


def load_settings(now: time.struct_time | None = None) -> tuple[Settings, Notice | None]:
    """The saved settings, or defaults. The notice, when not None, is for the player.

    An unreadable file is renamed aside (``settings.corrupt-<time>.json``) so that
    nothing the player saved is lost, and the next save writes a fresh file. A file
    that cannot even be reached (the data folder is a file, no permission) is left
    alone, and the notice says why."""
    path = settings_path()
    try:
        raw: bytes | None = read_bounded(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return Settings(), None
    except (NotADirectoryError, PermissionError) as exc:
        return Settings(), Notice.of("msg.settings_unreadable", reason=why_not_written(exc))
    except OSError:
        raw = None  # a folder, a pipe, too large: not a settings file
    data = None
    if raw is not None:
        try:
            data = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            data = None
    if isinstance(data, dict):
        return Settings.from_json(data), None
    try:
        backup = set_aside(path, "corrupt", now)
    except OSError as exc:
        return Settings(), Notice.of("msg.settings_corrupt_kept", reason=why_not_written(exc))
    return Settings(), Notice.of("msg.settings_corrupt", backup=backup.name)


def save_settings(settings: Settings) -> Path:
    text = json.dumps(settings.to_json(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    return atomic_write(settings_path(), text)


# ----- records ---------------------------------------------------------------------------
def open_record(path: str | Path) -> Session:
    """A session from a record file, autosaving from then on (RecordError, a ValueError,
    if unreadable).

    Nothing is written until the first step is played, so a record that fails to open
    never replaces the autosave."""
    try:
        return Session.from_record(read_record_file(path), autosave=write_autosave)
    except RecordError as exc:
        raise exc.at(str(path)) from None  # a step's fault is said with the file's name


def elsewhere_dirs() -> list[Path]:
    """Where Save record tries when the records folder refuses: the player's documents
    folder, then their home."""
    home = Path.home()
    return [home / "Documents", home]


def save_record(session: Session, now: time.struct_time | None = None) -> Path:
    """Write the game's record under a new dated name: into the records folder, or when
    the disk refuses it there, into the first of ``elsewhere_dirs`` that takes it (the
    caller compares the folder with ``records_dir``). OSError (the records folder's)
    when no place takes it."""
    stamp = time.strftime("%Y-%m-%d-%H%M%S", now or time.localtime())
    names = "-".join("".join(c for c in n if c.isalnum()) or "player" for n in session.names)
    text = session.record_text()
    try:
        return atomic_write(_fresh(records_dir(), f"{stamp}-{names}"), text)
    except OSError as first:
        for folder in elsewhere_dirs():
            if not folder.is_dir():
                continue
            try:
                return atomic_write(_fresh(folder, f"sail-to-india-{stamp}-{names}"), text)
            except OSError:
                continue
        raise first from None


def _fresh(folder: Path, stem: str) -> Path:
    """A name in ``folder`` that no file has yet."""
    path = folder / f"{stem}.txt"
    n = 1
    while path.exists():
        path = folder / f"{stem}-{n}.txt"
        n += 1
    return path


__all__ = [
    "ANIM_SPEEDS", "AUTOSAVE", "ENV_HOME", "REPLAY_FOR_RESULT", "SETTINGS", "TEXT_SIZES",
    "VOLUMES", "VOLUME_SETTINGS", "WINDOW_SIZES", "Notice", "RecordSummary", "Settings",
    "atomic_write", "autosave_path", "data_dir", "elsewhere_dirs", "has_autosave",
    "list_records", "load_settings", "open_autosave", "open_record", "read_autosave",
    "records_dir", "remove_leftovers", "save_record", "save_settings", "set_aside",
    "set_aside_autosave", "settings_path", "summarize_record", "why_not_written",
    "write_autosave",
]
