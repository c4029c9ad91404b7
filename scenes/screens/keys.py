"""Settings, Keys: every action a key can do, with its key, each of which the player may
change.

A click on an action's key (or Enter on it) waits for the next key pressed, which
becomes that action's (Esc keeps the old one). A key another action already has where
this one is used, or one that keeps its meaning everywhere (Esc, Enter), is refused in
one sentence that says why. Every choice is applied at once and kept with the settings
(``Settings.keys``); Default keys gives every action its own key back. The keys and
their groups are ``scenes.core.keymap``'s.
"""

from __future__ import annotations

from functools import partial

import pygame

from scenes.core import gfx
from scenes.core import keymap as K
from scenes.text.catalog import t
from scenes.text.fitting import fit_lines, fit_size
from scenes.text.fonts import blit_text, line_height
from scenes.text.keynames import key_name, key_of
from scenes.ui import palette as P
from scenes.ui.focus import Focus, Focusable, draw_ring
from scenes.ui.overlays import Overlay, parchment_plate
from scenes.ui.widgets import Button

PLATE = pygame.Rect(70, 40, 1780, 1000)
GROUPS = (K.SCREEN, K.TABLE, K.REVIEW)
COLUMN_GAP = 40
COLUMN = (PLATE.w - 2 * 50 - 2 * COLUMN_GAP) // 3
KEY_W = 150
ROW = 49
TOP = PLATE.y + 162


class KeysOverlay(Overlay):
    """The actions and their keys, changed in place."""

    def __init__(self) -> None:
        super().__init__()
        #: The action whose new key is awaited (None: none).
        self.choosing: str | None = None
        #: The last thing said: a sentence's key and values, and whether it refuses.
        self.said: tuple[str, dict[str, object], bool] | None = None
        self.buttons: dict[str, Button] = {}
        self.headings: list[tuple[str, int]] = []
        for column, group in enumerate(GROUPS):
            x = PLATE.x + 50 + column * (COLUMN + COLUMN_GAP)
            self.headings.append((group, x))
            for row, action in enumerate(K.actions_in((group,))):
                rect = (x + COLUMN - KEY_W, TOP + row * ROW, KEY_W, ROW - 8)
                self.buttons[action.id] = Button(
                    rect, partial(self._label, action.id),
                    partial(self.start, action.id), size=22)
        self.defaults_button = Button((PLATE.centerx - 420, PLATE.bottom - 90, 400, 60),
                                      "keys.defaults", self.defaults)
        self.close_button = Button((PLATE.centerx + 20, PLATE.bottom - 90, 400, 60),
                                   "keys.close", self.close)
        self.focus = Focus()

    def _label(self, action: str) -> str:
        return "…" if self.choosing == action else key_of(action)

    @property
    def typing(self) -> bool:
        """While a key is awaited every key is the choice: none is translated."""
        return self.choosing is not None

    # ----- choosing -----------------------------------------------------------------
    def start(self, action: str) -> None:
        self.choosing = action
        self.said = ("keys.choose", {"action": t(f"keys.action.{action}"),
                                     "key": key_of(action)}, False)

    def choose(self, key: int) -> None:
        """The key pressed while one was awaited: the action's now, unless refused."""
        action, self.choosing = self.choosing, None
        assert action is not None
        words = t(f"keys.action.{action}")
        if key == pygame.K_ESCAPE:
            self.said = ("keys.kept", {"action": words, "key": key_of(action)}, False)
            return
        refused = K.KEYS.bind(action, key)
        if refused is not None:
            sentence, values = refused
            if "other" in values:
                values = {"key": key_name(key), "other": t(f"keys.action.{values['other']}")}
            self.said = (sentence, values, True)
            return
        self.said = ("keys.chosen", {"action": words, "key": key_of(action)}, False)
        self._save()

    def defaults(self) -> None:
        self.choosing = None
        K.KEYS.reset()
        self.said = ("keys.defaults.done", {}, False)
        self._save()

    def _save(self) -> None:
        """Kept with the settings at once (a save that fails says so on the title)."""
        self.settings.keys = K.KEYS.choices()
        if self.app is not None:
            self.app.save_settings()

    def focusables(self) -> list[Focusable]:
        items = [Focusable(action, button.rect, partial(self.start, action), radius=10)
                 for action, button in self.buttons.items()]
        items.append(Focusable("defaults", self.defaults_button.rect, self.defaults))
        items.append(Focusable("close", self.close_button.rect, self.close))
        return items

    # ----- frame --------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.choosing is not None:
            if event.type == pygame.KEYDOWN:
                self.choose(event.key)
            elif event.type == pygame.MOUSEBUTTONDOWN:
                self.choose(pygame.K_ESCAPE)  # a click elsewhere: the key is kept
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        self.focus.set_items(self.focusables())
        if self.focus.handle(event):
            return True
        for button in (*self.buttons.values(), self.defaults_button, self.close_button):
            if button.handle(event):
                break
        return True

    def draw(self, surface: gfx.Canvas) -> None:
        parchment_plate(surface, PLATE, dim=170, radius=16, seed=27)
        blit_text(surface, t("keys.title"), (PLATE.centerx, PLATE.y + 12), role="display",
                  size=52, color=P.INK, anchor="midtop")
        how = t("keys.how")
        blit_text(surface, how, (PLATE.centerx, PLATE.y + 84),
                  size=fit_size(how, "text", 22, PLATE.w - 100), color=P.INK_SOFT,
                  anchor="center")
        labels = [t(f"keys.action.{a}") for a in self.buttons]
        room = COLUMN - KEY_W - 14
        size = min(fit_lines(text, "text", 21, room, 2, height=ROW - 2)[0] for text in labels)
        heading = min(fit_size(t(f"keys.group.{g}"), "display", 32, COLUMN) for g in GROUPS)
        for group, x in self.headings:
            blit_text(surface, t(f"keys.group.{group}"), (x, TOP - 10), role="display",
                      size=heading, color=P.BRASS_DARK, anchor="bottomleft")
        step = line_height("text", size)
        for action, button in self.buttons.items():
            _, lines = fit_lines(t(f"keys.action.{action}"), "text", size, room, 2,
                                 height=ROW - 2)
            top = button.rect.centery - step * len(lines) / 2
            x = button.rect.x - COLUMN + KEY_W
            for i, line in enumerate(lines):
                blit_text(surface, line, (x, top + (i + 0.5) * step), size=size,
                          color=P.INK, anchor="midleft")
            button.draw(surface)
            if action == self.choosing:
                draw_ring(surface, button.rect)
        fixed = t("keys.fixed")
        blit_text(surface, fixed, (PLATE.centerx, PLATE.bottom - 168),
                  size=fit_size(fixed, "text", 20, PLATE.w - 100), color=P.INK_SOFT,
                  anchor="center")
        if self.said is not None:
            key, values, refused = self.said
            said = t(key, **values)
            blit_text(surface, said, (PLATE.centerx, PLATE.bottom - 126),
                      role="text-semibold", size=fit_size(said, "text-semibold", 22,
                                                          PLATE.w - 100),
                      color=P.ALERT if refused else P.INK, anchor="center")
        self.defaults_button.draw(surface)
        self.close_button.draw(surface)
        self.focus.set_items(self.focusables())
        self.focus.draw(surface)


__all__ = ["KeysOverlay"]
