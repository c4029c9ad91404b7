"""Procedural drawing of the table's pieces: markers, goods, buildings, panels, buttons.

Nothing here is copied from the published game: every piece is drawn with pygame's
shapes. Sizes are logical (the layout's units) and every piece is drawn at the
window's real pixels (``scenes.core.gfx``): small pieces are drawn at three times
their real size and smoothed down, which gives clean edges without per-shape
antialiasing code; panels are drawn straight onto a canvas in logical units. Drawing
is slow and the same pieces appear every frame, so each function caches its pictures
(``gfx.scaled_cache``, emptied when the scale changes); callers must treat returned
pictures as read-only (copy before drawing on them).
Cards (towns, Lisboa, technologies, player cards) are in ``cardart``.
"""

from __future__ import annotations

import math

import pygame

from scenes.core import gfx
from scenes.core.gfx import draw, px
from scenes.text.fitting import roomy_size
from scenes.text.fonts import render
from scenes.ui import palette as P
from scenes.ui.palette import RGB
from scenes.ui.paper import (
    alpha_layer,
    parchment,
    space_well,
    table_background,
    wood_panel,
)

SS = 3  # supersampling factor

Point = tuple[float, float]


# ----- helpers -----------------------------------------------------------------------
def canvas(w: int, h: int) -> pygame.Surface:
    """A transparent scratch surface ``SS`` times the real size of a logical (w, h),
    to draw on in its own pixels before ``finish``."""
    return pygame.Surface((max(1, px(w) * SS), max(1, px(h) * SS)), pygame.SRCALPHA)


def finish(surf: pygame.Surface, w: int, h: int) -> gfx.Canvas:
    """The scratch surface smoothed down to the real size of a logical (w, h)."""
    real = pygame.transform.smoothscale(surf, (max(1, px(w)), max(1, px(h))))
    return gfx.wrap(real, (w, h))


def _pts(points: list[Point], w: float, h: float, dx: float = 0, dy: float = 0) -> list[Point]:
    """Fractions of a (w, h) box to pixel points."""
    return [(dx + x * w, dy + y * h) for x, y in points]


def poly(surf: pygame.Surface, color: RGB | tuple[int, int, int, int], points: list[Point],
         outline: RGB | None = None, width: int = 0) -> None:
    draw.polygon(surf, color, points)
    if outline is not None and width:
        draw.polygon(surf, outline, points, width)


# ----- markers ------------------------------------------------------------------------
def _shape(surf: pygame.Surface, shape: str, color: RGB | tuple[int, int, int, int],
           box: pygame.Rect, width: int = 0) -> None:
    """One player's shape filling ``box`` (outline only when width > 0)."""
    x, y, w, h = box
    if shape == "disc":
        draw.ellipse(surf, color, box, width)
    elif shape == "square":
        inset = round(w * 0.06)
        draw.rect(surf, color, box.inflate(-2 * inset, -2 * inset), width,
                         border_radius=max(1, round(w * 0.14)))
    elif shape == "triangle":
        pts = [(x + w / 2, y), (x + w, y + h * 0.92), (x, y + h * 0.92)]
        draw.polygon(surf, color, pts, width)
    else:  # diamond
        pts = [(x + w / 2, y), (x + w, y + h / 2), (x + w / 2, y + h), (x, y + h / 2)]
        draw.polygon(surf, color, pts, width)


