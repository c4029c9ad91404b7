"""The ship's log: every step of the game in plain words, scrollable, with notation.

The log is derived from the session (the states around each step and the step), never
kept on the side, so a game opened from a record has its whole log and an undone step
leaves it at once. Each line is one ``narrate`` sentence; the lines of the turn being
played are lit. The mouse wheel scrolls; a click on the header's first tab unfolds
the panel down over the table (and folds it back), the second shows each line's
notation beside it. Hovering a line gives its notation in a tooltip (``line_at``).
In a review (``played`` given) the line of the step just reviewed is lit instead, the
steps not yet reached are dimmed, and ``follow`` keeps the lit line in view.

The panel is drawn into its own cached surface, rebuilt only when the log, the scroll
or a toggle changes, so the table's frame only blits it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.core.session import GameSession, recorded
from scenes.text.catalog import t
from scenes.text.fitting import fit_size
from scenes.text.fonts import blit_text, line_height, render, wrap
from scenes.text.narrate import narrate
from scenes.ui import art
from scenes.ui import palette as P

LIGHT_TEXT = (244, 234, 210)
DIM_TEXT = (196, 184, 160)
FUTURE_TEXT = (146, 136, 116)  # a review's steps not yet reached
TEXT_SIZE = 16
ROW = 20  # a row's least height; larger letters (a small window, a larger text size) take more
HEADER = 32
TEXT_X = 26  # where a row's words begin (its player's mark before them)
#: Chat lines the log keeps (the oldest go first): far more than a game's chat.
CHAT_KEPT = 2000


def row_height() -> int:
    """A row of the log at the scale and text size in use: one line of its letters."""
    return max(ROW, math.ceil(line_height("text", TEXT_SIZE)))


@dataclass(frozen=True)
class LogLine:
    """One sentence of the log."""

    index: int       # the step's index in the record (0-based)
    turn: int        # the game's turn counter when it was played
    seat: int
    text: str
    notation: str
    chat: bool = False  # a line said at an online table's chat, not a step


def log_lines(session: GameSession, start: int = 0) -> list[LogLine]:
    """The log sentences of the session's steps from ``start`` on."""
    out: list[LogLine] = []
    states, steps = session.states, session.steps
    for i in range(start, len(steps)):
        before, after = states[i], states[i + 1]
        try:
            said = narrate(before, recorded(steps[i:i + 1])[0], after)  # (this one alone)
        except (LookupError, ValueError, TypeError):
            # a state its keeper gave (an online table's, taken as it was) that the
            # step does not lead to: the step is said by its notation
            said = [("log.unsaid", {"step": steps[i]})]
        for key, values in said:
            out.append(LogLine(i, before.turn, before.active, t(key, **values), steps[i]))
    return out


@gfx.scaled_cache(maxsize=4096)
def _wrapped(text: str, width: int) -> tuple[str, ...]:
    return tuple(wrap(text, "text", TEXT_SIZE, width))


