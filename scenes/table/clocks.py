"""The players' clocks at an online table with a clock: what each board's header shows.

The server keeps the clocks (each player's time, a turn adding its bonus; out of time,
a computer plays the seat on); the session says how much each seat has left, the
player to move's running down. This module only words them: minutes and seconds for
a live game, days and hours for a slow one, in the player's language.
"""

from __future__ import annotations

from scenes.core.session import GameSession
from scenes.text.catalog import t

#: Under this many seconds a clock is shown as running short (in the alert colour).
SHORT = 60.0


def clock_text(seconds: float) -> str:
    """Time left as a clock shows it: "19:32", "1:04:09", "2 d 5 h"."""
    whole = max(0, int(seconds))
    days, rest = divmod(whole, 86_400)
    hours, rest = divmod(rest, 3_600)
    minutes, secs = divmod(rest, 60)
    if days:
        return t("clock.days", days=days, hours=hours)
    if hours:
        return t("clock.hours", hours=hours, minutes=f"{minutes:02d}", seconds=f"{secs:02d}")
    return t("clock.minutes", minutes=minutes, seconds=f"{secs:02d}")


def duration_text(seconds: float) -> str:
    """A clock's setting in words, in its largest whole unit: "3 days", "20 min", "20 s"."""
    whole = max(0, round(seconds))
    for unit, key in ((86_400, "duration.days"), (3_600, "duration.hours"),
                      (60, "duration.minutes")):
        if whole >= unit and whole % unit == 0:
            return t(key, count=whole // unit)
    return t("duration.seconds", count=whole)


def clock_setting(clock: object) -> str | None:
    """A table's clock option in words ("20 min each, +20 s a turn"), or None when the
    table has none (or the server described it in a way this client cannot read)."""
    if not isinstance(clock, dict):
        return None
    budget, bonus = clock.get("budget"), clock.get("bonus", 0)
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) and x >= 0
               for x in (budget, bonus)) or not budget:
        return None
    return t("room.clock", budget=duration_text(budget), bonus=duration_text(bonus))


def clock_faces(session: GameSession) -> tuple[tuple[str, bool], ...]:
    """Each seat's clock as (its words, whether it runs short); () without clocks and
    ("", False) for a seat without one (a computer's)."""
    left = session.clocks_left()
    if not left:
        return ()
    # a computer's clock is never short of time, so it is not shown
    people = [session.seat_kind(i) in ("human", "remote") for i in range(len(left))]
    return tuple(("", False) if s is None or not person else (clock_text(s), s < SHORT)
                 for s, person in zip(left, people, strict=True))


__all__ = ["SHORT", "clock_faces", "clock_setting", "clock_text", "duration_text"]
