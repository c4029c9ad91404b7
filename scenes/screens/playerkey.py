"""The player key, exported to a file and imported from one (an overlay of Play online).

Servers know a player by the key this program made on its first online use (kept in
the data folder, readable by the player alone), never by the name: ratings and games
abandoned follow it. To play as the same person on another computer the player
exports the key to a file there and imports it here. The file's path is typed (or
pasted); a file that is not a key, or a folder that cannot be written to, gets one
sentence and nothing changes; an import asks first and keeps the key it replaces
beside it (``player.key.old``).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame

from online.playerkey import FILE, KeyFileError
from scenes.core import gfx
from scenes.core.netplay import Netplay
from scenes.text.catalog import t
from scenes.text.fonts import blit_text
from scenes.ui import palette as P
from scenes.ui.focus import Focus, Focusable, handle_form, of_widgets
from scenes.ui.label import label
from scenes.ui.overlays import Confirm, Overlay, if_yes, parchment_plate
from scenes.ui.widgets import Button, TextField

PLATE = pygame.Rect(0, 0, 1300, 620)
PLATE.center = (960, 540)
LEFT = PLATE.x + 60
#: The file offered first: in the player's home folder.
DEFAULT_FILE = "sail-to-india-player.key"


def path_allows(ch: str) -> bool:
    return ch.isprintable()


class PlayerKeyOverlay(Overlay):
    """Export or import the player key (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self.path = TextField((LEFT + 140, PLATE.y + 260, PLATE.w - 120 - 140, 56),
                              str(Path.home() / DEFAULT_FILE), max_len=400,
                              allowed=path_allows, placeholder="key.file")
        self.export_button = Button((LEFT, PLATE.y + 350, 360, 60), "key.export",
                                    self.export, size=26)
        self.import_button = Button((LEFT + 390, PLATE.y + 350, 360, 60), "key.import",
                                    self.ask_import, size=26)
        self.close_button = Button((PLATE.right - 60 - 260, PLATE.bottom - 96, 260, 64),
                                   "key.close", self.close, size=26)
        self.message: str | None = None
        self.trouble = False
        self.focus = Focus(visible=False)

    @property
    def netplay(self) -> Netplay | None:
        return self.app.netplay if self.app is not None else None

    def _file(self) -> Path | None:
        text = self.path.value.strip()
        if not text:
            self._say(t("key.no_path"), trouble=True)
            self.path.focused = True
            return None
        return Path(text).expanduser()

    def _say(self, words: str, trouble: bool = False) -> None:
        self.message, self.trouble = words, trouble

    def export(self) -> None:
        to = self._file()
        if to is None or self.netplay is None:
            return
        try:
            self.netplay.player_key.export(to)
        except KeyFileError as exc:
            self._say(t(exc.said.key, **exc.said.values), trouble=True)
        else:
            self._say(t("key.exported", path=str(to)))

    def ask_import(self) -> None:
        source = self._file()
        if source is None or self.stack is None:
            return
        self.stack.push(Confirm(t("key.ask_import", path=str(source)),
                                if_yes(partial(self.import_, source)), no_first=True))

    def import_(self, source: Path) -> None:
        netplay = self.netplay
        if netplay is None:
            return
        try:
            netplay.player_key.import_(source)
        except KeyFileError as exc:
            self._say(t(exc.said.key, **exc.said.values), trouble=True)
        else:
            self._say(t("key.imported", path=str(source), old=f"{FILE}.old"))

    @property
    def widgets(self) -> list:
        return [self.path, self.export_button, self.import_button, self.close_button]

    def focusables(self) -> list[Focusable]:
        return of_widgets(self.widgets)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.path.focused:
                self.path.focused = False
            else:
                self.close()
            return True
        handle_form(event, self.focus, self.focusables(), self.widgets, [self.path])
        return True  # modal: nothing reaches the screen below

    def update(self, dt: float) -> None:
        self.path.update(dt)
        self.animate_below(dt)

    def draw(self, surface: gfx.Canvas) -> None:
        parchment_plate(surface, PLATE, dim=170, radius=16, seed=41)
        blit_text(surface, t("key.heading"), (PLATE.centerx, PLATE.y + 30), role="display",
                  size=48, color=P.INK, anchor="midtop")
        label(surface, t("key.about"), (LEFT, PLATE.y + 100, PLATE.w - 120, 140), "text", 22,
              P.INK_SOFT, lines=4)
        label(surface, t("key.file"), (LEFT, PLATE.y + 260, 130, 56), "text-semibold", 22)
        for w in self.widgets:
            w.draw(surface)
        self.focus.set_items(self.focusables())
        self.focus.draw(surface)
        if self.message:
            box = pygame.Rect(LEFT, PLATE.y + 430, PLATE.w - 120 - 290, 110)
            label(surface, self.message, box, "text", 20, P.ALERT if self.trouble else P.INK,
                  lines=3)


__all__ = ["DEFAULT_FILE", "PlayerKeyOverlay"]
