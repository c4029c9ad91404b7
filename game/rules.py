"""The rules: which steps are legal now, and what a step does.

This is the only place the rules of Sail to India live. ``apply`` takes a state
and a step and returns a new state, or raises ``IllegalStep`` with a sentence
saying why not; the state given is never changed, so a refused step leaves
nothing half-done. ``legal_steps`` lists what the player to move may do.

Every rule number below refers to ../shared/RULES.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from .cards import CARDS, STRONGHOLD
from .scoring import final_scores, winners
from .state import (
    ACTION_POINTS,
    ACTIONS,
    AFTER_MOVE,
    ENTERED_FACE_DOWN,
    MARKERS_PER_PLAYER,
    TECH_IDS,
    TECH_INDEX,
    USED_ARCHITECTURE,
    USED_BANK,
    USED_GEOGRAPHY,
    USED_PRINTING,
    State,
    markers_for,
)
from .state import space_index as _index
from .steps import ACTION_KINDS, IllegalStep, ShipMove, Space, Step, space_str, step_of

__all__ = ["IllegalStep", "VoyageTally", "apply", "is_legal", "legal_steps", "lost_gains",
           "map_offered", "return_amount", "voyage_fits", "voyage_tally", "why_not"]

SELL_WEALTH = (0, 1, 2, 3, 4, 5, 6)
SELL_VP = (0, 0, 0, 1, 1, 2, 4)
SPEED_COST = {1: 2, 2: 4}
BUILD_COST = 2
EMPLOY_COST = 1
BANK_COST = 2
MAP_COST = 1

T_METALLURGY = TECH_INDEX["metallurgy"]
T_GEOGRAPHY = TECH_INDEX["geography"]
T_PRINTING = TECH_INDEX["printing-press"]
T_HARBOR = TECH_INDEX["harbor-maintenance"]
T_ARCHITECTURE = TECH_INDEX["architecture"]
T_MAP = TECH_INDEX["map"]
T_BANK = TECH_INDEX["bank-system"]
T_FACTORY = TECH_INDEX["factory"]
TECH_COST = tuple(CARDS.tech(t).cost for t in TECH_IDS)


# ----- wealth and VP ---------------------------------------------------------
def _pay(st: State, seat: int, amount: int) -> None:
    """Pay wealth; bankers emptied by it go back to Lisboa."""
    before = st.wealth[seat]
    after = before - amount
    st.wealth[seat] = after
    st.lisboa[seat] += markers_for(before) - markers_for(after)


def _gain(st: State, seat: int, amount: int, track: list[int]) -> None:
    """Gain wealth or VP (``track`` is st.wealth or st.vp).

    Each extra banker/historian needed comes from Lisboa while Lisboa has one;
    what no marker can hold is lost.
    """
    if amount <= 0:
        return
    before = track[seat]
    have = markers_for(before)
    target = before + amount
    need = markers_for(target) - have
    if need > 0:
        take = min(need, st.lisboa[seat])
        st.lisboa[seat] -= take
        target = min(target, 5 * (have + take))
    track[seat] = target


def _gain_wealth(st: State, seat: int, amount: int) -> None:
    _gain(st, seat, amount, st.wealth)


def _gain_vp(st: State, seat: int, amount: int) -> None:
    _gain(st, seat, amount, st.vp)


# ----- small checks shared by several steps ----------------------------------
def _need_wealth(st: State, seat: int, cost: int, key: str, **values: object) -> None:
    if st.wealth[seat] < cost:
        raise IllegalStep(key, cost=cost, have=st.wealth[seat], **values)


def _need_town(st: State, pos: int) -> None:
    if not 1 <= pos <= st.size:
        raise IllegalStep("no_town", pos=pos)


def _need_tech(st: State, seat: int, tech: int) -> None:
    if st.tech_owner[tech] != seat:
        raise IllegalStep("not_owner", tech=TECH_IDS[tech])


def _start_end_trigger(st: State) -> None:
    """An end condition is met: the player to move finishes, the others get one turn."""
    if st.last_seat < 0:
        st.last_seat = (st.active - 1) % st.n


# ----- actions -----------------------------------------------------------------
def _employ(st: State, step: Step) -> State:
    seat = st.active
    if st.stock[seat] == 0:
        raise IllegalStep("stock_empty")
    _need_wealth(st, seat, EMPLOY_COST, "cost_employ")
    st = st.copy()
    _pay(st, seat, EMPLOY_COST)
    st.stock[seat] -= 1
    st.lisboa[seat] += 1
    st.ap -= 1
    if sum(1 for s in st.stock if s == 0) >= 2:
        _start_end_trigger(st)
    return st


def _speed(st: State, step: Step) -> State:
    seat = st.active
    speed = st.speed[seat]
    if speed >= 3:
        raise IllegalStep("top_speed")
    _need_wealth(st, seat, SPEED_COST[speed], "cost_speed", speed=speed + 1)
    st = st.copy()
    _pay(st, seat, SPEED_COST[speed])
    st.speed[seat] = speed + 1
    st.ap -= 1
    return st


def tech_cost(st: State, seat: int, tech_id: str) -> int:
    """What acquiring this technology costs this player (Metallurgy: 1 less)."""
    tech = TECH_INDEX[tech_id]
    return max(0, TECH_COST[tech] - (1 if st.tech_owner[T_METALLURGY] == seat else 0))


def _tech(st: State, step: Step) -> State:
    seat = st.active
    tech_id = step.args[0]
    tech = TECH_INDEX.get(tech_id)
    if tech is None:
        raise IllegalStep("unknown_tech", id=tech_id)
    owner = st.tech_owner[tech]
    if owner == seat:
        raise IllegalStep("own_tech", tech=tech_id)
    if owner >= 0:
        raise IllegalStep("tech_taken", tech=tech_id, name=st.names[owner])
    if st.scientists_home(seat) == 0:
        raise IllegalStep("no_scientist")
    cost = tech_cost(st, seat, tech_id)
    _need_wealth(st, seat, cost, "cost_tech", tech=tech_id)
    st = st.copy()
    _pay(st, seat, cost)
    st.tech_owner[tech] = seat
    st.ap -= 1
    if st.tech_owner[T_PRINTING] == seat and not st.flags & USED_PRINTING:
        st.flags |= USED_PRINTING
        _gain_vp(st, seat, 1)
    return st


def _build(st: State, step: Step) -> State:
    seat = st.active
    space, source = step.args
    pos = space[1]
    if st.phase == AFTER_MOVE:
        if st.tech_owner[T_ARCHITECTURE] != seat:
            raise IllegalStep("arch_needed")
        if st.flags & USED_ARCHITECTURE:
            raise IllegalStep("arch_used")
    _need_town(st, pos)
    if not st.face_up(pos):
        raise IllegalStep("face_down", pos=pos)
    target = _index(space)
    owner = st.buildings[target]
    if owner >= 0:
        if owner == seat:
            raise IllegalStep("built_by_you", space=space_str(space))
        raise IllegalStep("built_by", space=space_str(space), name=st.names[owner])
    if source is None:
        if st.ships_at(seat, pos) == 0:
            raise IllegalStep("no_ship_to_build", pos=pos)
    else:
        if st.variant == "ship-only-build":
            raise IllegalStep("ship_only")
        if source[1] != pos:
            raise IllegalStep("builder_elsewhere", pos=pos)
        if source == space:
            raise IllegalStep("build_from_itself")
        land = st.goods if source[0] == "g" else st.buildings
        if land[_index(source)] != seat:
            raise IllegalStep("no_marker", space=space_str(source))
    _need_wealth(st, seat, BUILD_COST, "cost_build")
    st = st.copy()
    _pay(st, seat, BUILD_COST)
    if source is None:
        st.ships[seat * (st.size + 1) + pos] -= 1
    elif source[0] == "g":
        st.goods[_index(source)] = -1
    else:
        st.buildings[_index(source)] = -1
    st.buildings[target] = seat
    if st.phase == AFTER_MOVE:
        st.flags |= USED_ARCHITECTURE
    else:
        st.ap -= 1
    return st


def sale_value(st: State, seat: int, spaces: tuple[Space, ...]) -> tuple[int, int, int]:
    """(types counted, wealth gained, VP gained) for selling these goods now."""
    goods_type = st.board.goods_type
    types = {goods_type[_index(s)] for s in spaces}
    market = st.board.market_good
    for i, owner in enumerate(st.buildings):
        if owner == seat and market[i] is not None:
            types.add(market[i])
    count = len(types)
    wealth = SELL_WEALTH[count] + (1 if st.tech_owner[T_FACTORY] == seat else 0)
    return count, wealth, SELL_VP[count]


def _sell(st: State, step: Step) -> State:
    seat = st.active
    spaces = step.args
    for space in spaces:
        _need_town(st, space[1])
        if st.goods[_index(space)] != seat:
            raise IllegalStep("not_your_good", space=space_str(space))
    _, wealth, vp = sale_value(st, seat, spaces)
    st = st.copy()
    for space in spaces:
        st.goods[_index(space)] = -1
    st.lisboa[seat] += len(spaces)
    _gain_wealth(st, seat, wealth)
    _gain_vp(st, seat, vp)
    st.ap -= 1
    return st


def owns_stronghold(st: State, seat: int, pos: int) -> bool:
    i = (pos - 1) * 2
    kinds = st.board.building_kind
    b = st.buildings
    return ((b[i] == seat and kinds[i] == STRONGHOLD)
            or (b[i + 1] == seat and kinds[i + 1] == STRONGHOLD))


def ship_move_problem(st: State, move: ShipMove, speed: int) -> IllegalStep | None:
    """Why one ship move cannot be made, looking at it alone (None if it can)."""
    src, via, dst = move
    size = st.size
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


def _move(st: State, step: Step) -> State:
    seat = st.active
    moves: tuple[ShipMove, ...] = step.args
    speed = st.speed[seat]
    for move in moves:
        problem = ship_move_problem(st, move, speed)
        if problem:
            raise problem
    launched, from_sea, into_unknown = voyage_tally(st, moves)
    if launched > st.lisboa[seat]:
        raise IllegalStep("launch_short", launched=launched, have=st.lisboa[seat])
    for src, count in from_sea.items():
        have = st.ships_at(seat, src)
        if count > have:
            if have == 0:
                raise IllegalStep("no_ship", pos=src)
            raise IllegalStep("ships_short", count=count, pos=src, have=have)
    if into_unknown > 1:
        raise IllegalStep("one_unknown")
    st = st.copy()
    base = seat * (st.size + 1)
    ships = st.ships
    for src, _via, dst in moves:
        if src:
            ships[base + src] -= 1
        ships[base + dst] += 1
    st.lisboa[seat] -= launched
    st.ap -= 1
    st.phase = AFTER_MOVE
    vp = 0
    if into_unknown:
        pos = st.revealed + 1
        st.revealed = pos
        st.flags |= ENTERED_FACE_DOWN
        vp += 1
        if pos == st.size:
            vp += 1
            st.india = seat
            _start_end_trigger(st)
        if st.tech_owner[T_MAP] == seat:
            st.map_pending = pos
    if st.tech_owner[T_HARBOR] == seat:
        vp += launched // 3
    _gain_vp(st, seat, vp)
    return st


# ----- the after-move phase ----------------------------------------------------
def _cargo(st: State, step: Step) -> State:
    seat = st.active
    space = step.args[0]
    pos = space[1]
    _need_town(st, pos)
    i = _index(space)
    owner = st.goods[i]
    if owner >= 0:
        if owner == seat:
            raise IllegalStep("taken_by_you", space=space_str(space))
        raise IllegalStep("taken_by", space=space_str(space), name=st.names[owner])
    if st.ships_at(seat, pos) == 0:
        raise IllegalStep("no_ship", pos=pos)
    st = st.copy()
    st.ships[seat * (st.size + 1) + pos] -= 1
    st.goods[i] = seat
    return st


def map_offered(st: State) -> bool:
    """True when the player to move may use Map now: a town was discovered in this
    move, they own Map and can pay for it (exactly when ``map`` is legal)."""
    seat = st.active
    return (not st.over and st.phase == AFTER_MOVE and st.map_pending > 0
            and st.tech_owner[T_MAP] == seat and st.wealth[seat] >= MAP_COST)


def _map(st: State, step: Step) -> State:
    seat = st.active
    _need_tech(st, seat, T_MAP)
    if not st.map_pending:
        raise IllegalStep("map_nothing")
    _need_wealth(st, seat, MAP_COST, "cost_map")
    st = st.copy()
    _pay(st, seat, MAP_COST)
    _gain_vp(st, seat, 1)
    st.map_pending = 0
    return st


def _done(st: State, step: Step) -> State:
    st = st.copy()
    st.phase = ACTIONS
    st.map_pending = 0
    return st


# ----- free actions --------------------------------------------------------------
def return_amount(st: State, seat: int, which: str) -> int:
    """The wealth (``which="banker"``) or VP (``"historian"``) that returning one
    banker/historian of this seat takes with it: the smallest holding, 0 if none."""
    if which == "banker":
        amount = st.wealth[seat]
    elif which == "historian":
        amount = st.vp[seat]
    else:
        raise ValueError(f"return_amount needs 'banker' or 'historian', not {which!r}")
    return (amount % 5 or 5) if amount > 0 else 0


def _return(st: State, step: Step) -> State:
    seat = st.active
    target = step.args[0]
    if target in ("banker", "historian"):
        take = return_amount(st, seat, target)
        if take == 0:
            raise IllegalStep(f"no_{target}")
        st = st.copy()
        (st.wealth if target == "banker" else st.vp)[seat] -= take
        st.lisboa[seat] += 1
        return st
    if isinstance(target, int):
        _need_town(st, target)
        if st.ships_at(seat, target) == 0:
            raise IllegalStep("no_ship", pos=target)
        st = st.copy()
        st.ships[seat * (st.size + 1) + target] -= 1
        st.lisboa[seat] += 1
        return st
    _need_town(st, target[1])
    i = _index(target)
    land = st.goods if target[0] == "g" else st.buildings
    if land[i] != seat:
        raise IllegalStep("no_marker", space=space_str(target))
    st = st.copy()
    (st.goods if target[0] == "g" else st.buildings)[i] = -1
    st.lisboa[seat] += 1
    return st


def _bank(st: State, step: Step) -> State:
    seat = st.active
    _need_tech(st, seat, T_BANK)
    if st.flags & USED_BANK:
        raise IllegalStep("bank_used")
    _need_wealth(st, seat, BANK_COST, "cost_bank")
    st = st.copy()
    st.flags |= USED_BANK
    _pay(st, seat, BANK_COST)
    _gain_vp(st, seat, 1)
    return st


def _geography(st: State, step: Step) -> State:
    seat = st.active
    _need_tech(st, seat, T_GEOGRAPHY)
    if st.flags & USED_GEOGRAPHY:
        raise IllegalStep("geography_used")
    for space in step.args:
        _need_town(st, space[1])
        land = st.goods if space[0] == "g" else st.buildings
        if land[_index(space)] != seat:
            raise IllegalStep("no_marker", space=space_str(space))
    st = st.copy()
    st.flags |= USED_GEOGRAPHY
    base = seat * (st.size + 1)
    for space in step.args:
        (st.goods if space[0] == "g" else st.buildings)[_index(space)] = -1
        st.ships[base + space[1]] += 1
    return st


def _end(st: State, step: Step) -> State:
    st = st.copy()
    if st.last_seat == st.active:
        st.over = True
        st.scores = final_scores(st)
        st.winners = winners(st, st.scores)
        return st
    st.active = (st.active + 1) % st.n
    st.ap = ACTION_POINTS
    st.flags = 0
    st.map_pending = 0
    st.turn += 1
    return st


_HANDLERS: dict[str, Callable[[State, Step], State]] = {
    "employ": _employ, "speed": _speed, "tech": _tech, "build": _build, "sell": _sell,
    "move": _move, "cargo": _cargo, "map": _map, "done": _done, "return": _return,
    "bank": _bank, "geography": _geography, "end": _end,
}
_AFTER_MOVE_KINDS = frozenset(("cargo", "map", "build", "done", "return", "bank", "geography"))
_AFTER_MOVE_ONLY = frozenset(("cargo", "map", "done"))


def apply(st: State, step: Step | str) -> State:
    """The state after ``step``; raises IllegalStep (with a reason) if it is not legal."""
    step = step_of(step)
    if st.over:
        raise IllegalStep("game_over")
    kind = step.kind
    if st.phase == AFTER_MOVE:
        if kind not in _AFTER_MOVE_KINDS:
            if kind == "end":
                raise IllegalStep("finish_voyage")
            raise IllegalStep("must_wait", kind=kind)
    elif kind in _AFTER_MOVE_ONLY:
        raise IllegalStep("only_after_move", kind=kind)
    elif kind in ACTION_KINDS and st.ap == 0:
        raise IllegalStep("no_ap")
    return _HANDLERS[kind](st, step)


def lost_gains(before: State, step: Step | str, after: State | None = None) -> tuple[int, int]:
    """(wealth, VP) that ``step`` earned but could not keep for want of a Lisboa marker
    to become the banker or historian holding it.

    The engine answers by playing the same step again with markers enough on Lisboa
    and comparing: no gain is computed twice, so this can never disagree with
    ``apply``. ``after`` (the state after the step) saves applying it once more."""
    step = step_of(step)
    seat = before.active
    if after is None:
        after = apply(before, step)
    roomy = before.copy()
    roomy.lisboa[seat] += MARKERS_PER_PLAYER  # more than any gain can need
    full = apply(roomy, step)
    return (max(0, full.wealth[seat] - after.wealth[seat]),
            max(0, full.vp[seat] - after.vp[seat]))


def why_not(st: State, step: Step | str) -> str | None:
    """The reason a step is illegal now, or None when it is legal."""
    try:
        apply(st, step)
    except IllegalStep as exc:
        return exc.reason
    return None


def is_legal(st: State, step: Step | str) -> bool:
    return why_not(st, step) is None


# ----- listing legal steps ---------------------------------------------------------
# Steps repeat endlessly across games, so each distinct one is built once.
_STEPS: dict[tuple, Step] = {}


def _s(kind: str, args: tuple = ()) -> Step:
    key = (kind, args)
    step = _STEPS.get(key)
    if step is None:
        step = _STEPS[key] = Step(kind, args)
    return step


def ship_moves(st: State) -> list[ShipMove]:
    """Every single ship move the player to move could make now."""
    seat = st.active
    speed = st.speed[seat]
    size = st.size
    reach = st.revealed
    if reach < size and not st.flags & ENTERED_FACE_DOWN:
        reach += 1
    moves: list[ShipMove] = []
    if st.lisboa[seat]:
        moves.extend((0, 0, d) for d in range(1, min(speed, reach) + 1))
        for via in range(1, st.revealed + 1):
            if owns_stronghold(st, seat, via):
                moves.append((0, via, via))
                lo, hi = max(1, via - speed), min(reach, via + speed)
                moves.extend((0, via, d) for d in range(lo, hi + 1) if d != via)
    base = seat * (size + 1)
    ships = st.ships
    for src in range(1, st.revealed + 1):
        if ships[base + src]:
            lo, hi = max(1, src - speed), min(reach, src + speed)
            moves.extend((src, 0, d) for d in range(lo, hi + 1) if d != src)
    return moves


def _builds(st: State, seat: int, out: list[Step]) -> None:
    if st.wealth[seat] < BUILD_COST:
        return
    base = seat * (st.size + 1)
    ship_only = st.variant == "ship-only-build"
    goods, buildings, ships = st.goods, st.buildings, st.ships
    for pos in range(1, st.revealed + 1):
        i = (pos - 1) * 2
        empty = [k for k in (1, 2) if buildings[i + k - 1] < 0]
        if not empty:
            continue
        sources: list[Space | None] = []
        if ships[base + pos]:
            sources.append(None)
        if not ship_only:
            sources.extend(("g", pos, k) for k in (1, 2) if goods[i + k - 1] == seat)
            sources.extend(("b", pos, k) for k in (1, 2) if buildings[i + k - 1] == seat)
        for k in empty:
            for src in sources:
                out.append(_s("build", (("b", pos, k), src)))


def _free_steps(st: State, seat: int, out: list[Step], land: list[Space]) -> None:
    base = seat * (st.size + 1)
    ships = st.ships
    for pos in range(1, st.revealed + 1):
        if ships[base + pos]:
            out.append(_s("return", (pos,)))
    out.extend(_s("return", (space,)) for space in land)
    if st.wealth[seat]:
        out.append(_s("return", ("banker",)))
    if st.vp[seat]:
        out.append(_s("return", ("historian",)))
    owner = st.tech_owner
    if owner[T_BANK] == seat and not st.flags & USED_BANK and st.wealth[seat] >= BANK_COST:
        out.append(_s("bank"))
    if owner[T_GEOGRAPHY] == seat and not st.flags & USED_GEOGRAPHY and land:
        out.extend(_s("geography", (space,)) for space in land)
        if len(land) > 1:
            out.append(_s("geography", tuple(land)))


def legal_steps(st: State) -> list[Step]:
    """The legal steps of the player to move.

    Complete for every step but the three that name several things at once:
    ``move`` is listed one ship move at a time (plus launching every Lisboa
    marker to one sea), ``sell`` and ``geography`` as each single marker and all
    of them together. Any other combination of legal parts is legal too and
    ``apply`` accepts it; ``ship_moves`` gives the parts a voyage is built from.
    The empty ``move`` (legal, pointless) is not listed.
    """
    if st.over:
        return []
    seat = st.active
    out: list[Step] = []
    wealth = st.wealth[seat]
    land = st.land(seat)
    if st.phase == AFTER_MOVE:
        base = seat * (st.size + 1)
        goods = st.goods
        for pos in range(1, st.revealed + 1):
            if st.ships[base + pos]:
                i = (pos - 1) * 2
                for k in (1, 2):
                    if goods[i + k - 1] < 0:
                        out.append(_s("cargo", (("g", pos, k),)))
        if map_offered(st):
            out.append(_s("map"))
        if st.tech_owner[T_ARCHITECTURE] == seat and not st.flags & USED_ARCHITECTURE:
            _builds(st, seat, out)
        _free_steps(st, seat, out, land)
        out.append(_s("done"))
        return out
    if st.ap:
        if st.stock[seat] and wealth >= EMPLOY_COST:
            out.append(_s("employ"))
        speed = st.speed[seat]
        if speed < 3 and wealth >= SPEED_COST[speed]:
            out.append(_s("speed"))
        if st.scientists_home(seat):
            discount = 1 if st.tech_owner[T_METALLURGY] == seat else 0
            for t, owner in enumerate(st.tech_owner):
                if owner < 0 and wealth >= TECH_COST[t] - discount:
                    out.append(_s("tech", (TECH_IDS[t],)))
        _builds(st, seat, out)
        goods = [space for space in land if space[0] == "g"]
        out.extend(_s("sell", (space,)) for space in goods)
        if len(goods) > 1:
            out.append(_s("sell", tuple(goods)))
        moves = ship_moves(st)
        out.extend(_s("move", (m,)) for m in moves)
        lisboa = st.lisboa[seat]
        if lisboa > 1:
            top = min(st.speed[seat], st.revealed)
            out.extend(_s("move", ((0, 0, d),) * lisboa) for d in range(1, top + 1))
    _free_steps(st, seat, out, land)
    out.append(_s("end"))
    return out

