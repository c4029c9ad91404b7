"""What a client takes from a server: every message checked before anything reads it.

Any server may answer: an old one, a buggy one, one of a newer version, a hostile one.
``decode_server`` turns one frame into a typed message, each field read by its spec
(``online.protocol``: types, ranges, lengths) and each message checked as a whole
(seat numbers within its table's players, lists as long as its players and towns
make them, a log as long as its step number says, a town card the game knows, a
state whose markers add up), or into ``Unreadable``: why, in English for the
program's log, and what could be read of it to route it (its ``id``, ``type`` and
``table``). JSON is parsed by the protocol module alone; nothing here writes.

The server's own classes (``online.protocol``) describe a view's state, seats and
options loosely, as the server builds them itself; the client reads them through the
stricter classes here (``TableView``, ``TableUpdate``, ``Listing``), which are
subclasses, so a client's code may test for either. A new message type is one class
and one entry in ``MESSAGES``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai import LEVELS
from game.cards import CARDS
from game.deal import TOWNS_BY_PLAYERS
from game.state import (
    ACTIONS,
    AFTER_MOVE,
    FIELDS,
    MARKERS_PER_PLAYER,
    TECH_IDS,
    VARIANTS,
    State,
)

from . import protocol as p
from .fields import Bad, Flag, Maybe, Number, Part, Ref, Text, Word, build, spec

#: The longest log a view may carry (a game is a few hundred steps), the most legal
#: steps listed, the longest record, and the most tables in a listing.
MAX_LOG = 5_000
MAX_LEGAL = 5_000
MAX_RECORD = 400_000
MAX_TABLES = 500
#: The most seconds a clock may have left (a slow game's days, turn after turn), and
#: the longest a player may be said to have been gone.
MAX_CLOCK = 400 * 86_400.0
MAX_GONE = 3_650 * 86_400.0
#: A count kept on a board (wealth, victory points, markers): far over any game's.
MAX_COUNT = 999
#: A rating shown (mu - 3 sigma: far inside this), the games counted, and the seconds a
#: turn-a-day deadline may still be away (a week and every vacation day).
MAX_RATING = 10_000.0
MAX_GAMES = 10_000_000
MAX_DUE = p.MAX_DEADLINE + (p.MAX_VACATION + 1) * 86_400.0
#: How much of a frame a line of the program's log quotes.
QUOTE = 80


@dataclass(frozen=True)
class ListOf:
    """A JSON array of ``lo``..``hi`` items, each read by ``item``, as a tuple."""

    item: Any
    lo: int = 0
    hi: int = 100

    def read(self, name: str, value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise Bad("server.field_type", {"name": repr(name)})
        if not self.lo <= len(value) <= self.hi:
            raise Bad("server.field_length", {"name": repr(name), "lo": self.lo, "hi": self.hi})
        return tuple(self.item.read(name, v) for v in value)


def _fail(why: str) -> Bad:
    return Bad("client.inconsistent", {"why": why})


SEAT_OR_NONE = Number(-1, 3)
COUNT = Number(0, MAX_COUNT)
TOWN = Word(tuple(sorted(CARDS.towns)), "client.unknown_town")
NAME = Text(0, p.MAX_NAME)
STEP = Text(1, p.MAX_STEP)


# ----- the parts of a view ------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class SeatInfo:
    """One seat as a view or a lobby entry describes it."""

    seat: int = spec(p.SEAT)
    name: str = spec(NAME)
    kind: str = spec(Word(("human", "computer"), "server.field_range"))
    level: str | None = spec(Maybe(Word(tuple(LEVELS), "server.level")), None)
    here: bool = spec(Flag(), True)
    away_for: float | None = spec(Maybe(Number(0.0, MAX_GONE, whole=False)), None)
    #: A rated player's rating (mu - 3 sigma), games rated and games left.
    rating: float | None = spec(Maybe(Number(-MAX_RATING, MAX_RATING, whole=False)), None)
    games: int | None = spec(Maybe(Number(0, MAX_GAMES)), None)
    left: int | None = spec(Maybe(Number(0, MAX_GAMES)), None)


@dataclass(frozen=True, kw_only=True)
class TableClock:
    """A table's clock as the server keeps it (seconds: each player's own time, and
    what each turn adds)."""

    budget: float = spec(Number(0.0, p.MAX_BUDGET, whole=False))
    bonus: float = spec(Number(0.0, p.MAX_BONUS, whole=False), 0.0)


@dataclass(frozen=True, kw_only=True)
class Options:
    """A table's options, as the server keeps them."""

    players: int = spec(Number(3, 4, "server.players"))
    variant: str = spec(Word(VARIANTS, "server.variant"), "standard")
    first_game: bool = spec(Flag(), False)
    private: bool = spec(Flag(), False)
    clock: TableClock | None = spec(Maybe(Part(TableClock)), None)
    away_limit: float = spec(Number(0.0, p.MAX_AWAY, whole=False), p.DEFAULT_AWAY)
    deadline: float | None = spec(Maybe(Number(p.MIN_DEADLINE, p.MAX_DEADLINE, whole=False)),
                                  None)
    vacation: int = spec(Number(0, p.MAX_VACATION), 0)
    quick: bool = spec(Flag(), False)


