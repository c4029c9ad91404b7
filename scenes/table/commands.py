"""What the table's input asks of the scene: its screen commands, as values.

The input router (``input``) and the keyboard's focus model (``keyboard``) decide
what a mouse event or a key means, and say it as a list of values instead of doing
it: an intent for the game (``scenes.core.intents``, or ``Put``), a result to present
at once (a sentence ``Said``, zones ``Lit``), or one of the commands here, which
touch only the screen (a sound, an overlay, another screen, the pointer). The scene
carries each out, in order (``TableScene.carry_out``); nothing that decides calls the
scene back or writes the state of another part, so both are read and tested as
functions of their input.

A ``Gesture`` is the keyboard's way through the mouse's path: a key that picks up,
drops or presses says where the mouse would have done it, and the scene hands that
to the input router, so a key makes exactly what the same click or drag would.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from scenes.core.intents import Result
from scenes.table.actions import TableIntent
from scenes.table.zoom import Card

Point2 = tuple[int, int]


@dataclass(frozen=True)
class Cue:
    """Sounds to play now (the viewer's cues: pickup, drop, refuse)."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class Pointer:
    """The pointer is at ``pos`` now (drawn tooltips and banners follow it)."""

    pos: Point2


@dataclass(frozen=True)
class Settle:
    """A press or a key: a film half played ends at once (input never meets a
    half-played step) and the pointer's rest starts again."""


@dataclass(frozen=True)
class OpenScreen:
    """Another screen over the table, through the navigator (the rules, settings)."""

    screen: str


@dataclass(frozen=True)
class OpenPause:
    """The pause menu (Esc, or the Menu button)."""


@dataclass(frozen=True)
class ShowMenu:
    """The right-click menu at ``pos``: each entry's label and the intent it makes
    when chosen (``keyboard``: opened by a key, so driven by the keys)."""

    pos: Point2
    entries: tuple[tuple[str, TableIntent], ...]
    keyboard: bool = False


@dataclass(frozen=True)
class ShowCard:
    """A card seen large (``zoom.CardZoom``)."""

    card: Card


@dataclass(frozen=True)
class OpenChat:
    """The line for the other players at an online table (C)."""


@dataclass(frozen=True)
class ToggleSound:
    """M: every sound off, or back on (the status line says which)."""


@dataclass(frozen=True)
class ShowHint:
    """H or Hint: the mode's own hint (the lesson's), else the actions' ``Hint``."""


@dataclass(frozen=True)
class Float:
    """The marker in the hand floats over ``pos`` (the keyboard's focused target), lit
    as under the mouse."""

    pos: Point2


@dataclass(frozen=True)
class Gesture:
    """The mouse's path, taken by a key: a ``press`` or ``release`` of the left
    button at ``pos``, the right-click ``menu`` there (driven by the keys), the card
    there seen large (``zoom``), or ``undo`` (a held marker put back first)."""

    kind: Literal["press", "release", "menu", "zoom", "undo"]
    pos: Point2 = (0, 0)


ScreenCommand = (Cue | Pointer | Settle | OpenScreen | OpenPause | ShowMenu | ShowCard | OpenChat
                 | ToggleSound | ShowHint | Float | Gesture)
#: Everything the input may ask for: a change of the game, a result shown at once (a
#: sentence, zones lit, the mode's word on a drop), or a screen command.
Command = TableIntent | Result | ScreenCommand

__all__ = ["Command", "Cue", "Float", "Gesture", "OpenChat", "OpenPause", "OpenScreen",
           "Pointer", "ScreenCommand", "Settle", "ShowCard", "ShowHint", "ShowMenu",
           "ToggleSound"]
