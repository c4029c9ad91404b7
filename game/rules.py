"""The rules: which steps are legal now, and what a step does.

This is the only place the rules of Sail to India live. ``apply`` takes a state
and a step and returns a new state, or raises ``IllegalStep`` with a sentence
saying why not; the state given is never changed, so a refused step leaves
nothing half-done. ``legal_steps`` lists what the player to move may do.

Every rule number below refers to ../shared/RULES.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import compress
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
)
from .state import space_index as _index
from .steps import ACTION_KINDS, IllegalStep, ShipMove, Space, Step, space_str, step_of

__all__ = ["IllegalStep", "VoyageTally", "apply", "is_legal", "legal_steps",
           "legal_steps_reference", "lost_gains", "map_offered", "return_amount",
           "ship_moves", "voyage_fits", "voyage_tally", "why_not"]

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
# These change the lists of a successor state in place: the handler that calls them
# has already given that state its own copy of every list they touch (``wealth`` or
# ``vp``, and ``lisboa``).
def _pay(st: State, seat: int, amount: int) -> None:
    """Pay wealth; bankers emptied by it go back to Lisboa."""
    before = st.wealth[seat]
    after = before - amount
    st.wealth[seat] = after
    st.lisboa[seat] += -(-before // 5) + (-after // 5)


def _gain(st: State, seat: int, amount: int, track: list[int]) -> None:
    """Gain wealth or VP (``track`` is st.wealth or st.vp).

    Each extra banker/historian needed comes from Lisboa while Lisboa has one;
    what no marker can hold is lost.
    """
    if amount <= 0:
        return
    before = track[seat]
    have = -(-before // 5)
    target = before + amount
    need = -(-target // 5) - have
    if need > 0:
        lisboa = st.lisboa
        take = min(need, lisboa[seat])
        lisboa[seat] -= take
        target = min(target, 5 * (have + take))
    track[seat] = target


def _gain_wealth(st: State, seat: int, amount: int) -> None:
    _gain(st, seat, amount, st.wealth)


def _gain_vp(st: State, seat: int, amount: int) -> None:
    _gain(st, seat, amount, st.vp)


def _own_money(st: State) -> None:
    """Give a successor its own wealth, VP and Lisboa lists (before paying or gaining)."""
    st.wealth = st.wealth[:]
    st.vp = st.vp[:]
    st.lisboa = st.lisboa[:]


# ----- small checks shared by several steps ----------------------------------
def _need_wealth(st: State, seat: int, cost: int, key: str, **values: object) -> None:
    if st.wealth[seat] < cost:
        raise IllegalStep(key, cost=cost, have=st.wealth[seat], **values)


def _need_town(st: State, pos: int) -> None:
    if not 1 <= pos <= st.board.size:
        raise IllegalStep("no_town", pos=pos)


def _need_tech(st: State, seat: int, tech: int) -> None:
    if st.tech_owner[tech] != seat:
        raise IllegalStep("not_owner", tech=TECH_IDS[tech])


def _start_end_trigger(st: State) -> None:
    """An end condition is met: the player to move finishes, the others get one turn."""
    if st.last_seat < 0:
        st.last_seat = (st.active - 1) % len(st.names)


# ----- actions -----------------------------------------------------------------
def _employ(st: State, step: Step) -> State:
    seat = st.active
    if st.stock[seat] == 0:
        raise IllegalStep("stock_empty")
    if st.wealth[seat] < EMPLOY_COST:
        _need_wealth(st, seat, EMPLOY_COST, "cost_employ")
    new = st.derive()
    new.wealth = wealth = st.wealth[:]
    new.lisboa = lisboa = st.lisboa[:]
    new.stock = stock = st.stock[:]
    # _pay, written out (employing is frequent): the banker emptied goes back to Lisboa,
    # and so does the employed marker's place taken from the stock.
    before = wealth[seat]
    after = before - EMPLOY_COST
    wealth[seat] = after
    lisboa[seat] += -(-before // 5) + (-after // 5) + 1
    stock[seat] -= 1
    new.ap = st.ap - 1
    if stock.count(0) >= 2:
        _start_end_trigger(new)
    return new


def _speed(st: State, step: Step) -> State:
    seat = st.active
    speed = st.speed[seat]
    if speed >= 3:
        raise IllegalStep("top_speed")
    cost = SPEED_COST[speed]
    if st.wealth[seat] < cost:
        _need_wealth(st, seat, cost, "cost_speed", speed=speed + 1)
    st = st.derive()
    st.wealth = st.wealth[:]
    st.lisboa = st.lisboa[:]
    st.speed = st.speed[:]
    _pay(st, seat, cost)
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
    owners = st.tech_owner
    owner = owners[tech]
    if owner == seat:
        raise IllegalStep("own_tech", tech=tech_id)
    if owner >= 0:
        raise IllegalStep("tech_taken", tech=tech_id, name=st.names[owner])
    if owners.count(seat) >= 3:
        raise IllegalStep("no_scientist")
    cost = TECH_COST[tech]
    if cost and owners[T_METALLURGY] == seat:
        cost -= 1
    if st.wealth[seat] < cost:
        _need_wealth(st, seat, cost, "cost_tech", tech=tech_id)
    st = st.derive()
    _own_money(st)
    _pay(st, seat, cost)
    st.tech_owner = owners = owners[:]
    owners[tech] = seat
    st.ap -= 1
    if owners[T_PRINTING] == seat and not st.flags & USED_PRINTING:
        st.flags |= USED_PRINTING
        _gain_vp(st, seat, 1)
    return st


def _build(st: State, step: Step) -> State:
    seat = st.active
    space, source = step.args
    pos = space[1]
    after_move = st.phase == AFTER_MOVE
    if after_move:
        if st.tech_owner[T_ARCHITECTURE] != seat:
            raise IllegalStep("arch_needed")
        if st.flags & USED_ARCHITECTURE:
            raise IllegalStep("arch_used")
    size = st.board.size
    if not 1 <= pos <= size:
        raise IllegalStep("no_town", pos=pos)
    if pos > st.revealed:
        raise IllegalStep("face_down", pos=pos)
    target = _index(space)
    owner = st.buildings[target]
    if owner >= 0:
        if owner == seat:
            raise IllegalStep("built_by_you", space=space_str(space))
        raise IllegalStep("built_by", space=space_str(space), name=st.names[owner])
    if source is None:
        ship = seat * (size + 1) + pos
        if st.ships[ship] == 0:
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
    if st.wealth[seat] < BUILD_COST:
        _need_wealth(st, seat, BUILD_COST, "cost_build")
    st = st.derive()
    st.wealth = st.wealth[:]
    st.lisboa = st.lisboa[:]
    _pay(st, seat, BUILD_COST)
    st.buildings = buildings = st.buildings[:]
    if source is None:
        st.ships = st.ships[:]
        st.ships[ship] -= 1
    elif source[0] == "g":
        st.goods = st.goods[:]
        st.goods[_index(source)] = -1
    else:
        buildings[_index(source)] = -1
    buildings[target] = seat
    if after_move:
        st.flags |= USED_ARCHITECTURE
    else:
        st.ap -= 1
    return st


def _types(st: State, seat: int, mask: int) -> int:
    """How many goods types a sale counts: those of the goods sold (``mask``, as bits)
    and those of the seat's marketplaces."""
    buildings = st.buildings
    if seat in buildings:
        board = st.board
        market_bit = board.market_bit
        for i in board.markets:
            if buildings[i] == seat:
                mask |= market_bit[i]
    return mask.bit_count()


