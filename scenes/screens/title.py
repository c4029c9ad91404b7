"""The title screen: New game, Learn to play, Continue, Load record…, Settings, Quit.

Continue is greyed out when there is no autosave. The autosave is read and replayed
as soon as the title shows, in the background (a long record never freezes the
window; "Reading the saved game…" meanwhile, and New game waits, so it can never
write over an autosave not yet read). An autosave that cannot be read or replayed
is set aside under a new name, and the player is told once, here; a new game then
starts on a fresh file. Learn to play starts the lesson from its beginning (a
guided game, ``scenes.table.lesson``), after asking when the autosave is a lesson in
progress; Continue resumes a lesson where it was left. Settings opens the same
overlay as the pause menu at the table. A notice the window holds (a settings file
set aside...) is shown here.
"""

from __future__ import annotations

import pygame

from game.record import RecordError
from game.version import version
from scenes.core import gfx
from scenes.core.jobs import Job
from scenes.core.navigator import Screen
from scenes.core.saves import (
    AUTOSAVE,
    has_autosave,
    open_autosave,
    set_aside_autosave,
    why_not_written,
    write_autosave,
)
from scenes.core.scene import Scene
from scenes.core.session import Session
from scenes.table.lesson import LESSON_TAG, lesson_session
from scenes.text.catalog import t
from scenes.text.fonts import blit_text, fit_lines, fit_size, line_height
from scenes.text.reasons import record_error_text
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.backdrop import draw_title_backdrop
from scenes.ui.focus import Focus, Focusable, of_widgets
from scenes.ui.overlays import Confirm
from scenes.ui.widgets import Button

PANEL = pygame.Rect(660, 420, 600, 548)
#: (the gap under Continue holds why it cannot be pressed, in letters of 11 real pixels)
BUTTON_W, BUTTON_H, BUTTON_GAP = 440, 62, 24


