"""What a picked-up marker may be dropped on, and what each drop means.

The table lets players move markers with the mouse; this module turns "this marker
onto that zone" into the engine's steps without knowing anything about pixels. A
zone is named as in the layout (``lisboa``, ``sea_3``, ``goods_3_1``, ``building_3_2``,
``tech_map``, ``speed_0_2``). Every answer comes from asking the engine: a target is
offered only when the engine accepts the step it would make, so the client never
holds a rule of its own.

Two drops do not make a step at once but add to a staging area the player commits
with a button: ship moves (a voyage, one ``move`` step for all of them) and trade
goods dragged to Lisboa (one ``sell`` step). ``Staging`` holds those.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import apply, ship_moves, why_not
from game.state import ACTIONS, AFTER_MOVE, TECH_IDS, State
from game.steps import IllegalStep, ShipMove, Step, move_str, space_str

# Pieces a player can pick up:
#   ("stock", seat)          a marker from the stock
#   ("lisboa", seat)         a marker on Lisboa
#   ("ship", seat, pos)      a ship in sea pos (not yet staged)
#   ("staged", index)        the ship of staged move number index
#   ("good", pos, k)         a trade good on goods space k of town pos
#   ("building", pos, k)     a building
#   ("builder", seat)        the ship builder
#   ("scientist", seat)      a scientist still on the domain card
Piece = tuple


@dataclass
class Staging:
    """Ship moves and trade goods picked for a voyage or a sale not yet committed."""

    moves: list[ShipMove] = field(default_factory=list)
    sale: list[tuple[str, int, int]] = field(default_factory=list)

    def clear(self) -> None:
        self.moves.clear()
        self.sale.clear()

    @property
    def empty(self) -> bool:
        return not self.moves and not self.sale

    def voyage_step(self) -> str:
        return " ".join(["move", *(move_str(m) for m in self.moves)])

    def sale_step(self) -> str:
        return " ".join(["sell", *(space_str(s) for s in self.sale)])


@dataclass(frozen=True)
class Drop:
    """What dropping on a zone does: make ``step`` now, or stage a ship move / a good."""

    step: str | None = None
    stage_move: ShipMove | None = None
    replace: int | None = None  # index of the staged move this drop replaces
    stage_good: tuple[str, int, int] | None = None


def _legal(st: State, step: str) -> bool:
    try:
        apply(st, step)
    except IllegalStep:
        return False
    return True


def _voyage_with(st: State, staging: Staging, move: ShipMove, replace: int | None) -> str:
    moves = list(staging.moves)
    if replace is None:
        moves.append(move)
    else:
        moves[replace] = move
    return " ".join(["move", *(move_str(m) for m in moves)])


def _sea_drops(st: State, staging: Staging, src: int, replace: int | None) -> dict[str, Drop]:
    """Seas a ship from sea ``src`` (0: from Lisboa) may sail to within the voyage."""
    out: dict[str, Drop] = {}
    candidates: dict[int, list[ShipMove]] = {}
    for move in ship_moves(st):
        if move[0] == src:
            candidates.setdefault(move[2], []).append(move)
    for dst, moves in candidates.items():
        # A direct launch before one via a stronghold: the plainest reading of the drop.
        for move in sorted(moves, key=lambda m: m[1]):
            if _legal(st, _voyage_with(st, staging, move, replace)):
                out[f"sea_{dst}"] = Drop(stage_move=move, replace=replace)
                break
    return out


def drops_for(st: State, piece: Piece, staging: Staging) -> dict[str, Drop]:
    """Every zone this piece may be dropped on now, with what the drop does."""
    if st.over:
        return {}
    seat = st.active
    kind = piece[0]
    out: dict[str, Drop] = {}
    acting = st.phase == ACTIONS and st.ap > 0 and staging.empty
    if kind == "stock" and piece[1] == seat:
        if acting and _legal(st, "employ"):
            out["lisboa"] = Drop(step="employ")
    elif kind == "builder" and piece[1] == seat:
        if acting and _legal(st, "speed"):
            out[f"speed_{seat}_{st.speed[seat] + 1}"] = Drop(step="speed")
    elif kind == "scientist" and piece[1] == seat:
        if acting:
            for tech in TECH_IDS:
                if _legal(st, f"tech {tech}"):
                    out[f"tech_{tech}"] = Drop(step=f"tech {tech}")
    elif kind == "lisboa" and piece[1] == seat:
        if st.phase == ACTIONS and st.ap > 0 and not staging.sale:
            out.update(_sea_drops(st, staging, 0, None))
    elif kind == "ship" and piece[1] == seat:
        pos = piece[2]
        if st.phase == ACTIONS and st.ap > 0 and not staging.sale:
            out.update(_sea_drops(st, staging, pos, None))
        if staging.empty:
            for k in (1, 2):
                step = f"build {pos}b{k}"
                if _legal(st, step):
                    out[f"building_{pos}_{k}"] = Drop(step=step)
                if st.phase == AFTER_MOVE and _legal(st, f"cargo {pos}g{k}"):
                    out[f"goods_{pos}_{k}"] = Drop(step=f"cargo {pos}g{k}")
    elif kind == "staged":
        index = piece[1]
        if 0 <= index < len(staging.moves):
            out.update(_sea_drops(st, staging, staging.moves[index][0], index))
    elif kind in ("good", "building"):
        _, pos, k = piece
        letter = "g" if kind == "good" else "b"
        owners = st.goods if kind == "good" else st.buildings
        if owners[(pos - 1) * 2 + k - 1] != seat:
            return {}
        space = (letter, pos, k)
        selling = kind == "good" and st.phase == ACTIONS and st.ap > 0 and not staging.moves
        if selling and space not in staging.sale:
            out["lisboa"] = Drop(stage_good=space)
        if staging.empty:
            for other in (1, 2):
                step = f"build {pos}b{other} from {pos}{letter}{k}"
                if (letter, other) != ("b", k) and _legal(st, step):
                    out[f"building_{pos}_{other}"] = Drop(step=step)
    return out


def sale_preview(st: State, staging: Staging) -> tuple[int, int, int] | None:
    """(goods types counted, wealth, VP) the staged sale would bring, or None."""
    if not staging.sale:
        return None
    from game.rules import sale_value

    return sale_value(st, st.active, tuple(staging.sale))


def commit_reason(st: State, step: str) -> str | None:
    """Why a staged voyage or sale cannot be committed (None: it can)."""
    return why_not(st, step)


def staged_ship_positions(st: State, staging: Staging) -> dict[int, int]:
    """Sea -> how many of the active player's ships are shown there while staging."""
    seas = st.ship_seas(st.active)
    for src, _via, dst in staging.moves:
        if src:
            seas[src] -= 1
        seas[dst] = seas.get(dst, 0) + 1
    return {p: c for p, c in seas.items() if c}


__all__ = ["Drop", "Piece", "Staging", "Step", "commit_reason", "drops_for", "sale_preview",
           "staged_ship_positions"]
