"""The setup screen: who plays, in which colour, who starts, and which deal.

Colours follow seat order (red, blue, green, yellow, as the notation fixes), so a
player picks a colour by taking that seat; the small arrow trades a seat with the one
above (its tooltip says so, under the pointer or the keyboard's focus). The starting
player is chosen or drawn among the seats in play; the first-game deal is on for a
new player; the variants (``game.variants``, in its order) and an optional seed are
here too. Each
seat is played by a person or by the computer at one of four levels.

The first setup (no setup in the settings yet) is where most newcomers are: alone.
It offers three players, the newcomer against two computer captains (Bob, easy, and
Cy, medium: the lesson's opponents). Set sail, and Back, remember the player count,
the names, who plays each seat and the deal's options in the settings, so the next
setup starts from the same choices.
A name follows the engine's one rule for a name (``game.record.name_refusal``): the
field takes only the characters it allows, and Set sail checks the whole name again
(a name saved in the settings file comes in here too).
"""

from __future__ import annotations

from functools import partial

import pygame

from game.record import MAX_NAME_LENGTH, name_allows, players_refusal
from game.variants import STANDARD
from scenes.core import gfx
from scenes.core.navigator import Screen
from scenes.core.saves import new_game_file
from scenes.core.scene import Scene
from scenes.core.session import SEAT_KINDS, Session
from scenes.text.catalog import t
from scenes.text.fitting import fit_lines, fit_size
from scenes.text.fonts import blit_text, line_height
from scenes.text.reasons import reason_text
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.backdrop import draw_title_backdrop
from scenes.ui.focus import Focus, Focusable, handle_form, of_widgets
from scenes.ui.tooltip import DELAY, Lines, place_tooltip, tooltip_image
from scenes.ui.widgets import Button, Choice, TextField, Toggle, set_alike, variant_choice

PANEL = pygame.Rect(300, 90, 1320, 940)
KINDS = SEAT_KINDS
DEFAULT_NAMES = ("Ann", "Bob", "Cy", "Dan")
#: Who plays each seat at the first setup: the newcomer against the computer.
FIRST_SEATS = ("human", "easy", "medium", "medium")
#: How many play at the first setup (the lesson's table: the newcomer, Bob and Cy).
FIRST_PLAYERS = 3
ROW_Y0, ROW_H = PANEL.y + 230, 84


def _kind_index(saved: list[str], seat: int, first: bool = False) -> int:
    """Who played ``seat`` last time (at the first setup, ``FIRST_SEATS``; a person
    when the settings do not say)."""
    if first:
        return KINDS.index(FIRST_SEATS[seat])
    kind = saved[seat] if seat < len(saved) else "human"
    return KINDS.index(kind) if kind in KINDS else 0