class TitleScene(Scene):
    """The first screen."""

    def __init__(self) -> None:
        super().__init__()
        x = PANEL.centerx - BUTTON_W // 2
        y = PANEL.y + 38

        def rect(i: int) -> pygame.Rect:
            return pygame.Rect(x, y + i * (BUTTON_H + BUTTON_GAP), BUTTON_W, BUTTON_H)

        self.new_button = Button(rect(0), "title.new", self.new_game, size=30)
        self.learn_button = Button(rect(1), "title.learn", self.learn, size=30)
        self.continue_button = Button(rect(2), "title.continue", self.continue_game, size=30)
        self.load_button = Button(rect(3), "title.load", self.load_record, size=30)
        self.settings_button = Button(rect(4), "title.settings", self.open_settings, size=30)
        self.quit_button = Button(rect(5), "title.quit", self.quit, size=30)
        self.buttons = [self.new_button, self.learn_button, self.continue_button,
                        self.load_button, self.settings_button, self.quit_button]
        self.message: str | None = None
        self.new_button.enabled = False  # until the autosave is known (``poll``)
        #: The autosaved game, read and replayed (Continue plays it on).
        self.saved: Session | None = None
        #: Reading the autosave in the background, while it lasts.
        self.opening: Job[Session] | None = None
        #: Tab, the arrows, Enter and Space over the buttons.
        self.focus = Focus()

    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        if self.app is not None and self.app.notice is not None:
            notice = self.app.notice
            self.message = t(notice.key, **notice.values)
            self.app.notice = None
        if self.saved is None and self.opening is None and has_autosave():
            self.opening = Job(open_autosave, name="read-autosave")
        self.poll()

    def poll(self) -> None:
        """Take the autosave once it is read: a game to continue, or a file set aside."""
        job = self.opening
        if job is not None and job.done:
            self.opening = None
            try:
                self.saved = job.result()
            except (RecordError, ValueError) as exc:
                self.set_aside(record_error_text(exc))
        reading = self.opening is not None
        was_reading = not self.new_button.enabled
        self.continue_button.enabled = self.saved is not None
        self.new_button.enabled = self.load_button.enabled = not reading
        self.learn_button.enabled = not reading
        if was_reading and not reading:
            # the keyboard starts on Continue when there is a game to continue
            self.focus.set_items(self.focusables())
            self.focus.focus(id(self.continue_button if self.saved is not None
                                else self.new_button))

    def set_aside(self, reason: str) -> None:
        """Move the unreadable autosave out of a new game's way, and say so once."""
        try:
            backup = set_aside_autosave()
        except OSError as exc:
            self.message = t("msg.autosave_kept", reason=reason, why=why_not_written(exc),
                             file=AUTOSAVE)
            return
        self.message = t("msg.autosave_set_aside", reason=reason, backup=backup.name)

    def focusables(self) -> list[Focusable]:
        """The enabled buttons; their ring hugs them (the buttons stand 20 apart, with
        Continue's caption between two of them)."""
        items = of_widgets(self.buttons)
        for item in items:
            item.rect = item.rect.inflate(-10, -16)
        return items

    # actions ------------------------------------------------------------------------
    def new_game(self) -> None:
        if self.opening is None:
            self.go(Screen.SETUP)

    def learn(self) -> None:
        """Learn to play: the lesson from its beginning (asked first when the autosave is
        a lesson in progress, which a new lesson writes over)."""
        if self.opening is not None:
            return
        in_progress = self.saved is not None and self.saved.tag(LESSON_TAG) is not None
        if in_progress and self.stack is not None:
            self.stack.push(Confirm(t("lesson.restart"), self._learn_answer))
            return
        self.start_lesson()

    def _learn_answer(self, yes: bool) -> None:
        if yes:
            self.start_lesson()

    def start_lesson(self) -> None:
        """The learner is called by the first name set up for a game, if any."""
        names = self.settings.names
        name = names[0].strip() if names and names[0].strip() else t("lesson.learner")
        try:
            session = lesson_session(name, autosave=write_autosave)
        except ValueError:  # a name a record cannot hold: the lesson's own
            session = lesson_session(t("lesson.learner"), autosave=write_autosave)
        self.saved = None  # written over by the lesson's first autosave
        self.go(Screen.TABLE, session=session)

    def continue_game(self) -> None:
        if self.saved is not None:
            self.go(Screen.TABLE, session=self.saved, handoff_first=True)

    def load_record(self) -> None:
        if self.opening is None:
            self.open(Screen.LOAD_RECORD)

    def open_settings(self) -> None:
        self.open(Screen.SETTINGS)

    def quit(self) -> None:
        if self.app is not None:
            self.app.quit()
        elif self.stack is not None:
            self.stack.pop()

    # frame --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.quit()
            return True
        self.focus.set_items(self.focusables())
        if self.focus.handle(event):
            return True
        return any(b.handle(event) for b in self.buttons)

    def update(self, dt: float) -> None:
        self.poll()

    def draw(self, surface: gfx.Canvas) -> None:
        draw_title_backdrop(surface)
        panel = art.parchment(PANEL.w, PANEL.h, radius=16, seed=11)
        surface.blit(panel, PANEL)
        for b in self.buttons:
            b.draw(surface)
        self.focus.set_items(self.focusables())
        self.focus.draw(surface)
        if not self.continue_button.enabled:
            r = self.continue_button.rect
            key = "title.continue.reading" if self.opening is not None else "title.continue.none"
            gap = pygame.Rect(PANEL.x + 20, r.bottom, PANEL.w - 40, BUTTON_GAP)
            size = fit_size(t(key), "text", 16, gap.w, smallest=11, height=gap.h - 1)
            blit_text(surface, t(key), gap.center, size=size, color=P.INK_SOFT,
                      anchor="center", box=gap, by_ink=True)
        blit_text(surface, t("title.version", version=version()), (1900, 1066), size=18,
                  color=P.FOAM, anchor="bottomright")
        blit_text(surface, t("game.credit"), (20, 1066), size=18, color=P.FOAM,
                  anchor="bottomleft")
        if self.message:
            size, lines = fit_lines(self.message, "text", 22, 1700, 2, height=80)
            step = line_height("text", size)
            y = 1000 - (len(lines) - 1) * step / 2
            for line in lines:
                blit_text(surface, line, (960, y), size=size, color=P.HIGHLIGHT,
                          anchor="center")
                y += step


__all__ = ["TitleScene"]
