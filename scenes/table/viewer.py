"""The table as a player sees it, shared by the table and the review screen.

Both screens show one game: the board, the markers, the players' boards, a step's
film (played forwards, or backwards when it is taken back), the banners, the ship's
log, the status line and the tooltip where the pointer rests. The viewer holds those
parts and draws them; the screens only decide which position to show and what their
own controls are. It makes no step and asks nothing of the engine beyond what a film,
a sound and a banner are made from (the states around a step).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.state import State
from game.steps import Step
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.layout import Layout
from scenes.core.session import GameSession
from scenes.table import animations
from scenes.table.animations import Animation
from scenes.table.banners import Banners, banners_for
from scenes.table.draw import TableView, lit_targets
from scenes.table.films import FilmQueue
from scenes.table.logpanel import LogPanel
from scenes.table.render import Picture, TableRenderer
from scenes.table.sounds import step_sounds
from scenes.text.catalog import language, t
from scenes.ui.art import BAND_OUT
from scenes.ui.tooltip import Lines

#: Where the sounds go: a list of effects due together (None: no sound, as in a test).
Cues = Callable[[list[str]], None]


class TableViewer:
    """One game's table as drawn: its parts, its films and its words."""

    def __init__(self, layout: Layout, session: GameSession) -> None:
        self.layout = layout
        self.session = session
        self.view = TableView(show_log=False)
        self.films = FilmQueue()
        #: Banners for the events that matter (a discovery, the final round...).
        self.banners = Banners()
        self.renderer = TableRenderer(layout)
        unfolded = layout.rect("log_open") if layout.has("log_open") else layout.rect("log")
        self.logpanel = LogPanel(layout.rect("log"), unfolded)
        self.logpanel.sync(session)
        #: Where the cues are played: the app's sounds, given by the screen once it is
        #: on the stack (None: silent, as the review screen and a bare test are).
        self.sounds: Cues | None = None
        self.pointer: tuple[int, int] = (-100, -100)
        self.rest = 0.0  # seconds the pointer has stayed still (tooltips)
        self._tip: tuple[State, object, Lines | None] | None = None
        #: The status line's sentence unsaid (said again if the language changes).
        self._said: tuple[str, dict[str, object]] = ("", {})
        self._language = language()
        #: Animations Off: nothing moves unless the player acts (the halo steady, the
        #: banners whole until the next click or key); the screens set it each frame.
        self.still = False

    # ----- words -----------------------------------------------------------------------
    def say(self, key: str, /, **values: object) -> None:
        """Put a sentence on the status line (kept as its key, to be said again in
        another language)."""
        self._said = (key, values)
        self.view.status = t(key, **values)

    def follow(self, palette: str) -> None:
        """The palette as the settings have it now, and everything already put into
        words said again if the language has changed."""
        self.view.palette = self.logpanel.palette = palette
        self.films.set_palette(palette)
        if self._language == language():
            return
        self._language = language()
        key, values = self._said
        if key:
            self.say(key, **values)
        self.logpanel.relabel(self.session)
        self._tip = None
        self.renderer.invalidate()

    # ----- sounds ----------------------------------------------------------------------
    def cue(self, *names: str) -> None:
        """Play effects due together: every sound of the table goes through here."""
        if self.sounds is not None and names:
            self.sounds(list(names))

    # ----- films -----------------------------------------------------------------------
    def film(self, before: State, step: Step, after: State, speed: str,
             palette: str) -> Animation | None:
        """The film of one step (None when nothing is seen to move)."""
        return animations.build(before, step, after, self.layout, speed, palette)

    def show_step(self, before: State, step: Step, after: State, speed: str, palette: str,
                  dropped: bool = False) -> None:
        """A step made at the table: its film, its sounds and its banners, and the log
        brought up to date."""
        self.logpanel.sync(self.session)
        film = self.film(before, step, after, speed, palette)
        cues = film.cues if film is not None else animations.cues(before, step, after,
                                                                  self.layout)
        cues, now = step_sounds(before, step, after, cues, dropped=dropped,
                                film_length=film.total if film is not None else None)
        if film is not None:
            film.cues = cues
        self.cue(*now)
        self.films.play(film)
        self.banners.add(banners_for(before, step, after, self.layout), film)

    def show_back(self, now: State, step: Step, undone: State, speed: str,
                  palette: str) -> None:
        """A step taken back (or gone back over in a review): its film backwards."""
        film = self.film(now, step, undone, speed, palette)
        self.films.skip()
        if film is not None:
            self.films.play(animations.reverse(film, now))

    def skip(self) -> None:
        """Every film's end at once; the sounds it had still to play are heard now
        (a discovery clicked past still rings). On a still table the player's click or
        key also puts away the banners shown (they stayed to be read)."""
        self.cue(*self.films.skip())
        if self.still:
            self.banners.dismiss()

    def animate(self, dt: float) -> None:
        """Advance the films, their sounds, the banners and the lit targets' breath."""
        self.cue(*self.films.update(dt))
        self.banners.update(dt, self.films.queue, still=self.still)
        self.renderer.still = self.still
        self.renderer.tick(dt)

    # ----- the pointer and its tooltip -------------------------------------------------
    def point(self, pos: tuple[int, int]) -> bool:
        """The pointer is at ``pos``; True when it moved (its tooltip's wait restarts)."""
        moved = pos != self.pointer
        if moved:
            self.rest = 0.0
        self.pointer = pos
        return moved

    def tooltip(self, st: State, key: object,
                lines: Callable[[], Lines | None]) -> Lines | None:
        """The tooltip's lines, worked out again only when the position shown ``st`` (a
        new state is a new position: never compared by value) or ``key`` (what else
        they depend on: the pointer, the log's unfolding...) changes."""
        if self._tip is None or self._tip[0] is not st or self._tip[1] != key:
            self._tip = (st, key, lines())
        return self._tip[2]

    # ----- drawing ---------------------------------------------------------------------
    def draw(self, surface: gfx.Canvas, picture: Picture, pulse: bool = False) -> None:
        """The cached base picture, the lit targets' halo and the film playing over it."""
        self.renderer.draw_base(surface, picture, self.view)
        if pulse:
            self.renderer.draw_pulse(surface, lit_targets(self.view))
        film = self.films.current
        if film is not None:
            film.draw(surface, self.layout, film.after)

    def draw_tooltip(self, surface: gfx.Canvas, lines: Lines | None,
                     avoid: Sequence[pygame.Rect] = ()) -> None:
        """The tooltip at the resting pointer, off ``avoid`` (what must stay readable)."""
        self.renderer.draw_tooltip(surface, lines, self.pointer, avoid)

    def must_read(self, extra: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
        """What a tooltip must never cover: the status line, the lit targets (with the
        band round them) and every board's header (its wealth and VP)."""
        rects = [self.layout.rect("status")] if self.layout.has("status") else []
        rects += [self.layout.rect(zone).inflate(2 * BAND_OUT, 2 * BAND_OUT)
                  for zone in self.view.lit if self.layout.has(zone)]
        rects += [self.layout.rect(Z.name(seat)) for seat in range(4)
                  if self.layout.has(Z.name(seat)) and seat < self.session.state.n]
        return rects + list(extra)


__all__ = ["Cues", "TableViewer"]
