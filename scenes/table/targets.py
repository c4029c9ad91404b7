"""What a picked-up marker may be dropped on, and what each drop means.

The table lets players move markers with the mouse; this module turns "this marker
onto that zone" into the engine's steps without knowing anything about pixels. A
zone is named as in the layout (``lisboa``, ``sea_3``, ``goods_3_1``, ``building_3_2``,
``tech_map``, ``speed_0_2``). Every answer comes from asking the engine: a target is
offered only when the engine accepts the step it would make, and a refused drop is
explained with the engine's own reason, so the client never holds a rule of its own.

Two drops do not make a step at once but add to a staging area the player commits
with a button: ship moves (a voyage, one ``move`` step for all of them) and trade
goods dragged to Lisboa (one ``sell`` step). ``Staging`` holds those.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import apply, sale_value
from game.state import ACTIONS, TECH_IDS, State
from game.steps import IllegalStep, ShipMove, Space, move_str, space_str
from scenes.reasons import reason_text

# Pieces a player can pick up:
#   ("stock", seat)          a marker from the stock
#   ("lisboa", seat)         a marker on Lisboa
#   ("ship", seat, pos)      a ship in sea pos (not part of the staged voyage)
#   ("staged", index)        the ship of staged move number ``index``
#   ("good", pos, k)         a trade good on goods space k of town pos
#   ("building", pos, k)     a building
#   ("builder", seat)        the ship builder
#   ("scientist", seat)      a scientist still on the domain card
Piece = tuple


@dataclass
class Staging:
    """Ship moves and trade goods picked for a voyage or a sale not yet committed."""

    moves: list[ShipMove] = field(default_factory=list)
    sale: list[Space] = field(default_factory=list)

    def clear(self) -> None:
        self.moves.clear()
        self.sale.clear()

    @property
    def empty(self) -> bool:
        return not self.moves and not self.sale

    def voyage_step(self, moves: list[ShipMove] | None = None) -> str:
        return " ".join(["move", *(move_str(m) for m in (self.moves if moves is None
                                                          else moves))])

    def sale_step(self, sale: list[Space] | None = None) -> str:
        return " ".join(["sell", *(space_str(s) for s in (self.sale if sale is None
                                                          else sale))])


@dataclass(frozen=True)
class Drop:
    """What a drop does: make ``step`` now, or stage a ship move or a trade good.

    ``check`` is the step the engine judges the drop by (for a staged drop: the whole
    voyage or sale with it added)."""

    check: str
    step: str | None = None
    stage_move: ShipMove | None = None
    replace: int | None = None  # index of the staged move this drop replaces
    stage_good: Space | None = None


def _refusal(st: State, step: str) -> str | None:
    """The engine's reason (in the player's language) a step is refused, or None."""
    try:
        apply(st, step)
    except IllegalStep as exc:
        return reason_text(exc)
    return None


def _zone_parts(zone: str) -> list[str]:
    return zone.split("_")


def _sea_drop(st: State, staging: Staging, src: int, dst: int,
              replace: int | None) -> Drop:
    """A ship from ``src`` (0: Lisboa) to sea ``dst``: a direct launch if the engine
    takes it, else one through a stronghold of the player's (``L@4-6``)."""
    options: list[ShipMove] = [(src, 0, dst)]
    if src == 0:
        options += [(0, via, dst) for via in range(1, st.revealed + 1) if via != dst]
        options.append((0, dst, dst))
    drops = []
    for move in options:
        moves = list(staging.moves)
        if replace is None:
            moves.append(move)
        else:
            moves[replace] = move
        drop = Drop(check=staging.voyage_step(moves), stage_move=move, replace=replace)
        if _refusal(st, drop.check) is None:
            return drop
        drops.append(drop)
    return drops[0]


def intended(st: State, piece: Piece, zone: str, staging: Staging) -> Drop | None:
    """What dropping ``piece`` on ``zone`` would mean, legal or not (None: nothing)."""
    seat = st.active
    kind = piece[0]
    parts = _zone_parts(zone)
    where = parts[0]
    if kind in ("stock", "builder", "scientist", "lisboa", "ship") and piece[1] != seat:
        return None
    if kind == "stock" and zone == "lisboa":
        return Drop(check="employ", step="employ")
    if kind == "builder" and zone == f"speed_{seat}_{st.speed[seat] + 1}":
        return Drop(check="speed", step="speed")
    if kind == "scientist" and where == "tech":
        tech = zone[len("tech_"):]
        return Drop(check=f"tech {tech}", step=f"tech {tech}")
    if where == "sea" and kind in ("lisboa", "ship", "staged"):
        dst = int(parts[1])
        if kind == "staged":
            index = piece[1]
            if not 0 <= index < len(staging.moves):
                return None
            return _sea_drop(st, staging, staging.moves[index][0], dst, index)
        src = 0 if kind == "lisboa" else piece[2]
        return _sea_drop(st, staging, src, dst, None)
    if kind == "ship" and where in ("goods", "building"):
        letter = "g" if where == "goods" else "b"
        step = f"{'cargo' if letter == 'g' else 'build'} {parts[1]}{letter}{parts[2]}"
        return Drop(check=step, step=step)
    if kind == "good" and zone == "lisboa":
        space = ("g", piece[1], piece[2])
        if space in staging.sale:
            return None
        return Drop(check=staging.sale_step([*staging.sale, space]), stage_good=space)
    if kind in ("good", "building") and where == "building":
        letter = "g" if kind == "good" else "b"
        step = f"build {parts[1]}b{parts[2]} from {piece[1]}{letter}{piece[2]}"
        return Drop(check=step, step=step)
    return None


