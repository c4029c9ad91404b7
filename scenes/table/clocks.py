"""The players' clocks at an online table with a clock, and how long a player not at
the table has been gone: what each board's header shows.

The server keeps the clocks (each player's time, a turn adding its bonus; out of time,
a computer plays the seat on); the session says how much each seat has left, the
player to move's running down. This module only words them: minutes and seconds for
a live game, days and hours for a slow one, in the player's language.
"""

from __future__ import annotations

from scenes.core.session import GameSession, OnlineTable
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


def clock_faces(session: GameSession,
                online: OnlineTable | None) -> tuple[tuple[str, bool], ...]:
    """Each seat's clock as (its words, whether it runs short); () without clocks (as
    at one machine, always) and ("", False) for a seat without one (a computer's)."""
    if online is None:
        return ()
    deadline = deadline_faces(session, online)
    if deadline:  # a turn-a-day table: its deadline where a clock would be
        return deadline
    left = online.clocks_left()
    if not left:
        return ()
    # a computer's clock is never short of time, so it is not shown
    people = [session.seat_kind(i) in ("human", "remote") for i in range(len(left))]
    return tuple(("", False) if s is None or not person else (clock_text(s), s < SHORT)
                 for s, person in zip(left, people, strict=True))


def away_text(seconds: float) -> str:
    """How long a player has been gone, as the board's header says it: "away",
    "away · 4 min", "away · 3 h", "away · 2 d" (the largest whole unit: it changes
    once a minute at most)."""
    whole = max(0, int(seconds))
    for unit, key in ((86_400, "board.away.days"), (3_600, "board.away.hours"),
                      (60, "board.away.minutes")):
        if whole >= unit:
            return t(key, count=whole // unit)
    return t("board.away")  # under a minute


def gone_text(seconds: float) -> str:
    """How long someone has been gone, in the status line's words: whole minutes
    (at least one), hours or days."""
    whole = max(60, int(seconds))
    unit = 86_400 if whole >= 86_400 else 3_600 if whole >= 3_600 else 60
    return duration_text(whole // unit * unit)


def away_faces(session: GameSession, online: OnlineTable | None,
               players: int) -> tuple[str, ...]:
    """Each seat's away words (see ``away_text``), "" for a player at the table;
    () when everyone is (as at one machine, always)."""
    gone = online.away_for() if online is not None else {}
    if not gone:
        return ()
    here = session.seats_here()
    return tuple(away_text(gone[seat]) if seat in gone and seat not in here else ""
                 for seat in range(players))




def deadline_text(seconds: float) -> str:
    """Time left to move at a turn-a-day table: "2 d 4 h", "5 h 12 min", "35 min"
    (at least a minute while any time is left)."""
    whole = max(0, int(seconds))
    days, rest = divmod(whole, 86_400)
    hours, rest = divmod(rest, 3_600)
    if days:
        return t("clock.days", days=days, hours=hours)
    minutes = max(1, rest // 60) if whole else 0
    if hours:
        return t("deadline.hours", hours=hours, minutes=minutes)
    return t("deadline.minutes", minutes=minutes)


def pace_text(clock: object, deadline: float | None, vacation: int = 0) -> str:
    """A table's pace in words: its turn-a-day deadline (and vacation days), its
    clock, or none."""
    if deadline is not None:
        if vacation:
            return t("lobby.pace.deadline_vacation", deadline=duration_text(deadline),
                     count=vacation)
        return t("lobby.pace.deadline", deadline=duration_text(deadline))
    setting = clock_setting(clock)
    return t("lobby.pace.clock", clock=setting) if setting else t("lobby.pace.free")


def deadline_faces(session: GameSession,
                   online: OnlineTable) -> tuple[tuple[str, bool], ...]:
    """At a turn-a-day table in play, each seat's words where the clocks are: the
    player to move's time left (short under an hour), and the vacation days left of
    each other person (a header has no room for both); () at any other table."""
    left = online.deadline_left()
    if left is None:
        return ()
    days = online.vacation_left() or ()
    active = session.state.active
    out: list[tuple[str, bool]] = []
    for seat in range(len(session.names)):
        if session.seat_kind(seat) not in ("human", "remote"):
            out.append(("", False))
            continue
        off = days[seat] if seat < len(days) else 0
        if seat == active:  # (their days off are shown while the others move)
            out.append((deadline_text(left), left < 3_600))
        else:
            out.append((t("deadline.off", count=off) if off else "", False))
    return tuple(out)


__all__ = ["SHORT", "away_faces", "away_text", "clock_faces", "clock_setting", "clock_text",
           "deadline_faces", "deadline_text", "duration_text", "gone_text", "pace_text"]
