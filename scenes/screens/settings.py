"""The settings overlay: language, window, animation speed, questions asked, colours,
and beside them the sound (volume, effects, music, mute) and the text size.

Reached from the title and from the pause menu at the table. Every change is applied
at once (the window resizes, the palette changes under the veil) and saved at once
into the data directory (``saves.save_settings``), so there is no "apply" step to
forget and a crash never loses a choice.
"""

from __future__ import annotations

from functools import partial

import pygame

from scenes.core import gfx
from scenes.core.navigator import Screen
from scenes.core.saves import ANIM_SPEEDS, TEXT_SIZES, VOLUMES, WINDOW_SIZES, Notice
from scenes.text.catalog import LANGUAGE_NAMES, LANGUAGES, language, set_language, t
from scenes.text.fitting import fit_lines, fit_size
from scenes.text.fonts import blit_text, line_height
from scenes.text.keynames import key_of
from scenes.ui import palette as P
from scenes.ui.focus import Focus, Focusable, of_widgets
from scenes.ui.overlays import Overlay, parchment_plate
from scenes.ui.widgets import Button, Choice, Toggle, Widget, set_alike

PLATE = pygame.Rect(0, 0, 1700, 960)
PLATE.center = (960, 540)
#: Two columns: the game's settings on the left, the sound's on the right.
COLUMN = (PLATE.w - 140 - 80) // 2


def _window_label(size: str) -> str:
    if not size:
        return t("settings.window.fit")
    w, h = size.split("x")
    return t("settings.window.size", w=w, h=h)


def _volume_label(level: int) -> str:
    return t("settings.volume.level", value=level) if level else t("settings.volume.off")


def _nearest(level: int) -> int:
    """The volume step shown for a saved level (which may lie between steps)."""
    return min(range(len(VOLUMES)), key=lambda i: abs(VOLUMES[i] - level))