@dataclass(frozen=True, kw_only=True)
class Handed:
    """A seat that changed hands in this view, and why (a newer server's why is kept
    as it is: the client says its plainer sentence for a why it does not know)."""

    seat: int = spec(p.SEAT)
    why: str = spec(Text(0, 20))


@dataclass(frozen=True, kw_only=True)
class Rested:
    """A turn-a-day table's player who let the deadline pass and took a vacation day."""

    seat: int = spec(p.SEAT)
    left: int = spec(Number(0, p.MAX_VACATION))


def _seats(seats: tuple[SeatInfo, ...], players: int) -> None:
    taken = [s.seat for s in seats]
    if len(set(taken)) != len(taken) or any(s >= players for s in taken):
        raise _fail(f"seats {taken} at a table of {players}")


@dataclass(frozen=True, kw_only=True)
class PublicState:
    """A game's public state (docs/protocol.md, "The public state, field by field"),
    checked to be one the engine can hold: the lengths its players and towns make, the
    seats in range, known cards, every player's 13 markers somewhere."""

    names: tuple[str, ...] = spec(ListOf(Text(1, p.MAX_NAME), 3, 4))
    variant: str = spec(Word(VARIANTS, "server.variant"))
    revealed: int = spec(Number(0, 12))
    towns_face_up: tuple[str, ...] = spec(ListOf(TOWN, 0, 12))
    face_down: int = spec(Number(0, 12))
    goods: tuple[int, ...] = spec(ListOf(SEAT_OR_NONE, 18, 24))
    buildings: tuple[int, ...] = spec(ListOf(SEAT_OR_NONE, 18, 24))
    ships: tuple[int, ...] = spec(ListOf(Number(0, MARKERS_PER_PLAYER), 30, 52))
    stock: tuple[int, ...] = spec(ListOf(Number(0, MARKERS_PER_PLAYER), 3, 4))
    lisboa: tuple[int, ...] = spec(ListOf(Number(0, MARKERS_PER_PLAYER), 3, 4))
    wealth: tuple[int, ...] = spec(ListOf(COUNT, 3, 4))
    vp: tuple[int, ...] = spec(ListOf(COUNT, 3, 4))
    speed: tuple[int, ...] = spec(ListOf(Number(1, 3), 3, 4))
    tech_owner: tuple[int, ...] = spec(ListOf(SEAT_OR_NONE, len(TECH_IDS), len(TECH_IDS)))
    active: int = spec(p.SEAT)
    ap: int = spec(Number(0, 2))
    phase: str = spec(Word((ACTIONS, AFTER_MOVE), "server.field_range"))
    flags: int = spec(Number(0, 31))
    map_pending: int = spec(Number(0, 12))
    last_seat: int = spec(SEAT_OR_NONE)
    india: int = spec(SEAT_OR_NONE)
    turn: int = spec(Number(1, p.MAX_STEPS))
    over: bool = spec(Flag())
    scores: tuple[int, ...] | None = spec(Maybe(ListOf(Number(-MAX_COUNT, MAX_COUNT), 3, 4)),
                                          None)
    winners: tuple[int, ...] | None = spec(Maybe(ListOf(p.SEAT, 1, 4)), None)
    #: Every card, once the game is over.
    towns: tuple[str, ...] | None = spec(Maybe(ListOf(TOWN, 9, 12)), None)

    def __post_init__(self) -> None:
        n = len(self.names)
        size = TOWNS_BY_PLAYERS[n]
        if self.revealed + self.face_down != size or self.revealed < 1:
            raise _fail(f"{self.revealed} towns face up and {self.face_down} down, "
                        f"for {n} players")
        if len(self.towns_face_up) != self.revealed or \
                len(set(self.towns_face_up)) != self.revealed:
            raise _fail("the face-up towns do not match how many are face up")
        lengths = {"goods": 2 * size, "buildings": 2 * size, "ships": n * (size + 1),
                   "stock": n, "lisboa": n, "wealth": n, "vp": n, "speed": n}
        for name, length in lengths.items():
            if len(getattr(self, name)) != length:
                raise _fail(f"{name} has {len(getattr(self, name))} entries, not {length}")
        seats = [*self.goods, *self.buildings, *self.tech_owner, self.last_seat, self.india,
                 self.active, *(self.winners or ())]
        if max(seats) >= n:
            raise _fail(f"a seat {max(seats)} of {n}")
        if self.map_pending > self.revealed:
            raise _fail("a map for a town not face up")
        if self.over != (self.scores is not None) or self.over != (self.winners is not None):
            raise _fail("scores and winners exactly when the game is over")
        if self.scores is not None and len(self.scores) != n:
            raise _fail("a score for each player")
        if self.towns is not None and (not self.over or len(self.towns) != size or len(
                set(self.towns)) != size or self.towns[: self.revealed] != self.towns_face_up):
            raise _fail("every card, once the game is over")
        problem = _markers(self.state(), n)
        if problem is not None:
            raise _fail(problem)

    def state(self, towns: list[str] | tuple[str, ...] | None = None) -> State:
        """The engine's state for this public one, on ``towns`` (by default the known
        cards: the face-up ones, then placeholders)."""
        data = {name: getattr(self, name) for name in FIELDS
                if name not in ("board", "names")}
        for name, value in data.items():
            if isinstance(value, tuple):
                data[name] = list(value)
        data["names"] = list(self.names)
        data["towns"] = list(towns if towns is not None else self.towns or known_deal(
            self.revealed + self.face_down, self.towns_face_up))
        return State.from_dict(data)

    def public(self) -> dict[str, Any]:
        """As ``online.view.public_state`` writes it (lists, no ``towns``)."""
        out = {}
        for name in (*FIELDS, "towns_face_up", "face_down"):
            if name in ("board", "towns"):
                continue
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


