"""Choosing the size at which words fit a box: on one line, on a few, or with room for
a larger text size.

A screen asks for the size it wants and the box it has; these answer the largest
size up to it at which the words fit (tried real pixel by real pixel, so a larger
text size or window never lands a whole step under what fits), never below the
caller's smallest at the 100 % text size, nor (at a larger text size) at or under
what 100 % draws; what does not fit even then is recorded (``fonts.OVERFLOWS``).
``roomy_size`` keeps a pixel of room at 100 % where a box would otherwise hold no
larger size at 125 % and 150 %. The answers are remembered per scale and text size
(a screen asks the same every frame).
"""

from __future__ import annotations

from collections import OrderedDict

from scenes.core import gfx
from scenes.text.fonts import (
    MIN_PX,
    _overflowed,
    _wrap,
    drawable,
    floor_size,
    ink_height,
    line_height,
    real_size,
    text_width,
)


def fits(text: str, role: str, size: float, width: float, height: float | None = None) -> bool:
    """Whether ``text`` on one line fits ``width`` (and its letters ``height``)."""
    if text_width(text, role, size) > width:
        return False
    return height is None or ink_height(text, role, size) <= height


#: ``fit_size``'s answers at the scale and text size in use (a screen asks the same
#: every frame; a large title at 150 % is dozens of measures): (size, did not fit).
_FITTED: OrderedDict[tuple, tuple[float, bool]] = OrderedDict()
FITTED_KEPT = 4096
gfx.on_rescale(_FITTED.clear)


def fit_size(text: str, role: str, size: float, width: float, smallest: float = 12,
             height: float | None = None, *, record: bool = True) -> float:
    """The largest size up to ``size`` at which ``text`` fits in ``width`` pixels (and
    its letters in ``height``); ``smallest`` is the 100 % text size's smallest. Not
    fitting even then is recorded, unless only asked (``record`` False)."""
    key = (text, role, size, width, smallest, height, gfx.VIEW.scale, gfx.VIEW.text)
    known = _FITTED.get(key)
    if known is not None:
        _FITTED.move_to_end(key)
        if record and known[1]:
            _overflowed(drawable(text), width)
        return known[0]
    found = _fit_size(text, role, size, width, smallest, height)
    over = not fits(drawable(text), role, found, width, height)
    if record and over:
        _overflowed(drawable(text), width)
    _FITTED[key] = (found, over)
    if len(_FITTED) > FITTED_KEPT:
        _FITTED.popitem(last=False)
    return found


def _fit_size(text: str, role: str, size: float, width: float, smallest: float,
              height: float | None) -> float:
    text = drawable(text)
    wanted = size
    smallest = floor_size(smallest)
    while size > smallest and not fits(text, role, size, width, height):
        size -= 1
    if not fits(text, role, size, width, height):
        return size
    if size < wanted:
        # a step of the logical size is more than a real pixel at a larger text size or
        # window: the largest real size between it and the next step up that fits
        real = gfx.VIEW.scale * gfx.VIEW.text
        for px in range(real_size(size + 1) - 1, real_size(size), -1):
            if fits(text, role, px / real, width, height):
                return px / real
    return size


#: The share of its room a label that fills it takes at the 100 % text size, so that
#: a larger text size has room to set it larger.
HEADROOM = 0.92


#: The largest text size the settings offer (a box must hold its words larger there).
LARGEST_TEXT = 1.5


def roomy_size(text: str, role: str, size: float, width: float, smallest: float = 12,
               height: float | None = None) -> float:
    """``fit_size``, but at the 100 % text size a pixel under the largest this box holds
    when even 150 % would fill it: so the same box always draws the words larger at
    125 % and 150 % than at 100 % (a button's word, a title as wide as its room)."""
    found = fit_size(text, role, round(size), round(width), smallest, height)
    if gfx.VIEW.text > 1.0:
        return found
    scale = gfx.VIEW.scale
    px = real_size(found, 1.0)
    if px >= round(size * scale * LARGEST_TEXT):
        return found  # (as large as any text size asks)
    grown = px + 1  # (a box that holds a pixel more holds 150 %'s size larger too)
    if fits(text, role, grown / scale, width, height):
        return found
    return (px - 1) / scale if px - 1 >= MIN_PX else found


def headroom(size: float, wanted: float) -> float:
    """A size found to fit a fixed box (``size``, under the ``wanted`` one when the box
    limits it): at the 100 % text size a little smaller, so the same box holds it
    larger at 125 % and 150 % (where it takes all its room)."""
    if gfx.VIEW.text <= 1.0 and size < wanted:
        return size * HEADROOM
    return size


def fit_lines(text: str, role: str, size: float, width: float, max_lines: int,
              smallest: float = 11, height: float | None = None) -> tuple[float, list[str]]:
    """The largest size up to ``size`` at which ``text`` wraps into at most
    ``max_lines`` lines of ``width`` pixels (spaced by the line height, together no
    taller than ``height``), and those lines (``smallest`` is the 100 % text size's
    smallest)."""
    smallest = floor_size(smallest)
    while True:
        lines = _wrap(text, role, size, width)
        ok = len(lines) <= max_lines and all(text_width(line, role, size) <= width
                                             for line in lines)
        if ok and height is not None:
            ok = len(lines) * line_height(role, size) <= height
        if ok or size <= smallest:
            break
        size -= 1
    if not ok:
        _overflowed(text, width)
    return size, lines[:max_lines]


__all__ = ["FITTED_KEPT", "HEADROOM", "LARGEST_TEXT", "fit_lines", "fit_size", "fits",
           "headroom", "roomy_size"]
