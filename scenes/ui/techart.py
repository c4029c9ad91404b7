"""Procedural technology cards: the tiles of the top row, the chips on a player's
board, the numbered trays they lie in.

A tile (wide and short, two by two on each card) writes its technology's name and,
under it, its effect as large as its size allows, the name first, never below the
13-pixel floor for rule text: the whole effect, else its short form, else (a small
window at a large text size) the name alone; lines are set even, without a single
short word alone on the last line, and kept clear of the tile's edge. Surfaces are
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
from scenes.text.fitting import HEADROOM, fit_lines, fit_size
from scenes.text.fonts import (
    SHY,
    _orphan,
    blit_text,
    check_within,
    even_lines,
    floor_size,
    line_height,
    render,
    text_width,
)
from scenes.ui import art
from scenes.ui import palette as P


def _center_text(surf: gfx.Canvas, text: str, role: str, size: float, color: P.RGB,
                 center: tuple[float, float], width: int | None = None,
                 smallest: int = 12) -> pygame.Rect:
    if width is not None:
        size = fit_size(text, role, size, width, smallest)
    img = render(text, role, size, color)
    rect = img.get_rect(center=(round(center[0]), round(center[1])))
    surf.blit(img, rect)
    check_within(text, rect, surf.get_rect(), role, size)  # never cut at the card's edge
    return rect


#: A tile is wide and short (two by two on each card): its cost's coin and its
#: owner's marker stand in a column at its left (``TILE_SIDE`` wide), its words to the
#: right of it, ``TILE_MARGIN`` clear of its inked frame (at 4) and of that column.
TILE_SIDE = 36
TILE_MARGIN = 8
#: Above the name and under the last line, and between the name and the effect.
TILE_TOP, TILE_RULE = 2, 4
#: A tile's lines stand this share of their font's line height apart (its fonts
#: leave room for accents above and below the letters; a tile is short of room).
TILE_LEADING = 0.86
#: The sizes a tile's words are wanted at (logical units, 1920x1080's real pixels).
TILE_NAME, TILE_EFFECT = 26, 18
#: The least real size of a tile's effect (under it the short form is written
#: instead, and under that the tile writes its name alone) and of its name, at the
#: 100 % text size.
EFFECT_PX, NAME_PX = 13, 14
#: A name's lines at most (two without a word broken).
NAME_LINES, EFFECT_LINES = 2, 3
#: What a tile writes under its name: the whole effect, its short form, or nothing
#: (the name alone, where a small window at a large text size has no room for more:
#: the tooltip and the card seen large say the rest).
WHOLE, SHORT, NAME_ONLY = "whole", "short", "name"


def tech_effect(tech_id: str, short: bool) -> str:
    """A technology's effect as its tile writes it: whole, or in its short form."""
    return t(f"tech.{tech_id}.short" if short else f"tech.{tech_id}.effect")


def tile_area(w: int, h: int) -> pygame.Rect:
    """Where a tile's words stand (logical units of the tile): right of its left column
    (whose edge is a rule at ``TILE_SIDE``), clear of both."""
    left = TILE_SIDE + 6
    return pygame.Rect(left, TILE_TOP, w - left - TILE_MARGIN, h - 2 * TILE_TOP)


def name_role(size: float) -> str:
    """The face a tile's name is set in: the serif, narrow enough for a long French or
    Italian name on one line of a small window's tile (the sans' is not)."""
    return "display"


def _name_lines(tech: Tech, size: float, inner: float, hyphens: bool) -> list[str]:
    name = t(f"tech.{tech.id}.tile")
    return even_lines(name if hyphens else name.replace(SHY, ""), name_role(size), size,
                      inner)