class SettingsOverlay(Overlay):
    """The player's preferences, changed and saved in place."""

    def __init__(self) -> None:
        super().__init__()
        self.widgets: list[Widget] = []
        self.labels: list[tuple[str, tuple[int, int]]] = []
        #: Why the last change could not be saved (None: it was).
        self.trouble: Notice | None = None
        #: Tab, the arrows (Left/Right change a row's value), Enter and Space.
        self.focus = Focus()

    def enter(self) -> None:
        s = self.settings
        x = PLATE.x + 70
        w = COLUMN
        y = PLATE.y + 120
        # Each language is named in its own words, so anyone finds theirs.
        self.labels = [("settings.language", (x, y))]
        codes = list(LANGUAGES)
        self.language = Choice((x, y + 34, w, 54), codes,
                               [partial(LANGUAGE_NAMES.__getitem__, c) for c in codes],
                               codes.index(language()), self._set_language)
        y += 120
        self.labels.append(("settings.window", (x, y)))
        sizes = list(WINDOW_SIZES)
        current = s.window if s.window in sizes else ""
        self.window = Choice((x, y + 34, w, 54), sizes,
                             [partial(_window_label, v) for v in sizes],
                             sizes.index(current), self._set_window)
        self.fullscreen = Toggle((x, y + 100, w, 44), "settings.fullscreen", s.fullscreen,
                                 self._set_fullscreen, label_height=60)
        y += 170
        self.labels.append(("settings.anim", (x, y)))
        speeds = list(ANIM_SPEEDS)
        self.speed = Choice((x, y + 34, w, 54), speeds,
                            [f"settings.anim.{v}" for v in speeds],
                            speeds.index(s.anim_speed) if s.anim_speed in speeds else 2,
                            self._set_speed)
        #: Under the speeds: what Off does for a player who needs less motion.
        self.motion_note = pygame.Rect(x, y + 90, w, 50)
        y += 152
        # a long label wraps in its row's 72 rather than shrinking beside the others
        self.confirm = Toggle((x, y, w, 44), "settings.confirm_end", s.confirm_end_turn,
                              self._set_confirm, label_height=72)
        self.handoff = Toggle((x, y + 72, w, 44), "settings.handoff", s.show_handoff,
                              self._set_handoff, label_height=72)
        self.palette = Toggle((x, y + 144, w, 44), "settings.palette",
                              s.palette == "colorblind", self._set_palette, label_height=72)
        set_alike(self.fullscreen, self.confirm, self.handoff, self.palette)
        self.close_button = Button((PLATE.centerx - 150, PLATE.bottom - 96, 300, 64),
                                   "settings.close", self.close)
        self.widgets = [self.language, self.window, self.fullscreen, self.speed, self.confirm,
                        self.handoff, self.palette, self.close_button]
        self._sound_column(PLATE.right - 70 - COLUMN, PLATE.y + 120)

    def _sound_column(self, x: int, y: int) -> None:
        s = self.settings
        levels = [str(v) for v in VOLUMES]
        labels = [partial(_volume_label, v) for v in VOLUMES]
        self.volumes: dict[str, Choice] = {}
        for name, key in (("volume", "settings.volume"), ("effects_volume", "settings.effects"),
                          ("music_volume", "settings.music")):
            self.labels.append((key, (x, y)))
            self.volumes[name] = Choice((x, y + 34, COLUMN, 54), levels, labels,
                                        _nearest(getattr(s, name)),
                                        partial(self._set_volume_text, name))
            y += 120
        self.mute = Toggle((x, y, COLUMN, 44), lambda: t("settings.mute", key=key_of("mute")),
                           s.muted, self._set_muted)
        #: Where the sentence saying no sound can be heard goes (under Mute).
        self.silent_note = pygame.Rect(x, y + 50, COLUMN, 56)
        # the text size: letters larger for the players who need them, the layout kept
        y += 110
        self.labels.append(("settings.text_size", (x, y)))
        sizes = [str(v) for v in TEXT_SIZES]
        self.text_size = Choice((x, y + 34, COLUMN, 54), sizes,
                                [partial(t, "settings.text_size.level", value=v)
                                 for v in TEXT_SIZES],
                                TEXT_SIZES.index(s.text_size) if s.text_size in TEXT_SIZES
                                else 0, lambda v: self._set_text_size(int(v)))
        # every action's key, the player's to change (an overlay of its own)
        self.keys_button = Button((x, y + 112, COLUMN, 54), "settings.keys",
                                  lambda: self.open(Screen.KEYS), size=24)
        # a desktop notification when it becomes the player's turn online
        self.notify = Toggle((x, y + 196, COLUMN, 44), "settings.notify", s.notify_turns,
                             self._set_notify, label_height=72)
        self.widgets += [*self.volumes.values(), self.mute, self.text_size, self.keys_button,
                         self.notify]

    def _set_notify(self, on: bool) -> None:
        self.settings.notify_turns = on
        self._save()

    # ----- changes: applied and saved at once ---------------------------------------
    def _save(self) -> None:
        if self.app is not None:
            self.trouble = self.app.save_settings()
            if self.trouble is not None and self.app.notice is self.trouble:
                self.app.notice = None  # said here, under the change: not again on the title

    def _apply_window(self) -> None:
        if self.app is not None:
            self.app.apply_window()

    def _set_language(self, code: str) -> None:
        self.settings.language = code
        set_language(code)
        pygame.display.set_caption(t("game.title"))
        self._save()

    def _set_window(self, value: str) -> None:
        self.settings.window = value
        self._apply_window()
        self._save()

    def _set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        self._apply_window()
        self._save()

    def _set_speed(self, value: str) -> None:
        self.settings.anim_speed = value
        self._save()

    def _set_confirm(self, on: bool) -> None:
        self.settings.confirm_end_turn = on
        self._save()

    def _set_handoff(self, on: bool) -> None:
        self.settings.show_handoff = on
        self._save()

    def _set_palette(self, on: bool) -> None:
        self.settings.palette = "colorblind" if on else "classic"
        self._save()

    def _set_volume_text(self, name: str, level: str) -> None:
        self._set_volume(name, int(level))  # (a choice's option: the level as text)

    def _set_volume(self, name: str, level: int) -> None:
        setattr(self.settings, name, level)
        self._save()
        if self.app is not None:
            self.app.sounds.refresh()
            if name != "music_volume":
                self.app.sounds.play("drop")  # the new level, heard at once

    def _set_text_size(self, percent: int) -> None:
        """Every word drawn anew at the new size, at once (``App.place``)."""
        self.settings.text_size = percent
        if self.app is not None:
            self.app.place()
        self._save()

    def _set_muted(self, on: bool) -> None:
        if self.app is not None and self.settings.muted != on:
            self.app.toggle_mute()  # applied and saved there
        self.settings.muted = on

    @property
    def silent(self) -> bool:
        """No sound device can be heard: the sound rows change nothing audible."""
        return self.app is not None and not self.app.sounds.heard

    def focusables(self) -> list[Focusable]:
        """Every row in Tab order: the game's column, the sound's, then Close."""
        order = [w for w in self.widgets if w is not self.close_button]
        return of_widgets([*order, self.close_button])

    # ----- frame --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        self.focus.set_items(self.focusables())
        if self.focus.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()  # Enter on a row that Enter does not change (a choice) closes
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m:
            self.mute.click(self.mute.rect.center)  # M here too, and the box follows
            return True
        for widget in self.widgets:
            if widget.handle(event):
                break
        return True

    def draw(self, surface: gfx.Canvas) -> None:
        parchment_plate(surface, PLATE, dim=170, radius=16, seed=21)
        blit_text(surface, t("settings.title"), (PLATE.centerx, PLATE.y + 30), role="display",
                  size=52, color=P.INK, anchor="midtop")
        # each label in the band above its row, all at one size, whatever the text size
        size = min(fit_size(t(key), "text-semibold", 24, COLUMN, height=28)
                   for key, _ in self.labels)
        for key, (x, y) in self.labels:
            band = pygame.Rect(x, y - 2, COLUMN, 32)
            blit_text(surface, t(key), band.midleft, role="text-semibold", size=size,
                      color=P.INK_SOFT, anchor="midleft", box=band, by_ink=True)
        for widget in self.widgets:
            widget.draw(surface)
        self.focus.set_items(self.focusables())
        self.focus.draw(surface)
        note = t("settings.anim.motion")
        room = self.motion_note
        size, lines = fit_lines(note, "text", 18, room.w, 2, height=room.h)
        step = line_height("text", size)
        for i, line in enumerate(lines):
            blit_text(surface, line, (room.x, room.y + (i + 0.5) * step), size=size,
                      color=P.INK_SOFT, anchor="midleft", box=room)
        if self.silent:
            note = t("settings.no_sound")
            room = self.silent_note
            size, lines = fit_lines(note, "text", 20, room.w, 2, height=room.h)
            step = line_height("text", size)
            for i, line in enumerate(lines):
                blit_text(surface, line, (room.x, room.y + i * step), size=size,
                          color=P.ALERT, box=room)
        # left of Close, on two lines if it must: clear of both columns' last rows
        said = t(self.trouble.key, **self.trouble.values) if self.trouble else t("settings.saved")
        room = pygame.Rect(PLATE.x + 70, PLATE.bottom - 96, self.close_button.rect.x - 40
                           - PLATE.x - 70, 64)
        size, lines = fit_lines(said, "text", 18, room.w, 2, height=room.h)
        step = line_height("text", size)
        top = room.centery - step * len(lines) / 2
        for i, line in enumerate(lines):
            blit_text(surface, line, (room.x, top + (i + 0.5) * step), size=size,
                      color=P.ALERT if self.trouble else P.INK_SOFT, anchor="midleft",
                      box=room)


__all__ = ["SettingsOverlay"]
