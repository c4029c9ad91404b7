"""The bundled fonts, and drawing text that is already in the player's language.

Fonts are chosen by role (display serif, text sans in three weights) so a screen
never names a file. Sizes are logical (the layout's units); letters are rasterised at
the window's real pixels (``scenes.core.gfx``), times the player's text size, and
never smaller than ``MIN_PX`` real pixels, the least a player reads without leaning
in. Rendering text is slow in pygame, so rendered surfaces are cached by (text,
font, size, colour); ``wrap`` and ``fit_size`` measure in logical units with the
same real fonts, so what they promise to fit is what is drawn.

A text that does not fit is never cut silently: whatever had to be shrunk past its
smallest size, wrapped past its lines or drawn beyond its box (``blit_text``'s
``box``, by default the surface it is drawn on: a card's edge) is recorded in
``OVERFLOWS``, which the text-fit test reads at every window and text size. The
display serif (EB Garamond) has old-style figures, whose "1" reads as "ı": its
digits are set in the sans (lining figures) wherever a display text holds a number.
Words themselves come from ``scenes.text.catalog``. Whatever text reaches these
functions (a name or a file's line quoted in a message included) is made drawable
first (``drawable``): pygame refuses a NUL or a lone surrogate outright, which would
stop the whole client.
"""

from __future__ import annotations

import math
import unicodedata
from collections import OrderedDict
from collections.abc import Callable

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

#: Open fonts by (role, real pixel size), least recently used dropped past
#: ``FONTS_KEPT``: each holds a quarter of a megabyte, and every window size and text
#: size asks for sizes of its own, so a long session of resizes kept hundreds.
_fonts: OrderedDict[tuple[str, int], pygame.font.Font] = OrderedDict()
FONTS_KEPT = 96

#: The smallest text drawn, in real pixels: no font is created smaller, whatever the
#: window (at 1280x720 the table's logical 18 is 12 real pixels).
MIN_PX = 12
#: A soft hyphen: where a translation allows a long word to be broken when a line is
#: too narrow for it whole (drawn as "-" at the break, and not at all elsewhere).
SHY = "\u00ad"

#: Roles whose figures are old-style, and the role their digits are set in instead.
OLDSTYLE_FIGURES = {"display": "text", "display-italic": "text"}
#: The sans's digits at this share of the serif's size stand as tall as its capitals.
FIGURE_SCALE = 0.9


def real_size(size: float, text: float | None = None) -> int:
    """A logical font size as the real pixel size it is rasterised at (at the
    player's text size, or at ``text``: 1.0 asks what 100 % would draw). A larger text
    size always draws a pixel larger at least than 100 % does, however small the
    window: 125 % of letters at the 12-pixel floor is not the floor again."""
    text = gfx.VIEW.text if text is None else text
    px = max(MIN_PX, round(size * gfx.VIEW.scale * text))
    if text > 1.0:
        px = max(px, max(MIN_PX, round(size * gfx.VIEW.scale)) + 1)
    return px


class _Drawn:
    """The smallest real font size asked for since ``reset`` (the text-fit test reads
    it: every letter drawn or measured goes through ``font``), and, while ``words`` is
    a dict (a test sets it), the smallest real size each text was rendered at in each
    role."""

    smallest: int | None = None
    words: dict[tuple[str, str], int] | None = None

    def reset(self) -> None:
        self.smallest = None

    def saw(self, px: int) -> None:
        if self.smallest is None or px < self.smallest:
            self.smallest = px

    def rendered(self, text: str, role: str, px: int) -> None:
        if self.words is not None:
            key = (text, role)
            self.words[key] = min(px, self.words.get(key, px))


DRAWN = _Drawn()


