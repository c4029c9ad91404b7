"""How well every word on a screen reads: each text's contrast against what is behind
it, measured from the screen as drawn (WCAG 2's contrast ratio; the floor is 4.5:1
for a text, 3:1 for a disabled label).

The screen is drawn three times: as it is; with every text of its top scene drawn as
nothing (``fonts.GHOST``), which leaves what is behind the words; and with only the
disabled labels drawn as nothing. Where the first two pictures differ are the words.
Each cluster of them (a word, a number) is read on its own: its ink is the pixel that
stands out most from what is behind it at that very place (the core of a stroke), its
ground the median of what lies behind its letters. Where the first and third pictures
differ are the disabled labels, held to 3:1. Only the top scene's words are read: a
screen under an overlay is veiled on purpose.

``weakest`` names a screen's weakest words; the suite holds every screen to the floor
(tests/test_contrast.py), drawing each as a player reaches it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from scenes.core import gfx
from scenes.core.app import App
from scenes.text import fonts
from scenes.ui import palette as P

#: WCAG 2's floors: a text, and a control's label that cannot be used now.
TEXT_FLOOR = 4.5
DISABLED_FLOOR = 3.0
#: Letters closer than this (real pixels across, along) are one cluster: a word.
_JOIN = (5, 3)
#: A cluster smaller than this (real pixels) is an accent or a speck of a letter's edge,
#: too small to say what colour its ink is; one thinner than ``_THINNEST`` (its joined
#: box, real pixels) is a dash or a rule whose stroke never shows its ink in full.
_SMALLEST = 12
_THINNEST = 6

_LINEAR = [((c / 255) / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4)
           for c in range(256)]


def luminance(rgb: tuple[int, ...]) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    return 0.2126 * _LINEAR[rgb[0]] + 0.7152 * _LINEAR[rgb[1]] + 0.0722 * _LINEAR[rgb[2]]


def ratio(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG 2's contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class Reading:
    """One cluster of words as drawn: where (real pixels), its ink and ground, how far
    apart they are, and whether it is a disabled label (held to 3:1)."""

    rect: pygame.Rect
    contrast: float
    ink: tuple[int, int, int]
    ground: tuple[int, int, int]
    disabled: bool

    @property
    def floor(self) -> float:
        return DISABLED_FLOOR if self.disabled else TEXT_FLOOR

    @property
    def ok(self) -> bool:
        return self.contrast >= self.floor

    def __str__(self) -> str:
        kind = "disabled label" if self.disabled else "text"
        r = self.rect
        return (f"{kind} at ({r.x},{r.y} {r.w}x{r.h}) {self.contrast:.2f}:1 "
                f"(ink {self.ink} on {self.ground})")


def _under(app: App) -> pygame.Surface | None:
    """What the scenes under the top one draw (the same in every pass), or None when
    the top scene is drawn alone."""
    scenes = app.stack.scenes
    start = max((i for i, s in enumerate(scenes) if s.opaque), default=0)
    if start >= len(scenes) - 1:
        return None
    for scene in scenes[start:-1]:
        scene.draw(app.canvas)
    return app.canvas.surface.copy()


def _draw(app: App, under: pygame.Surface | None,
          ghost: Callable[[tuple[int, ...]], bool] | None) -> pygame.Surface:
    """The top scene drawn over ``under`` as the window shows it, its matching texts as
    nothing; every picture drawn anew (no text kept from another pass)."""
    canvas = app.canvas
    if under is not None:
        canvas.surface.blit(under, (0, 0))
    gfx.forget_drawn(words=True)
    fonts.GHOST = ghost
    try:
        app.stack.scenes[-1].draw(canvas)
    finally:
        fonts.GHOST = None
    return canvas.surface.copy()


def _differ(a: pygame.Surface, b: pygame.Surface) -> pygame.mask.Mask:
    """The pixels where two pictures differ."""
    up = a.copy()
    up.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    down = b.copy()
    down.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    up.blit(down, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(up, (0, 0, 0, 255), (2, 2, 2, 255))
    same.invert()
    return same


def disabled_ink(color: tuple[int, ...]) -> bool:
    return tuple(color[:3]) in P.DISABLED_INKS


def read(app: App) -> list[Reading]:
    """Every cluster of words the top scene draws, as read from the screen."""
    under = _under(app)
    behind = _draw(app, under, lambda _color: True)
    without_disabled = _draw(app, under, disabled_ink)
    shown = _draw(app, under, None)  # last: the caches are left as the game draws
    words = _differ(shown, behind)
    disabled = _differ(shown, without_disabled)
    size = words.get_size()
    clusters = words.convolve(pygame.mask.Mask(_JOIN, fill=True),
                              pygame.mask.Mask(size), (_JOIN[0] // 2, _JOIN[1] // 2))
    w = size[0]
    front = pygame.image.tobytes(shown, "RGB")
    back = pygame.image.tobytes(behind, "RGB")
    lum: dict[bytes, float] = {}  # the few colours a screen has, each worked out once

    def lum_of(rgb: bytes) -> float:
        found = lum.get(rgb)
        if found is None:
            found = lum[rgb] = luminance(tuple(rgb))
        return found

    out = []
    at = words.get_at
    for rect in clusters.get_bounding_rects():
        if min(rect.w, rect.h) < _THINNEST:
            continue
        best, ink, grounds, off = 0.0, b"", [], 0
        for y in range(rect.top, rect.bottom):
            row = y * w
            for x in range(rect.left, rect.right):
                if not at((x, y)):
                    continue
                i = (row + x) * 3
                fg, bg = front[i:i + 3], back[i:i + 3]
                la, lb = lum_of(fg), lum_of(bg)
                grounds.append((lb, bg))
                k = (la + 0.05) / (lb + 0.05)
                if k < 1:
                    k = 1 / k
                if k > best:
                    best, ink = k, fg
                off += disabled.get_at((x, y))
        if len(grounds) < _SMALLEST:
            continue
        grounds.sort()
        ground = tuple(grounds[len(grounds) // 2][1])
        out.append(Reading(rect, ratio(tuple(ink), ground), tuple(ink), ground,  # type: ignore[arg-type]
                           off * 2 > len(grounds)))
    return out


def weakest(readings: list[Reading]) -> list[Reading]:
    """The readings under their floor, the worst first."""
    return sorted((r for r in readings if not r.ok), key=lambda r: r.contrast / r.floor)


__all__ = ["DISABLED_FLOOR", "TEXT_FLOOR", "Reading", "luminance", "ratio", "read", "weakest"]
