"""Colour science for the tests: how the common colour-vision deficiencies see a colour,
and how far apart two colours look (CIEDE2000).

The simulations are Viénot, Brettel and Mollon (1999) for protanopia and deuteranopia
and a Brettel-style projection for tritanopia, in linear RGB; the distance is the
CIE's ΔE2000 in CIELAB (D65).
"""

from __future__ import annotations

import math

RGB = tuple[float, float, float]

VISION = {
    "typical": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.11238, 0.88762, 0), (0.11238, 0.88762, 0), (0.00401, -0.00401, 1)),
    "deuteranopia": ((0.29275, 0.70725, 0), (0.29275, 0.70725, 0), (-0.02234, 0.02234, 1)),
    "tritanopia": ((1, 0.14461, -0.14461), (0, 0.85924, 0.14076), (0, 0.85924, 0.14076)),
}


def linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def encoded(v: float) -> float:
    v = max(0.0, min(1.0, v))
    return 255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def seen(rgb: tuple, vision: str) -> RGB:
    """``rgb`` as a person with ``vision`` sees it (an sRGB colour)."""
    lin = [linear(x) for x in rgb[:3]]
    out = [encoded(sum(m * c for m, c in zip(row, lin, strict=True))) for row in VISION[vision]]
    return out[0], out[1], out[2]


def lab(rgb: tuple) -> RGB:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (linear(x) for x in rgb[:3])
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = (0.2126729 * r + 0.7151522 * g + 0.0721750 * b) / 1.0
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e2000(c1: tuple, c2: tuple) -> float:
    """CIEDE2000 between two sRGB colours."""
    return delta_e2000_lab(lab(c1), lab(c2))


def delta_e2000_lab(lab1: tuple, lab2: tuple) -> float:
    """CIEDE2000 between two CIELAB colours (Sharma, Wu and Dalal's formulation)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dlp = l2 - l1
    dcp = c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    elif h2p - h1p > 180:
        dhp = h2p - h1p - 360
    else:
        dhp = h2p - h1p + 360
    dhp_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    lbar = (l1 + l2) / 2
    cbarp = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbarp = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbarp = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hbarp = (h1p + h2p + 360) / 2
    else:
        hbarp = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbarp - 30)) + 0.24 * math.cos(math.radians(2 * hbarp))
         + 0.32 * math.cos(math.radians(3 * hbarp + 6))
         - 0.20 * math.cos(math.radians(4 * hbarp - 63)))
    dtheta = 30 * math.exp(-(((hbarp - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cbarp ** 7 / (cbarp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc = 1 + 0.045 * cbarp
    sh = 1 + 0.015 * cbarp * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt((dlp / sl) ** 2 + (dcp / sc) ** 2 + (dhp_big / sh) ** 2
                     + rt * (dcp / sc) * (dhp_big / sh))


__all__ = ["VISION", "delta_e2000", "delta_e2000_lab", "lab", "seen"]
