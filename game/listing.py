"""Listing the legal steps: everything the player to move may do now.

``legal_steps`` is asked at every position by the client, the computer players and
the benchmarks, so it is built for speed: it never tries a step with ``apply``, it
lists each from the same conditions ``apply`` checks. The tests hold it to a plain
reference that does try every candidate (``tests/reference.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any

from .cards import STRONGHOLD
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
    ENTERED_FACE_DOWN,
    MARKERS_PER_PLAYER,
    TECH_IDS,
    USED_ARCHITECTURE,
    USED_BANK,
    USED_GEOGRAPHY,
    State,
)
from .steps import ShipMove, Space, Step

__all__ = ["MAX_TOWNS", "legal_steps", "ship_moves"]


# ----- listing legal steps ---------------------------------------------------------
# Steps repeat endlessly across games, so each distinct one is built once, and the
# listing is put together from ready-made tables of them (indexed by position, space
# index, speed and reach) instead of building and checking steps one at a time. No
# step is tried: each is listed from the same conditions ``apply`` checks, and
# ``tests/reference.py`` (which does try every candidate) is the test of that.
_STEPS: dict[tuple[Any, ...], Step] = {}


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
#: By sea, from 1 (index ``pos - 1``).
_RETURN_SEA = tuple(_s("return", (pos,)) for pos in range(1, MAX_TOWNS + 1))
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
#: The cargo steps at a town, by which of its two goods spaces are empty (bit 1, bit 2).
_CARGO_AT: tuple[tuple[tuple[Step, ...], ...], ...] = ((), *(
    tuple(tuple(_s("cargo", (("g", pos, k),)) for k in (1, 2) if empty >> (k - 1) & 1)
          for empty in range(4))
    for pos in range(1, MAX_TOWNS + 1)))
_SPEEDS = range(4)   # indexed by speed (1..3; 0 unused)
_POSITIONS = range(1, MAX_TOWNS + 1)
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
#: A table of steps by sea (from 1: nothing at 0), speed and reach.
_BySea = tuple[tuple[tuple[tuple[Step, ...], ...], ...], ...]
#: Launches through the stronghold at ``via``, by via, speed and reach.
_VIA: _BySea = ((), *(tuple(tuple(_moves_from(0, via, speed, reach) for reach in _REACHES)
                            for speed in _SPEEDS)
                      for via in range(1, MAX_TOWNS + 1)))
#: Moves of a ship already at sea, by its sea, speed and reach.
_FROM: _BySea = ((), *(tuple(tuple(_moves_from(src, 0, speed, reach) for reach in _REACHES)
                             for speed in _SPEEDS)
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
    size = st.board.size
    revealed = st.revealed
    reach = revealed + 1 if revealed < size and not st.flags & ENTERED_FACE_DOWN else revealed
    moves: list[ShipMove] = []
    buildings = st.buildings
    if st.lisboa[seat]:
        moves += _LAUNCH_MOVES[speed][reach]
        if seat in buildings:
            previous = 0
            kinds = st.board.building_kind
            for i in _held(buildings, seat):
                via = (i >> 1) + 1
                if kinds[i] == STRONGHOLD and via != previous and via <= revealed:
                    moves += _VIA_MOVES[via][speed][reach]
                    previous = via
    base = seat * (size + 1)
    row = st.ships[base + 1: base + revealed + 1]
    if any(row):
        for pos in compress(_POSITIONS, row):
            moves += _FROM_MOVES[pos][speed][reach]
    return moves


_NONE: tuple[int, ...] = ()


def _held(owners: list[int], seat: int) -> Sequence[int]:
    """The indices of ``owners`` (goods or buildings) that hold this seat's markers."""
    count = owners.count(seat)
    if not count:
        return _NONE
    i = owners.index(seat)
    held = [i]
    for _ in range(count - 1):
        i = owners.index(seat, i + 1)
        held.append(i)
    return held


