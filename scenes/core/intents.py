"""Moves as values: what the table asks of the game (an intent) and what came of it
(a result).

Input of every kind (the mouse, the keys, the lesson's script, a computer seat, a
menu entry, a line of chat) becomes an intent. The input router and the keyboard
return their intents to the scene (with the screen commands of
``scenes.table.commands``) rather than calling it; the scene hands each intent to the
table's actions, which turn it into results, and presents them (films, sounds,
banners, the log, the status line). Neither the input nor the actions call the scene:
the scene alone calls down, and everything below it answers with values, so the whole
path from an intent to its results runs, and is tested, without pygame. The values
are plain frozen data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.steps import Step
from scenes.core.session import Chat as ChatLine
from scenes.core.session import Outcome

# ----- intents -------------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """One step, as a value (a computer seat's, a menu entry's)."""

    step: Step
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


@dataclass(frozen=True)
class Chat:
    """A line said to the other players at an online table."""

    text: str


@dataclass(frozen=True)
class HandOver:
    """Let the table's computer play ``seat``, whose player has been gone longer than
    the table allows (asked first; they take the seat back by returning)."""

    seat: int
    level: str = "medium"


Intent = (Play | Press | Click | Answer | TakeBack | Confirm | Hint | Cancel | Status | Chat
          | HandOver)

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
    """Nothing changed, and why (the reason, worded, also went to the status line);
    ``step`` None: an undo refused."""

    step: Step | None
    reason: str


@dataclass(frozen=True)
class Asked:
    """A question for the player; the answer comes back as ``Answer(topic, yes)``."""

    topic: str
    key: str  # the question's catalog key, and its values
    values: tuple[tuple[str, object], ...] = field(default=())


@dataclass(frozen=True)
class Chatted:
    """Lines of chat said at an online table (``game.outcome.Chat``: seat, name, text),
    oldest first, for the log (not the ``Chat`` intent, a line this player says)."""

    lines: tuple[ChatLine, ...]


Result = Said | Lit | Stepped | Undone | Redrawn | Refused | Asked | Chatted

__all__ = ["Answer", "Asked", "Cancel", "Chat", "Chatted", "Click", "Confirm", "HandOver", "Hint",
           "Intent", "Lit", "Play", "Press", "Redrawn", "Refused", "Result", "Said", "Status",
           "Stepped", "TakeBack",
           "Undone"]
