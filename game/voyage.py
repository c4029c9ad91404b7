"""Ships: where a voyage may go, what it takes, and the after-move phase it opens.

``move`` sails a voyage (``L-3``, ``2-5``, ``L@4-6``...), finds a town when it enters
the unknown, and leaves the player in the after-move phase, where ``cargo``, ``map``
and ``done`` follow it. These four are the handlers ``game.rules.apply`` calls once
it has checked the phase and the action points: call ``apply``, never them. The
checks are also offered one by one (``ship_move_problem``, ``voyage_tally``,
``voyage_fits``) to the client and the computer players, so a ship move is judged
the same way everywhere. Rule numbers refer to docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .cards import STRONGHOLD
from .payments import (
    MAP_COST,
    T_HARBOR,
    T_MAP,
    gain,
    gain_vp,
    need_tech,
    need_wealth,
    own_money,
    pay,
    start_end_trigger,
)
from .state import ACTIONS, AFTER_MOVE, ENTERED_FACE_DOWN, G_FLIP, S_FLIP, S_SHIFT, State
from .steps import IllegalStep, ShipMove, Step, space_str

__all__ = ["VoyageTally", "map_offered", "owns_stronghold", "ship_move_problem",
           "voyage_fits", "voyage_tally"]


def owns_stronghold(st: State, seat: int, pos: int) -> bool:
    i = (pos - 1) * 2
    kinds = st.board.building_kind
    b = st.buildings
    return ((b[i] == seat and kinds[i] == STRONGHOLD)
            or (b[i + 1] == seat and kinds[i + 1] == STRONGHOLD))


def ship_move_problem(st: State, move: ShipMove, speed: int) -> IllegalStep | None:
    """Why one ship move cannot be made, looking at it alone (None if it can)."""
    src, via, dst = move
    size = st.board.size
    seat = st.active
    if not 1 <= dst <= size:
        return IllegalStep("no_sea", pos=dst)
    if via:
        if not 1 <= via <= size or not owns_stronghold(st, seat, via):
            return IllegalStep("no_stronghold", pos=via)
        start = via
    else:
        start = src
        if src and not 1 <= src <= size:
            return IllegalStep("no_sea", pos=src)
    distance = abs(dst - start)
    if distance > speed:
        if start == 0:
            return IllegalStep("too_far", speed=speed, dst=dst, distance=distance)
        return IllegalStep("too_far_from", speed=speed, dst=dst, distance=distance, src=start)
    if dst > st.revealed + 1:
        return IllegalStep("beyond", dst=dst, pos=st.revealed + 1)
    if dst > st.revealed and st.flags & ENTERED_FACE_DOWN:
        return IllegalStep("entered_already")
    return None


class VoyageTally(NamedTuple):
    """What a voyage (the ship moves of one ``move``) takes, counted."""

    launched: int             # markers launched from Lisboa
    from_sea: dict[int, int]  # sea position -> ships leaving it, in order of first mention
    into_unknown: int         # moves ending beyond the face-up towns


def voyage_tally(st: State, moves: Iterable[ShipMove]) -> VoyageTally:
    """Count a voyage's launches, departures per sea and entries into the unknown."""
    launched = 0
    into_unknown = 0
    from_sea: dict[int, int] = {}
    revealed = st.revealed
    for src, _via, dst in moves:
        if src == 0:
            launched += 1
        else:
            from_sea[src] = from_sea.get(src, 0) + 1
        if dst > revealed:
            into_unknown += 1
    return VoyageTally(launched, from_sea, into_unknown)


def voyage_fits(st: State, moves: Iterable[ShipMove]) -> bool:
    """True when the player to move has the markers for this voyage: enough on Lisboa,
    enough ships in each sea moved from, and at most one move into the unknown.
    (Each move's own reach is ``ship_move_problem``'s business.)"""
    seat = st.active
    tally = voyage_tally(st, moves)
    if tally.launched > st.lisboa[seat] or tally.into_unknown > 1:
        return False
    size = st.size
    return all(1 <= src <= size and st.ships_at(seat, src) >= count
               for src, count in tally.from_sea.items())


def _move_problem(st: State, moves: tuple[ShipMove, ...], seat: int) -> IllegalStep:
    """Why a voyage that the quick check turned down is illegal (the first reason, in
    the order the rules give them)."""
    speed = st.speed[seat]
    for move in moves:
        problem = ship_move_problem(st, move, speed)
        if problem:
            return problem
    launched, from_sea, into_unknown = voyage_tally(st, moves)
    if launched > st.lisboa[seat]:
        return IllegalStep("launch_short", launched=launched, have=st.lisboa[seat])
    for src, count in from_sea.items():
        have = st.ships_at(seat, src)
        if count > have:
            if have == 0:
                return IllegalStep("no_ship", pos=src)
            return IllegalStep("ships_short", count=count, pos=src, have=have)
    if into_unknown > 1:
        return IllegalStep("one_unknown")
    # Only a step made by hand gets here: a ship leaving a sea off the board on its
    # way through a stronghold.
    return IllegalStep("no_sea", pos=next(src for src, _via, _dst in moves
                                          if not 0 <= src <= st.board.size))


