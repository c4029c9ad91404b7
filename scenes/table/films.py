"""The queue of step films at the table: the first one plays, the rest wait.

Each step the table makes (or undoes) becomes a film (``scenes.table.animations``).
They play one after the other; a queue that falls far behind drops its oldest so
the table catches up, and any click or key skips them all, so input never meets a
half-drawn table. Time comes only from ``update(dt)``.
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

    def skip(self) -> None:
        """Jump every film to its end."""
        self.queue.clear()

    def update(self, dt: float) -> None:
        film = self.current
        if film is not None:
            film.update(dt)
            if film.done:
                self.queue.pop(0)

    def set_palette(self, palette: str) -> None:
        for film in self.queue:
            film.palette = palette


__all__ = ["MAX_QUEUED", "FilmQueue"]