def sale_value(st: State, seat: int, spaces: tuple[Space, ...]) -> tuple[int, int, int]:
    """(types counted, wealth gained, VP gained) for selling these goods now."""
    goods_bit = st.board.goods_bit
    mask = 0
    for space in spaces:
        mask |= goods_bit[(space[1] - 1) * 2 + space[2] - 1]
    count = _types(st, seat, mask)
    wealth = SELL_WEALTH[count] + (1 if st.tech_owner[T_FACTORY] == seat else 0)
    return count, wealth, SELL_VP[count]


def _sell(st: State, step: Step) -> State:
    seat = st.active
    spaces = step.args
    goods = st.goods
    size = st.board.size
    goods_bit = st.board.goods_bit
    mask = 0
    for space in spaces:
        pos = space[1]
        if not 1 <= pos <= size:
            raise IllegalStep("no_town", pos=pos)
        i = (pos - 1) * 2 + space[2] - 1
        if goods[i] != seat:
            raise IllegalStep("not_your_good", space=space_str(space))
        mask |= goods_bit[i]
    count = _types(st, seat, mask)
    gain = SELL_WEALTH[count] + (1 if st.tech_owner[T_FACTORY] == seat else 0)
    new = st.derive()
    new.goods = goods = goods[:]
    for space in spaces:
        goods[(space[1] - 1) * 2 + space[2] - 1] = -1
    new.lisboa = lisboa = st.lisboa[:]
    lisboa[seat] += len(spaces)
    new.wealth = wealth = st.wealth[:]
    if gain > 0:
        # _gain, written out (selling is frequent): the wealth the bankers on hand and
        # those Lisboa can still send hold; the rest is lost.
        before = wealth[seat]
        have = -(-before // 5)
        target = before + gain
        need = -(-target // 5) - have
        if need > 0:
            free = lisboa[seat]
            take = need if need < free else free
            lisboa[seat] = free - take
            if target > 5 * (have + take):
                target = 5 * (have + take)
        wealth[seat] = target
    vp = SELL_VP[count]
    if vp:
        new.vp = st.vp[:]
        _gain(new, seat, vp, new.vp)
    new.ap = st.ap - 1
    return new


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


def _move(st: State, step: Step) -> State:
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
            for move in moves:
                ships[base + move[2]] += 1
            new = st.derive()
            new.ships = ships
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
            _start_end_trigger(st)
        if owners[T_MAP] == seat:
            st.map_pending = pos
    if launched >= 3 and owners[T_HARBOR] == seat:
        vp += launched // 3
    if vp:
        if not launched:
            st.lisboa = st.lisboa[:]
        st.vp = st.vp[:]
        _gain(st, seat, vp, st.vp)


# ----- the after-move phase ----------------------------------------------------
def _cargo(st: State, step: Step) -> State:
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
    new.goods = goods = goods[:]
    goods[i] = seat
    return new


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
    st = st.derive()
    _own_money(st)
    _pay(st, seat, MAP_COST)
    _gain_vp(st, seat, 1)
    st.map_pending = 0
    return st


def _done(st: State, step: Step) -> State:
    st = st.derive()
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
    if target.__class__ is int:
        _need_town(st, target)
        ship = seat * (st.board.size + 1) + target
        if st.ships[ship] == 0:
            raise IllegalStep("no_ship", pos=target)
        st = st.derive()
        st.ships = st.ships[:]
        st.ships[ship] -= 1
    elif target.__class__ is tuple:
        _need_town(st, target[1])
        i = _index(target)
        goods = target[0] == "g"
        land = st.goods if goods else st.buildings
        if land[i] != seat:
            raise IllegalStep("no_marker", space=space_str(target))
        st = st.derive()
        land = land[:]
        land[i] = -1
        if goods:
            st.goods = land
        else:
            st.buildings = land
    else:
        take = return_amount(st, seat, target)
        if take == 0:
            raise IllegalStep(f"no_{target}")
        st = st.derive()
        if target == "banker":
            st.wealth = st.wealth[:]
            st.wealth[seat] -= take
        else:
            st.vp = st.vp[:]
            st.vp[seat] -= take
    st.lisboa = st.lisboa[:]
    st.lisboa[seat] += 1
    return st


def _bank(st: State, step: Step) -> State:
    seat = st.active
    _need_tech(st, seat, T_BANK)
    if st.flags & USED_BANK:
        raise IllegalStep("bank_used")
    _need_wealth(st, seat, BANK_COST, "cost_bank")
    st = st.derive()
    st.flags |= USED_BANK
    _own_money(st)
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
    st = st.derive()
    st.flags |= USED_GEOGRAPHY
    st.goods = goods = st.goods[:]
    st.buildings = buildings = st.buildings[:]
    st.ships = ships = st.ships[:]
    base = seat * (st.board.size + 1)
    for space in step.args:
        (goods if space[0] == "g" else buildings)[_index(space)] = -1
        ships[base + space[1]] += 1
    return st


def _end(st: State, step: Step) -> State:
    last = st.last_seat == st.active
    st = st.derive()
    if last:
        st.over = True
        st.scores = final_scores(st)
        st.winners = winners(st, st.scores)
        return st
    active = st.active + 1
    st.active = 0 if active == len(st.names) else active
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
    """The state after ``step``; raises IllegalStep (with a reason) if it is not legal.

    The state given is never changed. The state returned shares the lists it did not
    change with the state given (see ``game.state``): change only a ``copy()`` of it."""
    if step.__class__ is not Step:
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
    elif st.ap == 0 and kind in ACTION_KINDS:
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
# Steps repeat endlessly across games, so each distinct one is built once, and the
# listing is put together from ready-made tables of them (indexed by position, space
# index, speed and reach) instead of building and checking steps one at a time. No
# step is tried: each is listed from the same conditions ``apply`` checks, and
# ``legal_steps_reference`` (which does try every candidate) is the test of that.
_STEPS: dict[tuple, Step] = {}


def _s(kind: str, args: tuple = ()) -> Step:
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
#: The cargo steps at a town, by which of its two goods spaces are empty (bit 1, bit 2).
_CARGO_AT = (None, *(
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
#: Launches through the stronghold at ``via``, by via, speed and reach.
_VIA = (None, *(tuple(tuple(_moves_from(0, via, speed, reach) for reach in _REACHES)
                      for speed in _SPEEDS)
                for via in range(1, MAX_TOWNS + 1)))
#: Moves of a ship already at sea, by its sea, speed and reach.
_FROM = (None, *(tuple(tuple(_moves_from(src, 0, speed, reach) for reach in _REACHES)
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


def _parts(table: tuple) -> tuple:
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


_NONE: tuple = ()


def _held(owners: list[int], seat: int) -> list[int] | tuple:
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


def _builds(st: State, out: list[Step], seas: list[int] | tuple, goods_held: list[int] | tuple,
            buildings_held: list[int] | tuple) -> None:
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
    ``legal_steps_reference``, which lists the same steps the slow way).
    """
    if st.over:
        return []
    seat = st.active
    revealed = st.revealed
    goods = st.goods
    base = seat * (st.board.size + 1)
    row = st.ships[base + 1: base + revealed + 1]
    seas = list(compress(_POSITIONS, row)) if any(row) else _NONE
    # _held, written out for goods and for buildings: listing is the AI's inner loop.
    if seat in goods:
        count = goods.count(seat)
        i = goods.index(seat)
        goods_held = [i]
        if count > 1:
            for _ in range(count - 1):
                i = goods.index(seat, i + 1)
                goods_held.append(i)
    else:
        goods_held = _NONE
    buildings = st.buildings
    if seat in buildings:
        count = buildings.count(seat)
        i = buildings.index(seat)
        buildings_held = [i]
        if count > 1:
            for _ in range(count - 1):
                i = buildings.index(seat, i + 1)
                buildings_held.append(i)
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
                    held = tuple(goods_held)
                    step = _SELL_ALL.get(held)
                    if step is None:
                        step = _SELL_ALL[held] = _s("sell", tuple([_G[i] for i in held]))
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
        out.append(_RETURN_SEA[pos])
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


def legal_steps_reference(st: State) -> list[Step]:
    """``legal_steps`` the slow way, for the tests: a broad set of candidate steps, each
    tried with ``apply`` and kept when it is accepted, in the listing's order.

    The candidates are every step of every kind that names one thing (every space,
    sea, ship move, technology and building source of the board, plus a few that name
    nothing on it), and the combined steps the listing promises: every Lisboa marker
    launched to one sea, all the player's goods sold together, all their land sent
    back to sea by Geography."""
    if st.over:
        return []
    seat = st.active
    size = st.board.size
    spaces_g = [("g", pos, k) for pos in range(1, size + 1) for k in (1, 2)]
    spaces_b = [("b", pos, k) for pos in range(1, size + 1) for k in (1, 2)]
    held_g = [space for space in spaces_g if st.goods[_index(space)] == seat]
    held_b = [space for space in spaces_b if st.buildings[_index(space)] == seat]
    seas = range(1, size + 1)
    lisboa = st.lisboa[seat]
    candidates: list[Step] = []
    add = candidates.append
    for space in spaces_g:
        add(Step("cargo", (space,)))
    add(Step("map"))
    add(Step("employ"))
    add(Step("speed"))
    for tech_id in (*TECH_IDS, "india"):
        add(Step("tech", (tech_id,)))
    for pos in seas:
        for k in (1, 2):
            for source in (None, ("g", pos, 1), ("g", pos, 2), ("b", pos, 1), ("b", pos, 2)):
                add(Step("build", (("b", pos, k), source)))
    for space in spaces_g:
        add(Step("sell", (space,)))
    if len(held_g) > 1:
        add(Step("sell", tuple(held_g)))
    for d in seas:
        add(Step("move", ((0, 0, d),)))
    for via in seas:
        add(Step("move", ((0, via, via),)))
        for d in seas:
            if d != via:
                add(Step("move", ((0, via, d),)))
    for src in seas:
        for d in seas:
            if d != src:
                add(Step("move", ((src, 0, d),)))
    if lisboa > 1:
        for d in seas:
            add(Step("move", ((0, 0, d),) * lisboa))
    for pos in seas:
        add(Step("return", (pos,)))
    for space in (*spaces_g, *spaces_b):
        add(Step("return", (space,)))
    add(Step("return", ("banker",)))
    add(Step("return", ("historian",)))
    add(Step("bank"))
    for space in (*spaces_g, *spaces_b):
        add(Step("geography", (space,)))
    if len(held_g) + len(held_b) > 1:
        add(Step("geography", tuple(held_g + held_b)))
    add(Step("done"))
    add(Step("end"))
    # Candidates that are never legal, tried all the same: builds from a builder at
    # another town, moves to or from seas off the board, a pointless Lisboa stay.
    for pos in seas:
        for k in (1, 2):
            for other in seas:
                if other != pos:
                    add(Step("build", (("b", pos, k), ("g", other, 1))))
                    add(Step("build", (("b", pos, k), ("b", other, 2))))
    for d in (0, size + 1):
        add(Step("move", ((0, 0, d),)))
        add(Step("move", ((1, 0, d),)))
        add(Step("return", (d,)))
    listed: list[Step] = []
    for step in candidates:
        try:
            apply(st, step)
        except IllegalStep:
            continue
        listed.append(step)
    return listed
