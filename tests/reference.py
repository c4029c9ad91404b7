"""The engine's plain reference implementations, which the fast ones are tested against.

They live with the tests, not in the shipped package: ``legal_steps_reference`` lists
the legal steps by trying a broad set of candidates with ``apply``, and
``player_value_reference`` is the AI's evaluation written one loop per asset. Each is
slow and obviously right; ``tests/test_fast_listing.py`` and
``tests/test_ai_evaluate.py`` check that the fast versions give the very same answers.
"""

from __future__ import annotations

from game.ai.evaluate import (
    K_CHURCH,
    K_MARKET,
    K_STRONGHOLD,
    T_EASTERN,
    T_FACTORY,
    T_GUILD,
    T_MAP,
    T_METALLURGY,
    T_MISSION,
    T_PRINTING,
    BoardInfo,
    Weights,
    info_of,
    score_now,
)
from game.rules import apply
from game.state import TECH_IDS, State, space_index
from game.steps import IllegalStep, Step


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
    held_g = [space for space in spaces_g if st.goods[space_index(space)] == seat]
    held_b = [space for space in spaces_b if st.buildings[space_index(space)] == seat]
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


def player_value_reference(st: State, seat: int, turns: float, w: Weights,
                           info: BoardInfo | None = None) -> float:
    """``player_value`` written plainly, one loop per asset: the fast version must give
    the very same number (tests compare them on many positions)."""
    info = info or info_of(st)
    score = score_now(st, seat, info)
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
    mask = 0
    goods = 0
    for idx, owner in enumerate(st.goods):
        if owner == seat:
            goods += 1
            mask |= 1 << gtype[idx]
    real_types = mask.bit_count()
    bk, mg = info.bkind, info.mgood
    market_mask = 0
    buildings = st.buildings
    for idx, owner in enumerate(buildings):
        if owner == seat and bk[idx] == K_MARKET:
            market_mask |= 1 << mg[idx]
    types_mask = mask | market_mask
    if goods:
        types = types_mask.bit_count()
        factory = 1 if st.tech_owner[T_FACTORY] == seat else 0
        if w.diversity:
            sale = w.sale_potential[types] + ww * (types + factory)
        else:
            sale = 0.6 * goods + ww * (types + factory)
        value += w.sale_discount * conv * sale
        value += w.duplicate_good * conv * (goods - real_types)

    # ships
    size = st.size
    revealed = st.revealed
    speed = st.speed[seat]
    base = seat * (size + 1)
    ships = st.ships
    goods_sp = st.goods
    frontier = False
    for pos in range(1, revealed + 1):
        count = ships[base + pos]
        if not count:
            continue
        i = (pos - 1) * 2
        v = w.ship
        new_goods = 0
        for k in (0, 1):
            if goods_sp[i + k] < 0 and not (types_mask >> gtype[i + k]) & 1:
                new_goods += 1
        if new_goods:
            v += w.ship_on_goods * min(1.0, new_goods / count)
        if (buildings[i] < 0 or buildings[i + 1] < 0) and wealth >= 2:
            v += w.ship_on_build
        value += conv * v * count
        if revealed < size and revealed + 1 - pos <= speed:
            frontier = True
    if frontier:
        value += w.frontier * conv
    elif revealed < size and st.lisboa[seat] and revealed + 1 <= speed:
        value += w.frontier * conv * 0.8

    # markers on Lisboa and in stock
    lis = st.lisboa[seat]
    value += conv * (w.lisboa_first * min(lis, 3) + w.lisboa_more * max(0, lis - 3))
    value += conv * w.stock * st.stock[seat]
    if lis == 0 and st.vp[seat] % 5 == 0:
        value -= w.historian_gap * conv

    # speed
    if revealed < size or speed == 1:
        value += w.speed[speed - 1] * (min(1.0, turns / 4.0) if w.timing else 1.0)

    # technologies
    own = st.tech_owner
    flows = w.tech_flow
    home = 3 - own.count(seat)
    undiscovered = size - revealed
    for t in range(8):
        if own[t] != seat:
            continue
        f = flows[t]
        if t in (T_METALLURGY, T_PRINTING):
            value += f * home
        elif t == T_MAP:
            value += f * min(turns, undiscovered)
        else:
            value += min(w.tech_flow_cap, f * turns)
    if own[T_MISSION] == seat or own[T_GUILD] == seat or own[T_EASTERN] == seat:
        free = [0, 0, 0]
        for idx in range(revealed * 2):
            if buildings[idx] < 0:
                free[bk[idx]] += 1
        for t, kind in ((T_MISSION, K_CHURCH), (T_GUILD, K_MARKET), (T_EASTERN, K_STRONGHOLD)):
            if own[t] == seat:
                value += w.bonus_building * conv * min(2.0, free[kind] / 2.0, turns / 2.0)
    return value
