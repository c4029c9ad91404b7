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
import os
import socket
from pathlib import Path

from online.client import Connection
from online.server import ServerThread

#: Set to an address (127.0.0.1 in tests) to host on that address alone.
ENV_BIND = "SAIL_TO_INDIA_BIND"
#: The port a hosted table listens on when it is free (else any free one).
DEFAULT_PORT = 47_147
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


class Netplay:
    """The hosted server (when this machine hosts) and the open connections."""

    def __init__(self, folder: Path, bind: str | None = None, port: int = DEFAULT_PORT) -> None:
        self.folder = folder
        #: The address the hosted server listens on ("" for all of this machine's).
        self.bind = os.environ.get(ENV_BIND, "") if bind is None else bind
        self.port = port
        self.server: ServerThread | None = None
        self.connections: dict[str, Connection] = {}

    @property
    def local_only(self) -> bool:
        """Whether a hosted table can be reached from this machine alone."""
        return self.bind not in ("", "0.0.0.0", "::")

    # ----- hosting -------------------------------------------------------------------
    def host(self) -> int:
        """Start serving (once; the tables of earlier runs come back) and return the
        port. OSError when no port can be listened on."""
        if self.server is not None:
            return self.server.port
        folder = self.folder / "online"
        folder.mkdir(parents=True, exist_ok=True)
        db = str(folder / "tables.sqlite3")
        listen = self.bind or "0.0.0.0"
        for port in (self.port, 0):
            server = ServerThread(db, host=listen, port=port)
            try:
                server.start()
            except OSError:
                with contextlib.suppress(Exception):
                    server.stop()
                if port == 0:
                    raise
                continue
            self.server = server
            return server.port
        raise OSError("no port to listen on")  # (not reached: port 0 raised above)

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

    # ----- connections ---------------------------------------------------------------
    def connect(self, url: str) -> Connection:
        """The connection to ``url``, opened on first use (and again after it gave up)."""
        known = self.connections.get(url)
        if known is not None and known.alive and known.failed is None:
            return known
        if known is not None:
            known.close(timeout=1.0)
        connection = Connection(url).start()
        self.connections[url] = connection
        return connection

    def drop(self, url: str) -> None:
        """Close the connection to ``url`` (a table left, a join given up)."""
        connection = self.connections.pop(url, None)
        if connection is not None:
            connection.close(timeout=1.0)

    def close(self) -> None:
        """Every connection closed and the hosted server stopped (the program ends)."""
        for url in list(self.connections):
            self.drop(url)
        if self.server is not None:
            with contextlib.suppress(Exception):
                self.server.stop()
            self.server = None


__all__ = ["DEFAULT_PORT", "ENV_BIND", "LOOPBACK", "Netplay", "own_addresses", "ws_url"]
