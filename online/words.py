"""Every sentence the online client says to a player, marked for translation.

Each is a key and its English text (``game.words.message``); the client hands the
table a ``Phrase`` (the key and its values), and the table says it in the player's
language (``scenes.text.catalog.t``). ``english`` says one in English, for logs and
tests.

The server says no in sentences too (``SERVER_TEXT``, and the engine's refusals of
steps, ``game.steps.REASONS``): it raises ``Said`` with a key and values, and its
answer carries both the English ``reason`` (for any client, and for logs) and a
``said`` object (``{"key": ..., "values": {...}}``) that ``said_of`` turns back into
a ``Phrase`` on this side, so a French player reads the server's refusal in French.
A key this client does not know (a newer server) falls back to the English.
"""

from __future__ import annotations

import re
import string
import unicodedata
from typing import Any

from game.state import TECH_IDS
from game.steps import REASONS
from game.words import Phrase, message, phrase, plural_message, table

from .protocol import MAX_CHAT

ONLINE_TEXT = table(
    # the connection
    message("online.bad_address", "'{where}' is not a server address like "
                                  "ws://192.168.1.20:8765/."),
    message("online.unreachable", "The server at {where} cannot be reached: check the "
                                  "address, and that the server is running."),
    message("online.refused", "The server at {where} refused the connection ({why})."),
    message("online.untrusted", "The server at {where} did not prove who it is: its "
                                "certificate is not trusted here (a server on your own "
                                "network: start the program with --trust-certificate "
                                "FILE)."),
    message("online.version", "The server at {where} speaks another version of the online "
                              "game: both sides need the same version of Sail to India."),
    message("online.dropped", "The connection to the server was lost: trying again."),
    message("online.lost", "The connection was lost before the server answered: check "
                           "whether it was done."),
    message("online.broken", "The connection stopped on a fault of the program ({error})."),
    message("online.stopping", "The server is stopping or restarting: trying again."),
    message("online.closed_on_us", "The server refused this program's connection (code "
                                   "{code}): trying again."),
    message("online.redirected", "The server at {where} sent this program to another "
                                 "address ({to}), which it does not follow: ask the host "
                                 "for the right address."),
    message("online.slow", "The server has not answered for over {seconds} s: it, or the "
                           "network, is slow."),
    message("online.unshowable", "This server sent a game this program cannot show (a newer "
                                 "or faulty server): the table stays as it was."),
    message("online.unreadable_answer", "The server's answer could not be read (a newer or "
                                        "faulty server)."),
    message("online.chat_flood", "Too many chat lines came at once: some were not shown."),
    message("online.lost_chat", "Your last chat line may not have reached the table."),
    message("online.moved_away", "This table is served at {where}, another server than the "
                                 "one you joined: it was not followed there."),
    # steps at an online table
    message("online.pending", "Sent to the table: the server turns the card."),
    message("online.waiting", "Waiting for the server's answer to your last step."),
    message("online.not_here", "{name} plays at another machine."),
    message("online.not_ready", "The table is not here yet: waiting for the server."),
    message("online.taken_back", "The server took back {step}: {reason}"),
    message("online.overtaken", "The table went on without this step."),
    message("online.resynced", "The game was put back in line with the server's."),
    message("online.to_computer", "{name}'s seat is played by the table's computer "
                                  "({level}) from now on: out of time, or away too long."),
    message("online.to_computer_mine", "Your seat, {name}, is played by the table's "
                                       "computer ({level}) from now on: your time ran out, "
                                       "or you were away too long."),
    message("online.to_computer.time", "{name} ran out of time: the table's computer "
                                       "({level}) plays their seat from now on."),
    message("online.to_computer.away", "{name} was away too long: the table's computer "
                                       "({level}) plays their seat until they come back."),
    message("online.to_computer.left", "{name} left the game: the table's computer "
                                       "({level}) plays their seat from now on."),
    message("online.to_computer_mine.time", "Your time ran out, {name}: the table's "
                                            "computer ({level}) plays your seat from now "
                                            "on."),
    message("online.to_computer.deadline", "{name} let the deadline pass with no vacation "
                                           "day left: the table's computer ({level}) plays "
                                           "their seat until they come back."),
    message("online.to_computer_mine.deadline", "Your deadline passed with no vacation day "
                                                "left, {name}: the table's computer ({level}) "
                                                "plays your seat until you come back."),
    plural_message("online.rested", "{name} let the deadline pass and took a vacation day: "
                                    "{count} day left.",
                   "{name} let the deadline pass and took a vacation day: {count} days "
                   "left."),
    message("online.back_mine", "Welcome back, {name}: the table's computer played your "
                                "seat while you were away, and it is yours again."),
    message("online.from_computer", "{name} is back and plays their own seat again."),
    message("online.first", "Drawn at random: {name} plays first."),
    message("online.chat_length", "A chat line is 1 to {limit} characters."),
    message("online.chat_seatless", "Only a player at the table can chat."),
    # my online games and invite codes
    message("online.games_corrupt", "The list of your online games could not be read: it "
                                    "was kept as {file}, and a new list begins."),
    message("online.games_unreadable", "The list of your online games cannot be read: "
                                       "{why}."),
    message("online.host_busy", "Another Sail to India window on this computer already "
                                "hosts from the same data folder: host from that window, or "
                                "close it first."),
    message("online.host_moved", "The port your tables used ({old}) is taken by another "
                                 "program, so they are at port {port} now: send your friends "
                                 "a new invite code."),
    message("online.invite_bad", "That is not an invite code: check it letter by letter."),
    message("online.invite_damaged", "That invite code has a wrong letter: check it letter by "
                                     "letter."),
    message("online.key_unreadable", "The player key {path} could not be read ({why}): "
                                     "nothing was changed."),
    message("online.key_not_one", "{path} is not a player key file: nothing was changed."),
    message("online.key_unwritable", "The player key could not be written to {path} "
                                     "({why})."),
)

