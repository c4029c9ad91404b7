"""The title screen: New game, Continue, Load record…, Quit.

Continue is greyed out when there is no autosave. Settings opens the same overlay as
the pause menu at the table. Opening a game (autosave or
record) that cannot be read leaves the player here with one sentence saying why;
nothing saved is touched by a failed load.
"""

from __future__ import annotations

import pygame

from scenes import art
from scenes import palette as P
from scenes import table_text as _table_text  # noqa: F401  (registers the words)
from scenes.saves import has_autosave, list_records, read_autosave, records_dir, write_autosave
from scenes.scene import Scene, go_to
from scenes.text import blit_text, fit_size, t
from scenes.widgets import Button

PANEL = pygame.Rect(660, 420, 600, 530)
BUTTON_W, BUTTON_H, BUTTON_GAP = 440, 70, 22


def open_table(scene: Scene, session) -> None:  # session: scenes.session.Session
    """Go to the table for a session; the player to move is announced first."""
    from scenes.table import TableScene

    assert scene.stack is not None
    go_to(scene.stack, TableScene(session, handoff_first=True))


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
        if self.app is not None and self.app.notice:
            self.message = self.app.notice
            self.app.notice = None

    # actions ------------------------------------------------------------------------
    def new_game(self) -> None:
        from scenes.setup import SetupScene

        assert self.stack is not None
        go_to(self.stack, SetupScene())

    def continue_game(self) -> None:
        from scenes.session import RecordError, load_session

        text = read_autosave()
        if not text:
            self.continue_button.enabled = False
            return
        try:
            session = load_session(text, autosave=write_autosave)
        except RecordError as exc:
            self.message = t("load.failed", reason=str(exc))
            return
        open_table(self, session)

    def load_record(self) -> None:
        assert self.stack is not None
        self.stack.push(LoadRecordScene(self))

    def open_settings(self) -> None:
        from scenes.settings import SettingsOverlay

        assert self.stack is not None
        self.stack.push(SettingsOverlay())

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
        from game.version import version

        blit_text(surface, t("title.version", version=version()), (1900, 1066), size=18,
                  color=P.FOAM, anchor="bottomright")
        blit_text(surface, t("game.credit"), (20, 1066), size=18, color=P.FOAM,
                  anchor="bottomleft")
        if self.message:
            size = fit_size(self.message, "text", 22, 1700)
            blit_text(surface, self.message, (960, 1000), size=size, color=P.HIGHLIGHT,
                      anchor="center")


def draw_title_backdrop(surface: pygame.Surface) -> None:
    """Sea, compass rose, caravel and the game's name (title and setup share it)."""
    surface.blit(art.table_background(*surface.get_size()), (0, 0))
    rose = art.compass_rose(560)
    rose.set_alpha(70)
    surface.blit(rose, rose.get_rect(center=(1560, 300)))
    ship = art.caravel(300, 225)
    surface.blit(ship, ship.get_rect(center=(380, 290)))
    blit_text(surface, t("game.title"), (960, 200), role="display", size=140,
              color=P.BRASS_LIGHT, anchor="center")
    blit_text(surface, t("game.subtitle"), (960, 310), role="display-italic", size=38,
              color=P.PARCHMENT, anchor="center")
    pygame.draw.line(surface, P.BRASS, (700, 356), (1220, 356), 2)


class LoadRecordScene(Scene):
    """A list of saved records over the title; choosing one opens it at the table."""

    opaque = False
    modal = True
    PANEL = pygame.Rect(460, 160, 1000, 760)

    def __init__(self, title: TitleScene) -> None:
        super().__init__()
        self.title = title
        self.message: str | None = None
        self.buttons: list[Button] = []

    def enter(self) -> None:
        p = self.PANEL
        self.buttons = [Button((p.centerx - 150, p.bottom - 90, 300, 64), "load.back", self.back)]
        entries: list[tuple[str, object]] = []
        if has_autosave():
            entries.append((t("load.autosave"), None))
        entries += [(path.name, path) for path in list_records()[:8]]
        for i, (label, path) in enumerate(entries):
            rect = (p.x + 80, p.y + 110 + i * 66, p.w - 160, 56)
            self.buttons.append(Button(rect, (lambda lab=label: lab),
                                       (lambda pa=path: self.choose(pa)), size=22))

    def back(self) -> None:
        assert self.stack is not None
        self.stack.pop()

    def choose(self, path: object) -> None:
        from scenes.app import open_record
        from scenes.session import RecordError, load_session

        try:
            if path is None:
                session = load_session(read_autosave() or "", autosave=write_autosave)
            else:
                session = open_record(path)  # type: ignore[arg-type]
        except (ValueError, RecordError) as exc:
            self.message = t("load.failed", reason=str(exc))
            return
        assert self.stack is not None
        self.stack.pop()
        open_table(self.title, session)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        any(b.handle(event) for b in self.buttons)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((4, 12, 24, 170))
        surface.blit(veil, (0, 0))
        p = self.PANEL
        surface.blit(art.parchment(p.w, p.h, radius=16, seed=12), p)
        blit_text(surface, t("load.heading"), (p.centerx, p.y + 56), role="display", size=48,
                  color=P.INK, anchor="center")
        if len(self.buttons) == 1:
            blit_text(surface, t("load.none"), (p.centerx, p.y + 170), size=26,
                      color=P.INK, anchor="center")
        folder = t("load.folder", folder=str(records_dir()))
        size = fit_size(folder, "text", 18, p.w - 60)
        blit_text(surface, folder, (p.centerx, p.bottom - 116), size=size, color=P.INK_SOFT,
                  anchor="center")
        for b in self.buttons:
            b.draw(surface)
        if self.message:
            size = fit_size(self.message, "text", 20, p.w - 40)
            blit_text(surface, self.message, (p.centerx, p.bottom - 145), size=size,
                      color=P.ALERT, anchor="center")


__all__ = ["LoadRecordScene", "TitleScene", "draw_title_backdrop", "open_table"]
