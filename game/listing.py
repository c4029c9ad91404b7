"""Listing the legal steps: everything the player to move may do now.

``legal_steps`` is asked at every position by the client, the computer players and
the benchmarks, so it is built for speed: it never tries a step with ``apply``, it
lists each from the same conditions ``apply`` checks. The tests hold it to a plain
reference that does try every candidate (``tests/reference.py``).
"""

from __future__ import annotations

from typing import Any

from .payments import (
    BANK_COST,
    BUILD_COST,
    EMPLOY_COST,
    MAP_COST,
    SPEED_COST,
    T_ARCHITECTURE,
    T_BANK,
    T_GEOGRAPHY,
    T_MAP,
    T_METALLURGY,
    TECH_COST,
)
from .state import (
    AFTER_MOVE,
    B_SHIFT,
    B_TAKEN,
    BITS,
    ENTERED_FACE_DOWN,
    G_TAKEN,
    LAND_BITS,
    MARKERS_PER_PLAYER,
    S_SHIFT,
    SEAT_SHIFT,
    TECH_IDS,
    USED_ARCHITECTURE,
    USED_BANK,
    USED_GEOGRAPHY,
    State,
    bits_of,
)
from .steps import ShipMove, Space, Step
from .variants import rules_of

__all__ = ["MAX_TOWNS", "after_move_steps", "legal_steps", "ship_moves"]


# ----- listing legal steps ---------------------------------------------------------
# Steps repeat endlessly across games, so each distinct one is built once, and the
# listing is put together from ready-made tables of them (indexed by position, space
# index, speed and reach) instead of building and checking steps one at a time. No
# step is tried: each is listed from the same conditions ``apply`` checks, and
# ``tests/reference.py`` (which does try every candidate) is the test of that.
_STEPS: dict[tuple[str, tuple[Any, ...]], Step] = {}


def _s(kind: str, args: tuple[Any, ...] = ()) -> Step:
    key = (kind, args)
    step = _STEPS.get(key)
    if step is None:
        step = _STEPS[key] = Step(kind, args)
    return step


