"""Load record…: a file list over the title, newest first: the saved records (the
records folder), the records opened earlier by their path, and the recent games (the
newest autosaves), each told by what it is, who played, when it was written, and the
turn it reached or how it ended; and any other record by its path, typed under the
list. A newcomer who has saved no record yet still finds the games just played here.
A recent game opens where it stopped, as Continue opens it (``continue_game``, which
lists every game and removes them); a record opens in a game of its own.

Choosing one opens it at the table through the navigator, and its Review button
opens it in the review instead (read-only: ``scenes.core.review.open_review``); a
record that cannot be read leaves the list open with one sentence saying why, and
nothing saved is touched.
Both the list's summaries (``saves.summarize_record``: the header, the turns counted,
the result from a replay only when the record is short) and the record being opened
are read in the background, so many records or a long one never freeze the window:
a row says "Reading…" until its summary comes in. The wheel or Page Up/Down scrolls
a list longer than the panel.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from scenes.core import gfx
from scenes.core.jobs import Job
from scenes.core.navigator import Screen
from scenes.core.review import open_review
from scenes.core.saves import (
    GameInUse,
    RecordSummary,
    list_games,
    list_records,
    open_game,
    open_record,
    recent_records,
    records_dir,
    remember_record,
    summarize_record,
)
from scenes.core.scene import Scene
from scenes.core.session import RecordError, Session
from scenes.table.lesson import LESSON_TAG
from scenes.text.catalog import t
from scenes.text.fitting import fit_size
from scenes.text.fonts import blit_text, drawable, text_width
from scenes.text.reasons import record_error_text
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.focus import Focus, Focusable, of_widget
from scenes.ui.widgets import Button, TextField

REVIEW_W = 160  # each record's Review button, beside the one that opens it at the table
ROWS = 6        # records shown at once (the wheel scrolls the rest)
ROW_H = 72      # a row's height on the panel, its button 64 of it
OPEN_W = 160    # the Open button beside the typed path
#: How a record's date is written: the same in every language, and sorts as it reads.
DATE_FORMAT = "%Y-%m-%d %H:%M"
#: The newest autosaved games listed among the records.
RECENT_GAMES = 5
#: What each kind of entry is called on its row.
KIND_WORDS = {"record": "load.kind.record", "opened": "load.kind.opened",
              "game": "load.kind.game"}


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _read_summaries(paths: list[Path], into: dict[Path, RecordSummary],
                    stop: threading.Event) -> None:
    """Summarise each record in turn, newest first, into ``into`` (the window reads
    what is there each frame); stops early when the list is closed."""
    for path in paths:
        if stop.is_set():
            return
        into[path] = summarize_record(path)


def _fitted(text: str, role: str, size: int, smallest: int, width: int) -> tuple[str, int]:
    """The largest size from ``size`` down to ``smallest`` at which ``text`` fits in
    ``width`` pixels, and the text, cut with an ellipsis when even that is too wide
    (four long names, a long reason: cut on purpose, so not an overflow)."""
    text = drawable(text)
    while size > smallest and text_width(text, role, size) > width:
        size -= 1
    if text_width(text, role, size) <= width:
        return text, size
    while text and text_width(text + "…", role, size) > width:
        text = text[:-1]
    return text.rstrip() + "…", size


class RecordRow(Button):
    """One record's button: who played on its first line; the date and how far the
    game went (or why it cannot be read) on the second."""

    def __init__(self, rect: tuple[int, int, int, int], lines: Callable[[], tuple[str, str]],
                 action: Callable[[], object]) -> None:
        super().__init__(rect, lambda: "", action)
        self.lines = lines

    def draw(self, surface: gfx.Canvas) -> None:
        super().draw(surface)
        title, detail = self.lines()
        width = self.rect.w - 28
        text, size = _fitted(title, "text-semibold", 22, 17, width)
        blit_text(surface, text, (self.rect.x + 14, self.rect.y + 19), role="text-semibold",
                  size=size, color=P.INK, anchor="midleft")
        text, size = _fitted(detail, "text", 18, 16, width)
        blit_text(surface, text, (self.rect.x + 14, self.rect.y + 44), size=size, color=P.INK,
                  anchor="midleft")


class LoadRecordScene(Scene):
    """A list of saved records over the title; choosing one opens it at the table (or,
    with its Review button, in the review); a typed path opens any record.

    The Continue list (``continue_game``) is the same list over the autosaved games:
    what differs is named by the class attributes and the hooks below."""

    opaque = False
    modal = True
    PANEL = pygame.Rect(360, 130, 1200, 820)
    HEADING = "load.heading"
    NONE = "load.none"
    FOLDER = "load.folder"
    #: The second button of a row (Review here) and whether a path can be typed.
    SECOND = "load.review"
    TYPED = True

    # ----- what differs between the record list and the Continue list ---------------
    def list_entries(self) -> list[Path]:
        """The records folder, the records opened earlier by path, the recent games:
        newest first, each kind remembered for its row (``kinds``)."""
        records = list_records()
        opened = [p for p in recent_records(self.settings) if p not in records]
        games = list_games()[:RECENT_GAMES]
        self.kinds: dict[Path, str] = {
            **{p: "opened" for p in opened}, **{p: "game" for p in games},
            **{p: "record" for p in records}}
        return sorted(self.kinds, key=_modified, reverse=True)

    def folder(self) -> Path:
        return records_dir()

    def second(self, entry: Path) -> None:
        self.choose(entry, review=True)

    def open_session(self, path: Path) -> Session:
        """A recent game plays on in its own file (as Continue opens it); a record
        opens in a game of its own, the record never written over."""
        if self.kinds.get(path) == "game":
            return open_game(path)
        return open_record(path)

    def title_of(self, summary: RecordSummary) -> str:
        names = ", ".join(summary.names)
        if any(tag.lower() == LESSON_TAG.lower() for tag, _ in summary.tags):
            return t("continue.lesson", names=names)
        return names

    def __init__(self) -> None:
        super().__init__()
        self.message: str | None = None
        #: Back, then each row shown: the button that opens it, then its Review button.
        self.buttons: list[Button] = []
        #: The records listed, newest first.
        self.entries: list[Path] = []
        #: The first entry shown (the list scrolls by whole rows).
        self.top = 0
        #: What is known of each record so far, filled by ``reading`` in the background.
        self.summaries: dict[Path, RecordSummary] = {}
        #: What each entry is: "record" (the records folder), "opened" (opened earlier
        #: by its path), "game" (a recent autosave); none on the Continue list.
        self.kinds = {}
        self.reading: Job[None] | None = None
        self._stop_reading = threading.Event()
        #: The record being read and replayed, while it lasts.
        self.opening: Job[Session] | None = None
        #: Whether the record being opened is for the review (else for the table).
        self.reviewing = False
        #: The record being opened (or last opened).
        self.path: Path | None = None
        self.path_field = TextField((0, 0, 1, 1))
        self.open_button = Button((0, 0, 1, 1), "load.open", self.open_typed)
        #: Tab and the arrows over the rows (Up/Down past the edge scroll the list), the
        #: typed path, Open and Back.
        self.focus = Focus()

    def enter(self) -> None:
        p = self.PANEL
        self.back_button = Button((p.centerx - 150, p.bottom - 90, 300, 64), "load.back",
                                  self.back)
        self.entries = self.list_entries()
        self.top = 0
        paths = list(self.entries)
        stop = self._stop_reading = threading.Event()
        summaries = self.summaries = {}
        self.reading = Job(lambda: _read_summaries(paths, summaries, stop),
                           name="read-record-list")
        y = p.y + 104 + ROWS * ROW_H + 44
        self.path_field = TextField((p.x + 60, y, p.w - 120 - OPEN_W - 10, 56),
                                    placeholder="load.path.hint", max_len=1000,
                                    allowed=str.isprintable)
        self.open_button = Button((p.right - 60 - OPEN_W, y, OPEN_W, 56), "load.open",
                                  self.open_typed, size=24)
        self.layout()

    def exit(self) -> None:
        self._stop_reading.set()  # the rest of the list is not needed any more

    def layout(self) -> None:
        """The buttons of the rows shown: Back, then each row's two buttons."""
        p = self.PANEL
        self.buttons = [self.back_button]
        for i, entry in enumerate(self.entries[self.top:self.top + ROWS]):
            y = p.y + 104 + i * ROW_H
            rect = (p.x + 60, y, p.w - 120 - REVIEW_W - 10, ROW_H - 8)
            self.buttons.append(RecordRow(rect, partial(self.row_text, entry),
                                          partial(self.choose, entry)))
            self.buttons.append(Button((p.right - 60 - REVIEW_W, y, REVIEW_W, ROW_H - 8),
                                       self.SECOND, partial(self.second, entry),
                                       size=22))

    def focusables(self) -> list[Focusable]:
        rows = self.buttons[1:]
        found: list[Focusable | None] = []
        for i in range(0, len(rows) - 1, 2):
            entry = self.top + i // 2
            found += [of_widget(rows[i], ("open", entry)),
                      of_widget(rows[i + 1], ("review", entry))]
        if self.TYPED:
            found += [of_widget(self.path_field, "path"),
                      of_widget(self.open_button, "open-typed")]
        found.append(of_widget(self.back_button, "back"))
        return [item for item in found if item is not None]

    def _scroll_to_focus(self, event: pygame.event.Event) -> bool:
        """Up or Down from the first or last row shown scrolls the list by one row, the
        focus staying in its column."""
        key = self.focus.key
        if (event.type != pygame.KEYDOWN or event.key not in (pygame.K_UP, pygame.K_DOWN)
                or not isinstance(key, tuple)):
            return False
        column, entry = key
        shown = min(len(self.entries), self.top + ROWS)
        if event.key == pygame.K_DOWN and entry == shown - 1 and shown < len(self.entries):
            self.scroll(1)
        elif event.key == pygame.K_UP and entry == self.top and self.top > 0:
            self.scroll(-1)
        else:
            return False
        self.focus.visible = True
        self.focus.set_items(self.focusables())
        self.focus.focus((column, entry + (1 if event.key == pygame.K_DOWN else -1)))
        return True

    def scroll(self, rows: int) -> None:
        last = max(0, len(self.entries) - ROWS)
        top = min(last, max(0, self.top + rows))
        if top != self.top:
            self.top = top
            self.layout()

    def row_text(self, entry: Path) -> tuple[str, str]:
        """A row's two lines: who played (the file's name until that is known), then
        when, and the turn reached or the result (or why it cannot be read)."""
        path = entry
        summary = self.summaries.get(path)
        label = path.name
        if summary is None:
            return label, t("load.reading")
        when = time.strftime(DATE_FORMAT, time.localtime(summary.modified))
        if summary.error is not None:
            return label, t("load.unreadable", reason=record_error_text(summary.error))
        title = self.title_of(summary)
        if summary.over:
            key = "load.result.won" if len(summary.winners) == 1 else "load.result.shared"
            what = t(key, names=" & ".join(summary.winners), count=summary.score)
        else:
            what = t("load.turn", turn=summary.turn)
        kind = self.kinds.get(path)
        if kind is None:
            return title, t("load.detail", date=when, what=what)
        return title, t("load.detail.kind", kind=t(KIND_WORDS[kind]), date=when, what=what)

    def back(self) -> None:
        assert self.stack is not None
        self.stack.pop()

    def open_typed(self) -> None:
        """Open the record whose path was typed (at the table)."""
        typed = self.path_field.value.strip()
        if not typed:
            self.message = t("load.path.empty")
            return
        self.path_field.focused = False
        self.choose(Path(typed).expanduser())

    def choose(self, path: Path, review: bool = False) -> None:
        """Open a record at the table, or in the review, or say why it cannot be; it is
        read in the background, and the screen follows when it is ready."""
        if self.opening is not None:
            return
        self.message = t("load.opening", name=path.name)
        self.reviewing = review
        self.path = path
        if review:
            self.opening = Job(lambda: open_review(path), name="read-record")
        else:
            self.opening = Job(lambda: self.open_session(path), name="read-record")
        self.poll()

    def poll(self) -> None:
        job = self.opening
        if job is None or not job.done:
            return
        self.opening = None
        try:
            session = job.result()
        except (ValueError, RecordError) as exc:
            self.message = t("load.failed", reason=record_error_text(exc))
            return
        except OSError as exc:
            self.message = self.refused(exc)
            return
        self.message = None
        if self.path is not None and self.kinds.get(self.path) is None and self.TYPED \
                and self.app is not None and remember_record(self.settings, self.path):
            self.app.save_settings()  # listed next time, without typing it again
        assert self.stack is not None
        self.stack.pop()
        if self.reviewing:
            self.go(Screen.REVIEW, session=session, back=Screen.TITLE)
        else:
            self.go(Screen.TABLE, session=session, handoff_first=True)

    def refused(self, exc: OSError) -> str:
        """The sentence for a file the system would not open (a game another window
        plays is said so)."""
        if isinstance(exc, GameInUse):
            return t("continue.in_use")
        return t("load.failed", reason=exc.strerror or type(exc).__name__)

    def update(self, dt: float) -> None:
        self.path_field.update(dt)
        self.poll()

    def handle(self, event: pygame.event.Event) -> bool:
        self.focus.set_items(self.focusables())
        if event.type == pygame.KEYDOWN and self.path_field.focused and self.TYPED:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_typed()
                return True
            if not self.focus.handle(event):  # Tab, Up and Down leave the field
                self.path_field.handle(event)  # Esc leaves the field, not the list
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll(ROWS if event.key == pygame.K_PAGEDOWN else -ROWS)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return True
        if self._scroll_to_focus(event) or self.focus.handle(event):
            return True
        if self.TYPED:
            self.path_field.handle(event)
            self.open_button.handle(event)
        any(b.handle(event) for b in self.buttons)
        return True

    def draw(self, surface: gfx.Canvas) -> None:
        veil = gfx.surface(surface.get_size())
        veil.fill((4, 12, 24, 170))
        surface.blit(veil, (0, 0))
        p = self.PANEL
        surface.blit(art.parchment(p.w, p.h, radius=16, seed=12), p)
        blit_text(surface, t(self.HEADING), (p.centerx, p.y + 56), role="display", size=48,
                  color=P.INK, anchor="center")
        if not self.entries:
            blit_text(surface, t(self.NONE), (p.centerx, p.y + 170), size=26,
                      color=P.INK, anchor="center")
        elif len(self.entries) > ROWS:
            shown = t("load.shown", first=self.top + 1,
                      last=min(len(self.entries), self.top + ROWS), count=len(self.entries))
            blit_text(surface, shown, (p.centerx, p.y + 104 + ROWS * ROW_H + 8), size=18,
                      color=P.INK_SOFT, anchor="midtop")
        folder = t(self.FOLDER, folder=str(self.folder()))
        size = fit_size(folder, "text", 18, p.w - 60)
        blit_text(surface, folder, (p.centerx, p.bottom - 116), size=size, color=P.INK_SOFT,
                  anchor="center")
        for b in self.buttons:
            b.draw(surface)
        if self.TYPED:
            self.path_field.draw(surface)
            self.open_button.draw(surface)
        self.focus.set_items(self.focusables())
        self.focus.draw(surface)
        if self.message:
            size = fit_size(self.message, "text", 20, p.w - 40)
            blit_text(surface, self.message, (p.centerx, p.bottom - 145), size=size,
                      color=P.ALERT, anchor="center")


__all__ = ["LoadRecordScene", "RecordRow"]