def known_deal(size: int, face_up: tuple[str, ...] | list[str]) -> list[str]:
    """The deal as a seat knows it: ``face_up`` at positions 1.., then placeholders
    (the other towns, sorted) up to ``size`` towns."""
    seen = set(face_up)
    rest = [t for t in sorted(CARDS.towns) if t not in seen]
    return [*face_up, *rest[: size - len(face_up)]]


def _markers(st: State, n: int) -> str | None:
    """Why the state breaks a rule every game keeps (None: it keeps them)."""
    for seat in range(n):
        if sum(st.markers_by_place(seat).values()) != MARKERS_PER_PLAYER:
            return f"seat {seat}'s markers do not add up to {MARKERS_PER_PLAYER}"
        if st.scientists_home(seat) < 0:
            return f"seat {seat} owns more than three technologies"
        if any(st.ships_at(seat, pos) for pos in range(st.revealed + 1, st.size + 1)):
            return "a ship below a face-down town"
    for pos in range(st.revealed + 1, st.size + 1):
        i = (pos - 1) * 2
        if st.goods[i:i + 2] != [-1, -1] or st.buildings[i:i + 2] != [-1, -1]:
            return "a marker on a face-down town"
    return None


# ----- the messages the client reads more strictly than the server writes them -------------
@dataclass(frozen=True, kw_only=True)
class TableView(p.View):
    """A table as the server shows it (see ``online.protocol.View``), checked whole."""

    options: Options = spec(Part(Options))
    seats: tuple[SeatInfo, ...] = spec(ListOf(Part(SeatInfo), 0, 4))
    clocks: tuple[float | None, ...] | None = spec(
        Maybe(ListOf(Maybe(Number(-MAX_CLOCK, MAX_CLOCK, whole=False)), 3, 4)), None)
    state: PublicState | None = spec(Maybe(Part(PublicState)), None)
    steps: tuple[str, ...] | None = spec(Maybe(ListOf(STEP, 0, MAX_LOG)), None)
    legal: tuple[str, ...] | None = spec(Maybe(ListOf(STEP, 0, MAX_LEGAL)), None)
    record: str | None = spec(Maybe(Text(1, MAX_RECORD)), None)
    handed: Handed | None = spec(Maybe(Part(Handed)), None)
    deadline: float | None = spec(Maybe(Number(0.0, MAX_DUE, whole=False)), None)
    vacation: tuple[int, ...] | None = spec(Maybe(ListOf(Number(0, p.MAX_VACATION), 3, 4)),
                                            None)
    rested: Rested | None = spec(Maybe(Part(Rested)), None)

    def __post_init__(self) -> None:
        players = self.options.players
        if self.vacation is not None and len(self.vacation) != players:
            raise _fail(f"{len(self.vacation)} players' vacation days for {players}")
        if self.rested is not None and self.rested.seat >= players:
            raise _fail(f"a seat {self.rested.seat} resting, of {players}")
        _seats(self.seats, players)
        for name in ("seat", "first"):
            if (getattr(self, name) or 0) >= players:
                raise _fail(f"{name} {getattr(self, name)} of {players}")
        if self.handed is not None and self.handed.seat >= players:
            raise _fail(f"a seat {self.handed.seat} handed over, of {players}")
        if self.clocks is not None and len(self.clocks) != players:
            raise _fail(f"{len(self.clocks)} clocks for {players} players")
        st = self.state
        if st is None:
            if self.steps is not None or self.status != "open":
                raise _fail("a game under way without its state")
            return
        if self.number is None or len(st.names) != players:
            raise _fail("a state without its step number, or for other players")
        if self.steps is not None and len(self.steps) != self.number:
            raise _fail(f"{len(self.steps)} steps, but the step number is {self.number}")
        if self.status == "open" or st.over != (self.status == "over"):
            raise _fail(f"a table {self.status} whose game is "
                        f"{'over' if st.over else 'not over'}")


