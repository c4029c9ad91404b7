"""What the table says about the thing under the pointer, after a short rest there.

A tooltip is a title and a few lines, computed from the state (never stored): a
technology (cost for this player, effect, owner), a town (its goods and buildings and
who holds each, the ships in its sea), a player board (wealth, VP, where the 13
markers are, technologies), Lisboa, a button (what it will do now, or why it is
disabled), a log line (its notation). ``tooltip_lines`` picks the subject from the
zones under the pointer; ``tooltip_image`` renders and caches the box.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.cards import CARDS
from game.rules import tech_cost
from game.state import AFTER_MOVE, State
from scenes import art
from scenes import palette as P
from scenes import table_text as _table_text  # noqa: F401  (registers the words)
from scenes.text import render, t, wrap

if TYPE_CHECKING:
    from scenes.table import TableScene

Lines = tuple[str, ...]
WIDTH = 440
DELAY = 0.45  # seconds the pointer rests before a tooltip shows


def _name(st: State, seat: int | None) -> str:
    return st.names[seat] if seat is not None else t("tip.nobody")


def tech_lines(st: State, tech_id: str) -> Lines:
    """A technology: card, cost (for the player to move), effect, owner."""
    tech = CARDS.tech(tech_id)
    seat = st.active
    lines = [t(f"tech.{tech.id}"),
             t("tip.tech.card", card=tech.card, cost=tech.cost)]
    yours = tech_cost(st, seat, tech.id)
    if yours != tech.cost and st.tech_owner_of(tech.id) is None:
        lines.append(t("tip.tech.your_cost", name=st.names[seat], cost=yours))
    lines.append(t(f"tech.{tech.id}.long"))
    owner = st.tech_owner_of(tech.id)
    lines.append(t("tip.tech.owner", name=st.names[owner]) if owner is not None
                 else t("tip.tech.free"))
    return tuple(lines)


def _building_name(kind: str) -> str:
    base, _, good = kind.partition(":")
    if good:
        return t("building.marketplace.of", good=t(f"good.{good}"))
    return t(f"building.{base}")


def town_lines(st: State, pos: int) -> Lines:
    """A town: what it offers and who holds it, and the ships below it."""
    if pos > st.size:
        return (t("card.not_used"), t("tip.town.unused"))
    title = t("tip.town.title", pos=pos)
    if pos == st.size:
        title = t("tip.town.india", pos=pos)
    if not st.face_up(pos):
        lines = [title, t("tip.town.face_down")]
        if pos == st.revealed + 1:
            lines.append(t("tip.town.next"))
    else:
        town = st.card_at(pos)
        lines = [title]
        for k in (1, 2):
            lines.append(t("tip.town.good", good=t(f"good.{town.goods[k - 1]}"),
                           name=_name(st, st.good_owner(pos, k))))
        for k in (1, 2):
            lines.append(t("tip.town.building", building=_building_name(town.buildings[k - 1]),
                           name=_name(st, st.building_owner(pos, k))))
    ships = [t("tip.ships.of", name=st.names[s], n=st.ships_at(s, pos))
             for s in range(st.n) if st.ships_at(s, pos)]
    lines.append(t("tip.town.ships", ships=", ".join(ships)) if ships
                 else t("tip.town.no_ships"))
    return tuple(lines)


def board_lines(st: State, seat: int) -> Lines:
    """A player: wealth, VP, where the markers are, speed, technologies."""
    where = st.markers_by_place(seat)
    lines = [st.names[seat]]
    if seat == st.active and not st.over:
        lines[0] = t("tip.board.to_move", name=st.names[seat], ap=st.ap)
    bankers = " + ".join(str(v) for v in st.bankers(seat)) or "0"
    historians = " + ".join(str(v) for v in st.historians(seat)) or "0"
    lines.append(t("tip.board.wealth", n=st.wealth[seat], holdings=bankers))
    lines.append(t("tip.board.vp", n=st.vp[seat], holdings=historians))
    lines.append(t("tip.board.markers", stock=where["stock"], lisboa=where["lisboa"],
                   ships=where["ships"], goods=where["goods"], buildings=where["buildings"]))
    lines.append(t("tip.board.cards", bankers=where["bankers"],
                   historians=where["historians"], speed=st.speed[seat],
                   scientists=st.scientists_home(seat)))
    techs = [t(f"tech.{x}") for x in st.techs(seat)]
    lines.append(t("tip.board.techs", techs=", ".join(techs)) if techs
                 else t("tip.board.no_techs"))
    return tuple(lines)


def lisboa_lines(st: State) -> Lines:
    counts = ", ".join(t("tip.ships.of", name=st.names[s], n=st.lisboa[s]) for s in range(st.n))
    return (t("card.lisboa"), t("tip.lisboa.what"), t("tip.lisboa.counts", counts=counts))


def button_lines(table: TableScene, zone: str) -> Lines:
    """What a button does now, or why it cannot."""
    st = table.state
    state = table.button_states().get(zone, "normal")
    title = t(f"button.{zone.removeprefix('button_')}")
    human = table.session.human_to_move
    if zone == "button_rules":
        return (title, t("tip.button.rules"))
    if zone == "button_menu":
        return (title, t("tip.button.menu"))
    if zone == "button_hint":
        return (title, t("tip.button.hint") if human else t("tip.button.not_yours"))
    if not human:
        return (title, t("tip.button.not_yours") if not st.over else t("status.game_over"))
    staging = table.staging
    if zone == "button_sail":
        if staging.moves:
            return (title, t("tip.button.sail", step=staging.voyage_step()))
        return (title, t("status.nothing_staged.sail"))
    if zone == "button_sell":
        if staging.sale:
            return (title, t("tip.button.sell", step=staging.sale_step()))
        return (title, t("status.nothing_staged.sell"))
    if zone == "button_done":
        if state == "normal":
            return (title, t("tip.button.done"))
        return (title, t("tip.button.done.off"))
    if zone == "button_undo":
        if staging.moves or staging.sale:
            return (title, t("tip.button.undo.staged"))
        reason = table.session.undo_blocker()
        if reason is None:
            return (title, t("tip.button.undo", step=table.session.steps[-1]))
        return (title, t("tip.button.off", reason=reason))
    if zone == "button_end_turn":
        if not staging.empty:
            return (title, t("status.staging"))
        if st.phase == AFTER_MOVE:
            return (title, t("tip.button.end.after_move"))
        if st.ap:
            return (title, t("tip.button.end.ap", name=st.names[st.active], ap=st.ap))
        return (title, t("tip.button.end", name=st.names[st.active]))
    return (title,)


def tooltip_lines(table: TableScene, pos: tuple[int, int]) -> Lines | None:
    """The tooltip for the point, from its most specific zone that has one."""
    st = table.state
    line = table.logpanel.line_at(pos)
    if line is not None:
        return (t("tip.log.title", n=line.index + 1, turn=line.turn),
                t("tip.log.notation", step=line.notation))
    if table.logpanel.contains(pos):
        return None
    for zone in table.layout.zones_at(pos):
        parts = zone.split("_")
        where = parts[0]
        if zone.startswith("button_"):
            return button_lines(table, zone)
        if where == "tech" and zone != "techcard":
            return tech_lines(st, zone.removeprefix("tech_"))
        if where in ("town", "sea", "goods", "building", "ship") and len(parts) >= 2:
            return town_lines(st, int(parts[1]))
        if where == "lisboa":
            return lisboa_lines(st)
        if where in ("board", "name", "domain", "bankers", "banker", "speed", "scientists",
                     "scientist", "historycard", "historians", "historian", "stock"):
            seat = int(parts[1])
            if seat < st.n:
                return board_lines(st, seat)
            return None
    return None


@lru_cache(maxsize=64)
def tooltip_image(lines: Lines) -> pygame.Surface:
    """The tooltip box: the title, then each line wrapped."""
    title, *body = lines
    rows: list[tuple[pygame.Surface, int]] = []
    for part in wrap(title, "display", 26, WIDTH - 28):
        rows.append((render(part, "display", 26, P.INK), 4))
    for text in body:
        for i, part in enumerate(wrap(text, "text", 18, WIDTH - 28)):
            rows.append((render(part, "text", 18, P.INK), 6 if i == 0 else 0))
    height = 16 + sum(img.get_height() + gap for img, gap in rows)
    width = min(WIDTH, 28 + max(img.get_width() for img, _ in rows))
    box = art.parchment(width, height, radius=8, seed=17).copy()
    pygame.draw.rect(box, P.BRASS_DARK, box.get_rect(), 2, border_radius=8)
    y = 8
    for img, gap in rows:
        y += gap
        box.blit(img, (14, y))
        y += img.get_height()
    return box


def place_tooltip(image: pygame.Surface, pos: tuple[int, int],
                  bounds: tuple[int, int] = (1920, 1080)) -> pygame.Rect:
    """Where a tooltip goes: below right of the pointer, kept on the screen."""
    rect = image.get_rect(topleft=(pos[0] + 18, pos[1] + 22))
    if rect.right > bounds[0] - 6:
        rect.right = pos[0] - 12
    if rect.bottom > bounds[1] - 6:
        rect.bottom = pos[1] - 12
    rect.clamp_ip(pygame.Rect(0, 0, *bounds))
    return rect


__all__ = ["DELAY", "board_lines", "button_lines", "lisboa_lines", "place_tooltip",
           "tech_lines", "tooltip_image", "tooltip_lines", "town_lines"]
