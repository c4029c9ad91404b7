"""The table: where a whole game is played, and the one place its parts meet.

Every move is a marker moved: dragged, or picked up by a click and dropped by the
next (``input``). Picking up a marker lights the zones the engine would accept
it on; dropping on one makes exactly one engine step (or stages a ship move or a
trade good for the voyage or sale the player then commits with Set sail / Sell);
dropping anywhere else slides the marker back and the status line gives the
engine's reason. Free returns come from a right-click menu, Bank System and
Geography from clicking the owned technology, Map from a question.

The scene only hands input and time to the parts that do the work, each in its own
module, and carries out what they answer. ``input`` turns the mouse and the shortcut
keys into intents (``scenes.core.intents``) and screen commands
(``scenes.table.commands``: a sound, an overlay, another screen), ``keys`` the
keyboard's focus model into the same (its gestures taken through ``input``'s path);
both return values, which the scene carries out in ``carry_out``. ``actions`` turns
an intent into results (every change to the game goes through the session, local or
remote, which the table never tells apart), and the scene presents them in
``present`` through the ``viewer`` (the table as drawn, shared with the review
screen: films, sounds, banners, the log, the status line). The parts the scene holds
are called by it and answer with values: none of them calls the scene back (an
overlay the scene opens calls what the scene gave it, an intent handed to ``act``).
``pacing`` says when a computer seat here makes its step (it arrives as an intent
like the player's); the ``mode`` is free play or the lesson
(``modes``: its guard on every step, its panel); ``drag`` is the hand; ``saving``
watches the autosave. Other screens are reached through the navigator (scoring,
title, settings, rules), never imported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

import pygame

from game.state import State
from game.words import Phrase
from scenes.core import gfx
from scenes.core.intents import (
    Answer,
    Asked,
    Chat,
    Chatted,
    HandOver,
    Hint,
    Lit,
    Play,
    Redrawn,
    Result,
    Said,
    Status,
    Stepped,
    Undone,
)
from scenes.core.layout import LESSON, Layout, table_layout
from scenes.core.navigator import Screen
from scenes.core.scene import Scene
from scenes.core.session import GameSession, OnlineTable
from scenes.table.actions import TableActions, TableIntent
from scenes.table.chart import draw_away
from scenes.table.chat import ChatBox, put_chat
from scenes.table.clocks import away_faces, clock_faces
from scenes.table.commands import (
    Command,
    Cue,
    Float,
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
from scenes.table.drag import Drag
from scenes.table.input import TableInput
from scenes.table.keyboard import TableKeys
from scenes.table.lesson import Coach
from scenes.table.lessonpanel import LessonPanel
from scenes.table.logpanel import LogLine
from scenes.table.modes import FreePlay, LessonMode
from scenes.table.news import link_banner
from scenes.table.render import Picture
from scenes.table.saving import SaveWatch, save_now
from scenes.table.since_panel import REPLAY_SPEED, SincePanel, others_played
from scenes.table.targets import Staging
from scenes.table.tooltips import tooltip_lines
from scenes.table.viewer import TableViewer
from scenes.table.zoom import CardZoom
from scenes.text.catalog import t
from scenes.ui.overlays import Confirm as ConfirmBox
from scenes.ui.overlays import ContextMenu, Handoff, PauseMenu, if_yes
from scenes.ui.tooltip import DELAY, Lines, place_tooltip, tooltip_image


class TableScene(Scene):
    """A game in progress at one table (hot-seat, with or without computer seats)."""

    key_scope = "table"

    def __init__(self, session: GameSession, layout: Layout | None = None,
                 handoff_first: bool = False, since: int | None = None) -> None:
        super().__init__()
        self.session = session
        coach = Coach.attach(session)
        # a lesson's panel stands where a fourth board would, under its three
        # players' line of nine towns (its own map)
        self.layout = layout or table_layout(LESSON if coach else session.state.n)
        #: How the table is played: free play, or the lesson ("Learn to play").
        self.mode: FreePlay = FreePlay() if coach is None else LessonMode(coach, self.layout)
        #: The lesson's coach and panel while the table is in the lesson's mode.
        self.lesson: Coach | None = self.mode.coach
        self.lessonpanel: LessonPanel | None = self.mode.panel
        #: The table as drawn (shared with the review screen); its parts by name.
        self.viewer = TableViewer(self.layout, session)
        viewer = self.viewer
        self.view, self.films, self.banners = viewer.view, viewer.films, viewer.banners
        self.renderer, self.logpanel = viewer.renderer, viewer.logpanel
        self.actions = TableActions(session)
        #: What only an online game has (clocks, absences, chat, the link), asked of the
        #: session once, by the actions (None: a game at one machine).
        self.online: OnlineTable | None = self.actions.online
        self.drag = Drag(self.layout)
        #: The computer seats, thinking off the main loop, and their rhythm.
        self.pacing = self.mode.pacing(session)
        if coach is not None:
            self.actions.guard = self.mode.guard
        self.handoff_first = handoff_first
        self.saving = SaveWatch()
        #: The mouse and the shortcut keys, as intents; the keys' own focus model.
        self.input = TableInput(self)
        self.keys = TableKeys(self)
        #: What the table last offered to leave for (an online table it cannot follow).
        self._trouble: Phrase | None = None
        #: "Since you left": the steps others played since the player last looked at
        #: this online table (``since``: how many they had seen), summed up, marked in
        #: the log, replayed at speed or skipped.
        self.since: SincePanel | None = None
        steps, states = session.steps, session.states
        if since is not None and 0 <= since < len(steps) and \
                others_played(states, steps, since, session.seats_here()):
            self.since = SincePanel(states, steps, since)
            self.logpanel.since = since
        self.act(Status())

    # ----- reading -------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def staging(self) -> Staging:
        return self.actions.staging

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
        return self.mode.buttons(self.actions.button_states())  # the lesson dims some

    # ----- life cycle -------------------------------------------------------------------
    def enter(self) -> None:
        self.viewer.sounds = self.app.sounds.play_at_once if self.app is not None else None
        self.viewer.follow(self.palette)
        if self.session.over:
            self.go(Screen.SCORING, session=self.session)

    def resume(self) -> None:
        self.viewer.follow(self.palette)
        self.input.tip_waits = True
        self.renderer.invalidate()  # a setting under the overlay may have changed the look

    # ----- presenting what came of an intent ---------------------------------------
    def act(self, intent: TableIntent) -> None:
        """Hand one intent to the actions and present what came of it."""
        self.actions.confirm_end_turn = self.settings.confirm_end_turn  # as it is now
        self.present(self.actions.handle(intent))

    def present(self, results: list[Result]) -> None:
        """Show each result, in order: the table's only way to learn of a change."""
        speed, palette = self.settings.anim_speed, self.palette
        for result in results:
            if isinstance(result, Said):
                self.viewer.say(result.key, **dict(result.values))
                if result.logged:  # after the steps it came after, if it says
                    values = dict(result.values)
                    after = values.get("after")
                    at = after if isinstance(after, int) else len(self.session.steps)
                    self.logpanel.add_chat(LogLine(
                        min(at, len(self.session.steps)) - 1, self.state.turn,
                        int(values["seat"]),  # type: ignore[call-overload]
                        t(result.key, **values), "", chat=True))
            elif isinstance(result, Lit):
                self.view.lit = set(result.zones)
            elif isinstance(result, Undone):
                self.hold_tips()
                out = result.outcome
                assert out.step is not None and out.before is not None and out.after is not None
                self.logpanel.sync(self.session)
                self.viewer.show_back(out.after, out.step, out.before, speed, palette)
                self.viewer.cue("drop")  # the marker put back
            elif isinstance(result, Chatted):
                put_chat(self.logpanel, result.lines, len(self.session.steps) - 1,
                         self.state.turn)
                self.viewer.cue("turn")  # a word from the table: a soft bell
            elif isinstance(result, Redrawn):
                self.redraw()
            elif isinstance(result, Asked):
                self.ask(result)
            elif isinstance(result, Stepped):
                self.hold_tips()
                out = result.outcome
                before, after = out.before, out.after
                assert out.step is not None and before is not None and after is not None
                if self.lesson is not None:
                    self.lesson.stepped(out.step)
                self.viewer.show_step(before, out.step, after, speed, palette, result.dropped)
                if after.over:
                    self.go(Screen.SCORING, session=self.session)
                    return
                self.pacing.after_step(before.active, out.step, speed)
                if out.step.kind == "end":
                    self.announce_turn()

    def hold_tips(self) -> None:
        """The game has changed: a tooltip showing goes (what it said may no longer
        hold: End turn's "wait for your turn" once it is yours) and none opens until the
        pointer, or the keyboard's focus, moves."""
        self.input.hold_tip()
        self.keys.hold_tip()

    def redraw(self) -> None:
        """A new picture of the table (its keeper's, replacing what was shown): no film
        plays, a marker in the hand goes back, and the log is said again whole."""
        self.films.skip()
        self.banners.clear()
        self.drag.cancel()
        self.view.lit = set()
        self.logpanel.relabel(self.session)
        self.renderer.invalidate()

    def offer_leave(self) -> None:
        """Once the table cannot go on (an online table's server that cannot be
        followed), leaving is offered: the seat stays in My online games."""
        trouble = self.online.trouble() if self.online is not None else None
        if trouble == self._trouble:
            return
        self._trouble = trouble
        if trouble is not None and self.stack is not None:
            why = t(trouble.key, **trouble.values)
            self.ask(t("online.leave.ask", why=why), if_yes(partial(self.go, Screen.ONLINE)))

    def ask(self, asked: Asked | str, answer: Callable[[bool], object] | None = None) -> None:
        """A question: the actions' (its answer handed back to them as an intent), or
        the table's own with its ``answer``. Without a stack of overlays, as in a test,
        the answer is yes."""
        if isinstance(asked, Asked):
            topic, question = asked.topic, t(asked.key, **dict(asked.values))
            answer = lambda yes: self.act(Answer(topic, yes))  # noqa: E731
        else:
            question = asked
        assert answer is not None
        if self.stack is None:
            answer(True)
        else:
            self.stack.push(ConfirmBox(question, answer))

    def announce_turn(self) -> None:
        """Name the next player, so the mouse changes hands: only between people, as a
        computer needs no announcement and one person alone needs no handoff."""
        st = self.state
        if self.stack is None or not self.session.human_to_move:
            return
        if self.app is not None and not self.app.settings.show_handoff:
            return
        people_here = [s for s in self.session.seats_here()
                       if self.session.seat_kind(s) == "human"]
        if len(people_here) < 2:
            return
        self.stack.push(Handoff(st.active, st.names[st.active], st.final_round, self.palette))

    # ----- input ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.since is not None and self.since.handle(event):
            return True
        if self.mode.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            self.viewer.skip()  # input never meets a half-played step
            commands = self.keys.handle(event)
            if commands is None:
                commands = self.input.key(event)
            if commands is None:
                return False
            self.carry_out(commands)
            self.carry_out(self.keys.settle())
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button not in (4, 5):
            self.keys.mouse()  # a click: the keyboard's ring hides
        commands = self.input.handle(event)
        if commands is None:
            return False
        self.carry_out(commands)
        return True

    def carry_out(self, commands: Iterable[Command]) -> None:
        """Do what the input (or the keys, through it) asked, in order: an intent goes
        to the actions and what comes of it is presented; a result is presented at
        once; a screen command is done here, the only place that does them."""
        for command in commands:
            if isinstance(command, Gesture):  # a key, taken along the mouse's path
                self.carry_out(self.input.gesture(command))
            elif isinstance(command, Result):
                self.present([command])
            elif isinstance(command, Cue):
                self.viewer.cue(*command.names)
            elif isinstance(command, Pointer):
                self.viewer.point(command.pos)
            elif isinstance(command, Settle):
                self.viewer.skip()
                self.viewer.rest = 0.0
            elif isinstance(command, Float):
                self.input.float(command.pos)
            elif isinstance(command, ShowHint):
                self.show_hint()
            elif isinstance(command, OpenScreen):
                self.open(command.screen)
            elif isinstance(command, ToggleSound):
                if self.app is not None:  # (remembered in the settings)
                    muted = self.app.toggle_mute()
                    self.viewer.say("status.sound_off" if muted else "status.sound_on")
            elif isinstance(command, OpenPause | ShowMenu | ShowCard | OpenChat):
                self.overlay(command)
            else:
                self.act(command)

    def overlay(self, command: OpenPause | ShowMenu | ShowCard | OpenChat) -> None:
        """An overlay over the table (none without a stack, as in a test): what it
        changes comes back to ``act`` as an intent."""
        if self.stack is None:
            return
        if isinstance(command, ShowMenu):
            self.stack.push(ContextMenu(command.pos, [
                (label, partial(self.act, intent)) for label, intent in command.entries],
                keyboard=command.keyboard))
        elif isinstance(command, ShowCard):
            self.stack.push(CardZoom(command.card, self.state, self.palette))
        elif isinstance(command, OpenChat):
            self.stack.push(ChatBox(lambda text: self.act(Chat(text))))
        else:
            self.stack.push(self.pause_menu())

    def show_hint(self) -> None:
        """H or Hint: in a lesson, the hint of its step; else what a medium computer
        player would do now, lit."""
        own = self.mode.hint()
        if own is not None:
            self.present([own])
        else:
            self.act(Hint())

    def pause_menu(self) -> PauseMenu:
        # At an online table, a player gone longer than the table allows may be played
        # by the table's computer, asked first (they take the seat back by returning).
        online = self.online
        gone = [] if online is None else [seat for seat in sorted(online.away_for())
                                          if online.can_hand_over(seat)]
        hand_over = [(lambda name=self.state.names[seat]: t("pause.hand_over", name=name),
                      lambda seat=seat, name=self.state.names[seat]: self.ask(
                          t("online.hand_over.ask", name=name),
                          if_yes(partial(self.act, HandOver(seat)))))
                     for seat in gone]
        return PauseMenu([*hand_over,
                          ("pause.settings", lambda: self.open(Screen.SETTINGS)),
                          ("pause.rules", lambda: self.open(Screen.RULES)),
                          ("pause.save", lambda: self.present([save_now(self.session)])),
                          # a lesson left is resumed by Continue on the title
                          ("pause.title_screen" if self.lesson is None
                           else "lesson.leave", lambda: self.go(Screen.TITLE))])

    # ----- time ---------------------------------------------------------------------------
    def animate(self, dt: float) -> None:
        """Advance the films and the sliding markers (also called by overlays above).
        With Animations Off the table stands still: nothing moves unless the player
        acts."""
        still = self.settings.anim_speed == "off"
        self.viewer.still = self.drag.still = still
        if self.lessonpanel is not None:
            self.lessonpanel.still = still
        self.viewer.animate(dt)
        self.drag.update(dt)

    def update(self, dt: float) -> None:
        # Only the top scene is updated: the announcement waits for any fade to end.
        if self.handoff_first:
            self.handoff_first = False
            self.announce_turn()
        said, offer = self.saving.check(self.session)
        if said is not None:
            self.present([said])
        if offer is not None:
            self.ask(offer, if_yes(lambda: self.present([save_now(self.session)])))
        self.animate(dt)
        self.viewer.rest += dt
        self.keys.update(dt)
        if self.since is not None and self.since.active:
            self.replay_since()  # (the table's own news wait for the player to choose)
            return
        self.pace(dt)

    def replay_since(self) -> None:
        """The steps since the player last looked, one film after another, at speed;
        skipped, the table is drawn as it stands."""
        since = self.since
        assert since is not None
        step = since.next_step(self.session.states, self.session.steps, self.films.animating)
        if step is not None:
            before, text, after = step
            self.viewer.show_step(before, text, after, REPLAY_SPEED, self.palette)
        if not since.active:
            self.films.skip()
            self.renderer.invalidate()
            self.act(Status())

    def pace(self, dt: float) -> None:
        """Steps made elsewhere (a remote session's other seats; none locally), a
        computer seat's next step once it has chosen and the last film has played, and
        the mode's frame (the lesson's step kept lit). Once the lesson has handed over,
        the table is the player's own, in free play."""
        self.present(self.actions.arrived())
        self.offer_leave()
        busy = self.drag.holding or self.films.animating
        step = self.pacing.next_step(self.state, dt, busy=busy)
        if step is not None:
            self.act(Play(step))
        elif self.pacing.plays(self.state.active) and not self.state.over and not busy:
            self.act(Status())
        free = not self.drag.holding and self.actions.geography is None
        results, standing = self.mode.follow(dt, self.state, self.staging, free)
        if self.mode.ended:
            self.mode = FreePlay()
            self.lesson = self.lessonpanel = None
            self.actions.guard = None
            self.view.lit = set()
            self.act(Status())
            return
        self.present(results)
        if standing:
            self.act(Status())

    # ----- drawing ------------------------------------------------------------------------
    def draw(self, surface: gfx.Canvas) -> None:
        self.viewer.follow(self.palette)  # also while the settings are open above the table
        held = self.drag.held.piece if self.drag.held is not None else None
        replayed = self.since.showing(self.session.states) if self.since is not None else None
        picture = Picture(replayed or self.state, self.films.current, tuple(self.staging.moves),
                          tuple(self.staging.sale), held, frozenset(self.view.lit),
                          self.view.status, self.view.palette,
                          tuple(self.actions.geography or ()),
                          tuple(sorted(self.button_states().items())),
                          clock_faces(self.session, self.online),
                          away_faces(self.session, self.online, self.state.n))
        self.viewer.draw(surface, picture, pulse=True)
        self.renderer.draw_hover(surface, self.input.hover, self.drag.holding, self.view.buttons)
        self.logpanel.draw(surface, self.state.turn)
        draw_away(surface, link_banner(self.online))
        self.mode.draw(surface, self.layout, self.view.lit, self.state, self.palette)
        # over the table, under the hand; seen through while the player reaches under
        self.banners.draw(surface, self.palette, holding=self.drag.holding,
                          pointer=self.viewer.pointer, avoid=self.must_read())
        self.drag.draw(surface)
        if self.since is not None and self.since.shown:
            self.since.draw(surface)
        on_top = self.stack is None or self.stack.top is self
        self.keys.draw(surface)
        shown = self.tooltip_box() if on_top else None
        if shown is not None:
            surface.blit(*shown)

    def must_read(self) -> list[pygame.Rect]:
        """What no tooltip covers: the status line, the lit targets, the boards' wealth
        and VP, and the lesson's panel."""
        panel = self.lessonpanel
        return self.viewer.must_read([panel.rect] if panel is not None and panel.shown else [])

    def tooltip_box(self) -> tuple[gfx.Canvas, pygame.Rect] | None:
        """The tooltip shown now and where: the keyboard focus's while its ring shows,
        else the pointer's once it has rested (None: no tooltip now)."""
        if self.keys.showing:
            return self.keys.tooltip_box(self.must_read())
        if (self.drag.holding or self.viewer.rest < DELAY or self.input.tip_waits
                or self.mode.contains(self.viewer.pointer)):
            return None
        lines = self.tooltip()
        if not lines:
            return None
        image = tooltip_image(lines)
        return image, place_tooltip(image, self.viewer.pointer, self.layout.size,
                                    self.must_read())

    def tooltip(self) -> Lines | None:
        """The tooltip's lines for where the pointer rests (None: no tooltip)."""
        pointer, logpanel = self.viewer.pointer, self.logpanel
        key = (pointer, tuple(self.staging.moves), tuple(self.staging.sale),
               logpanel.unfolded, logpanel.scroll, logpanel.notation)
        return self.viewer.tooltip(self.state, key, lambda: tooltip_lines(
            self.state, self.layout, pointer, self.actions.facts(), logpanel))


__all__ = ["TableScene"]
