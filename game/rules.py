"""The rules: what a step does, and why a step is refused.

This is where the rules of Sail to India live. ``apply`` takes a state and a parsed
step and returns a new state, or raises ``IllegalStep`` with a sentence saying why
not; the state given is never changed, so a refused step leaves nothing half-done.
The actions at home and the free actions are here; the ships and the after-move
phase are in ``game.voyage``, prices and paying in ``game.payments``, and the listing
of what is legal now in ``game.listing``.

The core takes parsed steps only (``Step``, from ``game.steps.parse_step``): text is
read at the named entry points ``apply_text`` and ``why_not_text``, which tell a step
that cannot be read (``UnreadableStep``) from one that is not legal (``IllegalStep``).

Every rule number below refers to docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable

from .payments import (
    BANK_COST,
    BUILD_COST,
    EMPLOY_COST,
    MAP_COST,
    SELL_VP,
    SELL_WEALTH,
    SPEED_COST,
    T_ARCHITECTURE,
    T_BANK,
    T_FACTORY,
    T_GEOGRAPHY,
    T_METALLURGY,
    T_PRINTING,
    TECH_COST,
    gain,
    gain_vp,
    need_tech,
    need_town,
    need_wealth,
    own_money,
    pay,
    start_end_trigger,
)
from .scoring import final_scores, winners
from .state import (
    ACTION_POINTS,
    AFTER_MOVE,
    B_FLIP,
    G_FLIP,
    MARKERS_PER_PLAYER,
    S_FLIP,
    TECH_INDEX,
    USED_ARCHITECTURE,
    USED_BANK,
    USED_GEOGRAPHY,
    USED_PRINTING,
    State,
)
from .state import space_index as _index
from .steps import ACTION_KINDS, IllegalStep, Space, Step, UnreadableStep, parse_step, space_str
from .variants import rules_of
from .voyage import (
    VoyageTally,
    cargo,
    done,
    map_offered,
    map_step,
    move,
    owns_stronghold,
    ship_move_problem,
    voyage_fits,
    voyage_tally,
)

# The prices and the voyage's checks are offered here too: ``game.rules`` is where a
# client looks for what the rules say.
__all__ = ["BANK_COST", "BUILD_COST", "EMPLOY_COST", "MAP_COST", "SELL_VP", "SELL_WEALTH",
           "SPEED_COST", "TECH_COST", "IllegalStep", "UnreadableStep", "VoyageTally", "apply",
           "apply_text", "is_legal", "lost_gains", "map_offered", "owns_stronghold",
           "return_amount", "sale_value", "ship_move_problem", "tech_cost", "voyage_fits",
           "voyage_tally", "why_not", "why_not_text"]


# ----- actions -----------------------------------------------------------------
def _employ(st: State, step: Step) -> State:
    seat = st.active
    if st.stock[seat] == 0:
        raise IllegalStep("stock_empty")
    if st.wealth[seat] < EMPLOY_COST:
        need_wealth(st, seat, EMPLOY_COST, "cost_employ")
    new = st.derive()
    new.wealth = wealth = st.wealth[:]
    new.lisboa = lisboa = st.lisboa[:]
    new.stock = stock = st.stock[:]
    # pay, written out (employing is frequent): the banker emptied goes back to Lisboa,
    # and so does the employed marker's place taken from the stock.
    before = wealth[seat]
    after = before - EMPLOY_COST
    wealth[seat] = after
    lisboa[seat] += -(-before // 5) + (-after // 5) + 1
    stock[seat] -= 1
    new.ap = st.ap - 1
    if stock.count(0) >= 2:
        start_end_trigger(new)
    return new


def _speed(st: State, step: Step) -> State:
    seat = st.active
    speed = st.speed[seat]
    if speed >= 3:
        raise IllegalStep("top_speed")
    cost = SPEED_COST[speed]
    if st.wealth[seat] < cost:
        need_wealth(st, seat, cost, "cost_speed", speed=speed + 1)
    st = st.derive()
    st.wealth = st.wealth[:]
    st.lisboa = st.lisboa[:]
    st.speed = st.speed[:]
    pay(st, seat, cost)
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
        need_wealth(st, seat, cost, "cost_tech", tech=tech_id)
    st = st.derive()
    own_money(st)
    pay(st, seat, cost)
    st.tech_owner = owners = owners[:]
    owners[tech] = seat
    st.ap -= 1
    if owners[T_PRINTING] == seat and not st.flags & USED_PRINTING:
        st.flags |= USED_PRINTING
        gain_vp(st, seat, 1)
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
        if not rules_of(st.variant).build_from_land:
            raise IllegalStep("ship_only")
        if source[1] != pos:
            raise IllegalStep("builder_elsewhere", pos=pos)
        if source == space:
            raise IllegalStep("build_from_itself")
        land = st.goods if source[0] == "g" else st.buildings
        if land[_index(source)] != seat:
            raise IllegalStep("no_marker", space=space_str(source))
    if st.wealth[seat] < BUILD_COST:
        need_wealth(st, seat, BUILD_COST, "cost_build")
    st = st.derive()
    st.wealth = st.wealth[:]
    st.lisboa = st.lisboa[:]
    pay(st, seat, BUILD_COST)
    st.buildings = buildings = st.buildings[:]
    marks = st.marks ^ B_FLIP[seat][target]
    if source is None:
        st.ships = st.ships[:]
        st.ships[ship] -= 1
        if not st.ships[ship]:
            marks ^= S_FLIP[seat][pos]
    elif source[0] == "g":
        st.goods = st.goods[:]
        i = _index(source)
        st.goods[i] = -1
        marks ^= G_FLIP[seat][i]
    else:
        i = _index(source)
        buildings[i] = -1
        marks ^= B_FLIP[seat][i]
    buildings[target] = seat
    st.marks = marks
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
    earned = SELL_WEALTH[count] + (1 if st.tech_owner[T_FACTORY] == seat else 0)
    new = st.derive()
    new.goods = goods = goods[:]
    marks = st.marks
    flip = G_FLIP[seat]
    for space in spaces:
        i = (space[1] - 1) * 2 + space[2] - 1
        goods[i] = -1
        marks ^= flip[i]
    new.marks = marks
    new.lisboa = lisboa = st.lisboa[:]
    lisboa[seat] += len(spaces)
    new.wealth = wealth = st.wealth[:]
    if earned > 0:
        # gain, written out (selling is frequent): the wealth the bankers on hand and
        # those Lisboa can still send hold; the rest is lost.
        before = wealth[seat]
        have = -(-before // 5)
        target = before + earned
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
        gain(new, seat, vp, new.vp)
    new.ap = st.ap - 1
    return new




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
        need_town(st, target)
        ship = seat * (st.board.size + 1) + target
        if st.ships[ship] == 0:
            raise IllegalStep("no_ship", pos=target)
        st = st.derive()
        st.ships = st.ships[:]
        st.ships[ship] -= 1
        if not st.ships[ship]:
            st.marks ^= S_FLIP[seat][target]
    elif target.__class__ is tuple:
        need_town(st, target[1])
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
            st.marks ^= G_FLIP[seat][i]
        else:
            st.buildings = land
            st.marks ^= B_FLIP[seat][i]
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
    need_tech(st, seat, T_BANK)
    if st.flags & USED_BANK:
        raise IllegalStep("bank_used")
    need_wealth(st, seat, BANK_COST, "cost_bank")
    st = st.derive()
    st.flags |= USED_BANK
    own_money(st)
    pay(st, seat, BANK_COST)
    gain_vp(st, seat, 1)
    return st


def _geography(st: State, step: Step) -> State:
    seat = st.active
    need_tech(st, seat, T_GEOGRAPHY)
    if st.flags & USED_GEOGRAPHY:
        raise IllegalStep("geography_used")
    for space in step.args:
        need_town(st, space[1])
        land = st.goods if space[0] == "g" else st.buildings
        if land[_index(space)] != seat:
            raise IllegalStep("no_marker", space=space_str(space))
    st = st.derive()
    st.flags |= USED_GEOGRAPHY
    st.goods = goods = st.goods[:]
    st.buildings = buildings = st.buildings[:]
    st.ships = ships = st.ships[:]
    marks = st.marks
    base = seat * (st.board.size + 1)
    for space in step.args:
        i = _index(space)
        if space[0] == "g":
            goods[i] = -1
            marks ^= G_FLIP[seat][i]
        else:
            buildings[i] = -1
            marks ^= B_FLIP[seat][i]
        if not ships[base + space[1]]:
            marks ^= S_FLIP[seat][space[1]]
        ships[base + space[1]] += 1
    st.marks = marks
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
    "move": move, "cargo": cargo, "map": map_step, "done": done, "return": _return,
    "bank": _bank, "geography": _geography, "end": _end,
}
_AFTER_MOVE_KINDS = frozenset(("cargo", "map", "build", "done", "return", "bank", "geography"))
_AFTER_MOVE_ONLY = frozenset(("cargo", "map", "done"))
# The handlers each moment allows: after a move; at home with action points; at home
# with none left (free actions and the end). A kind missing from the moment's table is
# refused, with the reason ``_refusal`` gives.
_AFTER_MOVE_HANDLERS = {k: h for k, h in _HANDLERS.items() if k in _AFTER_MOVE_KINDS}
_HOME_HANDLERS = {k: h for k, h in _HANDLERS.items() if k not in _AFTER_MOVE_ONLY}
_SPENT_HANDLERS = {k: h for k, h in _HOME_HANDLERS.items() if k not in ACTION_KINDS}


def apply(st: State, step: Step) -> State:
    """The state after ``step``; raises IllegalStep (with a reason) if it is not legal.

    The state given is never changed. The state returned shares the lists it did not
    change with the state given (see ``game.state``): change only a ``copy()`` of it.
    ``step`` is parsed already: text goes through ``apply_text``."""
    if step.__class__ is not Step:
        raise TypeError(f"apply takes a parsed Step, not {type(step).__name__} "
                        "(text goes through apply_text or parse_step)")
    if st.over:
        raise IllegalStep("game_over")
    try:
        if st.phase == AFTER_MOVE:
            handler = _AFTER_MOVE_HANDLERS[step.kind]
        elif st.ap:
            handler = _HOME_HANDLERS[step.kind]
        else:
            handler = _SPENT_HANDLERS[step.kind]
    except KeyError:
        raise _refusal(st, step.kind) from None
    return handler(st, step)


def _refusal(st: State, kind: str) -> IllegalStep:
    """Why a step of this kind cannot be made at this moment of the turn."""
    if st.phase == AFTER_MOVE:
        if kind == "end":
            return IllegalStep("finish_voyage")
        return IllegalStep("must_wait", kind=kind)
    if kind in _AFTER_MOVE_ONLY:
        return IllegalStep("only_after_move", kind=kind)
    return IllegalStep("no_ap")


def lost_gains(before: State, step: Step, after: State | None = None) -> tuple[int, int]:
    """(wealth, VP) that ``step`` earned but could not keep for want of a Lisboa marker
    to become the banker or historian holding it.

    The engine answers by playing the same step again with markers enough on Lisboa
    and comparing: no gain is computed twice, so this can never disagree with
    ``apply``. ``after`` (the state after the step) saves applying it once more."""
    seat = before.active
    if after is None:
        after = apply(before, step)
    roomy = before.copy()
    roomy.lisboa[seat] += MARKERS_PER_PLAYER  # more than any gain can need
    full = apply(roomy, step)
    return (max(0, full.wealth[seat] - after.wealth[seat]),
            max(0, full.vp[seat] - after.vp[seat]))


def why_not(st: State, step: Step) -> str | None:
    """The reason a step is illegal now, or None when it is legal."""
    try:
        apply(st, step)
    except IllegalStep as exc:
        return exc.reason
    return None


def is_legal(st: State, step: Step) -> bool:
    return why_not(st, step) is None


# ----- text: the named entry points ------------------------------------------------
# A step typed by a person or read from a file is parsed here, once; everything above
# works on parsed steps (as python-chess keeps ``push_san`` apart from ``push``).
def apply_text(st: State, text: str) -> State:
    """The state after the step ``text`` says ("move L-3"): raises ``UnreadableStep``
    when the text is not a step of the notation, ``IllegalStep`` when the step is not
    legal now."""
    return apply(st, parse_step(text.strip()))


def why_not_text(st: State, text: str) -> str | None:
    """Why the step ``text`` says cannot be played now (it cannot be read, or it is
    not legal), or None when it can."""
    try:
        step = parse_step(text.strip())
    except UnreadableStep as exc:
        return exc.reason
    return why_not(st, step)
