"""The rules at hand: F1, ``?`` or the Rules button opens them over the table.

Six pages (a turn, the six actions, trading and buildings, the twelve technologies,
the end of the game, the keys), chosen by tabs, the number keys or left/right (Tab
and Enter reach the tabs and Close too), each scrollable with the wheel, the arrow
keys or Page up/down. Esc, F1 or Close goes back to the game. The text follows
``docs/rules.md`` (the rules as the engine plays them, with every ruling); its words
are in ``scenes.text.rules_text``, in the translation table, so they are translated
with the rest of the client; the technology page is built from the card data, so
costs shown are the costs played.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

import pygame

from game.cards import CARDS, GOODS
from game.rules import SELL_VP, SELL_WEALTH
from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.text.catalog import t
from scenes.text.fitting import fit_lines, fit_size
from scenes.text.fonts import blit_text, line_height, render, wrap
from scenes.text.keynames import key_name, key_of, keys_line, with_shift
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.focus import ACTIVATE_KEYS, Focus, Focusable
from scenes.ui.overlays import Overlay, parchment_plate
from scenes.ui.widgets import Button

PAGES = ("turn", "actions", "trading", "techs", "end", "keys")
PLATE = pygame.Rect(210, 50, 1500, 980)
BODY_W = PLATE.w - 160

# A page is a list of blocks: ("h", text) a heading, ("p", text) a paragraph,
# ("b", text) a bullet, ("icon", (picture, text)) a rule with its picture beside it (a
# building: "building:church"), ("goods", names) the six goods, each with its icon,
# ("row", cells) a row of the trading chart, ("key", (keys, text)) a key and what it
# does.
Block = tuple[str, object]


def page_blocks(page: str) -> list[Block]:
    """The blocks of one page, in the current language."""
    if page == "turn":
        return [("h", t("rules.turn.h1")), ("p", t("rules.turn.p1")), ("p", t("rules.turn.p2")),
                ("p", t("rules.turn.p3")), ("h", t("rules.turn.h2")), ("p", t("rules.turn.p4")),
                ("p", t("rules.turn.p5")), ("h", t("rules.turn.h3")), ("b", t("rules.turn.p6")),
                ("b", t("rules.turn.p7")), ("h", t("rules.turn.h4")), ("p", t("rules.turn.p8")),
                ("p", t("rules.turn.p9", key=key_of("mute")))]
    if page == "actions":
        blocks: list[Block] = [("h", t("rules.actions.h"))]
        for action in ("employ", "speed", "tech", "build", "sell", "move"):
            blocks.append(("b", t(f"rules.action.{action}")))
        blocks.append(("p", t("rules.actions.p1")))
        return blocks
    if page == "trading":
        blocks = [("h", t("rules.goods.h")), ("goods", tuple(GOODS)),
                  ("p", t("rules.goods.p1")), ("h", t("rules.trading.h")),
                  ("row", (t("rules.trading.types"), t("rules.trading.wealth"),
                           t("rules.trading.vp")))]
        for n in range(1, 7):
            blocks.append(("row", (str(n), f"+{SELL_WEALTH[n]}", f"+{SELL_VP[n]}")))
        blocks += [("p", t("rules.trading.p1")), ("h", t("rules.buildings.h"))]
        for kind in ("stronghold", "church", "marketplace"):
            blocks.append(("icon", (f"building:{kind}", t(f"rules.building.{kind}"))))
        return blocks
    if page == "techs":
        blocks = [("h", t("rules.techs.h"))]
        for tech in CARDS.techs:
            blocks.append(("sub", t("rules.techs.line", card=tech.card, name=t(f"tech.{tech.id}"),
                                    cost=tech.cost)))
            blocks.append(("p", t(f"tech.{tech.id}.long")))
        return blocks
    if page == "keys":
        return keys_blocks()
    return [("h", t("rules.end.h1")), ("p", t("rules.end.p1")), ("p", t("rules.end.p2")),
            ("h", t("rules.end.h2")), ("p", t("rules.end.p3")), ("h", t("rules.end.h3")),
            ("p", t("rules.end.p4"))]


#: The Keys page: headings, a paragraph, and each key with what it does. A key is named
#: as the player chose it (``scenes.core.keymap``): a row's keys are worked out when the
#: page is drawn, and its words may name keys too ({key}, {left}...).
KEY_ROWS: tuple[tuple[str, ...], ...] = (
    ("h", "rules.keys.h1"),
    ("p", "rules.keys.chosen"),
    ("key", "next", "rules.keys.tab.do"),
    ("key", "arrows", "rules.keys.arrows.do"),
    ("key", "activate", "rules.keys.enter.do"),
    ("key", "escape", "rules.keys.esc.do"),
    ("key", "mute", "rules.keys.mute.do"),
    ("h", "rules.keys.h2"),
    ("p", "rules.keys.table"),
    ("key", "pick", "rules.keys.pick.do"),
    ("key", "free_actions", "rules.keys.return.do"),
    ("key", "cards", "rules.keys.cards.do"),
    ("key", "sail", "rules.keys.sail.do"),
    ("key", "buttons", "rules.keys.buttons.do"),
    ("key", "more", "rules.keys.more.do"),
    ("key", "log", "rules.keys.log.do"),
    ("key", "chat", "rules.keys.chat.do"),
    ("h", "rules.keys.h3"),
    ("key", "step", "rules.keys.step.do"),
    ("key", "turn", "rules.keys.turn.do"),
    ("key", "ends", "rules.keys.ends.do"),
)


def _row_keys(row: str) -> str:
    """The keys of one row of the Keys page, as the player chose them."""
    enter = key_name(pygame.K_RETURN)
    lines = {
        "next": f"{key_of('focus_next')} · {with_shift('focus_next')}",
        "arrows": keys_line("focus_left", "focus_right", "focus_up", "focus_down", sep=" "),
        "activate": f"{enter} · {key_of('activate')}",
        "escape": key_name(pygame.K_ESCAPE),
        "mute": key_of("mute"),
        "pick": f"{enter} · {key_of('activate')}",
        "free_actions": key_of("free_actions"),
        "cards": keys_line("bank", "geography"),
        "sail": key_of("sail"),
        "buttons": keys_line("done", "end_turn", "undo"),
        "more": keys_line("hint", "zoom", "log", "rules"),
        "log": keys_line("log_older", "log_newer"),
        "chat": key_of("chat"),
        "step": keys_line("step_back", "step_on", sep=" "),
        "turn": keys_line("turn_back", "turn_on"),
        "ends": keys_line("first", "last"),
    }
    return lines[row]


def _row_words(key: str) -> str:
    """A row's words, the keys they name filled in."""
    return t(key, key=key_of({"rules.keys.pick.do": "activate",
                              "rules.keys.cards.do": "geography"}.get(key, "activate")),
             left=key_of("focus_left"), right=key_of("focus_right"),
             next=key_of("focus_next"), back=with_shift("step_back"),
             on=with_shift("step_on"))


