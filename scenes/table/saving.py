"""Saving at the table: the record saved on request, and the autosave watched.

The session writes its record after every change and keeps a failed write's error;
the table only has to tell the player, once, and offer a copy elsewhere, then say
when saving works again. These answer in results the table presents.
"""

from __future__ import annotations

from pathlib import Path

from scenes.core.intents import Said
from scenes.core.saves import records_dir, save_record, why_not_written
from scenes.core.session import GameSession
from scenes.text.catalog import t


def save_now(session: GameSession) -> Said:
    """Save record (the pause menu): into the records folder, else elsewhere; what
    became of it, in one sentence."""
    if session.record_text() is None:  # a table played online, before its end
        return Said.of("status.save_online")
    try:
        path = save_record(session)
    except OSError as exc:
        return Said.of("status.save_failed", reason=why_not_written(exc, records_dir()))
    if path.parent == records_dir():
        return Said.of("status.saved", file=path.name)
    return Said.of("status.saved_elsewhere", path=str(path))


class SaveWatch:
    """Whether the player has been told that the autosave fails (told once, until it
    works again)."""

    def __init__(self) -> None:
        self.failing = False

    def check(self, session: GameSession) -> tuple[Said | None, str | None]:
        """What to say about the autosave now, and the question offering a copy
        elsewhere (None: nothing to ask). Play goes on either way: the session tries
        again after every change."""
        error = session.save_error
        if error is not None and not self.failing:
            self.failing = True
            # the folder that refused (the games' folder left by another user, say)
            folder = Path(error.filename).parent if isinstance(error.filename, str) else None
            reason = why_not_written(error, folder)
            return Said.of("status.not_saving", reason=reason), t("confirm.not_saving",
                                                                  reason=reason)
        if error is None and self.failing:
            self.failing = False
            return Said.of("status.saving_again"), None
        return None, None


__all__ = ["SaveWatch", "save_now"]
