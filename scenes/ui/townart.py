"""Procedural town cards: a discovered town's face, a face-down town's back, the seal of
its position, and the words on its spaces.

A town is drawn to the size of its zone in the layout, with its goods and building
spaces where the layout puts them. Its words grow with the player's text size: the
seal and its number, the heading (its two goods, on one line or two), the word at
each space's foot (on one line or two, its icon giving way); a word the 100 % size
writes is never left out at a larger one. ``cardart`` is where the screens find it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from game.cards import CARDS, CHURCH, GOODS, MARKETPLACE, STRONGHOLD, Town
from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.text.catalog import on_language_change, t
from scenes.text.fitting import fit_lines
from scenes.text.fonts import (
    SOFT_HYPHEN,
    even_lines,
    floor_size,
    line_height,
    reach,
    real_size,
    text_width,
)
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.techart import _center_text

Box = tuple[int, int, int, int]  # x, y, w, h relative to the card


ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX",
         10: "X", 11: "XI", 12: "XII"}


#: The seal of a card's position: its radius at the 100 % text size, and its centre.
SEAL_R, SEAL_AT = 14, (20, 19)


def seal_radius() -> int:
    """The seal's radius: a larger text size grows it (and its number) a little, as
    far as the card's header holds it."""
    return min(17, round(SEAL_R * (1 + (gfx.VIEW.text - 1) / 2)))


