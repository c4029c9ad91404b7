"""The bundled fonts, and drawing text that is already in the player's language.

Fonts are chosen by role (display serif, text sans in three weights) so a screen
never names a file. Sizes are logical (the layout's units); letters are rasterised at
the window's real pixels (``scenes.core.gfx``), times the player's text size, and
never smaller than ``MIN_PX`` real pixels, the least a player reads without leaning
in. Rendering text is slow in pygame, so rendered surfaces are cached by (text,
font, size, colour); ``wrap`` and ``fit_size`` measure in logical units with the
same real fonts, so what they promise to fit is what is drawn.
Words themselves come from ``scenes.text.catalog``. Whatever text reaches these
functions (a name or a file's line quoted in a message included) is made drawable
first (``drawable``): pygame refuses a NUL or a lone surrogate outright, which would
stop the whole client.
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict

import pygame

from scenes.core import gfx
from scenes.core.assets import asset_path

Color = tuple[int, int, int] | tuple[int, int, int, int]

# ----- fonts ---------------------------------------------------------------------
FONT_FILES: dict[str, str] = {
    "display": "EBGaramond12-Regular.ttf",
    "display-italic": "EBGaramond12-Italic.ttf",
    "text": "Inter-Regular.otf",
    "text-semibold": "Inter-SemiBold.otf",
    "text-bold": "Inter-Bold.otf",
}

_fonts: dict[tuple[str, int], pygame.font.Font] = {}

#: The smallest text drawn, in real pixels (issue: 11 px at 1280x720).
MIN_PX = 11


def real_size(size: float) -> int:
    """A logical font size as the real pixel size it is rasterised at."""
    return max(MIN_PX, round(size * gfx.VIEW.scale * gfx.VIEW.text))


_watching_quit = False


def _forget_fonts() -> None:
    global _watching_quit
    _fonts.clear()
    _watching_quit = False


def font(role: str, size: int) -> pygame.font.Font:
    """A bundled font by role (see ``FONT_FILES``) at a real pixel size, loaded once
    (callers with a logical size go through ``real_font``)."""
    global _watching_quit
    if not pygame.font.get_init():
        pygame.font.init()
    if not _watching_quit:
        # fonts die with pygame.quit() (a second window in one process would find
        # them dead): forget them then
        pygame.register_quit(_forget_fonts)
        _watching_quit = True
    key = (role, size)
    found = _fonts.get(key)
    if found is None:
        path = asset_path("fonts", FONT_FILES[role])
        try:
            found = pygame.font.Font(str(path), size)
        except (OSError, FileNotFoundError):
            found = pygame.font.Font(None, size)  # pygame's own font: never crash
        _fonts[key] = found
    return found


def real_font(role: str, size: float) -> pygame.font.Font:
    """The font for a logical size at the scale and text size in use."""
    return font(role, real_size(size))


def text_width(text: str, role: str = "text", size: float = 20) -> float:
    """How wide ``text`` is drawn, in logical units."""
    return real_font(role, size).size(drawable(text))[0] / gfx.VIEW.scale


def line_height(role: str = "text", size: float = 20) -> float:
    """The distance between two lines of this font, in logical units."""
    return real_font(role, size).get_linesize() / gfx.VIEW.scale


def drawable(text: str) -> str:
    """``text`` as a font can draw it: every control character and lone surrogate (a
    NUL from a damaged file, an escape sequence) becomes U+FFFD, the replacement sign."""
    if text.isprintable():
        return text  # nearly every text: nothing to look at
    return "".join("\ufffd" if unicodedata.category(ch) in ("Cc", "Cs") else ch
                   for ch in text)


class TextCache:
    """Rendered text surfaces, least recently used dropped past ``limit``."""

    def __init__(self, limit: int = 1024) -> None:
        self.limit = limit
        self._items: OrderedDict[tuple, gfx.Canvas] = OrderedDict()
        gfx.on_rescale(self.clear)

    def render(self, text: str, role: str, size: float, color: Color) -> gfx.Canvas:
        key = (text, role, size, tuple(color))
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
            return surf
        real = real_font(role, size).render(drawable(text), True, color)
        s = gfx.VIEW.scale
        surf = gfx.wrap(real, (real.get_width() / s, real.get_height() / s))
        self._items[key] = surf
        if len(self._items) > self.limit:
            self._items.popitem(last=False)
        return surf

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


CACHE = TextCache()


def render(text: str, role: str = "text", size: float = 20,
           color: Color = (30, 24, 16)) -> gfx.Canvas:
    """A cached surface of ``text`` (already translated) in a bundled font."""
    return CACHE.render(text, role, size, color)


#: Texts that were drawn where they did not fit, as "text > width": French and Italian
#: run longer than English, and the text-fit test reads this after drawing every
#: screen in every language. Kept short: only the latest are worth reading.
OVERFLOWS: list[str] = []


def _overflowed(text: str, width: int) -> None:
    OVERFLOWS.append(f"{text!r} > {width} px")
    del OVERFLOWS[:-50]


def _wrap(text: str, role: str, size: int, width: float) -> list[str]:
    f = real_font(role, size)
    width = width * gfx.VIEW.scale  # measured in real pixels
    lines: list[str] = []
    for para in text.split("\n"):
        para = drawable(para)
        line = ""
        # only a plain space breaks a line: a no-break space (French "1\u00a0PV", or
        # before a colon) holds its words together
        for word in filter(None, para.split(" ")):
            trial = f"{line} {word}" if line else word
            if line and f.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def wrap(text: str, role: str, size: int, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels (long words stay whole)."""
    lines = _wrap(text, role, size, width)
    for line in lines:
        if text_width(line, role, size) > width:
            _overflowed(line, width)
    return lines


def fit_size(text: str, role: str, size: int, width: int, smallest: int = 12) -> int:
    """The largest size up to ``size`` at which ``text`` fits in ``width`` pixels."""
    text = drawable(text)
    while size > smallest and text_width(text, role, size) > width:
        size -= 1
    if text_width(text, role, size) > width:
        _overflowed(text, width)
    return size


def fit_lines(text: str, role: str, size: int, width: int, max_lines: int,
              smallest: int = 11) -> tuple[int, list[str]]:
    """The largest size up to ``size`` at which ``text`` wraps into at most
    ``max_lines`` lines of ``width`` pixels, and those lines."""
    while True:
        lines = _wrap(text, role, size, width)
        fits = len(lines) <= max_lines and all(text_width(line, role, size) <= width
                                                 for line in lines)
        if fits or size <= smallest:
            break
        size -= 1
    if not fits:
        _overflowed(text, width)
    return size, lines[:max_lines]


def blit_text(surface: gfx.Canvas, text: str, pos: tuple[int, int], *,
              role: str = "text", size: int = 20, color: Color = (30, 24, 16),
              anchor: str = "topleft") -> pygame.Rect:
    """Draw cached text with its rect's ``anchor`` (e.g. ``"center"``) at ``pos``."""
    surf = render(text, role, size, color)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


__all__ = ["CACHE", "FONT_FILES", "MIN_PX", "OVERFLOWS", "TextCache", "blit_text", "drawable",
           "fit_lines", "fit_size", "font", "line_height", "real_font", "real_size", "render",
           "text_width", "wrap"]