#: The most towns a line can have (four players).
MAX_TOWNS = 12
_SPACES = 2 * MAX_TOWNS
_G: tuple[Space, ...] = tuple(("g", i // 2 + 1, i % 2 + 1) for i in range(_SPACES))
_B: tuple[Space, ...] = tuple(("b", i // 2 + 1, i % 2 + 1) for i in range(_SPACES))
_EMPLOY, _SPEED, _MAP, _DONE, _END, _BANK = (
    _s(kind) for kind in ("employ", "speed", "map", "done", "end", "bank"))
_RETURN_BANKER = _s("return", ("banker",))
_RETURN_HISTORIAN = _s("return", ("historian",))
_RETURN_SEA = (None, *(_s("return", (pos,)) for pos in range(1, MAX_TOWNS + 1)))
_RETURN_G = tuple(_s("return", (space,)) for space in _G)
_RETURN_B = tuple(_s("return", (space,)) for space in _B)
_GEOGRAPHY_G = tuple(_s("geography", (space,)) for space in _G)
_GEOGRAPHY_B = tuple(_s("geography", (space,)) for space in _B)
_SELL = tuple(_s("sell", (space,)) for space in _G)
_TECH = tuple(_s("tech", (tech_id,)) for tech_id in TECH_IDS)
_TOP_TECH_COST = max(TECH_COST)
#: The technologies a budget reaches, in listing order, for every budget up to the dearest.
_TECHS_WITHIN = tuple(tuple(t for t, cost in enumerate(TECH_COST) if cost <= budget)
                      for budget in range(_TOP_TECH_COST + 1))
_SPEEDS = range(4)   # indexed by speed (1..3; 0 unused)
_REACHES = range(MAX_TOWNS + 1)


def _moves_from(src: int, via: int, speed: int, reach: int) -> tuple[Step, ...]:
    """One ship's moves from sea ``src`` (0: Lisboa, then ``via`` the stronghold it is
    placed at first, or 0) with this speed, to seas up to ``reach``."""
    if via:
        dsts = [via] + [d for d in range(max(1, via - speed), min(reach, via + speed) + 1)
                        if d != via]
    elif src:
        dsts = [d for d in range(max(1, src - speed), min(reach, src + speed) + 1)
                if d != src]
    else:
        dsts = list(range(1, min(speed, reach) + 1))
    return tuple(_s("move", ((src, via, d),)) for d in dsts)


#: Launches from Lisboa, by speed and reach.
_LAUNCH = tuple(tuple(_moves_from(0, 0, speed, reach) for reach in _REACHES)
                for speed in _SPEEDS)
#: Steps by speed and reach (a table of ``_moves_from``'s).
_BySpeed = tuple[tuple[tuple[Step, ...], ...], ...]
#: Launches through the stronghold at ``via``, by via, speed and reach (none at 0).
_VIA: tuple[_BySpeed, ...] = ((), *(
    tuple(tuple(_moves_from(0, via, speed, reach) for reach in _REACHES) for speed in _SPEEDS)
    for via in range(1, MAX_TOWNS + 1)))
#: Moves of a ship already at sea, by its sea, speed and reach (none from Lisboa).
_FROM: tuple[_BySpeed, ...] = ((), *(
    tuple(tuple(_moves_from(src, 0, speed, reach) for reach in _REACHES) for speed in _SPEEDS)
    for src in range(1, MAX_TOWNS + 1)))
_ALL_LAUNCH: dict[tuple[int, int], tuple[Step, ...]] = {}


def _all_launch(count: int, top: int) -> tuple[Step, ...]:
    """Every one of ``count`` Lisboa markers launched to one sea, for seas 1..top."""
    steps = _ALL_LAUNCH.get((count, top))
    if steps is None:
        steps = _ALL_LAUNCH[count, top] = tuple(
            _s("move", ((0, 0, d),) * count) for d in range(1, top + 1))
    return steps


#: ``_all_launch`` ready-made for every count of markers a Lisboa can hold and every top.
_ALL_LAUNCHES = tuple(tuple(_all_launch(count, top) for top in range(4))
                      for count in range(MARKERS_PER_PLAYER + 1))


# Building sources at one town, as bits: a ship in its sea, then the player's marker
# on goods space 1, goods space 2, building space 1, building space 2.
#: The builds at one town, by ``pos << 7 | empty << 5 | sources``: its empty building
#: spaces (bit 0 for space 1, bit 1 for space 2) and the builders the player has there
#: (a ship in its sea, then a marker on goods space 1, goods space 2, building space 1,
#: building space 2), spaces first, builders in that order.
_BUILDS: dict[int, tuple[Step, ...]] = {}


def _builds_at(key: int) -> tuple[Step, ...]:
    pos, empty, sources = key >> 7, key >> 5 & 3, key & 31
    kinds: list[Space | None] = [None, ("g", pos, 1), ("g", pos, 2), ("b", pos, 1),
                                 ("b", pos, 2)]
    steps = _BUILDS[key] = tuple(
        _s("build", (("b", pos, k), src))
        for k in (1, 2) if empty >> (k - 1) & 1
        for bit, src in enumerate(kinds) if sources >> bit & 1)
    return steps


def _parts(table: tuple[Any, ...]) -> tuple[Any, ...]:
    """The same table with each one-move step replaced by its ship move."""
    if isinstance(table, tuple) and table and isinstance(table[0], Step):
        return tuple(step.args[0] for step in table)
    return tuple(_parts(t) if isinstance(t, tuple) else t for t in table)


_LAUNCH_MOVES = _parts(_LAUNCH)
_VIA_MOVES = _parts(_VIA)
_FROM_MOVES = _parts(_FROM)


def ship_moves(st: State) -> list[ShipMove]:
    """Every single ship move the player to move could make now (the one-ship ``move``
    steps of ``legal_steps``, in the same order)."""
    seat = st.active
    speed = st.speed[seat]
    revealed = st.revealed
    reach = revealed + 1 if revealed < st.board.size and not st.flags & ENTERED_FACE_DOWN \
        else revealed
    moves: list[ShipMove] = []
    if st.lisboa[seat]:
        moves += _LAUNCH_MOVES[speed][reach]
        strong = st.marks >> B_SHIFT[seat] & st.board.stronghold_mask
        if strong:
            for via in _vias(strong):
                if via <= revealed:
                    moves += _VIA_MOVES[via][speed][reach]
    sm = st.marks >> S_SHIFT[seat] & _UPTO[revealed]
    if sm:
        for pos in _bits(sm):
            moves += _FROM_MOVES[pos][speed][reach]
    return moves


# ----- what a seat holds, by its masks ---------------------------------------------------
# A state keeps, for each seat, bit masks of the goods spaces, building spaces and seas
# that hold its markers, side by side in ``State.marks``: one int, the seat's key, says
# all the seat holds. What the listing needs of it (the masks, and the steps that depend
# on nothing else) is put together once per key met (``_HELD``), from parts made once
# per mask met (``_GOODS_OF``...), and looked up from then on: a key is met again and
# again within a game and a search, and a new one costs a few look-ups. These tables grow
# with what is met, so each is emptied when it grows past ``_TABLE_LIMIT``: a long
# session's memory stays bounded, and what is met again is simply made again.
_TABLE_LIMIT = 50_000
#: The seas up to each position, as a mask (bit 0, Lisboa, never set).
_UPTO = tuple((1 << pos + 1) - 2 for pos in range(MAX_TOWNS + 1))
#: A seat's key with the seas beyond the face-up towns cleared, by the towns face up
#: (a ship is never there in play; a state made by hand may put one there).
_KEEP = tuple((1 << S_SHIFT[0]) - 1 | upto << S_SHIFT[0] for upto in _UPTO)

_Steps = tuple[Step, ...]
#: The moves of a seat's ships at sea, by speed and reach.
_SailsBy = tuple[tuple[_Steps, ...], ...]
#: By goods mask: (sales: each good, then all if several; returns; the towns, as bits).
_GOODS_OF: dict[int, tuple[_Steps, _Steps, int]] = {}
#: By building mask: (returns; the towns, as bits).
_BUILDINGS_OF: dict[int, tuple[_Steps, int]] = {}
#: By mask of seas: (returns; the goods spaces of the towns there, as bits; the moves).
_SEAS_OF: dict[int, tuple[_Steps, int, _SailsBy]] = {}
#: What a seat's key holds: its goods, building and sea masks; the towns of its goods
#: and buildings (as bits of positions, for builds); the goods spaces of the towns above
#: its seas (as bits of space indices, for cargo); its returns (ships by sea, goods,
#: buildings); its sales; its ships' moves by speed and reach.
_Held = tuple[int, int, int, int, int, _Steps, _Steps, _SailsBy]
_HELD: dict[int, _Held] = {}


def _remember(table: dict[Any, Any], key: Any, value: Any) -> None:
    """``table[key] = value``, the table emptied first if it is full (``_TABLE_LIMIT``)."""
    if len(table) >= _TABLE_LIMIT:
        table.clear()
    table[key] = value


def _bits(mask: int) -> tuple[int, ...]:
    """The indices of the bits set in ``mask``, in order."""
    return BITS.get(mask) or bits_of(mask)


def _towns(held: tuple[int, ...]) -> int:
    """The towns of these goods or building spaces, as bits of their positions."""
    towns = 0
    for i in held:
        towns |= 1 << (i >> 1) + 1
    return towns


def _goods(gm: int) -> tuple[_Steps, _Steps, int]:
    entry = _GOODS_OF.get(gm)
    if entry is None:
        held = _bits(gm)
        sells = [_SELL[i] for i in held]
        if len(held) > 1:
            sells.append(_s("sell", tuple([_G[i] for i in held])))
        entry = (tuple(sells), tuple([_RETURN_G[i] for i in held]), _towns(held))
        _remember(_GOODS_OF, gm, entry)
    return entry


def _buildings(bm: int) -> tuple[_Steps, int]:
    entry = _BUILDINGS_OF.get(bm)
    if entry is None:
        held = _bits(bm)
        entry = (tuple([_RETURN_B[i] for i in held]), _towns(held))
        _remember(_BUILDINGS_OF, bm, entry)
    return entry


def _seas(sm: int) -> tuple[_Steps, int, _SailsBy]:
    entry = _SEAS_OF.get(sm)
    if entry is None:
        seas = _bits(sm)
        sea_goods = 0
        for pos in seas:
            sea_goods |= 3 << 2 * (pos - 1)
        sails = tuple(tuple(tuple(step for pos in seas for step in _FROM[pos][speed][reach])
                            for reach in _REACHES) for speed in _SPEEDS)
        entry = (tuple([step for pos in seas if (step := _RETURN_SEA[pos]) is not None]),
                 sea_goods, sails)
        _remember(_SEAS_OF, sm, entry)
    return entry


def _held(own: int) -> _Held:
    """``_HELD``'s entry for a seat's key (made and remembered)."""
    gm = own & LAND_BITS
    bm = own >> B_SHIFT[0] & LAND_BITS
    sm = own >> S_SHIFT[0]
    sells, goods_returns, goods_towns = _goods(gm)
    building_returns, building_towns = _buildings(bm)
    sea_returns, sea_goods, sails = _seas(sm)
    entry = (gm, bm, sm, goods_towns | building_towns, sea_goods,
             sea_returns + goods_returns + building_returns, sells, sails)
    _remember(_HELD, own, entry)
    return entry


#: Geography's steps (each marker, then all if several), by ``gm << 24 | bm``: only
#: the owner of Geography meets them.
_GEOGRAPHY_OF: dict[int, _Steps] = {}


def _geography(gm: int, bm: int) -> _Steps:
    key = gm << 24 | bm
    entry = _GEOGRAPHY_OF.get(key)
    if entry is None:
        goods, buildings = _bits(gm), _bits(bm)
        steps = [_GEOGRAPHY_G[i] for i in goods] + [_GEOGRAPHY_B[i] for i in buildings]
        if len(steps) > 1:
            steps.append(_s("geography", tuple([_G[i] for i in goods] +
                                               [_B[i] for i in buildings])))
        entry = tuple(steps)
        _remember(_GEOGRAPHY_OF, key, entry)
    return entry


_VIAS_OF: dict[int, tuple[int, ...]] = {}


def _vias(mask: int) -> tuple[int, ...]:
    """The towns of the strongholds in a building mask, in order, each once."""
    entry = _VIAS_OF.get(mask)
    if entry is None:
        entry = tuple(dict.fromkeys((i >> 1) + 1 for i in _bits(mask)))
        _remember(_VIAS_OF, mask, entry)
    return entry


# The technologies on offer depend on who owns which (``State.tech_owner``), which
# changes a few times a game: a row for each owners met (``_TECH_ROWS``) holds, by
# ``seat * 5 + wealth`` (wealth up to the dearest price), the steps of those the seat
# may take, each made when first asked (``None`` until then). The last row used is
# kept beside a copy of its owners (``_TECH_MEMO``): comparing two lists costs less
# than looking the owners up.
_WEALTHS = _TOP_TECH_COST + 1
_TECH_ROWS: dict[tuple[int, ...], list[_Steps | None]] = {}
_TECH_MEMO: tuple[list[int], list[_Steps | None]] = ([], [])


def _tech_row(owners: list[int]) -> list[_Steps | None]:
    """The row of ``_TECH_ROWS`` for these owners, now also the one remembered."""
    global _TECH_MEMO
    key = tuple(owners)
    row = _TECH_ROWS.get(key)
    if row is None:
        row = [None] * (4 * _WEALTHS)
        _remember(_TECH_ROWS, key, row)
    _TECH_MEMO = (owners[:], row)
    return row


def _techs(row: list[_Steps | None], owners: list[int], seat: int, wealth: int) -> _Steps:
    """The technologies this seat may take with this wealth (none once its three
    scientists are out; Metallurgy's discount counted), made into ``row``."""
    if owners.count(seat) >= 3:
        steps: _Steps = ()
    else:
        budget = wealth + 1 if owners[T_METALLURGY] == seat else wealth
        steps = tuple([_TECH[t] for t in _TECHS_WITHIN[min(budget, _TOP_TECH_COST)]
                       if owners[t] < 0])
    row[seat * _WEALTHS + wealth] = steps
    return steps


def _builds(st: State, sm: int, gm: int, bm: int, land_towns: int) -> list[Step]:
    """Every build (if the player can pay for one): at each face-up town with an empty
    building space, from each builder the player has there (``sm``, ``gm``, ``bm``:
    the seat's masks of seas, goods and building spaces; ``land_towns``: the towns of
    its goods and buildings)."""
    if not rules_of(st.variant).build_from_land:
        gm = bm = land_towns = 0
    free = ~(st.marks >> B_TAKEN)  # the empty building spaces, as the bits set
    out: list[Step] = []
    for pos in _bits((sm | land_towns) & _UPTO[st.revealed]):
        shift = pos * 2 - 2
        empty = free >> shift & 3
        if empty:
            key = (pos << 7 | empty << 5 | sm >> pos & 1 | (gm >> shift & 3) << 1
                   | (bm >> shift & 3) << 3)
            out += _BUILDS.get(key) or _builds_at(key)
    return out


#: For each mask of goods spaces, the cargo steps into them, in order.
_CARGO_OF: dict[int, tuple[Step, ...]] = {}


def _cargo(free: int) -> tuple[Step, ...]:
    steps = tuple(_s("cargo", (_G[i],)) for i in _bits(free))
    _remember(_CARGO_OF, free, steps)
    return steps


def _after_move(st: State, seat: int, sea_goods: int, sm: int, gm: int, bm: int,
                land_towns: int) -> list[Step]:
    """Cargo (the empty goods spaces above the seat's ships), the Map, the Architecture
    build: what the phase after a move offers besides the free steps and ``done``."""
    marks = st.marks
    wealth = st.wealth[seat]
    owners = st.tech_owner
    free = sea_goods & ~(marks >> G_TAKEN)
    out = list(_CARGO_OF.get(free) or _cargo(free)) if free else []
    if st.map_pending > 0 and owners[T_MAP] == seat and wealth >= MAP_COST:
        out.append(_MAP)
    if (owners[T_ARCHITECTURE] == seat and not st.flags & USED_ARCHITECTURE
            and wealth >= BUILD_COST):
        out += _builds(st, sm, gm, bm, land_towns)
    return out


def after_move_steps(st: State) -> list[Step]:
    """The cargo, Map and Architecture build steps of the phase after a move, as
    ``legal_steps`` lists them and in its order, without the free steps and ``done``:
    what a planner choosing the cargo of a voyage looks at, thousands of times a turn."""
    if st.over or st.phase != AFTER_MOVE:
        return []
    seat = st.active
    own = st.marks >> SEAT_SHIFT[seat] & _KEEP[st.revealed]
    gm, bm, sm, land_towns, sea_goods = (_HELD.get(own) or _held(own))[:5]
    return _after_move(st, seat, sea_goods, sm, gm, bm, land_towns)


def legal_steps(st: State) -> list[Step]:
    """The legal steps of the player to move.

    Complete for every step but the three that name several things at once:
    ``move`` is listed one ship move at a time (plus launching every Lisboa
    marker to one sea), ``sell`` and ``geography`` as each single marker and all
    of them together. Any other combination of legal parts is legal too and
    ``apply`` accepts it; ``ship_moves`` gives the parts a voyage is built from.
    The empty ``move`` (legal, pointless) is not listed. The order is fixed (see
    ``legal_steps_reference`` in tests/reference.py, which lists them the slow way).
    """
    if st.over:
        return []
    seat = st.active
    marks = st.marks
    revealed = st.revealed
    own = marks >> SEAT_SHIFT[seat] & _KEEP[revealed]
    gm, bm, sm, land_towns, sea_goods, returns, sells, sails = (
        _HELD.get(own) or _held(own))
    wealth = st.wealth[seat]
    owners = st.tech_owner
    flags = st.flags
    if st.phase == AFTER_MOVE:
        last = _DONE
        out = _after_move(st, seat, sea_goods, sm, gm, bm, land_towns)
    elif st.ap:
        last = _END
        speed = st.speed[seat]
        out = [_EMPLOY] if wealth >= EMPLOY_COST and st.stock[seat] else []
        if speed < 3 and wealth >= SPEED_COST[speed]:
            out.append(_SPEED)
        memo = _TECH_MEMO
        row = memo[1] if owners == memo[0] else _tech_row(owners)
        rich = wealth if wealth < _TOP_TECH_COST else _TOP_TECH_COST
        techs = row[seat * _WEALTHS + rich]
        out += techs if techs is not None else _techs(row, owners, seat, rich)
        if wealth >= BUILD_COST and own:
            out += _builds(st, sm, gm, bm, land_towns)
        out += sells
        lisboa = st.lisboa[seat]
        if revealed < st.board.size and not flags & ENTERED_FACE_DOWN:
            reach = revealed + 1
        else:
            reach = revealed
        if lisboa:
            out += _LAUNCH[speed][reach]
            if bm:
                strong = bm & st.board.stronghold_mask
                if strong:
                    for via in _vias(strong):
                        if via <= revealed:
                            out += _VIA[via][speed][reach]
        if sm:
            out += sails[speed][reach]
        if lisboa > 1:
            top = speed if speed < revealed else revealed
            if lisboa <= MARKERS_PER_PLAYER:
                out += _ALL_LAUNCHES[lisboa][top]
            else:  # more markers than a player has: only a state made by hand
                out += _all_launch(lisboa, top)
    else:
        last = _END
        out = []
    # The free steps, in either phase.
    out += returns
    if wealth:
        out.append(_RETURN_BANKER)
    if st.vp[seat]:
        out.append(_RETURN_HISTORIAN)
    if owners[T_BANK] == seat and not flags & USED_BANK and wealth >= BANK_COST:
        out.append(_BANK)
    if (gm or bm) and owners[T_GEOGRAPHY] == seat and not flags & USED_GEOGRAPHY:
        out += _geography(gm, bm)
    out.append(last)
    return out
