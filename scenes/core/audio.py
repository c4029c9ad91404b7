"""The game's sounds, played through pygame's mixer, and silence when there is no device.

The effects and the music loop are WAV files in ``assets/sounds/``, made by
``assets/sounds/make_sounds.py`` (synthesised, so every sound is the project's own).
The window owns one ``Sounds`` (``App.sounds``); a scene asks for an effect by name
with ``play`` and never touches the mixer, so a test can read what was asked for
(``asked``) whether or not anything is heard.

When the mixer cannot start (no audio device, no driver, a missing PulseAudio) the
game is simply silent: ``live`` is False and every call does nothing. On SDL's
"dummy" (or "disk") driver the mixer runs but nothing is heard (``heard`` is False).
Either way the settings say in one sentence that no sound device was found. A file
that cannot be loaded is silent too. Volumes, the music and muting follow the
settings (``Settings.volume``, ``effects_volume``, ``music_volume``, ``muted``)
whenever ``refresh`` is called.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pygame

from scenes.core.assets import asset_path
from scenes.core.saves import Settings

#: Every effect, by the name scenes play it with (one WAV file each).
EFFECTS: tuple[str, ...] = (
    "pickup", "drop", "refuse", "sail", "flip", "coins_gain", "coins_pay", "vp",
    "reshuffle", "turn", "final_round", "game_end",
)
#: The effects by importance: when several would sound at once (a film clicked past,
#: animations off) only the first few of them are played, so they never pile up.
IMPORTANCE: tuple[str, ...] = (
    "game_end", "final_round", "vp", "flip", "coins_gain", "coins_pay", "sail", "turn",
    "refuse", "drop", "pickup", "reshuffle",
)
AT_ONCE = 2
#: The quiet loop under the title and the table.
MUSIC = "music"
#: The mixer's format: the files' own rate, so nothing is resampled; stereo output,
#: which every device takes; a short buffer, so a drop is heard as the hand lets go.
FREQUENCY, CHANNELS, BUFFER = 22050, 2, 512
#: Effects that may ring at once (a voyage's sail, flip, bell and reshuffle overlap).
VOICES = 8
#: The mixer adds the voices sounding together and saturates past full scale: every
#: sound is played at half its level, so four effects over the music stay clean.
HEADROOM = 0.5
#: SDL audio drivers that accept every sound and play it nowhere.
SILENT_DRIVERS = frozenset({"dummy", "disk"})
MUSIC_FADE_IN_MS = 1500
MUSIC_FADE_OUT_MS = 900


def sound_path(name: str) -> Path:
    return asset_path("sounds", f"{name}.wav")


@contextlib.contextmanager
def _hushed_stderr() -> Iterator[None]:
    """Standard error silenced at the file-descriptor level: the C audio libraries
    (ALSA above all) print a screenful of their own complaints there when a machine
    has no sound card, and the settings already say so in one sentence."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        quiet = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):
        yield  # no standard error to silence (a windowed build)
        return
    try:
        os.dup2(quiet, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(quiet)


def start_mixer() -> bool:
    """Open the audio device; False (and nothing said) when there is none."""
    try:
        if pygame.mixer.get_init() is None:
            with _hushed_stderr():
                pygame.mixer.init(FREQUENCY, -16, CHANNELS, BUFFER)
        pygame.mixer.set_num_channels(VOICES)
    except (pygame.error, NotImplementedError, OSError):
        return False  # no device or no driver: the game plays in silence
    return True


class Sounds:
    """The effects and the music of one window, following its settings."""

    def __init__(self, settings: Settings, live: bool | None = None) -> None:
        self.settings = settings
        #: The mixer runs: sounds can be heard (False: every call is silent).
        self.live = start_mixer() if live is None else live
        #: How many times each effect was asked for (heard or not).
        self.asked: Counter[str] = Counter()
        self._loaded: dict[str, pygame.mixer.Sound | None] = {}
        self._music_wanted = False
        self._music_playing = False
        self._music_broken = False  # the file would not load: do not try every frame

    @property
    def heard(self) -> bool:
        """Whether anything played can be heard: the mixer runs on a real device
        (SDL's "dummy" and "disk" drivers take the sound and play it nowhere)."""
        if not self.live:
            return False
        try:
            driver = pygame.mixer.get_driver()
        except (pygame.error, AttributeError):
            return True  # the mixer does not say: believe it
        return driver not in SILENT_DRIVERS

    # ----- levels -------------------------------------------------------------------
    @staticmethod
    def _level(value: object) -> float:
        return max(0, min(100, value)) / 100 if isinstance(value, int) else 1.0

    @property
    def effects_level(self) -> float:
        """The effects' volume, 0..1 (0 when muted)."""
        s = self.settings
        if s.muted:
            return 0.0
        return self._level(s.volume) * self._level(s.effects_volume)

    @property
    def music_level(self) -> float:
        """The music's volume, 0..1 (0 when muted or turned off)."""
        s = self.settings
        if s.muted:
            return 0.0
        return self._level(s.volume) * self._level(s.music_volume)

    # ----- effects ------------------------------------------------------------------
    def play(self, name: str) -> None:
        """Play the effect ``name`` (one of ``EFFECTS``) at the effects' volume."""
        self.asked[name] += 1
        level = self.effects_level
        if not self.live or level <= 0:
            return
        sound = self._sound(name)
        if sound is None:
            return
        sound.set_volume(level * HEADROOM)
        with contextlib.suppress(pygame.error):  # the device went away: silence
            if sound.get_num_channels():
                sound.fadeout(40)  # the same sound again replaces itself, never doubles
            sound.play()

    def play_at_once(self, names: list[str]) -> None:
        """Several effects due together: the ``AT_ONCE`` most important of them."""
        ranked = sorted(dict.fromkeys(names), key=lambda n: IMPORTANCE.index(n) if n in IMPORTANCE
                        else len(IMPORTANCE))
        for name in ranked[:AT_ONCE]:
            self.play(name)

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._loaded:
            try:
                self._loaded[name] = pygame.mixer.Sound(str(sound_path(name)))
            except (pygame.error, OSError):
                self._loaded[name] = None  # missing or unreadable: that effect is silent
        return self._loaded[name]

    def missing(self) -> list[str]:
        """The sound files that cannot be loaded (all of them are checked; none when
        there is no mixer to load them)."""
        if not self.live:
            return []
        gone = [name for name in EFFECTS if self._sound(name) is None]
        if not sound_path(MUSIC).is_file():
            gone.append(MUSIC)
        return gone

    # ----- music and settings -------------------------------------------------------
    def want_music(self, wanted: bool) -> None:
        """What the screen shown asks for (called every frame; cheap when unchanged)."""
        if wanted != self._music_wanted:
            self._music_wanted = wanted
            self.refresh()

    def refresh(self) -> None:
        """Follow the settings: effects' volume, and the music started, stopped or
        made louder or quieter."""
        if not self.live:
            return
        level = self.music_level
        if self._music_wanted and level > 0 and not self._music_broken:
            try:
                if not self._music_playing:
                    pygame.mixer.music.load(str(sound_path(MUSIC)))
                    pygame.mixer.music.play(loops=-1, fade_ms=MUSIC_FADE_IN_MS)
                    self._music_playing = True
                pygame.mixer.music.set_volume(level * HEADROOM)
            except (pygame.error, OSError):
                self._music_broken = True
                self._music_playing = False
        elif self._music_playing:
            self._music_playing = False
            with contextlib.suppress(pygame.error):
                pygame.mixer.music.fadeout(MUSIC_FADE_OUT_MS)
        if self.settings.muted:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()  # a horn already sounding stops too

    @property
    def music_playing(self) -> bool:
        return self._music_playing

    def toggle_mute(self) -> bool:
        """M: every sound off, or back on; True when now muted."""
        self.settings.muted = not self.settings.muted
        self.refresh()
        return self.settings.muted


__all__ = ["AT_ONCE", "EFFECTS", "IMPORTANCE", "MUSIC", "Sounds", "sound_path", "start_mixer"]