@gfx.scaled_cache(maxsize=256)
def marker(seat: int, size: int, palette: str = "classic", glow: bool = False) -> gfx.Canvas:
    """A player's wooden marker: their colour in their shape, with shadow and sheen."""
    color = P.player_color(seat, palette)
    shape = P.player_shape(seat)
    s = px(size) * SS
    surf = canvas(size, size)
    body = pygame.Rect(0, 0, round(s * 0.84), round(s * 0.84))
    body.center = (round(s * 0.47), round(s * 0.46))
    if glow:
        _shape(surf, shape, (*P.HIGHLIGHT, 150), body.inflate(s * 0.14, s * 0.14))
    shadow = body.move(round(s * 0.05), round(s * 0.07))
    _shape(surf, shape, (0, 0, 0, 110), shadow)
    _shape(surf, shape, P.shade(color, 0.42), body)
    inner = body.inflate(-round(s * 0.1), -round(s * 0.1))
    _shape(surf, shape, color, inner)
    sheen = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    hi = inner.inflate(-round(inner.w * 0.42), -round(inner.h * 0.42))
    hi.move_ip(-round(inner.w * 0.1), -round(inner.h * 0.08))
    if shape == "triangle":
        hi.move_ip(round(inner.w * 0.1), round(inner.h * 0.12))
    _shape(sheen, shape, (255, 255, 255, 70), hi)
    surf.blit(sheen, (0, 0))
    return finish(surf, size, size)


