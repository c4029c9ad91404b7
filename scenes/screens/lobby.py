"""A standing server's lobby: its open tables and the games being played there.

Reached from Play online by a server's address. The player sits at an open table
(each seat shown with its player's rating), watches a game in play, takes a **quick
game** (the server seats them at the public table for that many players that will
start soonest, or opens one), or opens a table of their own: players, a clock or a
turn-a-day deadline with vacation days, public or private. The lists are asked for
again every few seconds (time handed in through ``update``), and the leaderboard is
one press away. Every seat taken here carries the player key's secret for this
server (``Netplay.player_for``), so the server knows the same player at every table.
"""

from __future__ import annotations

from functools import partial
from urllib.parse import urlsplit

import pygame

from game.variants import STANDARD, label_of
from game.words import Phrase
from online.inbound import Listing, LobbyEntry
from online.lobby import Ask, Lobby
from online.remote import RemoteSession
from online.tables import DEFAULT_AWAY
from online.words import phrase, shown_name
from scenes.core import gfx
from scenes.core.navigator import Screen
from scenes.core.netplay import Netplay
from scenes.core.scene import Scene
from scenes.table.clocks import pace_text
from scenes.text.catalog import t
from scenes.text.fonts import blit_text
from scenes.text.standing import standing_text
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.backdrop import draw_title_backdrop
from scenes.ui.focus import Focus, Focusable, handle_form, of_widgets
from scenes.ui.label import label
from scenes.ui.widgets import Button, Choice, Toggle

PANEL = pygame.Rect(160, 70, 1600, 960)
LEFT = PANEL.x + 60
RIGHT = PANEL.x + 760
ROWS_Y, ROW_H, ROWS_SHOWN = PANEL.y + 210, 126, 5
#: A row's words stop short of its button.
ROW_WORDS = PANEL.right - 60 - 180 - 20 - RIGHT
#: Seconds between two askings of the lists (a press on a tab asks at once).
REFRESH = 5.0
#: The paces a new table may have: none, a live clock, a turn a day.
LIVE_CLOCK = {"budget": 20 * 60, "bonus": 20}
#: A turn-a-day table's deadlines for a move, and vacation days, offered.
DEADLINES = {"1": 86_400, "2": 2 * 86_400, "3": 3 * 86_400}
VACATIONS = ("0", "3", "7")


