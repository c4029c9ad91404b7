"""How good a position is for a player: the static evaluation every level plans with.

A position is worth its exact score so far (historian VP, buildings, technology
end bonuses) plus what the player's assets are still likely to turn into before
the end: trade goods by the sale they make (so a set of different goods is worth
much more than its parts), wealth, ships well placed, markers ready on Lisboa,
speed and technologies by how many turns are left to use them. How many turns are
left is estimated from the undiscovered towns and the stocks, and is exact in the
final round, where only the score (and the tiebreak) counts. The planners compare
positions by ``evaluate``: the player's value less the best opponent's value, which
is what makes them care about the end trigger.

The evaluation reads only face-up towns of the state it is given; the players hand
it a determinization (see ``view``), never the real deal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ..cards import CHURCH, GOODS, MARKETPLACE, STRONGHOLD
from ..payments import (
    T_FACTORY,
    T_MAP,
    T_METALLURGY,
    T_PRINTING,
)
from ..state import B_SHIFT, BITS, G_SHIFT, LAND_BITS, S_SHIFT, TECH_INDEX, State, bits_of

__all__ = ["EASY_WEIGHTS", "MEDIUM_WEIGHTS", "Weights", "evaluate", "player_value",
           "remaining_rounds", "remaining_turns", "score_now"]

GOOD_INDEX = {g: i for i, g in enumerate(GOODS)}
K_STRONGHOLD, K_CHURCH, K_MARKET = 0, 1, 2
_KIND = {STRONGHOLD: K_STRONGHOLD, CHURCH: K_CHURCH, MARKETPLACE: K_MARKET}

T_RENAISSANCE = TECH_INDEX["renaissance"]
T_MISSION = TECH_INDEX["mission-church"]
T_GUILD = TECH_INDEX["guild"]
T_EASTERN = TECH_INDEX["eastern-india"]


@dataclass(frozen=True, slots=True)
class BoardInfo:
    """A board's cards as small ints, for fast evaluation."""

    gtype: tuple[int, ...]
    bkind: tuple[int, ...]
    mgood: tuple[int, ...]


@lru_cache(maxsize=4096)
def board_info(towns: tuple[str, ...], goods_type: tuple[str, ...],
               building_kind: tuple[str, ...],
               market_good: tuple[str | None, ...]) -> BoardInfo:
    return BoardInfo(
        tuple(GOOD_INDEX[g] for g in goods_type),
        tuple(_KIND[k] for k in building_kind),
        tuple(-1 if g is None else GOOD_INDEX[g] for g in market_good),
    )


#: The last board asked about and its info. A search plays thousands of positions on
#: one deal's board between two changes of board, so this answers most calls without
#: hashing the board's tuples; holding the board keeps its identity from being reused.
_last: list[Any] = [None, None]