class SetupScene(Scene):
    """Choose the players and options, then deal a new game."""

    def __init__(self) -> None:
        super().__init__()
        self.players = 4
        self.names = [TextField((0, 0, 1, 1)) for _ in range(4)]
        self.kinds: list[Choice] = []
        self.swaps: list[Button] = []
        self.message: str | None = None
        self.widgets: list = []
        #: Tab, the arrows, Enter and Space over the form, seat by seat.
        self.focus = Focus()
        #: Where the pointer is (logical units) and how long it has rested there.
        self.pointer: tuple[int, int] | None = None
        self.rest = 0.0

    # building the form ------------------------------------------------------------
    def enter(self) -> None:
        settings = self.app.settings if self.app is not None else None
        seats = list(settings.seats) if settings else []
        saved = list(settings.names) if settings else []
        #: No setup in the settings yet (an older version's names count as one).
        self.first = not seats and not saved
        if self.first or settings is None:  # the newcomer against the computer
            self.players = FIRST_PLAYERS
        else:
            self.players = settings.players if settings.players in (3, 4) else 4
        px = PANEL.x + 60
        self.count = Choice((px + 260, PANEL.y + 126, 420, 56), ["3", "4"],
                            [partial(t, "setup.players.n", count=n) for n in (3, 4)],
                            index=self.players - 3, on_change=self.set_players)
        self.names, self.kinds, self.swaps = [], [], []
        for seat in range(4):
            y = ROW_Y0 + seat * ROW_H
            name = saved[seat] if seat < len(saved) and saved[seat] else DEFAULT_NAMES[seat]
            field = TextField((px + 170, y + 12, 340, 56), name,
                              placeholder=partial(t, "setup.default_name", n=seat + 1),
                              max_len=MAX_NAME_LENGTH, allowed=name_allows)
            self.names.append(field)
            kind = Choice((px + 560, y + 12, 560, 56), list(KINDS),
                          [f"setup.kind.{k}" for k in KINDS],
                          _kind_index(seats, seat, self.first))
            self.kinds.append(kind)
            if seat > 0:
                self.swaps.append(Button((px + 1140, y + 12, 60, 56), "setup.swap.icon",
                                         partial(self.swap, seat), size=26))
        oy = ROW_Y0 + 4 * ROW_H + 30
        self.start_choice = Choice((px + 260, oy, 940, 56), [], [], 0)
        first = settings.first_game if settings else True
        # the options as wide as the room left of the seed, each row's label wrapping
        # onto a second line in its row's height rather than shrinking
        self.first_game = Toggle((px, oy + 84, 870, 48), "setup.first_game", first,
                                 label_height=56)
        self.variant = variant_choice((px + 260, oy + 138, 610, 52),
                                      settings.variant if settings else STANDARD)
        self.palette = Toggle((px, oy + 196, 870, 48), "setup.palette",
                              bool(settings and settings.palette == "colorblind"),
                              on_change=self.set_palette, label_height=56)
        # what a seed is for stands under its field, where it may wrap (in the field
        # it would shrink at a larger text size)
        set_alike(self.first_game, self.palette)
        self.seed = TextField((px + 900, oy + 100, 300, 56), "",
                              max_len=20, allowed=lambda ch: ch.isalnum() or ch in "-_")
        self.back_button = Button((PANEL.x + 60, PANEL.bottom - 96, 260, 68), "setup.back",
                                  self.back, size=28)
        self.start_button = Button((PANEL.right - 380, PANEL.bottom - 96, 320, 68),
                                   "setup.start", self.start, size=30)
        self.set_players(str(self.players))

    def _name(self, seat: int) -> str:
        return self.names[seat].value.strip() or t("setup.default_name", n=seat + 1)

    def _widgets(self) -> list:
        seats = range(self.players)
        return [self.count, *(self.names[s] for s in seats), *(self.kinds[s] for s in seats),
                *self.swaps[: self.players - 1], self.start_choice, self.first_game,
                self.variant, self.palette, self.seed, self.back_button, self.start_button]

    def focusables(self) -> list[Focusable]:
        """The form in Tab order: the player count, each seat's name, who plays it and
        its swap arrow, then the options, Back and Set sail."""
        order: list = [self.count]
        for seat in range(self.players):
            order += [self.names[seat], self.kinds[seat]]
            if seat > 0:
                order.append(self.swaps[seat - 1])
        order += [self.start_choice, self.first_game, self.variant, self.palette, self.seed,
                  self.back_button, self.start_button]
        return of_widgets(order)

    # changes ------------------------------------------------------------------------
    def set_players(self, value: str) -> None:
        """Three or four players: the starting player is chosen among the seats in
        play only (a three-player table offers no fourth name)."""
        self.players = int(value)
        before = self.start_choice.options[self.start_choice.index] \
            if self.start_choice.options else "random"
        self.start_choice.options = ["random", *(str(s) for s in range(self.players))]
        self.start_choice.labels = [partial(t, "setup.start.random"),
                                    *(partial(self._name, s) for s in range(self.players))]
        self.start_choice.index = (self.start_choice.options.index(before)
                                   if before in self.start_choice.options else 0)
        self.widgets = self._widgets()

    def set_palette(self, on: bool) -> None:
        if self.app is not None:
            self.app.settings.palette = "colorblind" if on else "classic"

    def swap(self, seat: int) -> None:
        """Trade seat (and so colour) with the seat above."""
        a, b = self.names[seat - 1], self.names[seat]
        a.value, b.value = b.value, a.value
        ka, kb = self.kinds[seat - 1], self.kinds[seat]
        ka.index, kb.index = kb.index, ka.index

    def back(self) -> None:
        self.remember()
        self.go(Screen.TITLE)

    def remember(self) -> None:
        """Keep the setup in the settings, for the next one (a disk that refuses is
        told by the app and stops nothing)."""
        if self.app is None:
            return
        s = self.app.settings
        s.players = self.players
        s.names = [self.names[i].value.strip() for i in range(4)]
        s.seats = [self.kinds[i].value for i in range(4)]
        s.first_game = self.first_game.value
        s.variant = self.variant.value
        self.app.save_settings()

    def chosen(self) -> dict:
        """The choices as ``Session.new`` arguments (names in seat order)."""
        names = [self._name(s) for s in range(self.players)]
        kinds = [self.kinds[s].value for s in range(self.players)]
        start = self.start_choice.value
        random_start = start == "random"
        if not random_start:
            k = int(start)
            names = names[k:] + names[:k]
            kinds = kinds[k:] + kinds[:k]
        return {"names": names, "seed": self.seed.value.strip() or None,
                "first_game": self.first_game.value, "variant": self.variant.value,
                "random_start": random_start, "seats": kinds}

    def start(self) -> None:
        choice = self.chosen()
        if len({n.lower() for n in choice["names"]}) != len(choice["names"]):
            self.message = t("setup.error.names")
            return
        refusal = players_refusal(choice["names"])
        if refusal is not None:
            self.message = t("setup.error.name", reason=reason_text(refusal))
            return
        # A disk that refuses the autosave does not stop the deal: the table says so.
        session = Session.new(autosave=new_game_file(), **choice)
        self.remember()
        self.go(Screen.TABLE, session=session, handoff_first=True)

    # frame --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not any(
                f.focused for f in [*self.names, self.seed]):
            self.back()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.pointer, self.rest = event.pos, 0.0
        return handle_form(event, self.focus, self.focusables(), self.widgets,
                           [*self.names, self.seed])

    def update(self, dt: float) -> None:
        self.rest += dt
        for f in [*self.names, self.seed]:
            f.update(dt)

    # the swap arrows' tooltip -------------------------------------------------------
    def swap_tip(self, seat: int) -> Lines:
        """What the arrow of ``seat`` does: it moves that player up a seat, trading
        seats (and so colours) with the player above."""
        palette = "colorblind" if self.palette.value else "classic"
        return (t("setup.swap.title"),
                t("setup.swap.tip", name=self._name(seat), other=self._name(seat - 1),
                  colour=t(f"noun.colour.{P.colour_name(seat - 1, palette)}"),
                  other_colour=t(f"noun.colour.{P.colour_name(seat, palette)}")))

    def tooltip(self) -> tuple[Lines, tuple[int, int]] | None:
        """The tooltip shown now and where: the arrow under the resting pointer, else
        the arrow the keyboard's focus is on."""
        arrows = list(enumerate(self.swaps[: self.players - 1], start=1))
        if self.pointer is not None and self.rest >= DELAY:
            for seat, button in arrows:
                if button.rect.collidepoint(self.pointer):
                    return self.swap_tip(seat), self.pointer
        if self.focus.visible:
            for seat, button in arrows:
                if self.focus.key == id(button):
                    return self.swap_tip(seat), button.rect.bottomleft
        return None

    def draw(self, surface: gfx.Canvas) -> None:
        draw_title_backdrop(surface)
        surface.blit(art.parchment(PANEL.w, PANEL.h, radius=18, seed=21), PANEL)
        px = PANEL.x + 60
        blit_text(surface, t("setup.heading"), (PANEL.centerx, PANEL.y + 62), role="display",
                  size=64, color=P.INK, anchor="center")
        # every word in the room beside or above its widgets, whatever the text size
        _fitted(surface, t("setup.players"), (px, PANEL.y + 129, 250, 50), "display", 34,
                P.INK)
        _fitted(surface, t("setup.towns", count=12 if self.players == 4 else 9),
                (px + 700, PANEL.y + 129, PANEL.right - 60 - px - 700, 50), "text", 22,
                P.INK_SOFT)
        for label, x, w in (("setup.name", px + 170, 380),
                            ("setup.kind", px + 560, PANEL.right - 60 - px - 560)):
            _fitted(surface, t(label), (x, ROW_Y0 - 44, w, 38), "text-semibold", 20,
                    P.INK_SOFT, anchor="bottomleft")
        palette = "colorblind" if self.palette.value else "classic"
        for seat in range(4):
            y = ROW_Y0 + seat * ROW_H
            used = seat < self.players
            mk = art.marker(seat, 52, palette)
            if not used:
                mk = mk.copy()
                mk.set_alpha(70)
            surface.blit(mk, mk.get_rect(center=(px + 30, y + 40)))
            colour = t(f"colour.{P.colour_name(seat, palette)}")
            _fitted(surface, colour, (px + 66, y + 12, 98, 56), "display", 28,
                    P.INK if used else P.INK_SOFT)
            if not used:
                _fitted(surface, t("card.not_used"), (px + 170, y + 12, 950, 56),
                        "display-italic", 26, P.INK_SOFT)
        oy = ROW_Y0 + 4 * ROW_H + 30
        first = t(f"noun.colour.{P.colour_name(0, palette)}")
        # small print, but never under 12 real pixels at 1280x720 (18 units)
        _fitted(surface, t("setup.start.colours", colour=first), (px, oy + 58, 880, 26),
                "text", 18, P.INK_SOFT)
        _fitted(surface, t("setup.start_player"), (px, oy, 250, 56), "display", 30, P.INK)
        _fitted(surface, t("setup.variant"), (px, oy + 138, 250, 52), "text", 24, P.INK)
        hint = t("setup.seed.hint")
        room = pygame.Rect(px + 900, oy + 162, 300, 82)
        size, lines = fit_lines(hint, "text", 18, room.w, 3, height=room.h)
        for i, line in enumerate(lines):
            blit_text(surface, line, (room.x, room.y + i * line_height("text", size)),
                      size=size, color=P.INK_SOFT, box=room)
        _fitted(surface, t("setup.seed"), (px + 900, oy + 60, 300, 34), "text-semibold", 20,
                P.INK_SOFT, anchor="bottomleft")
        for w in self.widgets:
            w.draw(surface)
        self.focus.set_items(self.focusables())
        self.focus.draw(surface)
        if self.message:
            size = fit_size(self.message, "text", 22, 560)
            blit_text(surface, self.message, (PANEL.centerx, PANEL.bottom - 62), size=size,
                      color=P.ALERT, anchor="center")
        tip = self.tooltip()
        if tip is not None:
            image = tooltip_image(tip[0])
            surface.blit(image, place_tooltip(image, tip[1]))


def _fitted(surface: gfx.Canvas, text: str, box: tuple[int, int, int, int], role: str,
            size: float, color: P.RGB, anchor: str = "midleft") -> None:
    """``text`` as large as asked where ``box`` holds it (its letters, from a
    capital's top to a descender's foot), set at the box's left: in the middle, or on
    its foot (``bottomleft``, a label over a field)."""
    room = pygame.Rect(box)
    size = fit_size(text, role, size, room.w, smallest=min(size, 12), height=room.h)
    pos = room.midleft if anchor == "midleft" else room.bottomleft
    blit_text(surface, text, pos, role=role, size=size, color=color, anchor=anchor,
              box=room, by_ink=True)


__all__ = ["KINDS", "SetupScene"]