def _tile_fits(inner: float, room: float, name_size: float, effect_size: float,
               form: str, hyphens: bool) -> bool:
    """Whether every technology's name (``NAME_LINES`` at most) and, unless the form is
    the name alone, its effect (``EFFECT_LINES``) stand in a tile's words' area ``inner``
    wide and ``room`` tall, no line wider than it, no short word alone on a line of the
    effect (``hyphens``: a word may be broken where its translation allows)."""
    role = name_role(name_size)
    name_step = line_height(role, name_size) * TILE_LEADING
    effect_step = line_height("text", effect_size) * TILE_LEADING
    for tech in CARDS.techs:
        name = _name_lines(tech, name_size, inner, hyphens)
        if len(name) > NAME_LINES or any(text_width(x, role, name_size) > inner
                                          for x in name):
            return False
        if any(x.endswith("-") for x in name[:-1]) and not hyphens:
            return False
        # (the last line's letters reach the foot of its font's whole line height)
        tall = (len(name) - 1) * name_step + line_height(role, name_size)
        if form != NAME_ONLY:
            effect = even_lines(tech_effect(tech.id, form == SHORT), "text", effect_size,
                                inner)
            if any(x.endswith("-") for x in effect[:-1]) and not hyphens:
                return False
            if len(effect) > EFFECT_LINES or (len(effect) > 1 and any(_orphan(x)
                                                                      for x in effect)):
                return False
            if any(text_width(x, "text", effect_size) > inner for x in effect):
                return False
            tall = (len(name) * name_step + TILE_RULE + (len(effect) - 1) * effect_step
                    + line_height("text", effect_size))
        if tall > room:
            return False
    return True


#: The forms a tile's words are tried in, best first: (what under the name, words
#: broken where their translation allows).
TILE_FORMS = ((WHOLE, False), (SHORT, False), (SHORT, True))


def _tile_search(inner: float, room: float, want: tuple[int, int],
                 least: tuple[int, int]) -> tuple[int, int, str] | None:
    """The largest real sizes (name, effect) from ``want`` down to ``least``, the two in
    the proportion wanted (each kept at its least), at which every tile's words fit, in
    the best form that fits (``TILE_FORMS``); None if none."""
    real = gfx.VIEW.scale * gfx.VIEW.text  # (a size in real pixels fits or not at any)
    sizes: list[tuple[int, int]] = []
    k = 1.0
    while True:
        pair = (max(least[0], round(want[0] * k)), max(least[1], round(want[1] * k)))
        if pair not in sizes:
            sizes.append(pair)
        if pair == least or k <= 0.2:
            break
        k -= 0.02
    for form, hyphens in TILE_FORMS:
        for name_px, effect_px in sizes:
            if _tile_fits(inner, room, name_px / real, effect_px / real, form, hyphens):
                return name_px, effect_px, form
    return None


def _name_only(inner: float, room: float, want: int, least: int) -> int | None:
    """The largest real size from ``want`` down to ``least`` at which every name stands
    alone on its tile (None if none)."""
    real = gfx.VIEW.scale * gfx.VIEW.text
    for name_px in range(max(want, least), least - 1, -1):
        if _tile_fits(inner, room, name_px / real, 1.0, NAME_ONLY, True):
            return name_px
    return None


@gfx.scaled_cache(maxsize=8)
def tech_text_sizes(w: int, h: int) -> tuple[float, float, str]:
    """One size for every technology's name, one for every effect, and what the tiles
    write under their names (``WHOLE``, ``SHORT`` or ``NAME_ONLY``): the largest at which
    all of them fit a tile ``w`` x ``h``, so the row of tiles is set alike, the name
    first. The effect is never under ``EFFECT_PX`` real pixels (its short form, else
    the name alone, where it would need smaller letters). A larger text size sets
    every word it writes a pixel larger at least than the 100 % size does: where the
    tile cannot hold both larger, it writes the name alone, larger."""
    area = tile_area(w, h)
    inner, room = area.w, area.h
    scale, text = gfx.VIEW.scale, gfx.VIEW.text
    least = (NAME_PX, EFFECT_PX)
    want = (round(TILE_NAME * scale), round(TILE_EFFECT * scale))
    found = _tile_search(inner, room, want, least)
    if found is None:  # (the name alone, as large as it stands)
        alone = _name_only(inner, room, want[0], 12)
        found = (alone or 12, EFFECT_PX, NAME_ONLY)
    elif found[:2] != want:
        # the tile's words fill it at 100 %: a little smaller there, so that a larger
        # text size still writes both larger, not the name alone
        roomy = (max(least[0], round(found[0] * HEADROOM)),
                 max(least[1], round(found[1] * HEADROOM)))
        found = _tile_search(inner, room, roomy, least) or found
    if text > 1:
        grown_want = (round(TILE_NAME * scale * text), round(TILE_EFFECT * scale * text))
        larger = (found[0] + 1, found[1] + 1)
        grown = _tile_search(inner, room, grown_want, larger) if found[2] != NAME_ONLY \
            else None
        if grown is None:
            alone = _name_only(inner, room, grown_want[0], larger[0])
            grown = (alone, found[1], NAME_ONLY) if alone is not None else None
        found = grown or found
    name_px, effect_px, form = found
    return name_px / (scale * text), effect_px / (scale * text), form