#: What the server says no with. The first seven answer a program that does not speak
#: the protocol (our client never hears them); the rest answer a player's request.
SERVER_TEXT = table(
    message("server.binary", "Messages are JSON text, not binary."),
    message("server.not_json", "That message is not JSON."),
    message("server.not_object", "A message is a JSON object."),
    message("server.version", "This server speaks protocol version {version}."),
    message("server.unknown_type", "Unknown message type."),
    message("server.field_missing", "The message lacks the field {name}."),
    message("server.field_type", "The field {name} has the wrong type."),
    message("server.field_range", "The field {name} is a number from {lo} to {hi}."),
    message("server.field_length", "The length of the field {name} must be from {lo} to "
                                   "{hi}."),
    message("server.too_deep", "That message nests deeper than {depth} levels."),
    message("server.no_table", "There is no such table."),
    message("server.no_invite", "No table at this server has that invite code: it may "
                                "have ended, or the code is from another server."),
    message("server.wrong_token", "That token does not hold this seat."),
    message("server.computer_plays", "The table's computer plays this seat now."),
    message("server.players", "A table is for 3 or 4 players."),
    message("server.variant", "Unknown variant: {known}."),
    message("server.level", "Unknown level: {known}."),
    message("server.clock", "A clock is a budget in seconds (more than 0) and a bonus "
                            "(0 or more)."),
    message("server.private", "This table is private: its invite code is needed."),
    message("server.guesses", "Too many wrong invite codes came from this address: try "
                              "again in {minutes} min."),
    message("server.started_resume", "This table has started: only its own seats may "
                                     "resume."),
    message("server.full", "Every seat at this table is taken."),
    message("server.name_taken", "Someone at this table is already called {name}."),
    message("server.seats_before_start", "Seats are filled before the game starts."),
    message("server.started", "This table has already started."),
    message("server.unfilled", "Every seat must be filled before the game starts."),
    message("server.chat_length", "A chat line is 1 to {limit} characters."),
    message("server.hand_over", "Only a player's seat in a game under way can be handed "
                                "over."),
    message("server.not_gone", "That player has not been gone longer than the table's "
                               "limit."),
    message("server.rematch", "A rematch follows a finished game."),
    message("server.step_long", "That step is too long."),
    message("server.not_in_play", "This table is not in play."),
    message("server.step_number", "The table is at step {at}, not {number}."),
    message("server.not_your_turn", "It is not your turn."),
    message("server.step_taken", "Step {number} is already taken."),
    message("server.store_failed", "The server could not save that just now (its disk "
                                   "refused the write): nothing changed, try again in a "
                                   "moment."),
    # starting a server: what it cannot use, in one sentence each
    message("server.db_busy", "Another server is already using the tables' file {path} "
                              "(one server per file)."),
    message("server.db_folder", "{path} is a folder, not a file of tables."),
    message("server.db_no_folder", "The folder {folder} does not exist, so the tables' file "
                                   "{path} cannot be made there."),
    message("server.db_folder_read_only", "The folder {folder} cannot be written to, so "
                                          "the tables' file {path} cannot be kept there."),
    message("server.db_read_only", "The tables' file {path} cannot be written to (it is "
                                   "read-only)."),
    message("server.db_damaged", "The tables' file {path} is damaged, or is not a file of "
                                 "tables."),
    message("server.db_unopenable", "The tables' file {path} cannot be opened: {why}."),
    message("server.db_driver", "A server on PostgreSQL needs the psycopg package: "
                                "pip install \"sail-to-india[server]\"."),
    message("server.db_unreachable", "The database {path} cannot be reached: {why}."),
    message("server.db_newer", "The database {path} was made by a newer version of the "
                               "server."),
    message("server.port_in_use", "Port {port} at {host} is already in use by another "
                                  "program."),
    message("server.no_address", "This machine has no address {host} to listen on."),
    message("server.port_denied", "Port {port} at {host} may not be used by this program "
                                  "(it needs special permission)."),
)