class LobbyScene(Scene):
    """One standing server's tables (see the module docstring)."""

    def __init__(self, url: str = "", name: str = "") -> None:
        super().__init__()
        self.url = url
        self.name = name
        self.lobby: Lobby | None = None
        #: The lists as last answered: open tables and tables in play.
        self.found: dict[str, list[LobbyEntry] | None] = {"open": None, "playing": None}
        self.asks: dict[str, Ask] = {}
        self.since = REFRESH  # seconds since the lists were last asked for
        self.message: str | None = None
        self.first = 0  # the first row shown (the list scrolls)
        #: A game being opened to watch, until its state is known.
        self.watching: RemoteSession | None = None
        self.tab = Choice((RIGHT, PANEL.y + 130, 700, 56), ["open", "playing"],
                          ["lobby.open", "lobby.playing"], 0, lambda _: self._tab())
        self.quick_players = Choice((LEFT, PANEL.y + 250, 300, 56), ["3", "4"],
                                    [partial(t, "room.players", count=n) for n in (3, 4)],
                                    0)
        self.quick_button = Button((LEFT + 320, PANEL.y + 250, 300, 56), "lobby.quick",
                                   self.quick, size=26)
        self.players = Choice((LEFT, PANEL.y + 410, 620, 56), ["3", "4"],
                              [partial(t, "room.players", count=n) for n in (3, 4)], 0)
        self.pace = Choice((LEFT + 150, PANEL.y + 476, 470, 56), ["none", "live", "day"],
                           ["lobby.pace.none", "lobby.pace.live", "lobby.pace.day"], 0)
        self.deadline = Choice((LEFT + 150, PANEL.y + 542, 470, 50), list(DEADLINES),
                               [partial(t, "lobby.vacation.days", count=int(n))
                                for n in DEADLINES], 0)
        self.vacation = Choice((LEFT + 150, PANEL.y + 602, 470, 50), list(VACATIONS),
                               [partial(t, "lobby.vacation.days", count=int(n))
                                for n in VACATIONS], 1)
        self.private = Toggle((LEFT, PANEL.y + 664, 620, 48), "lobby.private", False)
        self.create_button = Button((LEFT, PANEL.y + 724, 620, 56), "lobby.create",
                                    self.create, size=26)
        self.leaders_button = Button((LEFT, PANEL.bottom - 96, 300, 68), "lobby.leaders",
                                     self.leaders, size=26)
        self.back_button = Button((PANEL.right - 60 - 260, PANEL.bottom - 96, 260, 68),
                                  "online.back", self.back, size=28)
        self.rows: list[Button] = []
        self.focus = Focus(visible=False)

    @property
    def netplay(self) -> Netplay | None:
        return self.app.netplay if self.app is not None else None

    @property
    def where(self) -> str:
        return urlsplit(self.url).netloc or self.url

    # ----- the lists -------------------------------------------------------------------
    def enter(self) -> None:
        netplay = self.netplay
        if netplay is not None:
            self.lobby = Lobby(netplay.connect(self.url))
            self.ask_lists()

    def ask_lists(self) -> None:
        """Both lists asked for again (an answer still awaited is not asked twice)."""
        self.since = 0.0
        if self.lobby is None:
            return
        for status in ("open", "playing"):
            ask = self.asks.get(status)
            if ask is None or ask.done:
                self.asks[status] = self.lobby.list(status)

    def _tab(self) -> None:
        self.first = 0
        self._rows()
        self.ask_lists()

    @property
    def shown(self) -> list[LobbyEntry]:
        return self.found.get(self.tab.value) or []

    def _rows(self) -> None:
        """A button for each row shown: Sit at an open table, Watch one in play."""
        self.first = max(0, min(self.first, len(self.shown) - ROWS_SHOWN))
        playing = self.tab.value == "playing"
        self.rows = []
        for i, entry in enumerate(self.shown[self.first:self.first + ROWS_SHOWN]):
            y = ROWS_Y + i * ROW_H + (ROW_H - 56) // 2
            table = entry.table
            self.rows.append(Button(
                (PANEL.right - 60 - 180, y, 180, 56),
                "lobby.watch" if playing else "lobby.sit",
                partial(self.watch, table) if playing else
                partial(self.sit, table), size=24))

    # ----- actions -----------------------------------------------------------------------
    def sit(self, table: str) -> None:
        self.go(Screen.WAITING_ROOM, url=self.url, name=self.name, table=table)

    def quick(self) -> None:
        self.go(Screen.WAITING_ROOM, url=self.url, name=self.name,
                quick=int(self.quick_players.value))

    def create(self) -> None:
        pace = self.pace.value
        options: dict = {"players": int(self.players.value), "private": self.private.value,
                         "clock": LIVE_CLOCK if pace == "live" else None,
                         "away_limit": DEFAULT_AWAY}
        if pace == "day":
            options["deadline"] = DEADLINES[self.deadline.value]
            options["vacation"] = int(self.vacation.value)
            options["away_limit"] = float(DEADLINES[self.deadline.value])
        self.go(Screen.WAITING_ROOM, url=self.url, name=self.name, create=options)

    def watch(self, table: str) -> None:
        """Open a game in play as a spectator (the table, once its state is known)."""
        if self.netplay is None:
            return
        self.watching = RemoteSession(self.netplay.connect(self.url), table, {})
        self.lobby = None  # the session reads the connection from now on

    def leaders(self) -> None:
        self.go(Screen.LEADERS, url=self.url, name=self.name)

    def back(self) -> None:
        self.go(Screen.ONLINE)

    @property
    def widgets(self) -> list:
        day = self.pace.value == "day"  # (a deadline and vacation days: a turn a day's)
        self.deadline.enabled = self.vacation.enabled = day
        return [self.quick_players, self.quick_button, self.players, self.pace, self.deadline,
                self.vacation,
                self.private, self.create_button, self.tab, *self.rows,
                self.leaders_button, self.back_button]

    def focusables(self) -> list[Focusable]:
        return of_widgets(self.widgets)

    # ----- frame ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F5:
            self.ask_lists()
            return True
        if event.type == pygame.MOUSEWHEEL and len(self.shown) > ROWS_SHOWN:
            self.first = max(0, min(self.first - event.y, len(self.shown) - ROWS_SHOWN))
            self._rows()
            return True
        return handle_form(event, self.focus, self.focusables(), self.widgets)

    def update(self, dt: float) -> None:
        if self.watching is not None:
            self._watch_when_ready()
            return
        lobby = self.lobby
        if lobby is None:
            return
        self.since += max(0.0, dt)
        if self.since >= REFRESH:
            self.ask_lists()
        lobby.poll()
        if lobby.failed is not None and self.message is None:
            self.message = _words(lobby.failed)  # (what was said before it stays)
        for status, ask in list(self.asks.items()):
            if not ask.done:
                continue
            del self.asks[status]
            if ask.ok and isinstance(ask.reply, Listing):
                self.found[status] = list(ask.reply.tables)
                self._rows()
            else:  # (an answer of another kind is one this program cannot read)
                self.message = _words(ask.error or phrase("online.unreadable_answer"))

    def _watch_when_ready(self) -> None:
        session = self.watching
        assert session is not None
        if session.settle():
            self.watching = None
            self.go(Screen.TABLE, session=session)
        elif session.place.trouble() is not None:
            self.watching = None
            self.message = _words(session.place.trouble())
            if self.netplay is not None:
                self.lobby = Lobby(self.netplay.connect(self.url))

    def draw(self, surface: gfx.Canvas) -> None:
        draw_title_backdrop(surface)
        surface.blit(art.parchment(PANEL.w, PANEL.h, radius=18, seed=31), PANEL)
        blit_text(surface, t("lobby.heading", where=self.where),
                  (PANEL.centerx, PANEL.y + 60), role="display", size=56, color=P.INK,
                  anchor="center")
        label(surface, t("lobby.quick.heading"), (LEFT, PANEL.y + 130, 620, 52), "display", 38)
        label(surface, t("lobby.quick.about"), (LEFT, PANEL.y + 184, 620, 60), "text", 20,
              P.INK_SOFT, lines=2)
        label(surface, t("lobby.new.heading"), (LEFT, PANEL.y + 340, 620, 52), "display", 38)
        label(surface, t("lobby.pace"), (LEFT, PANEL.y + 476, 140, 56), "text-semibold", 22)
        ink = P.INK if self.pace.value == "day" else P.DISABLED_INK
        label(surface, t("lobby.deadline"), (LEFT, PANEL.y + 542, 140, 50), "text-semibold",
              20, ink)
        label(surface, t("lobby.vacation"), (LEFT, PANEL.y + 602, 140, 50), "text-semibold",
              20, ink)
        self._draw_rows(surface)
        for w in self.widgets:
            w.draw(surface)
        self.focus.set_items(self.focusables())
        self.focus.draw(surface)
        if self.message:
            box = pygame.Rect(LEFT + 320, PANEL.bottom - 96, PANEL.w - 120 - 320 - 280, 68)
            label(surface, self.message, box, "text", 20, P.ALERT, lines=2)

    def _draw_rows(self, surface: gfx.Canvas) -> None:
        found = self.found.get(self.tab.value)
        if found is None or not found:
            key = ("lobby.loading" if found is None else
                   "lobby.none_playing" if self.tab.value == "playing" else "lobby.none_open")
            label(surface, t(key), (RIGHT, ROWS_Y + 10, 700, 60), "text", 22, P.INK_SOFT,
                  lines=2)
            return
        for i, entry in enumerate(found[self.first:self.first + ROWS_SHOWN]):
            y = ROWS_Y + i * ROW_H
            row = pygame.Rect(RIGHT - 16, y + 4, PANEL.right - 40 - RIGHT + 16, ROW_H - 8)
            gfx.draw.rect(surface, P.PARCHMENT_DEEP, row, 1, border_radius=10)
            for line, (words, role, size, ink) in enumerate(entry_lines(entry)):
                label(surface, words, (RIGHT, y + 10 + line * 36, ROW_WORDS, 34), role, size,
                      ink)
        more = len(found) - self.first - ROWS_SHOWN
        if more > 0:
            label(surface, t("lobby.more", count=more),
                  (RIGHT, ROWS_Y + ROWS_SHOWN * ROW_H, 700, 30), "text", 18, P.INK_SOFT)


