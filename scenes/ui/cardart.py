"""Procedural card faces: towns, the card back, Lisboa, technologies, player cards.

(The towns' own drawing is ``townart``, the technologies' ``techart``: the screens
find every card here.)

Each card is drawn to the size of its zone in the layout, with its spaces where the
layout puts them (rectangles relative to the card), so a changed layout redraws the
cards to match. Surfaces are cached; every word comes from ``t``.
"""

from __future__ import annotations

import pygame

from game.cards import CARDS
from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.text.catalog import on_language_change, t
from scenes.text.fitting import fit_size, roomy_size
from scenes.text.fonts import blit_text, reach
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.techart import (
    CHIP_PAD,
    CHIP_TEXT,
    CHIP_TWO_LINES,
    NAME_ONLY,
    SHORT,
    TILE_MARGIN,
    TILE_SIDE,
    WHOLE,
    _center_text,
    chip_rows,
    tech_chip,
    tech_chip_widths,
    tech_cost_coin,
    tech_effect,
    tech_owner_spot,
    tech_panel,
    tech_text_sizes,
    tech_tile,
    tile_area,
)
from scenes.ui.townart import (
    LABEL_BAND,
    ROMAN,
    heading_form,
    heading_lines,
    heading_size,
    label_band,
    label_lines,
    label_size,
    labels_fit,
    occupied_marker,
    occupied_space,
    town_back,
    town_face,
    town_heading,
)

Box = tuple[int, int, int, int]  # x, y, w, h relative to the card


@gfx.scaled_cache(maxsize=4)
def india_ribbon(w: int, h: int) -> gfx.Canvas:
    """The ribbon over the last card of the line: whoever discovers it ends the game."""
    surf = gfx.surface((w, h))
    red, dark = (166, 34, 30), (96, 16, 14)
    notch = h // 2
    pts = [(0, 0), (w, 0), (w - notch, h / 2), (w, h), (0, h), (notch, h / 2)]
    draw.polygon(surf, red, pts)
    draw.polygon(surf, dark, pts, 2)
    draw.line(surf, P.BRASS_LIGHT, (notch, 3), (w - notch, 3), 1)
    draw.line(surf, P.BRASS_LIGHT, (notch, h - 4), (w - notch, h - 4), 1)
    word = t("card.india")
    # between the ribbon's two gilt lines, whatever the text size
    size = fit_size(word, "display", h - 4, w - 2 * notch - 8, height=h - 10)
    blit_text(surf, word, (w / 2, h / 2), role="display", size=size, color=P.HIGHLIGHT,
              anchor="center", by_ink=True)
    return surf


@gfx.scaled_cache(maxsize=4)
def lisboa_card(w: int, h: int, slots: tuple[Box, ...]) -> gfx.Canvas:
    """Lisboa, the home port: a caravel and one place per player for their markers."""
    surf = art.parchment(w, h, radius=10, tone=(232, 214, 172), seed=99).copy()
    # the name and "Home port" one under the other, each as tall as its letters at the
    # text size in use; the caravel below them, as large as the room left above the
    # players' places (a larger text size makes it smaller, never covers it)
    name, home = t("card.lisboa"), t("card.lisboa.home")
    name_size = roomy_size(name, "display", 30, w - 12)
    home_size = roomy_size(home, "display-italic", 18, w - 12)
    y = 6.0
    for text, role, size, color in ((name, "display", name_size, P.INK),
                                    (home, "display-italic", home_size, P.INK_SOFT)):
        blit_text(surf, text, (w / 2, y), role=role, size=size, color=color,
                  anchor="midtop", by_ink=True)
        y += reach(role, size) + 3
    first_slot = min((box[1] for box in slots), default=h)
    room = max(20, first_slot - y - 8)
    ship_w = min(w - 24, round(room / 0.75))
    ship = art.caravel(ship_w, round(ship_w * 0.75))
    top = y + 4
    surf.blit(ship, ship.get_rect(midtop=(w / 2, top)))
    for box in slots:
        surf.blit(art.space_well(box[2], box[3]), box[:2])
    return surf


@gfx.scaled_cache(maxsize=32)
def player_board(seat: int, w: int, h: int, palette: str, active: bool) -> gfx.Canvas:
    """A player's area: a dark tray edged in their colour (lit for the active player)."""
    surf = player_tray(w, h).copy()
    surf.blit(player_frame(seat, w, h, palette, active), (0, 0))
    return surf


@gfx.scaled_cache(maxsize=4)
def player_tray(w: int, h: int) -> gfx.Canvas:
    """A player board's dark tray, without its edge."""
    surf = gfx.surface((w, h))
    draw.rect(surf, (*P.WOOD_DARK, 235), surf.get_rect(), border_radius=12)
    return surf


def player_frame(seat: int, w: int, h: int, palette: str, active: bool) -> gfx.Canvas:
    """A player board's edge in their colour, thicker and lit inside for the player to
    move (clear elsewhere: ``draw_player_frame`` on a picture of its own)."""
    surf = gfx.surface((w, h))
    draw_player_frame(surf, surf.get_rect(), seat, palette, active)
    return surf


