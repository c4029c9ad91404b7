"""The expert's evaluation, fitted from self-played games: each player's final score
and chance of winning, predicted from a position.

Why fitted. The hand-weighted ``evaluate.player_value`` guesses what a player's assets
are worth and how long the game has left (its estimate of the rounds left was about
half the truth). Here both are learnt from games played to their end
(``python -m game fit``, see ``game.ai.fit`` and docs/ai.md):

- **Turns left.** How many more turns a player will get is looked up in a table
  fitted from the games: by the number of players, the towns still face down, the
  second-smallest stock (two empty stocks end the game) and how far the player sits
  from the seat to move. In the final round it is exact.
- **Points still to come.** A player's final score is its score now plus a linear
  function of its assets (wealth, trade goods and the sale they make, ships, markers
  on Lisboa and in stock, speed, technologies, buildings still to be had for the
  bonus technologies), each asset weighted once for being usable at all and once per
  turn left (``BASES``): with no turn left the prediction is the score now, exactly.
- **Chance of winning.** A softmax over the players' predicted final scores, at a
  temperature fitted for each span of turns left (early on, more can change).

The evaluation reads only the state it is given and the face-up towns; the players
hand it determinizations of their seat's view (see ``view``), never the real deal.
Positions are valued as the end of the active player's turn: ``to_move`` is the
seat that moves next (``next_seat``), so a planner values the position its turn
leaves, and a search values the start of a turn with ``to_move=st.active``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from ..payments import (
    SELL_VP,
    SELL_WEALTH,
    T_ARCHITECTURE,
    T_BANK,
    T_FACTORY,
    T_GEOGRAPHY,
    T_HARBOR,
    T_MAP,
    T_METALLURGY,
    T_PRINTING,
)
from ..state import TECH_INDEX, State
from .evaluate import (
    K_CHURCH,
    K_MARKET,
    K_STRONGHOLD,
    MEDIUM_WEIGHTS,
    BoardInfo,
    info_of,
    player_value,
)

__all__ = ["ASSETS", "BASES", "ValueModel", "assets", "load_model", "next_seat", "score_of"]

T_RENAISSANCE = TECH_INDEX["renaissance"]
T_MISSION = TECH_INDEX["mission-church"]
T_GUILD = TECH_INDEX["guild"]
T_EASTERN = TECH_INDEX["eastern-india"]

#: The assets, in the order ``assets`` lists them (the weights file names them too).
ASSETS: tuple[str, ...] = (
    "one",                # a turn is worth something by itself
    "wealth", "wealth over 8",
    "goods types", "goods", "sale vp", "sale wealth",
    "ships", "ships at the frontier", "ships below a new good", "ships below a free building",
    "lisboa first 3", "lisboa more", "stock",
    "speed 2", "speed 3",
    "metallurgy", "geography", "printing-press", "harbor-maintenance", "architecture",
    "map", "bank-system", "factory", "renaissance", "mission-church", "guild", "eastern-india",
    "bonus spaces", "historian gap", "vp", "buildings", "strongholds",
)
#: How each asset's weight grows with the turns left ``t``: once if any is left, and
#: once per turn.
BASES: tuple[str, ...] = ("any turn", "per turn")
_TECH_ASSET = (("metallurgy", T_METALLURGY), ("geography", T_GEOGRAPHY),
               ("printing-press", T_PRINTING), ("harbor-maintenance", T_HARBOR),
               ("architecture", T_ARCHITECTURE), ("map", T_MAP), ("bank-system", T_BANK),
               ("factory", T_FACTORY), ("renaissance", T_RENAISSANCE),
               ("mission-church", T_MISSION), ("guild", T_GUILD),
               ("eastern-india", T_EASTERN))
_BONUS = ((T_MISSION, K_CHURCH), (T_GUILD, K_MARKET), (T_EASTERN, K_STRONGHOLD))
_BONUS_TECHS = frozenset(t for t, _ in _BONUS)
#: Each technology's place among the assets.
_TECH_SLOTS = tuple((ASSETS.index(name), t) for name, t in _TECH_ASSET)
STOCK_CAP = 8  # the turns-left table's stock column: 8 and more are one row


def next_seat(st: State) -> int:
    """The seat that moves once the active player's turn is over."""
    return (st.active + 1) % st.n


