"""Procedural technology cards: the tiles of the top row, the chips on a player's
board, the numbered trays they lie in.

A tile writes its technology's name and effect as large as its size allows, never
below the 13-pixel floor for rule text: the whole effect, else its short form; lines
are set even, without a single short word alone on the last line. Surfaces are
cached (``cardart`` forgets them when the language changes); every word comes
from ``t``.
"""

from __future__ import annotations

import math

import pygame

from game.cards import CARDS, Tech
from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.text.catalog import on_language_change, t
from scenes.text.fonts import (
    SHY,
    _orphan,
    blit_text,
    check_within,
    even_lines,
    fit_lines,
    fit_size,
    floor_size,
    line_height,
    render,
    text_width,
)
from scenes.ui import art
from scenes.ui import palette as P


def _center_text(surf: gfx.Canvas, text: str, role: str, size: int, color: P.RGB,
                 center: tuple[float, float], width: int | None = None,
                 smallest: int = 12) -> pygame.Rect:
    if width is not None:
        size = fit_size(text, role, size, width, smallest)
    img = render(text, role, size, color)
    rect = img.get_rect(center=(round(center[0]), round(center[1])))
    surf.blit(img, rect)
    check_within(text, rect, surf.get_rect(), role, size)  # never cut at the card's edge
    return rect


#: How far a technology's words keep from its tile's edge (its inked frame is at 4).
TILE_MARGIN = 6
#: The tile's foot: its cost's coin at the left, its owner's marker at the right
#: (``tech_owner_spot``); no word goes below its top.
TILE_FOOT = 36
#: Above the name, and the room of the rule between the name and the effect.
TILE_TOP, TILE_RULE = 4, 7
#: A tile's lines stand this share of their font's line height apart (its fonts
#: leave room for accents above and below the letters; a tile is short of room).
TILE_LEADING = 0.9
#: The sizes a tile's words are wanted at (logical units, 1920x1080's real pixels).
TILE_NAME, TILE_EFFECT = 20, 14
#: The least real size of a tile's effect (under it the short form is written
#: instead) and of its name, at the 100 % text size.
EFFECT_PX, NAME_PX = 13, 12


def tech_effect(tech_id: str, short: bool) -> str:
    """A technology's effect as its tile writes it: whole, or in its short form."""
    return t(f"tech.{tech_id}.short" if short else f"tech.{tech_id}.effect")


def _tile_fits(inner: float, room: float, name_size: float, effect_size: float,
               short: bool, hyphens: bool) -> bool:
    """Whether every technology's name (three lines at most, two without a word broken)
    and effect stand on a tile ``inner`` wide, together no taller than ``room``, no
    line wider than the tile (``hyphens``: a word may be broken where its translation
    allows)."""
    name_step = line_height("display", name_size) * TILE_LEADING
    effect_step = line_height("text", effect_size) * TILE_LEADING
    for tech in CARDS.techs:
        name = even_lines(t(f"tech.{tech.id}.tile"), "display", name_size, inner)
        effect = even_lines(tech_effect(tech.id, short), "text", effect_size, inner)
        broken = any(x.endswith("-") for x in (*name[:-1], *effect[:-1]))
        if broken and not hyphens:
            return False
        if len(effect) > 1 and any(_orphan(x) for x in effect):
            return False  # a line of one short word ("+1", "a"): not at this size
        if len(name) > (3 if hyphens else 2):
            return False
        if any(text_width(x, "display", name_size) > inner for x in name):
            return False
        if any(text_width(x, "text", effect_size) > inner for x in effect):
            return False
        # (the last line's letters reach the foot of its font's whole line height)
        tall = len(name) * name_step + TILE_RULE + (len(effect) - 1) * effect_step
        if tall + line_height("text", effect_size) > room:
            return False
    return True


#: The forms a tile's words are tried in, best first: (short effect, words broken).
TILE_FORMS = ((False, False), (True, False), (True, True))


def _tile_search(inner: float, room: float, want: tuple[int, int],
                 least: tuple[int, int]) -> tuple[int, int, bool] | None:
    """The largest real sizes (name, effect) from ``want`` down to ``least`` at which
    every tile's words fit, in the best form that fits (``TILE_FORMS``); None if none."""
    real = gfx.VIEW.scale * gfx.VIEW.text  # (a size in real pixels fits or not at any)
    for short, hyphens in TILE_FORMS:
        for effect_px in range(max(want[1], least[1]), least[1] - 1, -1):
            for name_px in range(max(want[0], least[0]), least[0] - 1, -1):
                if _tile_fits(inner, room, name_px / real, effect_px / real, short, hyphens):
                    return name_px, effect_px, short
    return None


