"""The online protocol: every message either side sends, as a typed value, and the one
place where JSON text becomes a message or a message becomes text.

The server and the client meet only here. A message is a frozen dataclass whose
fields say their types and ranges (``spec``): integers where integers are meant (a
boolean is never a number), finite numbers with upper bounds, texts with lengths,
words from a fixed list. ``decode_request`` turns a client's frame into a request or
into the ``Refusal`` that answers it (one sentence, a ``server.*`` key); nesting is
counted before the JSON parser sees the text, so no frame can make it recurse
without end. ``encode`` writes any message (``allow_nan=False``: a number that is
not finite cannot leave). The protocol's version, limits and close codes are defined
here once; docs/protocol.md describes the same messages, and a test holds the two
together.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, fields
from enum import IntEnum
from typing import Any, ClassVar

from game.ai import LEVELS
from game.state import VARIANTS

from .fields import Any_, Bad, Flag, Many, Maybe, Number, Part, Ref, Text, Word, build, spec

#: The protocol's version: every message carries it as ``"v"``.
VERSION = 2
#: The largest frame a server takes from a client.
MAX_FRAME = 64 * 1024
#: The largest frame a client takes from a server (a view carries a whole game's log
#: and, at the end, its record: some tens of KiB).
MAX_INBOUND = 1024 * 1024
#: How deep arrays and objects may nest in a frame (the deepest message nests 4).
MAX_DEPTH = 8
#: How many messages a second a connection may keep up, and how many at once.
RATE = 50.0
BURST = 200.0
#: The longest chat line, step and name.
MAX_CHAT = 500
MAX_STEP = 1000
MAX_NAME = 100
#: Upper bounds of the numbers a client gives: a clock's budget and bonus, how long a
#: player may be away, a step's number.
MAX_BUDGET = 30 * 86_400.0
MAX_BONUS = 7 * 86_400.0
MAX_AWAY = 30 * 86_400.0
MAX_STEPS = 100_000
#: A move's deadline at a turn-a-day table (seconds: an hour to a week), the vacation
#: days a player may take at one, and the most seats one ``follow`` may name.
MIN_DEADLINE = 3600.0
MAX_DEADLINE = 7 * 86_400.0
MAX_VACATION = 14
MAX_FOLLOWED = 100
#: How long a player may be gone before another seat may hand theirs to the table's
#: computer, unless the table says otherwise (its ``away_limit``).
DEFAULT_AWAY = 600.0


class Close(IntEnum):
    """Why the server closes a connection (the WebSocket close code)."""

    GOING_AWAY = 1001  # the server stops
    FLOOD = 1008       # more messages than RATE and BURST allow
    TOO_BIG = 1009     # a frame over MAX_FRAME
    VERSION = 4001     # another protocol version
    SLOW = 4002        # the connection reads too slowly: its outgoing queue filled up


# ----- requests (client to server) --------------------------------------------------------
TABLE = Text(1, 64)
SEAT = Number(0, 3)
TOKEN = Text(1, 128)
INVITE = Text(1, 128)
#: A player key (its holder's secret: the server keeps only its hash).
PLAYER = Text(16, 128)
LEVEL = Word(tuple(LEVELS), "server.level")


@dataclass(frozen=True, kw_only=True)
class Message:
    """Every message: its ``type`` (``TYPE``) and, for a request and its direct reply,
    the ``id`` a client chose (copied back, never looked at)."""

    TYPE: ClassVar[str] = ""
    #: Fields sent as ``null`` when they are None (others are left out).
    NULLS: ClassVar[frozenset[str]] = frozenset()
    id: int | str | None = spec(Ref(), None)


@dataclass(frozen=True, kw_only=True)
class Clock:
    """A table's clock: each player's own time and what each turn adds (seconds)."""

    budget: float = spec(Number(1.0, MAX_BUDGET, whole=False))
    bonus: float = spec(Number(0.0, MAX_BONUS, whole=False), 0.0)


@dataclass(frozen=True, kw_only=True)
class Create(Message):
    TYPE = "create"
    players: int = spec(Number(3, 4, "server.players"))
    variant: str = spec(Word(VARIANTS, "server.variant"), "standard")
    first_game: bool = spec(Flag(), False)
    private: bool = spec(Flag(), False)
    clock: Clock | None = spec(Maybe(Part(Clock, "server.clock")), None)
    away_limit: float = spec(Number(0.0, MAX_AWAY, whole=False), DEFAULT_AWAY)
    deadline: float | None = spec(Maybe(Number(MIN_DEADLINE, MAX_DEADLINE, whole=False)), None)
    vacation: int = spec(Number(0, MAX_VACATION), 0)


@dataclass(frozen=True, kw_only=True)
class List(Message):
    """The public tables waiting for players (``open``), or being played (``playing``:
    to watch)."""

    TYPE = "list"
    status: str = spec(Word(("open", "playing"), "server.field_range"), "open")


@dataclass(frozen=True, kw_only=True)
class Sit(Message):
    """A seat at ``table``, or at the private table whose ``invite`` secret it is."""

    TYPE = "sit"
    name: str = spec(Text(0, MAX_NAME))
    table: str | None = spec(TABLE, None)
    invite: str | None = spec(INVITE, None)
    player: str | None = spec(PLAYER, None)


@dataclass(frozen=True, kw_only=True)
class Quick(Message):
    """A seat at the public table for ``players`` that will start soonest (the most
    seats taken, then the oldest), or at a new one."""

    TYPE = "quick"
    players: int = spec(Number(3, 4, "server.players"))
    name: str = spec(Text(0, MAX_NAME))
    variant: str = spec(Word(VARIANTS, "server.variant"), "standard")
    player: str | None = spec(PLAYER, None)


@dataclass(frozen=True, kw_only=True)
class Leaders(Message):
    """The best-rated players at ``players``-player tables."""

    TYPE = "leaders"
    players: int = spec(Number(3, 4, "server.players"))
    limit: int = spec(Number(1, 100), 20)
    player: str | None = spec(PLAYER, None)


@dataclass(frozen=True, kw_only=True)
class Held(Message):
    """One seat a client holds (its token proves it)."""

    table: str = spec(TABLE)
    seat: int = spec(SEAT)
    token: str = spec(TOKEN)


@dataclass(frozen=True, kw_only=True)
class Follow(Message):
    """Keep up with these seats' tables: whose turn it is, without the views (a player
    with many games at once)."""

    TYPE = "follow"
    seats: list[Any] = spec(Many(Part(Held), MAX_FOLLOWED))


@dataclass(frozen=True, kw_only=True)
class Watch(Message):
    TYPE = "watch"
    table: str = spec(TABLE)
    invite: str | None = spec(INVITE, None)


@dataclass(frozen=True, kw_only=True)
class SeatRequest(Message):
    """A request made for a seat: the seat's token proves it."""

    table: str = spec(TABLE)
    seat: int = spec(SEAT)
    token: str = spec(TOKEN)


