"""Online play as this program holds it: the table server it hosts, its connections.

Hosting runs the game server of the ``online`` package on a thread of its own, with
its tables in the data folder (``online/tables.sqlite3``), so a table hosted here is
there again when the program is started later. It listens on every address of this
machine so that friends can reach it, on a port kept from one run to the next; the
addresses to give them are this machine's own, found without sending anything. For
tests and the self-test it listens on the loopback address only
(``SAIL_TO_INDIA_BIND=127.0.0.1``), and the invite code then names that address.

Connections are kept one per server address for the program's life: the waiting
room and the table of one game use the same one (a ``RemoteSession`` takes it over
once the game starts). Nothing here touches pygame; the connections live on their
own threads and are read once a frame through their event queues.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.state import State
from game.steps import Step
from game.words import Phrase
from online.accounts import DEFAULT_PORT, InviteError, MyGame, MyGames, make_invite, read_invite
from online.bounds import Timing
from online.client import Connection
from online.playerkey import KeyFileError, PlayerKey
from online.remote import RemoteSession
from online.store import StoreRefused, folder_private
from online.thread import ServerThread
from scenes.core.files import atomic_write
from scenes.core.session import recorded

#: Set to an address (127.0.0.1 in tests) to host on that address alone.
ENV_BIND = "SAIL_TO_INDIA_BIND"
#: Set to a certificate file (PEM) to trust it for wss:// servers, besides the system's
#: own (``sail-to-india --trust-certificate FILE`` sets it).
ENV_CA = "SAIL_TO_INDIA_CA_FILE"
LOOPBACK = "127.0.0.1"


def ws_url(host: str, port: int) -> str:
    """The server's WebSocket address (an IPv6 address in brackets)."""
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"ws://{host}:{port}/"


def own_addresses() -> list[str]:
    """This machine's IPv4 addresses that friends on its network could reach (from
    the system's own name table; nothing is sent), loopback left out."""
    found: list[str] = []
    with contextlib.suppress(OSError, UnicodeError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET,
                                       socket.SOCK_STREAM):
            address = str(info[4][0])
            with contextlib.suppress(ValueError):
                if ipaddress.ip_address(address).is_loopback or address in found:
                    continue
                found.append(address)
    return found


#: Where the data folder keeps the port its tables are hosted on.
PORT_FILE = "port.json"


class CannotHost(OSError):
    """This program cannot host: ``said`` says why (another window on this computer
    hosts from the same data folder; a tables' file that cannot be used)."""

    def __init__(self, refused: StoreRefused) -> None:
        super().__init__(str(refused))
        self.said = (Phrase("online.host_busy", {}) if refused.key == "server.db_busy"
                     else Phrase(refused.key, dict(refused.values)))


