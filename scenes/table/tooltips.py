"""What the table says about the thing under the pointer, after a short rest there.

A tooltip is a title and a few lines, computed from the state (never stored): a
technology (cost for this player, effect, owner; on the top row or on its owner's
board), a town (its goods and buildings and who holds each, the ships in its sea), a
player board (wealth, VP, where the 13
markers are, technologies), Lisboa, a button (what it will do now, or why it is
disabled), a log line (its notation). ``tooltip_lines`` picks the subject from the
zones under the pointer; it reads the state, the layout and a few ``TableFacts``
(never the scene itself). The box is drawn by ``scenes.ui.tooltip``.
"""

from __future__ import annotations

from game.cards import CARDS
from game.rules import tech_cost
from game.state import AFTER_MOVE, State
from scenes.core import zones as Z
from scenes.core.layout import Layout
from scenes.table.draw import board_techs
from scenes.table.logpanel import LogPanel
from scenes.table.targets import TableFacts
from scenes.text.catalog import t
from scenes.text.keynames import key_of
from scenes.ui.tooltip import Lines


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
    if owner == seat and tech.id in CARD_KEY_TIPS:
        lines.append(t(CARD_KEY_TIPS[tech.id], key=key_of(CARD_KEYS[tech.id])))
    return tuple(lines)


def building_name(kind: str) -> str:
    """A building's name: a stronghold, a church, or the market of its good."""
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
            lines.append(t("tip.town.building", building=building_name(town.buildings[k - 1]),
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
        lines[0] = t("tip.board.to_move", name=st.names[seat], count=st.ap)
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
    if seat == st.active and not st.over:
        lines.append(t("tip.move.how"))  # the two ways to move a marker
    return tuple(lines)


def lisboa_lines(st: State) -> Lines:
    counts = ", ".join(t("tip.ships.of", name=st.names[s], n=st.lisboa[s]) for s in range(st.n))
    return (t("card.lisboa"), t("tip.lisboa.what"), t("tip.lisboa.counts", counts=counts),
            t("tip.move.how"))


#: The tooltip line that gives each table button's keys.
KEY_TIPS = {Z.button(b): f"tip.key.{b}" for b in Z.BUTTON_IDS}
#: The action (``scenes.core.keymap``) whose key each button's tooltip names.
BUTTON_KEYS = {"sail": "sail", "sell": "sail", "done": "done", "undo": "undo",
               "end_turn": "end_turn", "rules": "rules", "hint": "hint"}
#: The cards used by a key (their tooltip says which, to their owner).
CARD_KEY_TIPS = {"bank-system": "tip.key.bank-system", "geography": "tip.key.geography"}
CARD_KEYS = {"bank-system": "bank", "geography": "geography"}


def button_lines(st: State, facts: TableFacts, zone: str) -> Lines:
    """What a button does now, or why it cannot, and its keys."""
    lines = _button_lines(st, facts, zone)
    key = KEY_TIPS.get(zone)
    action = BUTTON_KEYS.get(Z.parse(zone).word or "")
    said = key_of(action) if action is not None else ""
    return (*lines, t(key, key=said)) if key is not None else lines


def _button_lines(st: State, facts: TableFacts, zone: str) -> Lines:
    state = facts.buttons.get(zone, "normal")
    button = Z.parse(zone).word or ""
    title = t(f"button.{button}")
    human = facts.human_to_move
    if zone == "button_rules":
        return (title, t("tip.button.rules", key=key_of("rules")))
    if zone == "button_menu":
        return (title, t("tip.button.menu"))
    if zone == "button_hint":
        return (title, t("tip.button.hint") if human else t("tip.button.not_yours"))
    if not human:
        return (title, t("tip.button.not_yours") if not st.over else t("status.game_over"))
    staging = facts.staging
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
        blocker = facts.undo_blocker
        if blocker is None:
            return (title, t("tip.button.undo", step=facts.last_step or ""))
        return (title, t("tip.button.off", reason=t(f"undo.{blocker}")))
    if zone == "button_end_turn":
        if not staging.empty:
            return (title, t("status.staging"))
        if st.phase == AFTER_MOVE:
            return (title, t("tip.button.end.after_move"))
        if st.ap:
            return (title, t("tip.button.end.ap", name=st.names[st.active], count=st.ap))
        return (title, t("tip.button.end", name=st.names[st.active]))
    return (title,)


def tooltip_lines(st: State, layout: Layout, pos: tuple[int, int], facts: TableFacts,
                  log: LogPanel) -> Lines | None:
    """The tooltip for the point, from its most specific zone that has one."""
    line = log.line_at(pos)
    if line is not None:
        return (t("tip.log.title", n=line.index + 1, turn=line.turn),
                t("tip.log.notation", step=line.notation))
    if log.contains(pos):
        return None
    for zone in layout.zones_at(pos):
        z = Z.parse(zone)
        if z.kind == "button":
            return button_lines(st, facts, zone)
        if z.kind == "tech" and z.word:
            return (*tech_lines(st, z.word), t("tip.zoom", key=key_of("zoom")))
        if z.kind in ("town", "sea", "goods", "building", "ship") and z.pos is not None:
            lines = town_lines(st, z.pos)
            return (*lines, t("tip.zoom", key=key_of("zoom"))) if z.pos <= st.size else lines
        if z.kind == "lisboa":
            return lisboa_lines(st)
        if z.kind == "stock" and z.seat is not None:
            for tech_id, chip in board_techs(layout, st, z.seat):
                if chip.collidepoint(pos):  # a technology the player owns, on their board
                    return (*tech_lines(st, tech_id), t("tip.zoom", key=key_of("zoom")))
        if z.board_seat is not None:
            return board_lines(st, z.board_seat) if z.board_seat < st.n else None
    return None


__all__ = ["TableFacts", "board_lines", "building_name", "button_lines", "lisboa_lines",
           "tech_lines", "tooltip_lines", "town_lines"]