KEY_W = 270  # the keys' column on the Keys page
ICON = 48    # a rule's picture beside it (a building)
ICON_W = 68  # the text of a rule with a picture starts this far in
GOOD_ICON = 40  # each good's icon in the row of goods


def _picture(name: str, size: int) -> gfx.Canvas:
    """A rule's picture, drawn by the same code as the table's: ``building:<kind>``
    or ``good:<good>``."""
    kind, _, what = name.partition(":")
    if kind == "good":
        return art.good_icon(what, size)
    return art.building_icon(what, size, size)


def _goods_row(goods: tuple[str, ...], width: int) -> gfx.Canvas:
    """The six goods, each its icon and its name, as many to a line as fit."""
    cells = []
    for good in goods:
        said = render(t(f"good.{good}"), "text-semibold", 24, P.INK)
        cells.append((good, said, GOOD_ICON + 10 + said.get_width() + 34))
    lines: list[list[tuple[str, gfx.Canvas, int]]] = [[]]
    used = 0
    for cell in cells:
        if lines[-1] and used + cell[2] > width:
            lines.append([])
            used = 0
        lines[-1].append(cell)
        used += cell[2]
    row_h = GOOD_ICON + 12
    surf = gfx.surface((width, row_h * len(lines)))
    for i, line in enumerate(lines):
        x, cy = 0, i * row_h + row_h // 2
        for good, name, w in line:
            icon = _picture(f"good:{good}", GOOD_ICON)
            surf.blit(icon, icon.get_rect(midleft=(x, cy)))
            surf.blit(name, name.get_rect(midleft=(x + GOOD_ICON + 10, cy)))
            x += w
    return surf


def keys_blocks() -> list[Block]:
    return [(row[0], (_row_keys(row[1]), _row_words(row[2])) if row[0] == "key"
             else _row_words(row[1])) for row in KEY_ROWS]


@dataclass(frozen=True)
class Page:
    """A page laid out: each of its pieces (a line, a row of the tables, an icon's
    paragraph) with its place, and the page's height. The overlay draws only the pieces
    in view: a page drawn whole at 4K and 150 % weighed 36 MB, two of them kept."""

    pieces: tuple[tuple[gfx.Canvas, int, int], ...]  # (image, x, y)
    height: int

    def draw(self, surface: gfx.Canvas, top: int, view: pygame.Rect) -> None:
        """The part of the page from ``top`` down, in ``view``: a piece the view's edge
        cuts drawn only as far as the edge."""
        for img, x, y in self.pieces:
            rect = pygame.Rect(view.x + x, view.y + y - top, img.get_width(),
                               img.get_height())
            if view.contains(rect):
                surface.blit(img, rect.topleft)
            elif rect.colliderect(view):
                shown = rect.clip(view)
                surface.blit(img, shown.topleft, shown.move(-rect.x, -rect.y))