def move(st: State, step: Step) -> State:
    seat = st.active
    moves: tuple[ShipMove, ...] = step.args
    speed = st.speed[seat]
    size = st.board.size
    revealed = st.revealed
    limit = revealed if st.flags & ENTERED_FACE_DOWN else revealed + 1
    if limit > size:
        limit = size
    base = seat * (size + 1)
    ships = st.ships[:]
    launched = 0
    into_unknown = 0
    # One pass over the moves checks each move's reach and takes each ship from its sea
    # (a ship arriving in a sea cannot leave it in the same voyage: arrivals come after).
    for src, via, dst in moves:
        if not 1 <= dst <= limit:
            break
        if via:
            if not 1 <= via <= size:
                break
            i = via * 2 - 2
            buildings = st.buildings
            kinds = st.board.building_kind
            if not ((buildings[i] == seat and kinds[i] == STRONGHOLD)
                    or (buildings[i + 1] == seat and kinds[i + 1] == STRONGHOLD)):
                break
            if dst - via > speed or via - dst > speed:
                break
        elif dst - src > speed or src - dst > speed:
            break
        if src:
            if not 1 <= src <= size or not ships[base + src]:
                break
            ships[base + src] -= 1
        else:
            launched += 1
        if dst > revealed:
            into_unknown += 1
    else:
        if launched <= st.lisboa[seat] and into_unknown <= 1:
            # The voyage is legal: ``ships`` already has its ships taken from their seas.
            # the seas where the seat's first ship arrives or its last one leaves
            before = st.ships
            marks = st.marks
            if len(moves) == 1:
                src, _via, dst = moves[0]
                ships[base + dst] += 1
                if not before[base + dst]:
                    marks ^= S_FLIP[seat][dst]
                if src and not ships[base + src]:
                    marks ^= S_FLIP[seat][src]
            else:
                flips = 0
                for _src, _via, dst in moves:
                    i = base + dst
                    if not ships[i] and not before[i]:
                        flips |= 1 << dst
                    ships[i] += 1
                for src, _via, _dst in moves:
                    if src and not ships[base + src]:
                        flips |= 1 << src
                if flips:
                    marks ^= flips << S_SHIFT[seat]
            new = st.derive()
            new.ships = ships
            new.marks = marks
            if launched:
                new.lisboa = lisboa = st.lisboa[:]
                lisboa[seat] -= launched
            new.ap = st.ap - 1
            new.phase = AFTER_MOVE
            if into_unknown or launched >= 3:
                _voyage_gains(new, seat, launched, into_unknown)
            return new
    raise _move_problem(st, moves, seat)


def _voyage_gains(st: State, seat: int, launched: int, into_unknown: int) -> None:
    """A voyage's discovery and Harbor Maintenance, on its successor state (whose
    ``lisboa`` is already its own when ``launched``)."""
    vp = 0
    owners = st.tech_owner
    if into_unknown:
        pos = st.revealed + 1
        st.revealed = pos
        st.flags |= ENTERED_FACE_DOWN
        vp += 1
        if pos == st.board.size:
            vp += 1
            st.india = seat
            start_end_trigger(st)
        if owners[T_MAP] == seat:
            st.map_pending = pos
    if launched >= 3 and owners[T_HARBOR] == seat:
        vp += launched // 3
    if vp:
        if not launched:
            st.lisboa = st.lisboa[:]
        st.vp = st.vp[:]
        gain(st, seat, vp, st.vp)


# ----- the after-move phase ----------------------------------------------------
def cargo(st: State, step: Step) -> State:
    seat = st.active
    space = step.args[0]
    pos = space[1]
    size = st.board.size
    if not 1 <= pos <= size:
        raise IllegalStep("no_town", pos=pos)
    i = pos * 2 + space[2] - 3
    goods = st.goods
    owner = goods[i]
    if owner >= 0:
        if owner == seat:
            raise IllegalStep("taken_by_you", space=space_str(space))
        raise IllegalStep("taken_by", space=space_str(space), name=st.names[owner])
    ships = st.ships
    ship = seat * (size + 1) + pos
    if ships[ship] == 0:
        raise IllegalStep("no_ship", pos=pos)
    new = st.derive()
    new.ships = ships = ships[:]
    ships[ship] -= 1
    marks = st.marks ^ G_FLIP[seat][i]
    if not ships[ship]:
        marks ^= S_FLIP[seat][pos]
    new.marks = marks
    new.goods = goods = goods[:]
    goods[i] = seat
    return new


def map_offered(st: State) -> bool:
    """True when the player to move may use Map now: a town was discovered in this
    move, they own Map and can pay for it (exactly when ``map`` is legal)."""
    seat = st.active
    return (not st.over and st.phase == AFTER_MOVE and st.map_pending > 0
            and st.tech_owner[T_MAP] == seat and st.wealth[seat] >= MAP_COST)


def map_step(st: State, step: Step) -> State:
    seat = st.active
    need_tech(st, seat, T_MAP)
    if not st.map_pending:
        raise IllegalStep("map_nothing")
    need_wealth(st, seat, MAP_COST, "cost_map")
    st = st.derive()
    own_money(st)
    pay(st, seat, MAP_COST)
    gain_vp(st, seat, 1)
    st.map_pending = 0
    return st


def done(st: State, step: Step) -> State:
    st = st.derive()
    st.phase = ACTIONS
    st.map_pending = 0
    return st
