"""Playing at the table with the keyboard alone.

Tab and Shift+Tab move the focus among the markers the player may pick up, the
markers and cards a key can use, and the buttons; an arrow moves it to the nearest of
them in its direction. Enter or Space picks up the focused marker; while a marker is
held only the zones it may be dropped on take the focus (the engine's answer, as
``drag`` lit them for the mouse), Enter or Space drops it there and Esc puts it back.

Nothing here knows a rule or makes a step of its own: every key goes through the
table's mouse path at the focused zone, so a key makes exactly what the same click or
drag would make. A marker is found with ``drag.piece_at`` where the mouse would press
it; picking up is the mouse's ``press`` there, a drop its ``release`` on a point
of the target zone, a button or a card a press and a release on it, R its right-click
menu there (with the menu then driven by the arrows and Enter). The keys do not call
the mouse's router, nor the scene: ``handle`` returns those gestures
(``commands.Gesture``) and sentences as values, the scene hands the gestures to the
router and carries the rest out, then asks ``settle`` where the focus goes after them.

The ring shows only once a key has moved the focus (Tab, an arrow or Space) and hides
again at a click, so a mouse player never sees it and Enter keeps its old meaning
for them: Set sail, Sell or Done. While the ring shows Enter belongs to the focus, and
the buttons have their own letters: S (Set sail or Sell), D (Done), E (End turn), U
(Undo, like Ctrl+Z), with B (Bank System), G (Geography: G again sends the markers
chosen), R (the focused marker's free actions), L (the ship's log folded or unfolded)
and Page Up/Down (the log scrolled).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import partial
from typing import Protocol

import pygame

from game.rules import return_amount
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.intents import Said
from scenes.core.layout import Layout
from scenes.core.session import GameSession
from scenes.table.actions import TableActions
from scenes.table.commands import Command, Float, Gesture
from scenes.table.drag import Drag, piece_at, piece_box
from scenes.table.draw import TableView
from scenes.table.logpanel import LogPanel
from scenes.table.modes import FreePlay
from scenes.table.targets import drops_for, menu_entries
from scenes.table.tooltips import tooltip_lines
from scenes.text.catalog import t
from scenes.ui.focus import ARROWS, ENTER_KEYS, Focus, Focusable
from scenes.ui.tooltip import DELAY, Lines, place_tooltip, tooltip_image

#: Zone kinds a marker of the player's may be picked up from.
PIECE_KINDS = frozenset(("stock", "lisboa", "ship", "sea", "goods", "building", "speed",
                         "scientist", "scientists"))
#: Markers that cannot be picked up but have a free action (R, or Enter): their zone.
MENU_KINDS = {"banker": Z.banker, "historian": Z.historian}
#: The game buttons in the order of the strip, then the log's and the corner's.
STRIP = ("sail", "sell", "done", "undo", "end_turn")
CORNER = ("rules", "hint", "menu")
#: The cards a letter uses (the same as a click on the owned card).
CARD_KEYS = {pygame.K_b: "bank-system", pygame.K_g: "geography"}
BUTTON_KEYS = {pygame.K_d: "done", pygame.K_e: "end_turn", pygame.K_u: "undo"}
#: How far a focused thing's tooltip keeps from its ring.
FOCUS_GAP = 12


class KeysHost(Protocol):
    """What the keys read of the table (the ``TableScene``, which imports this module):
    plain parts, no method of the scene; the log panel, a widget, is scrolled and
    folded by its keys directly."""

    session: GameSession
    layout: Layout
    drag: Drag
    logpanel: LogPanel
    actions: TableActions
    view: TableView
    mode: FreePlay


def _order(item: Focusable) -> tuple[int, int]:
    return (item.rect.x, item.rect.y)


class TableKeys:
    """The table's focus and its keys."""

    def __init__(self, scene: KeysHost) -> None:
        #: The table (not imported: the scene imports this module).
        self.scene = scene
        self.focus = Focus(visible=False)
        self._key: tuple | None = None  # what the focusables were worked out for
        self._state: object = None
        #: Where each piece is pressed (its probe point), by the focus key.
        self._press: dict[Hashable, tuple[int, int]] = {}
        #: The piece in the hand when the keyboard picked it up (its focus key).
        self._picked: Hashable | None = None
        self._was_holding = False
        #: Seconds the focus has stayed on one thing (its tooltip waits as the mouse's).
        self.rest = 0.0
        self._rested_on: Hashable | None = None
        #: After a step: no tooltip until a key moves the focus (as the mouse's waits
        #: for the pointer to move): the step's result is read first.
        self.tip_waits = False
        #: A drop was just made by a key: the focus goes to what is lit next, once lit.
        self._dropped = False
        #: What the key being handled comes to (``handle`` returns it), and what the
        #: focus does once the scene has carried it out (``settle``): follow a marker
        #: picked up, or move on from a drop (what was staged, and the target's place).
        self._out: list[Command] = []
        self._after: tuple[str, tuple[int, int], pygame.Rect | None] | None = None

    def button_states(self) -> dict[str, str]:
        """The buttons as drawn (the lesson's mode dims some)."""
        sc = self.scene
        return sc.mode.buttons(sc.actions.button_states())

    # ----- what can take the focus ------------------------------------------------------
    @property
    def showing(self) -> bool:
        """Whether the ring is shown (the keyboard leads)."""
        return self.focus.visible

    def refresh(self) -> None:
        """Work the focusables out again when what the table shows has changed."""
        sc = self.scene
        held = sc.drag.held.piece if sc.drag.held is not None else None
        lit = frozenset(sc.view.lit)
        key = (tuple(sc.actions.staging.moves), tuple(sc.actions.staging.sale), held,
               tuple(sc.actions.geography) if sc.actions.geography is not None else None,
               sc.session.human_to_move, sc.logpanel.unfolded,
               tuple(sorted(self.button_states().items())), lit)
        if key == self._key and sc.session.state is self._state:
            return
        self._key, self._state = key, sc.session.state
        holding = held is not None
        if holding:
            items = self._targets()
        elif sc.actions.geography is not None:
            items = self._geography() + self._buttons()
        else:
            items = self._lit_first(self._pieces() + self._buttons())
        before = self.focus.current
        self.focus.set_items(items)
        if self._dropped and not holding and lit:
            # a drop made: the focus goes to what the table lights next (the lesson's
            # next marker, the second good of a sale), not the ship builder beside it
            self._dropped = False
            self._to_lit()
            return
        if holding != self._was_holding:
            self._was_holding = holding
            if holding:
                self._land_near(before.rect if before is not None else None)
            elif self._picked is not None and any(i.key == self._picked for i in items):
                self.focus.focus(self._picked)  # put back: the focus is where it was
                self._picked = None
        elif before is not None and self.focus.key != before.key:
            self._land_near(before.rect)  # what had the focus is gone: its neighbour

    def _to_lit(self) -> None:
        """The ring, just shown, starts on what the table has lit (the lesson's next
        move, the Hint's): the marker to pick up, whose legal drops reach another lit
        zone, else anything lit."""
        sc = self.scene
        lit = [sc.layout.rect(z) for z in sc.view.lit if sc.layout.has(z)]
        if not lit:
            return
        touching = [item for item in self.focus.items
                    if any(item.rect.colliderect(r) for r in lit)]
        for item in touching:
            key = item.key
            if not (isinstance(key, tuple) and key[0] == "piece"):
                continue
            others = [r for r in lit if not item.rect.colliderect(r)]
            drops = drops_for(sc.session.state, key[1], sc.actions.staging)
            if any(sc.layout.rect(z).colliderect(r) for z in drops if sc.layout.has(z)
                   for r in others):
                self.focus.focus(key)
                return
        if touching:
            self.focus.focus(touching[0].key)

    def _lit_first(self, items: list[Focusable]) -> list[Focusable]:
        """Tab reaches first what the table lights (the lesson's move, the Hint's), in
        its own order, then the rest."""
        sc = self.scene
        lit = [sc.layout.rect(z) for z in sc.view.lit if sc.layout.has(z)]
        if not lit:
            return items
        first = [item for item in items if item.rect.collidelist(lit) != -1]
        return first + [item for item in items if item.rect.collidelist(lit) == -1]

    def _land_near(self, rect: pygame.Rect | None) -> None:
        """The focus to the focusable nearest ``rect`` (the marker just picked up, the
        space just dropped on), or the first."""
        items = self.focus.items
        if not items:
            return
        if rect is None:
            self.focus.focus(items[0].key)
            return
        cx, cy = rect.center

        def distance(item: Focusable) -> int:
            x, y = item.rect.center
            return (x - cx) ** 2 + (y - cy) ** 2

        self.focus.focus(min(items, key=distance).key)

    def _pieces(self) -> list[Focusable]:
        """The player's markers that may be picked up, the markers whose menu holds a
        free action, and the owned cards a click uses."""
        sc = self.scene
        self._press = {}
        if not sc.session.human_to_move:
            return []
        st, layout, staging = sc.session.state, sc.layout, sc.actions.staging
        found: dict[tuple, tuple[int, pygame.Rect, tuple[int, int]]] = {}
        for found_zone in layout.zones():
            z = Z.parse(found_zone.name)
            if z.kind not in PIECE_KINDS or (z.town is not None and z.town > st.size):
                continue  # (a town not in play in a three-player game has no spaces)
            pos = found_zone.rect.center
            piece = piece_at(st, staging, layout, pos)
            if piece is None:
                continue
            area = found_zone.rect.w * found_zone.rect.h
            if piece not in found or area < found[piece][0]:
                found[piece] = (area, found_zone.rect.copy(), pos)
        items = []
        for piece, (_, rect, pos) in found.items():
            box = piece_box(st, staging, layout, piece)  # a ship: round it as drawn
            if box is not None:
                rect, pos = box, box.center
            key = ("piece", piece)
            self._press[key] = pos
            items.append(Focusable(key, rect, partial(self.pick, key), radius=10))
        items.sort(key=_order)
        legal = sc.session.legal_steps()
        seat = st.active
        menus = []
        for kind, space in MENU_KINDS.items():
            # the banker (historian) a return takes back: the one on the smallest holding
            zone = space(seat, return_amount(st, seat, kind))
            if layout.has(zone) and menu_entries(st, legal, [zone]):
                menus.append(Focusable(zone, layout.rect(zone),
                                       partial(self.open_menu, zone), radius=8))
        cards = []
        for tech in ("bank-system", "geography", "map"):
            zone = Z.tech(tech)
            usable = st.has_tech(seat, tech) and (tech != "map" or st.map_pending)
            if usable and layout.has(zone):
                cards.append(Focusable(zone, layout.rect(zone),
                                       partial(self.click, zone), radius=10))
        return items + menus + cards

    def _targets(self) -> list[Focusable]:
        """While a marker is held: only the zones it may be dropped on."""
        sc = self.scene
        held = sc.drag.held
        assert held is not None
        items = []
        for zone in held.drops:
            if sc.layout.has(zone):
                items.append(Focusable(("drop", zone), sc.layout.rect(zone),
                                       partial(self.drop, zone), radius=10))
        items.sort(key=_order)
        return items

    def _geography(self) -> list[Focusable]:
        """Choosing for Geography: the player's markers on land, and the card (which
        sends the chosen ones)."""
        sc = self.scene
        st = sc.session.state
        items = []
        for space in st.land(st.active):
            zone = Z.space(space)
            if sc.layout.has(zone):
                items.append(Focusable(zone, sc.layout.rect(zone),
                                       partial(self.click, zone), radius=8))
        items.sort(key=_order)
        card = Z.tech("geography")
        items.append(Focusable(card, sc.layout.rect(card), lambda: self.click(card)))
        return items

    def _buttons(self) -> list[Focusable]:
        sc = self.scene
        states = self.button_states()
        items = []
        for b in STRIP:
            zone = Z.button(b)
            if sc.layout.has(zone) and states.get(zone, "normal") == "normal":
                items.append(Focusable(zone, sc.layout.rect(zone),
                                       partial(self.click, zone), radius=12))
        fold, notation = sc.logpanel.tabs()
        items.append(Focusable(("log", "fold"), fold, lambda: self.log_tab(0), radius=8))
        items.append(Focusable(("log", "notation"), notation, lambda: self.log_tab(1),
                               radius=8))
        for b in CORNER:
            zone = Z.button(b)
            if sc.layout.has(zone):
                items.append(Focusable(zone, sc.layout.rect(zone),
                                       partial(self.click, zone), radius=12))
        return items

    # ----- what the keys do: the mouse's own path ---------------------------------------
    def pick(self, key: Hashable) -> None:
        """Pick the focused marker up, as a press of the mouse on it would."""
        pos = self._press.get(key)
        if pos is None:
            return
        self._picked = key
        self._out.append(Gesture("press", pos))
        self._after = ("pick", (0, 0), None)

    def drop(self, zone: str) -> None:
        """Drop the held marker on ``zone``, as a release of the mouse over it would
        (the same drop, the same step)."""
        sc = self.scene
        held = sc.drag.held
        if held is None:
            return
        point = self._point_in(zone, set(held.drops))
        if point is None:
            return
        staged = (len(sc.actions.staging.moves), len(sc.actions.staging.sale))
        self._picked = None
        self._out.append(Gesture("release", point))
        self._after = ("drop", staged, sc.layout.rect(zone))

    def settle(self) -> list[Command]:
        """After the scene has carried out what a key came to: the focus follows a
        marker picked up (floating it over the focused target), or goes on from a drop
        (to Set sail or Sell once something is staged, else near where it fell)."""
        after, self._after = self._after, None
        self.refresh()
        if after is None:
            return []
        sc = self.scene
        kind, staged, target = after
        if kind == "pick":
            return self._follow()
        self._dropped = True
        self.refresh()
        if (len(sc.actions.staging.moves), len(sc.actions.staging.sale)) != staged:
            # staged: Set sail or Sell is what comes next (Tab goes on to the markers)
            button = Z.button("sail" if sc.actions.staging.moves else "sell")
            self.focus.focus(button)
        else:
            self._land_near(target)
        return []

    def _point_in(self, zone: str, among: set[str]) -> tuple[int, int] | None:
        """A point of ``zone`` where it is the drop zone found under the pointer."""
        layout = self.scene.layout
        rect = layout.rect(zone)
        points = [rect.center]
        for fx in (0.25, 0.5, 0.75, 0.1, 0.9):
            for fy in (0.25, 0.5, 0.75, 0.1, 0.9):
                points.append((rect.x + round(rect.w * fx), rect.y + round(rect.h * fy)))
        for point in points:
            if layout.zone_at(point, among) == zone:
                return point
        return None

    def click(self, zone: str) -> None:
        """A click on a button or a card: a press and a release on it."""
        sc = self.scene
        if not sc.layout.has(zone):
            return
        pos = sc.layout.rect(zone).center
        self._out += [Gesture("press", pos), Gesture("release", pos)]

    def log_tab(self, which: int) -> None:
        tab = self.scene.logpanel.tabs()[which]
        self.scene.logpanel.click(tab.center)

    def open_menu(self, zone: str | None = None) -> None:
        """R: the right-click menu of the focused marker, driven by the keys."""
        sc = self.scene
        if zone is None:
            current = self.focus.current
            if current is None:
                return
            pos = self._press.get(current.key, current.rect.center)
        else:
            pos = sc.layout.rect(zone).center
        self._out.append(Gesture("menu", pos))  # (the router says when there is none)

    def _follow(self) -> list[Command]:
        """The held marker floats over the focused target, lit as under the mouse."""
        sc = self.scene
        current = self.focus.current
        if sc.drag.holding and current is not None and isinstance(current.key, tuple) \
                and current.key[0] == "drop":
            zone = current.key[1]
            point = self._point_in(zone, set(sc.drag.held.drops)) if sc.drag.held else None
            if point is not None:
                return [Float(point)]
        return []

    # ----- keys --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> list[Command] | None:
        """What a key at the table comes to, when it is the keyboard model's (None: it
        is not; the table's own keys, Esc, Ctrl+Z, H, F1, M, get the rest)."""
        self._out = []
        if not self._handle(event):
            return None
        out, self._out = self._out, []
        return out

    def _handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        sc = self.scene
        key = event.key
        mods = getattr(event, "mod", 0)
        if mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        self.refresh()
        if key == pygame.K_TAB or key in ARROWS:
            shown = self.focus.visible
            self.focus.handle(event)  # (the first key only shows where the focus is)
            if not shown:
                self._to_lit()
            self._out += self._follow()
            self.rest = 0.0
            self.tip_waits = False
            self._dropped = False
            return True
        if key == pygame.K_SPACE or (key in ENTER_KEYS and self.focus.visible):
            if not self.focus.visible:
                self.focus.visible = True
                return True
            self.focus.activate()
            self.refresh()
            return True
        if key in ENTER_KEYS:
            return False  # no ring: Enter is Set sail, Sell or Done, as it always was
        menu = (key == pygame.K_r and not mods & pygame.KMOD_SHIFT) or key == pygame.K_MENU or (
            key == pygame.K_F10 and bool(mods & pygame.KMOD_SHIFT))
        if key == pygame.K_u and sc.drag.holding:
            self._out.append(Gesture("undo"))  # as Ctrl+Z: the held marker is put back first
            return True
        if key == pygame.K_z and self.focus.visible:
            current = self.focus.current  # Z: the focused card seen large
            if current is None:
                return False  # (the pointer's card, then)
            self._out.append(Gesture("zoom", current.rect.center))
            return True
        if menu or key in CARD_KEYS or key in BUTTON_KEYS or key == pygame.K_s:
            refused = self.refusal(key, menu)
            if refused is not None:
                said, values = refused
                self._out.append(Said.of(said, **values))
            elif menu:
                self.open_menu()
            elif key in CARD_KEYS:
                self.click(Z.tech(CARD_KEYS[key]))
            elif key == pygame.K_s:
                self.click(Z.button("sell" if sc.actions.staging.sale else "sail"))
            else:
                self.click(Z.button(BUTTON_KEYS[key]))
            return True
        if key == pygame.K_l:
            self.log_tab(0)
            return True
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            # the ship's log, a page older (Page Up) or newer, as the wheel scrolls it
            page = max(1, sc.logpanel.visible_rows - 1)
            sc.logpanel.scroll_by(page if key == pygame.K_PAGEUP else -page)
            return True
        return False

    def refusal(self, key: int, menu: bool) -> tuple[str, dict[str, object]] | None:
        """Why a table key (R, B, G, S, D, E, U) cannot act now, as the status line's
        sentence and its values; None when it can. A key is never swallowed without a
        word: the player would be left looking at a greyed button."""
        sc = self.scene
        st = sc.session.state
        if sc.drag.holding:
            return "status.key.put_down", {}
        if not sc.session.human_to_move:
            return "status.key.not_your_turn", {"name": st.names[st.active]}
        if menu:
            return None
        if key in CARD_KEYS:
            tech = CARD_KEYS[key]
            if not st.has_tech(st.active, tech):
                return "status.key.not_owned", {"tech": t(f"tech.{tech}")}
            return None
        states = self.button_states()
        if key == pygame.K_s:
            button = "sell" if sc.actions.staging.sale else "sail"
            if states.get(Z.button(button)) == "disabled":
                return f"status.nothing_staged.{button}", {}
            return None
        button = BUTTON_KEYS[key]
        if states.get(Z.button(button)) != "disabled":
            return None
        if sc.actions.button_states().get(Z.button(button)) != "disabled":
            return None  # only the lesson holds it back: pressed, the lesson says why
        return {"done": ("status.key.done_not_now", {}),
                "end_turn": ("status.key.end_not_now", {}),
                "undo": ("status.key.nothing_to_undo", {})}[button]

    def mouse(self) -> None:
        """A click: the ring hides until a key is pressed again."""
        self.focus.visible = False

    # ----- time and drawing --------------------------------------------------------------
    def update(self, dt: float) -> None:
        key = self.focus.key
        if key != self._rested_on:
            self._rested_on = key
            self.rest = 0.0
        else:
            self.rest += dt

    def hold_tip(self) -> None:
        """The game changed: the focused thing's tooltip goes until the focus moves."""
        self.tip_waits = True

    def draw(self, surface: gfx.Canvas) -> None:
        """The ring, while the keyboard leads."""
        if not self.focus.visible:
            return
        self.refresh()
        self.focus.draw(surface)

    def tooltip_box(self, avoid: Sequence[pygame.Rect]) -> tuple[gfx.Canvas, pygame.Rect] | None:
        """After a rest, the focused thing's tooltip and where it goes: beside the ring,
        off the focused thing and off ``avoid`` (what the player must read next), as the
        mouse's would be placed."""
        current = self.focus.current
        if (not self.focus.visible or current is None or self.rest < DELAY or self.tip_waits
                or self.scene.drag.holding):
            return None
        lines = self.tooltip(current)
        if not lines:
            return None
        image = tooltip_image(lines)
        anchor = current.rect.inflate(2 * FOCUS_GAP, 2 * FOCUS_GAP)
        return image, place_tooltip(image, anchor, self.scene.layout.size, avoid)

    def tooltip(self, item: Focusable) -> Lines | None:
        sc = self.scene
        if isinstance(item.key, tuple) and item.key[0] == "log":
            return None
        pos = self._press.get(item.key, item.rect.center)
        return tooltip_lines(sc.session.state, sc.layout, pos, sc.actions.facts(), sc.logpanel)


__all__ = ["KeysHost", "TableKeys"]