@dataclass(frozen=True, kw_only=True)
class Computer(SeatRequest):
    TYPE = "computer"
    level: str = spec(LEVEL)
    name: str = spec(Text(0, MAX_NAME), "")


@dataclass(frozen=True, kw_only=True)
class Start(SeatRequest):
    TYPE = "start"


@dataclass(frozen=True, kw_only=True)
class Resume(SeatRequest):
    TYPE = "resume"


@dataclass(frozen=True, kw_only=True)
class Step(SeatRequest):
    TYPE = "step"
    number: int = spec(Number(0, MAX_STEPS))
    step: str = spec(Text(0, MAX_STEP, "server.step_long"))


@dataclass(frozen=True, kw_only=True)
class Chat(SeatRequest):
    TYPE = "chat"
    text: str = spec(Text(0, 4 * MAX_CHAT, "server.chat_length"))


@dataclass(frozen=True, kw_only=True)
class Leave(SeatRequest):
    TYPE = "leave"


@dataclass(frozen=True, kw_only=True)
class HandOver(SeatRequest):
    TYPE = "hand_over"
    target: int = spec(SEAT)
    level: str = spec(LEVEL, "medium")


@dataclass(frozen=True, kw_only=True)
class Rematch(SeatRequest):
    TYPE = "rematch"


Request = (Create | List | Sit | Quick | Watch | Computer | Start | Resume | Step | Chat | Leave
           | HandOver | Rematch | Leaders | Follow)
REQUESTS: dict[str, type] = {c.TYPE: c for c in (
    Create, List, Sit, Quick, Watch, Computer, Start, Resume, Step, Chat, Leave, HandOver,
    Rematch, Leaders, Follow)}


# ----- what the server sends ----------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class Sentence:
    """A sentence as a key and its values, for a client to say in its language."""

    key: str = spec(Text(1, 200))
    values: dict[str, Any] = field(default_factory=dict, metadata={"spec": Any_()})


@dataclass(frozen=True, kw_only=True)
class Error(Message):
    """A request refused: ``reason`` in English, ``said`` for translation."""

    TYPE = "error"
    reason: str = spec(Text(0, 2000))
    said: Sentence = spec(Part(Sentence))


@dataclass(frozen=True, kw_only=True)
class Refused(Message):
    """A step refused, with what it was and at which number."""

    TYPE = "refused"
    table: str = spec(TABLE)
    number: int = spec(Number(0, MAX_STEPS))
    step: str = spec(Text(0, MAX_STEP))
    reason: str = spec(Text(0, 2000))
    said: Sentence = spec(Part(Sentence))


