"""Continue: the autosaved games over the title, newest first, to play on or remove.

Every game autosaves to a file of its own (``saves.GameFile``), so several games and
the lesson wait here side by side, each told by who plays, the turn it reached (or how
it ended) and when it was last played; a lesson says so. Choosing one replays it in
the background and opens it at the table; a game another window is playing is
refused with a sentence (it is locked by that program). Remove deletes a game after
asking, which is how finished or abandoned games leave the list. It is the record
list's screen (``load_record``) over another folder, with Remove where that one has
Review, and no typed path.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from scenes.core.saves import (
    GameInUse,
    games_dir,
    list_games,
    open_game,
    remove_game,
    why_not_written,
)
from scenes.core.session import Session
from scenes.screens.load_record import LoadRecordScene
from scenes.text.catalog import t
from scenes.ui.overlays import Confirm


class ContinueScene(LoadRecordScene):
    """The autosaved games; a row continues one, its Remove button deletes it."""

    HEADING = "continue.heading"
    NONE = "continue.none"
    FOLDER = "continue.folder"
    SECOND = "continue.remove"
    TYPED = False

    def list_entries(self) -> list[Path]:
        self.kinds = {}  # every entry a game: no row says what it is
        return list_games()

    def folder(self) -> Path:
        return games_dir()

    def open_session(self, path: Path) -> Session:
        return open_game(path)

    def second(self, entry: Path) -> None:
        """Remove a game, once the player has said yes."""
        if self.stack is None:
            return
        title, detail = self.row_text(entry)
        # the date and turn tell apart two games of the same players; No is ringed
        # first, as Yes cannot be undone
        self.stack.push(Confirm(t("continue.remove.ask", game=f"{title} · {detail}"),
                                lambda yes: self._remove(entry) if yes else None,
                                no_first=True))

    def _remove(self, entry: Path) -> None:
        try:
            remove_game(entry)
        except GameInUse:
            self.message = t("continue.in_use")
            return
        except OSError as exc:
            self.message = t("continue.remove.failed", reason=why_not_written(exc, entry.parent))
            return
        self.entries = [e for e in self.entries if e != entry]
        self.top = min(self.top, max(0, len(self.entries) - 1))
        self.message = None
        self.layout()

    def handle(self, event: pygame.event.Event) -> bool:
        """Delete on a focused row removes its game (after asking), as its button does."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            self.focus.set_items(self.focusables())
            key = self.focus.key
            if isinstance(key, tuple) and 0 <= key[1] < len(self.entries):
                self.second(self.entries[key[1]])
                return True
        return super().handle(event)


__all__ = ["ContinueScene"]
