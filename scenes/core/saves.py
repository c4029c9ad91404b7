"""Where the game keeps files, and writing them so a crash never leaves half a file.

The data directory is ``SAIL_TO_INDIA_HOME`` when set, else the platform's per-user
data folder; every file is written whole or not at all (``files``: ``atomic_write``),
so a game and the settings are always either the old or the new version.

Each game autosaves to a file of its own in ``games/`` (a ``GameFile``), named when
the game is dealt: a new game never replaces another, and two programs playing at once
never write the same file. A game being played is locked (an OS lock on
the hidden ``.<game>.lock`` beside it, let go when the game is left, or when the
program ends, even by a crash), so a second program cannot continue it at the same
time. Continue lists the games newest first
(``list_games``); finished or unwanted ones can be removed (``remove_game``). The
single ``autosave.txt`` of earlier versions joins the list at start-up
(``adopt_old_autosave``). Temporary files a crash left behind are removed at start-up
(``remove_leftovers``) only when old enough that no running program can still be
writing them.

A settings file that cannot be read is never written over: a damaged one is set aside
under a new name; one that cannot even be opened is left alone (and set aside before
the next save), and the player is told in one sentence naming the file and what went
wrong, reading or writing (a ``Notice``, which the screen showing it translates).
``why_not_read`` and ``why_not_written`` put the system's refusal into words. Every file
is read through ``game.record.read_bounded``: a pipe or a device is refused before it
is opened, and nothing is read past its limit. Records are opened (``open_record``)
and saved for sharing (``save_record``, readable by others like any document; elsewhere
when the data folder refuses) here too.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import json
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.record import (
    RecordError,
    name_refusal,
    parse_record,
    read_bounded,
    read_record_file,
    read_record_text,
    replay,
)
from game.variants import NAMES as VARIANTS
from game.variants import STANDARD
from scenes.core.files import (
    ENV_HOME,
    Notice,
    atomic_write,
    data_dir,
    set_aside,
    why_not_read,
    why_not_written,
)
from scenes.core.games import (
    AUTOSAVE,
    GAMES,
    GameFile,
    GameInUse,
    _modified,
    adopt_old_autosave,
    games_dir,
    has_games,
    in_use_elsewhere,
    let_go_of_left_games,
    list_games,
    lock_game,
    new_game_file,
    open_game,
    release_game,
    remove_game,
)
from scenes.core.session import SEAT_KINDS, GameSession, Session

SETTINGS = "settings.json"
RECORDS = "records"
#: A temporary file older than this is a leftover of a crash, never a write under way.
LEFTOVER_AGE = 3600.0
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
#: Records opened by their path that Load record… remembers (newest first).
RECENT_RECORDS = 8

def remove_leftovers(now: float | None = None) -> list[Path]:
    """Remove the temporary files of writes a crash interrupted (``.<game>.txt.*.tmp``
    and the like), at start-up; what was removed. Only files older than
    ``LEFTOVER_AGE``: a younger one may be another program's write under way."""
    removed: list[Path] = []
    now = time.time() if now is None else now
    for folder in (data_dir(), records_dir(), games_dir()):
        try:
            found = [p for p in folder.glob(".*.tmp") if p.is_file()]
        except OSError:
            continue
        for leftover in found:
            if now - _modified(leftover) < LEFTOVER_AGE:
                continue
            with contextlib.suppress(OSError):
                leftover.unlink()
                removed.append(leftover)
    return removed


def records_dir() -> Path:
    return data_dir() / RECORDS


def list_records() -> list[Path]:
    """Saved records, newest first."""
    folder = records_dir()
    try:
        found = [p for p in folder.iterdir() if p.is_file() and p.suffix in (".txt", ".sti")]
    except OSError:  # no folder yet, or one this program may not read
        return []
    return sorted(found, key=_modified, reverse=True)


