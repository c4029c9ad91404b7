"""The standing server's command line: ``serve`` (the default) and ``bench``.

What stops a start (the file of tables cannot be used, the port is taken) is said
in one sentence on standard error, with exit status 2; SIGTERM or Ctrl+C stops the
server within two seconds, whatever its connections are doing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import ipaddress
import logging
import signal
import sys

from .store import StoreRefused, open_store
from .transport import Server
from .words import Said

#: Exit status when the server cannot start.
CANNOT_START = 2


def listen_problem(exc: OSError, host: str, port: int) -> Said:
    """Why a server could not listen, in one sentence."""
    if exc.errno == errno.EADDRINUSE:
        return Said("server.port_in_use", {"host": host, "port": port})
    if exc.errno in (errno.EACCES, errno.EPERM):
        return Said("server.port_denied", {"host": host, "port": port})
    return Said("server.no_address", {"host": host})


async def _serve(args: argparse.Namespace) -> int:
    try:
        store = open_store(args.db)
    except StoreRefused as refused:
        print(f"sail-to-india-server: {refused}", file=sys.stderr)
        return CANNOT_START
    server = Server(store, where=args.where or "", origins=args.origin,
                    trusted_proxies=args.trusted_proxy)
    try:
        port = await server.start(args.host, args.port)
    except OSError as exc:
        store.close()
        print(f"sail-to-india-server: {listen_problem(exc, args.host, args.port)}",
              file=sys.stderr)
        return CANNOT_START
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    # The first line says where the server listens (a test started on port 0 reads it);
    # from then on a signal stops it cleanly.
    print(f"listening on {args.host} {port}", flush=True)
    await stop.wait()
    await server.stop()
    logging.getLogger("online").info("stopped")
    return 0


def _proxy(text: str) -> str:
    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an address or network") from None
    return text


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bench"]:
        from .bench import main as bench
        return bench(argv[1:])
    if argv[:1] == ["serve"]:
        argv = argv[1:]
    p = argparse.ArgumentParser(prog="sail-to-india-server",
                                description="Serve online tables of Sail to India.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on")
    p.add_argument("--port", type=int, default=8765, help="port (0: any free one)")
    p.add_argument("--db", default="sail-to-india-tables.db",
                   help="the tables: an SQLite file (one server per file), or a PostgreSQL "
                        "URL postgresql://user@host:port/database (several servers may "
                        "share it)")
    p.add_argument("--origin", action="append", default=[],
                   help="a web origin to admit besides the desktop client (repeatable)")
    p.add_argument("--node-url", "--where", dest="where", metavar="URL",
                   help="the address clients reach this server by (ws://host:port/), "
                        "given out for its tables; needed when several servers share one "
                        "PostgreSQL database")
    p.add_argument("--trusted-proxy", action="append", default=[], type=_proxy,
                   metavar="ADDRESS",
                   help="a reverse proxy's address (or network) whose X-Forwarded-For is "
                        "believed (repeatable)")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    # One line per table event is the log; a line per connection would drown it.
    logging.getLogger("websockets").setLevel(logging.WARNING)
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(_serve(args))
    return 0