on_language_change(tech_text_sizes.cache_clear)


def tech_owner_spot(w: int, h: int) -> tuple[tuple[int, int], int]:
    """Where the owner's marker stands on a technology tile (its centre relative to
    the tile) and its size: at the foot of the tile's left column, under its cost."""
    size = min(TILE_SIDE - 6, h // 2 - 8)
    return (2 + TILE_SIDE // 2, h - 6 - size // 2), size


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
    fit so, broken where their translation allows only where they must be (no effect
    lines when the tile writes its name alone)."""
    name_size, effect_size, form = tech_text_sizes(w, h)
    area = tile_area(w, h)
    inner = area.w
    for hyphens in (False, True):
        name = _name_lines(tech, name_size, inner, hyphens)
        effect = [] if form == NAME_ONLY else even_lines(
            tech_effect(tech.id, form == SHORT) if hyphens
            else tech_effect(tech.id, form == SHORT).replace(SHY, ""), "text", effect_size,
            inner)
        wide = any(text_width(x, name_role(name_size), name_size) > inner
                   for x in name) or any(text_width(x, "text", effect_size) > inner
                                         for x in effect)
        if not wide and len(name) <= NAME_LINES and len(effect) <= EFFECT_LINES:
            return name, effect
    return name, effect


@gfx.scaled_cache(maxsize=16)
def tech_tile(tech: Tech, w: int, h: int) -> gfx.Canvas:
    """One technology: its cost (a coin with a number) at the top of its left column,
    its name, and under it its effect (whole, its short form where a small window has
    no room for it at a readable size, or nothing where even that has none), every
    line spaced by its font's own line height, as even as they go; the words stand
    in the middle of the tile's height."""
    surf = art.parchment(w, h, radius=8, seed=len(tech.id) * 11 + tech.cost).copy()
    name_size, effect_size, _ = tech_text_sizes(w, h)
    names, effects = _tile_lines(tech, w, h)
    area = tile_area(w, h)
    role = name_role(name_size)
    name_step = line_height(role, name_size) * TILE_LEADING
    effect_step = line_height("text", effect_size) * TILE_LEADING
    if effects:
        tall = (len(names) * name_step + TILE_RULE + (len(effects) - 1) * effect_step
                + line_height("text", effect_size))
    else:
        tall = (len(names) - 1) * name_step + line_height(role, name_size)
    y = area.y + max(0.0, (area.h - tall) / 2)
    words = area.inflate(4, 2 * TILE_TOP - 2)  # (no letter on the frame or the rule)
    cx = area.centerx
    for line in names:
        blit_text(surf, line, (cx, y), role=role, size=name_size, color=P.INK,
                  anchor="midtop", box=words)
        y += name_step
    if effects:
        draw.line(surf, P.PARCHMENT_DEEP, (area.x + area.w * 0.2, y + TILE_RULE / 2 - 1),
                  (area.right - area.w * 0.2, y + TILE_RULE / 2 - 1), 1)
        y += TILE_RULE
    for line in effects:
        blit_text(surf, line, (cx, y), role="text", size=effect_size, color=P.INK,
                  anchor="midtop", box=words)
        y += effect_step
    draw.line(surf, P.PARCHMENT_DEEP, (TILE_SIDE, 8), (TILE_SIDE, h - 8), 1)
    (ox, oy), owner = tech_owner_spot(w, h)
    r = min(TILE_SIDE // 2 - 3, (oy - owner // 2 - 8) // 2)
    r = round(r * (1 + (gfx.VIEW.text - 1) / 4))
    tech_cost_coin(surf, tech, (ox, 6 + r), r)
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


__all__ = ["CHIP_PAD", "CHIP_TEXT", "CHIP_TWO_LINES", "NAME_ONLY", "SHORT", "TILE_MARGIN",
           "TILE_SIDE", "WHOLE", "chip_rows", "tech_chip", "tech_chip_widths", "tech_cost_coin",
           "tech_effect", "tech_owner_spot", "tech_panel", "tech_text_sizes", "tech_tile",
           "tile_area"]