def remember_record(settings: Settings, path: Path) -> bool:
    """Put a record opened by its path at the head of the settings' recent records
    (a record of the records folder or an autosaved game is listed anyway); True when
    the list changed (the caller saves the settings)."""
    path = Path(path).expanduser()
    with contextlib.suppress(OSError):
        path = path.resolve()
    for folder in (records_dir(), games_dir()):
        with contextlib.suppress(OSError):
            if path.parent == folder.resolve():
                return False
    wanted = [str(path), *(p for p in settings.recent_records if p != str(path))]
    wanted = wanted[:RECENT_RECORDS]
    if wanted == settings.recent_records:
        return False
    settings.recent_records = wanted
    return True


def recent_records(settings: Settings) -> list[Path]:
    """The records opened by path that are still there, newest opened first."""
    found = []
    for text in settings.recent_records:
        path = Path(text)
        with contextlib.suppress(OSError):
            if path.is_file():
                found.append(path)
    return found


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
    tags: tuple[tuple[str, str], ...] = ()  # the header's tags (a lesson's among them)


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
    summary = RecordSummary(path, modified, tuple(record.names), len(texts), turn,
                            tags=tuple(record.tags))
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
                         final.scores[final.winners[0]], tags=summary.tags)


# ----- settings -----------------------------------------------------------------------
@dataclass
class Settings:
    """What the player chose once and expects to find again."""

    language: str = ""               # "en", "fr" or "it"; "" follows the system
    palette: str = "classic"
    first_game: bool = True          # the first-game deal: on for a new player, then as last set
    variant: str = STANDARD          # the rules last chosen: a name in game.variants
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
    notify_turns: bool = True        # a desktop notification when it becomes my turn online
    keys: dict[str, str] = field(default_factory=dict)  # action -> key name, where chosen
    recent_records: list[str] = field(default_factory=list)  # opened by path, newest first
    extra: dict[str, Any] = field(default_factory=dict)  # a newer version's keys, kept as is

    @property
    def window_size(self) -> tuple[int, int] | None:
        """The chosen window size, or None to fit the desktop (also for a bad value)."""
        try:
            w, h = (int(v) for v in self.window.lower().split("x"))
        except ValueError:
            return None
        return (w, h) if w >= 320 and h >= 180 else None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        extra = data.pop("extra")
        return {**extra, **data}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        known = {f.name for f in fields(cls)} - {"extra"}
        defaults = cls()
        values: dict[str, Any] = {}
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
                if ok and name == "keys":
                    # only actions and keys this version knows (scenes.core.keymap
                    # drops the rest, and any choice that would clash)
                    value = {k: v for k, v in value.items()
                             if isinstance(k, str) and isinstance(v, str)}
                if ok and name == "recent_records":
                    value = [v for v in value if v and "\0" not in v][:RECENT_RECORDS]
                if ok and name == "variant" and value not in VARIANTS:
                    ok = False
                if ok and name == "seats":
                    # A seat kind this version does not know is played by a person.
                    value = [v if v in SEAT_KINDS else "human" for v in value[:4]]
                if ok:
                    values[name] = value
        # before variants were named, the setup kept one switch: build only from a ship
        if "variant" not in data and data.get("ship_only_build") is True:
            values["variant"] = "ship-only-build"
        extra = {k: v for k, v in data.items() if k not in known and k != "ship_only_build"}
        return cls(**values, extra=extra)


def settings_path() -> Path:
    return data_dir() / SETTINGS


#: Settings files this run could not read: never written over (set aside first).
_SETTINGS_KEPT: set[Path] = set()