@gfx.scaled_cache(maxsize=8)
def tech_text_sizes(w: int, h: int) -> tuple[float, float, bool]:
    """One size for every technology's name, one for every effect, and whether the
    effects are written in their short forms: the largest at which all of them fit a
    tile ``w`` x ``h`` inside its margins and above its foot, so the row of tiles is
    set alike. The effect is never under ``EFFECT_PX`` real pixels: where the whole
    effect would need smaller letters (a 1280x720 window), its short form is written,
    as large as it fits. A larger text size sets both a pixel larger at least than
    the 100 % size does (a long name may then be broken where its translation allows)."""
    inner, room = w - 2 * TILE_MARGIN, h - TILE_TOP - TILE_FOOT
    scale, text = gfx.VIEW.scale, gfx.VIEW.text
    least = (NAME_PX, EFFECT_PX)
    found = _tile_search(inner, room, (round(TILE_NAME * scale), round(TILE_EFFECT * scale)),
                         least)
    if text > 1 and found is not None:
        # (where nothing larger fits, a 1280x720 window at 150 %, the 100 % sizes)
        found = _tile_search(inner, room, (round(TILE_NAME * scale * text),
                                           round(TILE_EFFECT * scale * text)),
                             (found[0] + 1, found[1] + 1)) or found
    # nothing fits: the short forms at the least sizes (what does not fit is recorded
    # as it is drawn)
    name_px, effect_px, short = found or (*least, True)
    return name_px / (scale * text), effect_px / (scale * text), short


on_language_change(tech_text_sizes.cache_clear)