def _position_seal(surf: gfx.Canvas, pos: int, center: tuple[int, int], r: int) -> None:
    """The card's position in the line, as a brass seal with its number (at a larger
    text size the seal is larger, its number too)."""
    r = max(r, seal_radius())
    center = (max(center[0], r + 4), max(center[1], r + 3))
    draw.circle(surf, P.BRASS_DARK, center, r)
    draw.circle(surf, P.BRASS, center, r - 2)
    draw.circle(surf, P.BRASS_LIGHT, center, r - 2, 1)
    _center_text(surf, t("card.position", n=pos), "text-bold", round(r * 1.15), P.INK,
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


def _as_at_100(found: tuple[int, int]) -> tuple[float, int]:
    """A (size, lines) found at the 100 % text size, as the size that draws the same
    letters at the text size in use (where nothing larger fits its box)."""
    return found[0] / max(1.0, gfx.VIEW.text), found[1]


def band_height(text_size: float | None = None) -> float:
    """The band at a space's foot for one line of its word: ``LABEL_BAND`` at the 100 %
    text size, taller at a larger one (the icon above it gives way)."""
    text = gfx.VIEW.text if text_size is None else text_size
    return LABEL_BAND * max(1.0, text)


def _space_fit(words: list[str], width: int, sizes: Iterable[int], most: int,
               text_size: float | None = None) -> tuple[int, int] | None:
    """The largest of ``sizes`` at which every word fits ``width`` in ``most`` lines
    with its letters inside the band, and the lines the longest takes."""
    for trial in sizes:
        if reach("text-semibold", trial, text_size) > band_height(text_size) - 6:
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
def space_labels(letter: str, width: int, size: int = 15, smallest: int = 10) -> tuple[float, int]:
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
        base = _space_fit(words, width, range(size, smallest - 1, -1), 1, 1.0) or (0, 0)
        if gfx.VIEW.text <= 1.0 or not base[0]:
            return base
        # larger than 100 % sets them, on two lines where a translation lets a long
        # word break; left out only where they were at 100 % too
        above = real_size(base[0], 1.0)
        for most in (1, 2):
            grown = _space_fit(words, width, [x for x in range(round(size * gfx.VIEW.text),
                                                               floor - 1, -1)
                                              if real_size(x) > above], most)
            if grown is not None:
                return grown
        return _as_at_100(base)
    base = _goods_fit(words, width, size, smallest, 1.0) or (smallest, 2)
    if gfx.VIEW.text > 1.0:
        grown = _goods_fit(words, width, round(size * gfx.VIEW.text), floor,
                           above=real_size(base[0], 1.0))
        if grown is not None:
            return grown
    return _goods_fit(words, width, size, floor) or (floor, 2)


def label_size(letter: str, width: int, size: int = 15, smallest: int = 10) -> float:
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
        return math.ceil(band_height())
    return math.ceil(band_height() + reach("text-semibold", size) + LABEL_GAP)


def _space_word(surf: gfx.Canvas, text: str, letter: str, width: int,
                center_x: float, foot: float) -> None:
    """A space's word at its foot (the last line centred ``LABEL_BAND / 2`` above
    ``foot``), at the one size of its kind, on two lines if it must."""
    size, most = space_labels(letter, width)
    if not size:
        return
    lines = label_lines(text, size, width, most) or [text.replace(SOFT_HYPHEN, "")]
    step = reach("text-semibold", size) + LABEL_GAP
    last = foot - band_height() / 2
    for i, line in enumerate(lines):
        y = last - (len(lines) - 1 - i) * step
        _center_text(surf, line, "text-semibold", size, P.INK, (center_x, y))


on_language_change(space_labels.cache_clear)


#: Where a town's heading starts at the 100 % text size (after its position's seal).
HEADING_LEFT = 38
#: The heading's band: its letters (a capital's top to a descender's foot) stand in
#: this much of the card's top, on one line or two.
HEADING_ROOM = 37


def heading_left() -> int:
    """Where a town's heading starts: after the seal, which a larger text size grows."""
    return HEADING_LEFT + 2 * (seal_radius() - SEAL_R)


def town_heading(town: Town) -> str:
    """What heads a town's card: its two goods ("Gold · Coffee")."""
    return t("card.town.goods", first=t(f"good.{town.goods[0]}"),
             second=t(f"good.{town.goods[1]}"))


def heading_lines(town: Town, lines: int) -> list[str]:
    """The heading on ``lines`` lines: whole, or its two goods one over the other."""
    if lines <= 1:
        return [town_heading(town)]
    return t("card.town.goods.lines", first=t(f"good.{town.goods[0]}"),
             second=t(f"good.{town.goods[1]}")).split("\n")


def _heading_step(size: float, text_size: float | None = None) -> float:
    """Two lines of a heading stand this far apart (set close: the band is short)."""
    return reach("display-italic", size, text_size) * 0.8


@gfx.scaled_cache(maxsize=16)
def heading_form(card_w: int, size: int = 20, smallest: int = 12) -> tuple[float, int]:
    """One size for every town's heading on a card ``card_w`` wide, and its lines (1,
    or 2: its goods one over the other): the largest size at which every heading fits
    right of the seal on one line, else on two, its letters in the header band; at a
    larger text size (the seal larger too) a size that draws them larger than 100 %
    does where one fits, else the 100 % one. (0, 0) when none fits (the headings are
    left out then: the goods' names stand right under them)."""
    towns = list(CARDS.towns.values())

    def fits(trial: int, text_size: float | None, lines: int, width: float) -> bool:
        tall = reach("display-italic", trial, text_size)
        if lines == 2:
            tall += _heading_step(trial, text_size)
        if tall > (26 if lines == 1 else HEADING_ROOM):
            return False
        return all(text_width(x, "display-italic", trial, text_size) <= width
                   for town in towns for x in heading_lines(town, lines))

    def largest(text_size: float | None, top: int, width: float,
                above: int = 0) -> tuple[int, int]:
        for lines in (1, 2):
            for trial in range(top, floor_size(smallest) - 1, -1):
                if real_size(trial, text_size) <= above:
                    break
                if fits(trial, text_size, lines, width):
                    return trial, lines
        return 0, 0

    base = largest(1.0, size, card_w - HEADING_LEFT - 8)
    if gfx.VIEW.text <= 1.0 or not base[0]:
        return base
    grown = largest(None, round(size * gfx.VIEW.text), card_w - heading_left() - 8,
                    above=real_size(base[0], 1.0))
    return grown if grown[0] else _as_at_100(base)  # (never left out where 100 % has it)


def heading_size(card_w: int, size: int = 20, smallest: int = 12) -> float:
    """The one size of the towns' headings (``heading_form``; 0: left out)."""
    return heading_form(card_w, size, smallest)[0]


on_language_change(heading_form.cache_clear)


@gfx.scaled_cache(maxsize=64)
def town_face(town: Town, w: int, h: int, pos: int, goods: tuple[Box, Box],
              buildings: tuple[Box, Box]) -> gfx.Canvas:
    """A discovered town: its position, two goods spaces and two building spaces."""
    surf = art.parchment(w, h, radius=10, seed=pos).copy()
    _position_seal(surf, pos, SEAL_AT, SEAL_R)
    # headed like the printed card: its position (the seal) and its goods, never the
    # data's id ("T03"); on two lines where one would need smaller letters
    left = heading_left()
    room = w - left - 8
    size, lines = heading_form(w)
    if size:
        texts = heading_lines(town, lines)
        step = _heading_step(size)
        y = 19 if lines == 1 else 20 - step / 2
        for text in texts:
            _center_text(surf, text, "display-italic", size, P.INK_SOFT, (left + room / 2, y))
            y += step
    draw.line(surf, P.INK_SOFT, (8, 38), (w - 8, 38), 1)
    for k, box in enumerate(goods, start=1):
        good = town.goods[k - 1]
        x, y, bw, bh = box
        surf.blit(art.space_well(bw, bh), (x, y))
        # (the word's band grows with the text size: the icon gives way)
        icon = art.good_icon(good, max(12, min(bw - 10, 46, bh - label_band("g", bw - 4) - 4)))
        surf.blit(icon, icon.get_rect(midtop=(x + bw / 2, y + 2)))
        _space_word(surf, t(f"good.{good}"), "g", bw - 4, x + bw / 2, y + bh)
    for k, box in enumerate(buildings, start=1):
        building = town.buildings[k - 1]
        kind = town.building_kind(k)
        x, y, bw, bh = box
        surf.blit(art.space_well(bw, bh, P.PARCHMENT_DEEP if kind != "church" else (200, 180, 150)),
                  (x, y))
        tall = round(bh * 0.58)
        if labels_fit("b", bw - 2):
            tall = max(16, min(tall, bh - label_band("b", bw - 2) - 8))
        icon = art.building_icon(building, bw - 8, tall)
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
    chart = art.alpha_layer((w, h))
    for i in range(0, w + h, 14):
        draw.line(chart, (*P.FOAM, 26), (i, 0), (i - h, h), 1)
    surf.blit(chart, (0, 0))
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


__all__ = ["LABEL_BAND", "LABEL_GAP", "ROMAN", "SEAL_AT", "SEAL_R", "SPACE_WORDS",
           "heading_form", "heading_left", "heading_lines", "heading_size", "label_band",
           "label_lines", "label_size", "labels_fit", "occupied_marker", "occupied_space",
           "seal_radius", "space_labels", "town_back", "town_face", "town_heading"]