@dataclass(frozen=True, kw_only=True)
class TableUpdate(TableView):
    """A table after one step (``step``, made by seat ``by``)."""

    TYPE = "update"
    step: str = spec(STEP)
    by: int = spec(p.SEAT)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.state is None or not self.number or self.by >= self.options.players:
            raise _fail("an update without its game, its number or its seat")


@dataclass(frozen=True, kw_only=True)
class LobbyEntry:
    """An open table as the lobby lists it."""

    table: str = spec(p.TABLE)
    players: int = spec(Number(3, 4, "server.players"))
    variant: str = spec(Word(VARIANTS, "server.variant"), "standard")
    first_game: bool = spec(Flag(), False)
    clock: TableClock | None = spec(Maybe(Part(TableClock)), None)
    status: str = spec(Word(("open", "playing", "over"), "server.field_range"), "open")
    where: str = spec(Text(0, 500), "")
    seats: tuple[SeatInfo, ...] = spec(ListOf(Part(SeatInfo), 0, 4), ())
    deadline: float | None = spec(Maybe(Number(p.MIN_DEADLINE, p.MAX_DEADLINE, whole=False)),
                                  None)
    vacation: int = spec(Number(0, p.MAX_VACATION), 0)
    quick: bool = spec(Flag(), False)
    number: int | None = spec(Maybe(Number(0, p.MAX_STEPS)), None)

    def __post_init__(self) -> None:
        _seats(self.seats, self.players)


@dataclass(frozen=True, kw_only=True)
class Listing(p.Tables):
    """The lobby's open tables."""

    tables: tuple[LobbyEntry, ...] = spec(ListOf(Part(LobbyEntry), 0, MAX_TABLES))


@dataclass(frozen=True, kw_only=True)
class Standing:
    """A player's rating as a server shows it (``online.seating.standing_of``)."""

    rating: float = spec(Number(-MAX_RATING, MAX_RATING, whole=False))
    games: int = spec(Number(0, MAX_GAMES))
    left: int = spec(Number(0, MAX_GAMES))


@dataclass(frozen=True, kw_only=True)
class Leader(Standing):
    """One row of a leaderboard."""

    name: str = spec(NAME)


@dataclass(frozen=True, kw_only=True)
class Leaderboard(p.Board):
    """The best-rated players at a player count, and the asker's own standing."""

    rows: tuple[Leader, ...] = spec(ListOf(Part(Leader), 0, 100))
    you: Standing | None = spec(Maybe(Part(Standing)), None)


