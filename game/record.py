"""Whole game records: the header and the steps, read, written and replayed.

The notation (../shared/NOTATION.md) is the project's public interface: saves,
the game log, replays and bug reports are all records. Reading is strict about
what the notation forbids and forgiving about what it allows (any case, comments,
blank lines, unknown header tags, which are kept). Every error carries the line it
was found on, so a player can find and mend it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .cards import CARDS
from .deal import TOWNS_BY_PLAYERS
from .rules import apply
from .state import VARIANTS, State
from .steps import IllegalStep, parse_step

MAX_RECORD_BYTES = 4 * 1024 * 1024
GAME_NAME = "Sail to India"


class RecordError(ValueError):
    """A record that cannot be read or replayed; ``line`` is 1-based (None: whole file)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line
        self.message = message


@dataclass
class Record:
    """A parsed record. ``tags`` keeps every header tag in its order (names as written);
    ``steps`` holds (line number, step text) pairs."""

    names: list[str]
    towns: list[str]
    variant: str = "standard"
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


_HEADER = re.compile(r'\[\s*([A-Za-z][\w-]*)\s+"([^"]*)"\s*\]')


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
    names = [n.strip() for n in value.split(",")]
    if any(not n for n in names):
        raise RecordError("[Players] has an empty name", line)
    if len(names) not in (3, 4):
        raise RecordError(f"[Players] needs 3 or 4 names, got {len(names)}", line)
    if len({n.lower() for n in names}) != len(names):
        raise RecordError("[Players] names a player twice", line)
    return names


def _towns(value: str, line: int) -> list[str]:
    towns = value.upper().split()
    for town in towns:
        if town not in CARDS.towns:
            raise RecordError(f"[Towns] names an unknown card {town!r}", line)
    if len(set(towns)) != len(towns):
        raise RecordError("[Towns] names a card twice", line)
    if len(towns) not in TOWNS_BY_PLAYERS.values():
        raise RecordError(f"[Towns] needs 9 or 12 cards, got {len(towns)}", line)
    return towns


def parse_record(text: str) -> Record:
    """Read a record's text; raises RecordError on the first thing that is wrong with
    its header. Steps are kept as text with their line numbers: their spelling and
    their legality are both checked when the record is replayed (``replay_states``)."""
    tags: list[tuple[str, str]] = []
    tag_lines: dict[str, int] = {}
    steps: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _strip_comment(raw).strip()
        if not line:
            continue
        if line.startswith("["):
            m = _HEADER.fullmatch(line)
            if not m:
                raise RecordError(f"unreadable header line {line!r}", number)
            if steps:
                raise RecordError("a header line after the first step", number)
            tag, value = m.group(1), m.group(2)
            key = tag.lower()
            if key in tag_lines:
                raise RecordError(f"[{tag}] is given twice", number)
            tag_lines[key] = number
            tags.append((tag, value))
            continue
        steps.append((number, line))
    first_step = steps[0][0] if steps else len(text.splitlines()) + 1
    values = {tag.lower(): value for tag, value in tags}
    for required in ("players", "towns"):
        if required not in values:
            raise RecordError(f"the header has no [{required.capitalize()}]",
                              first_step if not tags else max(tag_lines.values()))
    names = _names(values["players"], tag_lines["players"])
    towns = _towns(values["towns"], tag_lines["towns"])
    if TOWNS_BY_PLAYERS[len(names)] != len(towns):
        raise RecordError(f"{len(names)} players play with {TOWNS_BY_PLAYERS[len(names)]} "
                          f"towns, [Towns] has {len(towns)}", tag_lines["towns"])
    variant = values.get("variant", "standard").strip().lower()
    if variant not in VARIANTS:
        raise RecordError(f"unknown [Variant] {values['variant']!r} "
                          f"(standard or ship-only-build)", tag_lines["variant"])
    return Record(names, towns, variant, tags, steps)


def read_record_file(path: str | Path) -> Record:
    """Read a record from a file, turning every way that can fail into a RecordError."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_RECORD_BYTES:
            raise RecordError(f"{path}: {size / 1e6:.1f} MB is too large for a record "
                              f"(the limit is {MAX_RECORD_BYTES // (1024 * 1024)} MB)")
        data = path.read_bytes()
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise RecordError(f"{path}: is a folder, not a record") from None
    except OSError as exc:
        raise RecordError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if b"\0" in data:
        raise RecordError(f"{path}: not a text file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a UTF-8 text file") from None
    return parse_record(text)


def replay(record: Record, upto: int | None = None) -> State:
    """Play the record's steps from its deal; RecordError names the first bad step."""
    st = record.start()
    for number, text in record.steps[:upto]:
        try:
            st = apply(st, parse_step(text))
        except IllegalStep as exc:
            raise RecordError(f"{text}: {exc.reason}", number) from None
    return st


def replay_states(record: Record) -> list[State]:
    """The state before the first step and after every step."""
    states = [record.start()]
    for number, text in record.steps:
        try:
            states.append(apply(states[-1], parse_step(text)))
        except IllegalStep as exc:
            raise RecordError(f"{text}: {exc.reason}", number) from None
    return states


def write_record(names: list[str] | tuple[str, ...], towns: list[str] | tuple[str, ...],
                 steps: list[str], variant: str = "standard",
                 extra_tags: list[tuple[str, str]] | None = None) -> str:
    """A record's text: the header, then one step a line."""
    lines = [f'[Game "{GAME_NAME}"]', f'[Players "{", ".join(names)}"]',
             f'[Towns "{" ".join(towns)}"]']
    if variant != "standard":
        lines.append(f'[Variant "{variant}"]')
    for tag, value in extra_tags or []:
        if tag.lower() not in ("game", "players", "towns", "variant"):
            lines.append(f'[{tag} "{value}"]')
    lines.extend(str(parse_step(s)) for s in steps)
    return "\n".join(lines) + "\n"


def record_text(record: Record) -> str:
    return write_record(record.names, record.towns, record.step_texts(), record.variant,
                        record.tags)