class Netplay:
    """The hosted server (when this machine hosts) and the open connections."""

    def __init__(self, folder: Path, bind: str | None = None, port: int = DEFAULT_PORT) -> None:
        self.folder = folder
        #: The address the hosted server listens on ("" for all of this machine's).
        self.bind = os.environ.get(ENV_BIND, "") if bind is None else bind
        self.port = port
        self.server: ServerThread | None = None
        self.connections: dict[str, Connection] = {}
        self._games: MyGames | None = None
        #: One sentence for the player about the kept list (it could not be read).
        self.notice: Phrase | None = None
        #: The online games being played now, with their server: kept up to date.
        self.following: list[tuple[str, RemoteSession]] = []
        self._noted: dict[int, int] = {}
        #: What draws each hosted game's starting seat (None: the system's randomness;
        #: a test may fix it).
        self.rng: object | None = None
        #: How a step is said in the log: (state before, step, state after) -> the
        #: sentence, given by the program (the words live above this layer); None: the
        #: kept games name no last step.
        self.describe: Callable[[State, Step, State], Phrase | None] | None = None
        #: How new connections are made (``Connection``'s options: a test's quicker
        #: retries, its shorter patience with a slow server).
        self.connection_options: Timing = {}
        #: Called when the program lets go of online play (the followers of its games).
        self.closing: list[Callable[[], None]] = []

    @property
    def local_only(self) -> bool:
        """Whether a hosted table can be reached from this machine alone."""
        return self.bind not in ("", "0.0.0.0", "::")

    # ----- hosting -------------------------------------------------------------------
    def host(self) -> int:
        """Start serving (once; the tables of earlier runs come back) and return the
        port: the one used last time (kept in the data folder), so the invite codes
        given out still lead here. CannotHost, with its sentence, when the tables'
        file cannot be used (another window hosts from it); OSError when no port can be
        listened on. When the last port is taken, another is used and ``notice`` tells
        the player to send new codes."""
        if self.server is not None:
            return self.server.port
        folder = self.folder / "online"
        folder.mkdir(parents=True, exist_ok=True)
        folder_private(folder)  # it holds the deals and the seats' tokens' hashes
        db = str(folder / "tables.sqlite3")
        listen = self.bind or "0.0.0.0"
        kept = self._kept_port(folder)
        for port in (kept or self.port, 0):
            server = ServerThread(db, host=listen, port=port, rng=self.rng)
            try:
                server.start()
            except StoreRefused as refused:
                raise CannotHost(refused) from None
            except OSError:
                with contextlib.suppress(Exception):
                    server.stop()
                if port == 0:
                    raise
                continue
            self.server = server
            if server.port != kept:
                if kept is not None:  # the codes friends hold name the port taken now
                    self.notice = Phrase("online.host_moved", {"old": kept,
                                                                "port": server.port})
                with contextlib.suppress(OSError):
                    atomic_write(folder / PORT_FILE, json.dumps({"port": server.port}))
            return server.port
        raise OSError("no port to listen on")  # (not reached: port 0 raised above)

    @staticmethod
    def _kept_port(folder: Path) -> int | None:
        """The port this data folder's tables were hosted on last (None: never, or
        not readable)."""
        try:
            port = json.loads((folder / PORT_FILE).read_text(encoding="utf-8"))["port"]
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if isinstance(port, int) and not isinstance(port, bool) and 0 < port < 65_536:
            return port
        return None

    @property
    def hosting(self) -> bool:
        return self.server is not None

    def addresses(self) -> list[str]:
        """Where friends reach the hosted table: this machine's addresses (the
        loopback one alone when hosting for this machine only)."""
        if self.local_only:
            return [self.bind]
        return own_addresses() or [LOOPBACK]

    def own_url(self) -> str:
        """The hosted server, as this machine itself connects to it."""
        port = self.host()
        return ws_url(self.bind if self.local_only else LOOPBACK, port)

    # ----- the player key -----------------------------------------------------------
    @property
    def player_key(self) -> PlayerKey:
        """The player key of this data folder (made on first online use)."""
        return PlayerKey(self.folder)

    def player_for(self, url: str) -> str | None:
        """What ``sit`` and ``quick`` send the server at ``url`` as the player: the
        key's own secret for that server (None when no key can be kept in the data
        folder: the player plays on, unrated)."""
        try:
            return self.player_key.secret_for(url)
        except KeyFileError:
            return None

    # ----- my online games -----------------------------------------------------------
    @property
    def games(self) -> MyGames:
        if self._games is None:
            self._games = MyGames(self.folder)
            self.notice = self._games.problem
        return self._games

    def played(self) -> list[MyGame]:
        """Every seat kept: the player's turns first, then the most recently heard of."""
        return sorted(self.games.games, key=lambda g: (not g.my_turn, -g.updated))

    def waiting_for_me(self) -> int:
        """How many kept games wait for a seat held here (its player is to move)."""
        return len({(g.server, g.table) for g in self.games.games if g.my_turn})

    def keep(self, url: str, table: str, seat: int, token: str, name: str,
             hosted: bool = False, invite: str | None = None) -> None:
        """Remember a seat just taken (a disk that refuses is not fatal: the seat is
        held for this run, and the next change tries again)."""
        game = MyGame(url, table, seat, token, [name], hosted=hosted, invite=invite)
        with contextlib.suppress(OSError):
            self.games.put(game)

    def forget(self, game: MyGame) -> None:
        with contextlib.suppress(OSError):
            self.games.remove(game.server, game.table, game.seat)

    def leave(self, game: MyGame) -> None:
        """Tell the table this seat is given up (a word sent once: an unreachable server
        keeps the seat until the others hand it to its computer)."""
        try:
            url = self.url_of(game)
        except OSError:
            return
        self.connect(url).send({"type": "leave", "table": game.table, "seat": game.seat,
                                "token": game.token})

    def forget_seat(self, url: str, table: str, seat: int) -> None:
        with contextlib.suppress(OSError):
            self.games.remove(url, table, seat)

    def url_of(self, game: MyGame) -> str:
        """Where a kept game is reached now (a hosted one: this machine's server,
        started again, on whatever port it has this time)."""
        if not game.hosted:
            return game.server
        own = self.own_url()
        if own != game.server:  # the port changed since: the seat moves with it
            with contextlib.suppress(OSError):
                self.games.remove(game.server, game.table, game.seat)
                game.server = own
                self.games.put(game)
        return own

    def reopen(self, game: MyGame) -> dict[str, Any]:
        """How to open a kept game again: the waiting room's arguments (its table once it
        has begun; every seat of that table held here comes along). OSError (CannotHost
        with its sentence) when a hosted table's server cannot be started."""
        url = self.url_of(game)
        seats = {g.seat: g.token for g in self.games.find(url, game.table)}
        seats[game.seat] = game.token
        name = game.names[game.seat] if game.seat < len(game.names) else (
            game.names[0] if game.names else "")
        return {"url": url, "name": name, "table": game.table, "seats": seats,
                "hosting": game.hosted, "invite": game.invite}

    def seen(self, url: str, table: str) -> int | None:
        """How many of a table's steps the player has seen (the fewest over the seats
        held there; None: never opened there since the game began)."""
        seen = [g.seen for g in self.games.find(url, table)]
        return None if not seen or None in seen else min(s for s in seen if s is not None)

    def follow(self, url: str, session: RemoteSession) -> None:
        """Keep a game's entry up to date while it is played (``tick``). A game opened
        again has a new session: the one it replaces is no longer followed."""
        gone = [s for u, s in self.following
                if s is session or (u == url and s.table == session.table)]
        for old in gone:
            self._noted.pop(id(old), None)
        self.following = [(u, s) for u, s in self.following if s not in gone]
        self.following.append((url, session))

    def tick(self) -> None:
        """Once a frame: the kept entries of the games being played follow their steps."""
        for url, session in self.following:
            steps = len(session.steps)
            if self._noted.get(id(session)) != steps and session.ready:
                self._noted[id(session)] = steps
                with contextlib.suppress(OSError):
                    self.games.note(url, session, self._last_said(session))

    def _last_said(self, session: RemoteSession) -> Phrase | None:
        """The session's last step as the log says it (None: no step yet, or no words)."""
        states, steps = session.states, session.steps
        if self.describe is None or not steps or len(states) < 2:
            return None
        try:
            return self.describe(states[-2], recorded(steps, len(steps) - 1)[0], states[-1])
        except (ValueError, IndexError, KeyError):  # a step the words cannot say: none
            return None

    # ----- invite codes ----------------------------------------------------------------
    def invite_for(self, url: str, table: str, secret: str | None,
                   hosted: bool = False) -> str | None:
        """The code friends join ``table`` with: at this machine's address when it
        hosts, else at the server's as this machine reached it."""
        if hosted:
            if self.server is None:
                return None
            url = ws_url(self.addresses()[0], self.server.port)
        try:
            return make_invite(url, table, secret)
        except ValueError:
            return None

    # ----- connections ---------------------------------------------------------------
    def connect(self, url: str) -> Connection:
        """The connection to ``url``, opened on first use (and again after it gave up)."""
        known = self.connections.get(url)
        if known is not None and known.alive and known.failed is None:
            return known
        if known is not None:
            known.close(timeout=1.0)
        connection = Connection(url, ca_file=os.environ.get(ENV_CA) or None,
                                **self.connection_options).start()
        self.connections[url] = connection
        return connection

    def open_connection(self, url: str) -> Connection:
        """A connection of its own to ``url`` (closed by whoever asked for it)."""
        return Connection(url, ca_file=os.environ.get(ENV_CA) or None,
                          **self.connection_options).start()

    def drop(self, url: str) -> None:
        """Close the connection to ``url`` (a table left, a join given up)."""
        connection = self.connections.pop(url, None)
        if connection is not None:
            connection.close(timeout=1.0)

    def close(self) -> None:
        """Every connection closed and the hosted server stopped (the program ends)."""
        for close in self.closing:
            close()
        for url in list(self.connections):
            self.drop(url)
        if self.server is not None:
            with contextlib.suppress(Exception):
                self.server.stop()
            self.server = None


def read_code(text: str) -> tuple[str, str | None, str | None] | Phrase:
    """An invite code read: (the server's address, the table, its secret), or the
    sentence saying why it is not one. A short code names no table: its secret finds
    it (the port a hosted table listens on when it is free is ``DEFAULT_PORT``)."""
    try:
        invite = read_invite(text)
    except InviteError as exc:
        return exc.said
    return invite.url, invite.table, invite.secret


__all__ = ["DEFAULT_PORT", "ENV_BIND", "ENV_CA", "LOOPBACK", "PORT_FILE", "CannotHost", "Netplay",
           "own_addresses", "read_code", "ws_url"]
