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
pressed) and drives the hand (``drag``). It calls nothing above it and writes no
other part's state: ``handle`` returns what it decided, in order, as values (intents
for the game, sentences and lit zones to show, and the screen commands of
``commands``: a sound, an overlay, another screen), and the scene carries them out.
The keyboard reaches this same path through ``gesture``, handed to it by the scene.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from scenes.core import zones as Z
from scenes.core.intents import Cancel, Click, Confirm, Lit, Press, Said, Status, TakeBack
from scenes.core.layout import Layout
from scenes.core.navigator import Screen
from scenes.core.session import GameSession, OnlineTable
from scenes.table.actions import GAME_BUTTONS, Put, TableActions
from scenes.table.commands import (
    Command,
    Cue,
    Gesture,
    OpenChat,
    OpenPause,
    OpenScreen,
    Pointer,
    Settle,
    ShowCard,
    ShowHint,
    ShowMenu,
    ToggleSound,
)
from scenes.table.drag import Drag, piece_at
from scenes.table.draw import TableView
from scenes.table.logpanel import LogPanel
from scenes.table.modes import FreePlay
from scenes.table.zoom import card_at
from scenes.text.keynames import key_of

BUTTON_ZONES = Z.BUTTONS
#: How far (logical units) the pointer may wander while the button is down on a marker
#: for the press and release still to be a click (the marker stays in the hand): a
#: trembling hand moves a little; within ``WANDER`` it may, as long as it comes up over
#: the marker. A drag that went farther and came back puts the marker back, as ever.
CLICK_SLOP = 16
WANDER = 48


class InputHost(Protocol):
    """What the router reads of the table (the ``TableScene``, which imports this),
    and the hand it drives: plain parts, no method of the scene (the game's state is
    the session's, the staging the actions', the palette the view's)."""

    session: GameSession
    online: OnlineTable | None
    layout: Layout
    drag: Drag
    actions: TableActions
    logpanel: LogPanel
    view: TableView
    mode: FreePlay


