""""Since you left" at an online table: what the others did while the player was away.

Why: opening a table played over days, the player needs to know what happened before
they move: the table says it in a few sentences (``scenes.text.since``, summed up from
the states around each step: the rules stay in the engine), in a parchment panel over
the table, with the steps since marked in the log. Then the player replays those steps
at speed (each one's film, from the position they last saw: Enter, Space or the
button) or skips to the table as it stands (Escape or the button). While the panel or
the replay is up, it takes every key and click; Escape during the replay goes to the
end at once. It only reads the session's states and steps.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.state import State
from game.steps import Step
from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.core.session import recorded
from scenes.text.catalog import t
from scenes.text.fitting import fit_lines
from scenes.text.fonts import blit_text
from scenes.text.since import since_you_left
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.focus import Focus, Focusable, of_widgets
from scenes.ui.widgets import Button

PANEL_W = 980
#: The sentences shown at most (a week away at a busy table: the rest are in the log).
SENTENCES_SHOWN = 12
#: The animation speed of the replay.
REPLAY_SPEED = "fast"


def others_played(states: Sequence[State], steps: Sequence[str], seen: int,
                  here: Sequence[int]) -> bool:
    """Whether a seat not held here made one of the steps after ``seen``."""
    return any(states[i].active not in here for i in range(seen, len(steps)))


class SincePanel:
    """The summary over the table, then the replay (see the module's docstring)."""

    def __init__(self, states: Sequence[State], steps: Sequence[str], seen: int) -> None:
        self.seen = seen
        self.sentences = since_you_left(states[seen], recorded(steps, seen))
        #: Whether the summary is shown (before the player chose).
        self.shown = True
        #: While replaying: the index of the state shown (the film of the step before it
        #: plays over it); None when not replaying.
        self.at: int | None = None
        self.done = False
        h = self.height()
        self.rect = pygame.Rect(960 - PANEL_W // 2, 520 - h // 2, PANEL_W, h)
        y = self.rect.bottom - 92
        self.play_button = Button((self.rect.centerx - 330, y, 320, 60), "since.play",
                                  self.play, size=26)
        self.skip_button = Button((self.rect.centerx + 10, y, 320, 60), "since.skip",
                                  self.skip, size=26)
        self.focus = Focus()

    def height(self) -> int:
        lines = min(len(self.sentences), SENTENCES_SHOWN)
        return 150 + lines * 40 + 130

    # ----- choices ---------------------------------------------------------------------
    def play(self) -> None:
        """Replay the steps since at speed, from the position the player last saw."""
        self.shown = False
        self.at = self.seen

    def skip(self) -> None:
        """The table as it stands now."""
        self.shown = False
        self.at = None
        self.done = True

    @property
    def active(self) -> bool:
        return not self.done

    def focusables(self) -> list[Focusable]:
        return of_widgets([self.play_button, self.skip_button])

    def handle(self, event: pygame.event.Event) -> bool:
        """Every key and click while up (the table waits): Enter or Space presses the
        focused button (Replay them, at first; Tab moves), Escape skips (during the
        replay: to its end)."""
        if self.done:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.skip()
            elif self.shown:
                self.focus.set_items(self.focusables())
                self.focus.handle(event)
            return True
        if self.shown:
            self.focus.set_items(self.focusables())
            self.focus.handle(event)
            for button in (self.play_button, self.skip_button):
                if button.handle(event):
                    return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                              pygame.MOUSEWHEEL, pygame.TEXTINPUT)

    # ----- the replay ------------------------------------------------------------------
    def next_step(self, states: Sequence[State], steps: Sequence[str],
                  busy: bool) -> tuple[State, Step, State] | None:
        """The next step to show (its film not playing yet), once the last has played;
        the replay ends after the last step there is now."""
        if self.at is None or self.done or busy:
            return None
        if self.at >= len(steps):
            self.done = True
            self.at = None
            return None
        i = self.at
        self.at += 1
        return states[i], recorded(steps, i)[0], states[i + 1]

    def showing(self, states: Sequence[State]) -> State | None:
        """The position to draw while replaying (None: the game as it stands)."""
        if self.at is None or self.done:
            return None
        return states[min(self.at, len(states) - 1)]

    # ----- drawing ---------------------------------------------------------------------
    def draw(self, surface: gfx.Canvas) -> None:
        if not self.shown:
            return
        r = self.rect
        surface.blit(art.parchment(r.w, r.h, radius=16, seed=37), r)
        draw.rect(surface, P.BRASS_DARK, r, 3, border_radius=16)
        blit_text(surface, t("since.heading"), (r.centerx, r.y + 46), role="display",
                  size=44, color=P.INK, anchor="center")
        y = r.y + 96
        shown = self.sentences[:SENTENCES_SHOWN]
        for i, (key, values) in enumerate(shown):
            text = t(key, **values)
            if i == SENTENCES_SHOWN - 1 and len(self.sentences) > SENTENCES_SHOWN:
                text = "…"
            room = pygame.Rect(r.x + 50, y, r.w - 100, 40)
            heading = i == 0
            size, lines = fit_lines(text, "text-semibold" if heading else "text",
                                    24 if heading else 22, room.w, 1, height=room.h)
            blit_text(surface, lines[0] if lines else "", room.midleft,
                      role="text-semibold" if heading else "text", size=size,
                      color=P.INK if heading else P.INK_SOFT, anchor="midleft", box=room)
            y += 40
        keys = t("since.keys")
        blit_text(surface, keys, (r.centerx, self.play_button.rect.y - 24), size=18,
                  color=P.INK_SOFT, anchor="center")
        for button in (self.play_button, self.skip_button):
            button.draw(surface)
        self.focus.set_items(self.focusables())
        self.focus.draw(surface)


__all__ = ["REPLAY_SPEED", "SincePanel", "others_played"]