@dataclass(frozen=True, kw_only=True)
class Created(Message):
    TYPE = "created"
    table: str = spec(TABLE)
    where: str = spec(Text(0, 500))
    invite: str | None = spec(INVITE, None)


@dataclass(frozen=True, kw_only=True)
class Tables(Message):
    TYPE = "tables"
    tables: object = spec(Any_())


@dataclass(frozen=True, kw_only=True)
class Seated(Message):
    TYPE = "seated"
    table: str = spec(TABLE)
    seat: int = spec(SEAT)
    token: str = spec(TOKEN)


@dataclass(frozen=True, kw_only=True)
class Ok(Message):
    TYPE = "ok"
    table: str = spec(TABLE)
    seat: int | None = spec(SEAT, None)


@dataclass(frozen=True, kw_only=True)
class ChatLine(Message):
    TYPE = "chat"
    table: str = spec(TABLE)
    seat: int = spec(SEAT)
    name: str = spec(Text(0, MAX_NAME))
    text: str = spec(Text(1, MAX_CHAT))


@dataclass(frozen=True, kw_only=True)
class RematchMade(Message):
    TYPE = "rematch"
    table: str = spec(TABLE)
    new_table: str = spec(TABLE)


@dataclass(frozen=True, kw_only=True)
class Board(Message):
    """The best-rated players: ``rows`` of ``name``, ``rating`` (OpenSkill's
    conservative estimate, mu - 3 sigma), ``games`` rated and games ``left``; ``you``:
    the asker's own (when the request named its player key)."""

    TYPE = "leaders"
    players: int = spec(Number(3, 4, "server.players"))
    rows: object = spec(Any_())
    you: object = spec(Any_(), None)


@dataclass(frozen=True, kw_only=True)
class Turns(Message):
    """The tables followed, one entry each (``table``, ``seat``, ``status``, ``active``:
    the seat to move, ``number``, and ``where`` for a table served elsewhere)."""

    TYPE = "turns"
    tables: object = spec(Any_())


@dataclass(frozen=True, kw_only=True)
class Turn(Message):
    """A followed table moved on: its status, the seat to move, the next step's number."""

    TYPE = "turn"
    table: str = spec(TABLE)
    status: str = spec(Word(("open", "playing", "over"), "server.field_range"))
    active: int | None = spec(Maybe(SEAT), None)
    number: int = spec(Number(0, MAX_STEPS))
    deadline: float | None = spec(Any_(), None)


@dataclass(frozen=True, kw_only=True)
class Moved(Message):
    """The table is served by another server process (several share one database):
    ask there (``where``; empty: ask where you first came in)."""

    TYPE = "moved"
    table: str = spec(TABLE)
    where: str = spec(Text(0, 500))


@dataclass(frozen=True, kw_only=True)
class View(Message):
    """A table as one seat (or a spectator, ``seat`` null) may see it: built by
    ``online.view`` alone. ``update`` is the same after a step, with the step."""

    TYPE = "view"
    NULLS = frozenset({"clocks", "seat"})
    # (the fields of any JSON, typed ``object``, are the server's to fill: the client
    # reads each, narrowed, through ``online.inbound.TableView``)
    table: str = spec(TABLE)
    status: str = spec(Word(("open", "playing", "over"), "server.field_range"))
    options: object = spec(Any_())
    seats: object = spec(Any_())
    clocks: object = spec(Any_(), None)
    seat: int | None = spec(Maybe(SEAT), None)
    first: int | None = spec(Maybe(SEAT), None)
    number: int | None = spec(Maybe(Number(0, MAX_STEPS)), None)
    state: object = spec(Any_(), None)
    steps: object = spec(Any_(), None)
    legal: object = spec(Any_(), None)
    record: str | None = spec(Any_(), None)
    handed: object = spec(Any_(), None)
    deadline: float | None = spec(Any_(), None)
    vacation: object = spec(Any_(), None)
    rested: object = spec(Any_(), None)


@dataclass(frozen=True, kw_only=True)
class Update(View):
    TYPE = "update"
    step: str = spec(Text(0, MAX_STEP))
    by: int = spec(SEAT)


ServerMessage = (Error | Refused | Created | Tables | Seated | Ok | ChatLine | RematchMade
                 | Moved | Board | Turns | Turn | View | Update)
SERVER_MESSAGES: dict[str, type] = {c.TYPE: c for c in (
    Error, Refused, Created, Tables, Seated, Ok, ChatLine, RematchMade, Moved, Board, Turns, Turn,
    View, Update)}


