"""The table's input router: every mouse event and shortcut key, turned into intents.

A press picks a marker up (lighting the zones the engine would take it on), a release
drops it (one intent: ``Put``). A marker can be moved without holding a button down,
too: a click on it (a press and a release without the pointer leaving it) keeps it in
the hand, following the pointer, and the next click drops it on a lit zone (a click
anywhere else says why not and keeps it; a click on it again, a right click or Esc puts
it back). Both ways make the same ``Put``. A click on a button or a card is a ``Press`` or a
``Click``, a right click opens the free returns' menu (or, on a card without one, the
card seen large: ``zoom``, as Z does), and the shortcuts (Ctrl+Z, H, M, F1, Enter,
Esc) are intents too. The keyboard's own model (focus ring, Tab, the
arrows) lives in ``keyboard`` and goes through the same press and release as the
mouse. The router owns the pointer's state (where it is, what is under it, what was
pressed); everything it decides reaches the game as an intent handed to the table,
whose results the table presents.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

import pygame

from game.state import State
from scenes.core import zones as Z
from scenes.core.intents import Cancel, Click, Confirm, Press, Result, Said, Status, TakeBack
from scenes.core.layout import Layout
from scenes.core.navigator import Screen
from scenes.core.scene import Host, SceneStack
from scenes.core.session import GameSession, OnlineTable
from scenes.table.actions import GAME_BUTTONS, Put, TableActions, TableIntent
from scenes.table.chat import ChatBox
from scenes.table.drag import Drag, piece_at
from scenes.table.keyboard import TableKeys
from scenes.table.modes import FreePlay
from scenes.table.targets import Staging
from scenes.table.viewer import TableViewer
from scenes.table.zoom import CardZoom, card_at
from scenes.ui.overlays import ContextMenu

BUTTON_ZONES = Z.BUTTONS
#: How far (logical units) the pointer may wander while the button is down on a marker
#: for the press and release still to be a click (the marker stays in the hand): a
#: trembling hand moves a little; within ``WANDER`` it may, as long as it comes up over
#: the marker. A drag that went farther and came back puts the marker back, as ever.
CLICK_SLOP = 16
WANDER = 48


class InputHost(Protocol):
    """What the router needs of the table (the ``TableScene``, which imports this)."""

    session: GameSession
    online: OnlineTable | None
    layout: Layout
    drag: Drag
    actions: TableActions
    viewer: TableViewer
    keys: TableKeys
    mode: FreePlay
    stack: SceneStack | None
    app: Host | None

    @property
    def state(self) -> State: ...

    @property
    def staging(self) -> Staging: ...

    @property
    def palette(self) -> str: ...

    def act(self, intent: TableIntent) -> None: ...

    def present(self, results: list[Result]) -> None: ...

    def say(self, key: str, /, **values: object) -> None: ...

    def show_hint(self) -> None: ...

    def open_menu(self) -> None: ...

    def open(self, screen: str, /, **kwargs: object) -> None: ...



class TableInput:
    """Mouse and shortcut keys at the table, as intents."""

    def __init__(self, table: InputHost) -> None:
        self.table = table
        #: The button or drop zone under the pointer (drawn lit over the base picture).
        self.hover: str | None = None
        #: The zone the mouse went down on (a click is a press and a release on it).
        self.pressed: str | None = None
        #: After an overlay (the hand-off above all): no tooltip until the pointer moves,
        #: so the last player's tooltip never waits over the next player's board.
        self.tip_waits = False
        #: After a click or a drop: the zone it was on, where no tooltip opens until the
        #: pointer has left it (a button's tooltip never answers the click that pressed
        #: it with advice for the button it has just disabled).
        self.tip_zone: str | None = None
        #: Where the mouse went down on the marker it picked up (None: no marker was
        #: picked up by this press), and how far it has wandered since.
        self.lifted_at: tuple[int, int] | None = None
        self.travel = 0.0
        #: The release after a click that dropped (or put back) a marker is no click.
        self.swallow_release = False

    def handle(self, event: pygame.event.Event) -> bool:
        tb = self.table
        logpanel = tb.viewer.logpanel
        if event.type == pygame.MOUSEMOTION:
            self.motion(event.pos)
            return True
        if event.type == pygame.MOUSEWHEEL:
            if logpanel.contains(tb.viewer.pointer):
                logpanel.wheel(event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (4, 5):  # an old-style wheel
                return True
            tb.viewer.skip()  # input never meets a half-played step
            tb.viewer.rest = 0.0
            self.hold_tip(event.pos)
            tb.keys.mouse()
            if tb.drag.holding and event.button == 1:
                self.click_holding(event.pos)  # (over the log too: a marker is in hand)
                return True
            if logpanel.contains(event.pos) and event.button == 1:
                if not logpanel.click(event.pos) and not logpanel.unfolded:
                    self.press(event.pos)  # the Rules / Menu buttons under the log
                return True
            if event.button == 1:
                self.press(event.pos)
                self.lifted_at = event.pos if tb.drag.holding else None
                self.travel = 0.0
            elif event.button == 3:
                if tb.drag.holding:
                    self.cancel_drag()  # a right click puts the marker in hand back
                else:
                    self.right_click(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.swallow_release:
                self.swallow_release = False
                self.pressed = None
            elif self.lifted_at is not None and self.clicked(event.pos):
                self.lifted_at = None
                self.pressed = None
                self.tip_waits = True
                tb.say("status.pick.click")  # it stays in the hand: click where it goes
            else:
                self.lifted_at = None
                self.release(event.pos)
            return True
        if event.type == pygame.KEYDOWN:
            tb.viewer.skip()
            return tb.keys.handle(event) or self.key(event)
        return False

    # ----- the mouse -------------------------------------------------------------------
    def hold_tip(self, pos: tuple[int, int] | None = None) -> None:
        """No tooltip until the pointer moves (off the zone at ``pos``, when given; a
        hold already waiting keeps its zone)."""
        if pos is not None:
            self.tip_zone = self.table.layout.zone_at(pos)
        elif not self.tip_waits:
            self.tip_zone = None
        self.tip_waits = True

    def motion(self, pos: tuple[int, int]) -> None:
        tb = self.table
        if tb.viewer.point(pos) and (self.tip_zone is None
                                     or tb.layout.zone_at(pos) != self.tip_zone):
            self.tip_waits = False
            self.tip_zone = None
        if self.lifted_at is not None:
            x, y = self.lifted_at
            self.travel = max(self.travel, ((pos[0] - x) ** 2 + (pos[1] - y) ** 2) ** 0.5)
        if tb.drag.holding:
            self.hover = tb.drag.move(pos)
        elif tb.viewer.logpanel.unfolded and tb.viewer.logpanel.contains(pos):
            self.hover = None
        else:
            self.hover = tb.layout.zone_at(pos, set(BUTTON_ZONES))

    def press(self, pos: tuple[int, int]) -> None:
        tb = self.table
        view = tb.viewer.view
        if tb.drag.holding:
            tb.drag.cancel()  # picked up by a key: the mouse takes over from here
            view.lit = set()
        tb.drag.finish_slides()
        if view.lit and not tb.drag.holding and tb.actions.geography is None:
            view.lit = set()  # a hint shown stays until the next click
        zone = tb.layout.zone_at(pos)
        self.pressed = zone
        if zone in BUTTON_ZONES or not tb.session.human_to_move:
            return
        if tb.online is not None and not tb.online.connected:  # drags wait while out of reach
            tb.say("status.online.away")
            return
        if tb.actions.geography is not None:
            return  # clicks choose markers; handled on release
        piece = piece_at(tb.state, tb.staging, tb.layout, pos)
        if piece is not None:
            held = tb.drag.pick(tb.state, tb.staging, piece, pos, tb.palette)
            held.drops = tb.mode.drops(held.drops, tb.staging)
            tb.viewer.cue("pickup")
            view.lit = set(held.drops)
            tb.say("status.pick" if held.drops else "status.pick.none")

    def clicked(self, pos: tuple[int, int]) -> bool:
        """Whether the button came up from a click on the marker just picked up, not a
        drag: no lit zone under the pointer, and the pointer still on the marker (or
        never far from where it went down)."""
        tb = self.table
        held = tb.drag.held
        if held is None or tb.layout.zone_at(pos, set(held.drops)) is not None:
            return False
        assert self.lifted_at is not None
        x, y = self.lifted_at
        travel = max(self.travel, ((pos[0] - x) ** 2 + (pos[1] - y) ** 2) ** 0.5)
        if travel <= CLICK_SLOP:
            return True
        here = tb.layout.zones_at(pos)
        return travel <= WANDER and bool(here) and here[0] in tb.layout.zones_at(held.origin)

    def click_holding(self, pos: tuple[int, int]) -> None:
        """A click while a marker is in the hand (picked up by a click or a key): on a
        lit zone it drops there; on the marker's own place it puts it back; on another
        of the player's markers it takes that one instead; on a button it puts the
        marker back and presses the button (Undo only puts it back); anywhere else the
        status line says why not, and the marker stays in the hand."""
        tb = self.table
        held = tb.drag.held
        assert held is not None
        self.lifted_at = None
        if tb.layout.zone_at(pos, set(held.drops)) is not None:
            self.swallow_release = True
            self.drop(pos)
            return
        here = tb.layout.zones_at(pos)
        zone = tb.layout.zone_at(pos)
        if here and here[0] in tb.layout.zones_at(held.origin):
            self.swallow_release = True
            self.cancel_drag()
            return
        if zone in BUTTON_ZONES:
            self.cancel_drag()
            if zone == Z.button("undo"):
                self.swallow_release = True
            else:
                self.press(pos)  # the button's own click, on release
            return
        if piece_at(tb.state, tb.staging, tb.layout, pos) is not None:
            self.cancel_drag()
            self.press(pos)  # the other marker, picked up as by any press
            self.lifted_at = pos if tb.drag.holding else None
            self.travel = 0.0
            return
        self.swallow_release = True
        reason = tb.drag.refusal_at(tb.state, tb.staging, held, pos)
        tb.viewer.cue("refuse")
        if reason is None:  # a legal place the lesson does not want: its word, else ours
            said = tb.mode.dropped_elsewhere(tb.layout, held.origin, pos, None)
            tb.present(said or [Said.of("status.nowhere.held")])
            return
        self.say_why(reason, held=True)
        tb.present(tb.mode.dropped_elsewhere(tb.layout, held.origin, pos, reason))

    def say_why(self, reason: str, held: bool) -> None:
        """The status line's word for a drop refused (``held``: by a click, the marker
        still in the hand, so the sentence says how to go on)."""
        tb = self.table
        if reason == "nowhere":
            tb.say("status.nowhere.held" if held else "status.nowhere")
        elif reason == "staging":
            tb.say("status.staging")
        elif held:
            tb.say("status.refused.held", reason=reason)
        else:
            tb.say("status.refused", reason=reason)

    def release(self, pos: tuple[int, int]) -> None:
        tb = self.table
        pressed, self.pressed = self.pressed, None
        if tb.drag.holding:
            self.drop(pos)
            return
        zone = tb.layout.zone_at(pos)
        if zone is None or zone != pressed:
            return
        if zone in BUTTON_ZONES:
            self.press_button(zone)
        elif tb.session.human_to_move:
            tb.act(Click(zone))

    def drop(self, pos: tuple[int, int]) -> None:
        tb = self.table
        tb.viewer.view.lit = set()
        self.hover = None
        self.hold_tip(pos)  # no tooltip right after a drop: the result is read first
        held, drop = tb.drag.release(pos)
        if drop is not None:
            tb.viewer.cue("drop")
            tb.act(Put(drop))
            return
        reason = tb.drag.refusal_at(tb.state, tb.staging, held, pos)
        tb.viewer.cue("drop" if reason is None else "refuse")
        if reason is None:
            tb.act(Status(staged=True))  # dropped back where it was: nothing to say
        else:
            self.say_why(reason, held=False)
        tb.present(tb.mode.dropped_elsewhere(tb.layout, held.origin, pos, reason))

    def cancel_drag(self) -> None:
        tb = self.table
        tb.drag.cancel()
        tb.viewer.cue("drop")
        tb.viewer.view.lit = set()
        tb.act(Status(staged=True))

    def right_click(self, pos: tuple[int, int], keyboard: bool = False) -> None:
        """Free returns (and technology uses) in a menu at the pointer (R at the focused
        marker: the same menu, driven by the keys); a card with no menu there (a town,
        a technology) is seen large instead, at any turn."""
        tb = self.table
        if tb.drag.holding or tb.stack is None:
            return
        entries = tb.actions.menu(tb.layout.zones_at(pos)) if tb.session.human_to_move else []
        if isinstance(entries, Said):
            tb.present([entries])
        elif entries:
            items: list[tuple[str, Callable[[], object]]] = [
                (label, partial(tb.act, intent)) for label, intent in entries]
            tb.stack.push(ContextMenu(pos, items, keyboard=keyboard))
        elif not keyboard:
            self.zoom(pos)

    def zoom(self, pos: tuple[int, int]) -> bool:
        """The card at ``pos`` seen large (``zoom.CardZoom``); False when none is there."""
        tb = self.table
        card = card_at(tb.layout, tb.state, pos)
        if card is None or tb.stack is None:
            return False
        tb.stack.push(CardZoom(card, tb.state, tb.palette))
        return True

    def zoom_key(self) -> None:
        """Z: the card under the keyboard's focus (while its ring shows), else under the
        pointer, seen large; where there is none, the status line says how."""
        tb = self.table
        focus = tb.keys.focus.current if tb.keys.showing else None
        pos = focus.rect.center if focus is not None else tb.viewer.pointer
        if not tb.drag.holding and self.zoom(pos):
            return
        tb.say("status.zoom.none")

    def press_button(self, zone: str) -> None:
        tb = self.table
        if zone == Z.button("menu"):
            tb.open_menu()
        elif zone == Z.button("rules"):
            tb.open(Screen.RULES)
        elif zone == Z.button("hint"):
            tb.show_hint()
        elif zone == Z.button("undo"):
            if tb.session.human_to_move:
                self.undo()
        elif zone in GAME_BUTTONS:
            tb.act(Press(zone))

    def undo(self) -> None:
        """Undo puts a held marker back first; then the actions take a step back."""
        if self.table.drag.holding:
            self.cancel_drag()
            return
        self.table.act(TakeBack())

    def chat(self) -> None:
        """C at an online table: a line for the other players."""
        tb = self.table
        if tb.stack is None:
            return

        def send(text: str) -> None:
            refused = tb.online.send_chat(text) if tb.online is not None else None
            if refused is not None:
                tb.say(refused.key, **refused.values)

        tb.stack.push(ChatBox(send))

    # ----- shortcut keys ---------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> bool:
        """The table's shortcuts the keyboard model left (True when one was)."""
        tb = self.table
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_z and ctrl:
            self.undo()
        elif event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
            tb.open(Screen.RULES)
        elif event.key == pygame.K_h and not ctrl:
            tb.show_hint()
        elif event.key == pygame.K_m and not ctrl:
            if tb.app is not None:  # M: every sound off, or back on (remembered)
                tb.say("status.sound_off" if tb.app.toggle_mute() else "status.sound_on")
        elif event.key == pygame.K_c and not ctrl and tb.online is not None:
            self.chat()
        elif event.key == pygame.K_z and not ctrl:
            self.zoom_key()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            tb.act(Confirm())
        elif event.key == pygame.K_ESCAPE:
            if tb.drag.holding:
                self.cancel_drag()
            elif tb.actions.geography is not None:
                tb.act(Cancel())
            elif tb.viewer.logpanel.unfolded:
                tb.viewer.logpanel.unfolded = False
            else:
                tb.open_menu()
        else:
            return False
        return True


__all__ = ["InputHost", "TableInput"]