def _candidate_zones(st: State, piece: Piece) -> list[str]:
    kind = piece[0]
    seat = st.active
    if kind == "stock":
        return ["lisboa"]
    if kind == "builder":
        return [f"speed_{seat}_{st.speed[seat] + 1}"]
    if kind == "scientist":
        return [f"tech_{t}" for t in TECH_IDS]
    seas = [f"sea_{p}" for p in range(1, min(st.revealed + 1, st.size) + 1)]
    if kind in ("lisboa", "staged"):
        return seas
    if kind == "ship":
        pos = piece[2]
        return seas + [f"{w}_{pos}_{k}" for w in ("goods", "building") for k in (1, 2)]
    if kind == "good":
        return ["lisboa"] + [f"building_{piece[1]}_{k}" for k in (1, 2)]
    if kind == "building":
        return [f"building_{piece[1]}_{k}" for k in (1, 2) if k != piece[2]]
    return []


def _allowed_while_staging(drop: Drop, staging: Staging) -> bool:
    """A voyage and a sale are staged one at a time, and nothing else is made
    while one is being staged (commit or clear it first)."""
    if drop.stage_move is not None:
        return not staging.sale
    if drop.stage_good is not None:
        return not staging.moves
    return staging.empty


def drops_for(st: State, piece: Piece, staging: Staging) -> dict[str, Drop]:
    """Every zone this piece may be dropped on now, with what the drop does."""
    if st.over:
        return {}
    out: dict[str, Drop] = {}
    for zone in _candidate_zones(st, piece):
        drop = intended(st, piece, zone, staging)
        if (drop is not None and _allowed_while_staging(drop, staging)
                and _refusal(st, drop.check) is None):
            out[zone] = drop
    return out


def explain(st: State, piece: Piece, zone: str | None, staging: Staging) -> str | None:
    """The engine's reason a drop on ``zone`` is refused (None when it is legal).

    Drops on zones that mean nothing for this piece get ``"nowhere"``; the table
    turns that into its own sentence."""
    if zone is None:
        return "nowhere"
    drop = intended(st, piece, zone, staging)
    if drop is None:
        return "nowhere"
    if not _allowed_while_staging(drop, staging):
        return "staging"
    return _refusal(st, drop.check)


def sale_preview(st: State, staging: Staging) -> tuple[int, int, int] | None:
    """(goods types counted, wealth, VP) the staged sale would bring, or None."""
    if not staging.sale:
        return None
    return sale_value(st, st.active, tuple(staging.sale))


def shown_state(st: State, staging: Staging, held: Piece | None = None) -> State:
    """The state as the table shows it: staged ships already in their new seas, staged
    goods still on their spaces, and the marker in the hand lifted off the table."""
    if staging.empty and held is None:
        return st
    shown = st.copy()
    seat = st.active
    base = seat * (st.size + 1)
    for src, _via, dst in staging.moves:
        if src:
            shown.ships[base + src] -= 1
        else:
            shown.lisboa[seat] -= 1
        shown.ships[base + dst] += 1
    if held is not None:
        kind = held[0]
        if kind == "stock":
            shown.stock[seat] -= 1
        elif kind == "lisboa":
            shown.lisboa[seat] -= 1
        elif kind == "ship":
            shown.ships[base + held[2]] -= 1
        elif kind == "staged":
            shown.ships[base + staging.moves[held[1]][2]] -= 1
        elif kind == "good":
            shown.goods[(held[1] - 1) * 2 + held[2] - 1] = -1
        elif kind == "building":
            shown.buildings[(held[1] - 1) * 2 + held[2] - 1] = -1
    return shown


def staged_arrivals(staging: Staging, pos: int) -> list[int]:
    """Indexes of staged moves that end in sea ``pos`` (the ships shown arriving there)."""
    return [i for i, move in enumerate(staging.moves) if move[2] == pos]


def can_act(st: State) -> bool:
    return not st.over and st.phase == ACTIONS and st.ap > 0


__all__ = ["Drop", "Piece", "Staging", "can_act", "drops_for", "explain", "intended",
           "sale_preview", "shown_state", "staged_arrivals"]
