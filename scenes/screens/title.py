"""The title screen: New game, Learn to play, Continue, Load record…, Settings, Quit.

Continue opens the list of autosaved games (``continue_game``), and is greyed out
while there is none. Every game autosaves to a file of its own, so New game and Learn
to play never write over a game in progress: a lesson left half-way waits in the
Continue list beside the games, and Learn to play starts a new one from its
beginning (a guided game, ``scenes.table.lesson``). Settings opens the same overlay
as the pause menu at the table. A notice the window holds (a settings file that could
not be read...) is shown here. Beside Play online, while the app's watcher knows of
online games where the player is to move (``App.turns``, live whatever the screen),
a button says "Your turn in N games" and opens the first at once (a click, or Enter:
it takes the keyboard's focus when it appears).
"""

from __future__ import annotations

import pygame

from game.version import version
from scenes.core import gfx
from scenes.core.navigator import Screen
from scenes.core.saves import has_games, let_go_of_left_games, new_game_file
from scenes.core.scene import Scene
from scenes.table.lesson import lesson_session
from scenes.text.catalog import t
from scenes.text.fitting import fit_lines, fit_size
from scenes.text.fonts import blit_text, line_height
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.backdrop import draw_title_backdrop
from scenes.ui.focus import Focus, Focusable, of_widgets
from scenes.ui.turn_news import table_words
from scenes.ui.widgets import Button

PANEL = pygame.Rect(660, 396, 600, 600)
#: (the gap under Continue holds why it cannot be pressed; the one under Play online,
#: how many online games wait for the player)
BUTTON_W, BUTTON_H, BUTTON_GAP = 440, 56, 26
#: The smallest print here: 12 real pixels at 1280x720, never the 11-pixel floor.
SMALL_PRINT = 18
#: The footer (credit and version), a size above the small print.
FOOTER = 20


