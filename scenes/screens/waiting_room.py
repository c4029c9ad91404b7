"""The waiting room of an online table: who sits where, the invite code, Start.

The room opens the table (when this computer hosts it), takes the player's seat (by
invite code, or again with a kept seat's token), and then shows the table as the
server describes it: each seat with its name and colour, and who holds it (a person
here or at another machine, a computer and its level, or nobody yet). The host seats
computers in open seats and starts the game once every seat is taken; anyone may
leave. At a standing server the room may open a table there (``create``: public or
private, a clock or a turn-a-day deadline) or take a quick game's seat (``quick``);
each seat shows its player's rating, and at a quick table, once nobody has come for
a while, a seated player may fill the empty seats with computers (the table then
starts by itself). Every seat is taken with the player key's secret for the server
(``Netplay.player_for``). Nothing here waits: each request is answered through the
connection's queue, read once a frame, and a server that cannot be reached or says
no gets one sentence. When the game starts the room hands the connection to a
``RemoteSession`` and the table takes over, by name through the navigator.
"""

from __future__ import annotations

import contextlib

import pygame

from game.record import MAX_NAME_LENGTH, name_allows
from game.variants import STANDARD, label_of
from game.words import Phrase
from online import protocol
from online.inbound import SeatInfo, TableView
from online.lobby import Ask, Lobby
from online.remote import RemoteSession
from online.words import phrase
from scenes.core import gfx
from scenes.core.navigator import Screen
from scenes.core.netplay import Netplay
from scenes.core.scene import Scene
from scenes.screens.room_words import (
    LEFT,
    PANEL,
    computer_name,
    draw_invite,
    draw_seats,
    first_held,
    player_key,
    slow_words,
    words,
)
from scenes.table.clocks import clock_setting, duration_text
from scenes.text.catalog import t
from scenes.text.fonts import blit_text
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.backdrop import draw_title_backdrop
from scenes.ui.focus import Focus, Focusable, handle_form, of_widgets
from scenes.ui.label import label
from scenes.ui.widgets import Button, Choice, TextField

LEVELS = ("easy", "medium", "hard", "expert")
#: Seconds at a quick table with empty seats before the computers may fill them.
FILL_AFTER = 20.0


