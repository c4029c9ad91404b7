"""The English words of a standing server's lobby: its tables, a quick game, a new
table (a clock or a turn-a-day deadline), the leaderboard, the player key, and the
ratings and deadlines shown beside the players."""

from __future__ import annotations

from game.words import message, plural_message, table

LOBBY_TEXT_EN = table(
    # the lobby
    message("lobby.heading", "The tables at {where}"),
    message("lobby.open", "Open tables"),
    message("lobby.playing", "Being played"),
    message("lobby.none_open", "No open table here yet: take a quick game, or open a "
                               "table."),
    message("lobby.none_playing", "No game is being played here now."),
    message("lobby.loading", "Asking the server for its tables…"),
    message("lobby.sit", "Sit"),
    message("lobby.watch", "Watch"),
    plural_message("lobby.more", "and {count} more table: scroll to see it",
                   "and {count} more tables: scroll to see them"),
    message("lobby.quick.heading", "Quick game"),
    message("lobby.quick.about", "A seat at the table that will start soonest: it starts "
                                 "by itself once every seat is taken."),
    message("lobby.quick", "Quick game"),
    message("lobby.new.heading", "A new table"),
    message("lobby.pace", "Pace"),
    message("lobby.pace.none", "No clock"),
    message("lobby.pace.live", "Live: 20 min"),
    message("lobby.pace.day", "Turn a day"),
    message("lobby.deadline", "A move"),
    message("lobby.vacation", "Vacation"),
    plural_message("lobby.vacation.days", "{count} day", "{count} days"),
    message("lobby.private", "Private: only with the invite code"),
    message("lobby.create", "Open the table"),
    message("lobby.leaders", "Leaderboard"),
    message("lobby.empty", "Nobody seated yet"),
    message("lobby.watchers", "{players} · {steps}"),
    plural_message("lobby.steps", "{count} step played", "{count} steps played"),
    message("lobby.quick_table", "Quick game"),
    message("lobby.pace.clock", "Clock: {clock}"),
    message("lobby.pace.deadline", "A turn a day: each move within {deadline}"),
    plural_message("lobby.pace.deadline_vacation", "A turn a day: each move within "
                                                   "{deadline}, {count} vacation day",
                   "A turn a day: each move within {deadline}, {count} vacation days"),
    message("lobby.pace.free", "No clock"),
    # a player's standing (rating, games rated, games abandoned)
    message("standing.unrated", "not rated yet"),
    plural_message("standing.rated", "rating {rating} · {count} game",
                   "rating {rating} · {count} games"),
    plural_message("standing.left", "{count} abandoned", "{count} abandoned"),
    message("standing.number", "{whole}.{tenth}"),
    # the leaderboard
    message("leaders.heading", "Leaderboard at {where}"),
    message("leaders.about", "Rated games among people, per number of players: a seat "
                             "the computer played for most of a game is not rated."),
    message("leaders.rank", "#"),
    message("leaders.name", "Player"),
    message("leaders.rating", "Rating"),
    message("leaders.games", "Games"),
    message("leaders.left", "Abandoned"),
    message("leaders.you", "You"),
    message("leaders.none", "Nobody is rated here yet at this number of players."),
    message("leaders.back", "Back to the tables"),
    # the waiting room of a quick table
    message("room.fill", "Fill the empty seats with computers"),
    message("room.fill.about", "Nobody has come for a while: computers may take the "
                               "empty seats, and the game starts."),
    message("room.wait_quick", "Waiting for players: the game starts by itself once every "
                               "seat is taken."),
    message("room.options.deadline", "{players} · {deal} · {variant} · a turn a day: "
                                     "each move within {deadline}"),
    # a turn-a-day table's deadline and vacation days, where the clocks are
    message("deadline.hours", "{hours} h {minutes} min"),
    message("deadline.minutes", "{minutes} min"),
    plural_message("deadline.off", "{count} day off", "{count} days off"),
    # the player key
    message("key.button", "Player key"),
    message("key.heading", "Your player key"),
    message("key.about", "Servers know you by this key, not by your name: your ratings "
                         "follow it. Export it to a file to play as the same person on "
                         "another computer, and import it there."),
    message("key.file", "File"),
    message("key.export", "Export"),
    message("key.import", "Import"),
    message("key.close", "Close"),
    message("key.exported", "Your player key was written to {path}: keep it private."),
    message("key.imported", "This computer now plays with the key from {path} (the one "
                            "it replaces is kept as {old})."),
    message("key.no_path", "Type the file's path first."),
    message("key.ask_import", "Play with the key in {path} from now on? The key used "
                              "now is kept beside it."),
)

__all__ = ["LOBBY_TEXT_EN"]
