"""What the app says of the player's turns: the window's caption ("Sail to India ·
your turn in 3 games") and the desktop notification naming a table. The app knows no
words of its own; ``scenes.main`` gives it a ``TurnWords``."""

from __future__ import annotations

from urllib.parse import urlsplit

from online.accounts import MyGame
from scenes.text.catalog import language, t


def table_words(game: MyGame) -> tuple[str, str]:
    """Who sits at a kept game's table, and where it is."""
    where = urlsplit(game.server).netloc or game.server
    return ", ".join(game.names) or "…", where


class TurnWords:
    """The caption and the notifications (see the module's docstring)."""

    def __init__(self) -> None:
        self._caption: tuple[tuple[int, str], str] | None = None

    def caption(self, count: int) -> str:
        """The window's caption: the game's name, and the turns waiting, if any (asked
        every frame: said again only when the count or the language changes)."""
        key = (count, language())
        if self._caption is None or self._caption[0] != key:
            title = t("game.title")
            self._caption = (key, t("turns.caption", title=title, count=count)
                             if count else title)
        return self._caption[1]

    @staticmethod
    def notice(game: MyGame) -> tuple[str, str]:
        """A notification's title and sentence for a game that has become this
        player's turn: who they are there, and the table (its players, its server)."""
        names, where = table_words(game)
        name = game.names[game.seat] if game.seat < len(game.names) else ""
        title = t("turns.notify.title", name=name) if name else t("turns.notify.someone")
        return title, t("turns.notify.body", names=names, where=where)


__all__ = ["TurnWords", "table_words"]