class WaitingRoomScene(Scene):
    """One online table before its game (or on the way back to it)."""

    def __init__(self, url: str = "", name: str = "", hosting: bool = False,
                 options: dict | None = None, table: str | None = None,
                 invite: str | None = None, seats: dict[int, str] | None = None,
                 rematch: RemoteSession | None = None, create: dict | None = None,
                 quick: int | None = None) -> None:
        super().__init__()
        #: A table to open at a standing server (its options), or a quick game's
        #: number of players: this room's player then leads it (computers, start).
        self.made = dict(create or {})
        self.quick = quick
        #: Seconds the room has waited with empty seats; whether it fills them now.
        self.waited = 0.0
        self.filling = False
        self._fill_from = 0
        #: A finished online game whose players asked for another deal.
        self.rematch = rematch
        if rematch is not None:
            url, table, seats = rematch.connection.url, rematch.table, rematch.place.here
            hosting = bool(options and options.get("hosting"))
        self.url = url
        self.name = name
        self.hosting = hosting
        #: Whether this room's player leads the table: seats computers and starts it
        #: (its host, or the one who opened it at a standing server).
        self.leads = hosting or bool(self.made)
        self.options = dict(options or {})
        self.table = table
        self.secret = invite
        #: The seats this machine holds at the table: seat -> token.
        self.here: dict[int, str] = dict(seats or {})
        #: What the room is doing: connecting, creating, sitting, resuming, open, failed.
        self.phase = "connecting"
        self.asking: Ask | None = None
        #: The seats seen when a computer was last asked for, until its seat is seen
        #: (a second one asked before would be named as the first, and refused).
        self._added_from: int | None = None
        self.lobby: Lobby | None = None
        self.pending_name: str | None = None
        self._code: tuple[tuple, str | None] | None = None
        #: The game's session, made when it began, until its state is known.
        self.starting: RemoteSession | None = None
        #: How many of its steps the player had seen, coming back to a game.
        self.since: int | None = None
        self.message: str | None = None
        self.level = Choice((LEFT + 640, PANEL.bottom - 250, 600, 56), list(LEVELS),
                            [f"setup.kind.{k}" for k in LEVELS], 1)
        self.add_button = Button((LEFT, PANEL.bottom - 250, 600, 56), "room.add_computer",
                                 self.add_computer, size=26)
        self.copy_button = Button((PANEL.right - 420, PANEL.y + 150, 360, 56), "room.copy",
                                  self.copy_code, size=24)
        self.start_button = Button((PANEL.right - 440, PANEL.bottom - 110, 380, 72),
                                   "room.start", self.start, size=30)
        self.leave_button = Button((LEFT, PANEL.bottom - 110, 260, 72), "room.leave",
                                   self.leave, size=28)
        #: A second person at this computer takes a seat too (hand-off between them).
        self.other = TextField((LEFT, PANEL.bottom - 352, 600, 56), "",
                               max_len=MAX_NAME_LENGTH, allowed=name_allows,
                               placeholder="room.another")
        self.sit_button = Button((LEFT + 640, PANEL.bottom - 352, 600, 56), "room.sit_here",
                                 self.sit_here, size=24)
        self.fill_button = Button((LEFT, PANEL.bottom - 250, 600, 56), "room.fill",
                                  self.fill, size=22)
        self.focus = Focus(visible=False)

    @property
    def netplay(self) -> Netplay | None:
        return self.app.netplay if self.app is not None else None

    # ----- the way in ----------------------------------------------------------------
    def enter(self) -> None:
        netplay = self.netplay
        if netplay is None:
            return
        if self.rematch is not None:
            self.phase = "rematch"
            if self.rematch.inbox.rematch is None:
                self.rematch.ask_rematch()
            return
        self.lobby = Lobby(netplay.connect(self.url))
        if self.hosting and netplay.notice is not None:  # (the port moved: new codes)
            self.message = t(netplay.notice.key, **netplay.notice.values)
            netplay.notice = None
        if self.here and self.table:
            seat, token = next(iter(sorted(self.here.items())))
            self.phase, self.asking = "resuming", self.lobby.resume(self.table, seat, token)
            self.since = -1  # (coming back to a game: how much was seen, read at the start)
        elif self.hosting and self.table is None:
            options = {k: v for k, v in self.options.items()
                       if k in ("players", "variant", "first_game", "clock", "away_limit")}
            self.phase, self.asking = "creating", self.lobby.create(private=True, **options)
        elif self.made and self.table is None:
            self.phase, self.asking = "creating", self.lobby.create(**self.made)
        elif self.quick and self.table is None:
            self.phase = "sitting"
            key = player_key(self.netplay, self.url)
            self.asking = self.lobby.quick(self.quick, self.name, key)
        elif self.table is not None or self.secret:
            # a short invite code names no table: the server finds it by its secret
            self.phase = "sitting"
            key = player_key(self.netplay, self.url)
            self.asking = self.lobby.sit(self.table, self.name, self.secret, key)

    @property
    def view(self) -> TableView | None:
        """The table as the server last described it to this room."""
        if self.lobby is None or self.table is None:
            return None
        return self.lobby.views.get(self.table)

    @property
    def seats(self) -> list[SeatInfo]:
        view = self.view
        return list(view.seats) if view else []

    @property
    def size(self) -> int:
        view = self.view
        if view is not None:
            return view.options.players
        players = self.options.get("players", 3)
        return players if players in (3, 4) else 3

    @property
    def open_seats(self) -> int:
        return max(0, self.size - len(self.seats))

    def invite_code(self) -> str | None:
        """The code friends join with (this table on the server this room talks to)."""
        netplay = self.netplay
        if netplay is None or self.table is None:
            return None
        # asked several times a frame: packed again only when the table or port changes
        key = (self.table, self.secret, netplay.server.port if netplay.server else None)
        if self._code is None or self._code[0] != key:
            self._code = (key, netplay.invite_for(self.url, self.table, self.secret,
                                                  hosted=self.hosting))
        return self._code[1]

    # ----- answers -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.other.update(dt)
        if self.starting is not None:
            self._seat_when_ready()
            return
        if self.rematch is not None:
            self._follow_rematch()
            return
        lobby = self.lobby
        if lobby is None:
            return
        lobby.poll()
        self._wait(dt)
        if lobby.failed is not None and self.phase != "failed":
            self._fail(lobby.failed)
        ask = self.asking
        if ask is not None and ask.done:
            self.asking = None
            if not ask.ok and self.phase in ("creating", "sitting", "resuming"):
                self._fail(ask.error)
            elif not ask.ok:  # a second person, a computer not seated, a start refused:
                self.phase, self._added_from = "open", None  # the room stays
                self.message = t("room.refused", reason=words(ask.error))
            else:
                self._answered(ask)
        view = self.view
        if view is not None and self.here and view.status in ("playing", "over"):
            self._to_table(view)

    def _answered(self, ask: Ask) -> None:
        assert self.lobby is not None and ask.reply is not None
        reply = ask.reply
        if self.phase == "creating":
            if not isinstance(reply, protocol.Created):
                self._fail(phrase("online.unreadable_answer"))
                return
            self.table = reply.table
            self.secret = reply.invite or None
            self.phase = "sitting"
            key = player_key(self.netplay, self.url)
            self.asking = self.lobby.sit(self.table, self.name, self.secret, key)
        elif self.phase in ("sitting", "sitting_too"):
            if not isinstance(reply, protocol.Seated) or (self.table and reply.table != self.table):
                self._fail(phrase("online.unreadable_answer"))
                return
            self.table = reply.table
            seat, token = reply.seat, reply.token
            self.here[seat] = token
            self.phase = "open"
            name, self.pending_name = self.pending_name or self.name, None
            self.other.value = ""
            if self.netplay is not None and self.table is not None:
                self.netplay.keep(self.url, self.table, seat, token, name,
                                  hosted=self.hosting, invite=self.secret)
        else:
            self.phase = "open"

    def _fail(self, reason: Phrase | str | None) -> None:
        self.phase = "failed"
        self.message = words(reason)

    def _to_table(self, view: TableView | None) -> None:
        assert self.table is not None
        connection = (self.lobby.connection if self.lobby is not None
                      else self.rematch.connection if self.rematch is not None else None)
        assert connection is not None
        session = RemoteSession(connection, self.table, self.here, view=view)
        self.lobby = self.rematch = None  # the session reads the connection from now on
        if self.netplay is not None:
            if self.since == -1:  # back to a game: what was played since it was seen
                seen = self.netplay.seen(self.url, self.table)
                self.since = 0 if seen is None else seen
            self.netplay.follow(self.url, session)
        self.starting = session
        self._seat_when_ready()

    def _seat_when_ready(self) -> None:
        """To the table once the game's state is known (a rematch's comes a moment
        after its table)."""
        session = self.starting
        if session is None:
            return
        if session.ready or session.settle():
            self.starting = None
            self.go(Screen.TABLE, session=session, handoff_first=True, since=self.since)
        elif session.place.trouble() is not None:
            self.starting = None
            self._fail(session.place.trouble())

    def _follow_rematch(self) -> None:
        """Another deal for the same seats: the server deals it at once, under a new
        table whose seats keep their tokens."""
        old = self.rematch
        assert old is not None
        old.poll()  # (the game is over: only the rematch's table is awaited)
        if old.place.failed is not None:
            self.rematch = None
            self._fail(old.place.failed)
            return
        if old.inbox.rematch is None:
            return
        self.table = old.inbox.rematch
        if self.netplay is not None:
            for seat, token in sorted(self.here.items()):
                name = old.names[seat] if seat < len(old.names) else self.name
                self.netplay.keep(self.url, self.table, seat, token, name,
                                  hosted=self.hosting)
        self._to_table(None)

    # ----- actions -------------------------------------------------------------------
    def add_computer(self) -> None:
        mine = first_held(self.here)
        if self.lobby is None or mine is None or self.table is None or not self.open_seats:
            return
        self.phase, self._added_from = "computer", len(self.seats)
        self.asking = self.lobby.add_computer(self.table, mine[0], mine[1], self.level.value,
                                              computer_name(self.seats, self.size))

    def sit_here(self) -> None:
        """Another person at this computer takes the next open seat."""
        name = self.other.value.strip()
        if self.lobby is None or self.table is None or not self.open_seats or not name:
            if not name:
                self.other.focused = True
            return
        # (refused, say for a name taken, the room stays open: only the seat is not had)
        self.phase = "sitting_too"
        self.pending_name = name
        key = player_key(self.netplay, self.url)
        self.asking = self.lobby.sit(self.table, name, self.secret, key)

    @property
    def is_quick(self) -> bool:
        view = self.view
        return bool(self.quick) or (view is not None and view.options.quick)

    @property
    def may_fill(self) -> bool:
        """Whether the empty seats of this quick table may go to computers now: a seat
        is held here, nobody else came for ``FILL_AFTER`` seconds."""
        return (self.is_quick and not self.leads and bool(self.here) and self.open_seats > 0
                and self.phase in ("open", "computer") and self.waited >= FILL_AFTER)

    def fill(self) -> None:
        """Every empty seat to a computer, one after another (the table starts by
        itself once the last is taken)."""
        if self.may_fill:
            self.filling = True
            self._fill_next()

    def _fill_next(self) -> None:
        mine = first_held(self.here)
        if (not self.filling or self.lobby is None or mine is None or self.table is None
                or not self.open_seats or self.asking is not None):
            self.filling = self.filling and bool(self.open_seats) and mine is not None
            return
        self._fill_from = len(self.seats)
        self.phase = "computer"
        self.asking = self.lobby.add_computer(self.table, mine[0], mine[1], self.level.value,
                                              computer_name(self.seats, self.size))

    def _wait(self, dt: float) -> None:
        """The time waited with empty seats (after someone sits, it begins again), and
        the next computer once the last one is seen seated."""
        seated = len(self.seats)
        if self.filling:
            if self.phase == "open" and seated > self._fill_from:
                self._fill_next()
        elif seated != self._fill_from:
            self._fill_from, self.waited = seated, 0.0
        elif self.phase == "open" and self.open_seats:
            self.waited += max(0.0, dt)

    def start(self) -> None:
        mine = first_held(self.here)
        if self.lobby is None or mine is None or self.table is None or self.open_seats:
            return
        self.phase = "starting"
        self.asking = self.lobby.start(self.table, mine[0], mine[1])

    def copy_code(self) -> None:
        code = self.invite_code()
        if code is None:
            return
        try:
            pygame.scrap.put_text(code)  # SDL's clipboard: nothing to initialise
        except (pygame.error, AttributeError):
            self.message = t("room.copy_failed")
        else:
            self.message = t("room.copied")

    def leave(self) -> None:
        """Leave the table: an open seat is given up (a game begun keeps its seat, to
        be opened again from My online games)."""
        mine = first_held(self.here)
        if self.lobby is not None and mine is not None and self.table is not None \
                and self.phase in ("open", "computer", "starting"):
            with contextlib.suppress(Exception):
                self.lobby.leave(self.table, mine[0], mine[1])
            if self.netplay is not None:
                self.netplay.forget_seat(self.url, self.table, mine[0])
        self.go(Screen.ONLINE)

    # ----- frame ---------------------------------------------------------------------
    @property
    def widgets(self) -> list:
        out: list = [self.copy_button]
        if self.phase in ("open", "computer", "starting", "sitting_too") and self.open_seats:
            out += [self.other, self.sit_button]
        if self.leads:
            out += [self.add_button, self.level, self.start_button]
        elif self.may_fill:
            out += [self.fill_button, self.level]
        return [*out, self.leave_button]

    def focusables(self) -> list[Focusable]:
        """The widgets shown, each enabled as the room stands now."""
        if self._added_from is not None and len(self.seats) > self._added_from:
            self._added_from = None  # the computer asked for is seen seated
        ready = self.phase == "open" and self.asking is None and bool(self.here) \
            and self._added_from is None
        self.add_button.enabled = ready and self.leads and self.open_seats > 0
        self.fill_button.enabled = self.may_fill and not self.filling
        self.level.enabled = self.add_button.enabled or self.fill_button.enabled
        self.start_button.enabled = ready and self.leads and self.open_seats == 0 \
            and bool(self.seats)
        self.copy_button.enabled = self.invite_code() is not None and self.phase != "failed"
        self.sit_button.enabled = ready and self.open_seats > 0
        return of_widgets(self.widgets)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE \
                and not self.other.focused:
            self.leave()
            return True
        if event.type == pygame.KEYDOWN and self.other.focused and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER):
            self.other.focused = False
            self.sit_here()
            return True
        return handle_form(event, self.focus, self.focusables(), self.widgets, [self.other])

    def draw(self, surface: gfx.Canvas) -> None:
        items = self.focusables()  # (the buttons enabled as the room stands)
        draw_title_backdrop(surface)
        surface.blit(art.parchment(PANEL.w, PANEL.h, radius=18, seed=29), PANEL)
        blit_text(surface, t("room.heading"), (PANEL.centerx, PANEL.y + 60), role="display",
                  size=60, color=P.INK, anchor="center")
        label(surface, self.options_text(), (LEFT, PANEL.y + 96, PANEL.w - 120, 30), "text", 21,
              P.INK_SOFT, anchor="center")
        draw_invite(surface, self.invite_code(), self.hosting, self.netplay)
        draw_seats(surface, self.settings.palette, self.seats, self.size, self.here)
        if self.leads or self.may_fill:
            label(surface, t("room.level"), (LEFT + 640, PANEL.bottom - 290, 600, 36),
                  "text-semibold", 20, P.INK_SOFT)
        for w in self.widgets:
            w.draw(surface)
        self.focus.set_items(items)
        self.focus.draw(surface)
        box = (LEFT + 300, PANEL.bottom - 110, PANEL.w - 820, 72)
        if self.message:
            label(surface, self.message, box, "text", 22, P.ALERT, lines=2)
        else:
            label(surface, self._standing(), box, "text", 22, P.INK_SOFT, lines=2)

    def options_text(self) -> str:
        """The table's options in words: players, deal, rules, the clock."""
        view = self.view
        if view is not None:
            known = view.options
            clocked = known.clock
            options = {"variant": known.variant, "first_game": known.first_game,
                       "clock": None if clocked is None else
                       {"budget": clocked.budget, "bonus": clocked.bonus}}
        else:
            options = self.options
        words = {"players": t("room.players", count=self.size),
                 "deal": t("room.deal.first" if options.get("first_game") else
                           "room.deal.random"),
                 "variant": t(label_of(str(options.get("variant", STANDARD))))}
        clock = clock_setting(options.get("clock"))
        deadline = view.options.deadline if view is not None else self.made.get("deadline")
        if deadline:
            return t("room.options.deadline", deadline=duration_text(deadline), **words)
        if clock is not None:
            return t("room.options.clocked", clock=clock, **words)
        return t("room.options", **words)

    def _standing(self) -> str:
        """What the room is waiting for, in one sentence."""
        slow = slow_words(self.lobby)
        if slow is not None:
            return slow
        if self.phase in ("connecting", "creating", "sitting", "resuming", "rematch"):
            lobby = self.lobby
            if lobby is not None and not lobby.connected:
                return t("room.connecting")
            return t({"creating": "room.creating", "sitting": "room.sitting"}.get(
                self.phase, "room.connecting"))
        if self.open_seats:
            standing = (t("room.wait_seats", count=self.open_seats) if self.leads
                        else t("room.fill.about") if self.may_fill
                        else t("room.wait_quick") if self.is_quick else t("room.wait_host"))
        else:
            standing = t("room.ready") if self.leads else t("room.wait_host")
        return f"{standing} {t('room.first_drawn')}"



__all__ = ["WaitingRoomScene"]