class TitleScene(Scene):
    """The first screen."""

    def __init__(self) -> None:
        super().__init__()
        x = PANEL.centerx - BUTTON_W // 2
        y = PANEL.y + 38

        def rect(i: int) -> pygame.Rect:
            return pygame.Rect(x, y + i * (BUTTON_H + BUTTON_GAP), BUTTON_W, BUTTON_H)

        self.new_button = Button(rect(0), "title.new", self.new_game, size=30)
        self.learn_button = Button(rect(1), "title.learn", self.learn, size=30)
        self.continue_button = Button(rect(2), "title.continue", self.continue_game, size=30)
        self.online_button = Button(rect(3), "title.online", self.play_online, size=30)
        self.load_button = Button(rect(4), "title.load", self.load_record, size=30)
        self.settings_button = Button(rect(5), "title.settings", self.open_settings, size=30)
        self.quit_button = Button(rect(6), "title.quit", self.quit, size=30)
        self.menu = [self.new_button, self.learn_button, self.continue_button,
                     self.online_button, self.load_button, self.settings_button,
                     self.quit_button]
        #: Your turn in N games: opens the first (beside Play online, while there is one).
        self.turn_button = Button((PANEL.right + 50, rect(3).y, 560, BUTTON_H),
                                  lambda: t("turns.title", count=self.online_waiting),
                                  self.open_turn, size=26)
        #: How many online games wait for this player (their turn), as last heard.
        self.online_waiting = 0
        self.message: str | None = None
        #: Tab, the arrows, Enter and Space over the buttons.
        self.focus = Focus()
        self._games: bool | None = None  # whether games wait (None: not looked yet)
        #: The version, read once (reading it parses pyproject.toml: not every frame).
        self.version = version()
        self._turn_line: tuple[str, float] | None = None  # the line under Your turn, fitted

    def enter(self) -> None:
        let_go_of_left_games()  # a game left for the title may be continued elsewhere
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        if self.app is not None and self.app.notice is not None:
            notice = self.app.notice
            self.message = t(notice.key, **notice.values)
            self.app.notice = None
        games = has_games()
        self.continue_button.enabled = games
        if games != self._games:
            # the keyboard starts on Continue when there is a game to continue
            self._games = games
            self.focus.set_items(self.focusables())
            self.focus.focus(id(self.continue_button if games else self.new_button))
        self._count_turns()  # (and on Your turn, when it appears)

    @property
    def buttons(self) -> list[Button]:
        return [*self.menu, self.turn_button] if self.online_waiting else self.menu

    def _count_turns(self) -> None:
        """The player's turns as the app's watcher knows them now; the button, when it
        appears, takes the keyboard's focus (one press opens the first)."""
        if self.app is None:
            return
        was, self.online_waiting = self.online_waiting, len(self.app.turns.mine())
        if self.online_waiting and not was:
            self.focus.set_items(self.focusables())
            self.focus.focus(id(self.turn_button))

    def open_turn(self) -> None:
        """The first game where the player is to move: its table (through the waiting
        room, which takes the seat back)."""
        mine = self.app.turns.mine() if self.app is not None else []
        if not mine or self.app is None:
            return
        try:
            args = self.app.netplay.reopen(mine[0])
        except OSError:
            self.go(Screen.ONLINE)  # (that screen says why a hosted table cannot open)
            return
        self.go(Screen.WAITING_ROOM, **args)

    def focusables(self) -> list[Focusable]:
        """The enabled buttons; their ring hugs them (the buttons stand 20 apart, with
        Continue's caption between two of them)."""
        items = of_widgets(self.buttons)
        for item in items:
            item.rect = item.rect.inflate(-10, -16)
        return items

    # actions ------------------------------------------------------------------------
    def new_game(self) -> None:
        self.go(Screen.SETUP)

    def learn(self) -> None:
        """Learn to play: a new lesson from its beginning, in a file of its own (a
        lesson left half-way stays in the Continue list). The learner is called by the
        first name set up for a game, if any."""
        names = self.settings.names
        name = names[0].strip() if names and names[0].strip() else t("lesson.learner")
        try:
            session = lesson_session(name, autosave=new_game_file())
        except ValueError:  # a name a record cannot hold: the lesson's own
            session = lesson_session(t("lesson.learner"), autosave=new_game_file())
        self.go(Screen.TABLE, session=session)

    def continue_game(self) -> None:
        if has_games():
            self.open(Screen.CONTINUE)

    def play_online(self) -> None:
        self.go(Screen.ONLINE)

    def load_record(self) -> None:
        self.open(Screen.LOAD_RECORD)

    def open_settings(self) -> None:
        self.open(Screen.SETTINGS)

    def quit(self) -> None:
        if self.app is not None:
            self.app.quit()
        elif self.stack is not None:
            self.stack.pop()

    # frame --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        self._count_turns()  # (as heard at the end of the last frame)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.quit()
            return True
        self.focus.set_items(self.focusables())
        if self.focus.handle(event):
            return True
        return any(b.handle(event) for b in self.buttons)

    def update(self, dt: float) -> None:
        self._count_turns()

    def draw(self, surface: gfx.Canvas) -> None:
        draw_title_backdrop(surface)
        panel = art.parchment(PANEL.w, PANEL.h, radius=16, seed=11)
        surface.blit(panel, PANEL)
        for b in self.buttons:
            b.draw(surface)
        self.focus.set_items(self.focusables())
        self.focus.draw(surface)
        notes = [(self.continue_button, t("title.continue.none"), P.INK_SOFT)
                 ] if not self.continue_button.enabled else []
        self._draw_turn(surface)
        for button, text, colour in notes:
            gap = pygame.Rect(PANEL.x + 20, button.rect.bottom, PANEL.w - 40, BUTTON_GAP)
            size = fit_size(text, "text", SMALL_PRINT, gap.w, smallest=SMALL_PRINT,
                            height=gap.h - 1)
            blit_text(surface, text, gap.center, size=size, color=colour,
                      anchor="center", box=gap, by_ink=True)
        blit_text(surface, t("title.version", version=self.version), (1900, 1066),
                  size=FOOTER, color=P.FOAM, anchor="bottomright")
        blit_text(surface, t("game.credit"), (20, 1066), size=FOOTER, color=P.FOAM,
                  anchor="bottomleft")
        if self.message:
            size, lines = fit_lines(self.message, "text", 22, 1700, 2, height=80)
            step = line_height("text", size)
            y = 1000 - (len(lines) - 1) * step / 2
            for line in lines:
                blit_text(surface, line, (960, y), size=size, color=P.HIGHLIGHT,
                          anchor="center")
                y += step

    def _draw_turn(self, surface: gfx.Canvas) -> None:
        """Under "Your turn in N games": the table it opens (its players, its server)."""
        mine = self.app.turns.mine() if self.app is not None and self.online_waiting else []
        if not mine:
            return
        names, where = table_words(mine[0])
        box = self.turn_button.rect
        gap = pygame.Rect(box.x, box.bottom + 4, box.w, 30)
        text = t("online.games.row", names=names, where=where)
        if self._turn_line is None or self._turn_line[0] != text:
            self._turn_line = (text, fit_size(text, "text", FOOTER, gap.w,
                                              smallest=SMALL_PRINT, height=gap.h))
        size = self._turn_line[1]
        blit_text(surface, text, gap.center, size=size, color=P.FOAM, anchor="center",
                  box=gap, by_ink=True)


__all__ = ["TitleScene"]
