"""Moves as values: what the table asks of the game (an intent) and what came of it
(a result).

Input of every kind (the mouse, the keys, the lesson's script, a computer seat, later
a game server) becomes an intent; the table's actions turn an intent into results,
and the scene presents them (films, sounds, banners, the log, the status line).
Nothing below the scene calls back into it, so the whole path from an intent to its
results runs, and is tested, without pygame. The values are plain frozen data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scenes.core.session import Chat, Outcome

# ----- intents -------------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """One step of the notation, as it stands (a computer seat's, a menu entry's)."""

    step: str
    refused: str = "status.refused"  # the status key a refusal is worded with


@dataclass(frozen=True)
class Press:
    """A game button pressed (Set sail, Sell, Done, End turn; Undo is ``TakeBack``)."""

    zone: str


@dataclass(frozen=True)
class Click:
    """A click that is not a drag: a technology used, a marker chosen for Geography."""

    zone: str


@dataclass(frozen=True)
class Answer:
    """The player's answer to a question the actions asked (``Asked.topic``)."""

    topic: str
    yes: bool


@dataclass(frozen=True)
class TakeBack:
    """Undo: the last staged move or good, else the last step of this turn."""


@dataclass(frozen=True)
class Confirm:
    """Enter: commit what is being chosen or staged, or close the voyage."""


@dataclass(frozen=True)
class Hint:
    """H: what a medium computer player would do now, lit and said."""


@dataclass(frozen=True)
class Cancel:
    """Esc while choosing Geography's markers: the choice dropped."""


@dataclass(frozen=True)
class Status:
    """Nothing to do: only the status line's standing sentence (or what is staged)."""

    staged: bool = False


Intent = Play | Press | Click | Answer | TakeBack | Confirm | Hint | Cancel | Status

# ----- results ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Said:
    """The status line's sentence, as a catalog key and its values; ``logged``: news
    of a seat (its ``seat`` among the values) also kept in the ship's log."""

    key: str
    values: tuple[tuple[str, object], ...] = ()
    logged: bool = False

    @staticmethod
    def of(key: str, /, **values: object) -> Said:
        return Said(key, tuple(values.items()))


@dataclass(frozen=True)
class Lit:
    """The zones to light (an empty set puts the light out)."""

    zones: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Stepped:
    """A step was made: the session's outcome, with the states before and after."""

    outcome: Outcome
    dropped: bool = False  # made by the player's drop (whose click was heard already)


@dataclass(frozen=True)
class Undone:
    """A step was taken back (``outcome.before`` is the state it had made)."""

    outcome: Outcome


@dataclass(frozen=True)
class Redrawn:
    """The game's keeper replaced what was shown (an online table's server put it back
    in line): a new picture of the table, its log said again, nothing animated."""


@dataclass(frozen=True)
class Refused:
    """Nothing changed, and why (the reason, worded, also went to the status line)."""

    step: str
    reason: str


@dataclass(frozen=True)
class Asked:
    """A question for the player; the answer comes back as ``Answer(topic, yes)``."""

    topic: str
    key: str  # the question's catalog key, and its values
    values: tuple[tuple[str, object], ...] = field(default=())


@dataclass(frozen=True)
class Chatted:
    """Lines of chat said at an online table (``Chat``: seat, name, text), oldest first,
    for the log."""

    lines: tuple[Chat, ...]


Result = Said | Lit | Stepped | Undone | Redrawn | Refused | Asked | Chatted

__all__ = ["Answer", "Asked", "Cancel", "Chatted", "Click", "Confirm", "Hint", "Intent", "Lit",
           "Play", "Press", "Redrawn", "Refused", "Result", "Said", "Status", "Stepped", "TakeBack",
           "Undone"]
