"""Play online: host a table, join a friend's, or open one of my online games.

Hosting starts this computer's own game server (``scenes.core.netplay``) and opens a
table there; joining takes an invite code, which carries the server's address and the
table, or a standing server's address, which opens that server's lobby. Both lead
to the waiting room, by name through the navigator. The games this player sits at,
on any server used before, are listed with whose turn it is; a row opens that
game again (its seat's token is kept in the data folder), or forgets it.
"""

from __future__ import annotations

import re
from functools import partial
from urllib.parse import urlsplit

import pygame

from game.record import MAX_NAME_LENGTH, name_allows, name_refusal
from game.variants import STANDARD
from game.words import Phrase
from online.accounts import MyGame
from online.client import check_address
from online.tables import DEFAULT_AWAY
from online.words import said_from_json
from scenes.core import gfx
from scenes.core.navigator import Screen
from scenes.core.netplay import CannotHost, Netplay, read_code
from scenes.core.replays import RecordFetch
from scenes.core.scene import Scene
from scenes.text.catalog import t
from scenes.text.fonts import blit_text
from scenes.text.reasons import reason_text
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.backdrop import draw_title_backdrop
from scenes.ui.focus import Focus, Focusable, handle_form, of_widgets
from scenes.ui.label import label
from scenes.ui.overlays import Confirm, if_yes
from scenes.ui.widgets import Button, Choice, TextField, Toggle, variant_choice

PANEL = pygame.Rect(160, 70, 1600, 960)
LEFT = PANEL.x + 60
RIGHT = PANEL.x + 860
ROWS_Y, ROW_H, ROWS_SHOWN = PANEL.y + 200, 120, 5
#: A row's words stop short of its two buttons (Open, Forget).
ROW_WORDS = PANEL.right - 380 - 16 - RIGHT
#: The clocks a host may give a table: none, a live game's, a slow game's (a turn a day).
#: Each player's own time (seconds) and what each turn adds (Fischer's clock).
CLOCKS: dict[str, dict[str, float] | None] = {
    "none": None,
    "live": {"budget": 20 * 60, "bonus": 20},
    "slow": {"budget": 3 * 86_400, "bonus": 86_400},
}
def away_limit(clock: dict[str, float] | None) -> float:
    """How long a player may be gone before another may let the computer play for
    them: the server's ten minutes at a table without a clock; with one, no less than
    a player's own time (in a game of a turn a day, being gone for hours is normal)."""
    return max(DEFAULT_AWAY, float(clock["budget"])) if clock else DEFAULT_AWAY


def code_allows(ch: str) -> bool:
    """What an invite code is made of (letters, digits and the dashes between groups),
    or a server's address (ws://HOST:PORT/, HOST:PORT, [IPv6]:PORT)."""
    return ch.isascii() and (ch.isalnum() or ch in "-:/.[]_")


def as_address(text: str) -> str | None:
    """The server address ``text`` names (None: it is not one, so maybe a code)."""
    if "://" in text:
        return text
    if re.fullmatch(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):\d{1,5}", text):
        return f"ws://{text}/"
    return None


