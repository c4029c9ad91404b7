"""A finished online game's record, fetched from its server for the review.

Why: a player wants to look back over an online game once it is over, from My online
games in one action, without having kept the record themselves. The server keeps it:
the held seat is taken back (``resume``, its token kept) on a connection of the
fetch's own, and the view of a finished table carries the whole record, which the
session (``online.remote``) keeps only once it has checked it is that table's game,
replayed to its end. Nothing here waits: ``poll`` once a frame; ``record`` once done,
else ``failed`` says why in one sentence (the server's, the connection's, or that no
record came within ``PATIENCE`` seconds). Nothing here draws.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable

from game.record import RecordError, parse_record
from game.words import Phrase
from online.client import Connection
from online.remote import RemoteSession
from scenes.core.session import Session

#: Seconds a server may take to give a finished game's record.
PATIENCE = 20.0


class RecordFetch:
    """One finished game's record on its way (see the module's docstring)."""

    def __init__(self, connection: Connection, table: str, seat: int, token: str,
                 clock: Callable[[], float] = time.monotonic,
                 patience: float | None = None) -> None:
        self.connection = connection
        self.session = RemoteSession(connection, table, {seat: token})
        self._clock = clock
        self._until = clock() + (PATIENCE if patience is None else patience)
        #: The finished game, opened read-only for the review, once fetched.
        self.review: Session | None = None
        #: Why not, in one sentence.
        self.failed: Phrase | None = None

    @property
    def done(self) -> bool:
        return self.review is not None or self.failed is not None

    def poll(self) -> None:
        if self.done:
            return
        session = self.session
        session.settle()
        if session.ready and session.over:
            text = session.record_text()
            if text:
                try:
                    self.review = Session.from_record(parse_record(text), autosave=None)
                except (RecordError, ValueError):
                    self.failed = Phrase("online.replay.none", {})
                self.close()
                return
        trouble = session.place.trouble()  # (a connection given up, or a game unshowable)
        if trouble is not None:
            self.failed = trouble
        elif self._clock() > self._until or (session.ready and not session.over):
            self.failed = Phrase("online.replay.none", {})
        if self.failed is not None:
            self.close()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.connection.close(timeout=0.5)


__all__ = ["PATIENCE", "RecordFetch"]
