"""Setting a table up for the UI tests: a game already played to a given point."""

from __future__ import annotations

from collections.abc import Callable

from game.steps import parse_step
from scenes.core.app import App
from scenes.core.session import Session
from scenes.selftest.gestures import Hand
from scenes.table.scene import TableScene

TOWNS = ["T01", "T07", "T12", "T05", "T03", "T09", "T02", "T11", "T08"]


def table_at(app: App, steps: list[str], towns: list[str] = TOWNS, variant: str = "standard",
             speed: str | None = None,
             autosave: Callable[[str], None] | None = None) -> Hand:
    """A table for Ann, Bob and Cy whose game has already been played up to ``steps``
    (``speed`` sets the animation speed first)."""
    if speed is not None:
        app.settings.anim_speed = speed
    session = Session(["Ann", "Bob", "Cy"], towns, variant, autosave=autosave)
    for step in steps:
        assert session.submit(parse_step(step)).ok, step
    app.start(TableScene(session))
    hand = Hand(app)
    hand.frames(2)
    return hand


def read_done(scene: object, timeout: float | None = 60) -> None:
    """Let a screen's background read finish (``scene.opening``, a Job). A short read
    may already have been taken in when the screen started it (``choose`` polls at
    once), so a missing job means there is nothing to wait for."""
    job = getattr(scene, "opening", None)
    if job is not None:
        job.wait(timeout)