def render_page(page: str, width: int = BODY_W) -> gfx.Canvas:
    """One page drawn on a transparent surface as tall as its text."""
    laid = lay_out_page(page, width)
    surf = gfx.surface((width, laid.height))
    for img, x, y in laid.pieces:
        surf.blit(img, (x, y))
    return surf


def lay_out_page(page: str, width: int = BODY_W) -> Page:
    """One page's pieces, placed one under the other as tall as its text."""
    parts: list[tuple[gfx.Canvas, int, int]] = []  # (image, x, space above)
    for kind, value in page_blocks(page):
        if kind == "h":
            parts.append((render(str(value), "display", 40, P.BRASS_DARK), 0, 22))
        elif kind == "sub":
            parts.append((render(str(value), "text-bold", 24, P.INK), 0, 14))
        elif kind == "row":
            cells = list(value)  # type: ignore[call-overload]
            header = not cells[0].isdigit()
            role = "text-bold" if header else "text"
            # each cell in its column, whatever the translation; the row as tall as its
            # letters at the text size in use
            sizes = [fit_size(cell, role, 24, 196, smallest=12) for cell in cells]
            tall = max(40, round(max(line_height(role, size) for size in sizes)) + 4)
            row = gfx.surface((620, tall))
            if header:
                draw.rect(row, (*P.PARCHMENT_DEEP, 255), row.get_rect(), border_radius=6)
            else:
                draw.line(row, P.PARCHMENT_DEEP, (0, tall - 1), (619, tall - 1), 1)
            for i, (cell, size) in enumerate(zip(cells, sizes, strict=True)):
                words = render(cell, role, size, P.INK)
                row.blit(words, words.get_rect(center=(100 + i * 210, tall // 2)))
            parts.append((row, 40, 0))
        elif kind == "goods" and isinstance(value, tuple):
            parts.append((_goods_row(tuple(str(good) for good in value), width), 0, 12))
        elif kind == "icon" and isinstance(value, tuple):
            name, text = value
            lines = wrap(str(text), "text", 24, width - ICON_W)
            step = line_height("text", 24)
            row = gfx.surface((width, max(ICON + 4, round(step * len(lines)) + 4)))
            row.blit(_picture(str(name), ICON), (4, 2))
            for i, line in enumerate(lines):
                row.blit(render(line, "text", 24, P.INK), (ICON_W, round(i * step)))
            parts.append((row, 0, 10))
        elif kind == "key" and isinstance(value, tuple):
            keys, what = value
            lines = wrap(str(what), "text", 24, width - KEY_W)
            step = max(34, math.ceil(line_height("text", 24)))  # taller at a larger text size
            # keys the player chose may have long names: smaller, or on two lines
            size, names = fit_lines(str(keys), "text-bold", 24, KEY_W - 12, 2)
            row = gfx.surface((width, step * max(len(lines), len(names)) + 4))
            for i, name in enumerate(names):
                row.blit(render(name, "text-bold", size, P.BRASS_DARK), (0, i * step))
            for i, line in enumerate(lines):
                row.blit(render(line, "text", 24, P.INK), (KEY_W, i * step))
            parts.append((row, 0, 10))
        else:
            indent = 34 if kind == "b" else 0
            for i, line in enumerate(wrap(str(value), "text", 24, width - indent)):
                parts.append((render(line, "text", 24, P.INK), indent, 8 if i == 0 else 0))
            if kind == "b":
                parts.append((render("•", "text-bold", 24, P.BRASS_DARK), 8,
                              -1))  # marks the bullet's first line (placed below)
    height = sum(img.get_height() + max(0, gap) for img, _, gap in parts) + 20
    pieces: list[tuple[gfx.Canvas, int, int]] = []
    y = 0
    last_first_line = 0
    for img, x, gap in parts:
        if gap < 0:  # the bullet dot, beside the first line of its paragraph
            pieces.append((img, x, last_first_line))
            continue
        y += gap
        if gap:
            last_first_line = y
        pieces.append((img, x, y))
        y += img.get_height()
    return Page(tuple(pieces), height)


class RulesOverlay(Overlay):
    """The rules, paged and scrollable."""

    def __init__(self, page: str = "turn") -> None:
        super().__init__()
        self.page = page if page in PAGES else "turn"
        self.scroll = 0
        #: The page shown, laid out at the scale it was drawn at (a new text size or
        #: window lays it out anew); only its pieces in view are drawn.
        self._laid: tuple[tuple[str, int], Page] | None = None
        self.tabs: list[Button] = []
        self.close_button = Button((PLATE.right - 230, PLATE.bottom - 80, 190, 56),
                                   "rules.close", self.close)
        tab_w = (PLATE.w - 120) // len(PAGES)
        for i, page_id in enumerate(PAGES):
            rect = (PLATE.x + 60 + i * tab_w, PLATE.y + 100, tab_w - 10, 54)
            self.tabs.append(Button(rect, f"rules.tab.{page_id}",
                                    partial(self.show, page_id), size=24))
        #: Tab and Shift+Tab over the page tabs and Close; Enter or Space opens one.
        self.focus = Focus()
        self.focus.set_items(self.focusables())
        self.focus.focus(self.page)

    def focusables(self) -> list[Focusable]:
        items = [Focusable(page_id, button.rect, button.action, radius=12)
                 for button, page_id in zip(self.tabs, PAGES, strict=True)]
        items.append(Focusable("close", self.close_button.rect, self.close, radius=12))
        return items

    @property
    def body(self) -> pygame.Rect:
        return pygame.Rect(PLATE.x + 80, PLATE.y + 175, BODY_W, PLATE.h - 175 - 100)

    def laid_out(self) -> Page:
        """The page shown, laid out at the scale in use (the one before let go first)."""
        key = (self.page, gfx.VIEW.generation)
        if self._laid is None or self._laid[0] != key:
            self._laid = None
            self._laid = (key, lay_out_page(self.page))
        return self._laid[1]

    def max_scroll(self) -> int:
        return max(0, self.laid_out().height - self.body.h)

    def show(self, page: str) -> None:
        self.page = page
        self.scroll = 0

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + pixels))

    def turn_page(self, delta: int) -> None:
        i = (PAGES.index(self.page) + delta) % len(PAGES)
        self.show(PAGES[i])
        self.focus.focus(self.page)  # the ring follows the page turned to

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_F1):
                self.close()
            elif key == pygame.K_TAB or key in ACTIVATE_KEYS:
                self.focus.handle(event)
            elif key == pygame.K_RIGHT:
                self.turn_page(1)
            elif key == pygame.K_LEFT:
                self.turn_page(-1)
            elif key == pygame.K_DOWN:
                self.scroll_by(60)
            elif key == pygame.K_UP:
                self.scroll_by(-60)
            elif key == pygame.K_PAGEDOWN:
                self.scroll_by(self.body.h - 60)
            elif key == pygame.K_PAGEUP:
                self.scroll_by(-(self.body.h - 60))
            elif pygame.K_1 <= key < pygame.K_1 + len(PAGES):
                self.show(PAGES[key - pygame.K_1])
                self.focus.focus(self.page)
            return True
        self.focus.handle(event)  # a click moves the focus (and hides the ring)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            self.scroll_by(-60 if event.button == 4 else 60)
            return True
        for button in (*self.tabs, self.close_button):
            if button.handle(event):
                return True
        return True

    def draw(self, surface: gfx.Canvas) -> None:
        parchment_plate(surface, PLATE, dim=180, radius=18, seed=23)
        title = t("rules.title")  # above the tabs, whatever the text size
        band = pygame.Rect(PLATE.x + 40, PLATE.y + 14, PLATE.w - 80, 80)
        size = fit_size(title, "display", 54, band.w, height=band.h - 8)
        blit_text(surface, title, band.center, role="display", size=size, color=P.INK,
                  anchor="center", box=band, by_ink=True)
        for button, page_id in zip(self.tabs, PAGES, strict=True):
            button.draw(surface)
            if page_id == self.page:
                r = button.rect
                draw.rect(surface, P.INK, r.inflate(6, 6), 3, border_radius=10)
        body = self.body
        page = self.laid_out()
        page.draw(surface, self.scroll, body)
        if self.max_scroll():
            track = pygame.Rect(body.right + 20, body.y, 8, body.h)
            draw.rect(surface, P.PARCHMENT_DEEP, track, border_radius=4)
            k = body.h / page.height
            thumb_h = max(40, round(track.h * k))
            y = track.y + round((track.h - thumb_h) * self.scroll / self.max_scroll())
            draw.rect(surface, P.BRASS_DARK, (track.x, y, 8, thumb_h), border_radius=4)
        hint = t("rules.hint", up=key_of("focus_up"), down=key_of("focus_down"),
                 left=key_of("focus_left"), right=key_of("focus_right"), rules=key_of("rules"))
        blit_text(surface, hint, (PLATE.x + 60, PLATE.bottom - 52), size=18,
                  color=P.INK_SOFT, anchor="midleft")
        self.close_button.draw(surface)
        self.focus.draw(surface)


__all__ = ["PAGES", "Page", "RulesOverlay", "lay_out_page", "page_blocks", "render_page"]
