"""Procedural card faces: towns, the card back, Lisboa, technologies, player cards.

Each card is drawn to the size of its zone in the layout, with its spaces where the
layout puts them (rectangles relative to the card), so a changed layout redraws the
cards to match. Surfaces are cached; every word comes from ``t``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from game.cards import CARDS, CHURCH, GOODS, MARKETPLACE, STRONGHOLD, Town
from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.text.catalog import on_language_change, t
from scenes.text.fonts import (
    SOFT_HYPHEN,
    blit_text,
    even_lines,
    fit_lines,
    fit_size,
    floor_size,
    line_height,
    reach,
    real_size,
    text_width,
)
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.techart import (
    CHIP_PAD,
    CHIP_TEXT,
    CHIP_TWO_LINES,
    TILE_MARGIN,
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
)

Box = tuple[int, int, int, int]  # x, y, w, h relative to the card

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX",
         10: "X", 11: "XI", 12: "XII"}


def _position_seal(surf: gfx.Canvas, pos: int, center: tuple[int, int], r: int) -> None:
    """The card's position in the line, as a brass seal with its number."""
    draw.circle(surf, P.BRASS_DARK, center, r)
    draw.circle(surf, P.BRASS, center, r - 2)
    draw.circle(surf, P.BRASS_LIGHT, center, r - 2, 1)
    _center_text(surf, t("card.position", n=pos), "text-bold", round(r * 1.1), P.INK,
                 (center[0], center[1] + 1))


#: The words written on goods (``g``) and building (``b``) spaces.
SPACE_WORDS: dict[str, tuple[str, ...]] = {
    "g": tuple(f"good.{good}" for good in GOODS),
    "b": tuple(f"building.{kind}" for kind in (STRONGHOLD, CHURCH, MARKETPLACE)),
}


# SOFT_HYPHEN: where a translator lets a long word break (Italian "Zuc\u00adche\u00adro"):
# never drawn, unless the word breaks there (then a hyphen ends the line).
#: A word of a space's foot that needs a second line: the lines' step over the first.
LABEL_GAP = 2


def label_lines(text: str, size: float, width: float, most: int = 2,
                text_size: float | None = None) -> list[str] | None:
    """``text`` as the foot of a space writes it at ``size``: one line when it fits
    ``width``, else (``most`` 2) two lines broken at a space or at a soft hyphen (the
    hyphen then shown), the most even break that fits; None when nothing fits
    (measured at the player's text size, or at ``text_size``)."""
    role = "text-semibold"
    plain = text.replace(SOFT_HYPHEN, "")
    if text_width(plain, role, size, text_size) <= width:
        return [plain]
    if most < 2:
        return None
    best: tuple[float, list[str]] | None = None
    for i, ch in enumerate(text):
        if ch not in (" ", SOFT_HYPHEN):
            continue
        first = text[:i].replace(SOFT_HYPHEN, "") + ("-" if ch == SOFT_HYPHEN else "")
        second = text[i + 1:].replace(SOFT_HYPHEN, "")
        widest = max(text_width(first, role, size, text_size),
                     text_width(second, role, size, text_size))
        if widest <= width and (best is None or widest < best[0]):
            best = (widest, [first, second])
    return None if best is None else best[1]


#: The smallest size (at 100 % text) a goods word is set on one line before the words
#: wrap instead: a long word wraps rather than shrinks beside its neighbours.
KEEP_ONE_LINE = 13


def _space_fit(words: list[str], width: int, sizes: Iterable[int], most: int,
               text_size: float | None = None) -> tuple[int, int] | None:
    """The largest of ``sizes`` at which every word fits ``width`` in ``most`` lines
    with its letters inside the band, and the lines the longest takes."""
    for trial in sizes:
        if reach("text-semibold", trial, text_size) > LABEL_BAND - 6:
            continue
        found = [label_lines(w, trial, width, most, text_size) for w in words]
        if all(lines is not None for lines in found):
            return trial, max(len(lines or ()) for lines in found)
    return None


def _goods_fit(words: list[str], width: int, size: int, floor: int,
               text_size: float | None = None, above: int = 0) -> tuple[int, int] | None:
    """The goods words' size and lines: one line down to ``KEEP_ONE_LINE``, else two
    lines, else smaller; only sizes drawn larger than ``above`` real pixels."""
    keep = max(floor, min(size, KEEP_ONE_LINE))

    def larger(top: int, bottom: int) -> range:
        return range(top, bottom - 1, -1) if top >= bottom else range(0)

    for top, bottom, most in ((size, keep, 1), (size, keep, 2), (keep - 1, floor, 1),
                              (keep - 1, floor, 2)):
        sizes = [s for s in larger(top, bottom) if real_size(s, text_size) > above]
        found = _space_fit(words, width, sizes, most, text_size)
        if found is not None:
            return found
    return None