def info_of(st: State) -> BoardInfo:
    b = st.board
    if b is _last[0]:
        info: BoardInfo = _last[1]
        return info
    info = board_info(b.towns, b.goods_type, b.building_kind, b.market_good)
    _last[0], _last[1] = b, info
    return info


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of the evaluation; the levels differ in them."""

    wealth: float = 0.45            # one wealth, with several turns left
    wealth_soft_cap: int = 8        # wealth beyond this is worth less
    sale_potential: tuple[float, ...] = (0.0, 0.5, 1.0, 2.0, 2.6, 3.8, 6.0)
    sale_discount: float = 0.8      # a sale still needs an action point
    duplicate_good: float = 0.35    # a good of a type already held: a marker, roughly
    ship: float = 0.3
    ship_on_goods: float = 0.2      # ship below an empty goods space of a new type
    ship_on_build: float = 0.15     # ship below an empty building space
    frontier: float = 0.6           # a ship that can discover next turn
    lisboa_first: float = 0.7       # the first three markers ready on Lisboa
    lisboa_more: float = 0.45
    stock: float = 0.15
    speed: tuple[float, ...] = (0.0, 1.4, 2.0)
    historian_gap: float = 0.1     # no Lisboa marker for the next historian
    tech_flow: tuple[float, ...] = (
        0.3,   # metallurgy, per future tech
        0.03,  # geography
        0.6,   # printing press, per future tech
        0.1,   # harbor maintenance, per turn
        0.25,  # architecture, per turn
        0.15,  # map, per discovery left
        0.2,   # bank system, per turn
        0.2,   # factory, per turn
        0.0, 0.0, 0.0, 0.0,
    )
    tech_flow_cap: float = 1.6
    bonus_building: float = 0.9     # potential of a bonus tech per free building space
    diversity: bool = True          # value sets of different goods (easy ignores it)
    timing: bool = True             # value assets by turns left (easy ignores it)
    rounds_per_discovery: float = 1.1
    rounds_per_stock: float = 1.6
    others: float = 1.0             # weight of the best opponent's value


MEDIUM_WEIGHTS = Weights()
EASY_WEIGHTS = replace(
    Weights(), diversity=False, timing=False, frontier=0.3, speed=(0.0, 0.5, 0.8),
    tech_flow=(0.1,) * 8 + (0.0,) * 4, bonus_building=0.3, historian_gap=0.0, others=0.0,
)


def score_now(st: State, seat: int, info: BoardInfo | None = None) -> int:
    """The final score this player would have if the game ended now."""
    info = info or info_of(st)
    kinds = info.bkind
    counts = [0, 0, 0]
    for idx, owner in enumerate(st.buildings):
        if owner == seat:
            counts[kinds[idx]] += 1
    score = st.vp[seat] + counts[0] + counts[2] + 2 * counts[1]
    own = st.tech_owner
    if own[T_RENAISSANCE] == seat:
        score += 3
    if own[T_MISSION] == seat:
        score += 2 * counts[1]
    if own[T_GUILD] == seat:
        score += 2 * counts[2]
    if own[T_EASTERN] == seat:
        score += 2 * counts[0]
    return score


def remaining_rounds(st: State, w: Weights) -> float:
    """Rounds still to be played after this one, roughly (before any end trigger)."""
    by_discovery = (st.board.size - st.revealed) * w.rounds_per_discovery
    by_stock = sorted(st.stock)[1] * w.rounds_per_stock
    rounds = (by_discovery if by_discovery <= by_stock else by_stock) - 0.5
    return rounds if rounds > 0.0 else 0.0


def remaining_turns(st: State, seat: int, w: Weights) -> float:
    """Turns this player still gets after the active player's current turn ends."""
    if st.over:
        return 0.0
    if st.last_seat >= 0:
        a, last = st.active, st.last_seat
        if a == last:
            return 0.0
        # seats after a, up to last (cyclic), still play once
        d_seat = (seat - a) % st.n
        d_last = (last - a) % st.n
        return 1.0 if 0 < d_seat <= d_last else 0.0
    if not w.timing:
        return 6.0
    return remaining_rounds(st, w) + (0.0 if seat == st.active else 0.6)


