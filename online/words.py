"""Every sentence the online client says to a player, marked for translation.

Each is a key and its English text (``game.words.message``); the client hands the
table a ``Phrase`` (the key and its values), and the table says it in the player's
language (``scenes.text.catalog.t``). ``english`` says one in English, for logs and
tests. The server's own refusals are its sentences and come as the server wrote them.
"""

from __future__ import annotations

from game.words import Phrase, message, phrase, table

ONLINE_TEXT = table(
    # the connection
    message("online.bad_address", "'{where}' is not a server address like "
                                  "ws://192.168.1.20:8765/."),
    message("online.unreachable", "The server at {where} cannot be reached: check the "
                                  "address, and that the server is running."),
    message("online.refused", "The server at {where} refused the connection ({why})."),
    message("online.version", "The server at {where} speaks another version of the online "
                              "game: both sides need the same version of Sail to India."),
    message("online.dropped", "The connection to the server was lost: trying again."),
    message("online.lost", "The connection was lost before the server answered: check "
                           "whether it was done."),
    message("online.broken", "The connection stopped on a fault of the program ({error})."),
    message("online.lost_chat", "Your last chat line may not have reached the table."),
    # steps at an online table
    message("online.pending", "Sent to the table: the server turns the card."),
    message("online.waiting", "Waiting for the server's answer to your last step."),
    message("online.not_here", "{name} plays at another machine."),
    message("online.not_ready", "The table is not here yet: waiting for the server."),
    message("online.taken_back", "The server took back {step}: {reason}"),
    message("online.overtaken", "The table went on without this step."),
    message("online.resynced", "The game was put back in line with the server's."),
    message("online.chat_length", "A chat line is 1 to {limit} characters."),
    message("online.chat_seatless", "Only a player at the table can chat."),
    # my online games and invite codes
    message("online.games_corrupt", "The list of your online games could not be read: it "
                                    "was kept as {file}, and a new list begins."),
    message("online.games_unreadable", "The list of your online games cannot be read: "
                                       "{why}."),
    message("online.invite_bad", "That is not an invite code: check it letter by letter."),
    message("online.invite_damaged", "That invite code has a wrong letter: check it letter by "
                                     "letter."),
)


def english(said: Phrase) -> str:
    """One sentence in English (its values said too, phrases within phrases)."""
    source = ONLINE_TEXT[said.key]
    text = source if isinstance(source, str) else source[0]
    values = {k: english(v) if isinstance(v, Phrase) and v.key in ONLINE_TEXT else v
              for k, v in said.values.items()}
    return text.format(**values)


__all__ = ["ONLINE_TEXT", "Phrase", "english", "phrase"]