@dataclass(frozen=True, kw_only=True)
class Followed:
    """One seat followed from afar: where its table stands (or why it cannot be
    followed: ``refused``, a sentence key; ``where``, served by another process)."""

    table: str = spec(p.TABLE)
    seat: int = spec(p.SEAT)
    status: str | None = spec(Maybe(Word(("open", "playing", "over"), "server.field_range")),
                              None)
    number: int | None = spec(Maybe(Number(0, p.MAX_STEPS)), None)
    active: int | None = spec(Maybe(p.SEAT), None)
    deadline: float | None = spec(Maybe(Number(0.0, MAX_DUE, whole=False)), None)
    refused: str | None = spec(Maybe(Text(1, 64)), None)
    where: str | None = spec(Maybe(Text(0, 500)), None)


@dataclass(frozen=True, kw_only=True)
class FollowedAll(p.Turns):
    """The answer to ``follow``: one entry per seat named."""

    tables: tuple[Followed, ...] = spec(ListOf(Part(Followed), 0, p.MAX_FOLLOWED))


@dataclass(frozen=True, kw_only=True)
class TurnNews(p.Turn):
    """A followed table moved on."""

    deadline: float | None = spec(Maybe(Number(0.0, MAX_DUE, whole=False)), None)


#: The message types a client reads, by ``type``. (A new message: its class here.)
MESSAGES: dict[str, type] = {
    "error": p.Error, "refused": p.Refused, "created": p.Created, "tables": Listing,
    "seated": p.Seated, "ok": p.Ok, "chat": p.ChatLine, "rematch": p.RematchMade,
    "moved": p.Moved, "view": TableView, "update": TableUpdate, "leaders": Leaderboard,
    "turns": FollowedAll, "turn": TurnNews,
}

ServerMessage = (p.Error | p.Refused | p.Created | Listing | p.Seated | p.Ok | p.ChatLine
                 | p.RematchMade | p.Moved | TableView | TableUpdate | Leaderboard
                 | FollowedAll | TurnNews)


@dataclass(frozen=True)
class Unreadable:
    """A frame that is no message this client can read. ``why`` says so in English (for
    the program's log); ``id``, ``type`` and ``table`` are what could be read of it, to
    tell whose answer it was; ``version`` is set when it is of another protocol version."""

    why: str
    id: int | str | None = None
    type: str | None = None
    table: str | None = None
    version: bool = False


def _quote(value: object) -> str:
    text = repr(value)
    return text if len(text) <= QUOTE else text[: QUOTE - 1] + "…"


def decode_server(text: str | bytes) -> ServerMessage | Unreadable:
    """One frame from a server as a checked message, or ``Unreadable``."""
    if isinstance(text, bytes):
        return Unreadable("a binary frame")
    try:
        data = p.parse(text)
    except (ValueError, RecursionError) as exc:
        return Unreadable(f"not JSON ({_quote(str(exc))}, {len(text)} characters)")
    if not isinstance(data, dict):
        return Unreadable(f"not a JSON object but {type(data).__name__}")
    try:
        ref = Ref().read("id", data["id"]) if data.get("id") is not None else None
    except Bad:
        ref = None
    kind = data.get("type")
    kind = kind if isinstance(kind, str) and len(kind) <= 40 else None
    table = data.get("table")
    table = table if isinstance(table, str) and 0 < len(table) <= 64 else None
    version = data.get("v")
    if type(version) is not int or version != p.VERSION:
        return Unreadable(f"protocol version {_quote(version)}, not {p.VERSION}", ref, kind,
                          table, version=True)
    cls = MESSAGES.get(kind) if kind is not None else None
    if cls is None:
        return Unreadable(f"an unknown type {_quote(data.get('type'))}", ref, kind, table)
    try:
        msg: ServerMessage = build(cls, data)  # (a ``cls``, each field read by its spec)
    except Bad as bad:
        said = ", ".join(f"{k} {_quote(v)}" for k, v in bad.values.items())
        return Unreadable(f"a {kind} message with {bad.key} ({said})", ref, kind, table)
    return msg


__all__ = ["MAX_DUE", "MAX_LEGAL", "MAX_LOG", "MAX_RECORD", "MAX_TABLES", "MESSAGES", "Followed",
           "FollowedAll", "Handed", "Leader", "Leaderboard", "ListOf", "Listing", "LobbyEntry",
           "Options", "PublicState", "Rested", "SeatInfo", "ServerMessage", "Standing",
           "TableClock", "TableUpdate", "TableView", "TurnNews", "Unreadable", "decode_server",
           "known_deal"]
