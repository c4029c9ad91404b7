"""The autosaved games of the tests' data folder: each game has a file of its own."""

from __future__ import annotations

from pathlib import Path

from scenes.core.saves import GameFile, list_games, new_game_file


def write_game(text: str) -> Path:
    """A game file holding ``text``, as a game in progress leaves it."""
    game = new_game_file()
    game(text)
    return game.path


def newest_game() -> Path | None:
    games = list_games()
    return games[0] if games else None


def newest_game_text() -> str | None:
    """The record of the game played last (None when no game was saved)."""
    path = newest_game()
    return None if path is None else GameFile(path).read()
