"""What became of a step submitted to a game, the keeper's other news, and a read-only
view of a game's lists.

They belong to whoever keeps a game: the desktop's local session
(``scenes.core.session``) and the online one (``online.remote``), which may not
import the client. They live here, in the engine's top layer, and the client
re-exports them. A session's ``poll()`` gives its ``News`` in the order it came: the
outcomes of steps made elsewhere, and, from an online table, its notices (``Notice``)
and its chat lines (``Chat``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar, overload

from .state import State
from .steps import Step, StepError
from .words import Phrase

T = TypeVar("T")


class ReadOnly(Sequence[T]):
    """A live, read-only view of one of the session's lists: scenes may read every
    step and state, and only the session changes them. A slice is a copy."""

    __slots__ = ("_items",)

    def __init__(self, items: list[T]) -> None:
        self._items = items

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        return self._items[index]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return self._items == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._items)


@dataclass(frozen=True)
class Outcome:
    """What became of a submitted step: ``ok``, else ``reason`` says why not.

    A local game knows at once. An online game (``online.remote``) has two more
    answers, each with ``ok`` false:

    - ``pending``: the step was sent but is not shown yet, because it discovers a
      town whose card only the server knows (``reason`` is "pending"). Its real
      outcome comes later out of ``poll()``: ok with the states around it, or a
      refusal.
    - ``taken_back``: a step shown already (made here and sent, ``before`` holding
      it) was refused by the server, or overtaken by the table: the game goes back to
      ``after``, the server's state. ``reason`` is the server's sentence.

    ``said`` is the reason as a translatable sentence (a key and its values), when the
    session words it itself; a refusal by the rules carries ``refusal`` instead.

    ``step`` is the step as a value (a keeper that reads steps as text, a record or a
    server's message, parses them where it reads them); None when no step is
    concerned: an undo refused, a table put back in line with its keeper.
    """

    ok: bool
    step: Step | None
    reason: str = ""
    before: State | None = None
    after: State | None = None
    refusal: StepError | None = None  # the engine's refusal (key and values)
    pending: bool = False
    taken_back: bool = False
    said: Phrase | None = None


@dataclass(frozen=True)
class Notice:
    """A sentence for the player that is no step's outcome (an online table's news: a
    seat handed to the computer, a player back, a lost request): a ``Phrase`` of the
    client's, or the server's own sentence (a str, in the server's words)."""

    said: Phrase | str


@dataclass(frozen=True)
class Chat:
    """A line of chat said at an online table: who said it (seat and name) and what,
    as plain text."""

    seat: int
    name: str
    text: str


#: What a session's ``poll()`` reports, in the order it came.
News = Outcome | Notice | Chat


def outcomes(news: Iterable[News]) -> list[Outcome]:
    """The steps' outcomes among ``news`` (its notices and chat left out)."""
    return [item for item in news if isinstance(item, Outcome)]


__all__ = ["Chat", "News", "Notice", "Outcome", "ReadOnly", "outcomes"]
