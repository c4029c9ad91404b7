"""The table: where a whole game is played, and the one place its parts meet.

Every move is a drag. Picking up a marker lights the zones the engine would accept
it on; dropping on one makes exactly one engine step (or stages a ship move or a
trade good for the voyage or sale the player then commits with Set sail / Sell);
dropping anywhere else slides the marker back and the status line gives the
engine's reason. Free returns come from a right-click menu, Bank System and
Geography from clicking the owned technology, Map from a question.

The scene itself only routes input and time to the parts that do the work, each in
its own module. Input becomes an intent (``scenes.core.intents``) handed to
``actions`` (every change to the game, through the session), which returns results
the scene presents in ``present``: the step's film (``films``, played from the states
around each step), its sounds (``sounds``, a pure function of the step), banners, the
log, the status line. Nothing the scene holds calls back into it. ``pacing`` says when
a computer seat's step lands (it arrives as an intent like the player's); the
``mode`` is free play or the lesson (``modes``: its guard on every step, its panel);
``drag`` is the hand, ``render`` the cached picture, ``logpanel`` and ``tooltips``.
Other screens are reached through the navigator (scoring, title, settings, rules),
never imported. M mutes the sounds.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.state import State
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.intents import (
    Answer,
    Asked,
    Cancel,
    Click,
    Confirm,
    Hint,
    Lit,
    Play,
    Press,
    Result,
    Said,
    Status,
    Stepped,
    TakeBack,
    Undone,
)
from scenes.core.layout import Layout, table_layout
from scenes.core.navigator import Screen
from scenes.core.saves import records_dir, save_record, why_not_written
from scenes.core.scene import Scene
from scenes.core.session import Outcome, Session
from scenes.table import animations
from scenes.table.actions import GAME_BUTTONS, Put, TableActions, TableIntent
from scenes.table.banners import Banners, banners_for
from scenes.table.drag import Drag, piece_at
from scenes.table.draw import TableView
from scenes.table.films import FilmQueue
from scenes.table.keyboard import TableKeys
from scenes.table.lesson import Coach
from scenes.table.lessonpanel import LessonPanel
from scenes.table.logpanel import LogPanel
from scenes.table.modes import FreePlay, LessonMode
from scenes.table.render import Picture, TableRenderer
from scenes.table.sounds import step_sounds
from scenes.table.targets import Staging
from scenes.table.tooltips import tooltip_lines
from scenes.text.catalog import language, t
from scenes.ui.overlays import Confirm as ConfirmBox
from scenes.ui.overlays import ContextMenu, Handoff, PauseMenu
from scenes.ui.tooltip import DELAY, Lines

BUTTON_ZONES = Z.BUTTONS


class TableScene(Scene):
    """A game in progress at one table (hot-seat, with or without computer seats)."""

    def __init__(self, session: Session, layout: Layout | None = None,
                 handoff_first: bool = False) -> None:
        super().__init__()
        self.session = session
        coach = Coach.attach(session)
        # a lesson's panel stands where a fourth board would: its three players sit
        # at the four-player table
        self.layout = layout or table_layout(4 if coach else session.state.n)
        #: How the table is played: free play, or the lesson ("Learn to play").
        self.mode: FreePlay = FreePlay() if coach is None else LessonMode(coach, self.layout)
        self.view = TableView(show_log=False)
        #: The status line's sentence unsaid (said again if the language changes).
        self._said: tuple[str, dict[str, object]] = ("", {})
        self._language = language()
        self.actions = TableActions(session)
        self.drag = Drag(self.layout)
        self.films = FilmQueue()
        #: Banners for the events that matter (a discovery, the final round...).
        self.banners = Banners()
        self.renderer = TableRenderer(self.layout)
        unfolded = self.layout.rect("log_open") if self.layout.has("log_open") else None
        self.logpanel = LogPanel(self.layout.rect("log"), unfolded or self.layout.rect("log"))
        self.logpanel.sync(session)
        #: The computer seats, thinking off the main loop, and their rhythm.
        self.pacing = self.mode.pacing(session)
        if coach is not None:
            self.actions.guard = self.mode.guard
        #: The button or drop zone under the pointer (drawn lit over the base picture).
        self.hover: str | None = None
        self.pointer: tuple[int, int] = (-100, -100)
        self.rest = 0.0  # seconds the pointer has stayed still (tooltips)
        #: After an overlay (the hand-off above all): no tooltip until the pointer moves,
        #: so the last player's tooltip never waits over the next player's board.
        self.tip_waits = False
        self._tip: tuple[State, tuple, Lines | None] | None = None
        self.pressed: str | None = None
        self.handoff_first = handoff_first
        #: Whether the player was told that the autosave fails (told once, until it
        #: works again).
        self.not_saving = False
        #: Play by keys: the focus ring, Tab and the arrows, Enter, Space and letters.
        self.keys = TableKeys(self)
        self.act(Status())

    # ----- reading -------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def staging(self) -> Staging:
        return self.actions.staging

    @property
    def lesson(self) -> Coach | None:
        """The lesson's coach while the table is in the lesson's mode."""
        return self.mode.coach

    @property
    def lessonpanel(self) -> LessonPanel | None:
        return self.mode.panel

    @property
    def palette(self) -> str:
        return self.settings.palette

    @property
    def animating(self) -> bool:
        return self.films.animating

    @property
    def music(self) -> bool:  # type: ignore[override]
        """The music plays until the game is over (the end's cadence is heard alone)."""
        return not self.session.over

    @property
    def log(self) -> list[tuple[int, str, str]]:
        """(index of the step in the record, sentence, notation), oldest first."""
        return [(line.index, line.text, line.notation) for line in self.logpanel.lines]

    def button_states(self) -> dict[str, str]:
        return self.actions.button_states()

    # ----- life cycle -------------------------------------------------------------------
    def enter(self) -> None:
        self._follow_settings()
        if self.session.over:
            self.go(Screen.SCORING, session=self.session)

    def resume(self) -> None:
        self._follow_settings()
        self.tip_waits = True
        self.renderer.invalidate()  # a setting under the overlay may have changed the look

    def _follow_settings(self) -> None:
        self.view.palette = self.logpanel.palette = self.palette
        self.films.set_palette(self.palette)
        self._follow_language()

    def _follow_language(self) -> None:
        """Everything already put into words, said again when the language changed."""
        if self._language == language():
            return
        self._language = language()
        key, values = self._said
        self.say(key, **values)
        self.logpanel.relabel(self.session)
        self._tip = None
        self.renderer.invalidate()

    # ----- presenting what came of an intent ---------------------------------------
    def act(self, intent: TableIntent) -> None:
        """Hand one intent to the actions and present what came of it."""
        self.actions.confirm_end_turn = self.settings.confirm_end_turn  # as it is now
        self.present(self.actions.handle(intent))

    def present(self, results: list[Result]) -> None:
        """Show each result, in order: the table's only way to learn of a change."""
        for result in results:
            if isinstance(result, Said):
                self.say(result.key, **dict(result.values))
            elif isinstance(result, Lit):
                self.view.lit = set(result.zones)
            elif isinstance(result, Stepped):
                self.stepped(result.outcome, result.dropped)
            elif isinstance(result, Undone):
                self.undone(result.outcome)
            elif isinstance(result, Asked):
                self.ask(result)

    def say(self, key: str, /, **values: object) -> None:
        self._said = (key, values)
        self.view.status = t(key, **values)

    def ask(self, asked: Asked) -> None:
        """A question of the actions, its answer handed back as an intent (without a
        stack of overlays, as in a test, the answer is yes)."""
        def answer(yes: bool) -> None:
            self.act(Answer(asked.topic, yes))

        if self.stack is None:
            answer(True)
            return
        self.stack.push(ConfirmBox(t(asked.key, **dict(asked.values)), answer))

    def stepped(self, outcome: Outcome, dropped: bool = False) -> None:
        """A step was made: show it, and move the game on around the table."""
        before, after = outcome.before, outcome.after
        assert before is not None and after is not None
        self.logpanel.sync(self.session)
        if self.mode.coach is not None:
            self.mode.coach.stepped(outcome.step)
        film = animations.build(before, outcome.step, after, self.layout, self.settings.anim_speed,
                                self.palette)
        cues = film.cues if film is not None else animations.cues(before, outcome.step,
                                                                  after, self.layout)
        cues, now = step_sounds(before, outcome.step, after, cues, dropped=dropped,
                                film_length=film.total if film is not None else None)
        if film is not None:
            film.cues = cues
        self.cue_at_once(now)
        self.films.play(film)
        self.banners.add(banners_for(before, outcome.step, after, self.layout), film)
        if after.over:
            self.go(Screen.SCORING, session=self.session)
            return
        self.pacing.after_step(before.active, outcome.step, self.settings.anim_speed)
        if outcome.step.split()[0] == "end":
            self.announce_turn()

    def undone(self, outcome: Outcome) -> None:
        """A step was taken back: play its film backwards."""
        undone, now = outcome.before, outcome.after
        assert undone is not None and now is not None
        self.logpanel.sync(self.session)
        film = animations.build(now, outcome.step, undone, self.layout, self.settings.anim_speed,
                                self.palette)
        self.films.skip()
        self.cue("drop")  # the marker put back
        if film is not None:
            self.films.play(animations.reverse(film, now))

    def skip_films(self) -> None:
        """Show every film's end at once; the sounds it had still to play are heard now
        (a discovery clicked past still rings)."""
        self.cue_at_once(self.films.skip())

    def cue(self, name: str) -> None:
        """Play the effect ``name``: every sound of the table goes through here."""
        if self.app is not None:
            self.app.sounds.play(name)

    def cue_at_once(self, names: list[str]) -> None:
        """Effects due together: the most important few (they must not pile up)."""
        if self.app is not None and names:
            self.app.sounds.play_at_once(names)

    def toggle_sound(self) -> None:
        """M: every sound off, or back on (remembered), and the status line says so."""
        if self.app is not None:
            self.say("status.sound_off" if self.app.toggle_mute() else "status.sound_on")

    def announce_turn(self) -> None:
        """Name the next player, so the mouse changes hands: only between people, as a
        computer needs no announcement and one person alone needs no handoff."""
        st = self.state
        if self.stack is None or not self.session.human_to_move:
            return
        if self.app is not None and not self.app.settings.show_handoff:
            return
        if self.session.seats.count("human") < 2:
            return
        self.stack.push(Handoff(st.active, st.names[st.active], st.final_round, self.palette))

    # ----- input ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.mode.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.on_motion(event.pos)
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.logpanel.contains(self.pointer):
                self.logpanel.wheel(event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (4, 5):  # an old-style wheel
                return True
            self.skip_films()  # input never meets a half-played step
            self.rest = 0.0
            self.keys.mouse()
            if self.logpanel.contains(event.pos) and event.button == 1:
                if not self.logpanel.click(event.pos) and not self.logpanel.unfolded:
                    self.on_press(event.pos)  # the Rules / Menu buttons under the log
                return True
            if event.button == 1:
                self.on_press(event.pos)
            elif event.button == 3:
                self.on_right_click(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_release(event.pos)
            return True
        if event.type == pygame.KEYDOWN:
            self.skip_films()
            return self.on_key(event)
        return False

    def on_motion(self, pos: tuple[int, int]) -> None:
        if pos != self.pointer:
            self.rest = 0.0
            self.tip_waits = False
        self.pointer = pos
        if self.drag.holding:
            self.hover = self.drag.move(pos)
        elif self.logpanel.unfolded and self.logpanel.contains(pos):
            self.hover = None
        else:
            self.hover = self.layout.zone_at(pos, set(BUTTON_ZONES))

    def on_press(self, pos: tuple[int, int]) -> None:
        if self.drag.holding:
            self.drag.cancel()  # picked up by a key: the mouse takes over from here
            self.view.lit = set()
        self.drag.finish_slides()
        if self.view.lit and not self.drag.holding and self.actions.geography is None:
            self.view.lit = set()  # a hint shown stays until the next click
        zone = self.layout.zone_at(pos)
        self.pressed = zone
        if zone in BUTTON_ZONES or not self.session.human_to_move:
            return
        if self.actions.geography is not None:
            return  # clicks choose markers; handled on release
        piece = piece_at(self.state, self.staging, self.layout, pos)
        if piece is not None:
            held = self.drag.pick(self.state, self.staging, piece, pos, self.palette)
            held.drops = self.mode.drops(held.drops, self.staging)
            self.cue("pickup")
            self.view.lit = set(held.drops)
            self.say("status.pick" if held.drops else "status.pick.none")

    def on_release(self, pos: tuple[int, int]) -> None:
        pressed, self.pressed = self.pressed, None
        if self.drag.holding:
            self.drop(pos)
            return
        zone = self.layout.zone_at(pos)
        if zone is None or zone != pressed:
            return
        if zone in BUTTON_ZONES:
            self.press_button(zone)
        elif self.session.human_to_move:
            self.act(Click(zone))

    def drop(self, pos: tuple[int, int]) -> None:
        self.view.lit = set()
        self.hover = None
        held, drop = self.drag.release(pos)
        if drop is not None:
            self.cue("drop")
            self.act(Put(drop))
            return
        reason = self.drag.refusal_at(self.state, self.staging, held, pos)
        self.cue("drop" if reason is None else "refuse")
        if reason is None:
            self.act(Status(staged=True))  # dropped back where it was: nothing to say
        elif reason == "nowhere":
            self.say("status.nowhere")
        elif reason == "staging":
            self.say("status.staging")
        else:
            self.say("status.refused", reason=reason)
        self.present(self.mode.dropped_elsewhere(self.layout, held.origin, pos, reason))

    def show_hint(self) -> None:
        """H or Hint: in a lesson, the hint of its step; else what a medium computer
        player would do now, lit."""
        own = self.mode.hint()
        if own is not None:
            self.present([own])
        else:
            self.act(Hint())

    def cancel_drag(self) -> None:
        self.drag.cancel()
        self.cue("drop")
        self.view.lit = set()
        self.act(Status(staged=True))

    def on_key(self, event: pygame.event.Event) -> bool:
        if self.keys.handle(event):
            return True
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_z and ctrl:
            self.undo()
        elif event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
            self.open(Screen.RULES)
        elif event.key == pygame.K_h and not ctrl:
            self.show_hint()
        elif event.key == pygame.K_m and not ctrl:
            self.toggle_sound()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.act(Confirm())
        elif event.key == pygame.K_ESCAPE:
            if self.drag.holding:
                self.cancel_drag()
            elif self.actions.geography is not None:
                self.act(Cancel())
            elif self.logpanel.unfolded:
                self.logpanel.unfolded = False
            else:
                self.open_menu()
        else:
            return False
        return True

    def on_right_click(self, pos: tuple[int, int], keyboard: bool = False) -> None:
        """Free returns (and technology uses) in a menu at the pointer (R at the focused
        marker: the same menu, driven by the keys)."""
        if self.drag.holding or not self.session.human_to_move or self.stack is None:
            return
        entries = self.actions.menu(self.layout.zones_at(pos))
        if isinstance(entries, Said):
            self.present([entries])
        elif entries:
            items: list[tuple[str, Callable[[], None]]] = [
                (label, lambda intent=intent: self.act(intent)) for label, intent in entries]
            self.stack.push(ContextMenu(pos, items, keyboard=keyboard))

    def press_button(self, zone: str) -> None:
        if zone == Z.button("menu"):
            self.open_menu()
        elif zone == Z.button("rules"):
            self.open(Screen.RULES)
        elif zone == Z.button("hint"):
            self.show_hint()
        elif zone == Z.button("undo"):
            if self.session.human_to_move:
                self.undo()
        elif zone in GAME_BUTTONS:
            self.act(Press(zone))

    def undo(self) -> None:
        """Undo puts a held marker back first; then the actions take a step back."""
        if self.drag.holding:
            self.cancel_drag()
            return
        self.act(TakeBack())

    # ----- other screens ------------------------------------------------------------------
    def open_menu(self) -> None:
        if self.stack is None:
            return
        self.stack.push(PauseMenu([("pause.settings", lambda: self.open(Screen.SETTINGS)),
                                   ("pause.rules", lambda: self.open(Screen.RULES)),
                                   ("pause.save", self.save_record),
                                   # a lesson left is resumed by Continue on the title
                                   ("pause.title_screen" if self.mode.coach is None
                                    else "lesson.leave", lambda: self.go(Screen.TITLE))]))

    def save_record(self) -> None:
        """Save record (the pause menu): into the records folder, else elsewhere."""
        try:
            path = save_record(self.session)
        except OSError as exc:
            self.say("status.save_failed", reason=why_not_written(exc, records_dir()))
            return
        if path.parent == records_dir():
            self.say("status.saved", file=path.name)
        else:
            self.say("status.saved_elsewhere", path=str(path))

    def watch_saving(self) -> None:
        """Say once that the autosave fails, and why, offering a copy elsewhere; say
        when it works again. Play goes on either way: the session tries again after
        every change."""
        error = self.session.save_error
        if error is not None and not self.not_saving:
            self.not_saving = True
            reason = why_not_written(error)
            self.say("status.not_saving", reason=reason)
            if self.stack is not None:
                self.stack.push(ConfirmBox(t("confirm.not_saving", reason=reason),
                                           self._copy_elsewhere))
        elif error is None and self.not_saving:
            self.not_saving = False
            self.say("status.saving_again")

    def _copy_elsewhere(self, yes: bool) -> None:
        if yes:
            self.save_record()

    # ----- time ---------------------------------------------------------------------------
    def animate(self, dt: float) -> None:
        """Advance the films and the sliding markers (also called by overlays above)."""
        self.cue_at_once(self.films.update(dt))
        self.drag.update(dt)
        self.banners.update(dt, self.films.queue)
        self.renderer.tick(dt)

    def update(self, dt: float) -> None:
        # Only the top scene is updated: the announcement waits for any fade to end.
        if self.handoff_first:
            self.handoff_first = False
            self.announce_turn()
        self.watch_saving()
        self.animate(dt)
        self.rest += dt
        self.keys.update(dt)
        self.play_computer(dt)
        self.follow_mode(dt)

    def follow_mode(self, dt: float) -> None:
        """The mode's frame (the lesson's step kept lit); once the lesson has handed
        over, the table is the player's own, in free play."""
        free = not self.drag.holding and self.actions.geography is None
        results, standing = self.mode.follow(dt, self.state, self.staging, free)
        if self.mode.ended:
            self.mode = FreePlay()
            self.actions.guard = None
            self.view.lit = set()
            self.act(Status())
            return
        self.present(results)
        if standing:
            self.act(Status())

    def play_computer(self, dt: float) -> None:
        """Steps made elsewhere (a remote session's other seats; none locally), then a
        computer seat's next step, once it has chosen and the last film has played."""
        self.present(self.actions.arrived())
        busy = self.drag.holding or self.films.animating
        step = self.pacing.next_step(self.state, dt, busy=busy)
        if step is not None:
            self.act(Play(str(step)))
        elif self.pacing.plays(self.state.active) and not self.state.over and not busy:
            self.act(Status())

    # ----- drawing ------------------------------------------------------------------------
    def picture(self) -> Picture:
        """What the cached base picture shows now."""
        held = self.drag.held.piece if self.drag.held is not None else None
        return Picture(self.state, self.films.current, tuple(self.staging.moves),
                       tuple(self.staging.sale), held, frozenset(self.view.lit),
                       self.view.status, self.view.palette, tuple(self.actions.geography or ()),
                       tuple(sorted(self.button_states().items())))

    def draw(self, surface: gfx.Canvas) -> None:
        self._follow_language()  # also while the settings are open above the table
        self.renderer.draw_base(surface, self.picture(), self.view)
        self.renderer.draw_pulse(surface, self.view.lit)
        film = self.films.current
        if film is not None:
            film.draw(surface, self.layout, film.after)
        self.renderer.draw_hover(surface, self.hover, self.drag.holding, self.view.buttons)
        self.logpanel.draw(surface, self.state.turn)
        self.mode.draw(surface, self.layout, self.view.lit, self.state, self.palette)
        # over the table, under the hand; seen through while the player reaches under
        self.banners.draw(surface, self.palette, holding=self.drag.holding,
                          pointer=self.pointer)
        self.drag.draw(surface)
        on_top = self.stack is None or self.stack.top is self
        self.keys.draw(surface, tooltip=on_top)
        over_lesson = self.mode.contains(self.pointer)
        if (not self.drag.holding and self.rest >= DELAY and not over_lesson
                and not self.tip_waits and not self.keys.showing and on_top):
            self.renderer.draw_tooltip(surface, self.tooltip(), self.pointer)

    def tooltip(self) -> Lines | None:
        """The tooltip's lines for where the pointer rests (None: no tooltip)."""
        st = self.state
        key = (self.pointer, tuple(self.staging.moves), tuple(self.staging.sale),
               self.logpanel.unfolded, self.logpanel.scroll, self.logpanel.notation)
        if self._tip is None or self._tip[0] is not st or self._tip[1] != key:
            lines = tooltip_lines(st, self.layout, self.pointer, self.actions.facts(),
                                  self.logpanel)
            self._tip = (st, key, lines)
        return self._tip[2]


__all__ = ["TableScene"]
