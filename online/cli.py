"""The standing server's command line: ``serve`` (the default) and ``bench``."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys

from .server import GameServer
from .store import SQLiteStore


async def _serve(args: argparse.Namespace) -> None:
    server = GameServer(SQLiteStore(args.db), args.origin, where=args.where or "")
    port = await server.start(args.host, args.port)
    # The first line says where the server listens (a test started on port 0 reads it).
    print(f"listening on {args.host} {port}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await server.stop()
    logging.getLogger("online").info("stopped")


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
    p.add_argument("--db", default="sail-to-india-tables.db", help="SQLite file of the tables")
    p.add_argument("--origin", action="append", default=[],
                   help="a web origin to admit besides the desktop client (repeatable)")
    p.add_argument("--where", help="the address the lobby gives out for this server's tables")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(args))
    return 0