@gfx.scaled_cache(maxsize=16)
def space_labels(letter: str, width: int, size: int = 15, smallest: int = 10) -> tuple[int, int]:
    """One size for every word of a kind of space (goods or buildings), and the lines
    the longest needs: the largest size at which each word fits ``width`` on one line
    ("Stronghold" is never set smaller than the "Church" beside it). A goods word
    wraps rather than shrinks: below ``KEEP_ONE_LINE`` the words take two lines at
    the largest size they fit so, and only when even that fails are they set
    smaller; at a larger text size they are set larger than 100 % sets them (on two
    lines if they must: a translation marks where a long word may break with a soft
    hyphen). (0, 0) when they cannot be written at all (a building's, where its icon
    says it): a goods space always writes its good."""
    words = [t(key) for key in SPACE_WORDS[letter]]
    floor = floor_size(smallest)
    if letter != "g":
        return _space_fit(words, width, range(size, floor - 1, -1), 1) or (0, 0)
    base = _goods_fit(words, width, size, smallest, 1.0) or (smallest, 2)
    if gfx.VIEW.text > 1.0:
        grown = _goods_fit(words, width, size, floor, above=real_size(base[0], 1.0))
        if grown is not None:
            return grown
    return _goods_fit(words, width, size, floor) or (floor, 2)


def label_size(letter: str, width: int, size: int = 15, smallest: int = 10) -> int:
    """The one size of the words of a kind of space (see ``space_labels``)."""
    found, _ = space_labels(letter, width, size, smallest)
    return found or floor_size(smallest)


def labels_fit(letter: str, width: int) -> bool:
    """Whether the words of a kind of space are written at all. A goods space always
    writes its good (on two lines if it must); in a 1280x720 window a four-player
    town's building space is 40 pixels wide and "Stronghold" needs 59: there every
    such space shows only its icon, which says the same, and its town's tooltip
    names it."""
    return space_labels(letter, width)[0] > 0


def label_band(letter: str, width: int) -> int:
    """The height of the band at the foot of a space where its word is written:
    ``LABEL_BAND``, and a line's more when its words need two lines."""
    size, lines = space_labels(letter, width)
    if lines <= 1:
        return LABEL_BAND
    return LABEL_BAND + math.ceil(reach("text-semibold", size) + LABEL_GAP)


def _space_word(surf: gfx.Canvas, text: str, letter: str, width: int,
                center_x: float, foot: float) -> None:
    """A space's word at its foot (the last line centred ``LABEL_BAND / 2`` above
    ``foot``), at the one size of its kind, on two lines if it must."""
    size, most = space_labels(letter, width)
    if not size:
        return
    lines = label_lines(text, size, width, most) or [text.replace(SOFT_HYPHEN, "")]
    step = reach("text-semibold", size) + LABEL_GAP
    last = foot - LABEL_BAND / 2
    for i, line in enumerate(lines):
        y = last - (len(lines) - 1 - i) * step
        _center_text(surf, line, "text-semibold", size, P.INK, (center_x, y))


on_language_change(space_labels.cache_clear)


#: Where a town's heading starts (after its position's seal).
HEADING_LEFT = 38


def town_heading(town: Town) -> str:
    """What heads a town's card: its two goods ("Gold · Coffee")."""
    return t("card.town.goods", first=t(f"good.{town.goods[0]}"),
             second=t(f"good.{town.goods[1]}"))


@gfx.scaled_cache(maxsize=16)
def heading_size(width: int, size: int = 20, smallest: int = 12) -> int:
    """One size for every town's heading: the largest at which the longest fits
    ``width`` (a capital's top to a descender's foot in the header band), and at a
    larger text size never smaller than 100 % draws it; 0 when that cannot be (the
    headings are left out then: the goods' names stand right under them)."""
    texts = [town_heading(town) for town in CARDS.towns.values()]

    def largest(text_size: float | None, at_least: int = 0) -> int:
        for trial in range(size, floor_size(smallest) - 1, -1):
            if real_size(trial, text_size) < at_least:
                break
            if reach("display-italic", trial, text_size) <= 26 and all(
                    text_width(x, "display-italic", trial, text_size) <= width
                    for x in texts):
                return trial
        return 0

    base = largest(1.0)
    if gfx.VIEW.text <= 1.0 or not base:
        return base
    return largest(None, at_least=real_size(base, 1.0))


on_language_change(heading_size.cache_clear)