#: The longest value of a server's sentence shown (a name, a step): longer is cut; and
#: the longest of its English sentences shown as written.
MAX_SAID_VALUE = 80
MAX_REASON = 200
#: The longest name shown at the table (the engine's own limit for a name).
SHOWN_NAME = 20


def _source(key: str) -> str | None:
    found: str | tuple[str, str] | None
    if key.startswith("reason."):
        found = REASONS.get(key[len("reason."):])
    else:
        found = ONLINE_TEXT.get(key) or SERVER_TEXT.get(key)
    if found is None:
        return None
    return found if isinstance(found, str) else found[0]


def english(said: Phrase) -> str:
    """One sentence in English (its values said too, phrases within phrases)."""
    text = _source(said.key) or said.key
    values = {k: english(v) if isinstance(v, Phrase) and _source(v.key) else v
              for k, v in said.values.items()}
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return text


#: How deep a sentence's phrases may nest in the file ("sells {goods}" holds "2 goods").
SAID_DEPTH = 3


def said_to_json(said: Phrase) -> dict[str, Any]:
    """A sentence (a ``Phrase``, its values maybe phrases too) as plain JSON: how the
    server sends its refusals and "My online games" keeps a last step."""
    return {"key": said.key,
            "values": {k: said_to_json(v) if isinstance(v, Phrase) else v
                       for k, v in said.values.items()
                       if isinstance(v, (Phrase, str, int, float)) and not isinstance(v, bool)}}


def said_from_json(data: Any, depth: int = 0) -> Phrase | None:
    """A sentence read back from JSON (a file, a server's answer); None when it is not
    one."""
    if depth > SAID_DEPTH or not isinstance(data, dict) or not isinstance(data.get("key"), str) \
            or not isinstance(data.get("values"), dict):
        return None
    values: dict[str, object] = {}
    for name, value in data["values"].items():
        if isinstance(value, dict):
            inner = said_from_json(value, depth + 1)
            if inner is None:
                return None
            values[str(name)] = inner
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            values[str(name)] = value
        else:
            return None
    return Phrase(data["key"], values)