def seat_words(entry: LobbyEntry) -> str:
    """The seats of a listed table: each player's name and, once rated, standing (the
    open seats are counted on the next line)."""
    parts = []
    for s in entry.seats:
        standing = (standing_text(s.rating, s.games, s.left) if s.kind == "human" and s.games
                    else "" if s.kind == "human" else t(f"level.{s.level or 'medium'}"))
        parts.append(f"{shown_name(s.name)} ({standing})" if standing else shown_name(s.name))
    return ", ".join(parts) or t("lobby.empty")


def entry_lines(entry: LobbyEntry) -> list[tuple[str, str, int, tuple[int, int, int]]]:
    """A listed table's three lines: its seats, its players and what remains to fill
    or how far it has gone, its pace and rules."""
    players = t("room.players", count=entry.players)
    if entry.status == "open":
        second = t("online.found.row", players=players,
                   free=entry.players - len(entry.seats), count=entry.players - len(entry.seats))
    else:
        second = t("lobby.watchers", players=players,
                   steps=t("lobby.steps", count=entry.number or 0))
    third = [pace_text(None if entry.clock is None else
                       {"budget": entry.clock.budget, "bonus": entry.clock.bonus},
                       entry.deadline, entry.vacation)]
    if entry.variant != STANDARD:
        third.append(t(label_of(entry.variant)))
    if entry.quick:
        third.insert(0, t("lobby.quick_table"))
    return [(seat_words(entry), "text-semibold", 21, P.INK),
            (second, "text", 19, P.INK_SOFT),
            (" · ".join(third), "text", 19, P.INK_SOFT)]


def _words(reason: Phrase | str | None) -> str:
    if isinstance(reason, Phrase):
        return t(reason.key, **reason.values)
    return reason or ""


__all__ = ["LobbyScene", "entry_lines", "seat_words"]