def tech_owner_spot(w: int, h: int) -> tuple[tuple[int, int], int]:
    """Where the owner's marker stands on a technology tile (its centre relative to
    the tile) and its size: in the right of the tile's foot."""
    size = TILE_FOOT - 4
    return (w - 4 - size // 2 - 2, h - TILE_FOOT // 2 - 1), size


def tech_cost_coin(surf: gfx.Canvas, tech: Tech, center: tuple[float, float], r: int) -> None:
    """A technology's cost: its number on a gold coin of radius ``r``."""
    cx, cy = center
    coin = art.good_icon("gold", 2 * r)
    surf.blit(coin, coin.get_rect(center=(cx, cy)))
    draw.circle(surf, P.PARCHMENT, (cx, cy), r * 0.6)
    cost = t("tech.cost", cost=tech.cost)
    size = fit_size(cost, "text-bold", r * 1.2, 1.2 * r, smallest=12, height=1.2 * r)
    blit_text(surf, cost, (cx, cy), role="text-bold", size=size, color=P.INK,
              anchor="center", by_ink=True)


def _tile_lines(tech: Tech, w: int, h: int) -> tuple[list[str], list[str]]:
    """A tile's name and effect lines at the row's sizes: its words whole where they
    fit so, broken where their translation allows only where they must be."""
    name_size, effect_size, short = tech_text_sizes(w, h)
    inner, room = w - 2 * TILE_MARGIN, h - TILE_TOP - TILE_FOOT
    name, effect = t(f"tech.{tech.id}.tile"), tech_effect(tech.id, short)
    whole = (even_lines(name.replace(SHY, ""), "display", name_size, inner),
             even_lines(effect.replace(SHY, ""), "text", effect_size, inner))
    wide = any(text_width(x, "display", name_size) > inner for x in whole[0]) or any(
        text_width(x, "text", effect_size) > inner for x in whole[1])
    tall = (len(whole[0]) * line_height("display", name_size) * TILE_LEADING + TILE_RULE
            + (len(whole[1]) - 1) * line_height("text", effect_size) * TILE_LEADING
            + line_height("text", effect_size))
    orphan = len(whole[1]) > 1 and any(_orphan(x) for x in whole[1])
    if not wide and not orphan and tall <= room and len(whole[0]) <= 2:
        return whole
    return (even_lines(name, "display", name_size, inner),
            even_lines(effect, "text", effect_size, inner))


@gfx.scaled_cache(maxsize=16)
def tech_tile(tech: Tech, w: int, h: int) -> gfx.Canvas:
    """One technology: its name, cost (a coin with a number) and effect (whole, or
    its short form where a small window has no room for it at a readable size),
    every line spaced by its font's own line height, the lines as even as they go."""
    surf = art.parchment(w, h, radius=8, seed=len(tech.id) * 11 + tech.cost).copy()
    name_size, effect_size, _ = tech_text_sizes(w, h)
    names, effects = _tile_lines(tech, w, h)
    inner = w - 2 * TILE_MARGIN
    words = pygame.Rect(TILE_MARGIN, 0, inner, h - TILE_FOOT)  # no word outside
    y = float(TILE_TOP)
    for line in names:
        blit_text(surf, line, (w / 2, y), role="display", size=name_size, color=P.INK,
                  anchor="midtop", box=words)
        y += line_height("display", name_size) * TILE_LEADING
    draw.line(surf, P.INK_SOFT, (TILE_MARGIN, y + TILE_RULE / 2 - 1),
              (w - TILE_MARGIN, y + TILE_RULE / 2 - 1), 1)
    y += TILE_RULE
    for line in effects:
        blit_text(surf, line, (w / 2, y), role="text", size=effect_size, color=P.INK,
                  anchor="midtop", box=words)
        y += line_height("text", effect_size) * TILE_LEADING
    r = min(TILE_FOOT // 2 - 1, round((TILE_FOOT // 2 - 3) * (1 + (gfx.VIEW.text - 1) / 3)))
    tech_cost_coin(surf, tech, (4 + r, h - TILE_FOOT // 2 - 1), r)
    return surf


#: The name on a technology's chip (a player's board): its largest size and padding.
CHIP_TEXT = 17
CHIP_PAD = 7


#: A chip at least this tall writes a long name on two lines.
CHIP_TWO_LINES = 34


def chip_rows(h: float) -> int:
    """The lines a chip ``h`` tall holds: two when it is at least ``CHIP_TWO_LINES`` tall
    and two lines of its smallest letters stand in it (not in a 1280x720 window)."""
    two = 2 * line_height("text-semibold", floor_size(11)) * 0.9 <= h - 4
    return 2 if h >= CHIP_TWO_LINES and two else 1


def tech_chip_widths(tech: Tech, size: float = CHIP_TEXT) -> tuple[int, int]:
    """How wide a chip must be to write the technology's name at ``size``: on one
    line, and on two (its narrowest break: between words, or where its translation
    allows a long word to be broken, ``tech.<id>.tile``)."""
    name = t(f"tech.{tech.id}.tile")
    one = text_width(name, "text-semibold", size)
    two = one
    for i, ch in enumerate(name):
        if ch not in (" ", SHY):
            continue
        head = name[:i] + ("-" if ch == SHY else "")
        two = min(two, max(text_width(head, "text-semibold", size),
                           text_width(name[i + 1:], "text-semibold", size)))
    return math.ceil(one) + 2 * CHIP_PAD, math.ceil(two) + 2 * CHIP_PAD


@gfx.scaled_cache(maxsize=48)
def tech_chip(tech: Tech, w: int, h: int) -> gfx.Canvas:
    """A technology a player owns, as a small named tile on their board: its name as
    large as the tile allows, on two lines when it is too narrow for one."""
    surf = art.parchment(w, h, radius=6, border=None, seed=len(tech.id)).copy()
    draw.rect(surf, P.BRASS, surf.get_rect(), 2, border_radius=6)
    rows = chip_rows(h)
    # lines 0.9 of the font's line apart, all of them inside the chip's rim
    size, lines = fit_lines(t(f"tech.{tech.id}.tile"), "text-semibold", CHIP_TEXT,
                            w - 2 * CHIP_PAD, rows, height=(h - 4) / 0.9)
    step = min(line_height("text-semibold", size) * 0.9, (h - 2) / 2)
    y = h / 2 - step * (len(lines) - 1) / 2
    for line in lines:
        _center_text(surf, line, "text-semibold", size, P.INK, (w / 2, y))
        y += step
    return surf


@gfx.scaled_cache(maxsize=4)
def tech_panel(numeral: str, w: int, h: int, label_w: int = 30) -> gfx.Canvas:
    """The wooden tray of one technology card, its numeral down the left edge."""
    surf = art.wood_panel(w, h).copy()
    # (26 at 100 %: a larger text size grows it to the column's width)
    _center_text(surf, numeral, "display", 26, P.BRASS_LIGHT, (label_w / 2 + 4, h / 2),
                 width=label_w + 2, smallest=20)
    return surf


__all__ = ["CHIP_PAD", "CHIP_TEXT", "CHIP_TWO_LINES", "TILE_MARGIN", "chip_rows",
           "tech_chip", "tech_chip_widths", "tech_cost_coin", "tech_effect", "tech_owner_spot",
           "tech_panel", "tech_text_sizes", "tech_tile"]
