"""Reviewing a game: the table at any step, and what the expert player would have done.

The review draws the states of a game (``Session.states``) with the table's own
renderer, one at a time: the position after step *n* of the record, 0 being the deal.
Stepping forward plays that step's film (the same one the table played), stepping
back plays it backwards; a jump (by turn, with the slider, from the log) shows the
position at once. The ship's log holds the whole game: the step just reviewed is lit,
the steps still to come are dimmed, and a click on a line goes to that step.

For the position shown, the expert computer player's choice is asked in the background
(``scenes.core.review.Adviser``) and shown in the status line, in notation and in
words, and lit on the table; the window never waits for it.

The strip under the towns holds the controls (previous turn, step back, step forward,
next turn, and a slider over every step); the keys do the same: ← →, Page Up/Down or
Shift+← →, Home, End; Esc leaves for the screen the review came from (the scoring
screen or the title). A review only reads the session: it never submits a step, so
the record and the autosave are never written.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules import apply
from game.state import State
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.gfx import draw
from scenes.core.layout import Layout, table_layout
from scenes.core.navigator import Screen
from scenes.core.review import Adviser, Cursor
from scenes.core.scene import Scene
from scenes.core.session import Session, recorded
from scenes.table.draw import BUTTONS
from scenes.table.hints import step_zones
from scenes.table.render import Picture
from scenes.table.targets import Staging
from scenes.table.tooltips import TableFacts, tooltip_lines
from scenes.table.viewer import TableViewer
from scenes.text.catalog import t
from scenes.text.fitting import fit_size
from scenes.text.fonts import blit_text
from scenes.text.keynames import key_of, with_shift
from scenes.text.narrate import narrate
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.focus import ACTIVATE_KEYS, Focus, Focusable
from scenes.ui.tooltip import DELAY, Lines
from scenes.ui.widgets import Button, Widget

#: Where the review may go back to: the screens a review is opened from.
ORIGINS = (Screen.TITLE, Screen.SCORING, Screen.ONLINE)
ICON_W = 58
GAP = 6
LIGHT_TEXT = (244, 234, 210)


@gfx.scaled_cache(maxsize=4)
def _plate(w: int, h: int) -> gfx.Canvas:
    """The slider's dark plate, in the status line's colours (drawn once)."""
    plate = gfx.surface((w, h))
    draw.rect(plate, (*P.SEA_DEEP, 200), plate.get_rect(), border_radius=10)
    draw.rect(plate, P.BRASS, plate.get_rect(), 2, border_radius=10)
    return plate


#: Each of the review's step buttons: the action whose key its tooltip names, and the
#: one that held with Shift does the same.
REVIEW_TIP_KEYS = {"back": ("step_back", ""), "forward": ("step_on", ""),
                   "turn_back": ("turn_back", "step_back"),
                   "turn_forward": ("turn_on", "step_on")}

class IconButton(Button):
    """A brass button with a drawn arrow (no font has every media symbol)."""

    def __init__(self, rect: tuple[int, int, int, int], icon: str,
                 action: Callable[[], object]) -> None:
        super().__init__(rect, lambda: "", action)
        self.icon = icon  # "back", "forward", "turn_back" or "turn_forward"

    def draw(self, surface: gfx.Canvas) -> None:
        surface.blit(art.button(self.rect.w, self.rect.h, "", self.state), self.rect)
        color = P.INK if self.enabled else P.INK_SOFT
        cx, cy = self.rect.center
        forward = self.icon in ("forward", "turn_forward")
        sign = 1 if forward else -1
        shift = -4 * sign if self.icon.startswith("turn") else 0
        tip = cx + (9 + shift) * sign
        draw.polygon(surface, color, [(tip, cy), (tip - 16 * sign, cy - 11),
                                             (tip - 16 * sign, cy + 11)])
        if self.icon.startswith("turn"):  # a bar at the arrow's point: to a turn's start
            bar = pygame.Rect(0, cy - 11, 4, 22)
            bar.centerx = tip + 3 * sign
            draw.rect(surface, color, bar)


class Slider(Widget):
    """Every step of the game on one track: click or drag the brass knob."""

    def __init__(self, rect: pygame.Rect, cursor: Cursor,
                 on_change: Callable[[int], object]) -> None:
        super().__init__(rect)
        self.cursor = cursor
        self.on_change = on_change
        self.dragging = False

    @property
    def track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 12, self.rect.bottom - 17, self.rect.w - 24, 8)

    def x_of(self, index: int) -> int:
        track = self.track
        return track.x + round(track.w * index / max(1, self.cursor.last))

    def index_at(self, x: int) -> int:
        track = self.track
        return round((x - track.x) / max(1, track.w) * self.cursor.last)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.dragging = True
                self.on_change(self.index_at(event.pos[0]))
                return True
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            if self.dragging:
                self.on_change(self.index_at(event.pos[0]))
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface: gfx.Canvas) -> None:
        track = self.track
        draw.rect(surface, P.WOOD_DARK, track, border_radius=4)
        done = pygame.Rect(track.x, track.y, self.x_of(self.cursor.index) - track.x, track.h)
        draw.rect(surface, P.BRASS, done, border_radius=4)
        for start in self.cursor.starts[1:]:  # a tick at each turn's start
            x = self.x_of(start)
            draw.line(surface, P.BRASS_LIGHT, (x, track.y - 3), (x, track.y - 1))
        knob = (self.x_of(self.cursor.index), track.centery)
        draw.circle(surface, P.BRASS_DARK, knob, 12)
        draw.circle(surface, P.HIGHLIGHT if self.hover or self.dragging else P.BRASS_LIGHT,
                           knob, 9)


class ReviewScene(Scene):
    """The table of a game, at any of its steps; never a move of its own."""

    key_scope = "review"

    def __init__(self, session: Session, at: int = 0, back: str = Screen.TITLE,
                 layout: Layout | None = None) -> None:
        super().__init__()
        if back not in ORIGINS:
            raise ValueError(f"a review goes back to the title or the scoring screen, "
                             f"not {back!r}")
        self.session = session
        self.back_to = back
        self.cursor = Cursor(session.states, session.steps, at)
        self.layout = layout or table_layout(session.state.n)
        #: The table as drawn, as at the table itself; its parts by name.
        self.viewer = TableViewer(self.layout, session)
        self.view, self.films = self.viewer.view, self.viewer.films
        self.renderer, self.logpanel = self.viewer.renderer, self.viewer.logpanel
        rect = self.layout.rect
        self.adviser = Adviser()
        #: The advice shown: (position, its words, the zones lit), worked out once.
        self._advised: tuple[State, str, frozenset[str]] | None = None
        # The controls take the place of the table's buttons.
        first = rect(Z.button("sail"))
        self.strip = pygame.Rect(first.x, first.y, rect(Z.button("end_turn")).right - first.x,
                                 first.h)
        icons = ("turn_back", "back", "forward", "turn_forward")
        actions = (self.previous_turn, self.step_back, self.step_forward, self.next_turn)
        self.icons = [IconButton((first.x + i * (ICON_W + GAP), first.y, ICON_W, first.h),
                                 icon, action)
                      for i, (icon, action) in enumerate(zip(icons, actions, strict=True))]
        left = first.x + 4 * (ICON_W + GAP) + 6
        self.slider = Slider(pygame.Rect(left, first.y, self.strip.right - left, first.h),
                             self.cursor, self.go_to)
        rules, hint, menu = rect(Z.button("rules")), rect(Z.button("hint")), rect(Z.button("menu"))
        self.rules_button = Button(rules, "button.rules", self.open_rules, size=20)
        self.leave_button = Button(pygame.Rect(hint.x, hint.y, menu.right - hint.x, hint.h),
                                   "review.leave", self.leave, size=20)
        self.widgets: list[Widget] = [*self.icons, self.slider, self.rules_button,
                                      self.leave_button]
        #: Tab and Shift+Tab over the controls (the arrows step through the game as
        #: before); Enter or Space presses the focused one. The ring shows from the
        #: first Tab.
        self.focus = Focus(visible=False)
        self.focus.set_items(self.focusables())
        self._moved()

    def focusables(self) -> list[Focusable]:
        items = [Focusable(icon.icon, icon.rect, icon.action, radius=10) for icon in self.icons]
        items.append(Focusable("slider", self.slider.rect, None, radius=10))
        items.append(Focusable("rules", self.rules_button.rect, self.open_rules, radius=12))
        items.append(Focusable("leave", self.leave_button.rect, self.leave, radius=12))
        return items

    # ----- reading -------------------------------------------------------------------
    @property
    def index(self) -> int:
        return self.cursor.index

    @property
    def state(self) -> State:
        return self.cursor.state

    @property
    def palette(self) -> str:
        return self.settings.palette

    @property
    def anim_speed(self) -> str:
        return self.settings.anim_speed

    @property
    def animating(self) -> bool:
        return self.films.animating

    def counter(self) -> str:
        """Where the review stands: "Step 12 of 143 · turn 4 · Bob"."""
        total = self.cursor.last
        if self.index == 0:
            return t("review.start", total=total)
        mover = self.session.states[self.index - 1]
        return t("review.step", n=self.index, total=total, turn=mover.turn,
                 name=mover.names[mover.active])

    # ----- moving through the game ----------------------------------------------------
    def step_forward(self) -> None:
        """One step on, played as at the table."""
        i = self.index
        if i >= self.cursor.last:
            return
        self.films.skip()
        states = self.session.states
        self.cursor.forward()
        self.films.play(self.viewer.film(states[i], recorded(self.session.steps, i)[0],
                                         states[i + 1],
                                         self.anim_speed, self.palette))
        self._moved()

    def step_back(self) -> None:
        """One step back: the step's film played backwards."""
        i = self.index
        if i <= 0:
            return
        states = self.session.states
        self.cursor.back()
        self.viewer.show_back(states[i - 1], recorded(self.session.steps, i - 1)[0], states[i],
                              self.anim_speed, self.palette)
        self._moved()

    def next_turn(self) -> None:
        self.go_to(self.cursor.turn_after())

    def previous_turn(self) -> None:
        self.go_to(self.cursor.turn_before())

    def go_to(self, index: int) -> None:
        """Show the position after step ``index`` at once (clamped to the game)."""
        before = self.state
        self.cursor.go(index)
        if self.state is before and not self.films.animating:
            return
        self.films.skip()
        self._moved()

    def _moved(self) -> None:
        self.logpanel.follow(self.index)
        self.adviser.ask(self.state)
        self._advise()

    # ----- the expert player's choice ----------------------------------------------------
    def _advise(self) -> None:
        """Put the advice for the position shown into the status line and the lit zones."""
        st = self.state
        if self._advised is not None and self._advised[0] is st:
            return
        step = self.adviser.answer(st)
        if st.over:
            self.view.status, self.view.lit = t("status.game_over"), set()
        elif step is None:
            self.view.status, self.view.lit = t("review.thinking"), set()
        else:
            sentence = " ".join(t(key, **values) for key, values in narrate(st, step,
                                                                             apply(st, step)))
            key = "review.advice.same" if str(step) == self.cursor.next_step else "review.advice"
            # the table's game buttons are not shown here: only pieces and spaces light
            zones = frozenset(step_zones(st, step)) - set(BUTTONS)
            self._advised = (st, t(key, step=str(step), sentence=sentence), zones)
            self.view.status, self.view.lit = self._advised[1], set(zones)

    # ----- other screens ------------------------------------------------------------------
    def leave(self) -> None:
        """Back to where the review was opened from."""
        if self.back_to == Screen.SCORING:
            self.go(Screen.SCORING, session=self.session)
        else:  # the title, or My online games (a finished game's replay)
            self.go(self.back_to)

    def open_rules(self) -> None:
        self.open(Screen.RULES)

    def resume(self) -> None:
        self.renderer.invalidate()  # the rules overlay may have been over it

    # ----- input ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.viewer.point(event.pos)
            for widget in self.widgets:
                widget.handle(event)
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.logpanel.contains(self.viewer.pointer):
                self.logpanel.wheel(event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button != 1:
                return True
            self.focus.handle(event)  # the ring hides at a click
            self.films.skip()  # a click never meets a half-played step
            self.viewer.rest = 0.0
            if self.logpanel.contains(event.pos):
                self.click_log(event.pos)
                return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            any(widget.handle(event) for widget in self.widgets)
            return True
        if event.type == pygame.KEYDOWN:
            return self.on_key(event)
        return False

    def click_log(self, pos: tuple[int, int]) -> None:
        """A tab folds or shows notation; a line goes to the position after its step."""
        if self.logpanel.click(pos):
            return
        line = self.logpanel.line_at(pos)
        if line is not None:
            self.go_to(line.index + 1)

    def on_key(self, event: pygame.event.Event) -> bool:
        shift = event.mod & pygame.KMOD_SHIFT
        key = event.key
        if key == pygame.K_TAB or (key in ACTIVATE_KEYS and self.focus.visible):
            self.focus.handle(event)
            return True
        if key == pygame.K_SPACE:
            self.focus.visible = True  # Space shows where the focus is
            return True
        if key == pygame.K_RIGHT:
            self.next_turn() if shift else self.step_forward()
        elif key == pygame.K_LEFT:
            self.previous_turn() if shift else self.step_back()
        elif key == pygame.K_PAGEDOWN:
            self.next_turn()
        elif key == pygame.K_PAGEUP:
            self.previous_turn()
        elif key == pygame.K_HOME:
            self.go_to(0)
        elif key == pygame.K_END:
            self.go_to(self.cursor.last)
        elif key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
            self.open_rules()
        elif key == pygame.K_ESCAPE:
            if self.logpanel.unfolded:
                self.logpanel.unfolded = False
            else:
                self.leave()
        else:
            return False
        return True

    # ----- time ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.viewer.still = self.settings.anim_speed == "off"
        self.viewer.animate(dt)  # (no sound: a review is watched in silence)
        self.viewer.rest += dt
        self.adviser.poll()
        self._advise()

    # ----- drawing ------------------------------------------------------------------------
    def picture(self) -> Picture:
        """What the cached base picture shows now."""
        self.viewer.follow(self.palette)
        return Picture(self.state, self.films.current, (), (), None, frozenset(self.view.lit),
                       self.view.status, self.view.palette, (), ())

    def draw(self, surface: gfx.Canvas) -> None:
        self.viewer.draw(surface, self.picture())
        self._draw_strip(surface)
        self.logpanel.draw(surface, self.state.turn, played=self.index)
        if (self.viewer.rest >= DELAY and not self.focus.visible
                and (self.stack is None or self.stack.top is self)):
            self.viewer.draw_tooltip(surface, self.tooltip(), self.viewer.must_read())

    def _draw_strip(self, surface: gfx.Canvas) -> None:
        """The controls, over the table's game buttons (a review plays no step)."""
        strip = self.strip
        surface.blit(art.table_background(*self.layout.size), strip, area=strip)
        panel = self.slider.rect
        surface.blit(_plate(panel.w, panel.h), panel)
        text = self.counter()
        # above the knob's reach on the track, whatever the text size
        band = pygame.Rect(panel.x + 14, panel.y + 3, panel.w - 28,
                           self.slider.track.centery - 13 - panel.y - 3)
        size = fit_size(text, "text-semibold", 18, band.w, height=band.h)
        blit_text(surface, text, band.midleft, role="text-semibold", size=size,
                  color=LIGHT_TEXT, anchor="midleft", box=band, by_ink=True)
        for icon in self.icons:
            icon.enabled = (self.index < self.cursor.last if icon.icon.endswith("forward")
                            else self.index > 0)
        for widget in self.widgets:
            widget.draw(surface)
        self.focus.draw(surface)

    # ----- tooltips -------------------------------------------------------------------------
    def tooltip(self) -> Lines | None:
        """The tooltip's lines for where the pointer rests (None: no tooltip)."""
        key = (self.viewer.pointer, self.logpanel.unfolded, self.logpanel.scroll,
               self.logpanel.notation, self.view.status)
        return self.viewer.tooltip(self.state, key, self._tooltip_lines)

    def _tooltip_lines(self) -> Lines | None:
        pos = self.viewer.pointer
        for icon in self.icons:
            if icon.rect.collidepoint(pos):
                keys = REVIEW_TIP_KEYS.get(icon.icon, ("", ""))
                return (t(f"review.button.{icon.icon}"),
                        t(f"review.tip.{icon.icon}", key=key_of(keys[0]) if keys[0] else "",
                          shift_key=with_shift(keys[1]) if keys[1] else ""))
        if self.slider.rect.collidepoint(pos):
            return (t("review.slider"), t("review.tip.slider", first=key_of("first"),
                                          last=key_of("last")))
        if self.leave_button.rect.collidepoint(pos):
            return (t("review.leave"), t("review.tip.leave"))
        if self.rules_button.rect.collidepoint(pos):
            return (t("button.rules"), t("tip.button.rules", key=key_of("rules")))
        if self.layout.rect("status").collidepoint(pos) and not self.state.over:
            return (t("review.tip.advice.title"), t("review.tip.advice"))
        if self.strip.collidepoint(pos) or (not self.logpanel.contains(pos)
                                            and self.layout.zone_at(pos, set(BUTTONS))):
            return None
        facts = TableFacts(False, {}, Staging(), None, None)
        return tooltip_lines(self.state, self.layout, pos, facts, self.logpanel)


__all__ = ["ORIGINS", "IconButton", "ReviewScene", "Slider"]