def player_value(st: State, seat: int, turns: float, w: Weights,
                 info: BoardInfo | None = None) -> float:
    """Score plus the likely worth of this player's assets with ``turns`` turns left.

    The planners call this hundreds of thousands of times a game, so it finds the
    player's markers with ``list.index`` (a few calls in C) instead of looping over
    every space, and takes the smaller of two numbers with a comparison rather than a
    call to ``min``. It keeps the plain form's arithmetic operation for operation, so
    its values are the same to the last bit and every level's choices are unchanged;
    ``tests/reference.py`` holds the same evaluation written plainly."""
    info = info or info_of(st)
    bk = info.bkind
    buildings = st.buildings
    own = st.tech_owner
    marks = st.marks
    # buildings: the score and the marketplaces' goods
    n_strong = n_church = n_market = 0
    market_mask = 0
    held = marks >> B_SHIFT[seat] & LAND_BITS
    if held:
        mg = info.mgood
        for idx in BITS.get(held) or bits_of(held):
            kind = bk[idx]
            if kind == K_STRONGHOLD:
                n_strong += 1
            elif kind == K_CHURCH:
                n_church += 1
            else:
                n_market += 1
                market_mask |= 1 << mg[idx]
    score = st.vp[seat] + n_strong + n_market + 2 * n_church
    if own[T_RENAISSANCE] == seat:
        score += 3
    if own[T_MISSION] == seat:
        score += 2 * n_church
    if own[T_GUILD] == seat:
        score += 2 * n_market
    if own[T_EASTERN] == seat:
        score += 2 * n_strong
    wealth = st.wealth[seat]
    if turns <= 0.0:
        return score + 0.01 * wealth + 0.001 * st.vp[seat]
    conv = turns / 2.0 if turns < 2.0 else 1.0
    value = float(score)

    # wealth
    ww = w.wealth * conv
    cap = w.wealth_soft_cap
    if wealth > cap:
        extra = wealth - cap
        value += ww * (cap + 0.6 * min(extra, cap) + 0.3 * max(0, extra - cap))
    else:
        value += ww * wealth

    # trade goods, counted as the sale they make
    gtype = info.gtype
    goods_sp = st.goods
    mask = 0
    goods = 0
    held = marks >> G_SHIFT[seat] & LAND_BITS
    if held:
        for idx in BITS.get(held) or bits_of(held):
            goods += 1
            mask |= 1 << gtype[idx]
    types_mask = mask | market_mask
    if goods:
        real_types = mask.bit_count()
        types = types_mask.bit_count()
        factory = 1 if own[T_FACTORY] == seat else 0
        if w.diversity:
            sale = w.sale_potential[types] + ww * (types + factory)
        else:
            sale = 0.6 * goods + ww * (types + factory)
        value += w.sale_discount * conv * sale
        value += w.duplicate_good * conv * (goods - real_types)

    # ships
    size = st.board.size
    revealed = st.revealed
    speed = st.speed[seat]
    base = seat * (size + 1)
    seas = marks >> S_SHIFT[seat] & ((1 << revealed + 1) - 2)
    frontier = False
    if seas:
        ships = st.ships
        w_ship, w_goods, w_build = w.ship, w.ship_on_goods, w.ship_on_build
        rich = wealth >= 2
        for pos in BITS.get(seas) or bits_of(seas):
            count = ships[base + pos]
            i = (pos - 1) * 2
            v = w_ship
            new_goods = 0
            if goods_sp[i] < 0 and not (types_mask >> gtype[i]) & 1:
                new_goods += 1
            if goods_sp[i + 1] < 0 and not (types_mask >> gtype[i + 1]) & 1:
                new_goods += 1
            if new_goods:
                share = new_goods / count
                v += w_goods * (share if share < 1.0 else 1.0)
            if rich and (buildings[i] < 0 or buildings[i + 1] < 0):
                v += w_build
            value += conv * v * count
            if revealed < size and revealed + 1 - pos <= speed:
                frontier = True
    if frontier:
        value += w.frontier * conv
    elif revealed < size and st.lisboa[seat] and revealed + 1 <= speed:
        value += w.frontier * conv * 0.8

    # markers on Lisboa and in stock
    lis = st.lisboa[seat]
    if lis > 3:
        value += conv * (w.lisboa_first * 3 + w.lisboa_more * (lis - 3))
    elif lis:
        value += conv * (w.lisboa_first * lis)
    value += conv * w.stock * st.stock[seat]
    if lis == 0 and st.vp[seat] % 5 == 0:
        value -= w.historian_gap * conv

    # speed
    if revealed < size or speed == 1:
        if w.timing:
            quarter = turns / 4.0
            value += w.speed[speed - 1] * (quarter if quarter < 1.0 else 1.0)
        else:
            value += w.speed[speed - 1]

    # technologies
    if seat in own:
        flows = w.tech_flow
        owned = own.count(seat)
        home = 3 - owned
        undiscovered = size - revealed
        flow_cap = w.tech_flow_cap
        t = -1
        for _ in range(owned):
            t = own.index(seat, t + 1)
            if t >= 8:
                break
            f = flows[t]
            if t in (T_METALLURGY, T_PRINTING):
                value += f * home
            elif t == T_MAP:
                value += f * (turns if turns <= undiscovered else undiscovered)
            else:
                flow = f * turns
                value += flow_cap if flow_cap <= flow else flow
        if own[T_MISSION] == seat or own[T_GUILD] == seat or own[T_EASTERN] == seat:
            free = [0, 0, 0]
            for idx in range(revealed * 2):
                if buildings[idx] < 0:
                    free[bk[idx]] += 1
            for t, kind in ((T_MISSION, K_CHURCH), (T_GUILD, K_MARKET),
                            (T_EASTERN, K_STRONGHOLD)):
                if own[t] == seat:
                    spaces = free[kind] / 2.0
                    half = turns / 2.0
                    most = spaces if spaces < 2.0 else 2.0
                    value += w.bonus_building * conv * (half if half < most else most)
    return value


def evaluate(st: State, seat: int, w: Weights = MEDIUM_WEIGHTS) -> float:
    """The position for ``seat`` once the active player's turn is over: its value less
    the best opponent's (weighted), plus a clear bonus when the game is decided."""
    info = info_of(st)
    mine = player_value(st, seat, remaining_turns(st, seat, w), w, info)
    if w.others <= 0.0:
        return mine
    best = max(player_value(st, s, remaining_turns(st, s, w), w, info)
               for s in range(st.n) if s != seat)
    result = mine - w.others * best
    if st.over:
        won = st.winners or []
        result += (10.0 / len(won)) if seat in won else 0.0
    return result
