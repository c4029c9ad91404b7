"""Whole game records: the header and the steps, read, written and replayed.

The notation (docs/notation.md) is the project's public interface: saves,
the game log, replays and bug reports are all records. Reading is strict about
what the notation forbids and forgiving about what it allows (any case, comments,
blank lines, unknown header tags, which are kept). Every error carries the line it
was found on, so a player can find and mend it.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .cards import CARDS
from .deal import TOWNS_BY_PLAYERS
from .rules import apply
from .state import VARIANTS, State
from .steps import IllegalStep, StepError, char_shown, parse_step, shown
from .variants import STANDARD
from .words import Source, message, table

MAX_RECORD_BYTES = 4 * 1024 * 1024
GAME_NAME = "Sail to India"
#: The longest name a player may have (the setup field holds no more).
MAX_NAME_LENGTH = 20
#: Characters a name may not hold: the header's quotes and commas, and the brackets
#: and comment sign that would make a name look like notation.
NAME_FORBIDDEN = frozenset('",[]#')


# Every way a record can be refused, in English; the templates are marked (``game.words``)
# so the client says them in the player's language (``scenes.text.reasons``). Header
# tags ([Players]) stay as written: they are the notation.
RECORD_ERRORS: dict[str, Source] = table(
    message("record.players_empty", "[Players] has an empty name"),
    message("record.players_count", "[Players] needs 3 or 4 names, got {count}"),
    message("record.players_twice", "[Players] names a player twice"),
    message("record.players_refused", "[Players] {reason}"),
    message("record.towns_unknown", "[Towns] names an unknown card '{card}'"),
    message("record.towns_twice", "[Towns] names a card twice"),
    message("record.towns_count", "[Towns] needs 9 or 12 cards, got {count}"),
    message("record.towns_for_players",
            "{players} players play with {needed} towns, [Towns] has {count}"),
    message("record.header_unreadable", "unreadable header line '{text}'"),
    message("record.header_late", "a header line after the first step"),
    message("record.tag_twice", "[{tag}] is given twice"),
    message("record.tag_missing", "the header has no [{tag}]"),
    message("record.variant_unknown", "unknown [Variant] '{variant}' (known: {known})"),
    message("record.tag_value", "the value '{value}' of [{tag}] cannot be written: a "
                                "header value holds no double quote or line break"),
    message("record.no_file", "{file}: no such file"),
    message("record.folder", "{file}: is a folder, not a record"),
    message("record.not_regular", "{file}: not a regular file (a pipe or a device), so not "
                                  "a record"),
    message("record.too_large", "{file}: too large for a record (the limit is {limit} MB)"),
    message("record.unreadable", "{file}: cannot be read ({why})"),
    message("record.not_text", "{file}: not a text file"),
    message("record.not_utf8", "{file}: not a UTF-8 text file"),
    message("record.step_refused", "{step}: {reason}"),
    message("record.at_line", "line {line}: {message}"),
)


class RecordError(ValueError):
    """A record that cannot be read or replayed; ``line`` is 1-based (None: whole file).

    ``key`` and ``values`` (and ``refusal``, the engine's own refusal of a step or a
    name) say the same as ``message`` for a translation; ``source`` names the file
    when the message does not already."""

    def __init__(self, key: str, line: int | None = None, *,
                 refusal: StepError | None = None, source: str | None = None,
                 **values: object) -> None:
        template = RECORD_ERRORS[f"record.{key}"]
        assert isinstance(template, str)
        message = template.format(**values, reason=refusal.reason if refusal else "")
        text = f"line {line}: {message}" if line is not None else message
        super().__init__(f"{source}: {text}" if source else text)
        self.key = key
        self.line = line
        self.values = values
        self.refusal = refusal
        self.source = source
        self.message = message

    def naming(self, file: str) -> RecordError:
        """The same error, the file called ``file`` (a short name for a long path)."""
        values = {**self.values, "file": file} if "file" in self.values else self.values
        source = file if self.source is not None else None
        return RecordError(self.key, self.line, refusal=self.refusal, source=source,
                           **values)

    def at(self, source: str) -> RecordError:
        """The same error, said of the file ``source`` (when it does not name it)."""
        if "file" in self.values:
            return self
        return RecordError(self.key, self.line, refusal=self.refusal, source=source,
                           **self.values)


@dataclass
class Record:
    """A parsed record. ``tags`` keeps every header tag in its order (names as written);
    ``steps`` holds (line number, step text) pairs."""

    names: list[str]
    towns: list[str]
    variant: str = STANDARD
    tags: list[tuple[str, str]] = field(default_factory=list)
    steps: list[tuple[int, str]] = field(default_factory=list)

    def tag(self, name: str) -> str | None:
        for tag, value in self.tags:
            if tag.lower() == name.lower():
                return value
        return None

    def start(self) -> State:
        return State.start(self.names, self.towns, self.variant)

    def step_texts(self) -> list[str]:
        return [text for _, text in self.steps]


_TAG = r"[A-Za-z][\w-]*"
_HEADER = re.compile(rf'\[[ \t]*({_TAG})[ \t]+"([^"]*)"[ \t]*\]')
#: What counts as a blank around a line or a word: spaces and tabs (and the carriage
#: return of a CRLF line end), never the other characters Unicode calls spaces.
_BLANK = " \t\r"


# ----- players' names: one rule, wherever a name comes in or is written ---------------
def name_allows(ch: str) -> bool:
    """Whether a name may hold this character (what the setup field lets a player type)."""
    return ch.isprintable() and ch not in NAME_FORBIDDEN


def name_refusal(name: str) -> IllegalStep | None:
    """Why ``name`` cannot be a player's name in a record, or None when it can.

    A name is 1 to ``MAX_NAME_LENGTH`` printable characters, without the header's
    quotes, commas, brackets or ``#``, and without spaces at either end, so that every
    record written with it reads back with the same name."""
    if not name.strip(" "):
        return IllegalStep("name_empty")
    if len(name) > MAX_NAME_LENGTH:
        return IllegalStep("name_too_long", name=name, limit=MAX_NAME_LENGTH)
    for ch in name:
        if not name_allows(ch):
            return IllegalStep("name_character", name=name, char=char_shown(ch))
    if name != name.strip(" "):
        return IllegalStep("name_spaces", name=name)
    return None


def players_refusal(names: Sequence[str]) -> IllegalStep | None:
    """Why these names, in seat order, cannot be a game's players (None: they can):
    3 or 4 names, each one allowed by ``name_refusal``, no two alike but for case."""
    for name in names:
        refusal = name_refusal(name)
        if refusal is not None:
            return refusal
    if len(names) not in TOWNS_BY_PLAYERS:
        return IllegalStep("players_count", count=len(names))
    seen: set[str] = set()
    for name in names:
        if name.lower() in seen:
            return IllegalStep("players_twice", name=name)
        seen.add(name.lower())
    return None


def check_players(names: Sequence[str]) -> None:
    """Raise the refusal (an ``IllegalStep``, a ValueError) if ``names`` cannot play."""
    refusal = players_refusal(names)
    if refusal is not None:
        raise refusal


def _lines(text: str) -> list[str]:
    """The record's lines: broken at ``\n`` only (a CRLF's ``\r`` is stripped as a
    blank), so a form feed or a Unicode line separator never shifts a line number."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _strip_comment(line: str) -> str:
    """Cut a ``#`` comment, except inside a quoted header value."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i]
    return line


def _names(value: str, line: int) -> list[str]:
    names = [n.strip(_BLANK) for n in value.split(",")]
    if any(not n for n in names):
        raise RecordError("players_empty", line)
    if len(names) not in (3, 4):
        raise RecordError("players_count", line, count=len(names))
    if len({n.lower() for n in names}) != len(names):
        raise RecordError("players_twice", line)
    refusal = players_refusal(names)  # the rule every written record obeys
    if refusal is not None:
        raise RecordError("players_refused", line, refusal=refusal)
    return names


def _towns(value: str, line: int) -> list[str]:
    towns = [town for town in re.split(r"[ \t]+", value.upper()) if town]
    for town in towns:
        if town not in CARDS.towns:
            raise RecordError("towns_unknown", line, card=shown(town))
    if len(set(towns)) != len(towns):
        raise RecordError("towns_twice", line)
    if len(towns) not in TOWNS_BY_PLAYERS.values():
        raise RecordError("towns_count", line, count=len(towns))
    return towns


def parse_record(text: str) -> Record:
    """Read a record's text; raises RecordError on the first thing that is wrong with
    its header. Steps are kept as text with their line numbers: their spelling and
    their legality are both checked when the record is replayed (``replay_states``)."""
    tags: list[tuple[str, str]] = []
    tag_lines: dict[str, int] = {}
    steps: list[tuple[int, str]] = []
    lines = _lines(text)
    for number, raw in enumerate(lines, start=1):
        line = _strip_comment(raw).strip(_BLANK)
        if not line:
            continue
        if line.startswith("["):
            m = _HEADER.fullmatch(line)
            if not m:
                raise RecordError("header_unreadable", number, text=shown(line))
            if steps:
                raise RecordError("header_late", number)
            tag, value = m.group(1), m.group(2)
            key = tag.lower()
            if key in tag_lines:
                raise RecordError("tag_twice", number, tag=tag)
            tag_lines[key] = number
            tags.append((tag, value))
            continue
        steps.append((number, line))
    first_step = steps[0][0] if steps else len(lines) + 1
    values = {tag.lower(): value for tag, value in tags}
    for required in ("players", "towns"):
        if required not in values:
            raise RecordError("tag_missing",
                              first_step if not tags else max(tag_lines.values()),
                              tag=required.capitalize())
    names = _names(values["players"], tag_lines["players"])
    towns = _towns(values["towns"], tag_lines["towns"])
    if TOWNS_BY_PLAYERS[len(names)] != len(towns):
        raise RecordError("towns_for_players", tag_lines["towns"], players=len(names),
                          needed=TOWNS_BY_PLAYERS[len(names)], count=len(towns))
    variant = values.get("variant", STANDARD).strip(_BLANK).lower()
    if variant not in VARIANTS:
        raise RecordError("variant_unknown", tag_lines["variant"],
                          variant=shown(values["variant"]), known=", ".join(VARIANTS))
    return Record(names, towns, variant, tags, steps)


class NotRegularFile(OSError):
    """A pipe, a device or a socket where a file was expected: never opened to read."""


class FileTooLarge(OSError):
    """A file longer than the limit it was read with."""


def read_bounded(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file, refusing anything that is not one and anything over
    ``limit`` bytes (OSError, or its subclasses above).

    A pipe or a device is refused from ``stat`` before it is opened, and the file is
    opened without blocking and checked again (it could have been swapped meanwhile),
    so a FIFO can never hang the caller; at most ``limit`` + 1 bytes are read, whatever
    ``stat`` said, so ``/dev/zero`` or a growing file cannot fill the memory."""
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
    if not stat.S_ISREG(info.st_mode):
        raise NotRegularFile(errno.EINVAL, "not a regular file", str(path))
    if info.st_size > limit:
        raise FileTooLarge(errno.EFBIG, f"{info.st_size} bytes", str(path))
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_BINARY", 0))
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(errno.EINVAL, "not a regular file", str(path))
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise FileTooLarge(errno.EFBIG, f"over {limit} bytes", str(path))
    return b"".join(chunks)


