"""What an online table has to tell the player between two polls, kept until it is taken.

The parts of ``RemoteSession`` that read the server (``online.follow``,
``online.seats``, ``online.inbox``) put their news here as it comes: the outcomes of
steps, notices (``Notice``), chat lines (``Chat``). ``RemoteSession.poll()`` takes all of it, in
order: the table's one way to hear of the game. What waits is bounded: at most
``NOTICES_KEPT`` notices and ``CHAT_KEPT`` chat lines (the oldest go first), however
long nobody takes them (a waiting room that only wants the game to begin).
"""

from __future__ import annotations

from game.outcome import Chat, News, Notice, Outcome
from game.words import Phrase

NOTICES_KEPT = 50
CHAT_KEPT = 200


class Outbox:
    """The news not yet taken, oldest first."""

    def __init__(self) -> None:
        self._news: list[News] = []

    @property
    def held(self) -> tuple[News, ...]:
        """What waits for the next ``take`` (a copy)."""
        return tuple(self._news)

    def note(self, said: Phrase | str) -> None:
        """A sentence for the player that is no step's outcome."""
        self._keep(Notice(said), Notice, NOTICES_KEPT)

    def chat(self, line: Chat) -> None:
        self._keep(line, Chat, CHAT_KEPT)

    def add(self, outcomes: list[Outcome]) -> None:
        self._news += outcomes

    def take(self) -> list[News]:
        out, self._news = self._news, []
        return out

    def forget_steps(self) -> None:
        """Drop the outcomes waiting (the game was not shown yet: its first picture
        is the whole of it), keeping the words for the table to come."""
        self._news = [n for n in self._news if not isinstance(n, Outcome)]

    def _keep(self, item: News, kind: type, limit: int) -> None:
        self._news.append(item)
        same = [i for i, n in enumerate(self._news) if isinstance(n, kind)]
        if len(same) > limit:
            del self._news[same[0]]


__all__ = ["CHAT_KEPT", "NOTICES_KEPT", "Outbox"]
