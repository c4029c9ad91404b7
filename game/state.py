"""The game state as plain data.

A ``State`` is immutable by convention: the rules never change one, they make a
successor and change that. A successor shares every list it does not change with
the state it came from (``State.derive``: the rules replace a list by a copy before
changing it), so a state that ``apply`` returned must never be changed in place:
change a ``State.copy`` instead, whose lists are all its own. A state holds only
ints, strings and lists of them, so it converts to JSON and back without loss
(``to_dict`` / ``from_dict``).
Wealth and VP are stored as numbers; the bankers and historians that show them
are derived (canonical: all full but the last), which is the engine's ruling on
reshuffling.

Positions: Lisboa is 0, towns are 1..size. Goods and building spaces are kept in
flat lists indexed ``(pos - 1) * 2 + (k - 1)`` for space k (1 or 2) of the town
at pos; ``-1`` is an empty space, otherwise the seat of the marker's owner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import CARDS, COLORS, GOODS, STRONGHOLD, Town
from .steps import Space
from .variants import NAMES, STANDARD

MARKERS_PER_PLAYER = 13
START_WEALTH = (2, 2, 3, 4)
START_REVEALED = 3
ACTION_POINTS = 2
ACTIONS = "actions"
AFTER_MOVE = "after-move"
#: The registered variants' names (``game.variants``: a live view of its registry).
VARIANTS = NAMES

TECH_IDS: tuple[str, ...] = CARDS.tech_ids
TECH_INDEX: dict[str, int] = {tid: i for i, tid in enumerate(TECH_IDS)}

# Things a player may do once per turn, as bits of State.flags.
ENTERED_FACE_DOWN = 1
USED_BANK = 2
USED_GEOGRAPHY = 4
USED_PRINTING = 8
USED_ARCHITECTURE = 16


def holdings(amount: int) -> list[int]:
    """The canonical markers for an amount of wealth or VP: 7 -> [5, 2]."""
    full, rest = divmod(amount, 5)
    return [5] * full + ([rest] if rest else [])


def markers_for(amount: int) -> int:
    """How many bankers (or historians) an amount needs."""
    return -(-amount // 5)


def space_index(space: Space) -> int:
    """The index of a goods or building space in ``goods``/``buildings`` (unchecked)."""
    return (space[1] - 1) * 2 + space[2] - 1


def _slot(size: int, pos: int, k: int) -> int:
    """``space_index`` of space k (1 or 2) of the town at pos, checked to exist."""
    if not 1 <= pos <= size or k not in (1, 2):
        raise ValueError(f"no space {k} at town {pos}")
    return space_index(("g", pos, k))


def _spaces_of(owners: list[int], seat: int, kind: str) -> list[Space]:
    return [(kind, i // 2 + 1, i % 2 + 1) for i, o in enumerate(owners) if o == seat]


@dataclass(frozen=True, slots=True)
class Board:
    """What a deal fixes for the whole game: the towns in their positions.

    Shared between all states of one game, so copying a state never copies it.
    """

    towns: tuple[str, ...]
    goods_type: tuple[str, ...]
    building_kind: tuple[str, ...]
    market_good: tuple[str | None, ...]
    #: How many towns are in the line (derived from ``towns``).
    size: int = field(init=False, compare=False)
    #: The building-space indices (as in ``State.buildings``) that hold strongholds.
    strongholds: tuple[int, ...] = field(init=False, compare=False)
    #: The building-space indices that hold marketplaces.
    markets: tuple[int, ...] = field(init=False, compare=False)
    #: Each goods space's type as a bit (``1 << GOODS.index(type)``), for counting types.
    goods_bit: tuple[int, ...] = field(init=False, compare=False)
    #: Each building space's marketplace good as a bit (0: not a marketplace).
    market_bit: tuple[int, ...] = field(init=False, compare=False)
    #: The building spaces that hold strongholds, as bits of their indices.
    stronghold_mask: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", len(self.towns))
        object.__setattr__(self, "strongholds", tuple(
            i for i, kind in enumerate(self.building_kind) if kind == STRONGHOLD))
        object.__setattr__(self, "markets", tuple(
            i for i, good in enumerate(self.market_good) if good is not None))
        object.__setattr__(self, "goods_bit", tuple(
            1 << GOODS.index(good) for good in self.goods_type))
        object.__setattr__(self, "market_bit", tuple(
            0 if good is None else 1 << GOODS.index(good) for good in self.market_good))
        object.__setattr__(self, "stronghold_mask", sum(1 << i for i in self.strongholds))

    @classmethod
    def of(cls, towns: tuple[str, ...]) -> Board:
        cards = [CARDS.towns[t] for t in towns]
        return cls(
            towns,
            tuple(g for c in cards for g in c.goods),
            tuple(c.building_kind(k) for c in cards for k in (1, 2)),
            tuple(c.market_good(k) for c in cards for k in (1, 2)),
        )


_new_state = object.__new__

#: The fields of a state: its data, which ``to_dict`` writes and ``from_dict`` reads.
FIELDS = (
    "active", "ap", "board", "buildings", "flags", "goods", "india", "last_seat",
    "lisboa", "map_pending", "names", "over", "phase", "revealed", "scores", "ships",
    "speed", "stock", "tech_owner", "turn", "variant", "vp", "wealth", "winners",
)


#: Where each seat's masks lie in ``State.marks``: 64 bits a seat (from ``SEAT_SHIFT``),
#: its goods spaces (24 bits, by space index), its building spaces (24 bits, by space
#: index), its seas (16 bits, by position); then which goods spaces and which building
#: spaces anyone holds. A seat's three masks side by side make one key (the 64 bits
#: from ``marks >> SEAT_SHIFT[seat]``) for the listing's tables of what a seat holds.
SEAT_SHIFT = (0, 64, 128, 192)
G_SHIFT = SEAT_SHIFT
B_SHIFT = (24, 88, 152, 216)
S_SHIFT = (48, 112, 176, 240)
G_TAKEN = 256
B_TAKEN = 280
LAND_BITS = (1 << 24) - 1
SEA_BITS = (1 << 16) - 1
#: The bits a marker arriving on (or leaving) a goods space flips, by seat and space
#: index: the seat's own bit and the space's taken bit; the same for building spaces.
G_FLIP = tuple(tuple(1 << G_SHIFT[seat] + i | 1 << G_TAKEN + i for i in range(24))
               for seat in range(4))
B_FLIP = tuple(tuple(1 << B_SHIFT[seat] + i | 1 << B_TAKEN + i for i in range(24))
               for seat in range(4))
#: The bit a seat's first ship arriving in a sea (or its last leaving) flips.
S_FLIP = tuple(tuple(1 << S_SHIFT[seat] + pos for pos in range(16)) for seat in range(4))


#: The indices of the bits set in a mask, in order, for the masks met (``bits_of``).
BITS: dict[int, tuple[int, ...]] = {}
#: The most masks ``BITS`` remembers. A seat's masks are few (a few hundred in
#: thousands of games), but a server lives for weeks, so the memory has a ceiling.
BITS_LIMIT = 1 << 16


def bits_of(mask: int) -> tuple[int, ...]:
    """The indices of the bits set in ``mask``, in order (remembered in ``BITS``)."""
    out = []
    i = 0
    m = mask
    while m:
        if m & 1:
            out.append(i)
        m >>= 1
        i += 1
    found = tuple(out)
    if len(BITS) < BITS_LIMIT:
        BITS[mask] = found
    return found


def seat_masks(owners: list[int], n: int) -> list[int]:
    """For each seat, the bits of the indices of ``owners`` that hold its markers."""
    masks = [0] * n
    for i, owner in enumerate(owners):
        if owner >= 0:
            masks[owner] |= 1 << i
    return masks


def sea_masks(ships: list[int], n: int, size: int) -> list[int]:
    """For each seat, the bits of the seas (1..size) where it has at least one ship."""
    masks = [0] * n
    for seat in range(n):
        base = seat * (size + 1)
        for pos in range(1, size + 1):
            if ships[base + pos]:
                masks[seat] |= 1 << pos
    return masks


def pack_marks(goods: list[int], buildings: list[int], ships: list[int], n: int,
               size: int) -> int:
    """``State.marks`` read from the lists."""
    marks = 0
    for seat, (g, b, s) in enumerate(zip(seat_masks(goods, n), seat_masks(buildings, n),
                                         sea_masks(ships, n, size), strict=True)):
        marks |= g << G_SHIFT[seat] | b << B_SHIFT[seat] | s << S_SHIFT[seat]
        marks |= g << G_TAKEN | b << B_TAKEN
    return marks


class State:
    """One moment of a game. Build new games with ``game.deal``.

    Besides its fields a state keeps, for each seat, three bit masks of where its
    markers are, packed in one int, ``marks`` (see ``G_SHIFT``...; ``gmask``,
    ``bmask`` and ``smask`` unpack them: the goods spaces a seat holds, by index; its
    building spaces; the seas, by position, where it has a ship). They are what the
    goods, buildings and ships lists say, kept for speed: the listing of legal steps
    reads them instead of searching the lists. The rules keep them with every change,
    and so do ``set_owner`` and ``add_ships``; whoever changes ``goods``,
    ``buildings`` or ``ships`` of a copy in place otherwise calls ``reindex`` after.
    """

    __slots__ = (*FIELDS, "marks")

    names: tuple[str, ...]
    board: Board
    variant: str
    revealed: int
    goods: list[int]
    buildings: list[int]
    ships: list[int]
    stock: list[int]
    lisboa: list[int]
    wealth: list[int]
    vp: list[int]
    speed: list[int]
    tech_owner: list[int]
    active: int
    ap: int
    phase: str
    flags: int
    map_pending: int
    last_seat: int
    india: int
    turn: int
    over: bool
    scores: list[int] | None
    winners: list[int] | None
    marks: int

    @classmethod
    def start(cls, names: tuple[str, ...] | list[str], towns: tuple[str, ...] | list[str],
              variant: str = STANDARD, first: int = 0) -> State:
        """The position after setup: towns dealt, 2/2/3/4 wealth given in turn order
        from the starting seat ``first``, who plays first.

        A record names its players in turn order, the starting player first, so a game
        begun at another seat is written with its names rotated (``write_record``'s
        callers do it); the same steps replay it."""
        n = len(names)
        st = cls()
        st.names = tuple(names)
        st.board = Board.of(tuple(towns))
        st.variant = variant
        size = st.board.size
        st.revealed = min(START_REVEALED, size)
        st.goods = [-1] * (2 * size)
        st.buildings = [-1] * (2 * size)
        st.ships = [0] * (n * (size + 1))
        st.stock = [MARKERS_PER_PLAYER - 1 - 1 - 3 - 1] * n
        st.lisboa = [1] * n
        if not 0 <= first < n:
            raise ValueError(f"no seat {first} among {n} players")
        st.wealth = [START_WEALTH[(seat - first) % n] for seat in range(n)]
        st.vp = [0] * n
        st.speed = [1] * n
        st.tech_owner = [-1] * len(TECH_IDS)
        st.active = first
        st.ap = ACTION_POINTS
        st.phase = ACTIONS
        st.flags = 0
        st.map_pending = 0
        st.last_seat = -1
        st.india = -1
        st.turn = 1
        st.over = False
        st.scores = None
        st.winners = None
        st.marks = 0
        return st

    def reindex(self) -> None:
        """Read the masks again from the lists (after changing them in place)."""
        self.marks = pack_marks(self.goods, self.buildings, self.ships, len(self.names),
                                self.board.size)

    @property
    def gmask(self) -> list[int]:
        """Each seat's goods spaces, as bits of their indices."""
        return [self.marks >> G_SHIFT[s] & LAND_BITS for s in range(len(self.names))]

    @property
    def bmask(self) -> list[int]:
        """Each seat's building spaces, as bits of their indices."""
        return [self.marks >> B_SHIFT[s] & LAND_BITS for s in range(len(self.names))]

    @property
    def smask(self) -> list[int]:
        """Each seat's seas with a ship, as bits of their positions."""
        return [self.marks >> S_SHIFT[s] & SEA_BITS for s in range(len(self.names))]

    def derive(self) -> State:
        """A successor for the rules to change: every field the same, every list
        *shared* with this state. Whoever changes it replaces a list by a copy first
        (``st.wealth = st.wealth[:]``), so this state never sees the change."""
        st = _new_state(State)
        st.names = self.names
        st.board = self.board
        st.variant = self.variant
        st.revealed = self.revealed
        st.goods = self.goods
        st.buildings = self.buildings
        st.ships = self.ships
        st.stock = self.stock
        st.lisboa = self.lisboa
        st.wealth = self.wealth
        st.vp = self.vp
        st.speed = self.speed
        st.tech_owner = self.tech_owner
        st.active = self.active
        st.ap = self.ap
        st.phase = self.phase
        st.flags = self.flags
        st.map_pending = self.map_pending
        st.last_seat = self.last_seat
        st.india = self.india
        st.turn = self.turn
        st.over = self.over
        st.scores = self.scores
        st.winners = self.winners
        st.marks = self.marks
        return st

    def copy(self) -> State:
        """A copy whose lists can be changed without touching this state."""
        st = self.derive()
        st.goods = self.goods[:]
        st.buildings = self.buildings[:]
        st.ships = self.ships[:]
        st.stock = self.stock[:]
        st.lisboa = self.lisboa[:]
        st.wealth = self.wealth[:]
        st.vp = self.vp[:]
        st.speed = self.speed[:]
        st.tech_owner = self.tech_owner[:]
        return st

    # ----- reading the state -------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def size(self) -> int:
        """How many towns are in the line (12 with four players, 9 with three)."""
        return self.board.size

    @property
    def towns(self) -> tuple[str, ...]:
        return self.board.towns

    @property
    def action_points(self) -> int:
        return self.ap

    @property
    def final_round(self) -> bool:
        """True once an end condition has been met."""
        return self.last_seat >= 0

    def color(self, seat: int) -> str:
        return COLORS[seat]

    def card_at(self, pos: int) -> Town:
        return CARDS.towns[self.board.towns[pos - 1]]

    def face_up(self, pos: int) -> bool:
        return pos <= self.revealed

    def _land_list(self, kind: str) -> list[int]:
        if kind == "g":
            return self.goods
        if kind == "b":
            return self.buildings
        raise ValueError(f"a space is goods ('g') or building ('b'), not {kind!r}")

    def owner(self, space: Space) -> int | None:
        """Who holds a goods space ("g", pos, k) or building space ("b", pos, k);
        None if nobody."""
        kind, pos, k = space
        owner = self._land_list(kind)[_slot(self.size, pos, k)]
        return None if owner < 0 else owner

    def good_owner(self, pos: int, k: int) -> int | None:
        return self.owner(("g", pos, k))

    def building_owner(self, pos: int, k: int) -> int | None:
        return self.owner(("b", pos, k))

    def land(self, seat: int) -> list[Space]:
        """The goods spaces, then the building spaces, this seat holds, in board order."""
        return _spaces_of(self.goods, seat, "g") + _spaces_of(self.buildings, seat, "b")

    def ships_at(self, seat: int, pos: int) -> int:
        return self.ships[seat * (self.size + 1) + pos]

    def ship_seas(self, seat: int) -> dict[int, int]:
        """Sea position -> number of this player's ships there."""
        base = seat * (self.size + 1)
        return {p: c for p in range(1, self.size + 1) if (c := self.ships[base + p])}

    def bankers(self, seat: int) -> list[int]:
        return holdings(self.wealth[seat])

    def historians(self, seat: int) -> list[int]:
        return holdings(self.vp[seat])

    def techs(self, seat: int) -> list[str]:
        return [TECH_IDS[i] for i, o in enumerate(self.tech_owner) if o == seat]

    def has_tech(self, seat: int, tech_id: str) -> bool:
        return self.tech_owner[TECH_INDEX[tech_id]] == seat

    def tech_owner_of(self, tech_id: str) -> int | None:
        owner = self.tech_owner[TECH_INDEX[tech_id]]
        return None if owner < 0 else owner

    def scientists_home(self, seat: int) -> int:
        return 3 - self.tech_owner.count(seat)

    def owned_buildings(self, seat: int, kind: str) -> int:
        kinds = self.board.building_kind
        return sum(1 for i, o in enumerate(self.buildings) if o == seat and kinds[i] == kind)

    def markers_by_place(self, seat: int) -> dict[str, int]:
        """Where this player's 13 markers are; the counts always add up to 13."""
        base = seat * (self.size + 1)
        return {
            "stock": self.stock[seat],
            "lisboa": self.lisboa[seat],
            "ships": sum(self.ships[base + 1: base + self.size + 1]),
            "goods": self.goods.count(seat),
            "buildings": self.buildings.count(seat),
            "bankers": markers_for(self.wealth[seat]),
            "historians": markers_for(self.vp[seat]),
            "ship builder": 1,
            "scientists": 3,
        }

    def to_json(self) -> dict[str, Any]:
        """The replay summary of docs/notation.md (plus a few extra fields)."""
        players = []
        for seat, name in enumerate(self.names):
            players.append({
                "name": name,
                "color": COLORS[seat],
                "wealth": self.wealth[seat],
                "vp": self.vp[seat],
                "bankers": markers_for(self.wealth[seat]),
                "historians": markers_for(self.vp[seat]),
                "stock": self.stock[seat],
                "lisboa": self.lisboa[seat],
                "speed": self.speed[seat],
                "ships": {str(p): c for p, c in self.ship_seas(seat).items()},
                "techs": self.techs(seat),
                "score": self.scores[seat] if self.scores is not None else None,
            })
        towns = []
        for pos in range(1, self.size + 1):
            i = (pos - 1) * 2
            towns.append({
                "position": pos,
                "card": self.board.towns[pos - 1],
                "face_up": self.face_up(pos),
                "goods": [COLORS[o] if o >= 0 else None for o in self.goods[i:i + 2]],
                "buildings": [COLORS[o] if o >= 0 else None for o in self.buildings[i:i + 2]],
            })
        return {
            "players": players,
            "towns": towns,
            "active": self.active,
            "action_points": self.ap,
            "phase": self.phase,
            "turn": self.turn,
            "final_round": self.final_round,
            "over": self.over,
            "winners": [self.names[w] for w in self.winners] if self.winners is not None else None,
            "india": self.names[self.india] if self.india >= 0 else None,
            "variant": self.variant,
        }

    # ----- plain-data setters ------------------------------------------------
    # Not rules: nothing here checks legality or keeps the 13 markers adding up. They
    # are for drawing a staged voyage or a sample position on a *copy* (the lists,
    # ``lisboa`` included, may likewise be adjusted on a copy: ``goods``, ``buildings``
    # and ``ships`` through these two, which keep the masks, or followed by
    # ``reindex``); the rules never use them and a state handed to ``apply`` must never
    # be changed.
    def set_owner(self, space: Space, seat: int | None) -> None:
        """Put ``seat``'s marker on a goods/building space, or empty it (None)."""
        kind, pos, k = space
        if seat is not None and not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat}")
        owners = self._land_list(kind)
        i = _slot(self.size, pos, k)
        flip = G_FLIP if kind == "g" else B_FLIP
        if owners[i] >= 0:
            self.marks ^= flip[owners[i]][i]
        owners[i] = -1 if seat is None else seat
        if seat is not None:
            self.marks ^= flip[seat][i]

    def add_ships(self, seat: int, pos: int, delta: int) -> None:
        """Add ``delta`` (may be negative) ships of ``seat`` to the sea at ``pos``."""
        if not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat}")
        if not 1 <= pos <= self.size:
            raise ValueError(f"there is no sea {pos}")
        i = seat * (self.size + 1) + pos
        if self.ships[i] + delta < 0:
            raise ValueError(f"seat {seat} has only {self.ships[i]} ships in sea {pos}")
        before = self.ships[i]
        self.ships[i] += delta
        if bool(before) != bool(self.ships[i]):
            self.marks ^= S_FLIP[seat][pos]

    # ----- plain data ------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Every field as JSON-ready data; ``from_dict`` gives the same state back."""
        data = {name: getattr(self, name) for name in FIELDS if name != "board"}
        data["names"] = list(self.names)
        data["towns"] = list(self.board.towns)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        st = cls()
        for name in FIELDS:
            if name in ("board", "names"):
                continue
            value = data[name]
            setattr(st, name, list(value) if isinstance(value, list) else value)
        st.names = tuple(data["names"])
        st.board = Board.of(tuple(data["towns"]))
        st.reindex()
        return st

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<State turn {self.turn}: {self.names[self.active]} to move, "
                f"{self.ap} AP, {self.phase}{', over' if self.over else ''}>")