def _built(st: State, seat: int, info: BoardInfo) -> tuple[int, int, int, int]:
    """The seat's strongholds, churches and markets, and the goods its markets take (as
    bits of their types)."""
    buildings = st.buildings
    strong = church = market = market_mask = 0
    if seat in buildings:
        kinds, mgood = info.bkind, info.mgood
        i = buildings.index(seat)
        while True:
            kind = kinds[i]
            if kind == K_STRONGHOLD:
                strong += 1
            elif kind == K_CHURCH:
                church += 1
            else:
                market += 1
                market_mask |= 1 << mgood[i]
            if seat not in buildings[i + 1:]:
                break
            i = buildings.index(seat, i + 1)
    return strong, church, market, market_mask


def _score(st: State, seat: int, strong: int, church: int, market: int) -> int:
    """The final score the seat would have now, from its buildings' counts."""
    own = st.tech_owner
    score = st.vp[seat] + strong + market + 2 * church
    if own[T_RENAISSANCE] == seat:
        score += 3
    if own[T_MISSION] == seat:
        score += 2 * church
    if own[T_GUILD] == seat:
        score += 2 * market
    if own[T_EASTERN] == seat:
        score += 2 * strong
    return score


def score_of(st: State, seat: int, info: BoardInfo) -> int:
    """The final score the seat would have if the game ended now."""
    strong, church, market, _ = _built(st, seat, info)
    return _score(st, seat, strong, church, market)


def _ships(st: State, seat: int, held: int,
           gtype: Sequence[int]) -> tuple[int, int, int, int]:
    """The seat's ships at sea, those at the frontier (a new town within a move), those
    at a town with a goods space free for a type not held (``held``, a mask of goods
    types) and those at a town with a building space free."""
    size, revealed = st.board.size, st.revealed
    base = seat * (size + 1)
    ships = frontier = new_goods = free_build = 0
    row = st.ships[base + 1: base + revealed + 1]
    if not any(row):
        return 0, 0, 0, 0
    goods_sp, buildings = st.goods, st.buildings
    reach = revealed + 1 - st.speed[seat]
    for pos, count in enumerate(row, 1):
        if not count:
            continue
        ships += count
        if revealed < size and pos >= reach:
            frontier += count
        i = 2 * pos - 2
        if (goods_sp[i] < 0 and not held >> gtype[i] & 1) or (
                goods_sp[i + 1] < 0 and not held >> gtype[i + 1] & 1):
            new_goods += count
        if buildings[i] < 0 or buildings[i + 1] < 0:
            free_build += count
    return ships, frontier, new_goods, free_build


def assets(st: State, seat: int, info: BoardInfo) -> tuple[int, list[float]]:
    """The seat's score now and its assets, in ``ASSETS`` order."""
    buildings = st.buildings
    own = st.tech_owner
    kinds = info.bkind
    vp = st.vp[seat]
    strong, church, market, market_mask = _built(st, seat, info)
    score = _score(st, seat, strong, church, market)
    wealth = st.wealth[seat]
    # trade goods and the sale they would make now
    gtype = info.gtype
    goods_sp = st.goods
    mask = 0
    goods = 0
    if seat in goods_sp:
        for i, owner in enumerate(goods_sp):
            if owner == seat:
                goods += 1
                mask |= 1 << gtype[i]
    types = (mask | market_mask).bit_count() if goods else 0
    sale_vp = SELL_VP[types] if goods else 0
    sale_wealth = SELL_WEALTH[types] + (own[T_FACTORY] == seat) if goods else 0
    held = mask | market_mask
    # ships
    revealed = st.revealed
    speed = st.speed[seat]
    ships, frontier, new_goods, free_build = _ships(st, seat, held, gtype)
    lis = st.lisboa[seat]
    techs = [1.0 if own[t] == seat else 0.0 for _, t in _TECH_ASSET]
    bonus = 0
    if own[T_MISSION] == seat or own[T_GUILD] == seat or own[T_EASTERN] == seat:
        free = [0, 0, 0]
        for i in range(2 * revealed):
            if buildings[i] < 0:
                free[kinds[i]] += 1
        for t, kind in _BONUS:
            if own[t] == seat:
                bonus += free[kind]
    gap = 1.0 if lis == 0 and vp % 5 == 0 else 0.0
    return score, [
        1.0,
        float(wealth), float(max(0, wealth - 8)),
        float(types), float(goods), float(sale_vp), float(sale_wealth),
        float(ships), float(frontier), float(new_goods), float(free_build),
        float(min(lis, 3)), float(max(0, lis - 3)), float(st.stock[seat]),
        1.0 if speed == 2 else 0.0, 1.0 if speed == 3 else 0.0,
        *techs,
        float(bonus), gap, float(vp), float(strong + church + market), float(strong),
    ]


