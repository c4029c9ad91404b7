"""A standing server's leaderboard: its best-rated players per number of players,
and the player's own standing under them.

Reached from the server's lobby. The server rates every finished game among people
(OpenSkill; a seat its computer played for most of the game is not rated) and counts
the games each player abandoned; this screen asks for the board of 3 or 4 players
(``leaders``, with the player key's secret for this server, so that the player's own
row comes back as ``you``) and shows it as a table.
"""

from __future__ import annotations

from functools import partial
from urllib.parse import urlsplit

import pygame

from game.words import Phrase
from online.inbound import Leaderboard, Standing
from online.lobby import Ask, Lobby
from online.words import phrase, shown_name
from scenes.core import gfx
from scenes.core.navigator import Screen
from scenes.core.scene import Scene
from scenes.text.catalog import t
from scenes.text.fonts import blit_text
from scenes.text.standing import rating_number
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.backdrop import draw_title_backdrop
from scenes.ui.focus import Focus, Focusable, handle_form, of_widgets
from scenes.ui.label import label
from scenes.ui.widgets import Button, Choice

PANEL = pygame.Rect(260, 70, 1400, 960)
LEFT = PANEL.x + 60
ROWS_Y, ROW_H, ROWS_SHOWN = PANEL.y + 320, 44, 10
#: The columns: rank, name, rating, games, abandoned (x from LEFT, width).
COLUMNS = {"rank": (0, 80), "name": (90, 560), "rating": (670, 200), "games": (880, 200),
           "left": (1090, 190)}
HEADINGS = {"rank": "leaders.rank", "name": "leaders.name", "rating": "leaders.rating",
            "games": "leaders.games", "left": "leaders.left"}


class LeadersScene(Scene):
    """The leaderboard of one server (see the module docstring)."""

    def __init__(self, url: str = "", name: str = "") -> None:
        super().__init__()
        self.url = url
        self.name = name
        self.lobby: Lobby | None = None
        self.asking: Ask | None = None
        self.board: Leaderboard | None = None
        self.message: str | None = None
        self.players = Choice((LEFT, PANEL.y + 190, 500, 56), ["3", "4"],
                              [partial(t, "room.players", count=n) for n in (3, 4)], 0,
                              lambda _: self.ask())
        self.back_button = Button((PANEL.right - 60 - 380, PANEL.bottom - 96, 380, 68),
                                  "leaders.back", self.back, size=26)
        self.focus = Focus(visible=False)

    def enter(self) -> None:
        if self.app is not None:
            self.lobby = Lobby(self.app.netplay.connect(self.url))
            self.ask()

    def ask(self) -> None:
        """The board for the number of players chosen."""
        if self.lobby is None or self.app is None:
            return
        self.board = None
        self.asking = self.lobby.leaders(int(self.players.value),
                                         self.app.netplay.player_for(self.url))

    def back(self) -> None:
        self.go(Screen.LOBBY, url=self.url, name=self.name)

    @property
    def widgets(self) -> list:
        return [self.players, self.back_button]

    def focusables(self) -> list[Focusable]:
        return of_widgets(self.widgets)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return handle_form(event, self.focus, self.focusables(), self.widgets)

    def update(self, dt: float) -> None:
        if self.lobby is None:
            return
        self.lobby.poll()
        if self.lobby.failed is not None:
            self.message = t(self.lobby.failed.key, **self.lobby.failed.values)
        ask = self.asking
        if ask is not None and ask.done:
            self.asking = None
            if ask.ok and isinstance(ask.reply, Leaderboard):
                self.board, self.message = ask.reply, None
            else:  # (an answer of another kind is one this program cannot read)
                why = ask.error or phrase("online.unreadable_answer")
                self.message = (t(why.key, **why.values) if isinstance(why, Phrase)
                                else str(why or ""))

    def draw(self, surface: gfx.Canvas) -> None:
        draw_title_backdrop(surface)
        surface.blit(art.parchment(PANEL.w, PANEL.h, radius=18, seed=37), PANEL)
        where = urlsplit(self.url).netloc or self.url
        blit_text(surface, t("leaders.heading", where=where), (PANEL.centerx, PANEL.y + 60),
                  role="display", size=56, color=P.INK, anchor="center")
        label(surface, t("leaders.about"), (LEFT, PANEL.y + 110, PANEL.w - 120, 64), "text",
              21, P.INK_SOFT, lines=2)
        for key, (x, w) in COLUMNS.items():
            label(surface, t(HEADINGS[key]), (LEFT + x, ROWS_Y - 50, w, 40), "text-semibold",
                  22, P.INK_SOFT)
        gfx.draw.line(surface, P.PARCHMENT_DEEP, (LEFT, ROWS_Y - 6),
                      (PANEL.right - 60, ROWS_Y - 6), 2)
        board = self.board
        if board is None:
            label(surface, t("lobby.loading") if self.message is None else "",
                  (LEFT, ROWS_Y + 10, 800, 40), "text", 22, P.INK_SOFT)
        elif not board.rows:
            label(surface, t("leaders.none"), (LEFT, ROWS_Y + 10, 1000, 40), "text", 22,
                  P.INK_SOFT)
        else:
            for i, row in enumerate(board.rows[:ROWS_SHOWN]):
                self._row(surface, ROWS_Y + i * ROW_H, str(i + 1), shown_name(row.name), row)
        if board is not None and board.you is not None:
            y = ROWS_Y + ROWS_SHOWN * ROW_H + 12
            gfx.draw.line(surface, P.PARCHMENT_DEEP, (LEFT, y - 4), (PANEL.right - 60, y - 4), 2)
            self._row(surface, y + 4, "", t("leaders.you"), board.you, P.BRASS_DARK)
        for w in self.widgets:
            w.draw(surface)
        self.focus.set_items(self.focusables())
        self.focus.draw(surface)
        if self.message:
            box = pygame.Rect(LEFT, PANEL.bottom - 96, PANEL.w - 120 - 400, 68)
            label(surface, self.message, box, "text", 20, P.ALERT, lines=2)

    def _row(self, surface: gfx.Canvas, y: int, rank: str, name: str, row: Standing,
             ink: tuple[int, int, int] = P.INK) -> None:
        rated = bool(row.games)
        words = {"rank": rank, "name": name,
                 "rating": rating_number(row.rating) if rated else "–",
                 "games": str(row.games), "left": str(row.left)}
        for key, (x, w) in COLUMNS.items():
            label(surface, words[key], (LEFT + x, y, w, ROW_H - 4),
                  "text-semibold" if key in ("name", "rating") else "text", 22, ink)


__all__ = ["LeadersScene"]