def draw_player_frame(surface: gfx.Canvas, rect: pygame.Rect, seat: int, palette: str,
                      active: bool) -> None:
    """A player board's edge drawn at ``rect`` (over the tray): no picture kept, as a
    whole board's weighs megabytes in a 4K window and the edge is two lines."""
    draw.rect(surface, P.player_color(seat, palette), rect, 5 if active else 3,
              border_radius=12)
    if active:
        draw.rect(surface, P.HIGHLIGHT, rect.inflate(-10, -10), 1, border_radius=8)


def _band_label(surf: gfx.Canvas, text: str, role: str, size: float, color: P.RGB,
                x: float, band: tuple[float, float], right: float,
                center: bool = False) -> None:
    """A card's label written from ``x`` (or centred between ``x`` and ``right``) in the
    band (top, height) over its spaces: as large as asked where the band and the card
    allow, never over the spaces under it nor past the card's edge."""
    top, height = band
    box = pygame.Rect(round(x), round(top), round(right - x), round(height))
    size = fit_size(text, role, size, box.w, smallest=min(size, 12), height=box.h)
    at = (box.centerx if center else x, top + height / 2)
    blit_text(surf, text, at, role=role, size=size, color=color,
              anchor="center" if center else "midleft", box=box, by_ink=True)


def _numbered_wells(surf: gfx.Canvas, boxes: tuple[Box, ...], first: int = 1) -> None:
    for i, box in enumerate(boxes, start=first):
        x, y, bw, bh = box
        surf.blit(art.space_well(bw, bh), (x, y))
        # the amount in the corner: a larger text size grows it only as far as the
        # corner holds, clear of the marker standing in the well
        size = fit_size(str(i), "display", 30, bw // 3, smallest=20,
                        height=22 * (1 + (gfx.VIEW.text - 1) / 3))
        _center_text(surf, str(i), "display", size, P.INK_SOFT, (x + 14, y + 16))


@gfx.scaled_cache(maxsize=8)
def domain_card(w: int, h: int, bankers: tuple[Box, ...], speeds: tuple[Box, ...],
                scientists: Box, seed: int = 0) -> gfx.Canvas:
    """The domain card: banker spaces 1-5, the ship-speed track 1-3, the scientists."""
    surf = art.parchment(w, h, radius=8, seed=seed + 40).copy()
    _band_label(surf, t("board.bankers"), "display", 22, P.INK, bankers[0][0],
                (0, bankers[0][1]), w - 8)
    _numbered_wells(surf, bankers)
    sp = speeds[0]
    # the small labels' band grows with the text size (the wells under it give way:
    # the marker stands at their foot)
    band = round(20 * max(1.0, gfx.VIEW.text))
    _band_label(surf, t("board.speed"), "text-semibold", 14, P.INK_SOFT, sp[0] + 2,
                (sp[1], band), scientists[0] - 4)
    for i, (x, y, bw, bh) in enumerate(speeds, start=1):
        surf.blit(art.space_well(bw, bh - band, (210, 196, 160)), (x, y + band))
        _center_text(surf, str(i), "text-bold", 16, P.INK_SOFT, (x + 12, y + band + 12))
        for wave in range(i):
            crest = (x + bw - 22 - wave * 9, y + band + 6, 14, 10)
            draw.arc(surf, P.SEA_LIGHT, crest, 3.4, 6.0, 2)
    x, y, bw, bh = scientists
    _band_label(surf, t("board.scientists"), "text-semibold", 14, P.INK_SOFT, x + 4,
                (y, band), x + bw, center=True)
    return surf


@gfx.scaled_cache(maxsize=8)
def historian_card(w: int, h: int, spaces: tuple[Box, ...], seed: int = 0) -> gfx.Canvas:
    """The historian card: spaces 1-5 where historians keep victory points."""
    surf = art.parchment(w, h, radius=8, tone=(230, 220, 196), seed=seed + 80).copy()
    _band_label(surf, t("board.historians"), "display", 22, P.INK, spaces[0][0],
                (0, spaces[0][1]), w - 8)
    _numbered_wells(surf, spaces)
    return surf


def _forget_words() -> None:
    # Cards and boards are drawn once and cached with their words on them.
    drawn: tuple[gfx.Cached[..., gfx.Canvas], ...] = (
        town_face, occupied_space, tech_chip, town_back, india_ribbon, lisboa_card, tech_tile,
        tech_panel, player_board, domain_card, historian_card)
    for fn in drawn:
        fn.cache_clear()


on_language_change(_forget_words)


__all__ = [
    "CARDS",
    "CHIP_PAD",
    "CHIP_TEXT",
    "CHIP_TWO_LINES",
    "LABEL_BAND",
    "NAME_ONLY",
    "ROMAN",
    "SHORT",
    "TILE_MARGIN",
    "TILE_SIDE",
    "WHOLE",
    "chip_rows",
    "domain_card",
    "draw_player_frame",
    "heading_form",
    "heading_lines",
    "heading_size",
    "historian_card",
    "india_ribbon",
    "label_band",
    "label_lines",
    "label_size",
    "labels_fit",
    "lisboa_card",
    "occupied_marker",
    "occupied_space",
    "player_board",
    "player_frame",
    "player_tray",
    "tech_chip",
    "tech_chip_widths",
    "tech_cost_coin",
    "tech_effect",
    "tech_owner_spot",
    "tech_panel",
    "tech_text_sizes",
    "tech_tile",
    "tile_area",
    "town_back",
    "town_face",
    "town_heading",
]