@gfx.scaled_cache(maxsize=128)
def ship(seat: int, w: int, h: int, palette: str = "classic") -> gfx.Canvas:
    """A player's ship in a box of (w, h), bow to the right (toward India): a wooden
    hull with a band of their colour and a raised stern, riding a little foam, a mast
    with a pennant, and their marker (their colour and shape) set on the mast as its
    sail, so a ship is known as a ship and as theirs at a glance."""
    sw, sh = px(w) * SS, px(h) * SS
    surf = canvas(w, h)
    color = P.player_color(seat, palette)
    dark = P.shade(color, 0.45)
    lw = max(2, round(sh * 0.03))
    hull = _pts([(0.05, 0.5), (0.97, 0.4), (0.86, 0.66), (0.72, 0.8), (0.5, 0.85),
                 (0.3, 0.83), (0.16, 0.75), (0.08, 0.62)], sw, sh)
    castle = _pts([(0.04, 0.38), (0.25, 0.37), (0.25, 0.49), (0.05, 0.51)], sw, sh)
    band = _pts([(0.07, 0.56), (0.93, 0.46), (0.88, 0.56), (0.1, 0.66)], sw, sh)
    mast_x = sw * 0.53
    poly(surf, (0, 0, 0, 90), [(x + sw * 0.02, y + sh * 0.03) for x, y in hull])
    draw.line(surf, P.WOOD_DARK, (mast_x, sh * 0.46), (mast_x, sh * 0.02), lw)
    poly(surf, color, [(mast_x, sh * 0.02), (mast_x - sw * 0.17, sh * 0.06),
                       (mast_x, sh * 0.1)], dark, max(1, lw // 2))
    poly(surf, P.WOOD, castle, P.WOOD_DARK, lw)
    poly(surf, P.WOOD, hull, P.WOOD_DARK, lw)
    poly(surf, color, band, dark, max(1, lw // 2))
    draw.line(surf, P.BRASS_LIGHT, (sw * 0.06, sh * 0.49), (sw * 0.95, sh * 0.41),
              max(1, lw // 2))
    for fx, fy, fw in ((0.02, 0.8, 0.24), (0.66, 0.78, 0.3), (0.36, 0.86, 0.26)):
        draw.arc(surf, (*P.FOAM, 220), (sw * fx, sh * fy, sw * fw, sh * 0.12), 0.35,
                 math.pi - 0.35, lw)
    out = finish(surf, w, h)
    size = round(min(h * 0.46, w * 0.5))
    mark = marker(seat, size, palette)
    out.blit(mark, mark.get_rect(center=(w * 0.53 + 1, h * 0.27)))
    return out


@gfx.scaled_cache(maxsize=64)
def marker_outline(seat: int, size: int) -> gfx.Canvas:
    """An empty place for a marker of this player's shape (e.g. a free scientist spot)."""
    s = px(size) * SS
    surf = canvas(size, size)
    body = pygame.Rect(0, 0, round(s * 0.8), round(s * 0.8))
    body.center = (s // 2, s // 2)
    _shape(surf, P.player_shape(seat), (*P.INK_SOFT, 150), body, width=max(2, s // 18))
    return finish(surf, size, size)


@gfx.scaled_cache(maxsize=128)
def count_badge(n: int, size: int = 24, color: RGB = P.INK) -> gfx.Canvas:
    """A small round badge with a number, placed on a marker stack."""
    s = px(size) * SS
    surf = canvas(size, size)
    draw.circle(surf, P.PARCHMENT, (s // 2, s // 2), s // 2)
    draw.circle(surf, color, (s // 2, s // 2), s // 2, max(2, s // 12))
    badge = finish(surf, size, size)
    label = render(str(n), "text-bold", round(size * 0.68), color)
    badge.blit(label, label.get_rect(center=(size / 2, size / 2 + 0.5)))
    return badge


# ----- goods --------------------------------------------------------------------------
@gfx.scaled_cache(maxsize=128)
def good_icon(good: str, size: int) -> gfx.Canvas:
    """The icon of a goods type: coin, jewel, beans, sugar loaf, cloth bolt, spice sack."""
    s = px(size) * SS
    surf = canvas(size, size)
    color = P.GOOD_COLORS[good]
    dark = P.shade(color, 0.5)
    lw = max(2, round(s * 0.045))
    paint = _GOODS[good]
    paint(surf, s, color, dark, lw)
    return finish(surf, size, size)


def _gold(surf: pygame.Surface, s: int, color: RGB, dark: RGB, lw: int) -> None:
    c = (s * 0.5, s * 0.5)
    draw.circle(surf, (0, 0, 0, 90), (c[0] + s * 0.03, c[1] + s * 0.04), s * 0.42)
    draw.circle(surf, dark, c, s * 0.42)
    draw.circle(surf, color, c, s * 0.42 - lw)
    draw.circle(surf, P.shade(color, 0.72), c, s * 0.3, lw)
    arm = s * 0.15
    draw.line(surf, P.shade(color, 0.62), (c[0], c[1] - arm), (c[0], c[1] + arm), lw * 2)
    draw.line(surf, P.shade(color, 0.62), (c[0] - arm, c[1]), (c[0] + arm, c[1]), lw * 2)
    draw.arc(surf, P.shade(color, 1.5), pygame.Rect(s * 0.16, s * 0.16, s * 0.68, s * 0.68),
                    math.radians(100), math.radians(170), lw)


def _jewels(surf: pygame.Surface, s: int, color: RGB, dark: RGB, lw: int) -> None:
    outer = _pts([(0.3, 0.18), (0.7, 0.18), (0.92, 0.4), (0.5, 0.9), (0.08, 0.4)], s, s)
    poly(surf, (0, 0, 0, 90), [(x + s * 0.03, y + s * 0.04) for x, y in outer])
    poly(surf, color, outer)
    poly(surf, P.shade(color, 1.45), _pts([(0.3, 0.18), (0.7, 0.18), (0.78, 0.4), (0.22, 0.4)],
                                          s, s))
    poly(surf, P.shade(color, 0.75), _pts([(0.5, 0.9), (0.62, 0.4), (0.92, 0.4)], s, s))
    for a, b in (((0.08, 0.4), (0.92, 0.4)), ((0.3, 0.18), (0.22, 0.4)),
                 ((0.7, 0.18), (0.78, 0.4)), ((0.38, 0.4), (0.5, 0.9)), ((0.62, 0.4), (0.5, 0.9))):
        draw.line(surf, dark, (a[0] * s, a[1] * s), (b[0] * s, b[1] * s), lw)
    draw.polygon(surf, dark, outer, lw)


def _bean(s: int, color: RGB, dark: RGB, lw: int, angle: float) -> pygame.Surface:
    bean = pygame.Surface((s * 0.42, s * 0.62), pygame.SRCALPHA)
    bw, bh = bean.get_size()
    draw.ellipse(bean, dark, (0, 0, bw, bh))
    draw.ellipse(bean, color, (lw, lw, bw - 2 * lw, bh - 2 * lw))
    groove = [(bw / 2 + math.sin(t / 10 * math.pi * 2) * bw * 0.1, bh * 0.12 + t / 10 * bh * 0.76)
              for t in range(11)]
    draw.lines(bean, dark, False, groove, lw + 1)
    draw.ellipse(bean, P.shade(color, 1.3), (bw * 0.2, bh * 0.12, bw * 0.16, bh * 0.26))
    return pygame.transform.rotate(bean, angle)


def _coffee(surf: pygame.Surface, s: int, color: RGB, dark: RGB, lw: int) -> None:
    for (cx, cy), angle in (((0.36, 0.52), 28), ((0.64, 0.48), -24)):
        bean = _bean(s, color, P.shade(color, 0.45), lw, angle)
        shadow = bean.copy()
        shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(shadow, shadow.get_rect(center=(cx * s + s * 0.03, cy * s + s * 0.04)))
        surf.blit(bean, bean.get_rect(center=(cx * s, cy * s)))


def _sugar(surf: pygame.Surface, s: int, color: RGB, dark: RGB, lw: int) -> None:
    edge = (120, 118, 110)
    cone = _pts([(0.5, 0.06), (0.56, 0.1), (0.78, 0.86), (0.22, 0.86), (0.44, 0.1)], s, s)
    poly(surf, (0, 0, 0, 90), [(x + s * 0.03, y + s * 0.04) for x, y in cone])
    poly(surf, color, cone)
    poly(surf, (214, 212, 204), _pts([(0.5, 0.06), (0.56, 0.1), (0.78, 0.86), (0.54, 0.86)], s, s))
    wrap = _pts([(0.29, 0.62), (0.71, 0.62), (0.8, 0.92), (0.2, 0.92)], s, s)
    poly(surf, (38, 72, 156), wrap)  # sugar loaves came wrapped in blue paper
    draw.line(surf, (90, 130, 210), (s * 0.27, s * 0.7), (s * 0.73, s * 0.7), lw)
    draw.polygon(surf, edge, cone, lw)
    draw.polygon(surf, (20, 36, 90), wrap, lw)


def _cloth(surf: pygame.Surface, s: int, color: RGB, dark: RGB, lw: int) -> None:
    drape = _pts([(0.14, 0.6), (0.5, 0.6), (0.6, 0.9), (0.06, 0.9)], s, s)
    poly(surf, P.shade(color, 1.3), drape, dark, lw)
    body = pygame.Rect(s * 0.12, s * 0.24, s * 0.62, s * 0.4)
    draw.rect(surf, (0, 0, 0, 90), body.move(s * 0.03, s * 0.04), border_radius=lw * 2)
    draw.rect(surf, color, body)
    for fx in (0.26, 0.44, 0.6):
        draw.line(surf, P.BRASS_LIGHT, (s * fx, body.top), (s * fx, body.bottom), lw)
    draw.rect(surf, dark, body, lw)
    end = pygame.Rect(s * 0.62, s * 0.24, s * 0.26, s * 0.4)
    draw.ellipse(surf, P.shade(color, 1.25), end)
    draw.ellipse(surf, dark, end, lw)
    draw.ellipse(surf, dark, end.inflate(-s * 0.12, -s * 0.2), lw)


def _spices(surf: pygame.Surface, s: int, color: RGB, dark: RGB, lw: int) -> None:
    body = pygame.Rect(s * 0.12, s * 0.36, s * 0.76, s * 0.58)
    draw.ellipse(surf, (0, 0, 0, 90), body.move(s * 0.03, s * 0.04))
    # A dome of ground spice rising out of the open sack, with a few peppercorns.
    heap = pygame.Rect(s * 0.24, s * 0.06, s * 0.52, s * 0.4)
    draw.ellipse(surf, (150, 34, 22), heap)
    draw.ellipse(surf, P.shade((150, 34, 22), 0.6), heap, lw)
    for fx, fy in ((0.4, 0.16), (0.56, 0.14), (0.48, 0.22), (0.62, 0.22), (0.34, 0.24)):
        draw.circle(surf, (70, 20, 12), (s * fx, s * fy), lw)
    draw.ellipse(surf, color, body)
    draw.ellipse(surf, dark, body, lw)
    lip = pygame.Rect(s * 0.2, s * 0.26, s * 0.6, s * 0.16)
    draw.rect(surf, P.shade(color, 1.25), lip, border_radius=round(s * 0.07))
    draw.rect(surf, dark, lip, lw, border_radius=round(s * 0.07))
    for fy in (0.58, 0.74):  # burlap weave
        draw.line(surf, P.shade(color, 0.72), (s * 0.2, s * fy), (s * 0.8, s * fy), lw)
    for fx in (0.38, 0.62):
        draw.line(surf, P.shade(color, 0.72), (s * fx, s * 0.46), (s * fx, s * 0.9), lw)


_GOODS = {"gold": _gold, "jewels": _jewels, "coffee": _coffee, "sugar": _sugar,
          "cloth": _cloth, "spices": _spices}


# ----- buildings ----------------------------------------------------------------------
@gfx.scaled_cache(maxsize=64)
def building_icon(building: str, w: int, h: int) -> gfx.Canvas:
    """A building: ``stronghold`` (tower), ``church`` (steeple), ``marketplace:<good>``."""
    kind, _, good = building.partition(":")
    sw, sh = px(w) * SS, px(h) * SS
    surf = canvas(w, h)
    lw = max(2, round(sw * 0.035))
    if kind == "stronghold":
        _stronghold(surf, sw, sh, lw)
    elif kind == "church":
        _church(surf, sw, sh, lw)
    else:
        _market(surf, sw, sh, lw, good)
    out = finish(surf, w, h)
    if kind == "marketplace" and good:
        icon = good_icon(good, round(min(w, h) * 0.48))
        out.blit(icon, icon.get_rect(center=(w * 0.5, h * 0.64)))
    return out


def _stronghold(surf: pygame.Surface, w: int, h: int, lw: int) -> None:
    stone, dark = (150, 142, 128), (70, 64, 56)
    draw.line(surf, P.WOOD_DARK, (w * 0.5, h * 0.2), (w * 0.5, h * 0.02), lw)
    poly(surf, (196, 44, 36), _pts([(0.5, 0.02), (0.76, 0.07), (0.5, 0.12)], w, h))
    body = pygame.Rect(w * 0.24, h * 0.3, w * 0.52, h * 0.66)
    draw.rect(surf, (0, 0, 0, 90), body.move(w * 0.04, h * 0.02))
    draw.rect(surf, stone, body)
    top = pygame.Rect(w * 0.18, h * 0.22, w * 0.64, h * 0.1)
    draw.rect(surf, stone, top)
    for i in range(3):
        merlon = pygame.Rect(w * (0.18 + i * 0.24), h * 0.14, w * 0.16, h * 0.09)
        draw.rect(surf, stone, merlon)
        draw.rect(surf, dark, merlon, lw)
    draw.rect(surf, dark, top, lw)
    for fy in (0.44, 0.58, 0.72, 0.86):
        draw.line(surf, P.shade(stone, 0.8), (body.left, h * fy), (body.right, h * fy), lw)
    draw.rect(surf, dark, body, lw)
    door = pygame.Rect(w * 0.42, h * 0.78, w * 0.16, h * 0.18)
    draw.rect(surf, P.WOOD_DARK, door, border_top_left_radius=round(w * 0.08),
                     border_top_right_radius=round(w * 0.08))
    draw.rect(surf, P.WOOD_DARK, (w * 0.47, h * 0.42, w * 0.06, h * 0.12))


def _church(surf: pygame.Surface, w: int, h: int, lw: int) -> None:
    wall, roof, dark = (244, 238, 222), (176, 76, 48), (80, 60, 44)
    nave = pygame.Rect(w * 0.1, h * 0.6, w * 0.8, h * 0.36)
    draw.rect(surf, (0, 0, 0, 90), nave.move(w * 0.04, h * 0.02))
    poly(surf, roof, _pts([(0.04, 0.62), (0.5, 0.44), (0.96, 0.62)], w, h), dark, lw)
    draw.rect(surf, wall, nave)
    draw.rect(surf, dark, nave, lw)
    tower = pygame.Rect(w * 0.38, h * 0.3, w * 0.24, h * 0.66)
    draw.rect(surf, wall, tower)
    draw.rect(surf, dark, tower, lw)
    poly(surf, roof, _pts([(0.34, 0.31), (0.5, 0.12), (0.66, 0.31)], w, h), dark, lw)
    draw.line(surf, P.BRASS_DARK, (w * 0.5, h * 0.13), (w * 0.5, h * 0.0), lw * 2)
    draw.line(surf, P.BRASS_DARK, (w * 0.43, h * 0.045), (w * 0.57, h * 0.045), lw * 2)
    draw.circle(surf, dark, (w * 0.5, h * 0.42), w * 0.05, lw)
    door = pygame.Rect(w * 0.44, h * 0.8, w * 0.12, h * 0.16)
    draw.rect(surf, P.WOOD, door, border_top_left_radius=round(w * 0.06),
                     border_top_right_radius=round(w * 0.06))


def _market(surf: pygame.Surface, w: int, h: int, lw: int, good: str) -> None:
    cloth = P.GOOD_COLORS.get(good, P.BRASS)
    dark = P.WOOD_DARK
    for fx in (0.12, 0.84):
        draw.rect(surf, P.WOOD, (w * fx, h * 0.3, w * 0.05, h * 0.66))
    counter = pygame.Rect(w * 0.06, h * 0.76, w * 0.88, h * 0.2)
    draw.rect(surf, (0, 0, 0, 90), counter.move(w * 0.03, h * 0.02))
    draw.rect(surf, (150, 100, 58), counter)
    draw.rect(surf, dark, counter, lw)
    n = 6
    stripe_w = w * 0.92 / n
    for i in range(n):
        color = cloth if i % 2 == 0 else (246, 240, 226)
        x = w * 0.04 + i * stripe_w
        poly(surf, color, [(w * 0.5, h * 0.1), (x, h * 0.3), (x + stripe_w, h * 0.3)])
        draw.rect(surf, color, (x, h * 0.3, stripe_w + 1, h * 0.08))
        draw.circle(surf, color, (x + stripe_w / 2, h * 0.38), stripe_w / 2)
    draw.polygon(surf, dark, _pts([(0.04, 0.3), (0.5, 0.1), (0.96, 0.3)], w, h), lw)
    draw.line(surf, dark, (w * 0.04, h * 0.3), (w * 0.96, h * 0.3), lw)


# ----- surfaces: table, parchment, panels, buttons -----------------------------------
BUTTON_STATES = ("normal", "hover", "pressed", "disabled")


@gfx.scaled_cache(maxsize=128, megabytes=6)
def button(w: int, h: int, label: str, state: str = "normal", size: int = 22) -> gfx.Canvas:
    """A brass plate with an engraved label (``label`` is already translated)."""
    surf = gfx.surface((w, h))
    rect = surf.get_rect()
    top, bottom = {
        "normal": (P.BRASS_LIGHT, P.BRASS),
        "hover": (P.shade(P.BRASS_LIGHT, 1.25), P.BRASS_LIGHT),
        "pressed": (P.BRASS, P.BRASS_DARK),
        "disabled": P.DISABLED_PLATE,
    }[state]
    draw.rect(surf, (0, 0, 0, 110), rect.move(0, 3), border_radius=10)
    body = rect.inflate(0, -3).move(0, -1 if state != "pressed" else 1)
    plate = gfx.surface(body.size)
    for y in range(body.h):
        k = y / max(1, body.h - 1)
        plate.fill(tuple(round(a + (b - a) * k) for a, b in zip(top, bottom, strict=True)),
                   (0, y, body.w, 1))
    mask = gfx.surface(body.size)
    draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=10)
    plate.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(plate, body)
    draw.rect(surf, P.BRASS_DARK if state != "disabled" else P.DISABLED_EDGE, body, 2,
                     border_radius=10)
    ink = P.INK if state != "disabled" else P.DISABLED_INK
    # (a word as wide as its button: a little smaller at 100 %, larger at 150 %)
    fs = roomy_size(label, "text-semibold", size, w - 16)
    text = render(label, "text-semibold", fs, ink)
    surf.blit(text, text.get_rect(center=body.center))
    return surf


@gfx.scaled_cache(maxsize=32)
def glow_rect(w: int, h: int, color: RGB = P.HIGHLIGHT, radius: int = 10,
              width: int = 6) -> gfx.Canvas:
    """A soft lit frame drawn around something that can be picked up or dropped on."""
    pad = width * 2
    surf = gfx.surface((w + 2 * pad, h + 2 * pad))
    for i in range(width, 0, -1):
        a = round(200 * (1 - i / (width + 1)))
        draw.rect(surf, (*color, a), pygame.Rect(pad - i, pad - i, w + 2 * i, h + 2 * i),
                         2, border_radius=radius + i)
    return surf


#: A lit target's band: how far it reaches outside the zone, its dark edges and its
#: bright middle (logical units). Dark edges read on parchment, the bright middle on
#: wood and sea, in any palette and to any eye: the contrast is in lightness, not hue.
BAND_OUT, BAND_EDGE, BAND_BRIGHT = 4, 2, 5
TARGET_BRIGHT: RGB = (255, 224, 72)
TARGET_DARK: RGB = P.INK


@gfx.scaled_cache(maxsize=64)
def target_band(w: int, h: int, radius: int = 10) -> gfx.Canvas:
    """The mark of a legal target (or a hint) around a zone of size (w, h): a bright
    band between two dark lines, over a faint bright wash of the zone. The picture is
    ``BAND_OUT`` larger than the zone on every side; centre it on the zone."""
    out = BAND_OUT
    surf = gfx.surface((w + 2 * out, h + 2 * out))
    full = surf.get_rect()
    draw.rect(surf, (*TARGET_BRIGHT, 20), full.inflate(-2 * out, -2 * out),
              border_radius=radius)
    thick = 2 * BAND_EDGE + BAND_BRIGHT
    draw.rect(surf, TARGET_DARK, full, thick, border_radius=radius + out)
    inner = full.inflate(-2 * BAND_EDGE, -2 * BAND_EDGE)
    draw.rect(surf, TARGET_BRIGHT, inner, BAND_BRIGHT, border_radius=radius + out - BAND_EDGE)
    return surf


@gfx.scaled_cache(maxsize=64)
def target_halo(w: int, h: int, radius: int = 10) -> gfx.Canvas:
    """A soft ring just outside a target's band, bright then dark: the table makes it
    breathe (its alpha follows the clock), so a lit target catches the eye without
    shouting, the bright part seen on sea and wood, the dark part on parchment."""
    glow = 8
    pad = BAND_OUT + glow
    surf = gfx.surface((w + 2 * pad, h + 2 * pad))
    zone = pygame.Rect(pad, pad, w, h)
    # filled from the outside in (a drawn pixel replaces the one under it), then the
    # zone and its band emptied: a ring with no gaps at any scale
    for i in range(glow, 0, -1):
        color = TARGET_BRIGHT if i <= glow // 2 else TARGET_DARK
        a = round((230 if i <= glow // 2 else 120) * (1 - (i - 1) / glow))
        draw.rect(surf, (*color, a), zone.inflate(2 * (BAND_OUT + i), 2 * (BAND_OUT + i)),
                  border_radius=radius + BAND_OUT + i)
    draw.rect(surf, (0, 0, 0, 0), zone.inflate(2 * BAND_OUT, 2 * BAND_OUT),
              border_radius=radius + BAND_OUT)
    return surf


@gfx.scaled_cache(maxsize=16)
def caravel(w: int, h: int) -> gfx.Canvas:
    """A small caravel with lateen sails (the Lisboa card and the title)."""
    sw, sh = px(w) * SS, px(h) * SS
    surf = canvas(w, h)
    lw = max(2, round(sw * 0.02))
    hull = _pts([(0.06, 0.66), (0.94, 0.6), (0.82, 0.86), (0.2, 0.88)], sw, sh)
    poly(surf, P.WOOD, hull, P.WOOD_DARK, lw)
    draw.line(surf, P.BRASS, (sw * 0.12, sh * 0.7), (sw * 0.9, sh * 0.66), lw)
    for mx, top, span in ((0.3, 0.16, 0.2), (0.55, 0.06, 0.26), (0.78, 0.22, 0.16)):
        draw.line(surf, P.WOOD_DARK, (sw * mx, sh * 0.64), (sw * mx, sh * top), lw)
        corners = [(mx - span * 0.9, top + 0.44), (mx + span * 0.55, top), (mx + 0.02, top + 0.5)]
        sail = _pts(corners, sw, sh)
        poly(surf, (246, 238, 218), sail, P.INK_SOFT, lw)
        cx = sum(p[0] for p in sail) / 3
        cy = sum(p[1] for p in sail) / 3
        arm = sh * 0.05
        draw.line(surf, (190, 36, 30), (cx, cy - arm), (cx, cy + arm), lw * 2)
        draw.line(surf, (190, 36, 30), (cx - arm, cy), (cx + arm, cy), lw * 2)
    for i in range(3):
        y = sh * (0.9 + i * 0.03)
        draw.arc(surf, (*P.FOAM, 160), (sw * (0.1 + i * 0.12), y - sh * 0.04, sw * 0.3,
                                               sh * 0.06), 0.2, math.pi - 0.2, lw)
    return finish(surf, w, h)


@gfx.scaled_cache(maxsize=16)
def compass_rose(size: int, color: RGB = P.BRASS_LIGHT) -> gfx.Canvas:
    """An eight-pointed compass rose (card backs and the title screen)."""
    s = px(size) * SS
    surf = canvas(size, size)
    c = s / 2
    draw.circle(surf, (*color, 120), (c, c), s * 0.36, max(2, s // 60))
    for i in range(8):
        a = i * math.pi / 4 - math.pi / 2
        long = s * (0.48 if i % 2 == 0 else 0.3)
        side = a + math.pi / 2
        tip = (c + math.cos(a) * long, c + math.sin(a) * long)
        l_pt = (c + math.cos(side) * s * 0.06, c + math.sin(side) * s * 0.06)
        r_pt = (c - math.cos(side) * s * 0.06, c - math.sin(side) * s * 0.06)
        poly(surf, color, [l_pt, tip, (c, c)])
        poly(surf, P.shade(color, 0.6), [r_pt, tip, (c, c)])
    draw.circle(surf, P.shade(color, 0.6), (c, c), s * 0.04)
    return finish(surf, size, size)


__all__ = [
    "BAND_BRIGHT", "BAND_EDGE", "BAND_OUT", "BUTTON_STATES", "SS", "TARGET_BRIGHT",
    "TARGET_DARK", "alpha_layer", "building_icon", "button", "canvas", "caravel",
    "compass_rose", "count_badge", "finish", "glow_rect", "good_icon", "marker",
    "marker_outline", "parchment", "poly", "ship", "space_well", "table_background", "target_band",
    "target_halo", "wood_panel",
]