def floor_size(smallest: float) -> int:
    """A caller's smallest logical size at the player's text size: a larger text size
    may give way down to a pixel more than the 100 % size's smallest draws, never to it
    (its letters are then larger than at 100 %, however tight the box)."""
    text = gfx.VIEW.text
    if text <= 1.0:
        return max(1, int(smallest))
    least = max(MIN_PX, round(smallest * gfx.VIEW.scale)) + 1  # real pixels
    return max(1, math.ceil(least / (gfx.VIEW.scale * text)))


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
    DRAWN.saw(size)
    key = (role, size)
    found = _fonts.get(key)
    if found is not None:
        _fonts.move_to_end(key)
        return found
    path = asset_path("fonts", FONT_FILES[role])
    try:
        found = pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError):
        found = pygame.font.Font(None, size)  # pygame's own font: never crash
    _fonts[key] = found
    if len(_fonts) > FONTS_KEPT:
        _fonts.popitem(last=False)
    return found


def real_font(role: str, size: float) -> pygame.font.Font:
    """The font for a logical size at the scale and text size in use."""
    return font(role, real_size(size))


def _runs(text: str, role: str) -> list[tuple[str, str]]:
    """``text`` cut into (piece, role): the digits of an old-style role go to the sans."""
    figures = OLDSTYLE_FIGURES.get(role)
    if figures is None or not any("0" <= ch <= "9" for ch in text):
        return [(text, role)]
    runs: list[tuple[str, str]] = []
    for ch in text:
        want = figures if "0" <= ch <= "9" else role
        if runs and runs[-1][1] == want:
            runs[-1] = (runs[-1][0] + ch, want)
        else:
            runs.append((ch, want))
    return runs


def _run_font(role: str, run_role: str, px: int) -> pygame.font.Font:
    if run_role == role:
        return font(role, px)
    return font(run_role, max(MIN_PX, round(px * FIGURE_SCALE)))


def _measure(text: str, role: str, px: int) -> int:
    """How wide ``text`` (already drawable) is at ``px`` real pixels, in real pixels."""
    return sum(_run_font(role, r, px).size(piece)[0] for piece, r in _runs(text, role))


def _raster(text: str, role: str, px: int, color: Color) -> pygame.Surface:
    """``text`` (already drawable) rendered at ``px`` real pixels; a number in an
    old-style role in the sans, standing on the same baseline."""
    runs = _runs(text, role)
    if len(runs) == 1 and runs[0][1] == role:
        return font(role, px).render(text, True, color)
    fonts = [_run_font(role, r, px) for _, r in runs]
    base = max(f.get_ascent() for f in fonts)
    images = [f.render(piece, True, color) for f, (piece, _) in zip(fonts, runs, strict=True)]
    height = max(base - f.get_ascent() + img.get_height()
                 for f, img in zip(fonts, images, strict=True))
    out = pygame.Surface((sum(img.get_width() for img in images), height), pygame.SRCALPHA)
    x = 0
    for f, img in zip(fonts, images, strict=True):
        out.blit(img, (x, base - f.get_ascent()))
        x += img.get_width()
    return out


def text_width(text: str, role: str = "text", size: float = 20,
               text_size: float | None = None) -> float:
    """How wide ``text`` is drawn, in logical units (at ``text_size`` when given: 1.0
    measures what the 100 % text size would draw)."""
    return _measure(drawable(text), role, real_size(size, text_size)) / gfx.VIEW.scale


def reach(role: str, size: float, text_size: float | None = None) -> float:
    """How tall a line of this font stands from a capital's top to a descender's
    foot, in logical units (from the font's own metrics, at ``text_size`` when
    given), for a line whose letters must keep inside a band."""
    f = font(role, real_size(size, text_size))
    metrics = f.metrics("Hg")
    top = max((m[3] for m in metrics if m), default=f.get_ascent())
    foot = min((m[2] for m in metrics if m), default=-f.get_descent())
    return (top - foot) / gfx.VIEW.scale


def line_height(role: str = "text", size: float = 20) -> float:
    """The distance between two lines of this font, in logical units."""
    return real_font(role, size).get_linesize() / gfx.VIEW.scale


#: The soft hyphen by its other name (``scenes.ui.cardart.label_lines``).
SOFT_HYPHEN = SHY