def load_settings(now: time.struct_time | None = None) -> tuple[Settings, Notice | None]:
    """The saved settings, or defaults. The notice, when not None, is for the player.

    A damaged file is renamed aside (``settings.corrupt-<time>.json``) so that nothing
    the player saved is lost, and the next save writes a fresh file. A file that cannot
    even be read (no permission, a loop of links, the data folder a file) is left
    alone, and the notice names it and says why; the next save sets it aside first,
    and saves nothing if it cannot."""
    path = settings_path()
    try:
        raw: bytes | None = read_bounded(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return Settings(), None
    except (NotADirectoryError, PermissionError) as exc:
        _SETTINGS_KEPT.add(path)
        return Settings(), Notice.of("msg.settings_unreadable", file=str(path),
                                     reason=why_not_read(exc, path))
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            _SETTINGS_KEPT.add(path)
            return Settings(), Notice.of("msg.settings_unreadable", file=str(path),
                                         reason=why_not_read(exc, path))
        raw = None  # a folder, a pipe, too large: not a settings file
    data = None
    if raw is not None:
        try:
            data = json.loads(settings_text(raw))
        except (ValueError, RecursionError):
            data = None
    if isinstance(data, dict):
        return Settings.from_json(data), None
    try:
        backup = set_aside(path, "corrupt", now)
    except OSError as exc:
        _SETTINGS_KEPT.add(path)
        return Settings(), Notice.of("msg.settings_corrupt_kept", reason=why_not_written(exc))
    return Settings(), Notice.of("msg.settings_corrupt", backup=backup.name)


def settings_text(raw: bytes) -> str:
    """A settings file's text, as an editor may have saved it: UTF-8 with or without the
    byte-order mark Notepad puts first, or UTF-16 with its mark (Notepad's "Unicode");
    ValueError when it is none of these."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return raw.decode("utf-16")
    return raw.decode("utf-8-sig")


def save_settings(settings: Settings) -> Path:
    """Write the settings; a file this run could not read is set aside first (OSError,
    and nothing written, when it cannot be)."""
    path = settings_path()
    if path in _SETTINGS_KEPT:
        if path.exists() or path.is_symlink():
            set_aside(path, "unreadable")
        _SETTINGS_KEPT.discard(path)
    text = json.dumps(settings.to_json(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    return atomic_write(path, text)


# ----- records ---------------------------------------------------------------------------
def open_record(path: str | Path) -> Session:
    """A session from a record file, autosaving from then on (RecordError, a ValueError,
    if unreadable).

    The game autosaves to a new file of its own from its first step on: the record
    itself is never written over."""
    try:
        return Session.from_record(read_record_file(path), autosave=new_game_file())
    except RecordError as exc:
        raise exc.at(str(path)) from None  # a step's fault is said with the file's name


def elsewhere_dirs() -> list[Path]:
    """Where Save record tries when the records folder refuses: the player's documents
    folder, then their home."""
    home = Path.home()
    return [home / "Documents", home]


def save_record(session: GameSession, now: time.struct_time | None = None) -> Path:
    """Write the game's record under a new dated name: into the records folder, or when
    the disk refuses it there, into the first of ``elsewhere_dirs`` that takes it (the
    caller compares the folder with ``records_dir``). OSError (the records folder's)
    when no place takes it."""
    stamp = time.strftime("%Y-%m-%d-%H%M%S", now or time.localtime())
    names = "-".join("".join(c for c in n if c.isalnum()) or "player" for n in session.names)
    text = session.record_text()
    if text is None:
        raise ValueError("an online table's record before its end")
    try:
        return atomic_write(_fresh(records_dir(), f"{stamp}-{names}"), text, shared=True)
    except OSError as first:
        for folder in elsewhere_dirs():
            if not folder.is_dir():
                continue
            try:
                return atomic_write(_fresh(folder, f"sail-to-india-{stamp}-{names}"), text,
                                    shared=True)
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
    "ANIM_SPEEDS", "AUTOSAVE", "ENV_HOME", "GAMES", "LEFTOVER_AGE", "RECENT_RECORDS",
    "REPLAY_FOR_RESULT", "SETTINGS", "TEXT_SIZES", "VOLUMES", "VOLUME_SETTINGS",
    "WINDOW_SIZES", "GameFile", "GameInUse", "Notice", "RecordSummary", "Settings",
    "adopt_old_autosave", "atomic_write", "data_dir", "elsewhere_dirs", "games_dir",
    "has_games", "in_use_elsewhere", "let_go_of_left_games", "list_games", "list_records",
    "load_settings", "lock_game", "new_game_file", "open_game", "open_record",
    "recent_records", "records_dir", "release_game", "remember_record", "remove_game",
    "remove_leftovers", "save_record", "save_settings", "set_aside", "settings_path",
    "summarize_record", "why_not_read", "why_not_written",
]
