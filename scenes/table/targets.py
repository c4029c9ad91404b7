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

from game.rules import apply, return_amount, sale_value
from game.state import TECH_IDS, State
from game.steps import ShipMove, Space, Step, StepError, check_shape
from scenes.core import zones as Z
from scenes.text.reasons import reason_text

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

    def voyage_step(self, moves: list[ShipMove] | None = None) -> Step:
        return Step("move", tuple(self.moves if moves is None else moves))

    def sale_step(self, sale: list[Space] | None = None) -> Step:
        return Step("sell", tuple(self.sale if sale is None else sale))


@dataclass(frozen=True)
class TableFacts:
    """What a button's tooltip needs to know besides the state (the actions tell it;
    it lives here, not with the tooltips, so the actions import no drawing)."""

    human_to_move: bool
    buttons: dict[str, str]        # zone -> "normal" | "disabled"
    staging: Staging
    undo_blocker: str | None       # ``Session.undo_blocker`` (None: undo is possible)
    last_step: str | None          # the step Undo would take back


@dataclass(frozen=True)
class Drop:
    """What a drop does: make ``step`` now, or stage a ship move or a trade good.

    ``check`` is the step the engine judges the drop by (for a staged drop: the whole
    voyage or sale with it added)."""

    check: Step
    step: Step | None = None
    stage_move: ShipMove | None = None
    replace: int | None = None  # index of the staged move this drop replaces
    stage_good: Space | None = None


def _refusal(st: State, step: Step) -> str | None:
    """The engine's reason (in the player's language) a step is refused (one the
    notation cannot write, too), or None."""
    try:
        apply(st, check_shape(step))
    except StepError as exc:
        return reason_text(exc)
    return None


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


def in_play(st: State, z: Z.ZoneName) -> bool:
    """Whether a zone is part of this game: a town, sea or space past the line's end
    (the absent towns of a 3-player game drawn on the 4-player table, as a lesson
    is) or a seat nobody sits in means nothing, and the state has no slot to ask."""
    town, seat = z.town, z.seat
    return ((town is None or 1 <= town <= st.size)
            and (seat is None or 0 <= seat < st.n))


def intended(st: State, piece: Piece, zone: str, staging: Staging) -> Drop | None:
    """What dropping ``piece`` on ``zone`` would mean, legal or not (None: nothing)."""
    seat = st.active
    kind = piece[0]
    z = Z.parse(zone)
    if not in_play(st, z):
        return None
    where = z.kind
    if kind in ("stock", "builder", "scientist", "lisboa", "ship") and piece[1] != seat:
        return None
    if kind == "stock" and zone == Z.lisboa():
        return Drop(check=Step("employ"), step=Step("employ"))
    if kind == "builder" and zone == Z.speed(seat, st.speed[seat] + 1):
        return Drop(check=Step("speed"), step=Step("speed"))
    if kind == "scientist" and where == "tech":
        made = Step("tech", (z.word,))
        return Drop(check=made, step=made)
    if where == "sea" and kind in ("lisboa", "ship", "staged") and z.pos is not None:
        dst = z.pos
        if kind == "staged":
            index = piece[1]
            if not 0 <= index < len(staging.moves):
                return None
            return _sea_drop(st, staging, staging.moves[index][0], dst, index)
        src = 0 if kind == "lisboa" else piece[2]
        return _sea_drop(st, staging, src, dst, None)
    space = z.space
    if kind == "ship" and space is not None:
        made = Step("cargo", (space,)) if space[0] == "g" else Step("build", (space, None))
        return Drop(check=made, step=made)
    if kind == "good" and zone == Z.lisboa():
        space = ("g", piece[1], piece[2])
        if space in staging.sale:
            return None
        return Drop(check=staging.sale_step([*staging.sale, space]), stage_good=space)
    if kind in ("good", "building") and space is not None and space[0] == "b":
        source = ("g" if kind == "good" else "b", piece[1], piece[2])
        made = Step("build", (space, source))
        return Drop(check=made, step=made)
    return None