class Said(Exception):
    """The server's no: a sentence's key and values (``str`` is its English).

    ``english_text`` gives the English when it is written elsewhere (an engine
    refusal carries its own)."""

    def __init__(self, key: str, values: dict[str, object] | None = None,
                 english_text: str | None = None) -> None:
        self.key = key
        self.values = dict(values or {})
        super().__init__(english_text or english(Phrase(key, self.values)))

    def answer(self, kind: str = "error") -> dict[str, Any]:
        """The message that says it: ``reason`` in English, ``said`` for translation."""
        return {"type": kind, "reason": str(self),
                "said": said_to_json(Phrase(self.key, self.values))}


def plain(text: str, limit: int = MAX_CHAT) -> str:
    """Text from elsewhere made plain: no control or format characters (line breaks
    become spaces), at most ``limit`` characters."""
    out = []
    for ch in text[: limit * 2]:
        if ch in "\n\r\t":
            out.append(" ")
        elif unicodedata.category(ch)[0] != "C":
            out.append(ch)
    return "".join(out).strip()[:limit]


#: Terminal escape sequences (CSI, OSC, DCS and the like, and the one-byte CSI): a
#: chat line could otherwise recolour, move or retitle the terminal of anyone who
#: reads the server's log or a saved conversation in one.
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x9b[0-?]*[ -/]*[@-~]"
                      r"|\x1b[\]PX^_][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[ -~]?")


def clean_chat(text: str, limit: int = MAX_CHAT) -> str:
    """A chat line as the server passes it on: terminal escape sequences and control
    characters removed, line breaks as spaces, at most ``limit`` characters."""
    return plain(_ESCAPES.sub("", text[: limit * 4]), limit)


def cut(text: str, limit: int) -> str:
    """Text from elsewhere on one plain line of at most ``limit`` characters, an ellipsis
    where it was cut."""
    line = plain(text, limit + 1)
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


def shown_name(name: str) -> str:
    """A player's name as the table shows it: plain, at most ``SHOWN_NAME`` characters
    (cut with an ellipsis), never empty."""
    return cut(name, SHOWN_NAME) or "?"


_FIELDS = string.Formatter()


def _wants(key: str) -> set[str] | None:
    """The values the English of ``key`` names (None: a sentence this client does not
    know, or one it cannot read)."""
    found: str | tuple[str, str] | None
    if key.startswith("reason."):
        found = REASONS.get(key[len("reason."):])
    else:
        found = ONLINE_TEXT.get(key) or SERVER_TEXT.get(key)
    if found is None:
        return None
    wanted: set[str] = set()
    try:
        for text in (found,) if isinstance(found, str) else found:
            wanted |= {name for _, name, _, _ in _FIELDS.parse(text) if name}
    except ValueError:
        return None
    return wanted


def said_of(msg: Any) -> Phrase | str:
    """What a server's answer (an ``error`` or ``refused``) says: a ``Phrase`` this
    client translates when it knows the sentence and every value the sentence names
    is there, a text or a whole number (cut when long); else the server's English
    ``reason``, on one line, cut."""
    reason: Phrase | str = cut(str(getattr(msg, "reason", "")), MAX_REASON) or Phrase(
        "online.unreadable_answer", {})
    said = getattr(msg, "said", None)
    key, values = getattr(said, "key", None), getattr(said, "values", None)
    if not isinstance(key, str) or not isinstance(values, dict):
        return reason
    wanted = _wants(key)
    if wanted is None or not wanted <= set(values) or any(
            not isinstance(values[name], (str, int)) or isinstance(values[name], bool)
            for name in wanted):
        return reason
    clean: dict[str, object] = {name: cut(values[name], MAX_SAID_VALUE)
                                if isinstance(values[name], str) else values[name]
                                for name in wanted}
    if key.startswith("reason.") and "tech" in clean:
        tech = clean["tech"]
        if not isinstance(tech, str) or tech not in TECH_IDS:
            return reason
        clean["tech"] = Phrase(f"tech.{tech}", {})
    return Phrase(key, clean)


__all__ = ["MAX_CHAT", "MAX_REASON", "MAX_SAID_VALUE", "ONLINE_TEXT", "SERVER_TEXT",
           "SHOWN_NAME", "Phrase", "Said", "clean_chat", "cut", "english", "phrase", "plain",
           "said_from_json", "said_of", "said_to_json", "shown_name"]