@gfx.scaled_cache(maxsize=64)
def town_face(town: Town, w: int, h: int, pos: int, goods: tuple[Box, Box],
              buildings: tuple[Box, Box]) -> gfx.Canvas:
    """A discovered town: its position, two goods spaces and two building spaces."""
    surf = art.parchment(w, h, radius=10, seed=pos).copy()
    _position_seal(surf, pos, (20, 19), 14)
    # headed like the printed card: its position (the seal) and its goods, never the
    # data's id ("T03")
    room = w - HEADING_LEFT - 8
    size = heading_size(room)
    if size:
        _center_text(surf, town_heading(town), "display-italic", size, P.INK_SOFT,
                     (HEADING_LEFT + room / 2, 19))
    draw.line(surf, P.INK_SOFT, (8, 36), (w - 8, 36), 1)
    for k, box in enumerate(goods, start=1):
        good = town.goods[k - 1]
        x, y, bw, bh = box
        surf.blit(art.space_well(bw, bh), (x, y))
        icon = art.good_icon(good, min(bw - 10, 46))
        surf.blit(icon, icon.get_rect(midtop=(x + bw / 2, y + 2)))
        _space_word(surf, t(f"good.{good}"), "g", bw - 4, x + bw / 2, y + bh)
    for k, box in enumerate(buildings, start=1):
        building = town.buildings[k - 1]
        kind = town.building_kind(k)
        x, y, bw, bh = box
        surf.blit(art.space_well(bw, bh, P.PARCHMENT_DEEP if kind != "church" else (200, 180, 150)),
                  (x, y))
        icon = art.building_icon(building, bw - 8, round(bh * 0.58))
        surf.blit(icon, icon.get_rect(midtop=(x + bw / 2, y + 4)))
        # the spaces are small: a long word may shrink below the usual smallest size,
        # and its neighbours with it (``label_size``); it may use the well but its rim
        _space_word(surf, t(f"building.{kind}"), "b", bw - 2, x + bw / 2, y + bh)
    return surf


#: The band at the foot of a goods or building space where its type is written.
LABEL_BAND = 24