class TableInput:
    """Mouse and shortcut keys at the table, as intents and screen commands."""

    def __init__(self, table: InputHost) -> None:
        self.table = table
        #: The button or drop zone under the pointer (drawn lit over the base picture).
        self.hover: str | None = None
        #: Where the pointer was last seen (off the table until it moves).
        self.pointer: tuple[int, int] = (-100, -100)
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
        #: What the event being handled comes to, in order (``handle`` returns it).
        self._out: list[Command] = []

    def _say(self, key: str, /, **values: object) -> None:
        self._out.append(Said.of(key, **values))

    def _take(self) -> list[Command]:
        out, self._out = self._out, []
        return out

    def handle(self, event: pygame.event.Event) -> list[Command] | None:
        """What a mouse event comes to, in order (None: the event is not the
        router's; keys are the keyboard's first, then ``key``'s)."""
        if event.type == pygame.MOUSEMOTION:
            self.motion(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            logpanel = self.table.logpanel
            if logpanel.contains(self.pointer):
                logpanel.wheel(event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button not in (4, 5):  # (an old-style wheel does nothing)
                self.button_down(event.pos, event.button)
        elif event.type == pygame.MOUSEBUTTONUP:
            if event.button == 1:
                self.button_up(event.pos)
        else:
            return None
        return self._take()

    def gesture(self, gesture: Gesture) -> list[Command]:
        """The mouse's path taken by a key (``keyboard``), as a press, a release, a
        right click, a look at a card, or Undo there."""
        pos = gesture.pos
        if gesture.kind == "press":
            self.press(pos)
        elif gesture.kind == "release":
            self.release(pos)
        elif gesture.kind == "menu":
            self.right_click(pos, keyboard=True)
        elif gesture.kind == "zoom":
            self.zoom_key(pos)
        else:
            self.undo()
        return self._take()

    # ----- the mouse -------------------------------------------------------------------
    def button_down(self, pos: tuple[int, int], button: int) -> None:
        tb = self.table
        logpanel = tb.logpanel
        self._out.append(Settle())  # input never meets a half-played step
        self.hold_tip(pos)
        if tb.drag.holding and button == 1:
            self.click_holding(pos)  # (over the log too: a marker is in hand)
            return
        if logpanel.contains(pos) and button == 1:
            if not logpanel.click(pos) and not logpanel.unfolded:
                self.press(pos)  # the Rules / Menu buttons under the log
            return
        if button == 1:
            self.press(pos)
            self.lifted_at = pos if tb.drag.holding else None
            self.travel = 0.0
        elif button == 3:
            if tb.drag.holding:
                self.cancel_drag()  # a right click puts the marker in hand back
            else:
                self.right_click(pos)

    def button_up(self, pos: tuple[int, int]) -> None:
        if self.swallow_release:
            self.swallow_release = False
            self.pressed = None
        elif self.lifted_at is not None and self.clicked(pos):
            self.lifted_at = None
            self.pressed = None
            self.tip_waits = True
            self._say("status.pick.click")  # it stays in the hand: click where it goes
        else:
            self.lifted_at = None
            self.release(pos)

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
        moved, self.pointer = pos != self.pointer, pos
        self._out.append(Pointer(pos))
        if moved and (self.tip_zone is None or tb.layout.zone_at(pos) != self.tip_zone):
            self.tip_waits = False
            self.tip_zone = None
        if self.lifted_at is not None:
            x, y = self.lifted_at
            self.travel = max(self.travel, ((pos[0] - x) ** 2 + (pos[1] - y) ** 2) ** 0.5)
        if tb.drag.holding:
            self.hover = tb.drag.move(pos)
        elif tb.logpanel.unfolded and tb.logpanel.contains(pos):
            self.hover = None
        else:
            self.hover = tb.layout.zone_at(pos, set(BUTTON_ZONES))

    def float(self, pos: tuple[int, int]) -> None:
        """The held marker over ``pos`` (the keyboard's focused target), lit as under
        the mouse."""
        self.hover = self.table.drag.move(pos)

    def press(self, pos: tuple[int, int]) -> None:
        tb = self.table
        lit = bool(tb.view.lit)
        if tb.drag.holding:
            tb.drag.cancel()  # picked up by a key: the mouse takes over from here
            self._out.append(Lit())
            lit = False
        tb.drag.finish_slides()
        if lit and not tb.drag.holding and tb.actions.geography is None:
            self._out.append(Lit())  # a hint shown stays until the next click
        zone = tb.layout.zone_at(pos)
        self.pressed = zone
        if zone in BUTTON_ZONES or not tb.session.human_to_move:
            return
        if tb.online is not None and not tb.online.connected:  # drags wait while out of reach
            self._say("status.online.away")
            return
        if tb.actions.geography is not None:
            return  # clicks choose markers; handled on release
        piece = piece_at(tb.session.state, tb.actions.staging, tb.layout, pos)
        if piece is not None:
            held = tb.drag.pick(tb.session.state, tb.actions.staging, piece, pos, tb.view.palette)
            held.drops = tb.mode.drops(held.drops, tb.actions.staging)
            self._out += [Cue(("pickup",)), Lit(frozenset(held.drops))]
            self._say("status.pick" if held.drops else "status.pick.none")

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
        if piece_at(tb.session.state, tb.actions.staging, tb.layout, pos) is not None:
            self.cancel_drag()
            self.press(pos)  # the other marker, picked up as by any press
            self.lifted_at = pos if tb.drag.holding else None
            self.travel = 0.0
            return
        self.swallow_release = True
        reason = tb.drag.refusal_at(tb.session.state, tb.actions.staging, held, pos)
        self._out.append(Cue(("refuse",)))
        if reason is None:  # a legal place the lesson does not want: its word, else ours
            said = tb.mode.dropped_elsewhere(tb.layout, held.origin, pos, None)
            self._out += said or [Said.of("status.nowhere.held")]
            return
        self.say_why(reason, held=True)
        self._out += tb.mode.dropped_elsewhere(tb.layout, held.origin, pos, reason)

    def say_why(self, reason: str, held: bool) -> None:
        """The status line's word for a drop refused (``held``: by a click, the marker
        still in the hand, so the sentence says how to go on)."""
        if reason == "nowhere":
            self._say("status.nowhere.held" if held else "status.nowhere")
        elif reason == "staging":
            self._say("status.staging")
        elif held:
            self._say("status.refused.held", reason=reason)
        else:
            self._say("status.refused", reason=reason)

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
            self._out.append(Click(zone))

    def drop(self, pos: tuple[int, int]) -> None:
        tb = self.table
        self._out.append(Lit())
        self.hover = None
        self.hold_tip(pos)  # no tooltip right after a drop: the result is read first
        held, drop = tb.drag.release(pos)
        if drop is not None:
            self._out += [Cue(("drop",)), Put(drop)]
            return
        reason = tb.drag.refusal_at(tb.session.state, tb.actions.staging, held, pos)
        self._out.append(Cue(("drop" if reason is None else "refuse",)))
        if reason is None:
            self._out.append(Status(staged=True))  # dropped back where it was: nothing to say
        else:
            self.say_why(reason, held=False)
        self._out += tb.mode.dropped_elsewhere(tb.layout, held.origin, pos, reason)

    def cancel_drag(self) -> None:
        self.table.drag.cancel()
        self._out += [Cue(("drop",)), Lit(), Status(staged=True)]

    def right_click(self, pos: tuple[int, int], keyboard: bool = False) -> None:
        """Free returns (and technology uses) in a menu at the pointer (R at the focused
        marker: the same menu, driven by the keys); a card with no menu there (a town,
        a technology) is seen large instead, at any turn. A key that finds no menu
        says so."""
        tb = self.table
        if tb.drag.holding:
            return
        entries = tb.actions.menu(tb.layout.zones_at(pos)) if tb.session.human_to_move else []
        if isinstance(entries, Said):
            self._out.append(entries)
        elif entries:
            self._out.append(ShowMenu(pos, tuple(entries), keyboard=keyboard))
            return
        elif not keyboard:
            self.zoom(pos)
            return
        if keyboard:
            self._say("status.key.no_menu", key=key_of("free_actions"))

    def zoom(self, pos: tuple[int, int]) -> bool:
        """The card at ``pos`` seen large (``zoom.CardZoom``); False when none is there."""
        card = card_at(self.table.layout, self.table.session.state, pos)
        if card is None:
            return False
        self._out.append(ShowCard(card))
        return True

    def zoom_key(self, pos: tuple[int, int] | None = None) -> None:
        """Z: the card at ``pos`` (the keyboard's focus, while its ring shows), else
        under the pointer, seen large; where there is none, the status line says how."""
        if not self.table.drag.holding and self.zoom(pos or self.pointer):
            return
        self._say("status.zoom.none")

    def press_button(self, zone: str) -> None:
        if zone == Z.button("menu"):
            self._out.append(OpenPause())
        elif zone == Z.button("rules"):
            self._out.append(OpenScreen(Screen.RULES))
        elif zone == Z.button("hint"):
            self._out.append(ShowHint())
        elif zone == Z.button("undo"):
            if self.table.session.human_to_move:
                self.undo()
        elif zone in GAME_BUTTONS:
            self._out.append(Press(zone))

    def undo(self) -> None:
        """Undo puts a held marker back first; then the actions take a step back."""
        if self.table.drag.holding:
            self.cancel_drag()
            return
        self._out.append(TakeBack())

    # ----- shortcut keys ---------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> list[Command] | None:
        """The table's shortcuts the keyboard model left, as commands (None: not one)."""
        tb = self.table
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_z and ctrl:
            self.undo()
        elif event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
            self._out.append(OpenScreen(Screen.RULES))
        elif event.key == pygame.K_h and not ctrl:
            self._out.append(ShowHint())
        elif event.key == pygame.K_m and not ctrl:
            self._out.append(ToggleSound())
        elif event.key == pygame.K_c and not ctrl and tb.online is not None:
            self._out.append(OpenChat())
        elif event.key == pygame.K_z and not ctrl:
            self.zoom_key()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._out.append(Confirm())
        elif event.key == pygame.K_ESCAPE:
            if tb.drag.holding:
                self.cancel_drag()
            elif tb.actions.geography is not None:
                self._out.append(Cancel())
            elif tb.logpanel.unfolded:
                tb.logpanel.unfolded = False
            else:
                self._out.append(OpenPause())
        else:
            return None
        return self._take()


__all__ = ["InputHost", "TableInput"]