def drawable(text: str) -> str:
    """``text`` as a font can draw it: every control character and lone surrogate (a
    NUL from a damaged file, an escape sequence) becomes U+FFFD, the replacement sign;
    a soft hyphen (``SHY``: where a translator lets a long word break) not broken at is
    not drawn."""
    if text.isprintable():
        return text  # nearly every text: nothing to look at
    return "".join("\ufffd" if unicodedata.category(ch) in ("Cc", "Cs") else ch
                   for ch in text if ch != SHY)


def _breakable(text: str) -> str:
    """``drawable``, but keeping the soft hyphens a line may break at."""
    return SHY.join(drawable(part) for part in text.split(SHY))


class Words(gfx.Canvas):
    """A rendered text: a canvas that knows its words, so that wherever it is drawn
    whole it checks its letters stay on the surface (a card's edge) and inside its
    clip, and records it in ``OVERFLOWS`` when they do not."""

    __slots__ = ("role", "size", "text")

    def __init__(self, real: pygame.Surface, text: str, role: str, size: float) -> None:
        s = gfx.VIEW.scale
        super().__init__(real, (max(1, round(real.get_width() / s)),
                                max(1, round(real.get_height() / s))))
        self.text, self.role, self.size = text, role, size

    def placed(self, target: gfx.Canvas, rect: pygame.Rect) -> None:
        check_within(self.text, rect, target.get_clip(), self.role, self.size)


class TextCache:
    """Rendered text surfaces, least recently used dropped past ``limit`` of them or
    past ``megabytes`` of their pixels (a 4K window's large titles weigh megabytes)."""

    def __init__(self, limit: int = 1024, megabytes: float = 16) -> None:
        self.limit = limit
        self.bytes_limit = round(megabytes * 1_000_000)
        self._bytes = 0
        self._items: OrderedDict[tuple, Words] = OrderedDict()
        #: Where the letters of a rendered text are, in real pixels of its surface.
        self._ink: dict[tuple, pygame.Rect] = {}
        gfx.on_rescale(self.clear)

    def render(self, text: str, role: str, size: float, color: Color) -> Words:
        key = (text, role, size, tuple(color))
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
            return surf
        surf = Words(_raster(drawable(text), role, real_size(size), color), text, role, size)
        self._items[key] = surf
        self._bytes += gfx.weight(surf)
        while len(self._items) > 1 and (len(self._items) > self.limit
                                         or self._bytes > self.bytes_limit):
            _, gone = self._items.popitem(last=False)
            self._bytes -= gfx.weight(gone)
        return surf

    def ink(self, text: str, role: str, size: float) -> pygame.Rect:
        """The box of the letters themselves within the text's surface, in real pixels
        (a line's surface is taller than its letters: room for accents and descenders)."""
        key = (text, role, size)
        found = self._ink.get(key)
        if found is None:
            found = self.render(text, role, size, (0, 0, 0)).surface.get_bounding_rect()
            if len(self._ink) > 4 * self.limit:
                self._ink.clear()
            self._ink[key] = found
        return found

    def clear(self) -> None:
        self._items.clear()
        self._ink.clear()
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._items)


CACHE = TextCache()


#: While set (the contrast audit, ``scenes.selftest.contrast``): texts whose colour it
#: accepts are drawn as nothing, the same size, so the audit sees what is behind them.
GHOST: Callable[[tuple[int, ...]], bool] | None = None


def render(text: str, role: str = "text", size: float = 20,
           color: Color = (30, 24, 16)) -> Words:
    """A cached surface of ``text`` (already translated) in a bundled font."""
    DRAWN.rendered(text, role, real_size(size))
    words = CACHE.render(text, role, size, color)
    if GHOST is not None and GHOST(tuple(color)[:3]):
        blank = pygame.Surface(words.surface.get_size(), pygame.SRCALPHA)
        return Words(blank, text, role, size)
    return words


#: Texts that were drawn where they did not fit, as "text > width": French and Italian
#: run longer than English, and the text-fit test reads this after drawing every
#: screen in every language. Kept short: only the latest are worth reading.
OVERFLOWS: list[str] = []


def _overflowed(text: str, width: float) -> None:
    OVERFLOWS.append(f"{text!r} > {round(width)} px")
    del OVERFLOWS[:-50]