def occupied_marker(letter: str, w: int, h: int) -> tuple[tuple[int, int], int]:
    """Where a marker stands on an occupied space of size (w, h), relative to the
    space: its centre and size. It stands just above the label band, so the type's
    word stays readable under it and a smaller icon above it (``occupied_space``)."""
    size = min(38 if letter == "g" else 42, w - 8, h // 2)
    band = label_band(letter, _label_room(letter, w))
    return (w // 2, h - band - size // 2 + 2), size


def _label_room(letter: str, w: int) -> int:
    """The width a space's word may use: a building's word may use its well but
    its rim ("Stronghold" needs it), a good's keeps off it."""
    return w - 2 if letter == "b" else w - 4


@gfx.scaled_cache(maxsize=128)
def occupied_space(town: Town, letter: str, k: int, w: int, h: int) -> gfx.Canvas:
    """A goods (``g``) or building (``b``) space with a marker on it: the same well,
    its icon smaller at the top and its word at the foot, with room between them
    for the marker (the table draws the marker there), so the type is never hidden.
    Its foot is left clear: the card's own word shows through, pixel for pixel where
    it stands on the empty space."""
    (_, my), msize = occupied_marker(letter, w, h)
    icon_h = max(12, my - msize // 2 - 4)
    # opaque over the card's own well and its larger icon, down to the word's band
    surf = gfx.surface((w, h))
    surf.set_clip((0, 0, w, h - label_band(letter, _label_room(letter, w))))
    draw.rect(surf, P.PARCHMENT, surf.get_rect(), border_radius=6)
    if letter == "g":
        good = town.goods[k - 1]
        surf.blit(art.space_well(w, h), (0, 0))
        icon = art.good_icon(good, min(icon_h, w - 10))
    else:
        kind = town.building_kind(k)
        tone = P.PARCHMENT_DEEP if kind != "church" else (200, 180, 150)
        surf.blit(art.space_well(w, h, tone), (0, 0))
        icon = art.building_icon(town.buildings[k - 1], min(w - 8, round(icon_h * 1.1)), icon_h)
    surf.blit(icon, icon.get_rect(midtop=(w / 2, 2)))
    surf.set_clip(None)  # (the card's own word shows under the picture's clear foot)
    return surf


@gfx.scaled_cache(maxsize=16)
def town_back(w: int, h: int, pos: int) -> gfx.Canvas:
    """A face-down town: a sea chart with a compass rose and its position."""
    surf = gfx.surface((w, h))
    rect = surf.get_rect()
    draw.rect(surf, P.CHART, rect, border_radius=10)
    lines = art.alpha_layer((w, h))
    for i in range(0, w + h, 14):
        draw.line(lines, (*P.FOAM, 26), (i, 0), (i - h, h), 1)
    surf.blit(lines, (0, 0))
    rose = art.compass_rose(min(w, h) - 40)
    surf.blit(rose, rose.get_rect(center=(w / 2, h * 0.46)))
    draw.rect(surf, P.BRASS, rect, 3, border_radius=10)
    draw.rect(surf, P.BRASS_DARK, rect.inflate(-10, -10), 1, border_radius=6)
    _position_seal(surf, pos, (20, 19), 14)
    # on one line, or two where a larger text size (or a long word) needs them
    words = t("card.unknown")
    size, _ = fit_lines(words, "display-italic", 21, w - 16, 2, smallest=14)
    lines = even_lines(words, "display-italic", size, w - 16)
    step = line_height("display-italic", size) * 0.9
    y = h - 26 - step * (len(lines) - 1)
    for line in lines:
        _center_text(surf, line, "display-italic", size, P.BRASS_LIGHT, (w / 2, y))
        y += step
    return surf


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
    # (as large as the card allows at the largest text size: smaller at 100 %)
    _center_text(surf, t("card.lisboa"), "display", 30, P.INK, (w / 2, 26), width=w - 12)
    _center_text(surf, t("card.lisboa.home"), "display-italic", 18, P.INK_SOFT, (w / 2, 52),
                 width=w - 12)
    ship = art.caravel(w - 24, round((w - 24) * 0.75))
    top = 64
    surf.blit(ship, ship.get_rect(midtop=(w / 2, top)))
    for box in slots:
        surf.blit(art.space_well(box[2], box[3]), box[:2])
    return surf


@gfx.scaled_cache(maxsize=32)
def player_board(seat: int, w: int, h: int, palette: str, active: bool) -> gfx.Canvas:
    """A player's area: a dark tray edged in their colour (lit for the active player)."""
    color = P.player_color(seat, palette)
    surf = gfx.surface((w, h))
    rect = surf.get_rect()
    draw.rect(surf, (*P.WOOD_DARK, 235), rect, border_radius=12)
    draw.rect(surf, color, rect, 5 if active else 3, border_radius=12)
    if active:
        draw.rect(surf, P.HIGHLIGHT, rect.inflate(-10, -10), 1, border_radius=8)
    return surf


def _band_label(surf: gfx.Canvas, text: str, role: str, size: int, color: P.RGB,
                x: float, band: tuple[float, float], right: float) -> None:
    """A card's label written from ``x`` in the band (top, height) over its spaces: as
    large as asked where the band and the card (up to ``right``) allow, never over the
    spaces under it nor past the card's edge."""
    top, height = band
    box = pygame.Rect(round(x), round(top), round(right - x), round(height))
    size = fit_size(text, role, size, box.w, smallest=min(size, 12), height=box.h)
    blit_text(surf, text, (x, top + height / 2), role=role, size=size, color=color,
              anchor="midleft", box=box, by_ink=True)


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
    _band_label(surf, t("board.speed"), "text-semibold", 14, P.INK_SOFT, sp[0] + 2,
                (sp[1], 20), scientists[0] - 4)
    for i, (x, y, bw, bh) in enumerate(speeds, start=1):
        surf.blit(art.space_well(bw, bh - 20, (210, 196, 160)), (x, y + 20))
        _center_text(surf, str(i), "text-bold", 16, P.INK_SOFT, (x + 12, y + 32))
        for wave in range(i):
            crest = (x + bw - 22 - wave * 9, y + 26, 14, 10)
            draw.arc(surf, P.SEA_LIGHT, crest, 3.4, 6.0, 2)
    x, y, bw, bh = scientists
    _center_text(surf, t("board.scientists"), "text-semibold", 14, P.INK_SOFT,
                 (x + bw / 2, y + 10), width=bw)
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
    for fn in (town_face, occupied_space, tech_chip, town_back, india_ribbon, lisboa_card,
               tech_tile, tech_panel, player_board, domain_card, historian_card):
        fn.cache_clear()


on_language_change(_forget_words)


__all__ = [
    "CHIP_PAD",
    "CHIP_TEXT",
    "CHIP_TWO_LINES",
    "LABEL_BAND",
    "ROMAN",
    "TILE_MARGIN",
    "chip_rows",
    "domain_card",
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
    "tech_chip",
    "tech_chip_widths",
    "tech_cost_coin",
    "tech_effect",
    "tech_owner_spot",
    "tech_panel",
    "tech_text_sizes",
    "tech_tile",
    "town_back",
    "town_face",
    "town_heading",
]
