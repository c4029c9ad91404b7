"""A card seen large: a technology or a town, over the table, on demand.

The cards on the table are small (a technology's tile is 72 pixels wide in a
1280x720 window, where it writes its effect's short form); a right click on a card,
or Z on the card under the pointer or the keyboard's focus, opens ``CardZoom``: the
card drawn large, with everything its tooltip says in full sentences at a size read
from across the table. Esc, Z, Enter, Space or any click closes it. It shows the
game as it was when it opened (the table under it goes on playing its film).

Every paragraph is laid out with ``even_lines``: lines of about one length and
never a line of one short word. What does not fit the plate at the sizes wanted (a
long translation at the 150 % text size) is set smaller, all of it alike, down to
the smallest readable letters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from game.cards import CARDS
from game.rules import tech_cost
from game.state import State
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.gfx import draw
from scenes.core.layout import Layout
from scenes.table.draw import board_techs
from scenes.table.tooltips import CARD_KEY_TIPS, CARD_KEYS, building_name
from scenes.text.catalog import t
from scenes.text.fonts import MIN_PX, blit_text, even_lines, line_height, real_size
from scenes.text.keynames import key_of
from scenes.ui import art, cardart
from scenes.ui import palette as P
from scenes.ui.overlays import Overlay, veil

#: What a zoom shows: ("tech", id) or ("town", position).
Card = tuple[str, str] | tuple[str, int]

#: The plate of a large card (logical units), and its margin.
PLATE = (620, 820)
PAD = 40
#: The keys that close the view (besides Esc): Z again, Enter, Space.
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_z, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class _Measuring(gfx.Canvas):
    """A canvas that only measures: the card is drawn on it to find its foot, every
    letter checked against the whole screen, its pixels nowhere (a window-sized
    scratch picture weighs 33 MB in a 4K window)."""

    def __init__(self) -> None:
        super().__init__(pygame.Surface((1, 1)), (1920, 1080))

    def get_clip(self) -> pygame.Rect:
        return pygame.Rect(0, 0, 1920, 1080)


def card_at(layout: Layout, st: State, pos: tuple[int, int]) -> Card | None:
    """The card under a point of the table: a technology (on the top row, or its
    named tile on a player's board) or a town in play (its card, a space on it, or
    its sea); None elsewhere."""
    for zone in layout.zones_at(pos):
        z = Z.parse(zone)
        if z.kind == "tech" and z.word:
            return ("tech", z.word)
        if z.kind in ("town", "goods", "building", "sea", "ship") and z.pos is not None:
            return ("town", z.pos) if z.pos <= st.size else None
        if z.kind == "stock" and z.seat is not None and z.seat < st.n:
            for tech_id, chip in board_techs(layout, st, z.seat):
                if chip.collidepoint(pos):
                    return ("tech", tech_id)
    return None


@dataclass(frozen=True)
class Para:
    """One paragraph of a large card: its words, font and wanted size, colour."""

    text: str
    role: str = "text"
    size: float = 26
    color: P.RGB = P.INK
    gap: float = 14  # room above it


def layout_paras(paras: Sequence[Para], width: float,
                 height: float) -> tuple[float, list[list[str]]]:
    """The share of their wanted sizes at which every paragraph fits ``width`` and,
    all together, ``height`` (1 when they fit as wanted; never under the smallest
    readable letters), and each paragraph's lines."""
    k = 1.0
    while True:
        lines = [even_lines(p.text, p.role, p.size * k, width) for p in paras]
        tall = sum(p.gap * k + len(ls) * line_height(p.role, p.size * k)
                   for p, ls in zip(paras, lines, strict=True))
        smallest = min(real_size(p.size * k) for p in paras)
        if tall <= height or smallest <= MIN_PX or k <= 0.3:
            return k, lines
        k -= 0.04


def tech_paras(st: State, tech_id: str) -> list[Para]:
    """What a technology's large card says, under its name."""
    tech = CARDS.tech(tech_id)
    seat = st.active
    paras = [Para(t(f"tech.{tech.id}.effect"), "text-semibold", 34, P.INK, 10),
             Para(t(f"tech.{tech.id}.long"), "text", 26, P.INK, 24)]
    owner = st.tech_owner_of(tech.id)
    yours = tech_cost(st, seat, tech.id)
    if yours != tech.cost and owner is None:
        paras.append(Para(t("tip.tech.your_cost", name=st.names[seat], cost=yours), "text",
                          24, P.INK_SOFT, 18))
    paras.append(Para(t("tip.tech.owner", name=st.names[owner]) if owner is not None
                      else t("tip.tech.free"), "text-semibold", 24, P.INK_SOFT, 24))
    if owner == seat and tech.id in CARD_KEY_TIPS:
        paras.append(Para(t(CARD_KEY_TIPS[tech.id], key=key_of(CARD_KEYS[tech.id])), "text", 22,
                          P.INK_SOFT, 10))
    return paras