def read_record_text(path: str | Path) -> str:
    """A record file's text, turning every way that reading can fail into a RecordError
    (no line number): missing, a folder, a pipe or device, too large, binary, not UTF-8."""
    name = shown(str(path), 200)
    limit_mb = MAX_RECORD_BYTES // (1024 * 1024)
    try:
        data = read_bounded(path, MAX_RECORD_BYTES)
    except FileNotFoundError:
        raise RecordError("no_file", file=name) from None
    except IsADirectoryError:
        raise RecordError("folder", file=name) from None
    except NotRegularFile:
        raise RecordError("not_regular", file=name) from None
    except FileTooLarge:
        raise RecordError("too_large", file=name, limit=limit_mb) from None
    except OSError as exc:
        raise RecordError("unreadable", file=name, why=exc.strerror or str(exc)) from None
    if b"\0" in data:
        raise RecordError("not_text", file=name)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError("not_utf8", file=name) from None


def read_record_file(path: str | Path) -> Record:
    """Read a record from a file, turning every way that can fail into a RecordError."""
    return parse_record(read_record_text(path))


def replay(record: Record, upto: int | None = None) -> State:
    """Play the record's steps from its deal; RecordError names the first bad step."""
    st = record.start()
    for number, text in record.steps[:upto]:
        try:
            st = apply(st, parse_step(text))
        except StepError as exc:  # a step that cannot be read, or is not legal
            raise RecordError("step_refused", number, refusal=exc, step=shown(text)) from None
    return st