def _candidate_zones(st: State, piece: Piece) -> list[str]:
    kind = piece[0]
    seat = st.active
    if kind == "stock":
        return [Z.lisboa()]
    if kind == "builder":
        return [Z.speed(seat, st.speed[seat] + 1)]
    if kind == "scientist":
        return [Z.tech(t) for t in TECH_IDS]
    seas = [Z.sea(p) for p in range(1, min(st.revealed + 1, st.size) + 1)]
    if kind in ("lisboa", "staged"):
        return seas
    if kind == "ship":
        pos = piece[2]
        return seas + [make(pos, k) for make in (Z.goods, Z.building) for k in (1, 2)]
    if kind == "good":
        return [Z.lisboa()] + [Z.building(piece[1], k) for k in (1, 2)]
    if kind == "building":
        return [Z.building(piece[1], k) for k in (1, 2) if k != piece[2]]
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
    for src, _via, dst in staging.moves:
        if src:
            shown.add_ships(seat, src, -1)
        else:
            shown.lisboa[seat] -= 1
        shown.add_ships(seat, dst, 1)
    if held is not None:
        kind = held[0]
        if kind == "stock":
            shown.stock[seat] -= 1
        elif kind == "lisboa":
            shown.lisboa[seat] -= 1
        elif kind == "ship":
            shown.add_ships(seat, held[2], -1)
        elif kind == "staged":
            shown.add_ships(seat, staging.moves[held[1]][2], -1)
        elif kind in ("good", "building"):
            shown.set_owner(("g" if kind == "good" else "b", held[1], held[2]), None)
    return shown


def staged_arrivals(staging: Staging, pos: int) -> list[int]:
    """Indexes of staged moves that end in sea ``pos`` (the ships shown arriving there)."""
    return [i for i, move in enumerate(staging.moves) if move[2] == pos]


# ----- what a right-click offers --------------------------------------------------------
#: The right-click entry's step that starts choosing markers for Geography (no step).
CHOOSE_GEOGRAPHY = None


@dataclass(frozen=True)
class MenuEntry:
    """One line of the right-click menu: a translation key with its values, and the
    step it makes (or ``CHOOSE_GEOGRAPHY``)."""

    key: str
    values: tuple[tuple[str, object], ...]
    step: Step | None


def menu_entries(st: State, legal: list[Step], zones: list[str]) -> list[MenuEntry]:
    """What a right-click on the most specific of ``zones`` offers: the legal free
    steps that concern that zone, as ``legal_steps`` lists them."""
    seat = st.active
    for zone in zones:
        z = Z.parse(zone)
        if not in_play(st, z):
            continue
        entries: list[MenuEntry] = []
        for step in legal:
            entry = _menu_entry(st, seat, z, step)
            if entry is not None and entry not in entries:
                entries.append(entry)
        if entries:
            return entries
    return []


def _menu_entry(st: State, seat: int, z: Z.ZoneName, step: Step) -> MenuEntry | None:
    if step.kind == "return":
        target = step.args[0]
        if target in ("banker", "historian"):
            if z.kind in (target, f"{target}s") and z.seat == seat:
                amount = return_amount(st, seat, target)
                return MenuEntry(f"menu.return_{target}", (("n", amount),), step)
            return None
        if isinstance(target, int):
            if z.kind in ("sea", "ship") and z.pos == target and z.seat in (None, seat):
                return MenuEntry("menu.return_ship", (), step)
            return None
        if z.space == target:
            kind = "good" if target[0] == "g" else "building"
            return MenuEntry(f"menu.return_{kind}", (), step)
        return None
    if step.kind == "bank" and z.kind == "tech" and z.word == "bank-system":
        return MenuEntry("menu.bank", (), step)
    if step.kind == "geography" and z.kind == "tech" and z.word == "geography":
        return MenuEntry("menu.geography", (), CHOOSE_GEOGRAPHY)
    return None


__all__ = ["CHOOSE_GEOGRAPHY", "Drop", "MenuEntry", "Piece", "Staging", "TableFacts", "drops_for",
           "explain", "in_play", "intended", "menu_entries", "sale_preview", "shown_state",
           "staged_arrivals"]
