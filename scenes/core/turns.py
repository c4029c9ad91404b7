"""Your turn, everywhere: the program's one watcher over My online games.

Why: a player with games on several servers learns that it is their turn whatever
screen the program shows, without opening each table. The app makes one ``Turns``
(its ``turns``) and polls it once a frame on the main thread: it hands the seats kept
in My online games (``Netplay.games``) to an ``online.watch.Watcher`` (one light
connection per server, on threads of its own) whenever that list changes, and brings
those entries up to date from what the servers say (status, the seat to move, the
number of steps), so the title and My online games read them live. ``poll`` returns
the games that have just become the player's turn: the app flashes the window and
sends a desktop notification for them while the window is not focused.

A table this machine hosts is followed only while its server runs (it is this
program: nobody plays there otherwise), at the address it has this run. What is heard
is written to the kept file at most every ``SAVE_EVERY`` seconds (and when the program
lets go): a frame never waits on the disk for each news, and what a crash loses is
heard again from the servers. Nothing here draws or waits.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable

from online.accounts import MyGame
from online.bounds import Timing
from online.client import Connection
from online.watch import Held, Standing, Watcher
from scenes.core.netplay import ENV_CA, Netplay

#: Seconds between two writes of what the servers said (the list is in memory between).
SAVE_EVERY = 3.0


class Turns:
    """Every kept seat followed; the player's turns as they become known."""

    def __init__(self, netplay: Netplay,
                 watcher: Callable[[], Watcher] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.netplay = netplay
        self._clock = clock
        self._unsaved: float | None = None  # since when the news wait to be written
        self._make = watcher or (lambda: Watcher(self._link))
        self.watcher: Watcher | None = None
        self._changes = -1  # the kept list's change count last followed
        self._hosting: int | None = None  # the hosted server's port last followed
        self._held: list[Held] = []
        self._mine: tuple[int, list[MyGame]] | None = None  # (at which change, mine)

    def _link(self, url: str) -> Connection:
        """A light connection, made as Netplay makes its own (a test's quicker retries)."""
        options: Timing = {"first_retry": 2.0, "max_retry": 60.0,
                           **self.netplay.connection_options}
        return Connection(url, ca_file=os.environ.get(ENV_CA) or None, **options)

    # ----- what to follow --------------------------------------------------------------
    def seats(self) -> list[Held]:
        """The seats to follow: every kept game not over (a hosted one while hosting)."""
        netplay = self.netplay
        port = netplay.server.port if netplay.server is not None else None
        held = []
        for game in netplay.games.games:
            if game.status == "over":
                continue
            server = game.server
            if game.hosted:
                if port is None:
                    continue
                with contextlib.suppress(OSError):
                    server = netplay.url_of(game)
            held.append(Held(server, game.table, game.seat, game.token))
        return held

    def sync(self) -> None:
        """Follow the kept list again if it (or the hosted server) changed."""
        games = self.netplay.games
        port = self.netplay.server.port if self.netplay.server is not None else None
        if games.changes == self._changes and port == self._hosting:
            return
        self._changes, self._hosting = games.changes, port
        held = self.seats()
        if held == self._held and self.watcher is not None:
            return
        self._held = held
        if self.watcher is None:
            if not held:
                return
            self.watcher = self._make()
        self.watcher.keep(held)

    # ----- once a frame ----------------------------------------------------------------
    def poll(self) -> list[MyGame]:
        """Drain the servers' news into My online games; the games that have just
        become the player's turn (one entry a table)."""
        self.sync()
        if self.watcher is None:
            return []
        news = self.watcher.poll()
        if self._unsaved is not None and self._clock() - self._unsaved >= SAVE_EVERY:
            self.save()
        if not news:
            return []
        games = self.netplay.games
        became: dict[tuple[str, str], MyGame] = {}
        for standing in news:
            if standing.refused is not None or standing.status is None:
                continue
            entries = self._entries(standing)
            if not entries:
                continue
            before = {game.key: game.my_turn for game in entries}
            first = entries[0]  # (heard brings every seat of that table up to date)
            changed = games.heard(first.server, first.table, standing.status,
                                  standing.active, standing.number, save=False)
            if changed and self._unsaved is None:
                self._unsaved = self._clock()
            for game in changed:
                if game.my_turn and not before.get(game.key, False):
                    became.setdefault((game.server, game.table), game)
        self._changes = games.changes  # our own news are no new list to follow
        return list(became.values())

    def save(self) -> None:
        """Write what was heard (a disk that refuses: the list holds for this run)."""
        self._unsaved = None
        with contextlib.suppress(OSError):
            self.netplay.games.save()
        self._changes = self.netplay.games.changes

    def _entries(self, standing: Standing) -> list[MyGame]:
        games = self.netplay.games
        found = games.find(standing.server, standing.table)
        if found:
            return found
        # a hosted table, followed at this run's address
        return [g for g in games.games if g.hosted and g.table == standing.table]

    # ----- what the screens read ------------------------------------------------------
    def mine(self) -> list[MyGame]:
        """The games where the player is to move, one a table: the watcher's order (the
        nearest deadline, the longest waiting) first, then as kept, the latest first."""
        changes = self.netplay.games.changes
        if self._mine is not None and self._mine[0] == changes:
            return list(self._mine[1])
        kept = [g for g in self.netplay.played() if g.my_turn]
        order: dict[tuple[str, str], int] = {}
        if self.watcher is not None:
            for i, standing in enumerate(self.watcher.mine()):
                order.setdefault((standing.server, standing.table), i)
        out: dict[tuple[str, str], MyGame] = {}
        for game in sorted(kept, key=lambda g: order.get((g.server, g.table), len(order))):
            out.setdefault((game.server, game.table), game)
        self._mine = (changes, list(out.values()))
        return list(self._mine[1])

    def close(self) -> None:
        if self._unsaved is not None:
            self.save()
        if self.watcher is not None:
            self.watcher.close()
            self.watcher = None


__all__ = ["Turns"]
