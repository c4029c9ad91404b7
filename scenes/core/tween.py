"""Tweens and easing: how things move, with time handed in from outside.

Nothing here reads a clock. A tween advances only by the ``dt`` it is given in
``update``, so tests step animations exactly and a replay animates the same way on
any machine. The easing functions are pure: ``f(0) == 0``, ``f(1) == 1``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

Easing = Callable[[float], float]


def clamp01(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else x


def linear(x: float) -> float:
    return clamp01(x)


def ease_in_quad(x: float) -> float:
    x = clamp01(x)
    return x * x


def ease_out_quad(x: float) -> float:
    x = clamp01(x)
    return 1 - (1 - x) * (1 - x)


def ease_in_out_cubic(x: float) -> float:
    x = clamp01(x)
    return 4 * x * x * x if x < 0.5 else 1 - (-2 * x + 2) ** 3 / 2


def ease_out_back(x: float) -> float:
    """Overshoots a little and settles: a marker landing on its space."""
    x = clamp01(x)
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (x - 1) ** 3 + c1 * (x - 1) ** 2


def ease_out_sine(x: float) -> float:
    return math.sin(clamp01(x) * math.pi / 2)


def lerp(a: float, b: float, k: float) -> float:
    return a + (b - a) * k


def lerp_point(a: tuple[float, float], b: tuple[float, float], k: float) -> tuple[float, float]:
    return (lerp(a[0], b[0], k), lerp(a[1], b[1], k))


@dataclass
class Tween:
    """A value going from ``start`` to ``end`` over ``duration`` seconds."""

    start: float
    end: float
    duration: float
    easing: Easing = ease_in_out_cubic
    delay: float = 0.0
    elapsed: float = 0.0

    def update(self, dt: float) -> None:
        self.elapsed += max(0.0, dt)

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return clamp01((self.elapsed - self.delay) / self.duration)

    @property
    def value(self) -> float:
        return lerp(self.start, self.end, self.easing(self.progress))

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration


__all__ = [
    "Easing", "Tween", "clamp01", "ease_in_out_cubic", "ease_in_quad", "ease_out_back",
    "ease_out_quad", "ease_out_sine", "lerp", "lerp_point", "linear",
]
