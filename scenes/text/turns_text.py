"""The words of keeping up with online games: "Your turn in 3 games" on the title and
in the window's caption, the desktop notification naming the table, the setting that
turns notifications off, a finished game's replay fetched from its server, the steps
played since the player last looked (``scenes.ui.turn_news`` says them)."""

from __future__ import annotations

from game.words import message, plural_message, table

TURNS_TEXT_EN = table(
    plural_message("turns.title", "Your turn in {count} game", "Your turn in {count} games"),
    plural_message("turns.caption", "{title} · your turn in {count} game",
                   "{title} · your turn in {count} games"),
    message("turns.notify.title", "Your turn, {name}"),
    message("turns.notify.body", "At the table with {names} ({where})."),
    message("turns.notify.someone", "Your turn"),
    message("settings.notify", "Tell me when it is my turn online (notification)"),
    plural_message("online.games.new", "{count} new step since you looked",
                   "{count} new steps since you looked"),
    message("online.games.replay", "Replay"),
    plural_message("online.games.shown", "{first}–{last} of {count} game (scroll, or Page Up "
                   "and Page Down)", "{first}–{last} of {count} games (scroll, or Page Up and "
                   "Page Down)"),
    message("online.replay.fetching", "Fetching the game's record from its server…"),
    message("online.replay.failed", "The record could not be fetched: {reason}"),
    message("online.replay.none", "The server did not give this game's record."),
    message("since.heading", "Since you left"),
    message("since.keys", "Enter: replay them · Esc: skip"),
)



__all__ = ["TURNS_TEXT_EN"]
