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
    ENTERED_FACE_DOWN,
    G_SHIFT,
    G_TAKEN,
    LAND_BITS,
    MARKERS_PER_PLAYER,
    S_SHIFT,
    TECH_IDS,
    USED_ARCHITECTURE,
    USED_BANK,
    USED_GEOGRAPHY,
    State,
)
from .steps import ShipMove, Space, Step
from .variants import rules_of

__all__ = ["MAX_TOWNS", "legal_steps", "ship_moves"]


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
#: Selling all of a player's goods, by the goods-space indices they hold (as ``_STEPS``,
#: it only grows with the combinations met).
_SELL_ALL: dict[tuple[int, ...], Step] = {}
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
_SRC_SHIP, _SRC_G1, _SRC_B1 = 1, 2, 8
_BUILDS: dict[tuple[int, int, int], tuple[Step, ...]] = {}


def _builds_at(pos: int, empty: int, sources: int) -> tuple[Step, ...]:
    """The builds at town ``pos``: every empty building space (bits of ``empty``) from
    every source there (bits of ``sources``), spaces first, sources in their order."""
    steps = _BUILDS.get((pos, empty, sources))
    if steps is None:
        kinds: list[Space | None] = [None, ("g", pos, 1), ("g", pos, 2), ("b", pos, 1),
                                     ("b", pos, 2)]
        steps = _BUILDS[pos, empty, sources] = tuple(
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
        for pos in _seas(sm)[0]:
            moves += _FROM_MOVES[pos][speed][reach]
    return moves


_NONE: tuple[Step, ...] = ()


# ----- what a seat holds, by its masks ---------------------------------------------------
# A state keeps, for each seat, bit masks of the goods spaces, building spaces and seas
# that hold its markers (packed in ``State.marks``). What the listing needs
# of them (the indices held, and the steps that depend on nothing else) is made once per
# mask met and looked up from then on (these tables only grow with the masks met).
_MASK_LIMIT = 1 << 2 * MAX_TOWNS
#: The seas up to each position, as a mask (bit 0, Lisboa, never set).
_UPTO = tuple((1 << pos + 1) - 2 for pos in range(MAX_TOWNS + 1))
#: (held indices, sell steps, return steps, single geography steps) of a goods mask.
_Goods = tuple[tuple[int, ...], tuple[Step, ...], tuple[Step, ...], tuple[Step, ...]]
#: (held indices, return steps, single geography steps) of a building mask.
_Buildings = tuple[tuple[int, ...], tuple[Step, ...], tuple[Step, ...]]
#: (positions, return steps) of a mask of seas.
_Seas = tuple[tuple[int, ...], tuple[Step, ...]]
_GOODS_OF: dict[int, _Goods] = {}
_BUILDINGS_OF: dict[int, _Buildings] = {}
_SEAS_OF: dict[int, _Seas] = {}
_VIAS_OF: dict[int, tuple[int, ...]] = {}


def _bits(mask: int) -> tuple[int, ...]:
    """The indices of the bits set in ``mask``, in order."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return tuple(out)


def _goods(mask: int) -> _Goods:
    """(held indices, sell steps, return steps, single geography steps) for a goods mask."""
    entry = _GOODS_OF.get(mask)
    if entry is None:
        if not 0 <= mask < _MASK_LIMIT:
            raise ValueError(f"no goods spaces match the mask {mask}")
        held = _bits(mask)
        sells = [_SELL[i] for i in held]
        if len(held) > 1:
            step = _SELL_ALL.get(held)
            if step is None:
                step = _SELL_ALL[held] = _s("sell", tuple([_G[i] for i in held]))
            sells.append(step)
        entry = _GOODS_OF[mask] = (held, tuple(sells), tuple([_RETURN_G[i] for i in held]),
                                   tuple([_GEOGRAPHY_G[i] for i in held]))
    return entry


def _buildings(mask: int) -> _Buildings:
    """(held indices, return steps, single geography steps) for a building mask."""
    entry = _BUILDINGS_OF.get(mask)
    if entry is None:
        if not 0 <= mask < _MASK_LIMIT:
            raise ValueError(f"no building spaces match the mask {mask}")
        held = _bits(mask)
        entry = _BUILDINGS_OF[mask] = (held, tuple([_RETURN_B[i] for i in held]),
                                       tuple([_GEOGRAPHY_B[i] for i in held]))
    return entry


def _seas(mask: int) -> _Seas:
    """(positions, return steps) for a mask of seas."""
    entry = _SEAS_OF.get(mask)
    if entry is None:
        seas = _bits(mask)
        returns = [step for pos in seas if (step := _RETURN_SEA[pos]) is not None]  # (not 0)
        entry = _SEAS_OF[mask] = (seas, tuple(returns))
    return entry


def _vias(mask: int) -> tuple[int, ...]:
    """The towns of the strongholds in a building mask, in order, each once."""
    entry = _VIAS_OF.get(mask)
    if entry is None:
        entry = _VIAS_OF[mask] = tuple(dict.fromkeys((i >> 1) + 1 for i in _bits(mask)))
    return entry


#: The moves of the ships at sea, by their seas, speed and reach (``sm << 8 | speed << 4 |
#: reach``).
_SAILS_OF: dict[int, tuple[Step, ...]] = {}


def _sails(key: int) -> tuple[Step, ...]:
    sm, speed, reach = key >> 8, key >> 4 & 15, key & 15
    steps = _SAILS_OF[key] = tuple(step for pos in _seas(sm)[0]
                                   for step in _FROM[pos][speed][reach])
    return steps


_GEOGRAPHY_ALL: dict[tuple[int, int], Step] = {}


def _geography_all(goods_mask: int, buildings_mask: int) -> Step:
    key = (goods_mask, buildings_mask)
    step = _GEOGRAPHY_ALL.get(key)
    if step is None:
        step = _GEOGRAPHY_ALL[key] = _s("geography", tuple(
            [_G[i] for i in _bits(goods_mask)] + [_B[i] for i in _bits(buildings_mask)]))
    return step


#: For each mask of goods or building spaces, the towns they are in (as bits of
#: positions); it only grows with the masks met.
_TOWNS_OF: dict[int, int] = {}


def _builds(st: State, sm: int, gm: int, bm: int) -> list[Step]:
    """Every build (if the player can pay for one): at each face-up town with an empty
    building space, from each builder the player has there (``sm``, ``gm``, ``bm``:
    the seat's masks of seas, goods and building spaces)."""
    if not rules_of(st.variant).build_from_land:
        gm = bm = 0
    land = gm | bm
    towns = sm
    if land:
        found = _TOWNS_OF.get(land)
        if found is None:
            found = 0
            for i in _bits(land):
                found |= 1 << (i >> 1) + 1
            _TOWNS_OF[land] = found
        towns |= found
    free = ~st.marks >> B_TAKEN
    revealed = st.revealed
    out: list[Step] = []
    for pos in _bits(towns & _UPTO[revealed]):
        shift = pos * 2 - 2
        empty = free >> shift & 3
        if empty:
            bits = sm >> pos & 1 | (gm >> shift & 3) << 1 | (bm >> shift & 3) << 3
            out += _builds_at(pos, empty, bits)
    return out


#: For each mask of seas, the goods spaces of the towns above them (as bits).
_SEA_GOODS: dict[int, int] = {}
#: For each mask of goods spaces, the cargo steps into them, in order.
_CARGO_OF: dict[int, tuple[Step, ...]] = {}


def _sea_goods(sm: int) -> int:
    spaces = _SEA_GOODS[sm] = sum(3 << 2 * (pos - 1) for pos in _bits(sm))
    return spaces


def _cargo(free: int) -> tuple[Step, ...]:
    steps = _CARGO_OF[free] = tuple(_s("cargo", (_G[i],)) for i in _bits(free))
    return steps


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
    gm = marks >> G_SHIFT[seat] & LAND_BITS
    bm = marks >> B_SHIFT[seat] & LAND_BITS
    sm = marks >> S_SHIFT[seat] & _UPTO[st.revealed]
    wealth = st.wealth[seat]
    owners = st.tech_owner
    flags = st.flags
    if st.phase == AFTER_MOVE:
        out: list[Step] = []
        last = _DONE
        if sm:
            # the empty goods spaces above the seat's ships
            free = (_SEA_GOODS.get(sm) or _sea_goods(sm)) & ~(marks >> G_TAKEN)
            if free:
                out += _CARGO_OF.get(free) or _cargo(free)
        if st.map_pending > 0 and owners[T_MAP] == seat and wealth >= MAP_COST:
            out.append(_MAP)
        if (owners[T_ARCHITECTURE] == seat and not flags & USED_ARCHITECTURE
                and wealth >= BUILD_COST):
            out += _builds(st, sm, gm, bm)
    elif st.ap:
        last = _END
        out = [_EMPLOY] if wealth >= EMPLOY_COST and st.stock[seat] else []
        speed = st.speed[seat]
        if speed < 3 and wealth >= SPEED_COST[speed]:
            out.append(_SPEED)
        if owners.count(seat) < 3:
            budget = wealth + 1 if owners[T_METALLURGY] == seat else wealth
            out += [_TECH[t] for t in _TECHS_WITHIN[
                budget if budget < _TOP_TECH_COST else _TOP_TECH_COST] if owners[t] < 0]
        if wealth >= BUILD_COST and (sm or gm or bm):
            out += _builds(st, sm, gm, bm)
        if gm:
            out += (_GOODS_OF.get(gm) or _goods(gm))[1]
        revealed = st.revealed
        if revealed < st.board.size and not flags & ENTERED_FACE_DOWN:
            reach = revealed + 1
        else:
            reach = revealed
        lisboa = st.lisboa[seat]
        if lisboa:
            out += _LAUNCH[speed][reach]
            if bm:
                strong = bm & st.board.stronghold_mask
                if strong:
                    for via in _vias(strong):
                        if via <= revealed:
                            out += _VIA[via][speed][reach]
        if sm:
            key = sm << 8 | speed << 4 | reach
            out += _SAILS_OF.get(key) or _sails(key)
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
    if sm:
        out += (_SEAS_OF.get(sm) or _seas(sm))[1]
    if gm:
        out += (_GOODS_OF.get(gm) or _goods(gm))[2]
    if bm:
        out += (_BUILDINGS_OF.get(bm) or _buildings(bm))[1]
    if wealth:
        out.append(_RETURN_BANKER)
    if st.vp[seat]:
        out.append(_RETURN_HISTORIAN)
    if owners[T_BANK] == seat and not flags & USED_BANK and wealth >= BANK_COST:
        out.append(_BANK)
    if (gm or bm) and owners[T_GEOGRAPHY] == seat and not flags & USED_GEOGRAPHY:
        if gm:
            out += (_GOODS_OF.get(gm) or _goods(gm))[3]
        if bm:
            out += (_BUILDINGS_OF.get(bm) or _buildings(bm))[2]
        if (gm & (gm - 1)) or (bm & (bm - 1)) or (gm and bm):
            out.append(_geography_all(gm, bm))
    out.append(last)
    return out
