"""The queue of step films at the table: the first one plays, the rest wait.

Each step the table makes (or undoes) becomes a film (``scenes.table.animations``).
They play one after the other; a queue that falls far behind drops its oldest so
the table catches up, and any click or key skips them all, so input never meets a
half-drawn table. Time comes only from ``update(dt)``, which also hands back the
sounds the playing film has reached; a skip hands back the sounds not yet heard, so
a discovery clicked past still rings (at once, as with animations off).
"""

from __future__ import annotations

from scenes.table.animations import Animation

#: Films kept waiting at most; older ones are dropped (shown at once).
MAX_QUEUED = 3


class FilmQueue:
    """Films of the last steps, oldest first; ``current`` is the one playing."""

    def __init__(self) -> None:
        self.queue: list[Animation] = []

    @property
    def current(self) -> Animation | None:
        return self.queue[0] if self.queue else None

    @property
    def animating(self) -> bool:
        return bool(self.queue)

    def play(self, film: Animation | None) -> None:
        """Queue a step's film (None: nothing to show)."""
        if film is None:
            return
        while len(self.queue) >= MAX_QUEUED:  # falling far behind: catch up
            self.queue.pop(0)
        self.queue.append(film)

    def skip(self) -> list[str]:
        """Jump every film to its end; the names of the sounds they had still to play."""
        rest = [name for film in self.queue for name in film.due_all()]
        self.queue.clear()
        return list(dict.fromkeys(rest))

    def update(self, dt: float) -> list[str]:
        """Advance the playing film; the names of the sounds it has reached."""
        film = self.current
        if film is None:
            return []
        film.update(dt)
        heard = film.due()
        if film.done:
            self.queue.pop(0)
        return heard

    def set_palette(self, palette: str) -> None:
        for film in self.queue:
            film.palette = palette


__all__ = ["MAX_QUEUED", "FilmQueue"]