def town_paras(st: State, pos: int) -> list[Para]:
    """What a town's large card says under its spaces (a face-down town: what
    discovering it does)."""
    paras = []
    if not st.face_up(pos):
        paras.append(Para(t("tip.town.face_down"), "text-semibold", 28, P.INK, 10))
        if pos == st.revealed + 1:
            paras.append(Para(t("tip.town.next"), "text", 26, P.INK, 16))
    ships = [t("tip.ships.of", name=st.names[s], n=st.ships_at(s, pos))
             for s in range(st.n) if st.ships_at(s, pos)]
    paras.append(Para(t("tip.town.ships", ships=", ".join(ships)) if ships
                      else t("tip.town.no_ships"), "text", 24, P.INK_SOFT, 18))
    return paras


class CardZoom(Overlay):
    """A card seen large; Esc, Z, Enter, Space or a click goes back to the table."""

    key_scope = "table"  # the player's key for Z closes it

    def __init__(self, card: Card, state: State, palette: str = "classic") -> None:
        super().__init__()
        self.card = card
        self.state = state
        self.palette = palette
        self.plate = pygame.Rect(0, 0, *PLATE)
        self.plate.center = (960, 540)
        #: The paragraphs' lines as last drawn (tests read them).
        self.lines: list[list[str]] = []
        self._fitted: int | None = None  # the scale the plate's height was fitted at
        self._word_k = 1.0  # the share of their size a town's four words are set at

    def handle(self, event: pygame.event.Event) -> bool:
        # a press of any button closes it (the right click that opened it was a press:
        # its release, which follows, must not)
        key = event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS
        if key or event.type == pygame.MOUSEBUTTONDOWN:
            self.close()
        return True  # modal: the table under it sees nothing

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, surface: gfx.Canvas) -> None:
        veil(surface, 170)
        if self._fitted != gfx.VIEW.generation:
            # the plate as tall as what it says (drawn once aside to find its foot)
            self.plate = pygame.Rect(0, 0, *PLATE)
            foot = self._card(_Measuring())
            self.plate.h = min(PLATE[1], round(foot - self.plate.y + PAD + 10))
            self.plate.center = (960, 540)
            self._fitted = gfx.VIEW.generation
        self._card(surface)

    def _card(self, surface: gfx.Canvas) -> float:
        """The card's plate and everything on it; the foot of its last line."""
        plate = self.plate
        if not isinstance(surface, _Measuring):
            surface.blit(art.parchment(plate.w, plate.h, radius=18, seed=31), plate)
        draw.rect(surface, P.BRASS_DARK, plate, 4, border_radius=18)
        inner = plate.inflate(-2 * PAD, -2 * PAD)
        close = t("zoom.close", key=key_of("zoom"))
        step = line_height("text", 20)
        blit_text(surface, close, (plate.centerx, plate.bottom - PAD / 2 - step / 2),
                  role="text", size=20, color=P.INK_SOFT, anchor="center", box=plate)
        inner.h -= step
        if self.card[0] == "tech":
            top = self._tech_head(surface, inner, str(self.card[1]))
            paras = tech_paras(self.state, str(self.card[1]))
        else:
            top = self._town_head(surface, inner, int(self.card[1]))
            paras = town_paras(self.state, int(self.card[1]))
        room = pygame.Rect(inner.x, top, inner.w, inner.bottom - top)
        return self._paras(surface, room, paras) + step

    def _paras(self, surface: gfx.Canvas, room: pygame.Rect, paras: list[Para]) -> float:
        k, self.lines = layout_paras(paras, room.w, room.h)
        y = float(room.y)
        for para, lines in zip(paras, self.lines, strict=True):
            y += para.gap * k
            for line in lines:
                blit_text(surface, line, (room.centerx, y), role=para.role, size=para.size * k,
                          color=para.color, anchor="midtop", box=self.plate)
                y += line_height(para.role, para.size * k)
        return y

    def _title(self, surface: gfx.Canvas, text: str, box: pygame.Rect, size: float = 52) -> float:
        """The card's name in the display face, on up to two even lines: its foot."""
        k, (lines,) = layout_paras([Para(text, "display", size, gap=0)], box.w, box.h)
        step = line_height("display", size * k)
        y = box.centery - step * len(lines) / 2
        for line in lines:
            blit_text(surface, line, (box.centerx, y), role="display", size=size * k,
                      color=P.INK, anchor="midtop", box=self.plate)
            y += step
        return y

    def _tech_head(self, surface: gfx.Canvas, inner: pygame.Rect, tech_id: str) -> int:
        """A technology's head: its tray's numeral, its cost on a coin, its name, a rule,
        and its owner's marker on the coin's other side."""
        tech = CARDS.tech(tech_id)
        r = 44
        cardart.tech_cost_coin(surface, tech, (inner.x + r, inner.y + r), r)
        numeral = t("tech.card", card=tech.card)
        blit_text(surface, numeral, (inner.centerx, inner.y), role="display-italic", size=26,
                  color=P.INK_SOFT, anchor="midtop", box=self.plate)
        owner = self.state.tech_owner_of(tech_id)
        if owner is not None:
            mark = art.marker(owner, 2 * r, self.palette)
            surface.blit(mark, mark.get_rect(center=(inner.right - r, inner.y + r)))
        box = pygame.Rect(inner.x + 2 * r + 12, inner.y + 34, inner.w - 4 * r - 24, 2 * r + 60)
        bottom = self._title(surface, t(f"tech.{tech_id}"), box)
        y = max(bottom, inner.y + 2 * r) + 16
        draw.line(surface, P.INK_SOFT, (inner.x, y), (inner.right, y), 2)
        return round(y + 6)

    def _town_head(self, surface: gfx.Canvas, inner: pygame.Rect, pos: int) -> int:
        """A town's head: its position and title, then its two goods and two building
        spaces large, each with its icon, its word and who holds it (a face-down town:
        its back)."""
        st = self.state
        title = t("tip.town.india" if pos == st.size else "tip.town.title", pos=pos)
        seal = 34
        draw.circle(surface, P.BRASS_DARK, (inner.x + seal, inner.y + seal), seal)
        draw.circle(surface, P.BRASS, (inner.x + seal, inner.y + seal), seal - 3)
        blit_text(surface, t("card.position", n=pos), (inner.x + seal, inner.y + seal),
                  role="text-bold", size=34, color=P.INK, anchor="center", by_ink=True)
        box = pygame.Rect(inner.x + 2 * seal + 12, inner.y, inner.w - 4 * seal - 24, 2 * seal)
        self._title(surface, title, box, 46)
        y = inner.y + 2 * seal + 16
        draw.line(surface, P.INK_SOFT, (inner.x, y), (inner.right, y), 2)
        y += 16
        if not st.face_up(pos):
            back = cardart.town_back(220, 300, pos)
            surface.blit(back, back.get_rect(midtop=(inner.centerx, y)))
            return y + 300
        town = st.card_at(pos)
        half = (inner.w - 20) // 2
        words = [t(f"good.{g}") for g in town.goods] + [building_name(b) for b in town.buildings]
        # one size for the four words, the one the longest fits
        self._word_k = min(layout_paras([Para(w, "text-semibold", 28, gap=0)], half - 16, 80)[0]
                           for w in words)
        for k in (1, 2):
            x = inner.x + (k - 1) * (half + 20)
            good = town.goods[k - 1]
            well = pygame.Rect(x, y, half, 170)
            holder = st.good_owner(pos, k)
            self._space(surface, well, partial(art.good_icon, good),
                        t(f"good.{good}"), holder)
            build = pygame.Rect(x, y + 186, half, 190)
            kind = town.buildings[k - 1]
            self._space(surface, build, partial(_square_building, kind),
                        building_name(kind), st.building_owner(pos, k),
                        P.PARCHMENT_DEEP if town.building_kind(k) != "church"
                        else (200, 180, 150))
        return y + 186 + 190

    def _space(self, surface: gfx.Canvas, well: pygame.Rect, icon_of: Callable[[int], gfx.Canvas],
               word: str, holder: int | None, tone: P.RGB = P.PARCHMENT_SHADE) -> None:
        """One space of a large town: its well, its icon, its word, and its holder's
        marker and name (or "nobody"), the words at their size and the icon in the
        room they leave."""
        surface.blit(art.space_well(well.w, well.h, tone, radius=10), well)
        name = self.state.names[holder] if holder is not None else t("tip.nobody")
        k, (names,) = layout_paras([Para(name, "text", 22, gap=0)], well.w - 64, 40)
        name_h = line_height("text", 22 * k)
        k2 = self._word_k
        words = even_lines(word, "text-semibold", 28 * k2, well.w - 16)
        word_h = line_height("text-semibold", 28 * k2) * len(words)
        y = well.bottom - 8 - name_h
        mid = y + name_h / 2
        if holder is not None:
            mark = art.marker(holder, 30, self.palette)
            surface.blit(mark, mark.get_rect(center=(well.x + 24, mid)))
        blit_text(surface, names[0], (well.centerx + (14 if holder is not None else 0), mid),
                  role="text", size=22 * k, color=P.INK_SOFT, anchor="center", box=well)
        y -= word_h
        for line in words:
            blit_text(surface, line, (well.centerx, y), role="text-semibold", size=28 * k2,
                      color=P.INK, anchor="midtop", box=well)
            y += line_height("text-semibold", 28 * k2)
        size = max(24, min(110, round(well.bottom - 8 - name_h - word_h - well.y - 12)))
        icon = icon_of(size)
        surface.blit(icon, icon.get_rect(midtop=(well.centerx, well.y + 8)))



def _square_building(kind: str, size: int) -> gfx.Canvas:
    """A building's icon in a square of ``size``."""
    return art.building_icon(kind, size, size)

__all__ = ["CLOSE_KEYS", "Card", "CardZoom", "Para", "card_at", "layout_paras", "tech_paras",
           "town_paras"]