#: The features of the "hand" kind, with ``t`` turns left: 1 if any is left, and the
#: points the hand-weighted evaluation (``evaluate.player_value`` with ``t`` turns
#: left) expects still to come.
HAND: tuple[str, ...] = ("any turn", "hand estimate")


def hand_features(st: State, seat: int, turns: float, score: int,
                  info: BoardInfo) -> tuple[float, float]:
    d = player_value(st, seat, turns, MEDIUM_WEIGHTS, info) - score
    return (turns if turns < 1.0 else 1.0), d


def bases(turns: float) -> tuple[float, float]:
    """The weights' multipliers for ``turns`` turns left (see ``BASES``)."""
    return (turns if turns < 1.0 else 1.0), turns


@dataclass(frozen=True, slots=True)
class ValueModel:
    """A fitted evaluation: the turns-left table, and for each number of players the
    asset weights per base and the temperatures of the win chance (see the module
    docstring and ``game.ai.fit``)."""

    #: Own turns left by (players, towns face down, second-smallest stock capped, seats
    #: from the seat to move), fitted from the games.
    turns: dict[tuple[int, int, int, int], float]
    #: By number of players: the weights of each asset for each base, in ``ASSETS``
    #: x ``BASES`` order.
    weights: dict[int, tuple[Any, ...]]  # (per asset a tuple per base; "hand": floats)
    #: By number of players: the softmax temperature by the mean turns left (index:
    #: turns rounded, the last for all beyond).
    temperatures: dict[int, tuple[float, ...]]
    #: "assets": the weights are per asset and base; "hand": the points to come are
    #: the hand-weighted ``evaluate.player_value``'s estimate, calibrated (``HAND``).
    kind: str = "assets"
    _effective: dict[tuple[int, float], tuple[float, ...]] = field(
        default_factory=dict, compare=False, repr=False)

    def turns_left(self, st: State, seat: int, to_move: int) -> float:
        """How many more turns ``seat`` will get, from the moment ``to_move`` is to
        start a turn (exact once the end has been triggered)."""
        if st.over:
            return 0.0
        n = len(st.names)
        ahead = (seat - to_move) % n
        last = st.last_seat
        if last >= 0:
            if to_move == (last + 1) % n:
                return 0.0  # the last seat's turn is over: so is the game
            return 1.0 if ahead <= (last - to_move) % n else 0.0
        stock = st.stock
        second = sorted(stock)[1]
        key = (n, st.board.size - st.revealed, second if second < STOCK_CAP else STOCK_CAP,
               ahead)
        found = self.turns.get(key)
        if found is None:
            found = self._nearest(key)
        return found

    def _nearest(self, key: tuple[int, int, int, int]) -> float:
        n, hidden, stock, ahead = key
        for d in range(1, STOCK_CAP + 2):
            for s in (stock - d, stock + d):
                found = self.turns.get((n, hidden, s, ahead))
                if found is not None:
                    return found
        return 1.5 * min(hidden, stock) + 1.0

    def effective(self, n: int, turns: float) -> tuple[float, ...]:
        """Each asset's weight with ``turns`` turns left (the bases folded in); the
        turns left come from the table or are 0 or 1, so these are remembered."""
        key = (n, turns)
        found = self._effective.get(key)
        if found is None:
            b = bases(turns)
            found = self._effective[key] = tuple(
                sum(wj * bj for wj, bj in zip(w, b, strict=True)) for w in self.weights[n])
        return found

    def final(self, st: State, seat: int, to_move: int, info: BoardInfo) -> float:
        """The seat's predicted final score."""
        if self.kind == "hand":
            t = self.turns_left(st, seat, to_move)
            score = score_of(st, seat, info)
            if t <= 0.0:
                return score + 0.01 * st.wealth[seat]
            return score + sum(float(w) * x for w, x in zip(
                self.weights[len(st.names)], hand_features(st, seat, t, score, info),
                strict=True))
        return self.final_assets(st, seat, to_move, info)

    def final_assets(self, st: State, seat: int, to_move: int, info: BoardInfo) -> float:
        """The seat's predicted final score: ``assets`` and the weights, written out
        (the planners ask this hundreds of times a turn; ``final_reference`` is the
        plain sum it must equal)."""
        t = self.turns_left(st, seat, to_move)
        buildings = st.buildings
        own = st.tech_owner
        kinds = info.bkind
        vp = st.vp[seat]
        strong, church, market, market_mask = _built(st, seat, info)
        score = _score(st, seat, strong, church, market)
        wealth = st.wealth[seat]
        if t <= 0.0:
            return score + 0.01 * wealth
        w = self.effective(len(st.names), t)
        v = score + w[0] + w[1] * wealth
        if wealth > 8:
            v += w[2] * (wealth - 8)
        goods_sp = st.goods
        held = market_mask
        if seat in goods_sp:
            gtype = info.gtype
            goods = 0
            mask = 0
            i = goods_sp.index(seat)
            while True:
                goods += 1
                mask |= 1 << gtype[i]
                if seat not in goods_sp[i + 1:]:
                    break
                i = goods_sp.index(seat, i + 1)
            held = mask | market_mask
            types = held.bit_count()
            v += (w[3] * types + w[4] * goods + w[5] * SELL_VP[types]
                  + w[6] * (SELL_WEALTH[types] + (own[T_FACTORY] == seat)))
        revealed = st.revealed
        speed = st.speed[seat]
        ships, frontier, new_goods, free_build = _ships(st, seat, held, info.gtype)
        if ships:
            v += w[7] * ships + w[8] * frontier + w[9] * new_goods + w[10] * free_build
        lis = st.lisboa[seat]
        if lis > 3:
            v += w[11] * 3 + w[12] * (lis - 3)
        else:
            v += w[11] * lis
            if lis == 0 and vp % 5 == 0:
                v += w[29]
        v += w[13] * st.stock[seat] + w[30] * vp + w[31] * (strong + church + market)
        v += w[32] * strong
        if speed > 1:
            v += w[14] if speed == 2 else w[15]
        if seat in own:
            bonus = False
            for k, t_index in _TECH_SLOTS:
                if own[t_index] == seat:
                    v += w[k]
                    if t_index in _BONUS_TECHS:
                        bonus = True
            if bonus:
                free = [0, 0, 0]
                for i in range(2 * revealed):
                    if buildings[i] < 0:
                        free[kinds[i]] += 1
                count = 0
                for t_index, kind in _BONUS:
                    if own[t_index] == seat:
                        count += free[kind]
                v += w[28] * count
        return v

    def final_reference(self, st: State, seat: int, to_move: int, info: BoardInfo) -> float:
        """``final_assets`` as the plain sum of ``assets`` times the weights."""
        score, a = assets(st, seat, info)
        t = self.turns_left(st, seat, to_move)
        if t <= 0.0:
            return score + 0.01 * st.wealth[seat]
        b = bases(t)
        return score + sum(x * sum(float(wj) * bj for wj, bj in zip(w, b, strict=True))
                           for x, w in zip(a, self.weights[len(st.names)], strict=True))

    def predicted(self, st: State, to_move: int, info: BoardInfo | None = None
                  ) -> tuple[list[float], float]:
        """Every player's predicted final score, and the mean turns left."""
        info = info or info_of(st)
        n = len(st.names)
        total = sum(self.turns_left(st, seat, to_move) for seat in range(n))
        return [self.final(st, seat, to_move, info) for seat in range(n)], total / n

    def temperature(self, n: int, mean_turns: float) -> float:
        temps = self.temperatures[n]
        i = int(mean_turns + 0.5)
        return temps[i if i < len(temps) else -1]

    def chances(self, st: State, to_move: int, info: BoardInfo | None = None) -> list[float]:
        """Every player's chance of winning (a finished game: each winner's share)."""
        n = len(st.names)
        if st.over:
            won = st.winners or []
            return [1.0 / len(won) if s in won else 0.0 for s in range(n)]
        finals, mean_turns = self.predicted(st, to_move, info)
        temp = self.temperature(n, mean_turns)
        top = max(finals)
        e = [math.exp((f - top) / temp) for f in finals]
        total = sum(e)
        return [x / total for x in e]

    def to_json(self) -> dict[str, Any]:
        if self.kind == "hand":
            weights: dict[str, Any] = {str(n): dict(zip(HAND, ws, strict=True))
                             for n, ws in sorted(self.weights.items())}
        else:
            weights = {str(n): {name: [round(x, 5) for x in w]
                                for name, w in zip(ASSETS, ws, strict=True)}
                       for n, ws in sorted(self.weights.items())}
        return {
            "kind": self.kind, "assets": list(ASSETS), "bases": list(BASES),
            "weights": weights,
            "temperatures": {str(n): list(t) for n, t in sorted(self.temperatures.items())},
            "turns": [[*key, round(v, 4)] for key, v in sorted(self.turns.items())],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ValueModel:
        if tuple(data["assets"]) != ASSETS or tuple(data["bases"]) != BASES:
            raise ValueError("the value weights were fitted for other assets")
        kind = data.get("kind", "assets")
        weights: dict[int, tuple[Any, ...]] = (
            {int(n): tuple(float(ws[name]) for name in HAND)
             for n, ws in data["weights"].items()} if kind == "hand" else
            {int(n): tuple(tuple(float(x) for x in ws[name]) for name in ASSETS)
             for n, ws in data["weights"].items()})
        turns = {(int(a), int(b), int(c), int(d)): float(v) for a, b, c, d, v in data["turns"]}
        temps = {int(n): tuple(float(t) for t in ts) for n, ts in data["temperatures"].items()}
        return cls(turns, weights, temps, kind)


MODEL_FILE = "expert-value.json"


@lru_cache(maxsize=1)
def load_model() -> ValueModel:
    """The fitted evaluation shipped with the game (``game/data/expert-value.json``)."""
    return _packaged(MODEL_FILE)


def _packaged(name: str) -> ValueModel:
    """A fitted evaluation kept in the package's data (``game/data``)."""
    text = resources.files("game.data").joinpath(name).read_text("utf-8")
    return ValueModel.from_json(json.loads(text))


#: The fitted tables of the turns left the expert reads in place of its weights' own
#: estimate, by table size: only where it measured stronger with one (docs/ai.md).
TURNS_FILES = {4: "expert-turns-4.json"}


@lru_cache(maxsize=4)
def load_turns(players: int) -> ValueModel | None:
    """The expert's table of the turns left at a table of ``players``, or None where it
    has none (``TURNS_FILES``); read once (every Hint makes an expert)."""
    name = TURNS_FILES.get(players)
    return None if name is None else _packaged(name)


def solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small)."""
    m = len(rhs)
    a = [[*row, rhs[i]] for i, row in enumerate(matrix)]
    for col in range(m):
        pivot = max(range(col, m), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(col + 1, m):
            f = a[r][col] / p
            if f:
                row_r, row_c = a[r], a[col]
                for c in range(col, m + 1):
                    row_r[c] -= f * row_c[c]
    x = [0.0] * m
    for r in range(m - 1, -1, -1):
        p = a[r][r]
        if abs(p) < 1e-12:
            continue
        x[r] = (a[r][m] - sum(a[r][c] * x[c] for c in range(r + 1, m))) / p
    return x
