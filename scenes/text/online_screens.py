"""The English words of playing online: the Play online screen, the waiting room and
what the table says about the other machines (the connection's own sentences are the
``online`` package's, in ``online.words``)."""

from __future__ import annotations

from game.words import message, plural_message, table

ONLINE_SCREENS_EN = table(
    # the title
    message("title.online", "Play online"),
    # the Play online screen
    message("online.heading", "Play online"),
    message("online.name", "Your name at the table"),
    message("online.host.heading", "Host a game"),
    message("online.host.about", "This computer keeps the table: friends join with the "
                                 "invite code while this program runs."),
    message("online.host", "Host a table"),
    message("online.clock", "Clock"),
    message("online.clock.none", "None"),
    message("online.clock.live", "Live: 20 min"),
    message("online.clock.slow", "Slow: 3 days"),
    message("online.clock.about", "Each player's own time; a turn adds 20 s (live) or a "
                                  "day (slow). Out of time, a computer plays the seat on."),
    message("online.join.heading", "Join a game"),
    message("online.join.about", "Type or paste the invite code your host gave you, or a "
                                 "server's address (host:port) to see its open tables."),
    plural_message("online.found.row", "{players} · {free} seat free",
                   "{players} · {free} seats free"),
    message("online.join.code", "Invite code"),
    message("online.join", "Join"),
    message("online.games.heading", "My online games"),
    message("online.games.last", "Last: {step}"),
    message("online.games.none", "No online game yet: host one or join a friend's."),
    message("online.games.resume", "Open"),
    message("online.games.forget", "Forget"),
    message("online.games.forget.ask", "Leave this game for good, {name}? The table's "
                                       "computer plays your seat from now on, and it "
                                       "cannot be taken back."),
    message("online.games.forget.ask_open", "Leave this table, {name}? Your seat is freed "
                                            "for someone else."),
    message("online.games.row", "{names} · {where}"),
    message("online.games.turn", "{name} to play"),
    message("online.games.your_turn", "Your turn, {name}"),
    message("online.games.open", "Waiting for players"),
    message("online.games.over", "Game over"),
    message("online.games.unknown", "Not heard from yet"),
    message("online.back", "Back"),
    message("online.error.name", "Your name: {reason}"),
    message("online.error.host", "This computer cannot host a table: {reason}"),
    message("online.error.no_code", "Type the invite code first."),
    # the waiting room
    message("room.heading", "The waiting room"),
    message("room.connecting", "Connecting to the table…"),
    message("room.creating", "Opening the table…"),
    message("room.sitting", "Taking your seat…"),
    message("room.invite", "Invite code"),
    message("room.invite.about", "Give this code to your friends: they choose Play online, "
                                 "then Join a game."),
    message("room.copy", "Copy the code"),
    message("room.copied", "The invite code is copied: paste it to your friends."),
    message("room.copy_failed", "This system gave no clipboard: read the code out or copy "
                                "it by hand."),
    message("room.addresses", "This computer's address: {addresses}"),
    message("room.local_only", "This table can be reached from this computer only."),
    message("room.seat.open", "Open seat"),
    message("room.seat.you", "{name} (you)"),
    message("room.seat.person", "{name}"),
    message("room.seat.computer", "{name} (computer, {level})"),
    message("room.seat.away", "{name} (away)"),
    message("room.options", "{players} · {deal} · {variant}"),
    message("room.options.clocked", "{players} · {deal} · {variant} · {clock}"),
    message("room.clock", "{budget} each, +{bonus} a turn"),
    plural_message("duration.days", "{count} day", "{count} days"),
    plural_message("duration.hours", "{count} hour", "{count} hours"),
    message("duration.minutes", "{count} min"),
    message("duration.seconds", "{count} s"),
    plural_message("room.players", "{count} player", "{count} players"),
    message("room.deal.first", "first-game deal"),
    message("room.deal.random", "random deal"),
    message("room.add_computer", "Seat a computer"),
    message("room.another", "Another player at this computer"),
    message("room.sit_here", "Sit here too"),
    message("room.level", "Computer level"),
    message("room.start", "Start the game"),
    message("room.leave", "Leave"),
    message("room.wait_host", "The host starts the game once every seat is taken."),
    plural_message("room.wait_seats", "Waiting for {count} more player…",
                   "Waiting for {count} more players…"),
    message("room.ready", "Every seat is taken: start when you are ready."),
    message("room.first_drawn", "The first player is drawn at random."),
    message("room.failed", "{reason}"),
    message("room.refused", "The table said no: {reason}"),
    # at the table
    message("status.online.waiting_for", "Waiting for {name} (at another machine)…"),
    message("status.online.computer", "{name} (the table's computer, {level}) is playing…"),
    message("status.online.sent", "Sent: waiting for the table to turn the card…"),
    message("status.online.away", "The connection is lost: reconnecting… (your moves wait)"),
    message("status.online.gone_long", "Out of reach for two minutes: wait for the table, "
                                       "or press Esc and Quit to title (your seat is kept)."),
    message("banner.online.gone_long", "The table has been out of reach for two minutes: its "
                                       "server, or its host's program, may be closed. Wait "
                                       "for it, or press Esc and Quit to title: your seat "
                                       "is kept."),
    message("status.online.taken_back", "The table refused {step}: {reason}"),
    message("online.leave.ask", "{why} Leave the table? Your seat is kept in My online "
                                "games."),
    message("log.unsaid", "A step this program cannot put into words: {step}"),
    message("online.chat.open", "Chat"),
    message("online.chat.prompt", "A line for the table (Enter sends, Esc closes)"),
    message("online.chat.send", "Send"),
    message("online.chat.line", "{name}: {text}"),
    message("board.away", "away"),
    message("board.away.minutes", "away · {count} min"),
    message("board.away.hours", "away · {count} h"),
    message("board.away.days", "away · {count} d"),
    message("status.online.waiting_away", "Waiting for {name}, away for {time}. After "
                                          "{limit}, the menu can let the computer play "
                                          "for them."),
    message("status.online.hand_over_ready", "{name} has been away for {time}: the menu "
                                             "can let the table's computer play for them."),
    message("pause.hand_over", "Computer plays {name}"),
    message("online.hand_over.ask", "Let the table's computer play for {name}? If {name} "
                                    "comes back, the seat is theirs again."),
    message("clock.minutes", "{minutes}:{seconds}"),
    message("clock.hours", "{hours}:{minutes}:{seconds}"),
    message("clock.days", "{days} d {hours} h"),
)

__all__ = ["ONLINE_SCREENS_EN"]