# ----- text <-> messages -----------------------------------------------------------------------
@dataclass(frozen=True)
class Refusal:
    """A frame the server will not take: the sentence's key and values, the request's
    ``id`` when one could be read, and the close code when the connection must end."""

    key: str
    values: dict[str, object]
    id: int | str | None = None
    close: Close | None = None


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether arrays and objects nest deeper than ``limit`` in ``text`` (counted
    outside strings, before any parser recurses into it)."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # NaN, Infinity: Python's, not JSON's


def parse(text: str | bytes, limit: int = MAX_DEPTH) -> Any:
    """JSON text as Python values, or ValueError (not JSON, too deep, non-finite)."""
    if isinstance(text, bytes):
        raise ValueError("binary")
    if too_deep(text, limit):
        raise ValueError("too deep")
    return json.loads(text, parse_constant=_no_constant)


def decode_request(text: str | bytes) -> Request | Refusal:
    """A client's frame as a request, or the refusal that answers it."""
    if isinstance(text, bytes):
        return Refusal("server.binary", {})
    if too_deep(text):
        return Refusal("server.too_deep", {"depth": MAX_DEPTH})
    try:
        data = parse(text)
    except (ValueError, RecursionError):
        return Refusal("server.not_json", {})
    if not isinstance(data, dict):
        return Refusal("server.not_object", {})
    version = data.get("v")
    if not isinstance(version, int) or isinstance(version, bool) or version != VERSION:
        # (nothing else of a message of another version is read, its id neither)
        return Refusal("server.version", {"version": VERSION}, None, Close.VERSION)
    ref = data.get("id")
    try:
        ref = Ref().read("id", ref) if ref is not None else None
    except Bad:
        ref = None
    kind = data.get("type")
    cls = REQUESTS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        return Refusal("server.unknown_type", {}, ref)
    try:
        request: Request = build(cls, data)  # (a ``cls``, each field read by its spec)
    except Bad as bad:
        return Refusal(bad.key, bad.values, ref)
    return request


def _value(value: Any) -> Any:
    if hasattr(value, "__dataclass_fields__"):
        return to_json(value)
    return value


def _items(msg: Any) -> list[tuple[str, Any]]:
    """A message's (or a nested part's) fields as they are sent: ``v`` and ``type``
    first for a message, null optional fields left out."""
    out: list[tuple[str, Any]] = []
    nulls: frozenset[str] = frozenset()
    if isinstance(msg, Message):
        out += [("v", VERSION), ("type", msg.TYPE)]
        nulls = msg.NULLS
    for name in _field_names(type(msg)):
        value = getattr(msg, name)
        if value is None and name not in nulls:
            continue
        out.append((name, value))
    return out


def to_json(msg: Any) -> dict[str, Any]:
    """A message (or a nested part) as a JSON object."""
    return {name: _value(value) for name, value in _items(msg)}


_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


_ENCODER = json.JSONEncoder(separators=(",", ":"), allow_nan=False, ensure_ascii=False)


def dumps(data: Any) -> str:
    """Plain JSON data as text (a client's request built as a dict, a part of a
    message); ValueError for a number that is not finite."""
    return _ENCODER.encode(data)


def encode(msg: Any, memo: dict[int, str] | None = None) -> str:
    """A message as the text of one frame (ValueError for a number that is not finite).

    ``memo`` holds the text of the lists and objects already written, by identity: the
    messages of one broadcast share their state, seats and log, written once. (It
    lives as long as the messages it was used for: an identity is only theirs while
    they live.)"""
    if memo is None:
        return dumps(to_json(msg))
    parts = []
    for name, value in _items(msg):
        if isinstance(value, (dict, list)):
            text = memo.get(id(value))
            if text is None:
                text = memo[id(value)] = dumps(value)
        elif type(value) is int:
            text = str(value)
        else:
            text = dumps(_value(value))
        parts.append(f'"{name}":{text}')
    return "{" + ",".join(parts) + "}"


__all__ = [
    "BURST", "DEFAULT_AWAY", "MAX_AWAY", "MAX_BONUS", "MAX_BUDGET", "MAX_CHAT", "MAX_DEPTH",
    "MAX_FRAME", "MAX_INBOUND", "MAX_NAME", "MAX_STEP", "MAX_STEPS", "RATE", "REQUESTS",
    "SERVER_MESSAGES", "VERSION", "ChatLine", "Clock", "Close", "Computer",
    "Create", "Created", "Error", "HandOver", "Leave", "List", "Message", "Moved", "Ok", "Refusal",
    "Refused", "Rematch", "RematchMade", "Request", "Resume", "Seated", "Sentence",
    "ServerMessage", "Sit", "Start", "Step", "Tables", "Update", "View", "Watch", "decode_request",
    "dumps", "encode", "parse", "to_json", "too_deep"]