#: Logical units a text's letters may stand past its box (rounding to real pixels).
SLACK = 1


def check_within(text: str, rect: pygame.Rect, box: gfx.RectLike, role: str = "text",
                 size: float = 20) -> bool:
    """Whether the letters of ``text`` drawn at ``rect`` (its surface's logical rect)
    stay inside ``box``; recorded in ``OVERFLOWS`` when they do not."""
    ink = CACHE.ink(text, role, size)
    if ink.w == 0 or ink.h == 0:
        return True  # nothing visible (a space)
    s = gfx.VIEW.scale
    left, top = rect[0] + ink.x / s, rect[1] + ink.y / s
    right, bottom = rect[0] + ink.right / s, rect[1] + ink.bottom / s
    bx, by, bw, bh = box[0], box[1], box[2], box[3]
    if (left < bx - SLACK or top < by - SLACK or right > bx + bw + SLACK
            or bottom > by + bh + SLACK):
        _overflowed(text, bw)
        return False
    return True


def _units(para: str) -> list[str]:
    """The pieces a line may break between: words, a number kept with the word after
    it ("+1 VP", "3 ships": a line never ends on a bare number). Only a plain space
    breaks a line: a no-break space (French "1\u00a0PV", or before a colon) holds its
    words together."""
    units: list[str] = []
    glue = False
    for word in filter(None, para.split(" ")):
        if glue or (units and all(ch in _CLINGING for ch in word)):
            # (a colon or a question mark alone, as French sets it, stays with its word)
            units[-1] = f"{units[-1]} {word}"
        else:
            units.append(word)
        glue = word.lstrip("+-\u2212").isdigit()
    return units


#: Punctuation that never begins a line: it stays with the word before it.
_CLINGING = frozenset(":;!?»)…")


def _wrap(text: str, role: str, size: float, width: float) -> list[str]:
    px = real_size(size)
    width = width * gfx.VIEW.scale  # measured in real pixels

    def measure(piece: str) -> int:
        return _measure(piece.replace(SHY, ""), role, px)

    lines: list[str] = []
    for para in text.split("\n"):
        para = _breakable(para)
        line = ""
        units = _units(para)
        while units:
            word = units.pop(0)
            if " " in word and measure(word) > width:
                units[:0] = word.split(" ")  # a number and its word on one line: too wide
                continue
            trial = f"{line} {word}" if line else word
            if measure(trial) <= width:
                line = trial
                continue
            head, tail = _hyphenate(word, line, measure, width)
            if head:  # a long word broken where its translation allows
                lines.append((f"{line} {head}" if line else head).replace(SHY, ""))
                units.insert(0, tail)
                line = ""
            elif line:
                lines.append(line.replace(SHY, ""))
                line = ""
                units.insert(0, word)
            else:
                line = word  # alone and still too wide: it stays whole
        lines.append(line.replace(SHY, ""))
    return lines


def _hyphenate(word: str, line: str, measure: Callable[[str], int],
               width: float) -> tuple[str, str]:
    """``word`` broken at its last soft hyphen whose first part (with a hyphen) still
    fits after ``line``: (first part with its hyphen, the rest), or ("", word)."""
    cuts = [i for i, ch in enumerate(word) if ch == SHY]
    for i in reversed(cuts):
        head = word[:i].replace(SHY, "") + "-"
        trial = f"{line} {head}" if line else head
        if measure(trial) <= width:
            return head, word[i + 1:]
    return "", word


def even_lines(text: str, role: str, size: float, width: float) -> list[str]:
    """The lines ``text`` wraps into at ``width``, as even as they go: as few as
    wrapping at ``width`` gives, each about as long as the others (the narrowest width
    that keeps that number of lines), and never a line of one short word (an orphan,
    "a" or "de" alone) where another break avoids it."""
    lines = _wrap(text, role, size, width)
    if len(lines) <= 1:
        return lines
    n = len(lines)
    lo, hi = 1.0, float(width)
    best = lines
    for _ in range(12):  # the narrowest width giving no more lines
        mid = (lo + hi) / 2
        trial = _wrap(text, role, size, mid)
        if len(trial) <= n and all(text_width(x, role, size) <= width for x in trial):
            best, hi = trial, mid
        else:
            lo = mid
    if not any(_orphan(x) for x in best):
        return best
    for w in (width, *(width * k / 20 for k in range(19, 9, -1))):
        trial = _wrap(text, role, size, w)
        if not any(_orphan(x) for x in trial) and all(
                text_width(x, role, size) <= width for x in trial):
            return trial
    return best