def replay_states(record: Record) -> list[State]:
    """The state before the first step and after every step."""
    states = [record.start()]
    for number, text in record.steps:
        try:
            states.append(apply(states[-1], parse_step(text)))
        except StepError as exc:
            raise RecordError("step_refused", number, refusal=exc, step=shown(text)) from None
    return states


def write_record(names: list[str] | tuple[str, ...], towns: list[str] | tuple[str, ...],
                 steps: list[str], variant: str = STANDARD,
                 extra_tags: list[tuple[str, str]] | None = None) -> str:
    """A record's text: the header, then one step a line.

    What cannot be read back is refused (ValueError) rather than written: names that
    break ``name_refusal``, a tag value holding a double quote or a line break. So
    every record the program writes replays."""
    check_players(names)
    for tag, value in extra_tags or []:
        if not re.fullmatch(_TAG, tag) or '"' in value or "\n" in value:
            raise RecordError("tag_value", value=shown(value), tag=shown(tag))
    lines = [f'[Game "{GAME_NAME}"]', f'[Players "{", ".join(names)}"]',
             f'[Towns "{" ".join(towns)}"]']
    if variant != STANDARD:
        lines.append(f'[Variant "{variant}"]')
    for tag, value in extra_tags or []:
        if tag.lower() not in ("game", "players", "towns", "variant"):
            lines.append(f'[{tag} "{value}"]')
    lines.extend(str(parse_step(s)) for s in steps)
    return "\n".join(lines) + "\n"


def record_text(record: Record) -> str:
    return write_record(record.names, record.towns, record.step_texts(), record.variant,
                        record.tags)
