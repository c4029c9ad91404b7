"""What the player asks of an online table besides its steps: a line of chat said, and
an away player's seat handed to the table's computer.

Both are intents like every other change (``scenes.core.intents.Chat`` and
``HandOver``), taken by the table's actions, which hand them here: only an online game
has someone to chat with and seats to hand over (``GameSession.online()``, asked once by
``news.TableNews``), and a game at one machine answers neither. What comes of a request
is results, as everything the actions do: a refusal said on the status line; what the
server then makes of it comes back through the session's ``poll()`` like any news.
"""

from __future__ import annotations

from scenes.core.intents import Result, Said
from scenes.core.session import OnlineTable


class TableRequests:
    """The player's requests to an online table (``online`` None: a game at one machine,
    where there is nothing to ask)."""

    def __init__(self, online: OnlineTable | None) -> None:
        self.online = online

    def chat(self, text: str) -> list[Result]:
        """Say ``text`` to the table; why not, when it cannot be said (empty, too long,
        no seat held here)."""
        refused = self.online.send_chat(text) if self.online is not None else None
        return [] if refused is None else [Said(refused.key, tuple(refused.values.items()))]

    def hand_over(self, seat: int, level: str) -> list[Result]:
        """Let the table's computer play ``seat`` from now (asked first by the table; only
        while its player has been gone long enough, which may have changed since the
        question): the server's news of it comes back as any other."""
        online = self.online
        if online is not None and online.can_hand_over(seat):
            online.hand_over(seat, level)
        return []


__all__ = ["TableRequests"]