def _orphan(line: str) -> bool:
    """A line of a single short word ("a", "de", "VP"): an orphan."""
    words = line.split()
    return len(words) == 1 and len(words[0]) <= 3


def lines_of(text: str, role: str, size: float, width: float) -> list[str]:
    """The lines ``text`` wraps into at ``width``, only measured (nothing recorded: for
    choosing a size; ``wrap`` is for lines about to be drawn)."""
    return _wrap(text, role, size, width)


def wrap(text: str, role: str, size: float, width: float) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels (long words stay whole)."""
    lines = _wrap(text, role, size, width)
    for line in lines:
        if text_width(line, role, size) > width:
            _overflowed(line, width)
    return lines


#: Letters reaching a font's capital height and its descenders.
_REACH = "Hg"


def _letters(text: str, role: str, size: float) -> pygame.Rect:
    """The box of ``text``'s letters and of a capital and a descender at its size (real
    pixels of its surface): words of one size then stand alike, whatever their own
    letters, and a label fitted by it keeps one baseline with its neighbours. A
    number alone (a cost on a coin) is measured by its own figures."""
    own = CACHE.ink(text, role, size)
    if not any(ch.isalpha() for ch in text):
        return own
    return own.union(CACHE.ink(_REACH, role, size))


def ink_height(text: str, role: str, size: float) -> float:
    """How tall a line of ``text`` stands (from a capital's top to a descender's foot,
    or its own letters' when taller), in logical units."""
    return _letters(text, role, size).h / gfx.VIEW.scale


def blit_text(surface: gfx.Canvas, text: str, pos: tuple[float, float], *,
              role: str = "text", size: float = 20, color: Color = (30, 24, 16),
              anchor: str = "topleft", box: gfx.RectLike | None = None,
              by_ink: bool = False) -> pygame.Rect:
    """Draw cached text with its rect's ``anchor`` (e.g. ``"center"``) at ``pos`` (with
    ``by_ink``, the anchor of its letters' box, a capital's top to a descender's foot
    across its advance: a line's surface has room above for accents); its letters must
    stay inside ``box``
    (by default the surface: a card's edge), else the text is recorded as not fitting."""
    surf = render(text, role, size, color)
    if by_ink:
        # the letters' box, from a capital's top to a descender's foot, across the
        # line's whole advance (the font's side bearings keep a column of labels
        # optically aligned: "Music" stands under "Volume"), placed on whole real
        # pixels so that labels set alike line up to the pixel
        s = gfx.VIEW.scale
        ink = _letters(text, role, size)
        ink = pygame.Rect(0, ink.y, surf.surface.get_width(), ink.h)
        letters = pygame.FRect(ink.x / s, ink.y / s, ink.w / s, ink.h / s)
        setattr(letters, anchor, pos)
        dest = ((gfx.px(letters.x) - ink.x) / s, (gfx.px(letters.y) - ink.y) / s)
        rect = surf.get_rect(topleft=(round(dest[0]), round(dest[1])))
        surface.blit(surf, dest)
    else:
        rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(surf, rect)  # checked against the surface itself as it is drawn
    if box is not None:
        check_within(text, rect, box, role, size)
    return rect


__all__ = [
    "CACHE",
    "DRAWN",
    "FONT_FILES",
    "MIN_PX",
    "OVERFLOWS",
    "SHY",
    "SOFT_HYPHEN",
    "TextCache",
    "Words",
    "blit_text",
    "check_within",
    "drawable",
    "even_lines",
    "floor_size",
    "font",
    "ink_height",
    "line_height",
    "lines_of",
    "reach",
    "real_font",
    "real_size",
    "render",
    "text_width",
    "wrap",
]