class OnlineScene(Scene):
    """Host, join, or open one of my online games."""

    def __init__(self, message: str | None = None) -> None:
        super().__init__()
        self.message = message
        self.name = TextField((LEFT, PANEL.y + 180, 620, 56), "", max_len=MAX_NAME_LENGTH,
                              allowed=name_allows, placeholder="online.name")
        self.players = Choice((LEFT, PANEL.y + 400, 420, 56), ["3", "4"],
                              [partial(t, "room.players", count=n) for n in (3, 4)], 0)
        self.first_game = Toggle((LEFT, PANEL.y + 466, 700, 48), "setup.first_game", True)
        self.variant = variant_choice((LEFT + 150, PANEL.y + 518, 590, 50), STANDARD)
        self.clock = Choice((LEFT + 150, PANEL.y + 576, 590, 50), list(CLOCKS),
                            [f"online.clock.{k}" for k in CLOCKS], 0)
        self.host_button = Button((LEFT + 440, PANEL.y + 400, 300, 56), "online.host",
                                  self.host, size=26)
        self.code = TextField((LEFT, PANEL.y + 806, 440, 56), "", max_len=96,
                              allowed=code_allows, placeholder="online.join.code")
        self.join_button = Button((LEFT + 460, PANEL.y + 806, 280, 56), "online.join",
                                  self.join, size=26)
        self.back_button = Button((PANEL.right - 60 - 260, PANEL.bottom - 96, 260, 68),
                                  "online.back", self.back, size=28)
        #: The player key, exported or imported (an overlay).
        self.key_button = Button((PANEL.right - 60 - 260, PANEL.y + 32, 260, 56), "key.button",
                                 lambda: self.open(Screen.PLAYER_KEY), size=24)
        self.games: list[MyGame] = []
        self.rows: list[tuple[Button, Button]] = []
        self.first = 0  # the first game row shown (the list scrolls)
        self.focus = Focus(visible=False)
        self._changes = -1  # the kept list's change count shown (it updates live)
        #: A finished game's record on its way from its server, for the review.
        self.fetching: RecordFetch | None = None

    @property
    def netplay(self) -> Netplay | None:
        return self.app.netplay if self.app is not None else None

    # ----- the list ------------------------------------------------------------------
    def enter(self) -> None:
        if self.app is not None and not self.name.value:
            names = self.app.settings.names
            self.name.value = names[0].strip() if names and names[0].strip() else ""
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        netplay = self.netplay
        self.games = netplay.played() if netplay is not None else []
        self._changes = netplay.games.changes if netplay is not None else -1
        if netplay is not None and not netplay.hosting and any(
                g.hosted and g.status != "over" for g in self.games):
            # the tables this computer hosts are open again, for friends coming back
            try:
                netplay.host()
            except OSError as exc:
                self._cannot_host(exc)
        if netplay is not None and netplay.notice is not None:
            self.message = t(netplay.notice.key, **netplay.notice.values)
            netplay.notice = None
        self.first = max(0, min(self.first, len(self.games) - ROWS_SHOWN))
        self.rows = []
        for i in range(min(ROWS_SHOWN, len(self.games) - self.first)):
            game = self.games[self.first + i]
            y = ROWS_Y + i * ROW_H + 14
            over = game.status == "over"  # a finished game: its replay, from its server
            self.rows.append((
                Button((PANEL.right - 380, y, 150, 56),
                       "online.games.replay" if over else "online.games.resume",
                       partial(self.replay, game) if over else
                       partial(self.open_game, game), size=24),
                Button((PANEL.right - 214, y, 150, 56), "online.games.forget",
                       partial(self.forget, game), size=24)))

    @property
    def widgets(self) -> list:
        rows = [b for pair in self.rows for b in pair]
        return [self.name, self.players, self.host_button, self.first_game, self.variant,
                self.clock, self.code, self.join_button, *rows, self.key_button,
                self.back_button]

    def focusables(self) -> list[Focusable]:
        return of_widgets(self.widgets)

    # ----- actions -------------------------------------------------------------------
    def _name(self) -> str | None:
        """The player's name, or None (and the message says why) when it cannot be."""
        name = self.name.value.strip()
        refusal = name_refusal(name) if name else None
        if not name:
            self.message = t("online.error.name", reason=t("online.name"))
            self.name.focused = True
            return None
        if refusal is not None:
            self.message = t("online.error.name", reason=reason_text(refusal))
            return None
        if self.app is not None:  # remembered as the first name of the next setup too
            names = list(self.app.settings.names) or [""]
            names[0] = name
            self.app.settings.names = names
            self.app.save_settings()
        return name

    def host(self) -> None:
        name = self._name()
        netplay = self.netplay
        if name is None or netplay is None:
            return
        try:
            url = netplay.own_url()
        except OSError as exc:
            self._cannot_host(exc)
            return
        self.go(Screen.WAITING_ROOM, url=url, name=name, hosting=True,
                options={"players": int(self.players.value), "variant": self.variant.value,
                         "first_game": self.first_game.value,
                         "clock": CLOCKS[self.clock.value],
                         "away_limit": away_limit(CLOCKS[self.clock.value])})

    def _cannot_host(self, exc: OSError) -> None:
        """Why this program cannot host, in the player's words."""
        if isinstance(exc, CannotHost):
            self.message = t(exc.said.key, **exc.said.values)
        else:
            self.message = t("online.error.host", reason=exc.strerror or str(exc))

    def join(self) -> None:
        name = self._name()
        if name is None:
            return
        text = self.code.value.strip()
        if not text:
            self.message = t("online.error.no_code")
            self.code.focused = True
            return
        address = as_address(text)
        if address is not None and self.netplay is not None:
            wrong = check_address(address)
            if wrong is not None:
                self.message = t(wrong.key, **wrong.values)
                return
            self.go(Screen.LOBBY, url=address, name=name)  # a standing server's lobby
            return
        invite = read_code(text)
        if isinstance(invite, Phrase):
            self.message = t(invite.key, **invite.values)
            return
        url, table, secret = invite
        self.go(Screen.WAITING_ROOM, url=url, name=name, table=table, invite=secret)

    def open_game(self, game: MyGame) -> None:
        """Back to a kept game: its waiting room, or its table once it has begun (every
        seat of that table held here comes along)."""
        netplay = self.netplay
        if netplay is None:
            return
        try:
            args = netplay.reopen(game)
        except OSError as exc:
            self._cannot_host(exc)
            return
        self.go(Screen.WAITING_ROOM, **args)

    def replay(self, game: MyGame) -> None:
        """A finished game's record, fetched from its server (the held seat taken back)
        and opened in the review; a failure is said in one sentence."""
        netplay = self.netplay
        if netplay is None or self.fetching is not None:
            return
        try:
            url = netplay.url_of(game)
        except OSError as exc:
            self._cannot_host(exc)
            return
        wrong = check_address(url)
        if wrong is not None:
            self.message = t(wrong.key, **wrong.values)
            return
        self.fetching = RecordFetch(netplay.open_connection(url), game.table, game.seat,
                                    game.token)
        self.message = t("online.replay.fetching")

    def _fetched(self) -> None:
        fetch = self.fetching
        if fetch is None:
            return
        fetch.poll()
        if not fetch.done:
            return
        self.fetching = None
        if fetch.review is not None:
            self.message = None
            self.go(Screen.REVIEW, session=fetch.review, back=Screen.ONLINE)
        else:
            reason = fetch.failed
            self.message = t("online.replay.failed",
                             reason=t(reason.key, **reason.values) if reason else "")

    def forget(self, game: MyGame) -> None:
        """Forget a game, asked first unless it is over (its record is kept): the seat's
        token is gone for good, so the table is told this player left (a game under
        way goes on with the table's computer in the seat). No is ringed first."""
        if game.status == "over" or self.stack is None:
            self._forget(game)
            return
        names = game.names or [""]
        name = names[game.seat] if game.seat < len(names) else names[0]
        key = "online.games.forget.ask_open" if game.status == "open" else \
            "online.games.forget.ask"
        self.stack.push(Confirm(t(key, name=name), if_yes(partial(self._forget, game)),
                                no_first=True))

    def _forget(self, game: MyGame) -> None:
        if self.netplay is not None:
            if game.status != "over":
                self.netplay.leave(game)
            self.netplay.forget(game)
        self.refresh()

    def back(self) -> None:
        self.go(Screen.TITLE)

    # ----- frame ---------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        fields = (self.name, self.code)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not any(
                f.focused for f in fields):
            self.back()
            return True
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.code.focused):
            self.code.focused = False
            self.join()
            return True
        if event.type == pygame.MOUSEWHEEL and len(self.games) > ROWS_SHOWN:
            self.first = max(0, min(self.first - event.y, len(self.games) - ROWS_SHOWN))
            self.refresh()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = ROWS_SHOWN if event.key == pygame.K_PAGEDOWN else -ROWS_SHOWN
            self.first = max(0, min(self.first + page, len(self.games) - ROWS_SHOWN))
            self.refresh()  # (a page of many games at a time, by the keyboard)
            return True
        return handle_form(event, self.focus, self.focusables(), self.widgets, fields)

    def update(self, dt: float) -> None:
        self.name.update(dt)
        self.code.update(dt)
        netplay = self.netplay
        if netplay is not None and netplay.games.changes != self._changes:
            self.refresh()  # a server's news (the app's watcher), or a seat kept
        self._fetched()

    def draw(self, surface: gfx.Canvas) -> None:
        draw_title_backdrop(surface)
        surface.blit(art.parchment(PANEL.w, PANEL.h, radius=18, seed=23), PANEL)
        blit_text(surface, t("online.heading"), (PANEL.centerx, PANEL.y + 60), role="display",
                  size=64, color=P.INK, anchor="center")
        label(surface, t("online.name"), (LEFT, PANEL.y + 130, 700, 40), "text-semibold", 24)
        label(surface, t("online.host.heading"), (LEFT, PANEL.y + 270, 700, 52), "display", 38)
        label(surface, t("online.host.about"), (LEFT, PANEL.y + 326, 740, 60), "text", 21,
               P.INK_SOFT, lines=2)
        label(surface, t("setup.variant"), (LEFT, PANEL.y + 518, 140, 50), "text-semibold", 22)
        label(surface, t("online.clock"), (LEFT, PANEL.y + 576, 140, 50), "text-semibold", 22)
        label(surface, t("online.clock.about"), (LEFT, PANEL.y + 630, 740, 52), "text", 19,
               P.INK_SOFT, lines=2)
        label(surface, t("online.join.heading"), (LEFT, PANEL.y + 690, 700, 52), "display", 38)
        label(surface, t("online.join.about"), (LEFT, PANEL.y + 742, 740, 58), "text", 21,
               P.INK_SOFT, lines=2)
        label(surface, t("online.games.heading"), (RIGHT, PANEL.y + 130, 700, 52), "display", 38)
        self._draw_games(surface)
        for w in self.widgets:
            w.draw(surface)
        self.focus.set_items(self.focusables())
        self.focus.draw(surface)
        if self.message:
            box = pygame.Rect(LEFT, PANEL.bottom - 90, PANEL.w - 460, 72)
            label(surface, self.message, box, "text", 22, P.ALERT, lines=2)

    def _draw_games(self, surface: gfx.Canvas) -> None:
        if not self.games:
            label(surface, t("online.games.none"), (RIGHT, ROWS_Y + 10, 680, 60), "text", 22,
                   P.INK_SOFT, lines=2)
            return
        if len(self.games) > ROWS_SHOWN:  # many games: which are shown, and how to scroll
            shown = min(len(self.games), self.first + ROWS_SHOWN)
            label(surface, t("online.games.shown", first=self.first + 1, last=shown,
                             count=len(self.games)),
                  (RIGHT, ROWS_Y + ROWS_SHOWN * ROW_H + 2, 560, 30), "text", 18, P.INK_SOFT)
        for i, game in enumerate(self.games[self.first:self.first + ROWS_SHOWN]):
            y = ROWS_Y + i * ROW_H
            row = pygame.Rect(RIGHT - 16, y + 4, PANEL.right - 40 - RIGHT + 16, ROW_H - 8)
            gfx.draw.rect(surface, P.PARCHMENT_DEEP, row, 1, border_radius=10)
            label(surface, game_title(game), (RIGHT, y + 12, ROW_WORDS, 34), "text-semibold", 22)
            label(surface, game_detail(game), (RIGHT, y + 46, ROW_WORDS, 30), "text", 20,
                  P.ALERT if game.my_turn else P.INK_SOFT)
            last = last_step_words(game)
            new = new_steps(game) if game.status == "playing" else 0
            if new:  # what was played since the player last looked, first
                said = t("online.games.new", count=new)
                last = f"{said} · {last}" if last else said
            if last:  # under the buttons, the row's whole width
                label(surface, last, (RIGHT, y + 80, row.right - 16 - RIGHT, 30), "text", 18,
                      P.INK_SOFT)


def last_step_words(game: MyGame) -> str | None:
    """A kept game's last step as its log said it, in the language chosen now."""
    said = said_from_json(game.last_said) if game.last_said else None
    if said is None or game.status == "open":
        return None
    return t("online.games.last", step=said)


def game_title(game: MyGame) -> str:
    """A kept game's row: who plays, and where."""
    where = urlsplit(game.server).netloc or game.server
    return t("online.games.row", names=", ".join(game.names) or "…", where=where)


def game_detail(game: MyGame) -> str:
    """A kept game's state as last heard: open, whose turn, or over."""
    if game.status == "over":
        return t("online.games.over")
    if game.status == "open":
        return t("online.games.open")
    if game.my_turn:
        own = game.names[game.seat] if game.seat < len(game.names) else game.to_move
        said = t("online.games.your_turn", name=own or "")
    elif game.to_move is None:
        return t("online.games.unknown")
    else:
        said = t("online.games.turn", name=game.to_move)
    return said


def new_steps(game: MyGame) -> int:
    """How many steps were played at a kept game since the player last looked there."""
    if game.number is None or game.seen is None:
        return 0
    return max(0, game.number - game.seen)


__all__ = ["OnlineScene", "code_allows"]
