"""Slow work off the window's thread: reading and replaying a long record.

A record within the size limit can still hold a million steps, and replaying them
takes seconds; done in the main loop, the window would freeze. A ``Job`` runs one
such piece of work in a background thread; the scene that started it polls ``done``
each frame (the window keeps drawing, and can say "Reading…") and then takes the
result, or the exception the work raised, on its own thread. Tests and the smoke run
``wait`` for it instead of sleeping.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from scenes.core.memory import give_back

T = TypeVar("T")


class Job(Generic[T]):
    """One call of ``work`` in a daemon thread (a closing window never waits for it)."""

    def __init__(self, work: Callable[[], T], name: str = "job") -> None:
        self._result: T | None = None
        self._error: BaseException | None = None

        def run() -> None:
            try:
                self._result = work()
            except BaseException as exc:  # handed to the main thread by result()
                self._error = exc
            finally:
                give_back()  # a long replay's positions, now dropped

        self._thread = threading.Thread(target=run, name=name, daemon=True)
        self._thread.start()

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def result(self) -> T:
        """What the work returned, or the exception it raised, raised here (only once
        ``done``)."""
        if not self.done:
            raise RuntimeError("the job is still running")
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]

    def wait(self, timeout: float | None = None) -> None:
        """Block until the work is done (tests and the smoke run; never the window)."""
        self._thread.join(timeout)


__all__ = ["Job"]