def _builds(st: State, out: list[Step], seas: Sequence[int], goods_held: Sequence[int],
            buildings_held: Sequence[int]) -> None:
    """Append every build (the player can pay for one): at each face-up town with an
    empty building space, from each builder the player has there."""
    sources: dict[int, int] = {}
    for pos in seas:
        sources[pos] = _SRC_SHIP
    if st.variant != "ship-only-build":
        for i in goods_held:
            pos = (i >> 1) + 1
            sources[pos] = sources.get(pos, 0) | _SRC_G1 << (i & 1)
        for i in buildings_held:
            pos = (i >> 1) + 1
            sources[pos] = sources.get(pos, 0) | _SRC_B1 << (i & 1)
        if len(sources) > 1:
            sources = dict(sorted(sources.items()))
    buildings = st.buildings
    revealed = st.revealed
    for pos, bits in sources.items():
        if pos > revealed:
            continue
        i = pos * 2 - 2
        empty = (buildings[i] < 0) | (buildings[i + 1] < 0) << 1
        if empty:
            out.extend(_builds_at(pos, empty, bits))


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
    revealed = st.revealed
    goods = st.goods
    base = seat * (st.board.size + 1)
    row = st.ships[base + 1: base + revealed + 1]
    seas: Sequence[int] = list(compress(_POSITIONS, row)) if any(row) else _NONE
    # _held, written out for goods and for buildings: listing is the AI's inner loop.
    if seat in goods:
        count = goods.count(seat)
        i = goods.index(seat)
        held = [i]
        if count > 1:
            for _ in range(count - 1):
                i = goods.index(seat, i + 1)
                held.append(i)
        goods_held: Sequence[int] = held
    else:
        goods_held = _NONE
    buildings = st.buildings
    if seat in buildings:
        count = buildings.count(seat)
        i = buildings.index(seat)
        held = [i]
        if count > 1:
            for _ in range(count - 1):
                i = buildings.index(seat, i + 1)
                held.append(i)
        buildings_held: Sequence[int] = held
    else:
        buildings_held = _NONE
    wealth = st.wealth[seat]
    owners = st.tech_owner
    flags = st.flags
    out: list[Step] = []
    if st.phase == AFTER_MOVE:
        last = _DONE
        for pos in seas:
            i = pos * 2 - 2
            empty = (goods[i] < 0) | (goods[i + 1] < 0) << 1
            if empty:
                out += _CARGO_AT[pos][empty]
        if st.map_pending > 0 and owners[T_MAP] == seat and wealth >= MAP_COST:
            out.append(_MAP)
        if (owners[T_ARCHITECTURE] == seat and not flags & USED_ARCHITECTURE
                and wealth >= BUILD_COST):
            _builds(st, out, seas, goods_held, buildings_held)
    else:
        last = _END
        if st.ap:
            if wealth >= EMPLOY_COST and st.stock[seat]:
                out.append(_EMPLOY)
            speed = st.speed[seat]
            if speed < 3 and wealth >= SPEED_COST[speed]:
                out.append(_SPEED)
            if owners.count(seat) < 3:
                budget = wealth + 1 if owners[T_METALLURGY] == seat else wealth
                for t in _TECHS_WITHIN[budget if budget < _TOP_TECH_COST else _TOP_TECH_COST]:
                    if owners[t] < 0:
                        out.append(_TECH[t])
            if wealth >= BUILD_COST and (seas or goods_held or buildings_held):
                _builds(st, out, seas, goods_held, buildings_held)
            if goods_held:
                for i in goods_held:
                    out.append(_SELL[i])
                if len(goods_held) > 1:
                    key = tuple(goods_held)
                    step = _SELL_ALL.get(key)
                    if step is None:
                        step = _SELL_ALL[key] = _s("sell", tuple([_G[i] for i in key]))
                    out.append(step)
            if revealed < st.board.size and not flags & ENTERED_FACE_DOWN:
                reach = revealed + 1
            else:
                reach = revealed
            lisboa = st.lisboa[seat]
            if lisboa:
                out += _LAUNCH[speed][reach]
                if buildings_held:
                    previous = 0
                    kinds = st.board.building_kind
                    for i in buildings_held:
                        via = (i >> 1) + 1
                        if kinds[i] == STRONGHOLD and via != previous and via <= revealed:
                            out += _VIA[via][speed][reach]
                            previous = via
            for pos in seas:
                out += _FROM[pos][speed][reach]
            if lisboa > 1:
                top = speed if speed < revealed else revealed
                if lisboa <= MARKERS_PER_PLAYER:
                    out += _ALL_LAUNCHES[lisboa][top]
                else:  # more markers than a player has: only a state made by hand
                    out += _all_launch(lisboa, top)
    # The free steps, in either phase.
    for pos in seas:
        out.append(_RETURN_SEA[pos - 1])
    for i in goods_held:
        out.append(_RETURN_G[i])
    for i in buildings_held:
        out.append(_RETURN_B[i])
    if wealth:
        out.append(_RETURN_BANKER)
    if st.vp[seat]:
        out.append(_RETURN_HISTORIAN)
    if owners[T_BANK] == seat and not flags & USED_BANK and wealth >= BANK_COST:
        out.append(_BANK)
    if owners[T_GEOGRAPHY] == seat and not flags & USED_GEOGRAPHY and (
            goods_held or buildings_held):
        for i in goods_held:
            out.append(_GEOGRAPHY_G[i])
        for i in buildings_held:
            out.append(_GEOGRAPHY_B[i])
        if len(goods_held) + len(buildings_held) > 1:
            out.append(_s("geography", tuple([_G[i] for i in goods_held]
                                             + [_B[i] for i in buildings_held])))
    out.append(last)
    return out