class LogPanel:
    """The log zone of the table, folded (a few lines) or unfolded (most of a column)."""

    def __init__(self, rect: pygame.Rect, unfolded: pygame.Rect) -> None:
        self.folded_rect = pygame.Rect(rect)
        self.unfolded_rect = pygame.Rect(unfolded)
        self.lines: list[LogLine] = []
        #: What was said at an online table, kept among the steps' lines.
        self.chat: list[LogLine] = []
        self._steps = 0
        self._first_state: object = None
        self.unfolded = False
        self.notation = False
        #: Rows scrolled up from the newest (0: the newest line is at the bottom).
        self.scroll = 0
        self.palette = "classic"
        #: The steps from this index on were played since the player last looked (an
        #: online table): marked with a bar (None: none marked).
        self.since: int | None = None
        self._rows: list[tuple[int, str]] | None = None  # (line number, text)
        self._rows_key: tuple | None = None
        self._image: gfx.Canvas | None = None
        self._image_key: tuple | None = None

    # ----- content ----------------------------------------------------------------
    def relabel(self, session: GameSession) -> None:
        """Say every line again (the language changed)."""
        self.lines = self._with_chat(log_lines(session, 0))
        self._first_state = session.states[0]
        self._steps = len(session.steps)
        self._rows = self._rows_key = self._image = self._image_key = None

    def sync(self, session: GameSession) -> bool:
        """Follow the session (new steps, undone steps, another game); True if changed."""
        n = len(session.steps)
        first = session.states[0]
        if first is not self._first_state or n < self._steps:
            keep = [line for line in self.lines if line.index < n and not line.chat] \
                if first is self._first_state else []
            start = keep[-1].index + 1 if keep else 0
            self.lines = self._with_chat(keep + log_lines(session, start))
            self._first_state = first
            self._steps = n
            self.scroll = 0
            return True
        if n > self._steps:
            self.lines = self._with_chat(self.lines + log_lines(session, self._steps))
            self._steps = n
            self.scroll = 0
            return True
        return False

    def add_chat(self, *lines: LogLine) -> None:
        """Chat lines, each shown after the step it was said after (``line.index``);
        the last ``CHAT_KEPT`` are kept."""
        self.chat.extend(lines)
        del self.chat[:-CHAT_KEPT]
        self.lines = self._with_chat([line for line in self.lines if not line.chat])
        self.scroll = 0
        self._rows = self._rows_key = self._image = self._image_key = None

    def _with_chat(self, lines: list[LogLine]) -> list[LogLine]:
        if not self.chat:
            return lines
        steps = [line for line in lines if not line.chat]
        return sorted(steps + self.chat, key=lambda line: (line.index, line.chat))

    @property
    def rect(self) -> pygame.Rect:
        return self.unfolded_rect if self.unfolded else self.folded_rect

    def tabs(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The header's two toggles: unfold/fold, notation on/off."""
        r = self.rect
        w = 104  # "Notazione" at the least size, letters no smaller than 12 real pixels
        fold = pygame.Rect(r.right - 2 * w - 14, r.y + 4, w, HEADER - 6)
        notation = pygame.Rect(r.right - w - 8, r.y + 4, w, HEADER - 6)
        return fold, notation

    def _text_width(self) -> int:
        return self.rect.w - TEXT_X - 10  # from the text's left to the clip's right, less a gap

    def rows(self) -> list[tuple[int, str]]:
        """Every visual row: (line number, the row's text), long sentences wrapped."""
        key = (len(self.lines), self._steps, self.notation, self.unfolded,
               self.lines[-1].text if self.lines else "", gfx.VIEW.generation)
        if self._rows is None or key != self._rows_key:
            rows: list[tuple[int, str]] = []
            width = self._text_width()
            for n, line in enumerate(self.lines):
                text = (f"{line.text}  [{line.notation}]" if self.notation and not line.chat
                        else line.text)
                for part in _wrapped(text, width):
                    rows.append((n, part))
            self._rows, self._rows_key = rows, key
        return self._rows

    @property
    def visible_rows(self) -> int:
        return max(1, (self.rect.h - HEADER - 6) // row_height())

    def max_scroll(self) -> int:
        return max(0, len(self.rows()) - self.visible_rows)

    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + rows))

    def follow(self, played: int) -> None:
        """Scroll so the last row of step ``played - 1`` (the one just reviewed) is just
        above the bottom row, which shows what came next; with nothing played, show the
        first rows."""
        rows = self.rows()
        last = max((row for row, (n, _) in enumerate(rows)
                    if self.lines[n].index == played - 1), default=None)
        if last is None:
            self.scroll = self.max_scroll()
            return
        self.scroll = 0
        self.scroll_by(len(rows) - 2 - last)

    def _window(self) -> tuple[int, int]:
        """The rows shown, as whole entries: a wrapped sentence is never shown by its
        tail at the top ("1g1]", "VP!") nor by its head at the bottom when scrolled;
        one entry taller than the panel shows its beginning."""
        rows = self.rows()
        end = len(rows) - self.scroll
        first = max(0, end - self.visible_rows)
        whole = first
        while 0 < whole < end and rows[whole][0] == rows[whole - 1][0]:
            whole += 1  # the top entry began above the panel: leave it out
        last = end
        while whole < last < len(rows) and rows[last][0] == rows[last - 1][0]:
            last -= 1  # the bottom entry goes on below the panel: leave it out
        if whole < last:
            return whole, last
        if not rows or end <= 0:
            return first, end
        n = rows[end - 1][0]  # one entry fills the panel: its beginning
        start = next(i for i, (m, _) in enumerate(rows) if m == n)
        return start, min(len(rows), start + self.visible_rows)

    def line_at(self, pos: tuple[int, int]) -> LogLine | None:
        """The log line under a point (for its notation tooltip)."""
        r = self.rect
        if not r.collidepoint(pos) or pos[1] < r.y + HEADER:
            return None
        first, end = self._window()
        row = first + (pos[1] - r.y - HEADER) // row_height()
        if row >= end:
            return None
        return self.lines[self.rows()[row][0]]

    # ----- input --------------------------------------------------------------------
    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def wheel(self, dy: int) -> None:
        """The mouse wheel over the panel: up shows older lines."""
        self.scroll_by(dy * 3)

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the panel; True when it did something."""
        fold, notation = self.tabs()
        if fold.collidepoint(pos):
            self.unfolded = not self.unfolded
            self.scroll_by(0)
            return True
        if notation.collidepoint(pos):
            self.notation = not self.notation
            self.scroll = 0
            return True
        return False

    # ----- drawing --------------------------------------------------------------------
    def draw(self, surface: gfx.Canvas, turn: int, played: int | None = None) -> None:
        """The panel, the lines of ``turn`` lit; in a review, ``played`` steps counted
        as played (the last of them lit, the rest of the game dimmed)."""
        rows = len(self.rows())  # first: its key is then the rows' (scale and text size too)
        key = (self._rows_key, self.scroll, self.unfolded, self.notation, turn, rows,
               self.palette, played, self.since)
        if self._image is None or key != self._image_key:
            self._image = self._render(turn, played)
            self._image_key = key
        r = self.rect
        if self.unfolded:
            shadow = pygame.Rect(r.x + 6, r.y + 8, r.w, r.h)
            draw.rect(surface, (0, 0, 0), shadow, border_radius=12)
        surface.blit(self._image, r)

    def _render(self, turn: int, played: int | None = None) -> gfx.Canvas:
        r = self.rect
        wood = art.wood_panel(r.w, r.h)
        surf = self._image
        if surf is None or surf.surface.get_size() != wood.surface.get_size():
            surf = wood.copy()
        else:
            # the last picture's pixels reused, the wood put back exactly (its maximum
            # over nothing): a new copy of a 4K window's panel took 2 ms of a step's
            # frame, most of it the system handing over fresh pages
            surf.set_clip(None)
            surf.fill((0, 0, 0, 0))
            surf.blit(wood, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
        fold, notation = self.tabs()
        heading = t("log.heading")
        size = fit_size(heading, "display", 20, fold.x - r.x - 20, height=HEADER - 6)
        blit_text(surf, heading, (14, HEADER // 2), role="display", size=size,
                  color=P.BRASS_LIGHT, anchor="midleft")
        for tab, key, on in ((fold, "log.fold" if self.unfolded else "log.unfold",
                              self.unfolded),
                             (notation, "log.notation", self.notation)):
            tab = tab.move(-r.x, -r.y)
            draw.rect(surf, P.BRASS if on else P.WOOD_DARK, tab, border_radius=6)
            draw.rect(surf, P.BRASS_LIGHT, tab, 1, border_radius=6)
            label = t(key)
            size = fit_size(label, "text-semibold", TEXT_SIZE - 2, tab.w - 8, smallest=10,
                            height=tab.h - 4)
            blit_text(surf, label, tab.center, role="text-semibold", size=size,
                      color=P.INK if on else LIGHT_TEXT, anchor="center", box=tab)
        rows = self.rows()
        first, end = self._window()
        if not rows:
            surf.blit(render(t("log.empty"), "text", TEXT_SIZE, DIM_TEXT), (14, HEADER + 2))
        y = HEADER
        row_h = row_height()
        clip = pygame.Rect(6, HEADER, r.w - 12, r.h - HEADER - 4)
        surf.set_clip(clip)
        for row in range(first, end):
            n, text = rows[row]
            line = self.lines[n]
            current = line.turn == turn if played is None else line.index == played - 1
            if current:
                draw.rect(surf, P.BRASS_DARK, (8, y, r.w - 16, row_h))
            color = P.HIGHLIGHT if current else LIGHT_TEXT
            if played is not None and line.index >= played:
                color = FUTURE_TEXT
            if self.since is not None and not line.chat and line.index >= self.since:
                draw.rect(surf, P.HIGHLIGHT, (6, y + 2, 3, row_h - 4))  # new since you left
            if row == first or rows[row - 1][0] != n:
                mark = art.marker(line.seat, 12, self.palette)
                surf.blit(mark, mark.get_rect(center=(16, y + row_h // 2)))
            blit_text(surf, text, (TEXT_X, y + row_h // 2), size=TEXT_SIZE, color=color,
                      anchor="midleft")
            y += row_h
        surf.set_clip(None)
        if self.scroll and played is None:  # a review's slider says where it stands
            more = render(t("log.scrolled", count=self.scroll), "text-semibold", 13, P.HIGHLIGHT)
            surf.blit(more, more.get_rect(bottomright=(r.w - 10, r.h - 4)))
        return surf


__all__ = ["LogLine", "LogPanel", "log_lines"]
