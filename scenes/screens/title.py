"""The title screen: New game, Continue, Load record…, Settings, Quit.

Continue is greyed out when there is no autosave. Settings opens the same overlay as
the pause menu at the table. Opening a game (autosave or record) that cannot be read
leaves the player here with one sentence saying why; nothing saved is touched by a
failed load. A notice the window holds (a settings file set aside...) is shown here.
"""

from __future__ import annotations

import pygame

from game.version import version
from scenes.core.navigator import Screen
from scenes.core.saves import has_autosave, read_autosave, write_autosave
from scenes.core.scene import Scene
from scenes.core.session import RecordError, load_session
from scenes.text.catalog import t
from scenes.text.fonts import blit_text, fit_size
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.backdrop import draw_title_backdrop
from scenes.ui.widgets import Button

PANEL = pygame.Rect(660, 420, 600, 530)
BUTTON_W, BUTTON_H, BUTTON_GAP = 440, 70, 22


class TitleScene(Scene):
    """The first screen."""

    def __init__(self) -> None:
        super().__init__()
        x = PANEL.centerx - BUTTON_W // 2
        y = PANEL.y + 50

        def rect(i: int) -> pygame.Rect:
            return pygame.Rect(x, y + i * (BUTTON_H + BUTTON_GAP), BUTTON_W, BUTTON_H)

        self.new_button = Button(rect(0), "title.new", self.new_game, size=30)
        self.continue_button = Button(rect(1), "title.continue", self.continue_game, size=30)
        self.load_button = Button(rect(2), "title.load", self.load_record, size=30)
        self.settings_button = Button(rect(3), "title.settings", self.open_settings, size=30)
        self.quit_button = Button(rect(4), "title.quit", self.quit, size=30)
        self.buttons = [self.new_button, self.continue_button, self.load_button,
                        self.settings_button, self.quit_button]
        self.message: str | None = None

    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.continue_button.enabled = has_autosave()
        if self.app is not None and self.app.notice is not None:
            notice = self.app.notice
            self.message = t(notice.key, **notice.values)
            self.app.notice = None

    # actions ------------------------------------------------------------------------
    def new_game(self) -> None:
        self.go(Screen.SETUP)

    def continue_game(self) -> None:
        text = read_autosave()
        if not text:
            self.continue_button.enabled = False
            return
        try:
            session = load_session(text, autosave=write_autosave)
        except RecordError as exc:
            self.message = t("load.failed", reason=str(exc))
            return
        self.go(Screen.TABLE, session=session, handoff_first=True)

    def load_record(self) -> None:
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
        return any(b.handle(event) for b in self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        draw_title_backdrop(surface)
        panel = art.parchment(PANEL.w, PANEL.h, radius=16, seed=11)
        surface.blit(panel, PANEL)
        for b in self.buttons:
            b.draw(surface)
        if not self.continue_button.enabled:
            r = self.continue_button.rect
            blit_text(surface, t("title.continue.none"), (r.centerx, r.bottom + 1), size=16,
                      color=P.INK_SOFT, anchor="midtop")
        blit_text(surface, t("title.version", version=version()), (1900, 1066), size=18,
                  color=P.FOAM, anchor="bottomright")
        blit_text(surface, t("game.credit"), (20, 1066), size=18, color=P.FOAM,
                  anchor="bottomleft")
        if self.message:
            size = fit_size(self.message, "text", 22, 1700)
            blit_text(surface, self.message, (960, 1000), size=size, color=P.HIGHLIGHT,
                      anchor="center")


__all__ = ["TitleScene"]
