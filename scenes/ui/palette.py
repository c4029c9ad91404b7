"""The colours and marker shapes of the table, in one place.

Players are told apart by colour *and* by shape (disc, square, triangle, diamond), so
a colour-blind player can always tell whose marker is whose. Two palettes exist: the
classic red, blue, green and yellow of the box, and a colour-blind-safe one built on
the Okabe-Ito colours, which stay distinct under the common colour-vision
deficiencies. Goods have their own colours, chosen to be far apart from each other.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# Table and cards: deep sea, parchment, brass, ink.
SEA_DEEP: RGB = (10, 30, 54)
SEA: RGB = (18, 52, 86)
SEA_LIGHT: RGB = (40, 88, 128)
FOAM: RGB = (150, 190, 210)
PARCHMENT: RGB = (238, 224, 190)
PARCHMENT_SHADE: RGB = (214, 192, 146)
PARCHMENT_DEEP: RGB = (186, 158, 108)
INK: RGB = (44, 32, 20)
INK_SOFT: RGB = (84, 64, 44)  # 4.5:1 or more on every parchment, lit or not
BRASS: RGB = (178, 136, 58)
BRASS_LIGHT: RGB = (228, 192, 108)
BRASS_DARK: RGB = (112, 80, 30)
WOOD: RGB = (74, 48, 30)
WOOD_DARK: RGB = (46, 28, 18)
CHART: RGB = (40, 70, 80)
HIGHLIGHT: RGB = (255, 236, 150)
ALERT: RGB = (170, 40, 30)
#: The ink of a label that cannot be used now (a greyed button): held to 3:1 against
#: what is behind it, not text's 4.5:1 (the contrast audit tells them apart by it).
DISABLED_INK: RGB = (84, 78, 70)
#: A disabled button's plate, top and bottom: pale and without brass, so it reads as
#: not usable now while its label still reads.
DISABLED_PLATE: tuple[RGB, RGB] = ((214, 208, 196), (196, 190, 178))
DISABLED_EDGE: RGB = (128, 120, 108)
DISABLED_INKS: frozenset[RGB] = frozenset({DISABLED_INK})

SHAPES: tuple[str, ...] = ("disc", "square", "triangle", "diamond")

PALETTES: dict[str, tuple[RGB, RGB, RGB, RGB]] = {
    # Seat order: red, blue, green, yellow (CARDS.md).
    "classic": ((204, 46, 40), (36, 92, 196), (34, 142, 64), (240, 196, 36)),
    # After Okabe-Ito's vermillion, blue, bluish green and yellow, the blue a little
    # deeper and the green a little lighter: no two closer than ΔE2000 22 to typical
    # vision or under simulated protanopia, deuteranopia and tritanopia (Okabe-Ito's own
    # blue and green are 10 apart to a tritanope; tests/test_palette.py).
    "colorblind": ((213, 94, 0), (23, 108, 163), (24, 188, 145), (240, 228, 66)),
}
PALETTE_NAMES: tuple[str, ...] = tuple(PALETTES)
#: What each palette's seat colours are called (``colour.<name>`` in a title,
#: ``noun.colour.<name>`` inside a sentence): a marker drawn orange is never called red.
COLOUR_NAMES: dict[str, tuple[str, str, str, str]] = {
    "classic": ("red", "blue", "green", "yellow"),
    "colorblind": ("orange", "blue", "green", "yellow"),
}

GOOD_COLORS: dict[str, RGB] = {
    "gold": (232, 184, 36),
    "jewels": (24, 150, 112),
    "coffee": (104, 60, 30),
    "sugar": (246, 244, 236),
    "cloth": (112, 72, 170),
    "spices": (214, 92, 34),
}


def player_color(seat: int, palette: str = "classic") -> RGB:
    """The colour of seat 0..3 in a palette (an unknown palette name is classic)."""
    return PALETTES.get(palette, PALETTES["classic"])[seat]


def colour_name(seat: int, palette: str = "classic") -> str:
    """The name of seat 0..3's colour in a palette ("orange" for the colour-blind
    palette's first seat), the key of its word (an unknown palette is classic)."""
    return COLOUR_NAMES.get(palette, COLOUR_NAMES["classic"])[seat]


def player_shape(seat: int) -> str:
    return SHAPES[seat]


def shade(color: RGB, factor: float) -> RGB:
    """Darker (factor < 1) or lighter (factor > 1, toward white) version of a colour."""
    if factor <= 1:
        return (int(color[0] * factor), int(color[1] * factor), int(color[2] * factor))
    k = factor - 1
    return (int(color[0] + (255 - color[0]) * k), int(color[1] + (255 - color[1]) * k),
            int(color[2] + (255 - color[2]) * k))


def ink_on(color: RGB) -> RGB:
    """Black or white, whichever reads better on ``color``."""
    r, g, b = color
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else (250, 246, 236)


__all__ = [
    "ALERT", "BRASS", "BRASS_DARK", "BRASS_LIGHT", "CHART", "COLOUR_NAMES", "FOAM",
    "GOOD_COLORS", "HIGHLIGHT", "INK", "INK_SOFT", "PALETTES", "PALETTE_NAMES", "PARCHMENT",
    "PARCHMENT_DEEP", "PARCHMENT_SHADE", "SEA", "SEA_DEEP", "SEA_LIGHT", "SHAPES", "WOOD",
    "WOOD_DARK", "colour_name", "ink_on", "player_color", "player_shape", "shade",
]
