"""Load record…: the saved records over the title, newest first.

Choosing one opens it at the table through the navigator, and its Review button
opens it in the review instead (read-only: ``scenes.core.review.open_review``); a
record that cannot be read leaves the list open with one sentence saying why, and
nothing saved is touched.
A record is read and replayed in the background ("Opening…"), so a long one never
freezes the window.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from scenes.core.jobs import Job
from scenes.core.navigator import Screen
from scenes.core.review import open_review
from scenes.core.saves import (
    has_autosave,
    list_records,
    open_autosave,
    open_record,
    records_dir,
)
from scenes.core.scene import Scene
from scenes.core.session import RecordError, Session
from scenes.text.catalog import t
from scenes.text.fonts import blit_text, fit_size
from scenes.text.reasons import record_error_text
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.widgets import Button

REVIEW_W = 160  # each record's Review button, beside the one that opens it at the table


class LoadRecordScene(Scene):
    """A list of saved records over the title; choosing one opens it at the table (or,
    with its Review button, in the review)."""

    opaque = False
    modal = True
    PANEL = pygame.Rect(460, 160, 1000, 760)

    def __init__(self) -> None:
        super().__init__()
        self.message: str | None = None
        self.buttons: list[Button] = []
        #: The record being read and replayed, while it lasts.
        self.opening: Job[Session] | None = None
        #: Whether the record being opened is for the review (else for the table).
        self.reviewing = False

    def enter(self) -> None:
        p = self.PANEL
        self.buttons = [Button((p.centerx - 150, p.bottom - 90, 300, 64), "load.back", self.back)]
        entries: list[tuple[str, Path | None]] = []
        if has_autosave():
            entries.append((t("load.autosave"), None))
        entries += [(path.name, path) for path in list_records()[:8]]
        for i, (label, path) in enumerate(entries):
            y = p.y + 110 + i * 66
            rect = (p.x + 80, y, p.w - 160 - REVIEW_W - 10, 56)
            self.buttons.append(Button(rect, (lambda lab=label: lab),
                                       (lambda pa=path: self.choose(pa)), size=22))
            self.buttons.append(Button((p.right - 80 - REVIEW_W, y, REVIEW_W, 56), "load.review",
                                       (lambda pa=path: self.choose(pa, review=True)), size=22))

    def back(self) -> None:
        assert self.stack is not None
        self.stack.pop()

    def choose(self, path: Path | None, review: bool = False) -> None:
        """Open a record (None: the autosave) at the table, or in the review, or say why
        it cannot be; it is read in the background, and the screen follows when it is
        ready."""
        if self.opening is not None:
            return
        label = t("load.autosave") if path is None else path.name
        self.message = t("load.opening", name=label)
        self.reviewing = review
        if review:
            self.opening = Job(lambda: open_review(path), name="read-record")
        else:
            self.opening = Job(open_autosave if path is None else (lambda: open_record(path)),
                               name="read-record")
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
        self.message = None
        assert self.stack is not None
        self.stack.pop()
        if self.reviewing:
            self.go(Screen.REVIEW, session=session, back=Screen.TITLE)
        else:
            self.go(Screen.TABLE, session=session, handoff_first=True)

    def update(self, dt: float) -> None:
        self.poll()

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



__all__ = ["LoadRecordScene"]
